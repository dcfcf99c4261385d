"""Digital statics: does a build stand, and if not, which piece falls which way.

The rule (``shared/rules/tuki.md``): a *resting contact* is a cube on the table or directly
on top of a cube of another piece; side contacts carry nothing. A build is stable when
there are non-negative upward forces, one per resting contact, each acting anywhere on
that contact's unit square shrunk by 0.01 on every side, that put every piece in balance
(vertical force and both tilting moments). Each cube weighs 1 at its centre.

A force anywhere on a set of squares is a non-negative combination of forces at the
corners of the convex hull of those squares, so each (upper piece, lower piece) pair
becomes a few corner forces and the rule is a small linear feasibility problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from rumizi.engine.texts import MessageRef

from .geometry import Build, Cell

SHRINK = 0.01
"""How far each contact square is shrunk on every side: a centre of mass exactly on a
support edge counts as falling."""

ROBUST_SHRINK = 0.1
"""The margin stored witness builds must keep: they still stand with every contact square
shrunk by this much (a build on a knife edge is legal for a player, useless as a hint)."""

TABLE = -1
"""The 'piece' index of the table in contacts."""

EPSILON = 1e-9
"""Tolerance of the geometric pre-checks (they must never reject what the LP accepts)."""

Point = tuple[float, float]
Square = tuple[int, int]
"""A contact square, named by its lower-left corner (x, y)."""


# --- contacts --------------------------------------------------------------------------


def resting_contacts(
    pieces: Sequence[Sequence[Cell]], occupancy: Mapping[Cell, int]
) -> dict[tuple[int, int], list[Square]]:
    """The resting contacts grouped by (upper piece, lower piece or TABLE): the squares
    where a cube of the upper piece sits on the table or on a cube of the lower piece."""
    groups: dict[tuple[int, int], list[Square]] = {}
    for upper, cells in enumerate(pieces):
        for x, y, z in cells:
            lower = TABLE if z == 0 else occupancy.get((x, y, z - 1))
            if lower is not None and lower != upper:
                groups.setdefault((upper, lower), []).append((x, y))
    return groups


def weight(cells: Sequence[Cell]) -> float:
    """A piece weighs one per cube."""
    return float(len(cells))


def centre_of_mass(cells: Sequence[Cell]) -> Point:
    """The (x, y) of a piece's centre of mass: the mean of its cube centres."""
    n = len(cells)
    return (sum(c[0] for c in cells) / n + 0.5, sum(c[1] for c in cells) / n + 0.5)


def shrunk_corners(squares: Sequence[Square], shrink: float = SHRINK) -> list[Point]:
    """The corners of the contact squares, each shrunk by ``shrink`` (only of the squares
    at the ends of their row or column: the others can't be on the hull)."""
    lo, hi = shrink, 1.0 - shrink
    return [(x + dx, y + dy) for x, y in outline(squares) for dx in (lo, hi) for dy in (lo, hi)]


def outline(squares: Sequence[Square]) -> set[Square]:
    """The squares that are leftmost or rightmost in their row, or front- or backmost in
    their column."""
    rows: dict[int, list[int]] = {}
    cols: dict[int, list[int]] = {}
    for x, y in squares:
        rows.setdefault(y, []).append(x)
        cols.setdefault(x, []).append(y)
    keep = {(min(xs), y) for y, xs in rows.items()} | {(max(xs), y) for y, xs in rows.items()}
    keep |= {(x, min(ys)) for x, ys in cols.items()} | {(x, max(ys)) for x, ys in cols.items()}
    return keep


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """The convex hull of ``points``, counter-clockwise, without repeated points."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def half(seq: Sequence[Point]) -> list[Point]:
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


def cross(o: Point, a: Point, b: Point) -> float:
    """The z component of (a − o) × (b − o): positive when o, a, b turn left."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def inside(point: Point, hull: Sequence[Point]) -> bool:
    """Whether ``point`` lies in the convex polygon ``hull`` (edges included)."""
    n = len(hull)
    if n == 0:
        return False
    if n == 1:
        return abs(point[0] - hull[0][0]) <= EPSILON and abs(point[1] - hull[0][1]) <= EPSILON
    if n == 2:
        a, b = hull
        if abs(cross(a, b, point)) > EPSILON:
            return False
        return (
            min(a[0], b[0]) - EPSILON <= point[0] <= max(a[0], b[0]) + EPSILON
            and min(a[1], b[1]) - EPSILON <= point[1] <= max(a[1], b[1]) + EPSILON
        )
    return all(cross(hull[i], hull[(i + 1) % n], point) >= -EPSILON for i in range(n))


# --- cheap necessary conditions ------------------------------------------------------------


