"""Ayozhit's actions as integers, for programs that learn (see docs/rl.md).

=========  ================================================
code       action
=========  ================================================
0, 1       ``{"type": "word", "word": code}``
2–16       ``{"type": "mark", "picture": code − 2}``
17–31      ``{"type": "unmark", "picture": code − 17}``
32         ``{"type": "ready"}``
33–47      ``{"type": "announce", "picture": code − 33}``
=========  ================================================

Pictures are table positions 0–14, row by row from the top left; nothing names a seat, so
the codes are the same for every player. ``num_actions(players)`` is 48.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rumizi.engine import Action, IllegalAction
from rumizi.engine.errors import shown

from .state import TABLE_SIZE

WORD: Final = 0
MARK: Final = 2
UNMARK: Final = MARK + TABLE_SIZE
READY: Final = UNMARK + TABLE_SIZE
ANNOUNCE: Final = READY + 1
NUM_ACTIONS: Final = ANNOUNCE + TABLE_SIZE
_PICTURE_BASE: Final = {"mark": MARK, "unmark": UNMARK, "announce": ANNOUNCE}


def num_actions(players: int) -> int:
    return NUM_ACTIONS


def encode(action: Mapping[str, Any], seat: int, players: int) -> int:
    """The code of ``action``; ``IllegalAction`` if it has none."""
    kind = action.get("type")
    if kind == "ready":
        return READY
    if kind == "word":
        choice = action.get("word")
        if choice not in (0, 1) or isinstance(choice, bool):
            raise IllegalAction(f"word must be 0 or 1, not {shown(choice)}")
        return WORD + int(choice)
    if kind in _PICTURE_BASE:
        picture = action.get("picture")
        if isinstance(picture, bool) or not isinstance(picture, int):
            raise IllegalAction(f"picture must be a table position, not {shown(picture)}")
        if not 0 <= picture < TABLE_SIZE:
            raise IllegalAction(f"picture must be from 0 to {TABLE_SIZE - 1}, not {picture}")
        return _PICTURE_BASE[kind] + picture
    raise IllegalAction(f"no action code for an action of type {shown(kind)}")


def decode(code: int, seat: int, players: int) -> Action:
    """The JSON action of ``code`` (a new dict)."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < NUM_ACTIONS:
        raise IllegalAction(f"an action code is a whole number from 0 to {NUM_ACTIONS - 1}")
    if code < MARK:
        return {"type": "word", "word": code - WORD}
    if code == READY:
        return {"type": "ready"}
    kind = "mark" if code < UNMARK else "unmark" if code < READY else "announce"
    return {"type": kind, "picture": code - _PICTURE_BASE[kind]}
