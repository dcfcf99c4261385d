"""A Gymnasium environment in which one seat learns and our bots play the others.

    env = SingleAgentEnv("love-letter", players=2, opponents="search-hard")
    obs, info = env.reset(seed=0)        # obs: {"observation", "action_mask"}
    obs, reward, terminated, truncated, info = env.step(code)

The bots (``rumizi.bots``: ``random`` or any of a game's own levels) sit in the bot seat
every host uses (``rumizi.rl.opponents``): they see only their seat's view and legal
actions, those with a memory hear their seat's events, and those that search get their
seat's worlds, never the state. ``seat`` fixes the learner's seat; ``None`` draws it at
each reset from the seed. The reward is the learner's return when the game ends
(``spec.returns``), else 0.

A turn-based game's clock does not run, and a step is one of the learner's actions (the
bots act in between). A game played against its clock (Tuki) runs it: a step is a tick
(``rumizi.rl.clock``), the learner acts or waits (the last code), the bots act when their
think time has run out, and ``max_steps`` ticks end the episode as truncated.

A game that ends before the learner's first action (a one-round Love Letter game in which
a bot's Guard knocks the learner out at once) cannot be an episode: ``reset`` deals the
next one, and keeps the learner's return of the skipped game in ``skipped`` so that
statistics can count it.

An illegal code raises ``IllegalAction`` (nothing changes); with ``illegal="lose"`` it
ends the episode instead, with reward -1 and ``info["illegal"]`` saying why (for learners
that ignore the mask; the game itself is left as it was).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from rumizi.engine import IllegalAction

from .clock import CLOCK, Clock
from .opponents import Opponents, seat_levels
from .spec import Table, load


class SingleAgentEnv(gymnasium.Env[Any, Any]):
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium reads it)

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal: str = "raise",
        tick: float | None = None,
        max_steps: int | None = None,
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        self._lost = False
        spec = load(game_id)
        if spec.tick is None and (tick is not None or max_steps is not None):
            raise TypeError(f"{game_id} does not run a clock: tick and max_steps are not for it")
        players = players or (spec.game.min_players if spec.tick is None else 2)
        self.table = Table(spec, players, options)
        self.opponents = opponents if isinstance(opponents, str) else list(opponents)
        Opponents(game_id, seat_levels(players, self.opponents, [0]))  # (names checked now)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1}, not {seat}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.fixed_seat = seat
        self.seat = seat or 0
        self.tick = None if spec.tick is None else (spec.tick if tick is None else float(tick))
        self.max_steps = max_steps
        self.clock: Clock | None = None
        self._bots = Opponents(game_id, {})
        on_clock = self.tick is not None
        actions = self.table.num_actions + (1 if on_clock else 0)  # (+ wait)
        size = self.table.observation_size + (CLOCK if on_clock else 0)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(actions)
        self._seeds = random.Random()
        self.skipped: list[float] = []
        """The learner's returns of games that ended before it could act."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(seed)
        self._lost = False
        while True:
            self._deal()
            if self.table.outcome() is None:
                return self._observation(), self._info()
            self.skipped.append(self.table.returns()[self.seat])

    def _deal(self) -> None:
        """A new game, new bots, and the bots' moves until the learner's first turn (a
        game on the clock: its first tick)."""
        table = self.table
        if self.fixed_seat is None:
            self.seat = self._seeds.randrange(table.players)
        bots = Opponents(table.game.id, seat_levels(table.players, self.opponents, [self.seat]))
        if self.tick is not None:
            self.clock = Clock(table, self.tick, [self.seat], bots)
            self.clock.reset(self._seeds.getrandbits(63))
            return
        table.reset(self._seeds.getrandbits(63))
        bots.deal(self._seeds.getrandbits(63))
        bots.play(table)
        self._bots = bots

    def _observation(self) -> dict[str, np.ndarray]:
        if self.clock is not None:
            return {
                "observation": self.clock.observe(self.seat),
                "action_mask": self.clock.mask(self.seat),
            }
        return {
            "observation": self.table.observe(self.seat),
            "action_mask": self.table.mask(self.seat),
        }

    def _info(self) -> dict[str, Any]:
        mask = self.clock.mask(self.seat) if self.clock is not None else self.table.mask(self.seat)
        return {"seat": self.seat, "action_mask": mask}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.table.outcome() is not None or self._lost:
            raise RuntimeError("the game is over: call reset()")
        try:
            if self.clock is not None:
                self.clock.step({self.seat: int(action)})
            else:
                self.table.act(self.seat, int(action))
        except IllegalAction as error:
            if self.illegal == "raise":
                raise
            self._lost = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal": str(error)}
        if self.clock is None:
            self._bots.play(self.table)
        over = self.table.outcome() is not None
        reward = self.table.returns()[self.seat] if over else 0.0
        cut = (
            not over
            and self.clock is not None
            and self.max_steps is not None
            and self.clock.ticks >= self.max_steps
        )
        if cut:
            self._lost = True  # (an episode cut short is over too: reset)
        return self._observation(), reward, over, cut, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render([f"player_{i}" for i in range(self.table.players)])
