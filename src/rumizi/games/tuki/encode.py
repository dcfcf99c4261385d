"""Tuki's actions as integers, for programs that learn (see docs/rl.md).

A placement is a piece, an axis and a cell of the 12 × 12 × 10 volume, so the codes are
one fixed, regular grid, the same at both levels and for every player count:

==============  =================================================================
code            action
==============  =================================================================
0 …             ``place`` piece ``p`` along axis ``a`` from cell ``c``:
                ``(p · 3 + a) · 1440 + c``  (34,560 codes)
34,560 …        ``move`` piece ``p`` to cell ``c`` (along the axis it lies on):
                ``34,560 + p · 1440 + c``  (11,520 codes)
46,080 …        ``turn`` piece ``p`` to axis ``a``: ``46,080 + p · 3 + a``
46,104 …        ``remove`` piece ``p``: ``46,104 + p``
46,112          ``done``
46,113          ``hint`` (practice only)
==============  =================================================================

Pieces ``p`` in the order of ``PIECES``: grey, blue, purple, orange (the advanced
level's), snow1, snow2, snow3, snow4; axes ``a``: x, y, z; cells ``c = (x · 12 + y) · 10 +
z``, the piece's lowest cell. The snow cube looks the same every way, so it is placed
along z only: ``encode`` gives any placement of it the z code, and its x and y codes name
no action (``decode`` refuses them). Nothing names a seat. ``num_actions(players)`` is
46,114.

``legal_mask`` marks exactly the codes the rules accept now, computed on the occupancy
grid with numpy (a placement must stay in the volume and overlap nothing, a move or turn
must change something, only builders still building may act); statics never make an
action illegal (a piece may be held while building), they are in the observation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from rumizi.engine import Action, IllegalAction
from rumizi.engine.errors import shown

from .geometry import (
    AXES,
    PIECE_LENGTHS,
    SNOW_PIECES,
    STONE_COLOURS,
    UNIT,
    VOLUME,
    Cell,
    level_pieces,
    line,
    parse_axis,
)
from .state import BUILD, Spot, TukiState

PIECES: Final = (*STONE_COLOURS, *SNOW_PIECES)
"""The piece of each slot ``p``: the stones (orange only at the advanced level), then snow."""
SLOT: Final = {piece: p for p, piece in enumerate(PIECES)}
AXIS: Final[dict[str, int]] = {axis: a for a, axis in enumerate(AXES)}
X, Y, Z = VOLUME
CELLS: Final = X * Y * Z
"""1440 cells: ``c = (x · 12 + y) · 10 + z``."""

PLACE: Final = 0
MOVE: Final = PLACE + len(PIECES) * len(AXES) * CELLS
TURN: Final = MOVE + len(PIECES) * CELLS
REMOVE: Final = TURN + len(PIECES) * len(AXES)
DONE: Final = REMOVE + len(PIECES)
HINT: Final = DONE + 1
NUM_ACTIONS: Final = HINT + 1


def num_actions(players: int) -> int:
    return NUM_ACTIONS


def cell_index(x: int, y: int, z: int) -> int:
    """The index ``c`` of a cell in the volume (raises for one outside it)."""
    if not (0 <= x < X and 0 <= y < Y and 0 <= z < Z):
        raise IllegalAction(f"cell ({x}, {y}, {z}) is outside the {X}×{Y}×{Z} volume")
    return (x * Y + y) * Z + z


def cell_of(index: int) -> tuple[int, int, int]:
    """The cell ``(x, y, z)`` of index ``c``."""
    xy, z = divmod(index, Z)
    x, y = divmod(xy, Y)
    return x, y, z


def line_cells(piece: str, axis: str, x: int, y: int, z: int) -> tuple[Cell, ...]:
    """The cells ``piece`` fills lying along ``axis`` from its lowest cell ``(x, y, z)``."""
    return line((x, y, z), parse_axis(axis), PIECE_LENGTHS[piece])


def _slot(piece: Any) -> int:
    slot = SLOT.get(piece) if isinstance(piece, str) else None
    if slot is None:
        raise IllegalAction(f"piece must be one of {', '.join(PIECES)}, not {shown(piece)}")
    return slot


def _axis(axis: Any) -> int:
    found = AXIS.get(axis) if isinstance(axis, str) else None
    if found is None:
        raise IllegalAction(f"axis must be x, y or z, not {shown(axis)}")
    return found


def _cell(action: Mapping[str, Any]) -> int:
    values: list[int] = []
    for name in ("x", "y", "z"):
        value = action.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(f"{name} must be a whole number, not {shown(value)}")
        values.append(value)
    return cell_index(*values)


def encode(action: Mapping[str, Any], seat: int, players: int) -> int:
    """The code of ``action``; ``IllegalAction`` if it has none."""
    kind = action.get("type")
    if kind == "done":
        return DONE
    if kind == "hint":
        return HINT
    if kind not in ("place", "move", "turn", "remove"):
        raise IllegalAction(f"no action code for an action of type {shown(kind)}")
    p = _slot(action.get("piece"))
    if kind == "remove":
        return REMOVE + p
    if kind == "turn":
        return TURN + p * 3 + _axis(action.get("axis"))
    if kind == "move":
        return MOVE + p * CELLS + _cell(action)
    a = _axis(action.get("axis"))
    if PIECE_LENGTHS[PIECES[p]] == 1:
        a = AXIS["z"]  # the snow cube has one orientation
    return PLACE + (p * 3 + a) * CELLS + _cell(action)


def decode(code: int, seat: int, players: int) -> Action:
    """The JSON action of ``code`` (a new dict)."""
    if isinstance(code, bool) or not isinstance(code, int | np.integer):
        raise IllegalAction(f"an action code is a whole number, not {shown(code)}")
    code = int(code)
    if not 0 <= code < NUM_ACTIONS:
        raise IllegalAction(f"an action code is a whole number from 0 to {NUM_ACTIONS - 1}")
    if code == DONE:
        return {"type": "done"}
    if code == HINT:
        return {"type": "hint"}
    if code >= REMOVE:
        return {"type": "remove", "piece": PIECES[code - REMOVE]}
    if code >= TURN:
        p, a = divmod(code - TURN, 3)
        return {"type": "turn", "piece": PIECES[p], "axis": AXES[a]}
    if code >= MOVE:
        p, c = divmod(code - MOVE, CELLS)
        x, y, z = cell_of(c)
        return {"type": "move", "piece": PIECES[p], "x": x, "y": y, "z": z}
    pa, c = divmod(code - PLACE, CELLS)
    p, a = divmod(pa, 3)
    if PIECE_LENGTHS[PIECES[p]] == 1 and AXES[a] != "z":
        z_code = PLACE + (p * 3 + AXIS["z"]) * CELLS + c
        raise IllegalAction(f"the snow cube is placed along z only: use code {z_code}")
    x, y, z = cell_of(c)
    return {"type": "place", "piece": PIECES[p], "axis": AXES[a], "x": x, "y": y, "z": z}


# ------------------------------------------------------------------- the mask
_I8: Final = np.dtype(np.int8)


def legal_mask(state: TukiState, seat: int, players: int) -> npt.NDArray[np.int8]:
    """1 for each code the rules accept from ``seat`` now, else 0 (a new array)."""
    if state.phase != BUILD or seat not in state.building():
        return np.zeros(NUM_ACTIONS, _I8)
    key = (state.level, tuple(state.builds[seat].items()), bool(state.practice))
    mask = _build_mask(*key).copy()
    if state.practice:
        from .rules import GAME  # (the rules know whether a hint is left)

        if not any(a.get("type") == "hint" for a in GAME.legal(state, seat)):
            mask[HINT] = 0
    return mask


def legal_codes(state: TukiState, seat: int, players: int) -> list[int]:
    """The codes of ``legal_mask``, ascending."""
    return [int(c) for c in np.flatnonzero(legal_mask(state, seat, players))]


def forget_masks() -> None:
    """Forget the masks remembered by build (for benchmarks)."""
    _build_mask.cache_clear()


@lru_cache(maxsize=4096)
def _build_mask(
    level: str, build: tuple[tuple[str, Spot], ...], practice: bool
) -> npt.NDArray[np.int8]:
    """The mask of a builder with ``build`` (kept: builds come back, e.g. every builder
    starts each round empty)."""
    mask = np.zeros(NUM_ACTIONS, _I8)
    placed = dict(build)
    everything = _occupied(placed.items())
    free_runs = [_run(everything, along) for along in range(3)]
    for piece in level_pieces(level):
        p = SLOT[piece]
        length = PIECE_LENGTHS[piece]
        if piece not in placed:
            for along in (2,) if length == 1 else (0, 1, 2):
                start = PLACE + (p * 3 + along) * CELLS
                mask[start : start + CELLS] = (free_runs[along] >= length).ravel()
            continue
        axis, x, y, z = placed[piece]
        others = everything.copy()
        others[_cells_of(piece, axis, x, y, z)] = False
        moves = _run(others, AXIS[axis]) >= length
        moves[x, y, z] = False
        mask[MOVE + p * CELLS : MOVE + (p + 1) * CELLS] = moves.ravel()
        if length > 1:
            for turn in AXES:
                if turn != axis and _free(others, piece, turn, x, y, z):
                    mask[TURN + p * 3 + AXIS[turn]] = 1
        mask[REMOVE + p] = 1
    mask[DONE] = 1
    mask[HINT] = int(practice)
    mask.flags.writeable = False
    return mask


def _occupied(pieces: Iterable[tuple[str, Spot]]) -> npt.NDArray[np.bool_]:
    """The volume's cells filled by ``pieces`` (piece, spot)."""
    grid = np.zeros(VOLUME, np.bool_)
    for piece, (axis, x, y, z) in pieces:
        grid[_cells_of(piece, axis, x, y, z)] = True
    return grid


