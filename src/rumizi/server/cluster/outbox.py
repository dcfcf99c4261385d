"""What a worker sends to Redis, in order: frames for other workers' channels and Redis
commands, many in one round trip (one pipeline), by one task.

A frame is one string; the frames for one channel in one round trip are joined by
``FRAME`` into one published message, and a frame's fields by ``FIELD``: JSON text never
holds either unescaped, so game messages pass through as they are.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger("rumizi.server.cluster.worker")

FRAME = "\x1e"
FIELD = "\x1f"

INBOX = "rumizi:worker:"
"""``INBOX + worker id``: the pub/sub channel a worker listens on."""


class Outbox:
    """Frames and commands waiting to go to Redis; ``run`` sends them as they come."""

    def __init__(self, redis: Redis, undelivered: Callable[[str, list[str]], None]) -> None:
        self.redis = redis
        self._undelivered = undelivered
        """Called with a worker id and its frames when nobody listened on its channel."""
        self._frames: dict[str, list[str]] = {}
        self._commands: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self._wake = asyncio.Event()

    def publish(self, worker: str, *fields: str) -> None:
        """A frame for ``worker``'s channel."""
        self._frames.setdefault(INBOX + worker, []).append(FIELD.join(fields))
        self._wake.set()

    def command(self, name: str, *args: Any, **options: Any) -> None:
        """A Redis command, sent in order with the frames (its reply is not read)."""
        self._commands.append((name, args, options))
        self._wake.set()

    async def run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self.flush()
            except Exception:
                log.exception("could not publish to the other workers")
                await asyncio.sleep(0.1)

    async def flush(self) -> None:
        frames, self._frames = self._frames, {}
        commands, self._commands = self._commands, []
        if not frames and not commands:
            return
        pipe = self.redis.pipeline(transaction=False)
        channels = list(frames.items())
        for channel, items in channels:
            pipe.publish(channel, FRAME.join(items))
        for name, args, options in commands:
            getattr(pipe, name)(*args, **options)
        results = await pipe.execute(raise_on_error=False)
        for (channel, items), heard in zip(channels, results, strict=False):
            if heard == 0:
                self._undelivered(channel.removeprefix(INBOX), items)


async def listening(redis: Redis, workers: list[str]) -> dict[str, bool]:
    """Which of ``workers`` listen on their channel: Redis drops a dead process's
    subscription at once (its connection closes), long before its leases run out."""
    found = await redis.pubsub_numsub(*[INBOX + w for w in workers])
    heard = {str(channel).removeprefix(INBOX): int(n) > 0 for channel, n in found}
    return {w: heard.get(w, False) for w in workers}
