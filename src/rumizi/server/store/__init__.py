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
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from . import schema
from .engines import MIGRATION_LOCK, MIGRATIONS, database_url, make_engine, migrate, private_file
from .rows import (
    Fence,
    FencedOut,
    MatchRow,
    RoomRow,
    SeatRow,
    StoreError,
    match_from,
    match_values,
    room_from,
    room_values,
    seat_values,
)
from .writer import Counts, Job, Writer

Whole = tuple[RoomRow, MatchRow | None, list[tuple[int, dict[str, Any]]]]
"""A room as loaded: its row (with its seats), its current match, and that match's log."""


class Store:
    """The server's database. Open with ``await Store.open(url)``; close when done."""

    def __init__(self, engine: AsyncEngine, url: str) -> None:
        self.engine = engine
        self.url = url
        self.quick = engine.execution_options(isolation_level="AUTOCOMMIT")
        """The engine without a transaction around its statements (no BEGIN and ROLLBACK:
        two round trips fewer), for the reads and the one-statement write of a room's
        epoch. Every write of the game goes through the writer, in transactions."""
        self._writer: Writer | None = None
        self.counts = Counts()
        """Transactions the writer committed, with the jobs in them and the time they took."""

    @classmethod
    async def open(cls, url: str) -> Store:
        """Connect, create or upgrade the schema, and start the writer."""
        url = database_url(url)
        private_file(url)
        store = cls(make_engine(url), url)
        async with store.engine.begin() as conn:
            if url.startswith("postgresql"):  # workers starting at once: one migrates
                await conn.execute(sa.text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
            await conn.run_sync(migrate)
        writer = Writer(url, store.counts, asyncio.get_running_loop())
        await asyncio.to_thread(writer.start)
        store._writer = writer
        return store

    @property
    def commits(self) -> int:
        """Transactions the writer committed so far."""
        return self.counts.commits

    def summary(self) -> str:
        """How the writer did: commits, writes per commit, mean commit time."""
        counts = self.counts
        if not counts.commits:
            return "no commits"
        per = counts.committed_jobs / counts.commits
        ms = 1000 * counts.commit_seconds / counts.commits
        return f"{counts.commits} commits of {per:.1f} writes on average, {ms:.1f} ms each"

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
        await self._submit(Job(row, fence=fence))

    async def next_epoch(self, room_id: str) -> int | None:
        """Count one more lease on the room and return its number (None: no such room).
        It waits for a transaction that holds the room's epoch (``FOR SHARE``, a write
        of the previous owner) to end; any write of that owner after it is refused."""
        r = schema.rooms
        bump = (
            sa.update(r).where(r.c.id == room_id).values(epoch=r.c.epoch + 1).returning(r.c.epoch)
        )
        async with self.quick.connect() as conn:  # (one statement: its own transaction)
            epoch = (await conn.execute(bump)).scalar()
        return None if epoch is None else int(epoch)

    async def next_epochs(self, room_ids: list[str]) -> dict[str, int]:
        """``next_epoch`` of many rooms in one statement (a dead worker's rooms taken over
        together); rooms that do not exist are left out."""
        r = schema.rooms
        bump = (
            sa.update(r)
            .where(r.c.id.in_(room_ids))
            .values(epoch=r.c.epoch + 1)
            .returning(r.c.id, r.c.epoch)
        )
        async with self.quick.connect() as conn:
            return {str(row.id): int(row.epoch) for row in await conn.execute(bump)}

    async def create_room(self, room: RoomRow) -> None:
        seat_rows = [seat_values(room.id, s) for s in room.seats]
        await self._submit(
            Job(
                None,
                [
                    (sa.insert(schema.rooms), [room_values(room)]),
                    (sa.insert(schema.seats), seat_rows),
                ],
            )
        )

    async def save_seat(self, room_id: str, seat: SeatRow, fence: Fence | None = None) -> None:
        t = schema.seats
        values: dict[str, Any] = {"kind": seat.kind, "bot": seat.bot, "name": seat.name}
        values.update(joined=seat.joined, ready=seat.ready, token=seat.token)
        change = sa.update(t).where(t.c.room_id == room_id, t.c.seat == seat.seat).values(values)
        await self._submit(Job(None, [(change, None)], fence))

    async def start_match(self, match: MatchRow, status: str, fence: Fence | None = None) -> None:
        """Record a new match and make it the room's current one."""
        r = schema.rooms
        current = sa.update(r).where(r.c.id == match.room_id)
        await self._submit(
            Job(
                None,
                [
                    (sa.insert(schema.matches), [match_values(match)]),
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
            Job(
                None,
                [
                    (sa.update(m).where(m.c.id == match_id).values(ended), None),
                    (sa.update(r).where(r.c.id == room_id).values(status="over"), None),
                ],
                fence,
            )
        )

    async def _submit(self, job: Job) -> None:
        if self._writer is None:
            raise StoreError("the store is closed")
        self._writer.jobs.put(job)
        await job.future

    # ------------------------------------------------------------------- reads
    async def load_room(self, room_id: str) -> RoomRow | None:
        async with self.quick.connect() as conn:
            return await _room_of(conn, room_id)

    async def load_whole(self, room_id: str) -> Whole | None:
        """A room, its current match and that match's log, read on one connection (a room
        being loaded, or taken over, waits on fewer round trips: no transaction to begin
        and end, as nobody else writes to a room being loaded)."""
        async with self.quick.connect() as conn:
            room = await _room_of(conn, room_id)
            if room is None:
                return None
            if room.match_id is None:
                return room, None, []
            m = schema.matches
            row = (await conn.execute(sa.select(m).where(m.c.id == room.match_id))).first()
            if row is None:
                return room, None, []
            return room, match_from(row._mapping), await _log_of(conn, room.match_id)

    async def load_many(self, room_ids: list[str]) -> dict[str, Whole]:
        """``load_whole`` of many rooms: the rooms, their seats, current matches and logs
        in four statements."""
        r, s, m, a = schema.rooms, schema.seats, schema.matches, schema.actions
        async with self.quick.connect() as conn:
            rows = (await conn.execute(sa.select(r).where(r.c.id.in_(room_ids)))).all()
            seats: dict[str, list[Any]] = {}
            query = sa.select(s).where(s.c.room_id.in_(room_ids)).order_by(s.c.room_id, s.c.seat)
            for seat in await conn.execute(query):
                seats.setdefault(seat.room_id, []).append(seat)
            rooms = [room_from(row._mapping, seats.get(row.id, [])) for row in rows]
            match_ids = [room.match_id for room in rooms if room.match_id is not None]
            matches: dict[str, MatchRow] = {}
            logs: dict[str, list[tuple[int, dict[str, Any]]]] = {}
            if match_ids:
                for row in await conn.execute(sa.select(m).where(m.c.id.in_(match_ids))):
                    matches[row.id] = match_from(row._mapping)
                entries = (
                    sa.select(a.c.match_id, a.c.idx, a.c.seat, a.c.action)
                    .where(a.c.match_id.in_(match_ids))
                    .order_by(a.c.match_id, a.c.idx)
                )
                for row in await conn.execute(entries):
                    logs.setdefault(row.match_id, []).append(row)
        found: dict[str, Whole] = {}
        for room in rooms:
            match = None if room.match_id is None else matches.get(room.match_id)
            log = [] if match is None else _checked(match.id, logs.get(match.id, []))
            found[room.id] = (room, match, log)
        return found

    async def room_for_token(self, token: str) -> str | None:
        """The room a host, spectator or seat token (its hash) belongs to."""
        r, s = schema.rooms, schema.seats
        async with self.quick.connect() as conn:
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
        async with self.quick.connect() as conn:
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
        return [room_from(row._mapping, by_room.get(row.id, [])) for row in rows]

    async def bot_matches(self, owner: str | None = None) -> int:
        """All-bot rooms playing now (of one owner, when given)."""
        r = schema.rooms
        query = sa.select(sa.func.count()).where(r.c.bots_only.is_(True), r.c.status == "playing")
        if owner is not None:
            query = query.where(r.c.owner == owner)
        async with self.quick.connect() as conn:
            return int((await conn.execute(query)).scalar() or 0)

    async def match(self, match_id: str) -> MatchRow | None:
        async with self.quick.connect() as conn:
            row = (
                await conn.execute(sa.select(schema.matches).where(schema.matches.c.id == match_id))
            ).first()
        return None if row is None else match_from(row._mapping)

    async def finished_matches(self, room_id: str) -> list[MatchRow]:
        """The matches of a room that are over (ended or stopped), in the order played."""
        m = schema.matches
        query = sa.select(m).where(m.c.room_id == room_id, m.c.finished_at.is_not(None))
        async with self.quick.connect() as conn:
            rows = (await conn.execute(query.order_by(m.c.number))).all()
        return [match_from(row._mapping) for row in rows]

    async def unfinished_matches(self) -> list[MatchRow]:
        m = schema.matches
        async with self.quick.connect() as conn:
            rows = (
                await conn.execute(sa.select(m).where(m.c.finished_at.is_(None)).order_by(m.c.id))
            ).all()
        return [match_from(row._mapping) for row in rows]

    async def log(self, match_id: str) -> list[tuple[int, dict[str, Any]]]:
        """The match's log in order: ``(seat, action)`` pairs."""
        async with self.quick.connect() as conn:
            return await _log_of(conn, match_id)


async def _room_of(conn: Any, room_id: str) -> RoomRow | None:
    r, s = schema.rooms, schema.seats
    row = (await conn.execute(sa.select(r).where(r.c.id == room_id))).first()
    if row is None:
        return None
    seats = sa.select(s).where(s.c.room_id == room_id).order_by(s.c.seat)
    return room_from(row._mapping, (await conn.execute(seats)).all())


async def _log_of(conn: Any, match_id: str) -> list[tuple[int, dict[str, Any]]]:
    a = schema.actions
    rows = (
        await conn.execute(
            sa.select(a.c.idx, a.c.seat, a.c.action)
            .where(a.c.match_id == match_id)
            .order_by(a.c.idx)
        )
    ).all()
    return _checked(match_id, rows)


def _checked(match_id: str, rows: list[Any]) -> list[tuple[int, dict[str, Any]]]:
    """A match's log from its rows in order: ``(seat, action)`` pairs, with no gap."""
    for expected, row in enumerate(rows):
        if row.idx != expected:
            raise StoreError(f"the log of match {match_id} has a gap at index {expected}")
    return [(int(row.seat), dict(row.action)) for row in rows]


__all__ = [
    "MIGRATIONS",
    "Fence",
    "FencedOut",
    "MatchRow",
    "RoomRow",
    "SeatRow",
    "Store",
    "StoreError",
    "Whole",
    "database_url",
]
