"""Voxel geometry of Tuki: pieces, placements, builds, turns and canonical forms.

Coordinates: x to the right, y away from the viewer (depth), z up. A cell ``(x, y, z)``
is the unit cube ``[x, x+1] × [y, y+1] × [z, z+1]``; z = 0 touches the table. A build
lives in the volume of 12 × 12 × 10 cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, cast

from rumizi.engine.errors import shown

Cell = tuple[int, int, int]
Axis = Literal["x", "y", "z"]
Turn = Literal[0, 90, 270]
Level = Literal["normal", "advanced"]

AXES: tuple[Axis, ...] = ("x", "y", "z")
UNIT: dict[Axis, Cell] = {"x": (1, 0, 0), "y": (0, 1, 0), "z": (0, 0, 1)}
VOLUME: Cell = (12, 12, 10)
TURNS: tuple[Turn, ...] = (0, 90, 270)

STONE_LENGTH = 5
STONE_COLOURS: tuple[str, ...] = ("grey", "blue", "purple", "orange")
LEVEL_COLOURS: dict[str, tuple[str, ...]] = {
    "normal": STONE_COLOURS[:3],
    "advanced": STONE_COLOURS,
}
SNOW_LENGTHS: tuple[int, ...] = (1, 2, 3, 4)
SNOW_PIECES: tuple[str, ...] = tuple(f"snow{n}" for n in SNOW_LENGTHS)
PIECE_LENGTHS: dict[str, int] = {
    **{colour: STONE_LENGTH for colour in STONE_COLOURS},
    **{f"snow{n}": n for n in SNOW_LENGTHS},
}


class TukiError(ValueError):
    """A build or structure that breaks the rules of the geometry (with the reason)."""


class UnknownPiece(TukiError):
    """A piece name that is not a Tuki piece, or not one of this level's pieces."""


class DuplicatePiece(TukiError):
    """The same piece placed twice: each builder has one of each piece."""


class OutOfVolume(TukiError):
    """A piece that sticks out of the 12 × 12 × 10 build volume."""


class Overlap(TukiError):
    """Two pieces that share a cell."""


def add(a: Cell, b: Cell) -> Cell:
    """The sum of two cells (or a cell and an offset)."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a: Cell, b: Cell) -> Cell:
    """The difference of two cells."""
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def line(at: Cell, axis: Axis, length: int) -> tuple[Cell, ...]:
    """The cells of a straight piece of ``length`` cubes from ``at`` along ``axis``."""
    dx, dy, dz = UNIT[axis]
    x, y, z = at
    return tuple((x + i * dx, y + i * dy, z + i * dz) for i in range(length))


def parse_axis(axis: str) -> Axis:
    """``axis`` as an Axis, or a clear error."""
    if axis not in AXES:
        raise TukiError(f"unknown axis {shown(axis)}: use x, y or z")
    return axis


def axis_of(cells: Sequence[Cell]) -> Axis:
    """The axis of a straight run of cells (``z`` for a single cube)."""
    if len(cells) < 2:
        return "z"
    first, second = cells[0], cells[1]
    for axis in AXES:
        if add(first, UNIT[axis]) == second or add(second, UNIT[axis]) == first:
            return axis
    raise TukiError(f"cells {shown(cells)} are not a straight piece")


def orientations(piece: str) -> tuple[Axis, ...]:
    """The distinct axis-aligned orientations of a piece (one for a single cube)."""
    return ("z",) if piece_length(piece) == 1 else AXES


def piece_length(piece: str) -> int:
    """How many cubes long ``piece`` is."""
    try:
        return PIECE_LENGTHS[piece]
    except KeyError:
        known = ", ".join(PIECE_LENGTHS)
        raise UnknownPiece(f"unknown piece {shown(piece)}; Tuki pieces are {known}") from None


def is_stone(piece: str) -> bool:
    """Whether ``piece`` is a coloured stone (not a snow block)."""
    return piece in STONE_COLOURS


def level_pieces(level: str) -> tuple[str, ...]:
    """The pieces one builder has at ``level``: the level's stones and four snow blocks."""
    try:
        return LEVEL_COLOURS[level] + SNOW_PIECES
    except KeyError:
        raise TukiError(f"unknown level {shown(level)}: use normal or advanced") from None


