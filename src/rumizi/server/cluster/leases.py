"""Room leases in Redis: the ownership of rooms when several workers share one site.

A room's owner holds ``LEASE + room id`` (``SET NX PX``), renewed every third of its
length. With each new lease the owner counts the room's **epoch** up by one in the
database before it reads anything, and every write it makes carries that number (its
fence): the store refuses a write whose epoch is no longer the room's, so an owner that
lost its lease without noticing can write nothing more. The leases of rooms still being
loaded are renewed too, so a slow load never loses its room.

Rooms with a match in play are listed (``PLAYING``); every worker looks a few times per
lease period for listed rooms without an owner and takes them (``Holder.take``).

**A dead worker's rooms are taken at once.** Workers are listed with their socket address
(``WORKERS``). Each worker looks four times a second whether the others still listen on
their channels: Redis drops a killed process's subscription the moment its connection
closes, so a worker that no longer listens is dead. Its leases are then taken over at
once, not when they run out: each surviving worker takes its share of the dead worker's
rooms together — their leases (``STEAL_MANY``: only those still held by the dead worker
or by nobody, so each room goes to one worker), their epochs, rows and logs in a few
round trips for all of them (``Rooms.take_many``), which keeps a takeover quick however
busy the worker is. The rooms' epochs are counted up before they are read, so whatever
the dead worker might still have had on its way to the database is refused. A worker
that wants a room whose holder is dead (a client of it reconnecting first) takes it
alone the same way (``STEAL``). A room's lease is renewed while it loads.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import protocol
from ..errors import RoomError
from ..protocol import as_json
from ..store import Fence, Store
from .outbox import Outbox, listening
from .ownership import Elsewhere, Holder

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger("rumizi.server.cluster.worker")

LEASE = "rumizi:lease:"
"""``LEASE + room id``: the id of the worker that owns the room; expires."""
PLAYING = "rumizi:playing"
"""The set of rooms with a match in play: what a worker takes over when it finds them
without an owner."""
CLOCK = "rumizi:clock:"
"""``CLOCK + room id``: the room's running timers (seconds since the epoch), as JSON."""
WORKERS = "rumizi:workers"
"""Worker id → the URL its sockets are reached at (empty: none given): the workers alive,
and where a client of a room is sent to find its owner."""
TAKING = 8
"""Rooms without an owner a worker loads at once when its sweep finds them (a dead
worker's are taken together instead: ``acquire_many``)."""
WATCH_SECONDS = 0.25
"""How often a worker looks whether the others are alive."""

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
STEAL = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
"""
STEAL_MANY = """
local taken = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('get', key)
  local free = not holder
  for j = 3, #ARGV do
    if holder == ARGV[j] then free = true end
  end
  if free then
    redis.call('set', key, ARGV[1], 'PX', ARGV[2])
    table.insert(taken, key)
  end
