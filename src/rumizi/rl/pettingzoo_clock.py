"""PettingZoo environments of a game played against its clock (Tuki), in ticks.

``pettingzoo.parallel_env("tuki", players=3)`` is ``ClockParallel``: each step is one
tick of the game's clock (``tick`` seconds, the game's ``TICK_SECONDS`` by default: one
second for Tuki) in which every agent acts at once — an action code, or ``wait`` (the
last code) — and the bots of ``opponents`` act when their think time has run out
(``rumizi.rl.clock``). ``pettingzoo.env("tuki", …)`` is ``ClockAEC``, the same ticks
asked agent by agent: each agent chooses on the tick's observation, its code is checked
at once (``IllegalAction``, nothing changed), and the tick is played when the last live
agent has chosen.

Every agent acts at every tick while the game goes on: a seat that may not act (Tuki's
scout at four, a builder who has declared) has only ``wait`` in its mask. Rewards come
when the game ends (``spec.returns``); ``max_steps`` truncates a game after that many
ticks (rewards 0), for learners that want short episodes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from rumizi.engine import IllegalAction

from .clock import Clock
from .faces import Faces, bot_seats, env_name, fresh_books, observation_space
from .spec import Table, load


class _Ticks(Faces):
    """What both forms share: the clock, its agents and their spaces."""

    def _set_up(
        self,
        game_id: str,
        players: int | None,
        options: Mapping[str, Any] | None,
        render_mode: str | None,
        opponents: Mapping[int, str] | None,
        tick: float | None,
        max_steps: int | None,
    ) -> None:
        spec = load(game_id)
        if spec.tick is None:
            raise ValueError(f"{game_id} is not played against its clock: use pettingzoo.env")
        players = players or max(2, spec.game.min_players)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be a positive number of ticks, not {max_steps!r}")
        table = Table(spec, players, options)
        bots = bot_seats(game_id, players, opponents)
        learners = [s for s in range(players) if s not in bots]
        self.clock = Clock(table, spec.tick if tick is None else tick, learners, bots)
        self.table = table
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [f"player_{s}" for s in learners]
        self._seat = dict(zip(self.possible_agents, learners, strict=True))
        space = observation_space(self.clock.observation_size, self.clock.num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            a: spaces.Discrete(self.clock.num_actions) for a in self.possible_agents
        }
        self.metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": env_name(game_id)}
        self._seeds = random.Random()

    @property
    def wait(self) -> int:
        """The code that does nothing this tick."""
        return self.clock.wait

    def _start(self, seed: int | None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.clock.reset(self._seeds.getrandbits(63))

    def _observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.clock.observe(seat), "action_mask": self.clock.mask(seat)}

    def _ended(self) -> tuple[bool, bool]:
        """(the game is over, the episode is cut at ``max_steps``)."""
        over = self.table.outcome() is not None
        cut = not over and self.max_steps is not None and self.clock.ticks >= self.max_steps
        return over, cut


class ClockParallel(_Ticks, ParallelEnv):  # type: ignore[misc]
    """A game played against its clock as a PettingZoo parallel environment: a step is a
    tick; an agent missing from the actions waits."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        opponents: Mapping[int, str] | None = None,
        tick: float | None = None,
        max_steps: int | None = None,
    ) -> None:
        self._set_up(game_id, players, options, render_mode, opponents, tick, max_steps)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._start(seed)
        self.agents = list(self.possible_agents)
        return {a: self._observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, int]) -> tuple[dict[str, Any], ...]:
        codes = {self._seat[a]: int(code) for a, code in actions.items() if a in self._seat}
        dropped = self.clock.step(codes)
        over, cut = self._ended()
        returns = self.table.returns()
        live = self.agents
        observations = {a: self._observe(a) for a in live}
        rewards = {a: returns[self._seat[a]] for a in live}
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, cut)
        infos = {a: {"dropped": self._seat[a] in dropped} for a in live}
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


class ClockAEC(_Ticks, AECEnv):  # type: ignore[misc]
    """A game played against its clock as a PettingZoo AEC environment: the agents choose
    one after another on the tick's observations, the tick is played after the last."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        opponents: Mapping[int, str] | None = None,
        tick: float | None = None,
        max_steps: int | None = None,
    ) -> None:
        AECEnv.__init__(self)
        self._set_up(game_id, players, options, render_mode, opponents, tick, max_steps)
        self.metadata["is_parallelizable"] = True
        self._seen: dict[str, dict[str, np.ndarray]] = {}
        self._codes: dict[int, int] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._start(seed)
        fresh_books(self)
        self._seen, self._codes = {}, {}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation at the start of this tick (the same all tick long)."""
        seen = self._seen.get(agent)
        if seen is None:
            seen = self._seen[agent] = self._observe(agent)
        return {
            "observation": seen["observation"].copy(),
            "action_mask": seen["action_mask"].copy(),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act or wait: None is only for a finished game")
        code = int(action)
        mask = self.observe(agent)["action_mask"]
        if not 0 <= code < len(mask) or not mask[code]:
            raise IllegalAction(self.clock.why_illegal(self._seat[agent], code))
        self._cumulative_rewards[agent] = 0.0
        self._codes[self._seat[agent]] = code
        following = self.agents.index(agent) + 1
        if following < len(self.agents):
            self.agent_selection = self.agents[following]
            return
        self._play_tick()

    def _play_tick(self) -> None:
        dropped = self.clock.step(self._codes)
        self._seen, self._codes = {}, {}
        over, cut = self._ended()
        returns = self.table.returns()
        for a in self.agents:
            self.rewards[a] = returns[self._seat[a]] if over else 0.0
            self.terminations[a] = over
            self.truncations[a] = cut
            self.infos[a] = {"dropped": self._seat[a] in dropped}
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]
