"""Storage: rooms, seats, matches and action logs, in SQLite (default) or PostgreSQL.

One code path for both, through SQLAlchemy 2's async engine (aiosqlite / asyncpg); the
schema is made and upgraded by the Alembic migrations shipped in ``migrations/``.

Every write goes through one writer task, in the order asked for. The writer commits
what has queued up in one transaction (group commit): under load many actions of many
matches share one commit, and so one disk flush. ``await store.append(...)`` returns only
once the action's transaction has committed; the server tells nobody of an action before
that. SQLite runs in WAL mode with ``synchronous=FULL``: a commit is on disk when it
returns, so neither SIGKILL nor a power cut loses an acknowledged move.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from . import schema

MIGRATIONS = Path(__file__).parent / "migrations"
BATCH_LIMIT = 2000
"""Most jobs committed in one transaction."""


def database_url(db: str) -> str:
    """An async SQLAlchemy URL for ``db``: a URL, or a path to an SQLite file."""
    if "://" not in db:
        return f"sqlite+aiosqlite:///{Path(db).expanduser().resolve()}"
    scheme, rest = db.split("://", 1)
    if scheme == "sqlite":
        return f"sqlite+aiosqlite://{rest}"
    if scheme in ("postgresql", "postgres"):
        return f"postgresql+asyncpg://{rest}"
    return db


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token: str | None
    joined: bool = False
    ready: bool = False


@dataclass
class RoomRow:
    id: str
    game: str
    options: dict[str, Any]
    public: bool
    title: str
    settings: dict[str, Any]
    host_token: str
    spectator_token: str
    status: str
    match_id: str | None
    created_at: float
    seats: list[SeatRow] = field(default_factory=list)


@dataclass
class MatchRow:
    id: str
    room_id: str
    number: int
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    started_at: float
    finished_at: float | None = None
    outcome: dict[str, Any] | None = None


Write = Callable[[AsyncConnection], Awaitable[None]]


class _Job:
    __slots__ = ("future", "row", "write")

    def __init__(self, row: dict[str, Any] | None, write: Write | None) -> None:
        self.row = row
        self.write = write
        self.future: asyncio.Future[None] = asyncio.get_running_loop().create_future()


class StoreError(RuntimeError):
    """The database did not take a write."""


class Store:
    """The server's database. Open with ``await Store.open(url)``; close when done."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.dialect = engine.dialect.name
        self._queue: asyncio.Queue[_Job | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self.commits = 0
        """Transactions the writer committed (for the benchmark's figures)."""

    @classmethod
    async def open(cls, url: str) -> Store:
        """Connect, create or upgrade the schema, and start the writer."""
        url = database_url(url)
        sqlite = url.startswith("sqlite")
        engine = create_async_engine(
            url,
            connect_args={"timeout": 30} if sqlite else {},
            pool_pre_ping=not sqlite,
        )
        if sqlite:
            sa.event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        store = cls(engine)
        async with engine.begin() as conn:
            await conn.run_sync(_migrate)
        store._writer = asyncio.create_task(store._write_loop(), name="rumizi-store-writer")
        return store

    async def close(self) -> None:
        """Finish the queued writes, then close the connections."""
        if self._writer is not None:
            await self._queue.put(None)
            with contextlib.suppress(Exception):
                await self._writer
            self._writer = None
        await self.engine.dispose()

    # ------------------------------------------------------------------ writes
    async def append(self, match_id: str, idx: int, seat: int, action: dict[str, Any]) -> None:
        """Store log entry ``idx`` of a match; returns once it is committed."""
        row = {"match_id": match_id, "idx": idx, "seat": seat, "action": action, "at": time.time()}
        await self._submit(_Job(row, None))

    async def create_room(self, room: RoomRow) -> None:
        values = _room_values(room)
        seat_rows = [_seat_values(room.id, s) for s in room.seats]

        async def write(conn: AsyncConnection) -> None:
            await conn.execute(sa.insert(schema.rooms), [values])
            await conn.execute(sa.insert(schema.seats), seat_rows)

        await self._submit(_Job(None, write))

    async def save_seat(self, room_id: str, seat: SeatRow) -> None:
        values = _seat_values(room_id, seat)

        async def write(conn: AsyncConnection) -> None:
            t = schema.seats
            await conn.execute(
                sa.update(t)
                .where(t.c.room_id == room_id, t.c.seat == seat.seat)
                .values({k: v for k, v in values.items() if k not in ("room_id", "seat", "token")})
            )

        await self._submit(_Job(None, write))

    async def start_match(self, match: MatchRow, status: str) -> None:
        """Record a new match and make it the room's current one."""
        values = _match_values(match)

        async def write(conn: AsyncConnection) -> None:
            await conn.execute(sa.insert(schema.matches), [values])
            t = schema.rooms
            await conn.execute(
                sa.update(t).where(t.c.id == match.room_id).values(status=status, match_id=match.id)
            )

        await self._submit(_Job(None, write))

    async def finish_match(self, room_id: str, match_id: str, outcome: dict[str, Any]) -> None:
        now = time.time()

        async def write(conn: AsyncConnection) -> None:
            m = schema.matches
            await conn.execute(
                sa.update(m).where(m.c.id == match_id).values(finished_at=now, outcome=outcome)
            )
            r = schema.rooms
            await conn.execute(sa.update(r).where(r.c.id == room_id).values(status="over"))

        await self._submit(_Job(None, write))

    async def _submit(self, job: _Job) -> None:
        if self._writer is None:
            raise StoreError("the store is closed")
        self._queue.put_nowait(job)
        await job.future

    async def _write_loop(self) -> None:
        conn: AsyncConnection | None = None
        try:
            while True:
                first = await self._queue.get()
                if first is None:
                    return
                batch = [first]
                while len(batch) < BATCH_LIMIT and not self._queue.empty():
                    job = self._queue.get_nowait()
                    if job is None:
                        self._queue.put_nowait(None)
                        break
                    batch.append(job)
                if conn is None:
                    conn = await self.engine.connect()
                if not await self._commit_batch(conn, batch):
                    # A fresh connection for the next batch, in case this one broke.
                    with contextlib.suppress(Exception):
                        await conn.close()
                    conn = None
        finally:
            if conn is not None:
                await conn.close()

    async def _commit_batch(self, conn: AsyncConnection, batch: list[_Job]) -> bool:
        """Commit ``batch`` and settle its jobs; False if anything failed."""
        try:
            await self._commit(conn, batch)
        except Exception as error:
            if len(batch) == 1:
                _settle(batch, StoreError(f"the database refused a write: {error}"))
                return False
            # One by one, so that a bad write fails only itself.
            results = [await self._commit_batch(conn, [job]) for job in batch]
            return all(results)
        _settle(batch, None)
        return True

    async def _commit(self, conn: AsyncConnection, batch: Sequence[_Job]) -> None:
        async with conn.begin():
            rows: list[dict[str, Any]] = []
            for job in batch:
                if job.row is not None:
                    rows.append(job.row)
                    continue
                if rows:
                    await conn.execute(sa.insert(schema.actions), rows)
                    rows = []
                assert job.write is not None
                await job.write(conn)
            if rows:
                await conn.execute(sa.insert(schema.actions), rows)
        self.commits += 1

    # ------------------------------------------------------------------- reads
    async def load_room(self, room_id: str) -> RoomRow | None:
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(sa.select(schema.rooms).where(schema.rooms.c.id == room_id))
            ).first()
            if row is None:
                return None
            seat_rows = (
                await conn.execute(
                    sa.select(schema.seats)
                    .where(schema.seats.c.room_id == room_id)
                    .order_by(schema.seats.c.seat)
                )
            ).all()
        return _room(row._mapping, seat_rows)

    async def room_for_token(self, token: str) -> str | None:
        """The room a host, spectator or seat token belongs to."""
        r, s = schema.rooms, schema.seats
        async with self.engine.connect() as conn:
            for query in (
                sa.select(s.c.room_id).where(s.c.token == token),
                sa.select(r.c.id).where(
                    sa.or_(r.c.host_token == token, r.c.spectator_token == token)
                ),
            ):
                found = (await conn.execute(query)).scalar()
                if found is not None:
                    return str(found)
        return None

    async def lobby(self, limit: int = 100) -> list[RoomRow]:
        """Public rooms waiting for players, newest first."""
        r, s = schema.rooms, schema.seats
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    sa.select(r)
                    .where(r.c.public.is_(True), r.c.status == "open")
                    .order_by(r.c.created_at.desc())
                    .limit(limit)
                )
            ).all()
            ids = [row.id for row in rows]
            seat_rows = (
                (
                    await conn.execute(
                        sa.select(s).where(s.c.room_id.in_(ids)).order_by(s.c.room_id, s.c.seat)
                    )
                ).all()
                if ids
                else []
            )
        by_room: dict[str, list[Any]] = {}
        for seat in seat_rows:
            by_room.setdefault(seat.room_id, []).append(seat)
        return [_room(row._mapping, by_room.get(row.id, [])) for row in rows]

    async def match(self, match_id: str) -> MatchRow | None:
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(sa.select(schema.matches).where(schema.matches.c.id == match_id))
            ).first()
        return None if row is None else _match(row._mapping)

    async def unfinished_matches(self) -> list[MatchRow]:
        m = schema.matches
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(sa.select(m).where(m.c.finished_at.is_(None)).order_by(m.c.id))
            ).all()
        return [_match(row._mapping) for row in rows]

    async def log(self, match_id: str) -> list[tuple[int, dict[str, Any]]]:
        """The match's log in order: ``(seat, action)`` pairs."""
        a = schema.actions
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    sa.select(a.c.idx, a.c.seat, a.c.action)
                    .where(a.c.match_id == match_id)
                    .order_by(a.c.idx)
                )
            ).all()
        for expected, row in enumerate(rows):
            if row.idx != expected:
                raise StoreError(f"the log of match {match_id} has a gap at index {expected}")
        return [(int(row.seat), dict(row.action)) for row in rows]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _migrate(connection: sa.Connection) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _settle(batch: Iterable[_Job], error: Exception | None) -> None:
    for job in batch:
        if job.future.done():
            continue
        if error is None:
            job.future.set_result(None)
        else:
            job.future.set_exception(error)


