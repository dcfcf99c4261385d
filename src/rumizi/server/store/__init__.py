"""Storage: rooms, seats, matches and action logs, in SQLite (default) or PostgreSQL.

One code path for both, through SQLAlchemy 2's async engine (aiosqlite / asyncpg); the
schema is made and upgraded by the Alembic migrations shipped in ``migrations/``.

Every write goes through one writer, a thread with its own connection, in the order
asked for. It commits what has queued up in one transaction (group commit): under load
many actions of many matches share one commit, and so one disk flush. ``await
store.append(...)`` returns only once the action's transaction has committed; the server
tells nobody of an action before that. SQLite runs in WAL mode with ``synchronous=FULL``:
a commit is on disk when it returns, so neither SIGKILL nor a power cut loses an
acknowledged move. Reads go through the async engine on the server's loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from . import schema

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x72756D697A69
"""The PostgreSQL advisory lock held while the schema is made or upgraded."""
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
    owner: str | None = None
    """A hash of the address the room was made from (for per-address limits)."""
    bots_only: bool = False
    epoch: int = 0
    """The lease number of the worker that owns the room (0: one server, no leases)."""


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
    aborted: str | None = None
    """Why the match was stopped before its end (by its host, an admin or a limit)."""


Step = tuple[Any, Any]
"""A SQLAlchemy Core statement and its parameters (a list of rows, or None)."""

Fence = tuple[str, int]
"""A room id and the lease number (epoch) its writer holds: with several workers, a write
is committed only while the room's stored epoch is still that number."""


class _Job:
    """One write: a log entry (``row``), or statements run in one transaction; ``fence``:
    the room epoch it needs (see ``Fence``)."""

    __slots__ = ("fence", "future", "row", "steps")

    def __init__(
        self,
        row: dict[str, Any] | None,
        steps: list[Step] | None = None,
        fence: Fence | None = None,
    ) -> None:
        self.row = row
        self.steps = steps or []
        self.fence = fence
        self.future: asyncio.Future[None] = asyncio.get_running_loop().create_future()


class StoreError(RuntimeError):
    """The database did not take a write."""


class FencedOut(StoreError):
    """A write from a worker whose lease on the room was taken over by another worker."""


