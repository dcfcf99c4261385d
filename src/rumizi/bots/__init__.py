"""Players that are not people. A bot sees only its seat's view and the legal actions.

``make(game_id, name)`` returns a bot: ``random`` for every game, and each level its
description names, made by the game's record (``BOTS`` of its ``bots`` module).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Protocol

from rumizi import games
from rumizi.engine import Action, Game, Rng, params


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


Worlds = Callable[[Rng], Any]
"""A seat's determinizer: each call draws a full state consistent with what it knows."""


def searches(bot: Bot) -> bool:
    """Whether ``bot`` plans over possible worlds (it then needs ``worlds_for``)."""
    return bool(getattr(bot, "searches", False))


def worlds_for(game: Game, state: Any, seat: int) -> Worlds:
    """The determinizer of ``seat``: worlds drawn by ``game.determinize`` from a snapshot
    of ``state``. A search bot gets this function, never the state itself: all it can learn
    is what every world consistent with its seat's knowledge has in common."""
    snapshot = copy.deepcopy(state)

    def worlds(rng: Rng) -> Any:
        return game.determinize(snapshot, seat, rng)

    return worlds


def decide(
    bot: Bot, view: dict[str, Any], legal: list[Action], rng: Rng, worlds: Worlds | None = None
) -> Action:
    """The bot's choice; a bot that searches also gets its seat's determinizer."""
    if searches(bot):
        if worlds is None:
            raise TypeError(f"the {bot.name} bot searches: pass its seat's worlds")
        choose: Any = bot.choose
        action: Action = choose(view, legal, rng, worlds=worlds)
        return action
    return bot.choose(view, legal, rng)


def names(game_id: str) -> list[str]:
    """The bot levels available for ``game_id``, weakest first: its description's."""
    return list(games.record(game_id).levels)


def make(game_id: str, name: str = "random") -> Bot:
    """A new bot of level ``name`` for ``game_id``; ``KeyError`` naming the choices. The
    level ``lesson`` plays the game's lesson (``rumizi.bots.scripted``)."""
    table = games.record(game_id).bots
    if name in table:
        bot: Bot = table[name]()
        return bot
    if name == "random":
        return RandomBot()
    if name == "lesson" and accepts(game_id, name):
        from .scripted import ScriptedBot

        return ScriptedBot(game_id)
    raise KeyError(f"no bot {name!r} for {game_id}; choose from {', '.join(names(game_id))}")


def accepts(game_id: str, name: str) -> bool:
    """Whether a host may seat a bot of level ``name`` for ``game_id``: one of ``names``,
    or ``lesson`` where the game has a lesson (a room made by the lesson's own route)."""
    if name in names(game_id):
        return True
    from rumizi import lessons

    return name == "lesson" and lessons.has(game_id)


def quickest_strong(game_id: str) -> str:
    """The strongest level that decides at once (no search): a host's stand-in for a
    person whose clock ran out, which must not keep the others waiting."""
    return [n for n in names(game_id) if not searches(make(game_id, n))][-1]
