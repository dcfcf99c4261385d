"""Checking an Ugha Bugha action before anything changes: its type and fields for the
phase, and its value (a position held, an item, a seat that may be pointed at)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rumizi.engine import IllegalAction, action_kind
from rumizi.engine.errors import shown

from .cards import ITEM_IDS, NUMBER
from .state import FLIP, OVER, RECITE, WINDOW, UghaBughaState

ACTION_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "flip": frozenset({"type", "position"}),
        "say": frozenset({"type", "item"}),
        "ha": frozenset({"type", "point"}),
        "ugha_bugha": frozenset({"type"}),
        "ho": frozenset({"type"}),
        "pass": frozenset({"type"}),
    }
)
PHASE_ACTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        FLIP: ("flip",),
        RECITE: ("say", "ha", "ugha_bugha"),
        WINDOW: ("ho", "pass"),
        OVER: (),
    }
)


def check_action(state: UghaBughaState, seat: int, action: Any) -> tuple[str, Any]:
    """Validate a player's action (not a timeout) without touching the state; return
    (kind, its value)."""
    allowed = PHASE_ACTIONS[state.phase]
    kind = action_kind(action, ACTION_FIELDS, allowed, lambda k: _wrong_phase(state.phase, k))
    if kind == "flip":
        return kind, _check_position(state, seat, action.get("position"))
    if kind == "say":
        return kind, _check_item(state, action.get("item"))
    if kind == "ha":
        return kind, _check_point(state, seat, action.get("point"))
    return kind, None


def _wrong_phase(phase: str, kind: str) -> str:
    if phase == FLIP:
        return f"flip one of your face-down cards first (not {kind!r})"
    if phase == RECITE:
        return f"your card is flipped: recite the chain, then say ha or ugha_bugha (not {kind!r})"
    if phase == WINDOW:
        return f"the Ho! window is open: you may only call ho or pass (not {kind!r})"
    return "the game is over: no more actions are accepted"


def _check_position(state: UghaBughaState, seat: int, position: Any) -> int:
    held = len(state.hands[seat])
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < held:
        raise IllegalAction(
            f"position must be a whole number from 0 to {held - 1} "
            f"(you hold {held} face-down cards), not {position!r}"
        )
    return position


def _check_item(state: UghaBughaState, item: Any) -> int:
    if not isinstance(item, str) or item not in ITEM_IDS:
        raise IllegalAction(
            f"item must be a word or a gesture ({', '.join(ITEM_IDS)}), not {shown(item)}; "
            "for the repeat card, say the item it copies"
        )
    if len(state.recited) >= len(state.pile):
        raise IllegalAction(
            f"the chain has {len(state.pile)} cards: a recitation has at most that many "
            "items; say ha or ugha_bugha"
        )
    return NUMBER[item]


def _check_point(state: UghaBughaState, seat: int, point: Any) -> int:
    if isinstance(point, bool) or not isinstance(point, int):
        raise IllegalAction(f"point must be a seat number, not {shown(point)}")
    if point in targets(state, seat):
        return point
    if not 0 <= point < state.players:
        raise IllegalAction(f"there is no seat {point}")
    if point == seat:
        raise IllegalAction("you cannot point at yourself")
    if point == state.pointed_by:
        raise IllegalAction(f"you cannot point back at seat {point}, who pointed at you")
    raise IllegalAction(f"seat {point} holds no face-down card to play")


def targets(state: UghaBughaState, seat: int) -> list[int]:
    """Whom ``seat`` may point at: another player holding cards, not the one who just
    pointed at them — unless that player is the only one left to choose."""
    others = [p for p in state.others(seat) if state.hands[p]]
    allowed = [p for p in others if p != state.pointed_by]
    return allowed or others
