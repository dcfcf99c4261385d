"""Search bots think in other processes, never on the server's event loop.

A search bot spends up to a second of CPU on a move. In a thread of the server's own
process it would hold the interpreter lock all that time, and every other table (people's
moves, sockets, clocks) would wait on it. So a bot that searches and has no memory of its
own (no ``hear``: each decision depends only on what it is handed) decides in a process
pool: the server hands it a ``Thought`` — the game, the level, the seat, the seat's view
and legal actions, a random seed, and the position pickled at that moment (from which the
worker builds the seat's determinizer, exactly as ``rumizi.bots.worlds_for`` does in
process) — and awaits the action. Other bots are quick and stay in a worker thread
(``rumizi.server.room.seating``).

The pool is started at the first search decision (processes are spawned: they import
the games afresh) and has ``Limits.bot_processes`` processes (``RUMIZI_BOT_PROCESSES``;
0 keeps search bots in threads, as before). Its workers run at a lower CPU priority than
the server (``NICENESS``), so that on a machine short of cores people's moves still go
first.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from rumizi import bots, games
from rumizi.engine import Action


@dataclass(frozen=True)
class Thought:
    """Everything a search bot's decision needs, taken from the position when it was due."""

    game_id: str
    level: str
    seat: int
    view: dict[str, Any]
    legal: list[Action]
    position: bytes
    """The game's state, pickled when the decision was due (the worker's determinizer
    draws its worlds from it; the bot itself never sees it)."""
    seed: int


def thought(match: Any, level: str, seat: int, legal: list[Action], seed: int) -> Thought:
    """A snapshot of ``match`` for ``seat``'s search bot of ``level``, taken now."""
    return Thought(
        match.game.id,
        level,
        seat,
        match.view(seat),
        legal,
        pickle.dumps(match.state, pickle.HIGHEST_PROTOCOL),
        seed,
    )


_BOTS: dict[tuple[str, str], bots.Bot] = {}
"""A worker's bots by game and level: a search bot without memory may decide for any seat."""


def think(t: Thought) -> Action:
    """The bot's decision (run in a worker process)."""
    bot = _BOTS.get((t.game_id, t.level))
    if bot is None:
        bot = _BOTS[(t.game_id, t.level)] = bots.make(t.game_id, t.level)
    game = games.load(t.game_id)
    worlds = bots.worlds_for(game, pickle.loads(t.position), t.seat)
    return bots.decide(bot, t.view, t.legal, random.Random(t.seed), worlds)


NICENESS = 10
"""How much lower than the server's the workers' CPU priority is: when cores are short,
people's moves (the event loop) go first and the bots think a little longer."""


def _lower_priority() -> None:
    """A worker's start: give way to the server's own process."""
    with contextlib.suppress(OSError, AttributeError):  # not every system lets us
        os.nice(NICENESS)


def _warm() -> None:
    """A worker's first task: import what deciding needs before the first real one."""
    for game_id in games.ids():
        bots.names(game_id)


class Thinkers:
    """The process pool of one server's search bots (``processes`` 0: none)."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self.decisions = 0
        """Decisions made in the pool so far."""

    def takes(self, bot: bots.Bot) -> bool:
        """Whether ``bot`` thinks in the pool: it searches, and keeps no memory to hear."""
        return self.processes > 0 and bots.searches(bot) and not hasattr(bot, "hear")

    async def decide(self, t: Thought) -> Action:
        """The action of ``t``, decided in a worker process."""
        loop = asyncio.get_running_loop()
        action: Action = await loop.run_in_executor(self._executor(), think, t)
        self.decisions += 1
        return action

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority,
            )
            for _ in range(self.processes):
                self._pool.submit(_warm)
        return self._pool

    def close(self) -> None:
        """Stop the workers (decisions still waiting are dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