@dataclass(frozen=True)
class Failure:
    """A reason a build cannot stand, found without the LP: the set of pieces ``pieces``
    (a piece and everything resting on it, directly or not) whose centre of mass ``com``
    is not over the hull of the squares it rests on from outside the set."""

    kind: Literal["floats", "tips"]
    pieces: frozenset[int]
    com: Point
    weight: float
    hull: tuple[Point, ...]


def carried_by(groups: Mapping[tuple[int, int], Sequence[Square]], count: int) -> list[set[int]]:
    """For each piece, the pieces that rest directly on it."""
    above: list[set[int]] = [set() for _ in range(count)]
    for upper, lower in groups:
        if lower != TABLE:
            above[lower].add(upper)
    return above


def upward_closure(piece: int, above: Sequence[set[int]]) -> frozenset[int]:
    """A piece and every piece resting on it, directly or through others."""
    seen = {piece}
    todo = [piece]
    while todo:
        for upper in above[todo.pop()]:
            if upper not in seen:
                seen.add(upper)
                todo.append(upper)
    return frozenset(seen)


def load_of(pieces: Sequence[Sequence[Cell]], members: frozenset[int]) -> tuple[float, Point]:
    """Total weight and centre of mass of a set of pieces."""
    total = sx = sy = 0.0
    for i in members:
        w = weight(pieces[i])
        cx, cy = centre_of_mass(pieces[i])
        total += w
        sx += w * cx
        sy += w * cy
    return total, (sx / total, sy / total)


def external_squares(
    groups: Mapping[tuple[int, int], Sequence[Square]], members: frozenset[int]
) -> list[Square]:
    """The squares where pieces of ``members`` rest on the table or on other pieces."""
    return [
        square
        for (upper, lower), squares in groups.items()
        if upper in members and lower not in members
        for square in squares
    ]


def quick_failure(
    pieces: Sequence[Sequence[Cell]], occupancy: Mapping[Cell, int], shrink: float = SHRINK
) -> Failure | None:
    """A necessary-condition check, much cheaper than the LP: a piece with nothing under
    it, or a piece-and-its-load whose centre of mass is outside its support. ``None``
    means the LP must decide."""
    groups = resting_contacts(pieces, occupancy)
    above = carried_by(groups, len(pieces))
    candidates = {upward_closure(i, above) for i in range(len(pieces))}
    candidates.add(frozenset(range(len(pieces))))

    def order(members: frozenset[int]) -> tuple[int, int, list[int]]:
        return (len(members), min(min(c[2] for c in pieces[i]) for i in members), sorted(members))

    for members in sorted(candidates, key=order):
        total, com = load_of(pieces, members)
        squares = external_squares(groups, members)
        if not squares:
            return Failure("floats", members, com, total, ())
        hull = convex_hull(shrunk_corners(squares, shrink))
        if not inside(com, hull):
            return Failure("tips", members, com, total, tuple(hull))
    return None


# --- the linear program ----------------------------------------------------------------


def equilibrium_system(
    pieces: Sequence[Sequence[Cell]],
    groups: Mapping[tuple[int, int], Sequence[Square]],
    shrink: float = SHRINK,
) -> tuple[np.ndarray, np.ndarray]:
    """``A f = b`` with ``f >= 0``: three rows per piece (vertical force, moment about the
    y axis from x offsets, moment about the x axis from y offsets, taken about the
    piece's centre of mass), one column per hull corner of each contact group."""
    coms = [centre_of_mass(cells) for cells in pieces]
    columns: list[tuple[int, int, Point]] = []
    for (upper, lower), squares in sorted(groups.items()):
        for corner in convex_hull(shrunk_corners(squares, shrink)):
            columns.append((upper, lower, corner))
    a = np.zeros((3 * len(pieces), len(columns)))
    for j, (upper, lower, (px, py)) in enumerate(columns):
        for piece, sign in ((upper, 1.0), (lower, -1.0)):
            if piece == TABLE:
                continue
            cx, cy = coms[piece]
            a[3 * piece, j] += sign
            a[3 * piece + 1, j] += sign * (px - cx)
            a[3 * piece + 2, j] += sign * (py - cy)
    b = np.zeros(3 * len(pieces))
    b[0::3] = [weight(cells) for cells in pieces]
    return a, b


def lp_stable(
    pieces: Sequence[Sequence[Cell]], occupancy: Mapping[Cell, int], shrink: float = SHRINK
) -> bool:
    """The statics rule itself: whether balancing contact forces exist (with each contact
    square shrunk by ``shrink``)."""
    groups = resting_contacts(pieces, occupancy)
    if len({upper for upper, _ in groups}) < len(pieces):
        return False  # a piece with no resting contact can carry no weight
    a, b = equilibrium_system(pieces, groups, shrink)
    from scipy.optimize import linprog  # on first use: importing Tuki stays free of SciPy

    result = linprog(np.zeros(a.shape[1]), A_eq=a, b_eq=b, bounds=(0, None), method="highs")
    return bool(result.status == 0)


