"""Per-game terminal presentation: each game has a module here named after its package.

A module offers ``board(view, names, lang)`` (a Rich renderable), ``action_text(action,
view, names, lang)`` and ``event_text(event, view, names, lang)`` (``None`` to stay quiet).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from rumizi.games import load, package


def renderer(game_id: str) -> ModuleType:
    """The terminal renderer of ``game_id``; ``KeyError`` saying where to play a game
    that has none (Tuki is a 3D table: it is played in the browser)."""
    name = package(game_id).rsplit(".", 1)[1]
    try:
        return import_module(f"{__name__}.{name}")
    except ModuleNotFoundError:
        title = load(game_id).title.get("en", game_id)
        raise KeyError(
            f"{title} is played in the browser: start the server with `rumizi serve` "
            "and open http://127.0.0.1:8000/"
        ) from None
