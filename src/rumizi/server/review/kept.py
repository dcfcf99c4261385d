"""Results made once per key and kept: what replays and analyses share.

A result is made on first asking; anyone who asks for the same key while it is being made
waits for that same making (no second one starts), and a failure reaches them all and is
not kept. Kept results go least recently used first once their sizes pass ``budget``; one
larger than the whole budget is handed out but not kept.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """Values made once per key, shared while being made, kept within a size budget."""

    def __init__(self, budget: int, size: Callable[[V], int] = lambda _value: 1) -> None:
        self.budget = budget
        self.size = size
        self._kept: collections.OrderedDict[K, V] = collections.OrderedDict()
        self._used = 0
        self._making: dict[K, asyncio.Future[V]] = {}
        self.made = 0
        """How many values were made (a kept one is not made again)."""

    def has(self, key: K) -> bool:
        """Whether ``key``'s value is kept or being made (asking for it makes nothing new)."""
        return key in self._kept or key in self._making

    @property
    def making(self) -> int:
        """How many values are being made now."""
        return len(self._making)

    async def get(self, key: K, make: Callable[[], Awaitable[V]]) -> V:
        """``key``'s value: the kept one, the one being made, or ``make()``'s."""
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        pending = self._making.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[V] = asyncio.get_running_loop().create_future()
        self._making[key] = future
        try:
            value = await make()
            self.made += 1
            self._keep(key, value)
            future.set_result(value)
            return value
        except BaseException as e:
            future.set_exception(e)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._making[key]

    def _keep(self, key: K, value: V) -> None:
        size = self.size(value)
        if size > self.budget:
            return
        self._kept[key] = value
        self._used += size
        while self._used > self.budget:
            _old, dropped = self._kept.popitem(last=False)
            self._used -= self.size(dropped)
