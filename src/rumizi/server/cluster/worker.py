"""Several server processes (workers), one site: rooms leased through Redis, requests
and sockets passed between workers.

Every worker serves every client, over one shared database (PostgreSQL). A room lives in
the memory of one worker at a time, its **owner**, which holds a lease on it
(``leases.RedisOwnership``, the Redis form of ``ownership.Ownership``): every write the
owner makes is fenced by the lease's number, so an owner that lost its lease without
noticing can write nothing more. A worker asked about a room it does not own passes the
request on to the owner (``relay.Relay``).

**Failover.** Rooms with a match in play are listed in Redis. If a worker dies, its
leases run out; every worker looks for listed rooms without an owner a few times per
lease period and takes them, rebuilding each match from the stored log and continuing
its clocks from the deadlines the previous owner wrote to Redis. The hosts of the dead
worker's clients close those sockets (1012, ``moved``) and the clients reconnect,
through any worker, to the room's new owner. Acknowledged actions are in the database
before the acknowledgement, so nothing acknowledged is lost; the log's index (the
primary key) and the epoch keep anything from being stored twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.types import ASGIApp

from ..room.rooms import Rooms
from ..store import Store
from .leases import LEASE, RedisOwnership
from .ownership import Elsewhere
from .relay import Handle, Relay

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger("rumizi.server.cluster.worker")


@dataclass(frozen=True)
class ClusterSettings:
    """How a worker joins the others: the Redis URL and the lease length."""

    redis_url: str
    lease_seconds: float = 5.0
    """A room's lease: a dead owner's rooms are taken over this long after its last
    renewal (renewed every third of it). Shorter: quicker failover; longer: an owner
    whose event loop stalls this long loses its rooms."""
    forward_seconds: float = 30.0
    """How long a worker waits for the owner's reply to a request it passed on."""
    address: str | None = None
    """The URL clients reach this worker's sockets at (``wss://play.example.org/w1/ws``;
    ``RUMIZI_WORKER_URL``): a client that can follow is sent there to find its room's
    owner. None (the default: the address a worker listens on is seldom the one clients
    reach it by): its rooms' sockets elsewhere are passed on through Redis."""

    @classmethod
    def from_env(
        cls, redis_url: str, lease: float | None = None, address: str | None = None
    ) -> ClusterSettings:
        """From the arguments, else ``RUMIZI_LEASE_SECONDS`` (default 5) and
        ``RUMIZI_WORKER_URL`` (default: none)."""
        seconds = lease or float(os.environ.get("RUMIZI_LEASE_SECONDS", "") or 5.0)
        return cls(redis_url, seconds, address=os.environ.get("RUMIZI_WORKER_URL") or address)


class Cluster:
    """This worker's part in the cluster: its leases (``owners``) and its channel to the
    other workers (``relay``)."""

    def __init__(self, settings: ClusterSettings, redis: Redis, store: Store) -> None:
        self.settings = settings
        self.redis = redis
        self.id = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.lease_ms = max(100, int(settings.lease_seconds * 1000))
        self.relay = Relay(redis, self.id, settings.forward_seconds)
        self.owners = RedisOwnership(
            redis, self.id, self.lease_ms, store, self.relay.outbox, settings.address
        )
        self._tasks: list[asyncio.Task[None]] = []

    @classmethod
    async def connect(cls, settings: ClusterSettings, store: Store) -> Cluster:
        from redis.asyncio import Redis

        redis = Redis.from_url(settings.redis_url, decode_responses=True)
        await redis.ping()
        return cls(settings, redis, store)

    async def start(self, rooms: Rooms, app: ASGIApp, handle: Handle) -> None:
        """Listen on this worker's channel and keep its leases (``handle``: what a
        socket's message does to its room)."""
        await self.relay.subscribe()
        loops: list[Callable[[], Any]] = self.relay.loops(rooms, app, handle)
        self._tasks = [asyncio.create_task(loop()) for loop in loops]
        self.owners.start(rooms)
        log.info("worker %s joined the cluster (lease %d ms)", self.id, self.lease_ms)

    async def stop(self) -> None:
        """Leave: give up the leases at once (other workers take the rooms over)."""
        await self.owners.stop()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.relay.outbox.flush()
            await self.owners.release_all()
        await self.relay.close()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def alive(self, worker: str) -> bool:
        return await self.relay.alive(worker)

    async def settle(self, e: Elsewhere) -> None:
        """Wait until the room's owner ``e.owner`` is known to be alive, or its lease has
        run out (at most a lease period and a second): then ask again."""
        deadline = time.monotonic() + self.lease_ms / 1000 + 1
        while time.monotonic() < deadline:
            holder = await self.owners.holder(e.room_id)
            if holder is None or holder != e.owner or await self.alive(holder):
                return
            # Sleep until the lease runs out (many clients of a dead worker wait at once:
            # one look each, not a poll every few milliseconds).
            left = max(0, int(await self.redis.pttl(LEASE + e.room_id)))
            await asyncio.sleep(min(left / 1000, 1.0) + random.uniform(0.01, 0.05))