def imbalance(
    pieces: Sequence[Sequence[Cell]], occupancy: Mapping[Cell, int], shrink: float = SHRINK
) -> list[tuple[float, float, float]]:
    """For each piece, what the contacts can't balance in the best attempt: (missing
    vertical force, missing moment towards +x, missing moment towards +y). All zero
    exactly when the build is stable. The attempt minimises the total imbalance, with
    force imbalance weighted heavily so that a supported piece shows up as tipping."""
    groups = resting_contacts(pieces, occupancy)
    a, b = equilibrium_system(pieces, groups, shrink)
    rows, cols = a.shape
    cost_row = np.tile([100.0, 1.0, 1.0], len(pieces))
    eye = np.eye(rows)
    full = np.hstack([a, eye, -eye])
    cost = np.concatenate([np.zeros(cols), cost_row, cost_row])
    from scipy.optimize import linprog  # on first use: importing Tuki stays free of SciPy

    result = linprog(cost, A_eq=full, b_eq=b, bounds=(0, None), method="highs")
    if result.status != 0:  # always feasible (the slacks can absorb anything)
        raise RuntimeError(f"imbalance LP failed: {result.message}")
    x = result.x
    slack = x[cols : cols + rows] - x[cols + rows :]
    return [(slack[3 * i], slack[3 * i + 1], slack[3 * i + 2]) for i in range(len(pieces))]


# --- the verdict for people -----------------------------------------------------------------

Direction = Literal["right", "left", "back", "front"]


@dataclass(frozen=True)
class Fall:
    """One piece that can't stand: it ``floats`` (nothing under it) or ``tips``
    (its load is not over its support) in the given directions."""

    piece: str
    kind: Literal["floats", "tips"]
    directions: tuple[Direction, ...] = ()

    def problem(self) -> MessageRef:
        """The fall as a problem: a catalogue message (``problem.*`` in ``texts.json``)
        with the piece and the directions as arguments."""
        piece = {"text": f"piece.{self.piece}"}
        if self.kind == "floats":
            return {"key": "problem.floats", "args": {"piece": piece}}
        if not self.directions:
            return {"key": "problem.tips", "args": {"piece": piece}}
        ways = {"list": [{"text": f"direction.{d}"} for d in self.directions]}
        return {"key": "problem.tips.ways", "args": {"piece": piece, "ways": ways}}


@dataclass(frozen=True)
class Stability:
    """The statics verdict on a build, with the falling pieces when it falls."""

    stable: bool
    falls: tuple[Fall, ...] = ()

    def problems(self) -> list[MessageRef]:
        """Each falling piece as a problem (none when the build stands)."""
        return [f.problem() for f in self.falls]


def tip_directions(mx: float, my: float) -> tuple[Direction, ...]:
    """Which ways a missing moment (towards +x, towards +y) tips a piece."""
    biggest = max(abs(mx), abs(my))
    out: list[Direction] = []
    if abs(mx) >= 0.4 * biggest and abs(mx) > 1e-7:
        out.append("right" if mx > 0 else "left")
    if abs(my) >= 0.4 * biggest and abs(my) > 1e-7:
        out.append("back" if my > 0 else "front")
    return tuple(out)


def check_stability(build: Build) -> Stability:
    """Whether ``build`` stands; when it does not, which pieces fall and which way."""
    pieces = [p.cells for p in build.placements]
    if not pieces:
        return Stability(True)
    if lp_stable(pieces, build.occupancy):
        return Stability(True)
    return Stability(False, tuple(falls(build)))


def is_stable(build: Build, shrink: float = SHRINK) -> bool:
    """Whether ``build`` stands (with contact squares shrunk by ``shrink``)."""
    pieces = [p.cells for p in build.placements]
    return not pieces or lp_stable(pieces, build.occupancy, shrink)


def is_robust(build: Build) -> bool:
    """Whether ``build`` still stands with every contact square shrunk by ROBUST_SHRINK."""
    return is_stable(build, ROBUST_SHRINK)


def falls(build: Build) -> list[Fall]:
    """The pieces to blame for an unstable build: those with nothing under them, else
    those left out of balance by the best attempt at balancing."""
    pieces = [p.cells for p in build.placements]
    groups = resting_contacts(pieces, build.occupancy)
    supported = {upper for upper, _ in groups}
    floating = [i for i in range(len(pieces)) if i not in supported]
    if floating:
        return [Fall(build.placements[i].piece, "floats") for i in floating]
    out: list[Fall] = []
    for i, (fz, mx, my) in enumerate(imbalance(pieces, build.occupancy)):
        if max(abs(fz), abs(mx), abs(my)) > 1e-6:
            out.append(Fall(build.placements[i].piece, "tips", tip_directions(mx, my)))
    return out