end
return taken
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
        self,
        redis: Redis,
        worker: str,
        lease_ms: int,
        store: Store,
        outbox: Outbox,
        address: str | None = None,
    ) -> None:
        self.redis = redis
        self.worker = worker
        self.address = address or ""
        """Where this worker's sockets are reached (``ws://host:port/ws``), if known."""
        self.lease_ms = lease_ms
        self.store = store
        self.outbox = outbox
        self.rooms: Holder | None = None
        self._held: set[str] = set()
        """Rooms whose lease this worker took and has not let go of (loaded or loading)."""
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)
        self._steal = redis.register_script(STEAL)
        self._steal_many = redis.register_script(STEAL_MANY)
        self._dead: set[str] = set()
        """Workers seen dead: their leases are taken (``acquire_many``)."""
        self._taking = asyncio.Semaphore(TAKING)
        self._clocks: dict[str, tuple[Any, ...]] = {}
        self._clocks_read: dict[str, str | None] = {}
        """A room's stored clock as read with its lease (``acquire``), until it is asked for."""
        self.renewed_at = time.monotonic()
        self._tasks: list[asyncio.Task[None]] = []
        self._spawned: set[asyncio.Task[None]] = set()

    # ---------------------------------------------------------------- leases
    async def acquire(self, room_id: str) -> Fence | None:
        key = LEASE + room_id
        for _ in range(3):
            # One round trip: take the lease if it is free, who holds it, the clock noted.
            pipe = self.redis.pipeline(transaction=False)
            pipe.set(key, self.worker, nx=True, px=self.lease_ms)
            pipe.get(key)
            pipe.get(CLOCK + room_id)
            took, holder, clock = await pipe.execute()
            if took or holder == self.worker:  # (the latter: taken from a dead worker)
                break
            if holder is None:
                continue  # it ran out just now: try again
            if (await listening(self.redis, [holder]))[holder]:
                raise Elsewhere(room_id, holder, await self.address_of(holder))
            if await self._steal(keys=[key], args=[holder, self.worker, self.lease_ms]):
                log.info("room %s: its owner %s is dead: taken at once", room_id, holder)
                break
        else:
            holder = await self.holder(room_id)
            raise Elsewhere(room_id, holder, await self.address_of(holder))
        self._held.add(room_id)
        self._clocks_read[room_id] = None if clock is None else str(clock)
        try:
            epoch = await self.store.next_epoch(room_id)
        except BaseException:
            await self.release(room_id)
            raise
        if epoch is None:
            await self.release(room_id)
            raise RoomError("not_found", f"no room {as_json(room_id)}", 404)
        return room_id, epoch

    async def acquire_new(self, room_id: str) -> Fence | None:
        if not await self.redis.set(LEASE + room_id, self.worker, nx=True, px=self.lease_ms):
            raise RoomError("storage", "the server could not make the room: try again", 503)
        self._held.add(room_id)
        return room_id, 1

    async def acquire_many(self, room_ids: list[str]) -> dict[str, Fence | None]:
        keys = [LEASE + r for r in room_ids]
        args: list[str | int] = [self.worker, self.lease_ms, *sorted(self._dead)]
        taken = [str(k).removeprefix(LEASE) for k in await self._steal_many(keys=keys, args=args)]
        if not taken:
            return {}
        self._held.update(taken)
        try:
            clocks = await self.redis.mget([CLOCK + r for r in taken])
            epochs = await self.store.next_epochs(taken)
        except BaseException:
            for room_id in taken:
                await self.release(room_id)
            raise
        fences: dict[str, Fence | None] = {}
        for room_id, clock in zip(taken, clocks, strict=True):
            if room_id not in epochs:  # no such room
                await self.release(room_id)
                continue
            self._clocks_read[room_id] = None if clock is None else str(clock)
            fences[room_id] = (room_id, epochs[room_id])
        return fences

    def held(self, room_id: str) -> bool:
        return room_id in self._held

    async def address_of(self, worker: str | None) -> str | None:
        """Where ``worker``'s sockets are reached (None: not known)."""
        if worker is None:
            return None
        found = await self.redis.hget(WORKERS, worker)
        return str(found) if found else None

    async def holder(self, room_id: str) -> str | None:
        found = await self.redis.get(LEASE + room_id)
        return None if found is None else str(found)

    async def release(self, room_id: str) -> None:
        self._held.discard(room_id)
        self._clocks.pop(room_id, None)
        self._clocks_read.pop(room_id, None)
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
        if info is None or (info["deadline_at"] is None and not info["moves_at"]):
            return  # no timer runs: nothing to continue (a takeover starts them afresh)
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
        text = protocol.dump(info)
        self.outbox.command("set", CLOCK + room_id, text, px=24 * 3600 * 1000)

    async def stored_clock(self, room_id: str) -> dict[str, Any] | None:
        text: Any
        if room_id in self._clocks_read:  # read with the lease
            text = self._clocks_read.pop(room_id)
        else:
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
        """Keep the leases of ``rooms``; list this worker (its channel is listened on
        already) and watch the others."""
        self.rooms = rooms
        self.outbox.command("hset", WORKERS, self.worker, self.address)
        for loop in (self._keep_leases, self._sweep, self._watch):
            self._tasks.append(asyncio.create_task(loop()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.redis.hdel(WORKERS, self.worker)

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
            self.outbox.command("hset", WORKERS, self.worker, self.address)  # (still here)
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
                    self._spawn(self._take(room_id))

    async def _take(self, room_id: str) -> None:
        """Take a room without an owner over, a few at a time: each load is quick."""
        assert self.rooms is not None
        async with self._taking:
            if room_id in self._held:
                return
            await self.rooms.take(room_id)

    async def _watch(self) -> None:
        """Take the rooms of a worker that died at once (see the module's docstring):
        each surviving worker its share, all of it in a few round trips, until none of
        the dead worker's rooms is left; then it is struck off the list."""
        rooms = self.rooms
        assert rooms is not None
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                others = [str(w) for w in await self.redis.hkeys(WORKERS) if w != self.worker]
                if not others:
                    continue
                heard = await listening(self.redis, others)
                dead = {w for w, alive in heard.items() if not alive}
                if not dead:
                    continue
                if not dead <= self._dead:
                    log.warning("worker(s) %s died: taking their rooms", ", ".join(sorted(dead)))
                self._dead |= dead
                listed = [str(r) for r in await self.redis.smembers(PLAYING)]
                holders = await self.redis.mget([LEASE + r for r in listed]) if listed else []
                theirs = [r for r, h in zip(listed, holders, strict=True) if h in dead]
                if not theirs:
                    await self.redis.hdel(WORKERS, *dead)
                    continue
            except Exception:
                log.exception("could not look at the other workers")
                continue
            alive = len(others) - len(dead) + 1
            share = random.sample(theirs, -(-len(theirs) // alive))
            await rooms.take_many(share)  # (the others take theirs meanwhile)

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
