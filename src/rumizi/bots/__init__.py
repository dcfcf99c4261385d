"""Players that are not people. A bot sees only its seat's view and the legal actions.

``make(game_id, name)`` returns a bot: ``random`` for every game, and whatever a game's
own ``bots`` module offers in its ``BOTS`` table (``heuristic`` for Love Letter).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, Protocol

from rumizi.engine import Action, Rng, params
from rumizi.games import package


class Bot(Protocol):
    name: str

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """One of ``legal``, decided from ``view`` alone.

        A bot that remembers may also have ``hear(events)``: hosts then pass it, before each
        choice, the JSON events its seat may see since it last heard.
        """


class RandomBot:
    """Picks uniformly among the legal entries; for an action kind, a random instance of
    it (which the game may refuse: hosts then ask again, see ``rumizi.engine.params``)."""

    name = "random"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        entry = legal[rng.randrange(len(legal))]
        return params.sample(entry, rng) if params.is_kind(entry) else entry


def _game_bots(game_id: str) -> dict[str, Callable[[], Bot]]:
    try:
        module = import_module(package(game_id) + ".bots")
    except ModuleNotFoundError:
        return {}
    table: dict[str, Callable[[], Bot]] = getattr(module, "BOTS", {})
    return table


def names(game_id: str) -> list[str]:
    """The bot levels available for ``game_id``, weakest first."""
    return ["random", *(n for n in _game_bots(game_id) if n != "random")]


def make(game_id: str, name: str = "random") -> Bot:
    """A new bot of level ``name`` for ``game_id``; ``KeyError`` naming the choices."""
    table = _game_bots(game_id)
    if name in table:
        return table[name]()
    if name == "random":
        return RandomBot()
    raise KeyError(f"no bot {name!r} for {game_id}; choose from {', '.join(names(game_id))}")
