"""Matches: a match's replay (a page of positions at a time) and its post-game
analysis, each for whoever may read it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials

from rumizi.bots import analysis

from ..errors import RoomError
from ..limits import Limits
from ..players.requests import seat_of_player
from ..protocol import as_json
from ..review.analyses import Analyses
from ..review.replays import Replays, page
from ..room.rooms import Rooms
from ..store import MatchRow
from .deps import Credentials, MatchId, RoomsDep, token_of

router = APIRouter(tags=["play"])


@router.get("/api/matches/{match_id}/replay")
async def replay(
    match_id: MatchId,
    request: Request,
    rooms: RoomsDep,
    credentials: Credentials,
    start: Annotated[int, Query(ge=0, le=1 << 31)] = 0,
    count: Annotated[int, Query(ge=1, le=1 << 31)] = 0,
    seat: Annotated[int | None, Query(ge=0, le=99)] = None,
) -> Response:
    """After the end: the seed, options, full log and every position (all views), a
    page of positions at a time (``start``, ``count`` up to the server's page size;
    ``next`` says where the next page starts); with ``seat``, the positions as that
    seat saw them (its views and events only). During the match: only your seat's own
    view of it (needs its token). A private room's matches need one of its tokens."""
    row = await rooms.store.match(match_id)
    if row is None:
        raise RoomError("not_found", f"no match {as_json(match_id)}", 404)
    own = await _reader(rooms, row, credentials, "replay", request)
    replays: Replays = request.app.state.replays
    head = {"match": row.id, "room": row.room_id, "game": row.game, "players": row.players}
    if seat is not None and seat >= row.players:
        raise RoomError("bad_message", f"no seat {seat}: the match had {row.players}", 422)
    if row.finished_at is not None:
        head["analysable"] = analysis.search_level(row.game) is not None
    if row.finished_at is not None and seat is not None:
        head |= {"finished": True, "seat": seat, "outcome": row.outcome}
        texts = await replays.finished(row, seat)
    elif row.finished_at is not None:
        entries = await rooms.store.log(match_id)
        head |= {
            "finished": True,
            "seed": row.seed,
            "options": row.options,
            "outcome": row.outcome,
            "aborted": row.aborted,
            "log": [[s, a] for s, a in entries],
        }
        texts = await replays.finished(row)
    else:
        if seat is not None and seat != own:
            raise RoomError("forbidden", "during the match you see only your own seat", 403)
        head |= {"finished": False, "seat": own}
        texts = await replays.in_play(row, own)
    limits: Limits = request.app.state.limits
    count = min(count or limits.replay_page, limits.replay_page)
    return Response(page(head, texts, start, count), media_type="application/json")


@router.get("/api/matches/{match_id}/analysis")
async def match_analysis(
    match_id: MatchId,
    request: Request,
    rooms: RoomsDep,
    credentials: Credentials,
    seat: Annotated[int, Query(ge=0, le=99)],
) -> dict[str, Any]:
    """After the end: the search bot's weighing of each decision of ``seat``, from what
    that seat knew then — the estimated chance of the move played and of the best move,
    and the costliest moves marked. Computed once per match and seat in a separate
    process, within the server's time budget; 503 ``busy`` while too many are queued."""
    row = await rooms.store.match(match_id)
    if row is None:
        raise RoomError("not_found", f"no match {as_json(match_id)}", 404)
    await _reader(rooms, row, credentials, "analysis")
    if row.finished_at is None:
        raise RoomError("in_play", "a match is analysed once it is over", 403)
    if seat >= row.players:
        raise RoomError("bad_message", f"no seat {seat}: the match had {row.players}", 422)
    analyses: Analyses = request.app.state.analyses
    return await analyses.of(row, seat, await rooms.store.log(match_id))


async def _reader(
    rooms: Rooms,
    row: MatchRow,
    credentials: HTTPAuthorizationCredentials | None,
    what: str,
    request: Request | None = None,
) -> int | None:
    """Who may read a match's replay or analysis: anyone, once a public room's match is
    over; else one of the room's tokens (its seat, or None). A private room's match
    without its token is not found."""
    room_row = await rooms.store.load_room(row.room_id)
    if room_row is not None and room_row.public and row.finished_at is not None:
        return None
    token = token_of(credentials)
    if token is None and request is not None:  # the player's own seat (its session cookie)
        seat = await seat_of_player(request, row.room_id)
        if seat is not None:
            return seat
    if token is None:
        if room_row is not None and not room_row.public:
            raise RoomError("not_found", f"no match {as_json(row.id)}", 404)
        raise RoomError(
            "in_play", f"the match is still being played: its {what} needs your token", 403
        )
    _room, _role, seat = await rooms.by_token(token, row.room_id)
    return seat
