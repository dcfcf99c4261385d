"""A game played against its clock, in ticks: the core of the faces of a race (Tuki).

Each step is one tick of ``tick`` seconds. In a tick, every learner's seat that may act
sends one code — an action, or ``wait`` (the last code: nothing this tick) — and every
bot whose think time has run out acts; all these actions are applied in an order drawn
from the seed (a tick is simultaneous), each only while its seat may still act and the
phase (Tuki's round) has not changed since the tick began. Then the clock moves on: when
the phase's deadline has passed the host's ``timeout`` is applied, as in every host. So
speed matters as in the game: a builder who declares in fewer ticks declares first.

The bots sit in the bot seats every host uses (``rumizi.rl.opponents``): a bot decides
from its view when its seat may act and has nothing pending, and its action falls due
its think time later (``think``, as the arena's simulated clock and the server play
them). A decision is dropped when the phase changes.

The vector of a seat is the game's (``observe``) followed by two numbers: the share of
the phase's clock gone (0–1), and 1 when the phase has a clock.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from rumizi.engine import SYSTEM, TIMEOUT, Action, IllegalAction

from .opponents import Opponents
from .spec import Table, Vector

CLOCK = 2
"""Numbers the clock adds at the end of a vector."""


class Clock:
    """A table whose game runs against its clock; ``learners`` act by codes, the seats
    of ``opponents`` are bots."""

    def __init__(
        self,
        table: Table,
        tick: float,
        learners: Iterable[int],
        opponents: Opponents | None = None,
    ) -> None:
        if not tick > 0:
            raise ValueError(f"tick must be a positive number of seconds, not {tick!r}")
        self.table = table
        self.tick = float(tick)
        self.learners = sorted(set(learners))
        self.opponents = opponents or Opponents(table.game.id, {})
        self.wait = table.num_actions
        """The code that does nothing this tick (the last one)."""
        self.num_actions = table.num_actions + 1
        self.observation_size = table.observation_size + CLOCK
        self.now = 0.0
        """Seconds since the game began."""
        self.started = 0.0
        """When the current phase began."""
        self.ticks = 0
        self._phase: Any = None
        self._due: dict[int, tuple[float, Action]] = {}
        self._order = random.Random()

    def reset(self, seed: int) -> None:
        """A new game from ``seed`` (the deal, the bots' choices, the orders in ticks)."""
        seeds = random.Random(seed)
        self.table.reset(seeds.getrandbits(63))
        self._order.seed(seeds.getrandbits(63))
        self.opponents.deal(seeds.getrandbits(63))
        self.now = self.started = 0.0
        self.ticks = 0
        self._phase = self._phase_now()
        self._due = {}
        self._decide()

    def _phase_now(self) -> Any:
        phase = self.table.game.phase
        return phase(self.table.state) if phase is not None else None

    # ------------------------------------------------------------ what a seat sees
    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """``seat``'s legal codes, ``wait`` included while the game goes on."""
        mask = np.zeros(self.num_actions, np.int8)
        if self.table.outcome() is None:
            mask[: self.wait] = self.table.mask(seat)
            mask[self.wait] = 1
        return mask

    def observe(self, seat: int) -> Vector:
        """The game's vector of ``seat``, then the clock's two numbers."""
        vector = np.empty(self.observation_size, np.float32)
        vector[:-CLOCK] = self.table.observe(seat)
        limit = self.table.game.deadline(self.table.state)
        if limit:
            vector[-2:] = (min((self.now - self.started) / limit, 1.0), 1.0)
        else:
            vector[-2:] = 0.0
        return vector

    # ------------------------------------------------------------------- a tick
    def step(self, codes: Mapping[int, int]) -> list[int]:
        """One tick: the learners' codes (a missing seat waits) and the bots' due actions
        are applied, then the clock moves on. ``IllegalAction`` (nothing changed) for a
        code that is not legal now. Returns the seats whose action was dropped (the phase
        changed before it, in the same tick)."""
        table = self.table
        if table.outcome() is not None:
            raise RuntimeError("the game is over: reset it")
        moves: list[tuple[int, int | None, Action | None]] = []
        for seat, code in sorted(codes.items()):
            code = int(code)
            if seat not in self.learners:
                raise ValueError(f"seat {seat} is not a learner's")
            if code == self.wait:
                continue
            if not 0 <= code < self.wait or not table.mask(seat)[code]:
                raise IllegalAction(self.why_illegal(seat, code))
            moves.append((seat, code, None))
        end = self.now + self.tick
        for seat, (due, action) in sorted(self._due.items()):
            if due < end:
                moves.append((seat, None, action))
                del self._due[seat]
        self._order.shuffle(moves)
        dropped = self._apply(moves)
        self.now, self.ticks = end, self.ticks + 1
        self._run_clock()
        return dropped

    def why_illegal(self, seat: int, code: int) -> str:
        """Why ``seat`` may not play ``code`` now, in words."""
        try:
            action = self.table.spec.decode(code, seat, self.table.players)
        except IllegalAction as error:
            return str(error)
        if seat not in self.table.to_act():
            return f"seat {seat} may only wait now (code {self.wait}), not {action}"
        return f"seat {seat} may not {action} now"

    def _apply(self, moves: list[tuple[int, int | None, Action | None]]) -> list[int]:
        table, phase, dropped = self.table, self._phase, []
        for seat, code, action in moves:
            if table.outcome() is not None or self._phase_now() != phase:
                dropped.append(seat)
                continue
            if seat not in table.to_act():
                continue
            try:
                if code is not None:
                    table.act(seat, code)
                else:
                    assert action is not None
                    table.apply(seat, action)
            except IllegalAction:
                # legal when the tick began, refused after another move of the tick: dropped
                # (a bot's sampled instance the rules refuse: the bot decides again)
                if code is not None:
                    dropped.append(seat)
        return dropped

    def _run_clock(self) -> None:
        """The deadline's ``timeout`` when it has passed; a new phase restarts the clock
        and drops the bots' pending decisions; the bots that may act decide."""
        table = self.table
        limit = table.game.deadline(table.state) if table.outcome() is None else None
        if limit is not None and self.now >= self.started + limit - 1e-9:
            table.apply(SYSTEM, dict(TIMEOUT))
        phase = self._phase_now()
        if phase != self._phase:
            self._phase, self.started = phase, self.now
            self._due.clear()
        if (
            table.outcome() is None
            and not table.to_act()
            and table.game.deadline(table.state) is None
        ):
            raise RuntimeError(f"{table.game.id}: nobody may act and nothing is on the clock")
        self._decide()

    def _decide(self) -> None:
        table = self.table
        if table.outcome() is not None:
            self._due.clear()
            return
        acting = table.to_act()
        for seat in [s for s in self._due if s not in acting]:
            del self._due[seat]
        for seat in sorted(acting):
            if seat in self.opponents and seat not in self._due:
                action, seconds = self.opponents.decide(table, seat)
                self._due[seat] = (self.now + seconds, action)

    def returns(self) -> list[float]:
        return self.table.returns()
