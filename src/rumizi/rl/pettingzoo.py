"""PettingZoo environments for every game with the RL protocol (``rumizi.rl.spec``).

``env("love-letter", players=4)`` is an AEC environment: agents ``player_0`` …, each
observation a dict ``{"observation": float32 vector, "action_mask": int8 vector}``,
actions the game's integer codes. ``parallel_env("ugha-bugha", players=5)`` is the
parallel form, for games with simultaneous phases (Ugha Bugha's "Ho!" window).

``opponents`` seats our bots (``rumizi.rl.opponents``: any level of the game, in the bot
seat every host uses): ``env("love-letter", 3, opponents={1: "search-hard"})`` has the
agents ``player_0`` and ``player_2``; the bots act inside ``step`` (and ``reset``) until
an agent's turn.

Rewards come once, when the game ends (``spec.returns``: +1 for a sole winner, the others
share −1). Clocks do not run: nobody times out — except in a game played against its
clock (Tuki), whose environments step in ticks of it (``rumizi.rl.pettingzoo_clock``):
``env`` and ``parallel_env`` return those for it. ``render_mode="ansi"`` gives the
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

from .faces import Faces, bot_seats, env_name, fresh_books, observation_space
from .spec import Table, load


class _Seats(Faces):
    """What both forms share: the table, the bot seats and the agents (the other seats)."""

    def _seat_up(
        self,
        game_id: str,
        players: int | None,
        options: Mapping[str, Any] | None,
        render_mode: str | None,
        opponents: Mapping[int, str] | None,
    ) -> None:
        spec = load(game_id)
        players = players or spec.game.min_players
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(spec, players, options)
        self.bots = bot_seats(game_id, players, opponents)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players) if i not in self.bots]
        self._seat = {agent: int(agent.removeprefix("player_")) for agent in self.possible_agents}
        space = observation_space(self.table.observation_size, self.table.num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            a: spaces.Discrete(self.table.num_actions) for a in self.possible_agents
        }
        self._seeds = random.Random()
        self.skipped: list[dict[str, float]] = []
        """The agents' returns of games the bots ended before any agent could act."""

    def _deal(self, seed: int | None) -> None:
        """A new game (the next of the seeded sequence), and its bots' moves until an
        agent's turn. A game the bots end before any agent could act (a Love Letter
        round in which a bot's Guard knocks the only agent out at once) is no episode:
        the next one is dealt, and the agents' returns of it kept in ``skipped``."""
        if seed is not None:
            self._seeds.seed(seed)
        while True:
            self.table.reset(self._seeds.getrandbits(63))
            self.bots.deal(self._seeds.getrandbits(63))
            self.bots.play(self.table)
            if self.table.outcome() is None:
                return
            returns = self.table.returns()
            self.skipped.append({a: returns[s] for a, s in self._seat.items()})


class RumiziAEC(_Seats, AECEnv):  # type: ignore[misc]
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
        opponents: Mapping[int, str] | None = None,
    ) -> None:
        AECEnv.__init__(self)
        self._seat_up(game_id, players, options, render_mode, opponents)
        self.metadata = {
            "render_modes": ["ansi"],
            "name": env_name(game_id),
            "is_parallelizable": True,
        }

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._deal(seed)
        fresh_books(self)
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        seats = [s for s in self.table.to_act() if s not in self.bots]
        if not seats:
            return self.agents[0] if self.agents else self.possible_agents[0]
        return f"player_{min(seats)}"

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
        self.table.act(self._seat[agent], int(action))
        self.bots.play(self.table)
        self._end_if_over()
        self.agent_selection = self._next_agent()

    def _end_if_over(self) -> None:
        if self.table.outcome() is None:
            return
        returns = self.table.returns()
        for a in self.agents:
            self.rewards[a] = returns[self._seat[a]]
            self.terminations[a] = True
        self._accumulate_rewards()  # the only rewards: every other step's are 0


class RumiziParallel(_Seats, ParallelEnv):  # type: ignore[misc]
    """One game as a PettingZoo parallel environment: every live agent gets a vector each
    step, and the seats that may act act together.

    The actions of seats that may not act now are ignored (their mask is all zeros). When
    several may act (Ugha Bugha's "Ho!" window), their actions — and the bots', each
    chosen when its turn in the order comes — are applied in an order drawn at random
    from the environment's seed, each only if that seat may still act (the first "Ho!"
    closes the window, as on a table). Then the bots act until an agent may.
    """

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        opponents: Mapping[int, str] | None = None,
    ) -> None:
        self._seat_up(game_id, players, options, render_mode, opponents)
        self.metadata = {"render_modes": ["ansi"], "name": env_name(game_id)}
        self.agents: list[str] = []
        self._order = random.Random()

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {
            a: {
                "observation": self.table.observe(self._seat[a]),
                "action_mask": self.table.mask(self._seat[a]),
            }
            for a in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._deal(seed)
        self._order.seed(self._seeds.getrandbits(63))
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, int]) -> tuple[dict[str, Any], ...]:
        table = self.table
        seats = sorted(table.to_act())
        self._order.shuffle(seats)
        for seat in seats:
            agent = f"player_{seat}"
            if table.outcome() is not None or seat not in table.to_act():
                continue
            if seat in self.bots:
                self.bots.act(table, seat)
            elif agent in actions:
                table.act(seat, int(actions[agent]))
        self._bots_until_an_agent()
        over = table.outcome() is not None
        returns = table.returns()
        live = self.agents
        observations = self._observations()
        rewards = {a: returns[self._seat[a]] for a in live}
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _bots_until_an_agent(self) -> None:
        """While only bots may act, they do (in an order drawn from the seed)."""
        table = self.table
        while table.outcome() is None:
            seats = sorted(table.to_act())
            if not seats or any(s not in self.bots for s in seats):
                return
            self._order.shuffle(seats)
            for seat in seats:
                if table.outcome() is None and seat in table.to_act():
                    self.bots.act(table, seat)


def env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    opponents: Mapping[int, str] | None = None,
    **clock: Any,
) -> AECEnv:
    """The AEC environment of ``game_id`` (``players`` defaults to the game's minimum);
    ``opponents`` maps seats to bot levels. A game played against its clock gets its
    ticked form (``pettingzoo_clock.ClockAEC``; ``clock``: ``tick``, ``max_steps``)."""
    if load(game_id).tick is not None:
        from .pettingzoo_clock import ClockAEC

        return ClockAEC(game_id, players, options, render_mode, opponents, **clock)
    if clock:
        raise TypeError(f"{game_id} does not run a clock: {', '.join(clock)} is not for it")
    return RumiziAEC(game_id, players, options, render_mode, opponents)


def parallel_env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    opponents: Mapping[int, str] | None = None,
    **clock: Any,
) -> ParallelEnv:
    """The parallel environment of ``game_id`` (its ticked form for a game played
    against its clock: ``pettingzoo_clock.ClockParallel``)."""
    if load(game_id).tick is not None:
        from .pettingzoo_clock import ClockParallel

        return ClockParallel(game_id, players, options, render_mode, opponents, **clock)
    if clock:
        raise TypeError(f"{game_id} does not run a clock: {', '.join(clock)} is not for it")
    return RumiziParallel(game_id, players, options, render_mode, opponents)