@dataclass(frozen=True, slots=True)
class Placement:
    """One piece put down: which piece, along which axis, from which (lowest) cell."""

    piece: str
    axis: Axis
    at: Cell
    cells: tuple[Cell, ...] = field(init=False, repr=False, compare=False)
    """The cells the piece fills, from ``at`` along its axis."""

    def __post_init__(self) -> None:
        length = piece_length(self.piece)
        parse_axis(self.axis)
        if length == 1 and self.axis != "z":
            object.__setattr__(self, "axis", "z")  # a single cube has one orientation
        object.__setattr__(self, "cells", line(self.at, self.axis, length))

    @property
    def length(self) -> int:
        """How many cubes the piece has."""
        return PIECE_LENGTHS[self.piece]

    @property
    def is_stone(self) -> bool:
        """Whether this is a coloured stone."""
        return is_stone(self.piece)

    def to_json(self) -> list[object]:
        """``[piece, axis, x, y, z]``."""
        return [self.piece, self.axis, *self.at]

    @staticmethod
    def from_json(data: Sequence[object]) -> Placement:
        """The inverse of :meth:`to_json`, with clear errors for malformed data."""
        if len(data) != 5 or not all(isinstance(v, int) for v in data[2:]):
            raise TukiError(f"a placement is [piece, axis, x, y, z], not {shown(data)}")
        x, y, z = (cast(int, v) for v in data[2:])
        return Placement(str(data[0]), parse_axis(str(data[1])), (x, y, z))


def in_volume(cell: Cell, volume: Cell = VOLUME) -> bool:
    """Whether ``cell`` lies inside the build volume."""
    return 0 <= cell[0] < volume[0] and 0 <= cell[1] < volume[1] and 0 <= cell[2] < volume[2]


class Build:
    """A validated set of placed pieces: known pieces, each at most once, in the volume,
    not overlapping. ``occupancy`` maps each filled cell to the index of its piece."""

    __slots__ = ("occupancy", "placements")

    def __init__(
        self, placements: Iterable[Placement], level: str | None = None, volume: Cell = VOLUME
    ) -> None:
        self.placements: tuple[Placement, ...] = tuple(placements)
        allowed = set(level_pieces(level)) if level is not None else set(PIECE_LENGTHS)
        check_pieces(self.placements, allowed, level)
        self.occupancy: dict[Cell, int] = occupy(self.placements, volume)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    def __len__(self) -> int:
        return len(self.placements)

    def __repr__(self) -> str:
        return f"Build({list(self.placements)!r})"

    @property
    def stones(self) -> tuple[Placement, ...]:
        """The coloured stones of the build."""
        return tuple(p for p in self.placements if p.is_stone)

    def to_json(self) -> list[list[object]]:
        """The build as a list of ``[piece, axis, x, y, z]``."""
        return [p.to_json() for p in self.placements]

    @staticmethod
    def from_json(data: Sequence[Sequence[object]], level: str | None = None) -> Build:
        """The inverse of :meth:`to_json`."""
        return Build((Placement.from_json(item) for item in data), level)


def check_pieces(placements: Sequence[Placement], allowed: set[str], level: str | None) -> None:
    """Raise if a piece is not one of the builder's pieces or is used twice."""
    seen: set[str] = set()
    for p in placements:
        if p.piece not in allowed:
            raise UnknownPiece(
                f"{shown(p.piece)} is not one of a builder's pieces at the {level} level"
            )
        if p.piece in seen:
            raise DuplicatePiece(f"the {p.piece} piece is placed twice; each builder has one")
        seen.add(p.piece)


def occupy(placements: Sequence[Placement], volume: Cell = VOLUME) -> dict[Cell, int]:
    """Map every cell to the index of the piece that fills it; raise on leaving the
    volume or on overlap."""
    occupancy: dict[Cell, int] = {}
    for index, p in enumerate(placements):
        for cell in p.cells:
            if not in_volume(cell, volume):
                raise OutOfVolume(
                    f"the {p.piece} piece at {p.at} along {p.axis} leaves the "
                    f"{volume[0]}×{volume[1]}×{volume[2]} volume at cell {cell}"
                )
            other = occupancy.get(cell)
            if other is not None:
                raise Overlap(
                    f"the {p.piece} and {placements[other].piece} pieces overlap at cell {cell}"
                )
            occupancy[cell] = index
    return occupancy


