"""PettingZoo environments for every game with the RL protocol (``rumizi.rl.spec``).

``env("love-letter", players=4)`` is an AEC environment: agents ``player_0`` …, each
observation a dict ``{"observation": float32 vector, "action_mask": int8 vector}``,
actions the game's integer codes. ``parallel_env("ugha-bugha", players=5)`` is the
parallel form, for games with simultaneous phases (Ugha Bugha's "Ho!" window).

Rewards come once, when the game ends (``spec.returns``: +1 for a sole winner, the others
share −1). Clocks do not run: nobody times out. ``render_mode="ansi"`` gives the
spectator's table as text, from the terminal renderer of the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from rumizi.engine import IllegalAction

from .spec import Table, load


def _name(game_id: str) -> str:
    return "rumizi_" + game_id.replace("-", "_") + "_v0"


def _observation_space(table: Table) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (table.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (table.num_actions,), np.int8),
        }
    )


class RumiziAEC(AECEnv):  # type: ignore[misc]
    """One game as a PettingZoo AEC environment; the seat to act is ``agent_selection``.

    In a simultaneous phase the seats that may act are asked one by one, lowest first.
    An illegal code raises ``IllegalAction`` (the game is unchanged); use the mask.
    """

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        spec = load(game_id)
        players = players or spec.game.min_players
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(spec, players, options)
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": _name(game_id),
            "is_parallelizable": True,
        }
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.observation_spaces = {a: _observation_space(self.table) for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.table.num_actions) for a in self.possible_agents
        }
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.table.reset(self._seeds.getrandbits(63))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        seats = self.table.to_act()
        if not seats:
            return self.agents[0]
        return self.possible_agents[min(seats)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act: None is only for a finished game")
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        table.act(self._seat[agent], int(action))
        if table.outcome() is not None:
            for a, r in zip(self.agents, table.returns(), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()  # the only rewards: every other step's are 0
        self.agent_selection = self._next_agent()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render(self.possible_agents)

    def close(self) -> None:
        pass


class RumiziParallel(ParallelEnv):  # type: ignore[misc]
    """One game as a PettingZoo parallel environment: every live agent gets a vector each
    step, and the seats that may act act together.

    The actions of seats that may not act now are ignored (their mask is all zeros). When
    several may act (Ugha Bugha's "Ho!" window), their actions are applied in an order
    drawn at random from the environment's seed, each only if that seat may still act
    (the first "Ho!" closes the window, as on a table).
    """

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        spec = load(game_id)
        players = players or spec.game.min_players
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(spec, players, options)
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "name": _name(game_id)}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.observation_spaces = {a: _observation_space(self.table) for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.table.num_actions) for a in self.possible_agents
        }
        self.agents: list[str] = []
        self._seeds = random.Random()
        self._order = random.Random()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {
            a: {"observation": self.table.observe(i), "action_mask": self.table.mask(i)}
            for i, a in enumerate(self.possible_agents)
            if a in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._seeds.seed(seed)
        self.table.reset(self._seeds.getrandbits(63))
        self._order.seed(self._seeds.getrandbits(63))
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, int]) -> tuple[dict[str, Any], ...]:
        seats = sorted(self.table.to_act())
        self._order.shuffle(seats)
        for seat in seats:
            agent = self.possible_agents[seat]
            if seat in self.table.to_act() and agent in actions:
                self.table.act(seat, int(actions[agent]))
        over = self.table.outcome() is not None
        returns = self.table.returns()
        live = self.agents
        observations = self._observations()
        rewards = {a: returns[self.possible_agents.index(a)] for a in live}
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render(self.possible_agents)

    def close(self) -> None:
        pass


def env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> RumiziAEC:
    """The AEC environment of ``game_id`` (``players`` defaults to the game's minimum)."""
    return RumiziAEC(game_id, players, options, render_mode)


def parallel_env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> RumiziParallel:
    """The parallel environment of ``game_id``."""
    return RumiziParallel(game_id, players, options, render_mode)