class Store:
    """The server's database. Open with ``await Store.open(url)``; close when done."""

    def __init__(self, engine: AsyncEngine, url: str) -> None:
        self.engine = engine
        self.url = url
        self._writer: _Writer | None = None
        self.commits = 0
        """Transactions the writer committed, with the jobs in them and the time they took."""
        self.committed_jobs = 0
        self.commit_seconds = 0.0

    @classmethod
    async def open(cls, url: str) -> Store:
        """Connect, create or upgrade the schema, and start the writer."""
        url = database_url(url)
        _private_file(url)
        store = cls(_engine(url), url)
        async with store.engine.begin() as conn:
            if url.startswith("postgresql"):  # workers starting at once: one migrates
                await conn.execute(sa.text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
            await conn.run_sync(_migrate)
        writer = _Writer(store, asyncio.get_running_loop())
        await asyncio.to_thread(writer.start)
        store._writer = writer
        return store

    def summary(self) -> str:
        """How the writer did: commits, writes per commit, mean commit time."""
        if not self.commits:
            return "no commits"
        per = self.committed_jobs / self.commits
        ms = 1000 * self.commit_seconds / self.commits
        return f"{self.commits} commits of {per:.1f} writes on average, {ms:.1f} ms each"

    async def close(self) -> None:
        """Finish the queued writes, then close the connections."""
        if self._writer is not None:
            writer, self._writer = self._writer, None
            await asyncio.to_thread(writer.stop)
        await self.engine.dispose()

    # ------------------------------------------------------------------ writes
    async def append(
        self,
        match_id: str,
        idx: int,
        seat: int,
        action: dict[str, Any],
        fence: Fence | None = None,
    ) -> None:
        """Store log entry ``idx`` of a match; returns once it is committed."""
        row = {"match_id": match_id, "idx": idx, "seat": seat, "action": action, "at": time.time()}
        await self._submit(_Job(row, fence=fence))

    async def next_epoch(self, room_id: str) -> int | None:
        """Count one more lease on the room and return its number (None: no such room).
        It waits for a transaction that holds the room's epoch (``FOR SHARE``, a write
        of the previous owner) to end; any write of that owner after it is refused."""
        r = schema.rooms
        bump = (
            sa.update(r).where(r.c.id == room_id).values(epoch=r.c.epoch + 1).returning(r.c.epoch)
        )
        async with self.engine.begin() as conn:
            epoch = (await conn.execute(bump)).scalar()
        return None if epoch is None else int(epoch)

    async def create_room(self, room: RoomRow) -> None:
        seat_rows = [_seat_values(room.id, s) for s in room.seats]
        await self._submit(
            _Job(
                None,
                [
                    (sa.insert(schema.rooms), [_room_values(room)]),
                    (sa.insert(schema.seats), seat_rows),
                ],
            )
        )

    async def save_seat(self, room_id: str, seat: SeatRow, fence: Fence | None = None) -> None:
        t = schema.seats
        values: dict[str, Any] = {"kind": seat.kind, "bot": seat.bot, "name": seat.name}
        values.update(joined=seat.joined, ready=seat.ready, token=seat.token)
        change = sa.update(t).where(t.c.room_id == room_id, t.c.seat == seat.seat).values(values)
        await self._submit(_Job(None, [(change, None)], fence))

    async def start_match(self, match: MatchRow, status: str, fence: Fence | None = None) -> None:
        """Record a new match and make it the room's current one."""
        r = schema.rooms
        current = sa.update(r).where(r.c.id == match.room_id)
        await self._submit(
            _Job(
                None,
                [
                    (sa.insert(schema.matches), [_match_values(match)]),
                    (current.values(status=status, match_id=match.id), None),
                ],
                fence,
            )
        )

    async def finish_match(
        self,
        room_id: str,
        match_id: str,
        outcome: dict[str, Any] | None,
        aborted: str | None = None,
        fence: Fence | None = None,
    ) -> None:
        """Mark the match over (or stopped, with the reason ``aborted``), and its room."""
        m, r = schema.matches, schema.rooms
        ended = {"finished_at": time.time(), "outcome": outcome, "aborted": aborted}
        await self._submit(
            _Job(
                None,
                [
                    (sa.update(m).where(m.c.id == match_id).values(ended), None),
                    (sa.update(r).where(r.c.id == room_id).values(status="over"), None),
                ],
                fence,
            )
        )

    async def _submit(self, job: _Job) -> None:
        if self._writer is None:
            raise StoreError("the store is closed")
        self._writer.jobs.put(job)
        await job.future

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
        """The room a host, spectator or seat token (its hash) belongs to."""
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

    async def bot_matches(self, owner: str | None = None) -> int:
        """All-bot rooms playing now (of one owner, when given)."""
        r = schema.rooms
        query = sa.select(sa.func.count()).where(r.c.bots_only.is_(True), r.c.status == "playing")
        if owner is not None:
            query = query.where(r.c.owner == owner)
        async with self.engine.connect() as conn:
            return int((await conn.execute(query)).scalar() or 0)

    async def match(self, match_id: str) -> MatchRow | None:
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(sa.select(schema.matches).where(schema.matches.c.id == match_id))
            ).first()
        return None if row is None else _match(row._mapping)

    async def finished_matches(self, room_id: str) -> list[MatchRow]:
        """The matches of a room that are over (ended or stopped), in the order played."""
        m = schema.matches
        query = sa.select(m).where(m.c.room_id == room_id, m.c.finished_at.is_not(None))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query.order_by(m.c.number))).all()
        return [_match(row._mapping) for row in rows]

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


def _private_file(url: str) -> None:
    """An SQLite database file readable by its owner only (0600), made so if new.

    SQLite gives its ``-wal`` and ``-shm`` files the database file's permissions."""
    if not url.startswith("sqlite"):
        return
    path = url.split("///", 1)[-1]
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.chmod(path + suffix, 0o600)


def _engine(url: str) -> AsyncEngine:
    sqlite = url.startswith("sqlite")
    engine = create_async_engine(
        url, connect_args={"timeout": 30} if sqlite else {}, pool_pre_ping=not sqlite
    )
    if sqlite:
        sa.event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


