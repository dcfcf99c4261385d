"""Bots at the table, server side: bot seats, and stand-ins for people who are away.

A bot sees only its seat's view and legal actions, taken when the position changed, and
acts through the same path as people (``Room.act``): its action is checked, logged and
stored like any other. It waits ``bot_delay`` seconds first so that people can follow,
and thinks off the event loop so that a slow bot never stalls the server: a search bot in
the server's process pool (``rumizi.server.room.thinking``), any other bot in a worker thread.
A bot with a memory (a ``hear(events)`` method) is told, before each choice, the events its
seat may see since it last heard, each event once and in order; each match gets fresh bots.

A real-time bot (one with ``think(view, action, rng) -> seconds``, Tuki's builders) is
played at its own times: it decides at once, waits its think time instead of
``bot_delay``, and its waiting turn survives other seats' moves in the same phase
(``game.phase``), so people race it live. Its action is then applied to the position of
that moment (the game checks it), not refused as stale.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import threading
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from rumizi import bots
from rumizi.bots.scripted import Waiting
from rumizi.bots.seat import BotSeat
from rumizi.engine import Action, Match

from .thinking import Thinkers, thought

log = logging.getLogger("rumizi.server")

ActFn = Callable[[int, Action, int | None], Awaitable[Any]]
"""``act(seat, action, index)``: submit an action as the seat, made on position ``index``
(``None``: on whatever the position is when it arrives)."""

Decide = Callable[[random.Random], Awaitable[Action]]
"""A bot's decision on a position taken when it was due, run off the event loop."""


class _Turn:
    __slots__ = ("acting", "phase", "task")

    def __init__(self, phase: Any = None) -> None:
        self.acting = False
        self.phase = phase
        """For a real-time bot, the phase its turn belongs to; ``None`` otherwise."""
        self.task: asyncio.Task[None] | None = None


def _phase(match: Match) -> Any:
    phase = match.game.phase
    return None if phase is None else ("phase", phase(match.state))


