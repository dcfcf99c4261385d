"""The registry of games: ``load("love-letter")``, ``describe("love-letter")`` and ``ids()``.

Each game lives in its own package below this one and exposes ``GAME``; its
``description`` module exposes ``DESCRIPTION`` (light to import: no rules, no bots).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any

from rumizi.engine import Game
from rumizi.engine.description import Description
from rumizi.engine.texts import addressed

_PACKAGES: dict[str, str] = {
    "love-letter": "rumizi.games.love_letter",
    "ugha-bugha": "rumizi.games.ugha_bugha",
    "skip-bo": "rumizi.games.skip_bo",
    "tuki": "rumizi.games.tuki",
    "ayozhit": "rumizi.games.ayozhit",
}


def ids() -> list[str]:
    """The ids of every registered game, in a stable order."""
    return list(_PACKAGES)


def package(game_id: str) -> str:
    """The Python package of ``game_id`` (where its rules, bots and texts live)."""
    try:
        return _PACKAGES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(ids())}") from None


def load(game_id: str) -> Game:
    """The Game object for ``game_id``; ``KeyError`` with the known ids for an unknown one."""
    game: Game = import_module(package(game_id)).GAME
    return game


def describe(game_id: str) -> Description:
    """How ``game_id`` describes itself (players, options, bots), without loading its rules.

    It is ``DESCRIPTION`` in the package's ``description`` module (a single-module game,
    such as a test's, may define it in that module). ``LookupError`` for a game that does
    not describe itself yet (the completeness test names what it lacks).
    """
    name = package(game_id)
    try:
        module = import_module(name + ".description")
    except ModuleNotFoundError as missing:
        if missing.name != name + ".description":
            raise
        module = import_module(name)
    description: Description | None = getattr(module, "DESCRIPTION", None)
    if description is None:
        raise LookupError(f"{game_id} does not describe itself yet ({name}.description)")
    return description


def described() -> list[Description]:
    """The descriptions of every registered game that has one, in the registry's order."""
    out = []
    for game_id in ids():
        try:
            out.append(describe(game_id))
        except LookupError:
            continue
    return out


def texts(game_id: str) -> ModuleType:
    """The game's words: its ``texts`` module, with ``CATALOGUE`` (``texts.json``, fa and
    en), ``event_message(event, me)`` and ``action_message(action, view)`` (see
    ``rumizi.engine.texts``)."""
    return import_module(package(game_id) + ".texts")


class Words:
    """A game's words: the hooks of its ``texts`` module (``event_message``,
    ``action_message``), looked up once; a game without texts tells nothing in words.
    The server keeps one per room, so telling an event costs no look-up."""

    __slots__ = ("action_message", "event_message")

    def __init__(self, game_id: str) -> None:
        try:
            module: ModuleType | None = texts(game_id)
        except ModuleNotFoundError as missing:
            if missing.name != package(game_id) + ".texts":
                raise
            module = None
        self.event_message: Callable[..., Any] | None = getattr(module, "event_message", None)
        self.action_message: Callable[..., Any] | None = getattr(module, "action_message", None)

    def told(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """``event`` (JSON) with ``"message"``: the catalogue message that tells it to
        ``seat`` (``None``: a spectator), when the game has texts and the event is worth
        telling; the seat's own name is "you" in it (``rumizi.engine.texts.addressed``)."""
        if self.event_message is None:
            return event
        try:
            ref = self.event_message(event, seat)
        except KeyError:  # an event retold without some field (a reload's shorter history)
            return event
        return event if ref is None else {**event, "message": addressed(ref, seat)}

    def said(self, actions: list[dict[str, Any]], view: dict[str, Any]) -> list[Any]:
        """How each of ``actions`` (a seat's legal actions) reads on a button: the
        catalogue message of each (``action_message(action, view)``), or ``None`` for one
        the game does not tell in words (an action kind, or a game without texts)."""
        message = self.action_message
        if message is None:
            return [None] * len(actions)
        out: list[Any] = []
        for action in actions:
            try:
                out.append(message(action, view))
            except (KeyError, TypeError):  # an action kind (parameters still to choose)
                out.append(None)
        return out


def told(game_id: str, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """``event`` told to ``seat`` in ``game_id``'s words (see ``Words.told``)."""
    return Words(game_id).told(event, seat)


def said(game_id: str, actions: list[dict[str, Any]], view: dict[str, Any]) -> list[Any]:
    """How each of a seat's legal ``actions`` reads on a button (see ``Words.said``)."""
    return Words(game_id).said(actions, view)
