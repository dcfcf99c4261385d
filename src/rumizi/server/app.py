"""The game server: a FastAPI app with a WebSocket per client and a JSON HTTP API.

``create_app(db)`` builds it; ``rumizi serve`` runs it under uvicorn. See
``docs/server.md`` (running it) and ``docs/protocol.md`` (the messages).
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import AsyncIterator
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from rumizi import games
from rumizi.bots import analysis

from . import protocol
from .analyses import Analyses
from .cluster import Cluster, ClusterSettings
from .gate import HttpGate
from .limits import Buckets, Limits
from .protocol import (
    MATCH_ID,
    MAX_MESSAGE_BYTES,
    ROOM_ID,
    ActBody,
    CreateRoom,
    InviteBody,
    JoinBody,
    ReadyBody,
)
from .replays import Replays, page
from .rooms import Room, RoomError, Rooms
from .sockets import Gateway, handle
from .store import MatchRow, Store, StoreError

log = logging.getLogger("rumizi.server")

WEB = Path(__file__).resolve().parent.parent / "web"
"""The web client's static files (no build step): served at ``/``."""

_bearer = HTTPBearer(auto_error=False, description="A seat, spectator or host token.")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
_STATUS_CODES = {404: "not_found", 405: "bad_method", 400: "bad_message", 401: "no_token"}


