"""What the Tuki example's policy looks at: a few features of the codes worth telling
apart, read from the observation vector alone (its documented layout, docs/rl.md).

Most of the thousands of legal codes are alike to this policy ("any other code"); a few
dozen are told apart by what they would do for the card:

- a stone put (or moved) where it agrees with the card and the stones already down —
  the card's stones turned about the vertical axis and moved, as matching allows — with
  the die's table rule kept or not (the first stone: the structure centred on the area,
  0–3 cells up);
- a snow block under a stone's cell that has nothing under it: filling the gap from what
  carries it exactly, partly (more must go on top), or lying flat under it;
- removing a stone that disagrees with the others, a snow block that props nothing, or
  something else; declaring done, when the build agrees with the card, keeps the table
  rule and stands (the live statics), or otherwise; waiting.

Nothing here knows the stored solution: the card and the build are what any builder
sees. The policy (``cem_tuki``) learns how much each of these counts.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from rumizi.games.tuki import encode as codes
from rumizi.games.tuki import observe as layout
from rumizi.games.tuki.geometry import (
    AXES,
    STONE_COLOURS,
    VOLUME,
    Axis,
    Cell,
    Stone,
    extents,
    normalize,
    yaw_structure,
)

NAMES: Final = (
    "wait",
    "done",
    "done, the build right and standing",
    "stone where the card has it, table rule kept",
    "stone where the card has it, lifted higher than the white square needs",
    "stone where the card has it, table rule broken",
    "snow filling a gap under a stone",
    "snow partly filling a gap under a stone",
    "snow lying flat under a stone",
    "snow under a stone that falls now",
    "snow under the side a stone tips to",
    "remove a stone the others disagree with",
    "remove snow that props nothing",
    "remove snow that falls itself",
    "remove anything else",
)
"""The features, in order; the policy adds one weight for "any other legal code"."""
FEATURES: Final = len(NAMES)
(
    WAIT,
    DONE,
    DONE_READY,
    FIT_KEPT,
    FIT_HIGH,
    FIT_BROKEN,
    PROP_EXACT,
    PROP_PART,
    PROP_FLAT,
    PROP_FALLING,
    PROP_TIP,
    REMOVE_BAD,
    REMOVE_IDLE,
    REMOVE_FALLING,
    REMOVE_OTHER,
) = range(FEATURES)
Spot = tuple[Axis, Cell]
"""A piece's axis and lowest cell."""
CENTRE: Final = (6, 6)
"""Where the first stone centres the card's structure on the 12 × 12 area."""


@dataclass(frozen=True)
class Seen:
    """What the observation vector says that the features need."""

    target: dict[str, Spot]
    """The card's stones, turned as the die says and normalized: colour → (axis, cell)."""
    white: bool
    pieces: dict[str, Spot]
    """The observer's pieces down: piece → (axis, lowest cell)."""
    falling: frozenset[str]
    tips: dict[str, tuple[int, int]]
    """A piece that tips: the way, as (dx, dy)."""


def read(vector: npt.NDArray[np.float32]) -> Seen:
    """The target, the table rule and the observer's own build, from its vector."""
    target = {}
    for k, colour in enumerate(STONE_COLOURS):
        block = vector[layout.STONES + 7 * k : layout.STONES + 7 * (k + 1)]
        if block[0]:
            target[colour] = (AXES[int(np.argmax(block[1:4]))], _cell(block[4:7]))
    pieces, falling, tips = {}, set(), {}
    for p, piece in enumerate(codes.PIECES):
        at = layout.SEATS + 8 + layout.PER_PIECE * p
        block = vector[at : at + layout.PER_PIECE]
        if block[0]:
            pieces[piece] = (AXES[int(np.argmax(block[1:4]))], _cell(block[4:7]))
            if block[7]:
                falling.add(piece)
            right, left, back, front = block[9:13]
            way = (int(right) - int(left), int(back) - int(front))
            if way != (0, 0):
                tips[piece] = way
    return Seen(target, bool(vector[layout.WHITE]), pieces, frozenset(falling), tips)


def _cell(scaled: npt.NDArray[np.float32]) -> Cell:
    x, y, z = (round(float(v) * s) for v, s in zip(scaled, (11, 11, 9), strict=True))
    return (x, y, z)