class _Writer:
    """The store's writer: a thread with its own connection, off the server's event loop.

    It takes jobs in order from a thread-safe queue, commits what has queued up in one
    transaction, and settles the jobs' futures on the server's loop in one call. SQLite
    is written through SQLAlchemy's synchronous engine (one call per transaction, no hop
    between threads); PostgreSQL through the async engine on the thread's own loop. The
    statements are the same SQLAlchemy Core statements either way.
    """

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop) -> None:
        self.store = store
        self.server_loop = loop
        self.jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="rumizi-store-writer", daemon=True)
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.conn: Any = None
        self.engine: Any = None

    def start(self) -> None:
        """Start the thread and wait until it has its connection (raises if it can't)."""
        self.thread.start()
        self._ready.wait()
        if self._failed is not None:
            raise StoreError(f"the writer could not connect: {self._failed}")

    def stop(self) -> None:
        """Write what is queued, then end the thread."""
        self.jobs.put(None)
        self.thread.join()

    def _run(self) -> None:
        try:
            self._open()
        except BaseException as e:
            self._failed = e
            return
        finally:
            self._ready.set()
        try:
            stop = False
            while not stop:
                batch, stop = self._next_batch()
                if not batch:
                    continue
                outcomes: list[tuple[_Job, Exception | None]] = []
                if not self._commit_batch(batch, outcomes):
                    self._reconnect()
                self.server_loop.call_soon_threadsafe(_settle, outcomes)
        finally:
            self._close()

    def _next_batch(self) -> tuple[list[_Job], bool]:
        first = self.jobs.get()
        if first is None:
            return [], True
        batch = [first]
        while len(batch) < BATCH_LIMIT:
            try:
                job = self.jobs.get_nowait()
            except queue.Empty:
                break
            if job is None:
                return batch, True
            batch.append(job)
        return batch, False

    def _open(self) -> None:
        url = self.store.url
        if url.startswith("sqlite+aiosqlite:"):
            self.engine = sa.create_engine(
                "sqlite:" + url.split(":", 1)[1], connect_args={"timeout": 30}
            )
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            self.conn = self.engine.connect()
        else:
            self.loop = asyncio.new_event_loop()
            self.engine = _engine(url)
            self.conn = self.loop.run_until_complete(self.engine.connect())

    def _reconnect(self) -> None:
        """A fresh connection after a failure, in case the old one broke."""
        with contextlib.suppress(Exception):
            self._close_connection()
        with contextlib.suppress(Exception):
            if self.loop is None:
                self.conn = self.engine.connect()
            else:
                self.conn = self.loop.run_until_complete(self.engine.connect())

    def _close_connection(self) -> None:
        if self.loop is None:
            self.conn.close()
        else:
            self.loop.run_until_complete(self.conn.close())

    def _close(self) -> None:
        with contextlib.suppress(Exception):
            self._close_connection()
        if self.loop is None:
            self.engine.dispose()
        else:
            with contextlib.suppress(Exception):
                self.loop.run_until_complete(self.engine.dispose())
            self.loop.close()

    def _commit_batch(
        self, batch: list[_Job], outcomes: list[tuple[_Job, Exception | None]]
    ) -> bool:
        """Commit ``batch``; record each job's outcome; False if anything failed."""
        try:
            started = time.perf_counter()
            if self.loop is None:
                with self.conn.begin():
                    fences = _fences_query(batch)
                    if fences is not None:
                        _check_fences(batch, self.conn.execute(fences))
                    for statement, params in _statements(batch):
                        self.conn.execute(statement, params)
            else:
                self.loop.run_until_complete(self._commit_async(batch))
        except Exception as error:
            if len(batch) == 1:
                if isinstance(error, FencedOut):
                    outcomes.append((batch[0], error))
                    return True  # the connection is fine
                outcomes.append((batch[0], StoreError(f"the database refused a write: {error}")))
                return False
            # One by one, so that a bad write fails only itself.
            return all([self._commit_batch([job], outcomes) for job in batch])
        outcomes.extend((job, None) for job in batch)
        store = self.store
        store.commits += 1
        store.committed_jobs += len(batch)
        store.commit_seconds += time.perf_counter() - started
        return True

    async def _commit_async(self, batch: list[_Job]) -> None:
        async with self.conn.begin():
            fences = _fences_query(batch)
            if fences is not None:
                _check_fences(batch, await self.conn.execute(fences))
            for statement, params in _statements(batch):
                await self.conn.execute(statement, params)


def _fences_query(batch: Sequence[_Job]) -> Any:
    """The stored epochs of the rooms the batch's fenced jobs write to, locked against a
    new owner's ``set_epoch`` until this transaction ends (``FOR SHARE`` in PostgreSQL)."""
    rooms = sorted({job.fence[0] for job in batch if job.fence is not None})
    if not rooms:
        return None
    r = schema.rooms
    return sa.select(r.c.id, r.c.epoch).where(r.c.id.in_(rooms)).with_for_update(read=True)


def _check_fences(batch: Sequence[_Job], stored: Any) -> None:
    """Refuse the batch (``FencedOut``) if a fenced job's room has a newer epoch."""
    epochs = {row.id: int(row.epoch) for row in stored}
    for job in batch:
        if job.fence is not None and epochs.get(job.fence[0]) != job.fence[1]:
            raise FencedOut(
                f"room {job.fence[0]} is held under lease {epochs.get(job.fence[0])}, not "
                f"{job.fence[1]}: this worker may no longer write to it"
            )


def _statements(batch: Sequence[_Job]) -> Iterable[Step]:
    """The statements of a batch in order; neighbouring log entries in one insert."""
    rows: list[dict[str, Any]] = []
    for job in batch:
        if job.row is not None:
            rows.append(job.row)
            continue
        if rows:
            yield sa.insert(schema.actions), rows
            rows = []
        yield from job.steps
    if rows:
        yield sa.insert(schema.actions), rows


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


def _settle(outcomes: Iterable[tuple[_Job, Exception | None]]) -> None:
    for job, error in outcomes:
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
        "owner": room.owner,
        "bots_only": room.bots_only,
        "epoch": room.epoch,
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
        "aborted": match.aborted,
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
        owner=row["owner"],
        bots_only=bool(row["bots_only"]),
        epoch=int(row["epoch"]),
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
        aborted=row["aborted"],
    )


__all__ = [
    "Fence",
    "FencedOut",
    "MatchRow",
    "RoomRow",
    "SeatRow",
    "Store",
    "StoreError",
    "database_url",
]