def _room_values(room: RoomRow) -> dict[str, Any]:
    return {
        "id": room.id,
        "game": room.game,
        "options": room.options,
        "public": room.public,
        "title": room.title,
        "settings": room.settings,
        "host_token": room.host_token,
        "spectator_token": room.spectator_token,
        "status": room.status,
        "match_id": room.match_id,
        "created_at": room.created_at,
    }


def _seat_values(room_id: str, seat: SeatRow) -> dict[str, Any]:
    return {
        "room_id": room_id,
        "seat": seat.seat,
        "kind": seat.kind,
        "bot": seat.bot,
        "name": seat.name,
        "token": seat.token,
        "joined": seat.joined,
        "ready": seat.ready,
    }


def _match_values(match: MatchRow) -> dict[str, Any]:
    return {
        "id": match.id,
        "room_id": match.room_id,
        "number": match.number,
        "game": match.game,
        "players": match.players,
        "seed": match.seed,
        "options": match.options,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "outcome": match.outcome,
    }


def _room(row: Any, seat_rows: Sequence[Any]) -> RoomRow:
    return RoomRow(
        id=row["id"],
        game=row["game"],
        options=dict(row["options"]),
        public=bool(row["public"]),
        title=row["title"],
        settings=dict(row["settings"]),
        host_token=row["host_token"],
        spectator_token=row["spectator_token"],
        status=row["status"],
        match_id=row["match_id"],
        created_at=float(row["created_at"]),
        seats=[
            SeatRow(
                seat=int(s.seat),
                kind=s.kind,
                bot=s.bot,
                name=s.name,
                token=s.token,
                joined=bool(s.joined),
                ready=bool(s.ready),
            )
            for s in seat_rows
        ],
    )


def _match(row: Any) -> MatchRow:
    return MatchRow(
        id=row["id"],
        room_id=row["room_id"],
        number=int(row["number"]),
        game=row["game"],
        players=int(row["players"]),
        seed=int(row["seed"]),
        options=dict(row["options"]),
        started_at=float(row["started_at"]),
        finished_at=None if row["finished_at"] is None else float(row["finished_at"]),
        outcome=row["outcome"],
    )


__all__ = ["MatchRow", "RoomRow", "SeatRow", "Store", "StoreError", "database_url"]
