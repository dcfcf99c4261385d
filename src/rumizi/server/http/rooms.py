"""Rooms: making one, the lobby, joining and leaving seats, starting, stopping and
playing a match over HTTP (the WebSocket at ``/ws`` does the same, live). What a seat,
the host or a spectator may do is the room's to say: the commands go through the same
table as the socket's messages (``room.commands``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from ..players.requests import Me, players_of
from ..protocol import (
    Abort,
    Act,
    ActBody,
    CreateRoom,
    InviteBody,
    JoinBody,
    Leave,
    Ready,
    ReadyBody,
    Rematch,
    Start,
)
from ..room.commands import Caller, run
from .deps import Credentials, RoomId, RoomsDep, seat_of, seated, token_of

router = APIRouter()

_START, _LEAVE = Start(type="start"), Leave(type="leave")
_REMATCH, _ABORT = Rematch(type="rematch"), Abort(type="abort")


@router.post("/api/rooms", status_code=201, tags=["rooms"])
async def create_room(
    body: CreateRoom, request: Request, rooms: RoomsDep, me: Me
) -> dict[str, Any]:
    """Make a room. The reply holds the only copy of its tokens: hand out the links.
    A player (the session cookie) sits in the first person seat under their own name."""
    address = None if request.client is None else request.client.host
    body, mine = await players_of(request).seating(me, body)
    room, tokens = await rooms.create(body, address)
    if mine is not None and me is not None:
        await players_of(request).bind(room.id, mine, me.id)
    links = {
        "seats": {
            str(s["seat"]): f"/room/{room.id}#token={s['token']}"
            for s in tokens["seats"]
            if s["token"]
        },
        "spectate": f"/room/{room.id}#token={tokens['spectator_token']}",
        "host": f"/room/{room.id}#token={tokens['host_token']}",
    }
    return {"room": room.info(), **tokens, "links": links}


@router.get("/api/lobby", tags=["rooms"])
async def lobby(rooms: RoomsDep) -> list[dict[str, Any]]:
    """Public rooms that still have a free seat."""
    return await rooms.lobby()


@router.get("/api/rooms/{room_id}", tags=["rooms"])
async def room_info(room_id: RoomId, rooms: RoomsDep, credentials: Credentials) -> Any:
    """The room object. A private room is shown only to one of its own tokens."""
    return await rooms.peek(room_id, token_of(credentials))


@router.get("/api/rooms/{room_id}/replays", tags=["rooms"])
async def room_replays(
    room_id: RoomId, rooms: RoomsDep, credentials: Credentials
) -> list[dict[str, Any]]:
    """The room's matches that are over, oldest first: each one's replay and analysis
    can be read (``/api/matches/{match}/replay``). A private room needs one of its tokens."""
    await rooms.peek(room_id, token_of(credentials))
    return [
        {"match": m.id, "number": m.number, "outcome": m.outcome, "aborted": m.aborted}
        for m in await rooms.store.finished_matches(room_id)
    ]


@router.post("/api/rooms/{room_id}/join", tags=["rooms"])
async def join(
    room_id: RoomId,
    request: Request,
    rooms: RoomsDep,
    credentials: Credentials,
    me: Me,
    body: JoinBody | None = None,
) -> dict[str, Any]:
    """Take your seat (with its token), or in a public room the first free seat.
    The reply's token is the seat's new one: the token sent is worthless from now on.
    A player (the session cookie) joins under their own name, and the seat is theirs."""
    room = await rooms.get(room_id)
    players = players_of(request)
    name = await players.name_for(me, None if body is None else body.name)
    seat, token = await room.join(token_of(credentials), name)
    await players.bind(room.id, seat.index, None if me is None else me.id)
    return {"seat": seat.index, "token": token, "room": room.info()}


@router.post("/api/rooms/{room_id}/invite", tags=["rooms"])
async def invite(
    room_id: RoomId, body: InviteBody, rooms: RoomsDep, credentials: Credentials
) -> dict[str, Any]:
    """A new link for a free seat (the host): the seat's old link stops working."""
    room, role, _seat = await seat_of(rooms, room_id, credentials)
    token = await room.invite(body.seat, role)
    return {"seat": body.seat, "token": token, "link": f"/room/{room.id}#token={token}"}


@router.post("/api/rooms/{room_id}/ready", tags=["rooms"])
async def ready(
    room_id: RoomId, rooms: RoomsDep, credentials: Credentials, body: ReadyBody | None = None
) -> dict[str, Any]:
    room, seat = await seated(rooms, room_id, credentials)
    message = Ready(type="ready", ready=True if body is None else body.ready)
    await run(room, Caller("seat", seat), message)
    return room.info()


@router.post("/api/rooms/{room_id}/leave", tags=["rooms"])
async def leave(
    room_id: RoomId, request: Request, rooms: RoomsDep, credentials: Credentials
) -> dict[str, Any]:
    """Leave the seat: its token is revoked (during a match a bot plays on)."""
    room, seat = await seated(rooms, room_id, credentials)
    await run(room, Caller("seat", seat), _LEAVE)
    await players_of(request).bind(room.id, seat, None)
    return room.info()


@router.post("/api/rooms/{room_id}/start", tags=["rooms"])
async def start(room_id: RoomId, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
    """Start the match (the host, or a seat once every person is ready)."""
    room, role, seat = await seat_of(rooms, room_id, credentials)
    await run(room, Caller(role, seat), _START)
    return room.info()


@router.post("/api/rooms/{room_id}/abort", tags=["rooms"])
async def abort(room_id: RoomId, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
    """Stop the match in play, without a result (the host, or the server's admin)."""
    if rooms.is_admin(token_of(credentials)):
        room = await rooms.get(room_id)
        await room.abort("stopped by the server's admin")
        return room.info()
    room, role, seat = await seat_of(rooms, room_id, credentials)
    await run(room, Caller(role, seat), _ABORT)
    return room.info()


@router.post("/api/rooms/{room_id}/rematch", tags=["rooms"])
async def rematch(room_id: RoomId, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
    """A new match with the same seats once the last one is over."""
    room, role, seat = await seat_of(rooms, room_id, credentials)
    await run(room, Caller(role, seat), _REMATCH)
    return room.info()


@router.get("/api/rooms/{room_id}/state", tags=["play"])
async def state(
    room_id: RoomId,
    rooms: RoomsDep,
    credentials: Credentials,
    since: Annotated[int, Query(ge=0, le=1 << 31)] = 0,
) -> dict[str, Any]:
    """The room, and your seat's view with the events since log index ``since``."""
    room, role, seat = await seat_of(rooms, room_id, credentials)
    update = await room.state(seat, since)
    return {"role": role, "seat": seat, "room": room.info(), "update": update}


@router.post("/api/rooms/{room_id}/act", tags=["play"])
async def act(
    room_id: RoomId, body: ActBody, rooms: RoomsDep, credentials: Credentials
) -> dict[str, Any]:
    """Make a move, on the position after ``index`` log entries; returns your update."""
    room, seat = await seated(rooms, room_id, credentials)
    message = Act.model_construct(type="act", action=body.action, index=body.index)
    reply: dict[str, Any] = await run(room, Caller("seat", seat), message)
    return reply
