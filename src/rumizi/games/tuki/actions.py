"""Tuki's actions: their fields and the cells' domains, checking one before it is applied
(the state untouched: a piece of the level, in the 12 × 12 × 10 volume, overlapping no
other), and applying a checked change of a build with its live statics."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rumizi.engine import Event, IllegalAction, Rng, public
from rumizi.engine.errors import shown
from rumizi.engine.texts import MessageRef

from .geometry import (
    AXES,
    VOLUME,
    Build,
    Placement,
    TukiError,
    level_pieces,
    parse_axis,
    piece_length,
)
from .hints import check_hint
from .state import Spot, TukiState, json_copy
from .statics import check_stability

ACTION_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "place": frozenset({"type", "piece", "axis", "x", "y", "z"}),
        "move": frozenset({"type", "piece", "x", "y", "z"}),
        "turn": frozenset({"type", "piece", "axis"}),
        "remove": frozenset({"type", "piece"}),
        "done": frozenset({"type"}),
        "hint": frozenset({"type"}),
    }
)
CELL_DOMAINS: Mapping[str, dict[str, int]] = MappingProxyType(
    {
        "x": {"min": 0, "max": VOLUME[0] - 1},
        "y": {"min": 0, "max": VOLUME[1] - 1},
        "z": {"min": 0, "max": VOLUME[2] - 1},
    }
)

BuildChange = tuple[str, dict[str, Spot], list[MessageRef]]
"""A checked place, move, turn or remove: the piece, the build after it, why it falls."""


def check_action(state: TukiState, seat: int, action: Any) -> tuple[str, Any]:
    """Validate a builder's action without touching the state; return (kind, its value)."""
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_FIELDS:
        known = ", ".join(ACTION_FIELDS)
        raise IllegalAction(f"unknown action type {shown(kind)}; a builder may: {known}")
    extra = set(action) - ACTION_FIELDS[kind]
    missing = ACTION_FIELDS[kind] - set(action)
    if extra:
        raise IllegalAction(f"unknown field(s) in the action: {', '.join(sorted(extra))}")
    if missing:
        raise IllegalAction(f"{kind} needs the field(s): {', '.join(sorted(missing))}")
    if kind == "done":
        return kind, None
    if kind == "hint":
        return kind, check_hint(state, seat)
    return kind, _checked_build(state, seat, kind, action)


def _checked_build(
    state: TukiState, seat: int, kind: str, action: Mapping[str, Any]
) -> BuildChange:
    """The piece, the seat's build after a place, move, turn or remove, and its live
    statics (why it falls)."""
    build = dict(state.builds[seat])
    piece = action["piece"]
    if not isinstance(piece, str) or piece not in level_pieces(state.level):
        pieces = ", ".join(level_pieces(state.level))
        raise IllegalAction(f"piece must be one of your pieces ({pieces}), not {shown(piece)}")
    if kind == "place":
        if piece in build:
            raise IllegalAction(f"your {piece} piece is already down: move or turn it")
        build[piece] = _spot(action["axis"], action["x"], action["y"], action["z"], piece)
    elif piece not in build:
        raise IllegalAction(f"your {piece} piece is not in your build: place it first")
    elif kind == "remove":
        del build[piece]
    elif kind == "move":
        axis = build[piece][0]
        build[piece] = _spot(axis, action["x"], action["y"], action["z"], piece)
        if build[piece] == state.builds[seat][piece]:
            raise IllegalAction(f"your {piece} piece is already there")
    else:
        _, x, y, z = build[piece]
        if piece_length(piece) == 1:
            raise IllegalAction("the snow cube looks the same every way: it can't be turned")
        build[piece] = _spot(action["axis"], x, y, z, piece)
        if build[piece] == state.builds[seat][piece]:
            raise IllegalAction(f"your {piece} piece already lies along {action['axis']}")
    try:
        checked = as_build(build, state.level)
    except TukiError as e:
        raise IllegalAction(str(e)) from None
    return piece, build, check_stability(checked).problems()


def _spot(axis: Any, x: Any, y: Any, z: Any, piece: str) -> Spot:
    if axis not in AXES:
        raise IllegalAction(f"axis must be x, y or z, not {shown(axis)}")
    for name, value in (("x", x), ("y", y), ("z", z)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(f"{name} must be a whole number, not {shown(value)}")
    placed = Placement(piece, parse_axis(axis), (x, y, z))  # a single cube lies along z
    return (placed.axis, x, y, z)


def as_build(build: Mapping[str, Spot], level: str) -> Build:
    """A builder's pieces as a checked Build (in the volume, not overlapping)."""
    placements = (Placement(p, parse_axis(a), (x, y, z)) for p, (a, x, y, z) in build.items())
    return Build(placements, level)


def _build_action(
    state: TukiState,
    seat: int,
    value: BuildChange,
    rng: Rng,
    events: list[Event],
    kind: str,
) -> None:
    piece, build, falls = value
    state.builds[seat], state.falls[seat] = build, falls
    spot = list(build[piece]) if piece in build else None
    events.append(public(kind, seat=seat, piece=piece, at=spot, falls=json_copy(falls)))


BuildRule = Callable[[TukiState, int, Any, Rng, list[Event]], None]


def build_rule(kind: str) -> BuildRule:
    """The rule of a place, move, turn or remove, telling it as the event ``kind``."""

    def rule(state: TukiState, seat: int, value: Any, rng: Rng, events: list[Event]) -> None:
        _build_action(state, seat, value, rng, events, kind)

    rule.__doc__ = f"The builder's {kind}: the build changes, its statics are checked live."
    return rule
