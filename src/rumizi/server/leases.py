"""Room leases in Redis: the ownership of rooms when several workers share one site.

A room's owner holds ``LEASE + room id`` (``SET NX PX``), renewed every third of its
length. With each new lease the owner counts the room's **epoch** up by one in the
database before it reads anything, and every write it makes carries that number (its
fence): the store refuses a write whose epoch is no longer the room's, so an owner that
lost its lease without noticing can write nothing more. The leases of rooms still being
loaded are renewed too, so a slow load never loses its room.

Rooms with a match in play are listed (``PLAYING``); every worker looks a few times per
lease period for listed rooms without an owner and takes them (``Holder.take``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import RoomError
from .outbox import Outbox
from .ownership import Elsewhere, Holder
from .store import Fence, Store

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger("rumizi.server.cluster")

LEASE = "rumizi:lease:"
"""``LEASE + room id``: the id of the worker that owns the room; expires."""
PLAYING = "rumizi:playing"
"""The set of rooms with a match in play: what a worker takes over when it finds them
without an owner."""
CLOCK = "rumizi:clock:"
"""``CLOCK + room id``: the room's running timers (seconds since the epoch), as JSON."""

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
  else
    table.insert(lost, key)
  end
end
return lost
"""
RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class RedisOwnership:
    """This worker's leases (``ownership.Ownership`` over Redis)."""

    def __init__(
        self, redis: Redis, worker: str, lease_ms: int, store: Store, outbox: Outbox
    ) -> None:
        self.redis = redis
        self.worker = worker
        self.lease_ms = lease_ms
        self.store = store
        self.outbox = outbox
        self.rooms: Holder | None = None
        self._held: set[str] = set()
        """Rooms whose lease this worker took and has not let go of (loaded or loading)."""
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)
        self._clocks: dict[str, tuple[Any, ...]] = {}
        self.renewed_at = time.monotonic()
        self._tasks: list[asyncio.Task[None]] = []
        self._spawned: set[asyncio.Task[None]] = set()

    # ---------------------------------------------------------------- leases
    async def acquire(self, room_id: str) -> Fence | None:
        if not await self.redis.set(LEASE + room_id, self.worker, nx=True, px=self.lease_ms):
            raise Elsewhere(room_id, await self.holder(room_id))
        self._held.add(room_id)
        try:
            epoch = await self.store.next_epoch(room_id)
        except BaseException:
            await self.release(room_id)
            raise
        if epoch is None:
            await self.release(room_id)
            raise RoomError("not_found", f"no room {room_id!r}", 404)
        return room_id, epoch

    async def acquire_new(self, room_id: str) -> Fence | None:
        if not await self.redis.set(LEASE + room_id, self.worker, nx=True, px=self.lease_ms):
            raise RoomError("storage", "the server could not make the room: try again", 503)
        self._held.add(room_id)
        return room_id, 1

    def held(self, room_id: str) -> bool:
        return room_id in self._held

    async def holder(self, room_id: str) -> str | None:
        found = await self.redis.get(LEASE + room_id)
        return None if found is None else str(found)

    async def release(self, room_id: str) -> None:
        self._held.discard(room_id)
        self._clocks.pop(room_id, None)
        try:
            await self._release(keys=[LEASE + room_id], args=[self.worker])
        except Exception:
            log.warning("could not give up the lease on room %s", room_id)

    async def release_all(self) -> None:
        """Give every lease up at once (this worker stops: others take the rooms over)."""
        for room_id in list(self._held):
            await self.release(room_id)

    async def renew(self, room_ids: list[str]) -> list[str]:
        if not room_ids:
            return []
        lost = await self._renew(
            keys=[LEASE + r for r in room_ids], args=[self.worker, self.lease_ms]
        )
        return [str(key).removeprefix(LEASE) for key in lost]

    # ------------------------------------------------------------- the others
    def note_playing(self, room_id: str, playing: bool) -> None:
        self.outbox.command("sadd" if playing else "srem", PLAYING, room_id)

    def note_clock(self, room_id: str, clock: Callable[[], dict[str, Any] | None]) -> None:
        info = clock()
        if info is None:
            return
        record = (
            info["match"],
            info["index"],
            info["deadline_at"],
            tuple(sorted(info["moves_at"].items())),
        )
        before = self._clocks.get(room_id)
        if before is not None and before[:2] == record[:2] and not _moved(before, record):
            return
        self._clocks[room_id] = record
        self.outbox.command("set", CLOCK + room_id, json.dumps(info), px=24 * 3600 * 1000)

    async def stored_clock(self, room_id: str) -> dict[str, Any] | None:
        text = await self.redis.get(CLOCK + room_id)
        if not text:
            return None
        found: dict[str, Any] = json.loads(text)
        return found

    async def adopt(self, room_ids: list[str]) -> list[str]:
        if room_ids:
            await self.redis.sadd(PLAYING, *room_ids)
        return []

    # ------------------------------------------------------------------ life
    def start(self, rooms: Holder) -> None:
        self.rooms = rooms
        for loop in (self._keep_leases, self._sweep):
            self._tasks.append(asyncio.create_task(loop()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _keep_leases(self) -> None:
        """Renew this worker's leases every third of their length, those of rooms still
        being loaded too; let go of lost rooms."""
        rooms = self.rooms
        assert rooms is not None
        every = self.lease_ms / 3000
        while True:
            await asyncio.sleep(every)
            held = sorted(self._held)
            try:
                lost = await self.renew(held)
            except Exception:
                log.exception("could not renew the leases")
                if time.monotonic() - self.renewed_at > self.lease_ms / 1000:
                    for room_id in held:  # they may be someone else's by now
                        self._held.discard(room_id)
                        rooms.drop(room_id)
                continue
            self.renewed_at = time.monotonic()
            for room_id in lost:
                self._held.discard(room_id)
                rooms.drop(room_id)

    async def _sweep(self) -> None:
        """Take over rooms in play that have no owner (their worker died)."""
        rooms = self.rooms
        assert rooms is not None
        every = self.lease_ms / 4000
        while True:
            await asyncio.sleep(every * random.uniform(0.75, 1.25))
            try:
                listed = [str(r) for r in await self.redis.smembers(PLAYING)]
                if not listed:
                    continue
                holders = await self.redis.mget([LEASE + r for r in listed])
            except Exception:
                log.exception("could not look for rooms without an owner")
                continue
            free = [r for r, h in zip(listed, holders, strict=True) if h is None]
            random.shuffle(free)
            for room_id in free:
                if room_id not in self._held:
                    self._spawn(rooms.take(room_id))

    def _spawn(self, coro: Any) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)


def _moved(before: tuple[Any, ...], after: tuple[Any, ...]) -> bool:
    """Whether a room's stored timers differ from ``after`` by more than rounding."""
    if (before[2] is None) != (after[2] is None) or len(before[3]) != len(after[3]):
        return True
    if before[2] is not None and abs(before[2] - after[2]) > 0.05:
        return True
    return any(
        a[0] != b[0] or abs(a[1] - b[1]) > 0.05 for a, b in zip(before[3], after[3], strict=True)
    )
