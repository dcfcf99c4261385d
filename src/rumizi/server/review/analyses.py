"""Post-game analysis for the replay viewer, off the event loop.

The search bot's weighing of one seat's decisions (``rumizi.bots.analysis``) is plain
CPU work: it runs in a separate process (``analysis_workers`` of them, at the lower CPU
priority of the search bots' workers, ``rumizi.server.room.thinking``), within a time
budget (``analysis_seconds`` for a whole match), once per match and seat; the answers are
kept (``analysis_kept`` of them, least recently used out first). While
``analysis_queue`` analyses are already waiting or running, another is refused with 503
``busy`` rather than queued without end.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rumizi import games
from rumizi.bots import analysis
from rumizi.engine import Match

from ..errors import RoomError
from ..limits import Limits
from ..room.thinking import _lower_priority as lower_priority
from ..store import MatchRow
from .kept import Kept

Key = tuple[str, int]
"""An analysis: the match and the seat it judges."""


class Analyses:
    """Analyses of finished matches, each made once in a worker process and kept."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._kept: Kept[Key, dict[str, Any]] = Kept(limits.analysis_kept)
        self._pool: ProcessPoolExecutor | None = None

    @property
    def made(self) -> int:
        """How many analyses were made (a kept one is not made again)."""
        return self._kept.made

    async def of(
        self, row: MatchRow, seat: int, log: list[tuple[int, dict[str, Any]]]
    ) -> dict[str, Any]:
        """The analysis of ``seat`` in the finished match ``row`` (made once, then kept)."""
        level = analysis.search_level(row.game)
        if level is None:
            raise RoomError("no_analysis", f"{row.game} has no search bot to analyse with", 404)
        key = (row.id, seat)
        if not self._kept.has(key) and self._kept.making >= self.limits.analysis_queue:
            raise RoomError("busy", "the server is analysing other matches: try again soon", 503)

        async def make() -> dict[str, Any]:
            job = (row.game, row.players, row.seed, row.options, log, seat, level)
            found: dict[str, Any] = await asyncio.get_running_loop().run_in_executor(
                self._workers(), analyse, *job, self.limits.analysis_seconds
            )
            return {"match": row.id, **found}

        return await self._kept.get(key, make)

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:  # spawned, not forked: the server's threads stay its own
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.limits.analysis_workers,
                mp_context=context,
                initializer=lower_priority,  # as the search bots' workers: people first
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def analyse(
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    log: list[tuple[int, dict[str, Any]]],
    seat: int,
    level: str,
    seconds: float,
) -> dict[str, Any]:
    """One seat's analysis as the viewer shows it (run in a worker process): each decision
    with its log index, the estimates of the move played and of the best one, the words of
    both moves (catalogue messages, as the seat would read them then) and whether it is
    one of the costliest."""
    game = games.load(game_id)
    decisions = analysis.analyse(game, players, seed, options, log, seat, level, seconds)
    marked = set(analysis.costliest(decisions))
    views = _views_before(Match(game, players, seed, options), log, seat)
    rows = [
        {
            **d.to_json(),
            "costly": d.index in marked,
            "played_message": _words(game_id, d.played, views[d.index]),
            "best_message": _words(game_id, d.best, views[d.index]),
        }
        for d in decisions
    ]
    return {"game": game_id, "seat": seat, "level": level, "decisions": rows}


def _views_before(
    match: Match, log: list[tuple[int, dict[str, Any]]], seat: int
) -> dict[int, dict[str, Any]]:
    """``seat``'s view before each of its own log entries, by log index."""
    views = {}
    for index, (s, action) in enumerate(log):
        if int(s) == seat:
            views[index] = match.view(seat)
        match.apply(int(s), dict(action))
    return views


def _words(game_id: str, action: dict[str, Any], view: dict[str, Any]) -> Any:
    """How ``action`` reads to the seat that had ``view`` (a catalogue message), or None
    for a game without a text catalogue."""
    texts = games.record(game_id).texts
    return None if texts is None else texts.action_message(action, view)