def candidates(
    vector: npt.NDArray[np.float32], mask: npt.NDArray[np.int8], wait: int
) -> dict[int, npt.NDArray[np.float64]]:
    """The legal codes told apart, each with its features (the rest are "any other")."""
    seen = read(vector)
    found: dict[int, npt.NDArray[np.float64]] = {}

    def add(code: int, feature: int) -> None:
        if mask[code]:
            found.setdefault(code, np.zeros(FEATURES))[feature] = 1.0

    add(wait, WAIT)
    add(codes.DONE, DONE)
    if mask[codes.DONE] and ready(seen):
        found[codes.DONE][DONE_READY] = 1.0
    for code, feature in _stone_fits(seen):
        add(code, feature)
    for code, kind, falls, tip_side in _props(seen):
        add(code, kind)
        if code in found:
            found[code][PROP_FALLING] = max(found[code][PROP_FALLING], float(falls))
            found[code][PROP_TIP] = max(found[code][PROP_TIP], float(tip_side))
    for piece in seen.pieces:
        add(codes.REMOVE + codes.SLOT[piece], _removal(seen, piece))
    return found


# ------------------------------------------------------------------- the card
@lru_cache(maxsize=256)
def _variants(target: tuple[Stone, ...]) -> tuple[dict[str, Spot], ...]:
    """The target's four turns about the vertical axis, normalized, colour → spot."""
    return tuple({c: (a, at) for c, a, at in yaw_structure(target, q)} for q in range(4))


def _stones(seen: Seen) -> dict[str, Spot]:
    return {p: s for p, s in seen.pieces.items() if p in seen.target}