# --- stone structures (what a card shows) -------------------------------------------------

Stone = tuple[str, Axis, Cell]
"""A stone of a structure: its colour, axis and lowest cell."""

Structure = frozenset[Stone]
"""A set of stones, normally translated so that its minimum corner is the origin."""


def stone_cells(stone: Stone) -> tuple[Cell, ...]:
    """The five cells of a stone."""
    return line(stone[2], stone[1], STONE_LENGTH)


def structure_cells(stones: Iterable[Stone]) -> list[Cell]:
    """Every cell of every stone."""
    return [cell for stone in stones for cell in stone_cells(stone)]


def min_corner(cells: Iterable[Cell]) -> Cell:
    """The smallest x, y and z over ``cells``."""
    xs, ys, zs = zip(*cells, strict=True)
    return (min(xs), min(ys), min(zs))


def extents(stones: Iterable[Stone]) -> Cell:
    """The size of the structure's bounding box in cells along x, y and z."""
    cells = structure_cells(stones)
    xs, ys, zs = zip(*cells, strict=True)
    return (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1, max(zs) - min(zs) + 1)


def normalize(stones: Iterable[Stone]) -> Structure:
    """The structure moved so its minimum corner is at the origin."""
    stones = list(stones)
    corner = min_corner(structure_cells(stones))
    return frozenset((colour, axis, sub(at, corner)) for colour, axis, at in stones)


def translate(stones: Iterable[Stone], offset: Cell) -> Structure:
    """The structure moved by ``offset``."""
    return frozenset((colour, axis, add(at, offset)) for colour, axis, at in stones)


def stones_of(placements: Iterable[Placement]) -> Structure:
    """The structure formed by the stones among ``placements`` (not normalized)."""
    return frozenset((p.piece, p.axis, p.at) for p in placements if p.is_stone)


def turn_cell_y(cell: Cell, turn: int) -> Cell:
    """Turn a cell about the picture (y) axis clockwise as seen by the viewer:
    90° sends +z to +x; 270° sends +x to +z."""
    x, y, z = cell
    if turn == 0:
        return cell
    if turn == 90:
        return (z, y, -x)
    if turn == 180:
        return (-x, y, -z)
    if turn == 270:
        return (-z, y, x)
    raise TukiError(f"unknown turn {shown(turn)}: use 0, 90 or 270")


def yaw_cell(cell: Cell, quarters: int) -> Cell:
    """Turn a cell about the vertical (z) axis by ``quarters`` × 90° (x → y)."""
    x, y, z = cell
    for _ in range(quarters % 4):
        x, y = -y, x
    return (x, y, z)


def map_stone(stone: Stone, move: Callable[[Cell], Cell]) -> Stone:
    """A stone moved cell by cell by ``move`` (a rotation): new axis and lowest cell."""
    cells = sorted(move(c) for c in stone_cells(stone))
    return (stone[0], axis_of(cells), cells[0])


def turn_structure(stones: Iterable[Stone], turn: int) -> Structure:
    """The structure turned about the picture axis, normalized."""
    return normalize(map_stone(s, lambda c: turn_cell_y(c, turn)) for s in stones)


def yaw_structure(stones: Iterable[Stone], quarters: int) -> Structure:
    """The structure turned about the vertical axis, normalized."""
    return normalize(map_stone(s, lambda c: yaw_cell(c, quarters)) for s in stones)


def yaw_variants(stones: Iterable[Stone]) -> tuple[Structure, ...]:
    """The four normalized turns of the structure about the vertical axis."""
    stones = list(stones)
    return tuple(yaw_structure(stones, k) for k in range(4))


def canonical(stones: Iterable[Stone]) -> tuple[Stone, ...]:
    """One representative of the structure up to translation and yaw: equal for two
    structures exactly when one is a translated, yawed copy of the other."""
    return min(tuple(sorted(variant)) for variant in yaw_variants(stones))


def mirror_structure(stones: Iterable[Stone]) -> Structure:
    """The structure's mirror image (x → −x), normalized."""
    return normalize(map_stone(s, lambda c: (-c[0], c[1], c[2])) for s in stones)
