"""The player's own API (``/api/me``): who I am (a guest made on the first visit), my name
and avatar, my sessions (end one, sign out everywhere else), my unfinished tables, and
taking my seat back at one of them from this device."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict

from ..errors import RoomError
from ..http.deps import RoomId, RoomsDep
from ..http.pages import WEB
from ..protocol import Name
from . import profiles
from .identity import AVATARS
from .requests import Me, MeRequired, PlayersDep, check_origin, set_cookie

router = APIRouter(tags=["players"])

Avatar = Literal[AVATARS]  # type: ignore[valid-type]


class MeBody(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: Name | None = None
    avatar: Avatar | None = None


@router.get("/api/me")
async def me(request: Request, response: Response, players: PlayersDep, player: Me) -> Any:
    """The player of this browser: made (a guest, with its session cookie) on the first
    visit. Never the session id: that is only in the cookie, which pages cannot read."""
    if player is None:
        player, cookie = await players.new_guest(request.headers.get("user-agent", ""))
        set_cookie(request, response, cookie)
    return {"player": player.public(), "avatars": list(AVATARS)}


@router.post("/api/me")
async def change(body: MeBody, players: PlayersDep, player: MeRequired) -> Any:
    """A new name (every room made or joined from now on uses it) or avatar."""
    player = await players.change(player, body.name, body.avatar)
    return {"player": player.public(), "avatars": list(AVATARS)}


@router.get("/api/me/sessions")
async def my_sessions(players: PlayersDep, player: MeRequired) -> list[dict[str, Any]]:
    """The browsers this player is signed in on (a handle for each, not its cookie)."""
    return await players.sessions(player)


@router.post("/api/me/sessions/{handle}/end")
async def end_session(handle: str, players: PlayersDep, player: MeRequired) -> dict[str, Any]:
    if not await players.end_session(player, handle):
        raise RoomError("not_found", "no such session of yours", 404)
    return {"ended": 1}


@router.post("/api/me/sessions/end-others")
async def end_others(players: PlayersDep, player: MeRequired) -> dict[str, Any]:
    """Sign out everywhere else: every other session of this player ends at once."""
    return {"ended": await players.end_others(player)}


@router.get("/api/me/tables")
async def my_tables(players: PlayersDep, player: MeRequired) -> list[dict[str, Any]]:
    """The tables where this player holds a seat and the game is not over."""
    return await players.tables(player)


@router.post("/api/rooms/{room_id}/resume", tags=["rooms"])
async def resume(
    room_id: RoomId, request: Request, rooms: RoomsDep, players: PlayersDep, player: MeRequired
) -> dict[str, Any]:
    """Take my seat at this table back, on this device: a fresh token for it (the one
    another device held is worthless from now on; that device can take it back the same
    way)."""
    check_origin(request)
    index = await players.seat_in(player, room_id)
    if index is None:
        raise RoomError("not_yours", "you hold no seat at this table", 404)
    room = await rooms.get(room_id)
    if not room.row.seats[index].joined:
        raise RoomError("not_yours", "you left this seat", 404)
    seat, token = await room.join(None, player.name, index)
    return {"seat": seat.index, "token": token, "room": room.info()}


@router.get("/api/players/{player_id}")
async def player_profile(player_id: str, players: PlayersDep, player: Me) -> dict[str, Any]:
    """A player's profile: games played and won per game and the last matches (of public
    rooms; one's own: all, and the unfinished tables too)."""
    if len(player_id) != 16 or not all(c in "0123456789abcdef" for c in player_id):
        raise RoomError("not_found", "no such player", 404)
    own = player is not None and player.id == player_id
    found = await profiles.profile(players.store, player_id, own)
    if found is None:
        raise RoomError("not_found", "no such player", 404)
    if own and player is not None:
        found["tables"] = await players.tables(player)
    return found


@router.get("/p/{player_id}", include_in_schema=False)
async def profile_page(player_id: str) -> FileResponse:
    """A player's page (the web client draws it from ``/api/players/{id}``)."""
    return FileResponse(WEB / "index.html")
