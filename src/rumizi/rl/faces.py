"""What both kinds of PettingZoo environment share (``pettingzoo``: turn by turn;
``pettingzoo_clock``: in ticks of a game's clock): the name, the spaces, the bot seats, the
books at a reset and the faces every environment shows.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .opponents import Opponents, seat_levels
from .spec import Table


def env_name(game_id: str) -> str:
    """The environment's name in its metadata: ``rumizi_love_letter_v0``."""
    return "rumizi_" + game_id.replace("-", "_") + "_v0"


def observation_space(size: int, actions: int) -> spaces.Dict:
    """The space of every agent's observation: the vector and the mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
    )


def bot_seats(game_id: str, players: int, opponents: Mapping[int, str] | None) -> Opponents:
    """The bots of ``opponents`` (seat → level); at least one seat must be left to agents."""
    levels = seat_levels(players, opponents, ())
    if len(levels) >= players:
        raise ValueError("every seat is a bot's: leave at least one to the agents")
    return Opponents(game_id, levels)


class Faces:
    """What every environment here shares: its table, each agent's spaces, the text."""

    table: Table
    render_mode: str | None
    observation_spaces: dict[str, spaces.Dict]
    action_spaces: dict[str, spaces.Discrete]

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render([f"player_{i}" for i in range(self.table.players)])

    def close(self) -> None:
        pass


def fresh_books(env: AECEnv) -> None:
    """An AEC environment's books at a reset: every agent in play, nothing earned yet."""
    env.agents = list(env.possible_agents)
    env.rewards = dict.fromkeys(env.agents, 0.0)
    env._cumulative_rewards = dict.fromkeys(env.agents, 0.0)
    env.terminations = dict.fromkeys(env.agents, False)
    env.truncations = dict.fromkeys(env.agents, False)
    env.infos = {a: {} for a in env.agents}