class BotSeats:
    """The bots of one room; ``schedule`` after every change of position."""

    def __init__(
        self,
        game_id: str,
        delay: float,
        act: ActFn,
        act_for: ActFn,
        thinkers: Thinkers | None = None,
    ) -> None:
        self.game_id = game_id
        self.delay = delay
        self.thinkers = thinkers or Thinkers(0)
        """The server's process pool for search bots (none: they think in threads)."""
        self._act = act
        self._act_for = act_for
        self._bots: dict[tuple[int, str], SeatedBot] = {}
        self._rngs: dict[int, random.Random] = {}
        self._turns: dict[int, _Turn] = {}

    def reset(self) -> None:
        """A new match: drop waiting turns, and every bot's memory of the last match."""
        self.cancel()
        self._bots.clear()

    def schedule(
        self, match: Match, level_of: Callable[[int], str | None], acted: int | None = None
    ) -> None:
        """Give each seat that must act and is played by a bot (``level_of(seat)``) its turn.

        Turns waiting on an older position are dropped: the position changed under them —
        except a real-time bot's, while its seat still acts in the same phase and the
        change was not its own move (``acted``). A turn decided before its own seat's
        move would act on a build it no longer has: when a bot's action waited for the
        room while another seat moved, that move gave the bot a second turn, which then
        tried the same piece again, was refused, and left the bot with no turn at all.
        """
        phase, acting = _phase(match), match.to_act()
        for seat, turn in list(self._turns.items()):
            if (
                turn.phase is None
                or turn.phase != phase
                or seat not in acting
                or seat == acted
                or match.over
            ):
                self.cancel(seat)
        if match.over:
            return
        index = len(match.log)
        for seat in sorted(acting):
            level = level_of(seat)
            if level is not None and seat not in self._turns:
                self._start(match, seat, level, index, self.delay, self._act)

    def move_now(self, match: Match, seat: int, level: str) -> None:
        """A stand-in makes one move for ``seat`` at once (the seat's move clock ran out)."""
        self.cancel(seat)
        if not match.over and seat in match.to_act():
            self._start(match, seat, level, len(match.log), 0.0, self._act_for)

    def cancel(self, seat: int | None = None) -> None:
        """Drop waiting turns (of one seat, or all); a turn already acting finishes."""
        for s in [seat] if seat is not None else list(self._turns):
            turn = self._turns.get(s)
            if turn is not None and not turn.acting and turn.task is not None:
                turn.task.cancel()
                del self._turns[s]

    def _start(
        self, match: Match, seat: int, level: str, index: int, delay: float, act: ActFn
    ) -> None:
        legal = match.legal(seat)
        if not legal:
            return
        bot = self._seated(seat, level)
        turn = _Turn()
        if bot.think is not None and act is self._act:
            turn.phase = _phase(match)
            timed = bot.timed_decision(match, seat, legal)
            turn.task = asyncio.create_task(self._play_timed(turn, seat, timed, act))
        else:
            decide = self._decision(bot, match, seat, level, legal)
            turn.task = asyncio.create_task(self._play(turn, seat, decide, index, delay, act))
        self._turns[seat] = turn

    def _decision(
        self, bot: SeatedBot, match: Match, seat: int, level: str, legal: list[Action]
    ) -> Decide:
        """The bot's decision, taken from the position now: in the process pool for a
        search bot (``Thinkers.takes``), else in a worker thread."""
        if self.thinkers.takes(bot.bot):
            thinkers, due = self.thinkers, thought(match, level, seat, legal, seed=0)

            async def pooled(rng: random.Random) -> Action:
                return await thinkers.decide(replace(due, seed=rng.getrandbits(64)))

            return pooled
        threaded = bot.decision(match, seat, legal)

        async def in_thread(rng: random.Random) -> Action:
            return await asyncio.to_thread(threaded, rng)

        return in_thread

    async def _play(
        self,
        turn: _Turn,
        seat: int,
        decide: Decide,
        index: int,
        delay: float,
        act: ActFn,
    ) -> None:
        try:
            if delay:
                await asyncio.sleep(delay)
            rng = self._rngs.setdefault(seat, random.Random(secrets.randbits(64)))
            action = await decide(rng)
            turn.acting = True
            if self._turns.get(seat) is turn:
                del self._turns[seat]
            await act(seat, action, index)
        except asyncio.CancelledError:
            raise
        except Waiting:  # a lesson's bot whose step has not come: the next change asks again
            pass
        except Exception as e:  # a stale position or a bot's bug: the next change reschedules
            log.info("bot for seat %s did not move: %s", seat, e)

    async def _play_timed(
        self,
        turn: _Turn,
        seat: int,
        decide: Callable[[random.Random], tuple[Action, float]],
        act: ActFn,
    ) -> None:
        """A real-time bot: decide now, wait the think time it states, then act on the
        position of that moment."""
        try:
            rng = self._rngs.setdefault(seat, random.Random(secrets.randbits(64)))
            action, seconds = await asyncio.to_thread(decide, rng)
            await asyncio.sleep(seconds)
            turn.acting = True
            if self._turns.get(seat) is turn:
                del self._turns[seat]
            await act(seat, action, None)
        except asyncio.CancelledError:
            raise
        except Waiting:  # a lesson's bot whose step has not come: the next change asks again
            pass
        except Exception as e:  # refused now: the next change reschedules
            log.info("bot for seat %s did not move: %s", seat, e)

    def _seated(self, seat: int, level: str) -> SeatedBot:
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = SeatedBot(bots.make(self.game_id, level))
        return self._bots[key]


class SeatedBot:
    """One bot in one seat for one match, with how far it has heard its seat's events."""

    def __init__(self, bot: bots.Bot) -> None:
        self.bot = bot
        self.seated: BotSeat | None = None  # the seat is known at the first decision
        self.think: Callable[[dict[str, Any], Action, random.Random], float] | None = getattr(
            bot, "think", None
        )
        self.lock = threading.Lock()  # one decision at a time, even if a turn was dropped

    @property
    def heard(self) -> int:
        """How many of the match's events the bot has been told about."""
        return 0 if self.seated is None else self.seated.heard

    def decision(
        self, match: Match, seat: int, legal: list[Action]
    ) -> Callable[[random.Random], Action]:
        """What to run in the worker: hear what is new, then choose. The view, the legal
        actions and the events are taken now, from the stored position."""
        view = match.view(seat)
        seated = self.seated = self.seated or BotSeat(self.bot, seat)
        news = seated.news(match.events)
        worlds = bots.worlds_for(match.game, match.state, seat) if seated.searches else None

        def decide(rng: random.Random) -> Action:
            with self.lock:
                return seated.choose(view, legal, rng, news, worlds)

        return decide

    def timed_decision(
        self, match: Match, seat: int, legal: list[Action]
    ) -> Callable[[random.Random], tuple[Action, float]]:
        """A real-time bot's decision: the action and the seconds it takes to make it."""
        decide = self.decision(match, seat, legal)
        view = match.view(seat)
        think = self.think
        assert think is not None

        def timed(rng: random.Random) -> tuple[Action, float]:
            action = decide(rng)
            return action, float(think(view, action, rng))

        return timed