def _cells_of(piece: str, axis: str, x: int, y: int, z: int) -> tuple[slice, slice, slice]:
    """The cells a piece fills, as a slice of the volume's grid."""
    dx, dy, dz = UNIT[axis]  # type: ignore[index]
    n = PIECE_LENGTHS[piece] - 1
    return slice(x, x + dx * n + 1), slice(y, y + dy * n + 1), slice(z, z + dz * n + 1)


def _free(filled: npt.NDArray[np.bool_], piece: str, axis: str, x: int, y: int, z: int) -> bool:
    """Whether ``piece`` lying along ``axis`` from (x, y, z) stays in the volume and fills
    no cell of ``filled``."""
    cells = line_cells(piece, axis, x, y, z)
    last = cells[-1]
    inside = all(0 <= v < n for v, n in zip(last, VOLUME, strict=True))
    return inside and not any(filled[c] for c in cells)


def _run(filled: npt.NDArray[np.bool_], along: int) -> npt.NDArray[np.intp]:
    """For each cell, how many free cells there are from it onwards along an axis (0 at
    a filled one; the volume's edge ends a run): a piece of length n fits from a cell
    along that axis exactly when its run is at least n. (The next filled cell or the
    edge, found by a running minimum from the far end, less the cell's own place.)"""
    size = VOLUME[along]
    shape = [1, 1, 1]
    shape[along] = size
    place = np.arange(size).reshape(shape)
    stops = np.where(filled, place, size)
    ahead = np.flip(np.minimum.accumulate(np.flip(stops, along), axis=along), along)
    return ahead - place