def _translations(seen: Seen, others: dict[str, Spot]) -> Iterator[tuple[dict[str, Spot], Cell]]:
    """Each turn of the card, and the move that puts it on the stones ``others``, when
    they agree with it (for no stone: the card centred, 0–3 cells up)."""
    target = tuple(sorted((c, a, at) for c, (a, at) in seen.target.items()))
    for variant in _variants(target):
        if not others:
            size = extents((c, a, at) for c, (a, at) in variant.items())
            for up in range(4):
                yield variant, (CENTRE[0] - size[0] // 2, CENTRE[1] - size[1] // 2, up)
            continue
        first, (axis, at) = next(iter(others.items()))
        want_axis, want_at = variant[first]
        if axis != want_axis:
            continue
        move = (at[0] - want_at[0], at[1] - want_at[1], at[2] - want_at[2])
        if all(_moved(variant[c], move) == spot for c, spot in others.items()):
            yield variant, move


def _moved(spot: Spot, move: Cell) -> Spot:
    axis, (x, y, z) = spot
    return axis, (x + move[0], y + move[1], z + move[2])


def _stone_fits(seen: Seen) -> Iterator[tuple[int, int]]:
    """Placements of a stone where it agrees with the card and the others, and moves of a
    stone that disagrees with them to such a spot; with the feature saying whether the
    die's table rule holds for that move of the card (plain: its lowest stones on the
    table; white: lifted, by one cell or more)."""
    stones = _stones(seen)
    for colour in seen.target:
        others = {c: s for c, s in stones.items() if c != colour}
        spots = [(_moved(v[colour], move), move[2]) for v, move in _translations(seen, others)]
        if colour in stones and any(spot == stones[colour] for spot, _ in spots):
            continue  # it agrees already: moving it elsewhere changes nothing that matters
        for (axis, (x, y, z)), up in spots:
            if min(x, y, z) < 0 or x >= VOLUME[0] or y >= VOLUME[1] or z >= VOLUME[2]:
                continue
            if seen.white:
                feature = FIT_BROKEN if up == 0 else FIT_KEPT if up == 1 else FIT_HIGH
            else:
                feature = FIT_KEPT if up == 0 else FIT_BROKEN
            slot = codes.SLOT[colour]
            if colour not in stones:
                start = codes.PLACE + (slot * 3 + AXES.index(axis)) * codes.CELLS
            elif axis == stones[colour][0]:
                start = codes.MOVE + slot * codes.CELLS
            else:
                continue  # (a move keeps the axis: removing it comes first)
            yield start + codes.cell_index(x, y, z), feature


def ready(seen: Seen) -> bool:
    """The stones agree with the card, the table rule holds and the build stands."""
    stones = _stones(seen)
    if set(stones) != set(seen.target) or seen.falling:
        return False
    shape = normalize((c, a, at) for c, (a, at) in stones.items())
    target = tuple(sorted((c, a, at) for c, (a, at) in seen.target.items()))
    if shape not in {frozenset((c, a, at) for c, (a, at) in v.items()) for v in _variants(target)}:
        return False
    lowest = min(cell[2] for cell in _filled(stones))
    return lowest >= 1 if seen.white else lowest == 0


# -------------------------------------------------------------------- snow
def _filled(pieces: dict[str, Spot]) -> dict[Cell, str]:
    return {
        cell: piece
        for piece, (axis, (x, y, z)) in pieces.items()
        for cell in codes.line_cells(piece, axis, x, y, z)
    }


def _props(seen: Seen) -> Iterator[tuple[int, int, bool, bool]]:
    """Snow blocks under stone cells that have nothing under them: (code, feature, the
    stone falls now, the cell is on the side it tips to)."""
    filled = _filled(seen.pieces)
    centres = {
        piece: tuple(np.mean(codes.line_cells(piece, axis, *at), axis=0)[:2])
        for piece, (axis, at) in seen.pieces.items()
    }
    free_snow = [p for p in codes.PIECES[4:] if p not in seen.pieces]
    for (x, y, z), piece in filled.items():
        if piece not in seen.target or z == 0 or (x, y, z - 1) in filled:
            continue
        bottom = z - 1
        while bottom > 0 and (x, y, bottom - 1) not in filled:
            bottom -= 1
        gap = z - bottom
        falls = piece in seen.falling
        way = seen.tips.get(piece, (0, 0))
        cx, cy = centres[piece]
        side = (way[0] and (x + 0.5 - cx - 0.5) * way[0] > 0) or (
            way[1] and (y + 0.5 - cy - 0.5) * way[1] > 0
        )
        for snow in free_snow:
            length = int(snow[4:])
            slot = codes.SLOT[snow]
            upright = codes.PLACE + (slot * 3 + 2) * codes.CELLS
            if length <= gap:
                kind = PROP_EXACT if length == gap else PROP_PART
                yield upright + codes.cell_index(x, y, bottom), kind, falls, bool(side)
            if length > 1 and gap == 1:
                for a, (dx, dy) in ((0, (1, 0)), (1, (0, 1))):
                    for back in range(length):
                        sx, sy = x - back * dx, y - back * dy
                        if 0 <= sx < VOLUME[0] and 0 <= sy < VOLUME[1]:
                            start = codes.PLACE + (slot * 3 + a) * codes.CELLS
                            cell = codes.cell_index(sx, sy, z - 1)
                            yield start + cell, PROP_FLAT, falls, bool(side)


def _removal(seen: Seen, piece: str) -> int:
    """Which removal feature taking ``piece`` back has."""
    stones = _stones(seen)
    if piece in stones:
        agree = any(True for _ in _translations(seen, stones))
        others = {c: s for c, s in stones.items() if c != piece}
        if not agree and any(True for _ in _translations(seen, others)):
            return REMOVE_BAD
        return REMOVE_OTHER
    if piece in seen.falling:
        return REMOVE_FALLING
    filled = _filled(seen.pieces)
    axis, (x, y, z) = seen.pieces[piece]
    carries = any(
        filled.get((cx, cy, cz + 1), piece) != piece
        for cx, cy, cz in codes.line_cells(piece, axis, x, y, z)
    )
    return REMOVE_OTHER if carries else REMOVE_IDLE


def agreeing(seen: Seen) -> float:
    """Of the card's stones, the share down as the card has them (under the best turn
    and move of the card that agrees with at least one stone)."""
    stones = _stones(seen)
    best = 0
    for variant, _ in _translations(seen, {}):
        for anchor, (axis, at) in stones.items():
            want_axis, want_at = variant[anchor]
            if axis != want_axis:
                continue
            move = (at[0] - want_at[0], at[1] - want_at[1], at[2] - want_at[2])
            agree = sum(1 for c, spot in variant.items() if stones.get(c) == _moved(spot, move))
            best = max(best, agree)
    return best / max(1, len(seen.target))


def progress(seen: Seen) -> float:
    """How much of a right build there is (0–1): half for the share of the card's stones
    down as the card has them; a quarter more when they all are and keep the die's table
    rule; the last quarter when the build is then right and stands (``ready``)."""
    agree = agreeing(seen)
    if agree < 1:
        return agree / 2
    lowest = min(cell[2] for cell in _filled(_stones(seen)))
    rule = lowest >= 1 if seen.white else lowest == 0
    return 0.5 + 0.25 * float(rule) + 0.25 * float(ready(seen))
