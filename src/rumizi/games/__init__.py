"""The registry of games: one ``register`` line per game, and ``record(game_id)`` — the
game as one record of its parts (rules, description, texts, bots, lesson, RL parts,
pictures, terminal renderer, web table; ``rumizi.games.parts``). Every face reads the
record; ``load``, ``describe``, ``texts`` and the like below are its shortest readers.

Registering loads nothing: each part is imported on its first use, so importing this
module (the CLI's start, ``describe``) imports no game's rules, bots or numpy.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from rumizi.engine import Game
from rumizi.engine.description import Description

from . import parts
from .parts import Record

__all__ = [
    "Record",
    "Words",
    "describe",
    "described",
    "ids",
    "load",
    "package",
    "record",
    "register",
    "said",
    "texts",
    "told",
    "unregister",
]

_RECORDS: dict[str, Record] = {}


def register(
    game_id: str, package: str, *, terminal: str | None = None, web: str | None = None
) -> Record:
    """Register the game ``game_id`` whose parts live in ``package`` (see ``Record``;
    ``terminal``: the module of its terminal renderer; ``web``: its table module under
    ``rumizi/web``, ``games/<game_id>.js`` unless said). Registering the same game again
    gives its record; another package under a taken id is a ``ValueError``."""
    known = _RECORDS.get(game_id)
    if known is not None:
        if (known.package, known.terminal_module) != (package, terminal):
            raise ValueError(f"{game_id} is registered already (from {known.package})")
        return known
    made = _RECORDS[game_id] = Record(game_id, package, terminal=terminal, web=web)
    return made


def unregister(game_id: str) -> None:
    """Forget ``game_id`` (a test's game, once the test is done)."""
    _RECORDS.pop(game_id, None)


def ids() -> list[str]:
    """The ids of every registered game, in the order of registration."""
    return list(_RECORDS)


def record(game_id: str) -> Record:
    """The record of ``game_id``; ``KeyError`` naming the known ids for an unknown one."""
    try:
        return _RECORDS[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(ids())}") from None


def package(game_id: str) -> str:
    """The Python package of ``game_id`` (where its rules, bots and texts live)."""
    return record(game_id).package


def load(game_id: str) -> Game:
    """The Game object for ``game_id``; ``KeyError`` with the known ids for an unknown one."""
    return record(game_id).game


def describe(game_id: str) -> Description:
    """How ``game_id`` describes itself (players, options, bots), without loading its rules.
    ``LookupError`` for a game that does not describe itself yet (the completeness test
    names what it lacks)."""
    found = record(game_id).description
    if found is None:
        raise LookupError(
            f"{game_id} does not describe itself yet ({package(game_id)}.description)"
        )
    return found


def described() -> list[Description]:
    """The descriptions of every registered game that has one, in the registry's order."""
    return [r.description for r in _RECORDS.values() if r.description is not None]


def texts(game_id: str) -> ModuleType:
    """The game's words: its ``texts`` module (``Record.texts``); ``ModuleNotFoundError``
    for a game without."""
    found = record(game_id).texts
    if found is None:
        name = package(game_id) + ".texts"
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    return found


class Words(parts.Words):
    """``Words(game_id)``: the words of a registered game (``record(game_id).words`` is
    the same, made once per game)."""

    __slots__ = ()

    def __init__(self, game_id: str) -> None:
        super().__init__(record(game_id).texts)


def told(game_id: str, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """``event`` told to ``seat`` in ``game_id``'s words (see ``Words.told``)."""
    return record(game_id).words.told(event, seat)


def said(game_id: str, actions: list[dict[str, Any]], view: dict[str, Any]) -> list[Any]:
    """How each of a seat's legal ``actions`` reads on a button (see ``Words.said``)."""
    return record(game_id).words.said(actions, view)


# ------------------------------------------------------------------ the games
register("love-letter", "rumizi.games.love_letter", terminal="rumizi.cli.render.love_letter")
register("ugha-bugha", "rumizi.games.ugha_bugha", terminal="rumizi.cli.render.ugha_bugha")
register("skip-bo", "rumizi.games.skip_bo", terminal="rumizi.cli.render.skip_bo")
register("tuki", "rumizi.games.tuki")
register("ayozhit", "rumizi.games.ayozhit", terminal="rumizi.cli.render.ayozhit")
