"""Ayozhit's actions: their fields, the phases that allow them, checking one before it is
applied (the state untouched), and the shared lists ``legal`` hands out."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rumizi.engine import Action, FrozenAction, IllegalAction, action_kind
from rumizi.engine.errors import shown

from .state import ANNOUNCE, MAX_MARKS, OVER, SELECT, TABLE_SIZE, WORD, AyozhitState

ACTION_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "word": frozenset({"type", "word"}),
        "mark": frozenset({"type", "picture"}),
        "unmark": frozenset({"type", "picture"}),
        "ready": frozenset({"type"}),
        "announce": frozenset({"type", "picture"}),
    }
)
PHASE_ACTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        WORD: ("word",),
        SELECT: ("mark", "unmark", "ready"),
        ANNOUNCE: ("announce",),
        OVER: (),
    }
)


def check_action(state: AyozhitState, seat: int, action: Any) -> tuple[str, Any]:
    """Validate a player's action without touching the state; return (kind, its value)."""
    allowed = PHASE_ACTIONS[state.phase]
    kind = action_kind(action, ACTION_FIELDS, allowed, lambda k: _wrong_phase(state.phase, k))
    if kind == "word":
        return kind, _check_word(action.get("word"))
    if kind == "ready":
        if not state.marks[seat]:
            raise IllegalAction("mark at least one picture before you are ready")
        return kind, None
    position = _check_position(action.get("picture"))
    mine = state.marks[seat]
    if kind == "mark":
        if position in mine:
            raise IllegalAction(f"you already marked picture {position}")
        if len(mine) >= MAX_MARKS:
            raise IllegalAction(f"you may mark at most {MAX_MARKS} pictures")
    elif kind == "unmark" and position not in mine:
        raise IllegalAction(f"you did not mark picture {position}")
    elif kind == "announce":
        if position in state.announced_positions():
            raise IllegalAction(f"picture {position} was already announced this round")
        if position not in mine:
            raise IllegalAction(f"you can only announce a picture you marked, not {position}")
    return kind, position


def _wrong_phase(phase: str, kind: str) -> str:
    if phase == WORD:
        return f"the first dreamer must choose the word first (not {kind!r})"
    if phase == SELECT:
        return f"everyone is marking pictures: mark, unmark or ready (not {kind!r})"
    if phase == ANNOUNCE:
        return f"the dreamer announces one of their marked pictures (not {kind!r})"
    return "the game is over: no more actions are accepted"


def _check_word(value: Any) -> int:
    if isinstance(value, bool) or value not in (0, 1):
        raise IllegalAction(
            f"word must be 0 or 1 (the card's first or second word), not {shown(value)}"
        )
    return int(value)


def _check_position(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < TABLE_SIZE:
        raise IllegalAction(f"picture must be a table position from 0 to {TABLE_SIZE - 1}")
    return value


def marking_actions(mine: list[int]) -> list[Action]:
    """While marking: mark any unmarked picture (below the most), unmark a marked one,
    ready once there is a mark."""
    actions: list[Action] = []
    if len(mine) < MAX_MARKS:
        actions.extend(MARKS[p] for p in range(TABLE_SIZE) if p not in mine)
    actions.extend(UNMARKS[p] for p in mine)
    if mine:
        actions.append(READY)
    return actions


WORDS = tuple(FrozenAction(type="word", word=w) for w in (0, 1))
MARKS = tuple(FrozenAction(type="mark", picture=p) for p in range(TABLE_SIZE))
UNMARKS = tuple(FrozenAction(type="unmark", picture=p) for p in range(TABLE_SIZE))
ANNOUNCES = tuple(FrozenAction(type="announce", picture=p) for p in range(TABLE_SIZE))
READY = FrozenAction(type="ready")
"""The actions ``legal`` hands out: shared and read-only (copy one to change it)."""
