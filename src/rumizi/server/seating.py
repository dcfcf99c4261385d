"""Bots at the table, server side: bot seats, and stand-ins for people who are away.

A bot sees only its seat's view and legal actions, taken when the position changed, and
acts through the same path as people (``Room.act``): its action is checked, logged and
stored like any other. It waits ``bot_delay`` seconds first so that people can follow,
and thinks in a worker thread so that a slow bot never stalls the server.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from rumizi import bots
from rumizi.engine import Action, Match

log = logging.getLogger("rumizi.server")

ActFn = Callable[[int, Action, int], Awaitable[Any]]
"""``act(seat, action, index)``: submit an action as the seat, made on position ``index``."""


class _Turn:
    __slots__ = ("acting", "task")

    def __init__(self) -> None:
        self.acting = False
        self.task: asyncio.Task[None] | None = None


class BotSeats:
    """The bots of one room; ``schedule`` after every change of position."""

    def __init__(self, game_id: str, delay: float, act: ActFn, act_for: ActFn) -> None:
        self.game_id = game_id
        self.delay = delay
        self._act = act
        self._act_for = act_for
        self._bots: dict[tuple[int, str], bots.Bot] = {}
        self._rngs: dict[int, random.Random] = {}
        self._turns: dict[int, _Turn] = {}

    def schedule(self, match: Match, level_of: Callable[[int], str | None]) -> None:
        """Give each seat that must act and is played by a bot (``level_of(seat)``) its turn.

        Turns waiting on an older position are dropped: the position changed under them.
        """
        self.cancel()
        if match.over:
            return
        index = len(match.log)
        for seat in sorted(match.to_act()):
            level = level_of(seat)
            if level is not None:
                legal = match.legal(seat)
                self._start(seat, level, match.view(seat), legal, index, self.delay, self._act)

    def move_now(self, match: Match, seat: int, level: str) -> None:
        """A stand-in makes one move for ``seat`` at once (the seat's move clock ran out)."""
        self.cancel(seat)
        if not match.over and seat in match.to_act():
            view, legal = match.view(seat), match.legal(seat)
            self._start(seat, level, view, legal, len(match.log), 0.0, self._act_for)

    def cancel(self, seat: int | None = None) -> None:
        """Drop waiting turns (of one seat, or all); a turn already acting finishes."""
        for s in [seat] if seat is not None else list(self._turns):
            turn = self._turns.get(s)
            if turn is not None and not turn.acting and turn.task is not None:
                turn.task.cancel()
                del self._turns[s]

    def _start(
        self,
        seat: int,
        level: str,
        view: dict[str, Any],
        legal: list[Action],
        index: int,
        delay: float,
        act: ActFn,
    ) -> None:
        if not legal:
            return
        turn = _Turn()
        turn.task = asyncio.create_task(
            self._play(turn, seat, level, view, legal, index, delay, act)
        )
        self._turns[seat] = turn

    async def _play(
        self,
        turn: _Turn,
        seat: int,
        level: str,
        view: dict[str, Any],
        legal: list[Action],
        index: int,
        delay: float,
        act: ActFn,
    ) -> None:
        try:
            if delay:
                await asyncio.sleep(delay)
            bot = self._bot(seat, level)
            rng = self._rngs.setdefault(seat, random.Random(secrets.randbits(64)))
            action = await asyncio.to_thread(bot.choose, view, legal, rng)
            turn.acting = True
            if self._turns.get(seat) is turn:
                del self._turns[seat]
            await act(seat, action, index)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a stale position or a bot's bug: the next change reschedules
            log.info("bot for seat %s did not move: %s", seat, e)

    def _bot(self, seat: int, level: str) -> bots.Bot:
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = bots.make(self.game_id, level)
        return self._bots[key]