def rooms_of(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


RoomsDep = Annotated[Rooms, Depends(rooms_of)]


def _room_id(room_id: str) -> str:
    if re.fullmatch(ROOM_ID, room_id) is None:
        raise RoomError("not_found", "no such room", 404)
    return room_id


def _match_id(match_id: str) -> str:
    if re.fullmatch(MATCH_ID, match_id) is None:
        raise RoomError("not_found", "no such match", 404)
    return match_id


RoomId = Annotated[str, Depends(_room_id)]
MatchId = Annotated[str, Depends(_match_id)]


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return None if credentials is None else credentials.credentials


async def seat_of(
    rooms: Rooms, room_id: str, credentials: HTTPAuthorizationCredentials | None
) -> tuple[Room, str, int | None]:
    if credentials is None:
        raise RoomError("no_token", "send your token: Authorization: Bearer <token>", 401)
    room, role, seat = await rooms.by_token(credentials.credentials, room_id)
    if seat is not None:
        await room.touch(seat)
    return room, role, seat


async def seated(
    rooms: Rooms, room_id: str, credentials: HTTPAuthorizationCredentials | None
) -> tuple[Room, int]:
    room, _role, seat = await seat_of(rooms, room_id, credentials)
    if seat is None:
        raise RoomError("forbidden", "only a seat's token may do this", 403)
    return room, seat


def create_app(
    db: str = "rumizi.db", limits: Limits | None = None, cluster: ClusterSettings | None = None
) -> FastAPI:
    """The server app over the database ``db`` (an SQLite path or a database URL), with
    ``limits`` (default: ``Limits.from_env()``, the defaults and ``RUMIZI_*`` variables).
    With ``cluster`` (a Redis URL and a lease length) it is one of several workers that
    share the database: see ``cluster.py``."""
    limits = Limits.from_env() if limits is None else limits
    buckets = Buckets(limits.rates)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(db)
        worker = None if cluster is None else await Cluster.connect(cluster)
        rooms = Rooms(store, limits, worker)
        app.state.store, app.state.rooms = store, rooms
        app.state.replays = Replays(store, limits)
        app.state.analyses = Analyses(limits)
        if worker is not None:
            await worker.start(rooms, app, handle)
        restored = await rooms.restore()
        if restored:
            log.info("restored %d unfinished match(es) from their logs", restored)
        try:
            yield
        finally:
            app.state.analyses.close()
            rooms.close()
            if worker is not None:
                await worker.stop()
            await store.close()
            log.info("store: %s", store.summary())

    app = FastAPI(
        title="Rumizi server",
        summary="Rooms, seats, bots and clocks for Rumizi's games; WebSocket at /ws.",
        version=f"protocol {protocol.PROTOCOL_VERSION}",
        lifespan=lifespan,
    )
    app.state.limits, app.state.buckets = limits, buckets
    app.add_middleware(Gateway, limit=MAX_MESSAGE_BYTES)  # also serves the sockets at /ws
    app.add_middleware(HttpGate, limits=limits, buckets=buckets, web=WEB)

    @app.exception_handler(RoomError)
    async def room_error(request: Request, e: RoomError) -> JSONResponse:
        headers = {"Retry-After": "10"} if e.status in (429, 503) else None
        return JSONResponse(e.to_message(), status_code=e.status, headers=headers)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, e: StoreError) -> JSONResponse:
        log.exception("the database failed a request", exc_info=e)
        body = protocol.error("storage", "the database did not answer: nothing changed")
        return JSONResponse(body, status_code=503, headers={"Retry-After": "10"})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(e.status_code, "bad_request")
        return JSONResponse(
            protocol.error(code, str(e.detail)), status_code=e.status_code, headers=e.headers
        )

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, e: RequestValidationError) -> JSONResponse:
        problems = e.errors()
        if problems and problems[0].get("type") == "json_invalid":
            return JSONResponse(protocol.error("bad_json", "not valid JSON"), status_code=400)
        parts = []
        for p in problems[:4]:
            where = ".".join(str(x) for x in p.get("loc", ())) or "request"
            parts.append(f"{where}: {p.get('msg')}")
        return JSONResponse(protocol.error("bad_message", "; ".join(parts)), status_code=422)

    # ----------------------------------------------------------------- HTTP
    @app.get("/api/health", tags=["server"])
    async def health(rooms: RoomsDep) -> dict[str, Any]:
        """The server is up; which protocol it speaks; how many rooms it holds in memory
        (and, one of several workers, which one it is)."""
        found = {"ok": True, "protocol": protocol.PROTOCOL_VERSION, "rooms": len(rooms)}
        return found if rooms.cluster is None else found | {"worker": rooms.cluster.id}

    @app.get("/api/games", tags=["games"])
    async def list_games() -> list[dict[str, Any]]:
        """Every game this server offers, as it describes itself (players, options, bots)."""
        return [description.to_json() for description in games.described()]

    @app.get("/api/games/{game_id}", tags=["games"])
    async def one_game(game_id: str) -> Any:
        """One game as it describes itself: what a table page needs, without the others."""
        try:
            return games.describe(game_id).to_json()
        except (KeyError, LookupError):
            return JSONResponse(
                protocol.error("unknown_game", f"no game {game_id!r}"), status_code=404
            )

    @app.get("/api/games/{game_id}/texts", tags=["games"])
    async def game_texts(game_id: str) -> Any:
        """The game's text catalogue, fa and en (see docs/engine.md, "Text catalogues"):
        the words of its cards, actions and events, which update messages refer to."""
        try:
            return games.texts(game_id).CATALOGUE
        except (KeyError, ModuleNotFoundError):
            return JSONResponse(
                protocol.error("unknown_game", f"no text catalogue for {game_id!r}"),
                status_code=404,
            )

    @app.post("/api/rooms", status_code=201, tags=["rooms"])
    async def create_room(body: CreateRoom, request: Request, rooms: RoomsDep) -> dict[str, Any]:
        """Make a room. The reply holds the only copy of its tokens: hand out the links."""
        address = None if request.client is None else request.client.host
        room, tokens = await rooms.create(body, address)
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

    @app.get("/api/lobby", tags=["rooms"])
    async def lobby(rooms: RoomsDep) -> list[dict[str, Any]]:
        """Public rooms that still have a free seat."""
        return await rooms.lobby()

    @app.get("/api/rooms/{room_id}", tags=["rooms"])
    async def room_info(room_id: RoomId, rooms: RoomsDep, credentials: Credentials) -> Any:
        """The room object. A private room is shown only to one of its own tokens."""
        return await rooms.peek(room_id, _token(credentials))

    @app.get("/api/rooms/{room_id}/replays", tags=["rooms"])
    async def room_replays(
        room_id: RoomId, rooms: RoomsDep, credentials: Credentials
    ) -> list[dict[str, Any]]:
        """The room's matches that are over, oldest first: each one's replay and analysis
        can be read (``/api/matches/{match}/replay``). A private room needs one of its tokens."""
        await rooms.peek(room_id, _token(credentials))
        return [
            {"match": m.id, "number": m.number, "outcome": m.outcome, "aborted": m.aborted}
            for m in await rooms.store.finished_matches(room_id)
        ]

    @app.post("/api/rooms/{room_id}/join", tags=["rooms"])
    async def join(
        room_id: RoomId, rooms: RoomsDep, credentials: Credentials, body: JoinBody | None = None
    ) -> dict[str, Any]:
        """Take your seat (with its token), or in a public room the first free seat.
        The reply's token is the seat's new one: the token sent is worthless from now on."""
        room = await rooms.get(room_id)
        seat, token = await room.join(_token(credentials), None if body is None else body.name)
        return {"seat": seat.index, "token": token, "room": room.info()}

    @app.post("/api/rooms/{room_id}/invite", tags=["rooms"])
    async def invite(
        room_id: RoomId, body: InviteBody, rooms: RoomsDep, credentials: Credentials
    ) -> dict[str, Any]:
        """A new link for a free seat (the host): the seat's old link stops working."""
        room, role, _seat = await seat_of(rooms, room_id, credentials)
        if role != "host":
            raise RoomError("forbidden", "only the host may invite", 403)
        token = await room.invite(body.seat)
        return {"seat": body.seat, "token": token, "link": f"/room/{room.id}#token={token}"}

    @app.post("/api/rooms/{room_id}/ready", tags=["rooms"])
    async def ready(
        room_id: RoomId, rooms: RoomsDep, credentials: Credentials, body: ReadyBody | None = None
    ) -> dict[str, Any]:
        room, seat = await seated(rooms, room_id, credentials)
        await room.set_ready(seat, True if body is None else body.ready)
        return room.info()

    @app.post("/api/rooms/{room_id}/leave", tags=["rooms"])
    async def leave(room_id: RoomId, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
        """Leave the seat: its token is revoked (during a match a bot plays on)."""
        room, seat = await seated(rooms, room_id, credentials)
        await room.leave(seat)
        return room.info()

    @app.post("/api/rooms/{room_id}/start", tags=["rooms"])
    async def start(room_id: RoomId, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
        """Start the match (the host, or a seat once every person is ready)."""
        room, role, seat = await seat_of(rooms, room_id, credentials)
        await room.start(role, seat)
        return room.info()

    @app.post("/api/rooms/{room_id}/abort", tags=["rooms"])
    async def abort(room_id: RoomId, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
        """Stop the match in play, without a result (the host, or the server's admin)."""
        if rooms.is_admin(_token(credentials)):
            room = await rooms.get(room_id)
            await room.abort("stopped by the server's admin")
            return room.info()
        room, role, _seat = await seat_of(rooms, room_id, credentials)
        if role != "host":
            raise RoomError("forbidden", "only the host may stop the match", 403)
        await room.abort("stopped by the host")
        return room.info()

    @app.post("/api/rooms/{room_id}/rematch", tags=["rooms"])
    async def rematch(room_id: RoomId, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
        """A new match with the same seats once the last one is over."""
        room, role, _seat = await seat_of(rooms, room_id, credentials)
        await room.rematch(role)
        return room.info()

    @app.get("/api/rooms/{room_id}/state", tags=["play"])
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

    @app.post("/api/rooms/{room_id}/act", tags=["play"])
    async def act(
        room_id: RoomId, body: ActBody, rooms: RoomsDep, credentials: Credentials
    ) -> dict[str, Any]:
        """Make a move, on the position after ``index`` log entries; returns your update."""
        room, seat = await seated(rooms, room_id, credentials)
        return await room.act(seat, body.action, body.index)

    @app.get("/api/matches/{match_id}/replay", tags=["play"])
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
            raise RoomError("not_found", f"no match {match_id!r}", 404)
        own = await _reader(rooms, row, credentials, "replay")
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
        count = min(count or limits.replay_page, limits.replay_page)
        return Response(page(head, texts, start, count), media_type="application/json")

    @app.get("/api/matches/{match_id}/analysis", tags=["play"])
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
            raise RoomError("not_found", f"no match {match_id!r}", 404)
        await _reader(rooms, row, credentials, "analysis")
        if row.finished_at is None:
            raise RoomError("in_play", "a match is analysed once it is over", 403)
        if seat >= row.players:
            raise RoomError("bad_message", f"no seat {seat}: the match had {row.players}", 422)
        analyses: Analyses = request.app.state.analyses
        return await analyses.of(row, seat, await rooms.store.log(match_id))

    @app.get("/replay/{match_id}", include_in_schema=False)
    async def replay_page(match_id: str) -> FileResponse:
        """A finished match's replay viewer (the room's token, if any, stays in the page)."""
        return FileResponse(WEB / "index.html")

    # ----------------------------------------------------------------- web client
    @app.get("/", include_in_schema=False)
    async def home_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/room/{room_id}", include_in_schema=False)
    async def room_page(room_id: str) -> FileResponse:
        """A room's page: the token rides in the fragment (``#token=…``), never sent here."""
        return FileResponse(WEB / "index.html")

    @app.get("/art/{game_id}/{name}", include_in_schema=False)
    async def game_art(game_id: str, name: str) -> Response:
        """A picture a game draws for its table (its package's optional ``art`` module,
        e.g. Ayozhit's picture cards); 404 for anything it does not know."""
        found = _game_art(game_id, name)
        if found is None:
            raise StarletteHTTPException(404, "no such picture")
        body, media_type = found
        return Response(body, media_type=media_type, headers={"cache-control": "max-age=3600"})

    # Last: /app.js, /games/…, /rules/…; gzipped for browsers that take it (three.js: 531 KB
    # as is, about 135 KB gzipped). Only these files: no response that carries a token.
    static = GZipMiddleware(StaticFiles(directory=WEB), minimum_size=1024)
    app.mount("/", static, name="web")
    return app


async def _reader(
    rooms: Rooms, row: MatchRow, credentials: HTTPAuthorizationCredentials | None, what: str
) -> int | None:
    """Who may read a match's replay or analysis: anyone, once a public room's match is
    over; else one of the room's tokens (its seat, or None). A private room's match
    without its token is not found."""
    room_row = await rooms.store.load_room(row.room_id)
    if room_row is not None and room_row.public and row.finished_at is not None:
        return None
    token = _token(credentials)
    if token is None:
        if room_row is not None and not room_row.public:
            raise RoomError("not_found", f"no match {row.id!r}", 404)
        raise RoomError(
            "in_play", f"the match is still being played: its {what} needs your token", 403
        )
    _room, _role, seat = await rooms.by_token(token, row.room_id)
    return seat


def _game_art(game_id: str, name: str) -> tuple[str, str] | None:
    """``art(name)`` of the game's ``art`` module: (body, media type), or None."""
    try:
        module = import_module(games.package(game_id) + ".art")
    except (KeyError, ModuleNotFoundError):
        return None
    found: tuple[str, str] | None = module.art(name)
    return found
