"""Sign-in attempts, rate limited per address and per account: at most ``per_address``
attempts from one address and ``per_account`` at one account's passkeys in any
``window`` seconds (``RUMIZI_SIGNIN_PER_ADDRESS``, ``RUMIZI_SIGNIN_PER_ACCOUNT``,
``RUMIZI_SIGNIN_WINDOW``). Kept in the worker's memory: with several workers each counts
its own, so the bound is the number of workers times these."""

from __future__ import annotations

import collections
import os
import time

from ..errors import RoomError


class Attempts:
    def __init__(self, per_address: int = 20, per_account: int = 10, window: float = 600.0) -> None:
        self.per_address, self.per_account, self.window = per_address, per_account, window
        self._seen: dict[str, collections.deque[float]] = {}

    @classmethod
    def from_env(cls) -> Attempts:
        env = os.environ
        return cls(
            int(env.get("RUMIZI_SIGNIN_PER_ADDRESS", "20")),
            int(env.get("RUMIZI_SIGNIN_PER_ACCOUNT", "10")),
            float(env.get("RUMIZI_SIGNIN_WINDOW", "600")),
        )

    def _count(self, key: str, limit: int) -> None:
        now = time.monotonic()
        seen = self._seen.setdefault(key, collections.deque())
        while seen and seen[0] <= now - self.window:
            seen.popleft()
        if len(seen) >= limit:
            raise RoomError("rate_limited", "too many sign-in attempts: wait a few minutes", 429)
        seen.append(now)
        if len(self._seen) > 100_000:  # forget the quietest keys first
            for old in [k for k, v in self._seen.items() if not v][:50_000]:
                del self._seen[old]

    def address(self, address: str | None) -> None:
        """One more attempt from this address (``RoomError`` 429 when over its limit)."""
        self._count(f"a:{address}", self.per_address)

    def account(self, player_id: str) -> None:
        """One more attempt at this account (``RoomError`` 429 when over its limit)."""
        self._count(f"p:{player_id}", self.per_account)
