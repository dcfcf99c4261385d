"""A Gymnasium environment in which one seat learns and our bots play the others.

    env = SingleAgentEnv("love-letter", players=2, opponents="heuristic")
    obs, info = env.reset(seed=0)        # obs: {"observation", "action_mask"}
    obs, reward, terminated, truncated, info = env.step(code)

The bots (``rumizi.bots``: ``random`` or a game's own levels) see only their seat's view
and legal actions, and those with a memory hear their seat's events, as in every host.
``seat`` fixes the learner's seat; ``None`` draws it at each reset from the seed. The
reward is the learner's return when the game ends (``spec.returns``), else 0. Clocks do
not run.

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

from rumizi import bots
from rumizi.engine import IllegalAction, make_rng

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
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        self._lost = False
        spec = load(game_id)
        players = players or spec.game.min_players
        self.table = Table(spec, players, options)
        levels = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if len(levels) not in (players - 1, players):
            raise ValueError(f"name one bot level, or one per other seat ({players - 1})")
        for level in set(levels):
            bots.make(game_id, level)  # KeyError naming the levels, now rather than later
        self.levels = levels
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1}, not {seat}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.fixed_seat = seat
        self.seat = seat or 0
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.table.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.table.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.table.num_actions)
        self._seeds = random.Random()
        self._bots: dict[int, Any] = {}
        self._heard: dict[int, int] = {}
        self._bot_rng = make_rng(0)
        self.skipped: list[float] = []
        """The learner's returns of games that ended before it could act."""

    def _bot_levels(self) -> dict[int, str]:
        others = [p for p in range(self.table.players) if p != self.seat]
        if len(self.levels) == self.table.players:
            return {p: self.levels[p] for p in others}
        return dict(zip(others, self.levels, strict=True))

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
        """A new game, new bots, and the bots' moves until the learner's first turn."""
        self.table.reset(self._seeds.getrandbits(63))
        self._bot_rng = make_rng(self._seeds.getrandbits(63))
        if self.fixed_seat is None:
            self.seat = self._seeds.randrange(self.table.players)
        self._bots = {p: bots.make(self.table.game.id, lv) for p, lv in self._bot_levels().items()}
        self._heard = dict.fromkeys(self._bots, 0)
        self._play_bots()

    def _play_bots(self) -> None:
        """The bots act until the learner may act or the game is over."""
        table = self.table
        while table.outcome() is None:
            seats = table.to_act()
            if not seats or self.seat in seats:
                return
            for seat in sorted(seats):
                if seat in table.to_act():
                    self._bot_turn(seat)

    def _bot_turn(self, seat: int) -> None:
        table, game, bot = self.table, self.table.game, self._bots[seat]
        hear = getattr(bot, "hear", None)
        if hear is not None:
            hear([e.to_json() for e in table.events[self._heard[seat] :] if e.visible_to(seat)])
            self._heard[seat] = len(table.events)
        action = bot.choose(
            game.view(table.state, seat), game.legal(table.state, seat), self._bot_rng
        )
        table.act(seat, table.spec.encode(action, seat, table.players))

    def _observation(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.table.observe(self.seat),
            "action_mask": self.table.mask(self.seat),
        }

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "action_mask": self.table.mask(self.seat)}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.table.outcome() is not None or self._lost:
            raise RuntimeError("the game is over: call reset()")
        try:
            self.table.act(self.seat, int(action))
        except IllegalAction as error:
            if self.illegal == "raise":
                raise
            self._lost = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal": str(error)}
        self._play_bots()
        over = self.table.outcome() is not None
        reward = self.table.returns()[self.seat] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render([f"player_{i}" for i in range(self.table.players)])
