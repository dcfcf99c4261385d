"""Replays, off the event loop: a finished match's positions are built once, in a worker
thread, kept (up to ``replay_cache_bytes``, least recently used first out) as ready JSON
text, and served a page at a time — with every seat's view, or as one seat saw it (that
seat's views and events only, each view made by the engine). A match still in play gives
the caller only its own seat's view of it, built in a worker thread too, and never kept.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rumizi import games

from .. import protocol
from ..limits import Limits
from ..store import MatchRow, Store
from .kept import Kept
from .positions import replay_in_play, replay_positions

Key = tuple[str, int | None]
"""A kept replay: the match, and the seat it is seen from (None: every seat)."""


class Replays:
    """The replay pages of finished matches, built once each."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store = store
        self.limits = limits
        self._kept: Kept[Key, list[str]] = Kept(
            limits.replay_cache_bytes, lambda texts: sum(len(t) for t in texts)
        )

    @property
    def builds(self) -> int:
        """How many replays were built (a cached one is not built again)."""
        return self._kept.made

    async def finished(self, row: MatchRow, seat: int | None = None) -> list[str]:
        """Every position of a finished match, as JSON texts (built once, then kept): with
        every seat's view, or (``seat``) only that seat's view and events."""

        async def build() -> list[str]:
            entries = await self.store.log(row.id)
            return await asyncio.to_thread(_build, row, entries, seat, seat is None)

        return await self._kept.get((row.id, seat), build)

    async def in_play(self, row: MatchRow, seat: int | None) -> list[str]:
        """One seat's own view of a match in play, position by position."""
        entries = await self.store.log(row.id)
        return await asyncio.to_thread(_build, row, entries, seat, False)


def _build(
    row: MatchRow, entries: list[tuple[int, dict[str, Any]]], seat: int | None, full: bool
) -> list[str]:
    game = games.load(row.game)
    if not full and row.finished_at is None:  # in play: the seat's own view, history retold
        return [protocol.dump(p) for p in replay_in_play(game, row, entries, seat)]
    return [protocol.dump(p) for p in replay_positions(game, row, entries, seat, full)]


def page(head: dict[str, Any], texts: list[str], start: int, count: int) -> str:
    """A replay reply: ``head``, then positions ``start`` … ``start + count - 1`` of
    ``texts``, with ``total`` and where the ``next`` page starts (None at the end)."""
    chunk = texts[start : start + count]
    end = start + len(chunk)
    head = {**head, "start": start, "total": len(texts), "next": end if end < len(texts) else None}
    text = protocol.dump(head)
    return text[:-1] + ',"positions":[' + ",".join(chunk) + "]}"
