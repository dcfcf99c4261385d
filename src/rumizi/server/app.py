"""The game server: a FastAPI app with a WebSocket per client and a JSON HTTP API.

``create_app(db)`` builds it; ``rumizi serve`` runs it under uvicorn. See
``docs/server.md`` (running it) and ``docs/protocol.md`` (the messages).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles

from rumizi import games

from . import protocol
from .protocol import MAX_MESSAGE_BYTES, ActBody, CreateRoom, JoinBody, ReadyBody
from .rooms import Room, RoomError, Rooms, replay_positions
from .sockets import Gateway
from .store import Store

log = logging.getLogger("rumizi.server")

WEB = Path(__file__).resolve().parent.parent / "web"
"""The web client's static files (no build step): served at ``/``."""

_bearer = HTTPBearer(auto_error=False, description="A seat, spectator or host token.")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def rooms_of(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


RoomsDep = Annotated[Rooms, Depends(rooms_of)]


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


def create_app(db: str = "rumizi.db") -> FastAPI:
    """The server app over the database ``db`` (an SQLite path or a database URL)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(db)
        rooms = Rooms(store)
        app.state.store, app.state.rooms = store, rooms
        restored = await rooms.restore()
        if restored:
            log.info("restored %d unfinished match(es) from their logs", restored)
        try:
            yield
        finally:
            rooms.close()
            await store.close()
            log.info("store: %s", store.summary())

    app = FastAPI(
        title="Rumizi server",
        summary="Rooms, seats, bots and clocks for Rumizi's games; WebSocket at /ws.",
        version=f"protocol {protocol.PROTOCOL_VERSION}",
        lifespan=lifespan,
    )
    app.add_middleware(Gateway, limit=MAX_MESSAGE_BYTES)  # also serves the sockets at /ws

    @app.exception_handler(RoomError)
    async def room_error(request: Request, e: RoomError) -> JSONResponse:
        return JSONResponse(e.to_message(), status_code=e.status)

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
    async def health() -> dict[str, Any]:
        return {"ok": True, "protocol": protocol.PROTOCOL_VERSION}

    @app.get("/api/games", tags=["games"])
    async def list_games() -> list[dict[str, Any]]:
        """Every game this server offers, as it describes itself (players, options, bots)."""
        return [description.to_json() for description in games.described()]

    @app.post("/api/rooms", status_code=201, tags=["rooms"])
    async def create_room(body: CreateRoom, rooms: RoomsDep) -> dict[str, Any]:
        """Make a room. The reply holds the only copy of its tokens: hand out the links."""
        room, tokens = await rooms.create(body)
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
    async def room_info(room_id: str, rooms: RoomsDep) -> dict[str, Any]:
        return (await rooms.get(room_id)).info()

    @app.post("/api/rooms/{room_id}/join", tags=["rooms"])
    async def join(
        room_id: str, rooms: RoomsDep, credentials: Credentials, body: JoinBody | None = None
    ) -> dict[str, Any]:
        """Take your seat (with its token), or in a public room the first free seat."""
        room = await rooms.get(room_id)
        token = None if credentials is None else credentials.credentials
        seat = await room.join(token, None if body is None else body.name)
        return {"seat": seat.index, "token": seat.row.token, "room": room.info()}

    @app.post("/api/rooms/{room_id}/ready", tags=["rooms"])
    async def ready(
        room_id: str, rooms: RoomsDep, credentials: Credentials, body: ReadyBody | None = None
    ) -> dict[str, Any]:
        room, seat = await seated(rooms, room_id, credentials)
        await room.set_ready(seat, True if body is None else body.ready)
        return room.info()

    @app.post("/api/rooms/{room_id}/leave", tags=["rooms"])
    async def leave(room_id: str, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
        room, seat = await seated(rooms, room_id, credentials)
        await room.leave(seat)
        return room.info()

    @app.post("/api/rooms/{room_id}/start", tags=["rooms"])
    async def start(room_id: str, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
        """Start the match (the host, or a seat once every person is ready)."""
        room, role, seat = await seat_of(rooms, room_id, credentials)
        await room.start(role, seat)
        return room.info()

    @app.post("/api/rooms/{room_id}/rematch", tags=["rooms"])
    async def rematch(room_id: str, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
        """A new match with the same seats once the last one is over."""
        room, role, _seat = await seat_of(rooms, room_id, credentials)
        await room.rematch(role)
        return room.info()

    @app.get("/api/rooms/{room_id}/state", tags=["play"])
    async def state(
        room_id: str, rooms: RoomsDep, credentials: Credentials, since: int = 0
    ) -> dict[str, Any]:
        """The room, and your seat's view with the events since log index ``since``."""
        room, role, seat = await seat_of(rooms, room_id, credentials)
        update = await room.state(seat, max(0, since))
        return {"role": role, "seat": seat, "room": room.info(), "update": update}

    @app.post("/api/rooms/{room_id}/act", tags=["play"])
    async def act(
        room_id: str, body: ActBody, rooms: RoomsDep, credentials: Credentials
    ) -> dict[str, Any]:
        """Make a move, on the position after ``index`` log entries; returns your update."""
        room, seat = await seated(rooms, room_id, credentials)
        return await room.act(seat, body.action, body.index)

    @app.get("/api/matches/{match_id}/replay", tags=["play"])
    async def replay(match_id: str, rooms: RoomsDep, credentials: Credentials) -> dict[str, Any]:
        """After the end: the seed, options, full log and every position (all views).
        During the match: only your seat's own view of it, step by step (needs its token)."""
        row = await rooms.store.match(match_id)
        if row is None:
            raise RoomError("not_found", f"no match {match_id!r}", 404)
        game = games.load(row.game)
        entries = await rooms.store.log(match_id)
        head = {"match": row.id, "room": row.room_id, "game": row.game, "players": row.players}
        if row.finished_at is not None:
            return {
                **head,
                "finished": True,
                "seed": row.seed,
                "options": row.options,
                "outcome": row.outcome,
                "log": [[s, a] for s, a in entries],
                "positions": list(replay_positions(game, row, entries, None, True)),
            }
        if credentials is None:
            raise RoomError(
                "in_play", "the match is still being played: its replay needs your token", 403
            )
        _room, _role, seat = await rooms.by_token(credentials.credentials, row.room_id)
        return {
            **head,
            "finished": False,
            "seat": seat,
            "positions": list(replay_positions(game, row, entries, seat, False)),
        }

    # ----------------------------------------------------------------- web client
    @app.get("/", include_in_schema=False)
    async def home_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/room/{room_id}", include_in_schema=False)
    async def room_page(room_id: str) -> FileResponse:
        """A room's page: the token rides in the fragment (``#token=…``), never sent here."""
        return FileResponse(WEB / "index.html")

    app.mount("/", StaticFiles(directory=WEB), name="web")  # last: /app.js, /games/…, /rules/…
    return app
