"""Per-game terminal presentation: each game has a module here named after its package.

A module offers ``board(view, names, lang, *, compact=False, with_hand=True)`` (a Rich
renderable; ``compact`` for a small screen), ``hand(view, names, lang, *, compact=False)``
(your hand alone, or ``None``), ``round_result(event, names, lang)`` (a ``round_over``
event as a table: what the round that ended showed and brought), ``action_text(action,
view, names, lang)`` and ``event_text(event, view, names, lang)`` (``None`` to stay quiet).
The words of events and actions come from the game's text catalogue (``told`` and
``action_told`` below), the same the browser uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from rich import box
from rich.table import Table

from rumizi.engine.texts import Formatter, addressed
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


def told(
    texts: ModuleType, event: dict[str, Any], view: dict[str, Any], names: Sequence[str], lang: str
) -> str | None:
    """What ``event`` says to the view's seat, from the game's catalogue (``None``: quiet)."""
    me = view.get("seat")
    ref = texts.event_message(event, me)
    return None if ref is None else Formatter(texts.CATALOGUE, lang, names)(addressed(ref, me))


def action_told(
    texts: ModuleType, action: dict[str, Any], view: dict[str, Any], names: Sequence[str], lang: str
) -> str:
    """How a legal action reads, from the game's catalogue."""
    return Formatter(texts.CATALOGUE, lang, names)(texts.action_message(action, view))


def frameless() -> Table:
    """A table without a frame (a line under its heading), for compact boards and panels:
    its rows take one line each and read right to left as a whole in Persian."""
    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
