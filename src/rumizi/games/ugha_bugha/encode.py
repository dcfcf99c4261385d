"""Ugha Bugha's actions as integers, for programs that learn (see docs/rl.md).

Pointing is *relative* to the player acting: offset 1 is the next player clockwise.

==============  ======================================================
code            action
==============  ======================================================
0–51            ``{"type": "flip", "position": code}``
52–70           ``{"type": "say", "item": ITEM_IDS[code - 52]}`` (16 words, 3 gestures)
71              ``{"type": "ugha_bugha"}``
72              ``{"type": "ho"}``
73              ``{"type": "pass"}``
74 + o − 1      ``{"type": "ha", "point": seat + o}`` for offsets o = 1 … players − 1
==============  ======================================================

A hand never holds more than the 52 cards, so 52 flip codes cover every position.
``num_actions(players)`` = 73 + players: 76 with three players, 81 with eight.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rumizi.engine import Action, IllegalAction
from rumizi.engine.errors import shown

from .cards import FULL_DECK, ITEM_IDS

FLIP: Final = 0
SAY: Final = len(FULL_DECK)
UGHA_BUGHA: Final = SAY + len(ITEM_IDS)
HO: Final = UGHA_BUGHA + 1
PASS: Final = HO + 1
HA: Final = PASS + 1
_ITEM_CODE: Final = {item: SAY + i for i, item in enumerate(ITEM_IDS)}
_BARE: Final = {"ugha_bugha": UGHA_BUGHA, "ho": HO, "pass": PASS}


def num_actions(players: int) -> int:
    return HA + players - 1


def encode(action: Mapping[str, Any], seat: int, players: int) -> int:
    """The code of ``action`` taken by ``seat``; ``IllegalAction`` if it has no code."""
    kind = action.get("type")
    if kind in _BARE:
        return _BARE[kind]
    if kind == "flip":
        position = action.get("position")
        if isinstance(position, bool) or not isinstance(position, int):
            raise IllegalAction(f"position must be a whole number, not {shown(position)}")
        if not 0 <= position < SAY:
            raise IllegalAction(f"position must be from 0 to {SAY - 1}, not {position}")
        return FLIP + position
    if kind == "say":
        item = action.get("item")
        if item not in _ITEM_CODE:
            raise IllegalAction(f"item must be one of {', '.join(ITEM_IDS)}, not {shown(item)}")
        return _ITEM_CODE[item]
    if kind == "ha":
        point = action.get("point")
        if isinstance(point, bool) or not isinstance(point, int) or not 0 <= point < players:
            raise IllegalAction(f"point must be a seat from 0 to {players - 1}, not {shown(point)}")
        if point == seat:
            raise IllegalAction("you cannot point at yourself")
        return HA + (point - seat) % players - 1
    raise IllegalAction(f"no action code for an action of type {shown(kind)}")


def decode(code: int, seat: int, players: int) -> Action:
    """The JSON action of ``code`` taken by ``seat`` (a new dict)."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < num_actions(players):
        raise IllegalAction(
            f"an action code is a whole number from 0 to {num_actions(players) - 1}"
        )
    if code < SAY:
        return {"type": "flip", "position": code - FLIP}
    if code < UGHA_BUGHA:
        return {"type": "say", "item": ITEM_IDS[code - SAY]}
    if code >= HA:
        return {"type": "ha", "point": (seat + code - HA + 1) % players}
    return {"type": {UGHA_BUGHA: "ugha_bugha", HO: "ho", PASS: "pass"}[code]}
