"""Per-game terminal presentation: each game has a module here named after its package.

A module offers ``board(view, names, lang)`` (a Rich renderable), ``action_text(action,
view, names, lang)`` and ``event_text(event, view, names, lang)`` (``None`` to stay quiet).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from rumizi.games import package


def renderer(game_id: str) -> ModuleType:
    """The terminal renderer of ``game_id``; ``KeyError`` if it has none yet."""
    name = package(game_id).rsplit(".", 1)[1]
    try:
        return import_module(f"{__name__}.{name}")
    except ModuleNotFoundError:
        raise KeyError(f"{game_id} cannot be played in the terminal yet") from None
