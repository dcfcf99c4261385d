"""The store's writer: one thread, one connection, every write in order, group commit."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Iterable, Sequence
from typing import Any

import sqlalchemy as sa

from . import schema
from .engines import make_engine, sqlite_pragmas, to_json
from .rows import Fence, FencedOut, Step, StoreError


class Counts:
    """What the writer did: transactions committed, the jobs in them, the time they took."""

    def __init__(self) -> None:
        self.commits = 0
        self.committed_jobs = 0
        self.commit_seconds = 0.0


BATCH_LIMIT = 2000
"""Most jobs committed in one transaction."""


class Job:
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


class Writer:
    """The store's writer: a thread with its own connection, off the server's event loop.

    It takes jobs in order from a thread-safe queue, commits what has queued up in one
    transaction, and settles the jobs' futures on the server's loop in one call. SQLite
    is written through SQLAlchemy's synchronous engine (one call per transaction, no hop
    between threads); PostgreSQL through the async engine on the thread's own loop. The
    statements are the same SQLAlchemy Core statements either way.
    """

    def __init__(self, url: str, counts: Counts, loop: asyncio.AbstractEventLoop) -> None:
        self.url = url
        self.counts = counts
        self.server_loop = loop
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
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
                outcomes: list[tuple[Job, Exception | None]] = []
                if not self._commit_batch(batch, outcomes):
                    self._reconnect()
                self.server_loop.call_soon_threadsafe(_settle, outcomes)
        finally:
            self._close()

    def _next_batch(self) -> tuple[list[Job], bool]:
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
        url = self.url
        if url.startswith("sqlite+aiosqlite:"):
            self.engine = sa.create_engine(
                "sqlite:" + url.split(":", 1)[1],
                connect_args={"timeout": 30},
                json_serializer=to_json,
            )
            sa.event.listen(self.engine, "connect", sqlite_pragmas)
            self.conn = self.engine.connect()
        else:
            self.loop = _new_loop()
            self.engine = make_engine(url)
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

    def _commit_batch(self, batch: list[Job], outcomes: list[tuple[Job, Exception | None]]) -> bool:
        """Commit ``batch``; record each job's outcome; False if anything failed."""
        try:
            started = time.perf_counter()
            if self.loop is None:
                with self.conn.begin():
                    fences = _fences_query(batch)
                    if fences is not None:
                        found = self.conn.execute(fences)
                        _check_fences(batch, {row.id: int(row.epoch) for row in found})
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
        counts = self.counts
        counts.commits += 1
        counts.committed_jobs += len(batch)
        counts.commit_seconds += time.perf_counter() - started
        return True

    async def _commit_async(self, batch: list[Job]) -> None:
        async with self.conn.begin():
            rooms = sorted({job.fence[0] for job in batch if job.fence is not None})
            if rooms:  # asyncpg itself: half the CPU of a commit went to this check
                raw = (await self.conn.get_raw_connection()).driver_connection
                found = await raw.fetch(FENCES, rooms)
                _check_fences(batch, {row["id"]: int(row["epoch"]) for row in found})
            for statement, params in _statements(batch):
                await self.conn.execute(statement, params)


def _fences_query(batch: Sequence[Job]) -> Any:
    """The stored epochs of the rooms the batch's fenced jobs write to, locked against a
    new owner's ``set_epoch`` until this transaction ends (``FOR SHARE`` in PostgreSQL)."""
    rooms = sorted({job.fence[0] for job in batch if job.fence is not None})
    if not rooms:
        return None
    r = schema.rooms
    return sa.select(r.c.id, r.c.epoch).where(r.c.id.in_(rooms)).with_for_update(read=True)


FENCES = f"SELECT id, epoch FROM {schema.rooms.name} WHERE id = ANY($1::text[]) FOR SHARE"
"""``_fences_query`` for PostgreSQL, as asyncpg runs it (one array parameter)."""


def _check_fences(batch: Sequence[Job], epochs: dict[str, int]) -> None:
    """Refuse the batch (``FencedOut``) if a fenced job's room has a newer epoch."""
    for job in batch:
        if job.fence is not None and epochs.get(job.fence[0]) != job.fence[1]:
            raise FencedOut(
                f"room {job.fence[0]} is held under lease {epochs.get(job.fence[0])}, not "
                f"{job.fence[1]}: this worker may no longer write to it"
            )


def _statements(batch: Sequence[Job]) -> Iterable[Step]:
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


def _settle(outcomes: Iterable[tuple[Job, Exception | None]]) -> None:
    for job, error in outcomes:
        if job.future.done():
            continue
        if error is None:
            job.future.set_result(None)
        else:
            job.future.set_exception(error)


def _new_loop() -> asyncio.AbstractEventLoop:
    """The writer thread's own loop (PostgreSQL through asyncpg): uvloop's where it is
    installed (what ``rumizi serve`` runs on; less CPU per commit), else asyncio's."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvicorn[standard] brings uvloop
        return asyncio.new_event_loop()
    loop: asyncio.AbstractEventLoop = uvloop.new_event_loop()
    return loop
