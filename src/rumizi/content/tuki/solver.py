"""The solver: for a task, find a stable build with one builder's snow blocks.

The stones go where the task puts them (centred in the volume; on the table for the plain
rule, lifted by 1, 2 or 3 for the white square). Then a depth-first search adds snow one
*move* at a time — a column of upright blocks down to whatever is below, a lying block
(resting on something or carried by its own column), or a counterweight — each aimed at
the first reason the build can't stand:

- a piece and what rests on it have nothing under them, or their centre of mass is
  outside the hull of what they rest on — found by cheap geometry. Moves that bring the
  centre of mass over the support are tried first (fewest blocks and cubes, then the
  deepest inside); when no single move does, every move under or on the group;
- otherwise the LP decides; when it says "falls", the pieces it blames get the moves.

The search is bounded by a node budget (deterministic: the same task always gives the
same witness on any machine) and optionally by wall-clock time.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from rumizi.games.tuki.geometry import (
    AXES,
    SNOW_LENGTHS,
    VOLUME,
    Build,
    Cell,
    Placement,
    add,
    extents,
    in_volume,
)
from rumizi.games.tuki.matching import Task
from rumizi.games.tuki.statics import (
    ROBUST_SHRINK,
    Failure,
    Point,
    Square,
    carried_by,
    centre_of_mass,
    convex_hull,
    cross,
    imbalance,
    inside,
    lp_stable,
    quick_failure,
    resting_contacts,
    shrunk_corners,
    upward_closure,
)

from . import NODE_LIMIT

MAX_LIFT = 3
"""The highest lift tried under the white square."""


@dataclass(frozen=True)
class SolveResult:
    """A solver run: the witness build (or ``None``), the work done, and how it ended:
    ``solved``, ``exhausted`` (no build found by this search), ``budget`` or ``time``."""

    build: Build | None
    nodes: int
    lp_calls: int
    status: str

    @property
    def solved(self) -> bool:
        """Whether a witness was found."""
        return self.build is not None


class _OutOfBudget(Exception):
    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


def stone_placements(task: Task, lift: int, volume: Cell = VOLUME) -> list[Placement] | None:
    """The task's stones centred on the table area at height ``lift``, or ``None`` when
    they don't fit the volume."""
    ex, ey, ez = extents(task.target)
    if ex > volume[0] or ey > volume[1] or ez + lift > volume[2]:
        return None
    offset = ((volume[0] - ex) // 2, (volume[1] - ey) // 2, lift)
    return [Placement(c, a, add(at, offset)) for c, a, at in sorted(task.target)]


def lifts(task: Task) -> range:
    """Heights tried for the lowest stone: 0 for the plain rule (a stone must touch the
    table), 1 and up for the white square (none may)."""
    return range(0, 1) if task.rule == "plain" else range(1, MAX_LIFT + 1)


def solve(
    task: Task,
    *,
    node_limit: int = NODE_LIMIT,
    time_limit: float | None = None,
    shrink: float = ROBUST_SHRINK,
) -> SolveResult:
    """Find a robust build of ``task`` with at most the four snow blocks: it stands even
    with every contact square shrunk by ``shrink`` (default ROBUST_SHRINK, so stored
    witnesses are useful hints, not knife edges).

    ``node_limit`` bounds the search deterministically; ``time_limit`` (seconds), when
    given, also stops it (then the outcome may depend on the machine's speed).
    """
    deadline = None if time_limit is None else time.monotonic() + time_limit
    search = _Search(node_limit, deadline, shrink)
    status = "exhausted"
    for lift in lifts(task):
        stones = stone_placements(task, lift)
        if stones is None:
            continue
        try:
            found = search.run(stones)
        except _OutOfBudget as stop:
            status = stop.status
            break
        if found is not None:
            return SolveResult(Build(found), search.nodes, search.lp_calls, "solved")
    return SolveResult(None, search.nodes, search.lp_calls, status)


Move = tuple[Placement, ...]
"""One step of the search: a block, or a column of upright blocks, or a lying block with
the column that carries it."""


class _Search:
    """Depth-first search over snow blocks for one arrangement of the stones."""

    def __init__(self, node_limit: int, deadline: float | None, shrink: float) -> None:
        self.node_limit = node_limit
        self.shrink = shrink
        self.deadline = deadline
        self.nodes = 0
        self.lp_calls = 0
        self.placements: list[Placement] = []
        self.occupancy: dict[Cell, int] = {}
        self.visited: set[frozenset[Placement]] = set()

    def run(self, stones: Sequence[Placement]) -> list[Placement] | None:
        """A stable build extending ``stones``, or ``None``."""
        self.placements = []
        self.occupancy = {}
        self.visited = set()
        for p in stones:
            self.push(p)
        return list(self.placements) if self.dfs() else None

    def push(self, placement: Placement) -> None:
        index = len(self.placements)
        self.placements.append(placement)
        for cell in placement.cells:
            self.occupancy[cell] = index

    def pop(self) -> None:
        placement = self.placements.pop()
        for cell in placement.cells:
            del self.occupancy[cell]

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _OutOfBudget("budget")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _OutOfBudget("time")

    def free_lengths(self) -> list[int]:
        used = {p.length for p in self.placements if not p.is_stone}
        return [n for n in SNOW_LENGTHS if n not in used]

    def dfs(self) -> bool:
        self.tick()
        pieces = [p.cells for p in self.placements]
        failure = quick_failure(pieces, self.occupancy, self.shrink)
        if failure is None:
            self.lp_calls += 1
            if lp_stable(pieces, self.occupancy, self.shrink):
                return True
        lengths = self.free_lengths()
        if not lengths:
            return False
        if failure is None:
            self.lp_calls += 1
            moves = self.blamed_moves(pieces, lengths)
        else:
            moves = self.mending_moves(failure, pieces, lengths)
        snow = frozenset(p for p in self.placements if not p.is_stone)
        for move in moves:
            key = snow.union(move)
            if key in self.visited:
                continue
            self.visited.add(key)
            for block in move:
                self.push(block)
            if self.dfs():
                return True
            for _ in move:
                self.pop()
        return False

    # --- moves ------------------------------------------------------------------------

    def mending_moves(
        self, failure: Failure, pieces: Sequence[Sequence[Cell]], lengths: Sequence[int]
    ) -> list[Move]:
        """Moves that put the failing set's centre of mass over its support, best first;
        every move under or on the set when no single move can."""
        members = failure.pieces
        groups = resting_contacts(pieces, self.occupancy)
        base = [
            sq
            for (upper, lower), squares in groups.items()
            if upper in members and lower not in members
            for sq in squares
        ]
        moves = list(self.moves_under(members, pieces, lengths))
        if failure.kind == "tips":
            moves += [(b,) for b in self.weights_on(members, pieces, lengths)]
        scored: list[tuple[tuple[int, int, float], Move]] = []
        for move in set(moves):
            margin = self.margin_with(move, members, failure, base)
            if margin is not None:
                scored.append(((len(move), cubes(move), -margin), move))
        scored.sort(key=lambda item: (item[0], move_key(item[1])))
        mending = [move for _, move in scored]
        return mending or ranked(moves)

    def blamed_moves(self, pieces: Sequence[Sequence[Cell]], lengths: Sequence[int]) -> list[Move]:
        """Moves under or on the pieces the LP blames (and what rests on them)."""
        groups = resting_contacts(pieces, self.occupancy)
        above = carried_by(groups, len(pieces))
        blamed = [
            i
            for i, (fz, mx, my) in enumerate(imbalance(pieces, self.occupancy, self.shrink))
            if max(abs(fz), abs(mx), abs(my)) > 1e-6
        ]
        members: set[int] = set()
        for i in blamed or range(len(pieces)):
            members |= upward_closure(i, above)
        frozen = frozenset(members)
        moves = list(self.moves_under(frozen, pieces, lengths))
        moves += [(b,) for b in self.weights_on(frozen, pieces, lengths)]
        return ranked(moves)

    def fits(self, cells: Iterable[Cell], taken: Iterable[Cell] = ()) -> bool:
        blocked = set(taken)
        return all(in_volume(c) and c not in self.occupancy and c not in blocked for c in cells)

    def ground_below(self, cell: Cell) -> int:
        """The height of the first filled cell (or the table) below ``cell``: a column
        under ``cell`` reaches down to this height."""
        x, y, z = cell
        while z > 0 and (x, y, z - 1) not in self.occupancy:
            z -= 1
        return z

    def columns(self, top: Cell, lengths: Sequence[int], taken: Iterable[Cell] = ()) -> list[Move]:
        """Stacks of upright blocks that fill the gap from the ground up to ``top``
        (inclusive), longest block lowest."""
        x, y, z = top
        floor = self.ground_below(top)
        height = z - floor + 1
        out: list[Move] = []
        for subset in stacks(height, lengths):
            blocks: list[Placement] = []
            level = floor
            for n in subset:
                blocks.append(Placement(f"snow{n}", "z", (x, y, level)))
                level += n
            if self.fits((c for b in blocks for c in b.cells), taken):
                out.append(tuple(blocks))
        return out

    def lying(self, cell: Cell, lengths: Sequence[int]) -> Iterator[Placement]:
        """Blocks lying along x or y that fill ``cell``."""
        x, y, z = cell
        for n in lengths:
            if n == 1:
                continue
            for axis in AXES[:2]:
                for k in range(n):
                    at = (x - k, y, z) if axis == "x" else (x, y - k, z)
                    block = Placement(f"snow{n}", axis, at)
                    if self.fits(block.cells):
                        yield block

    def moves_under(
        self, members: frozenset[int], pieces: Sequence[Sequence[Cell]], lengths: Sequence[int]
    ) -> Iterator[Move]:
        """Under a cube of the set's pieces: a column down to the ground, or a lying block
        (on the ground, or carried by a column under one of its cubes)."""
        for i in sorted(members):
            for x, y, z in pieces[i]:
                below = (x, y, z - 1)
                if z == 0 or below in self.occupancy:
                    continue
                yield from self.columns(below, lengths)
                for block in self.lying(below, lengths):
                    if self.grounded(block):
                        yield (block,)
                        continue
                    rest = [n for n in lengths if n != block.length]
                    for bx, by, bz in block.cells:
                        for column in self.columns((bx, by, bz - 1), rest, block.cells):
                            yield (*column, block)

    def weights_on(
        self, members: frozenset[int], pieces: Sequence[Sequence[Cell]], lengths: Sequence[int]
    ) -> Iterator[Placement]:
        """Single blocks resting on a cube of the set's pieces that can balance there."""
        for i in sorted(members):
            for x, y, z in pieces[i]:
                over = (x, y, z + 1)
                if over in self.occupancy or not in_volume(over):
                    continue
                for n in lengths:
                    upright = Placement(f"snow{n}", "z", over)
                    if self.fits(upright.cells):
                        yield upright
                for block in self.lying(over, lengths):
                    if self.balances_alone(block):
                        yield block

    def squares_under(self, block: Placement) -> list[Square]:
        """Where a new block would rest on the table or on placed pieces."""
        return [(x, y) for x, y, z in block.cells if z == 0 or (x, y, z - 1) in self.occupancy]

    def grounded(self, block: Placement) -> bool:
        """Whether a new block would rest on something."""
        return bool(self.squares_under(block))

    def balances_alone(self, block: Placement) -> bool:
        """Whether a new block with nothing on it would balance where it rests."""
        hull = convex_hull(shrunk_corners(self.squares_under(block), self.shrink))
        return inside(centre_of_mass(block.cells), hull)

    def margin_with(
        self,
        move: Move,
        members: frozenset[int],
        failure: Failure,
        base: Sequence[Square],
    ) -> float | None:
        """How far inside its support the failing set's centre of mass would be after
        ``move`` (``None`` when still outside)."""
        member_cells = {c for i in members for c in self.placements[i].cells}
        move_cells = {c for block in move for c in block.cells}
        weight, (cx, cy) = failure.weight, failure.com
        extra: list[Square] = []
        for block in move:
            if any((x, y, z - 1) in member_cells for x, y, z in block.cells):
                w = float(block.length)
                bx, by = centre_of_mass(block.cells)
                cx, cy = (
                    (weight * cx + w * bx) / (weight + w),
                    (weight * cy + w * by) / (weight + w),
                )
                weight += w
                extra += [
                    (x, y)
                    for x, y, z in block.cells
                    if z == 0
                    or ((x, y, z - 1) in self.occupancy and (x, y, z - 1) not in member_cells)
                ]
        extra += [(x, y) for x, y, z in member_cells if (x, y, z - 1) in move_cells]
        hull = convex_hull(shrunk_corners([*base, *extra], self.shrink))
        if not inside((cx, cy), hull):
            return None
        return depth_inside((cx, cy), hull)


def stacks(height: int, lengths: Sequence[int]) -> list[tuple[int, ...]]:
    """Ways to make a column of ``height`` from distinct free lengths, longest first,
    fewest blocks first."""
    out = [
        tuple(sorted(subset, reverse=True))
        for size in range(1, len(lengths) + 1)
        for subset in combinations(lengths, size)
        if sum(subset) == height
    ]
    return out


def cubes(move: Move) -> int:
    """Snow cubes a move uses."""
    return sum(block.length for block in move)


def ranked(moves: Iterable[Move]) -> list[Move]:
    """Fewer blocks first, then fewer cubes."""
    return sorted(set(moves), key=lambda m: (len(m), cubes(m), move_key(m)))


def move_key(move: Move) -> tuple[tuple[int, str, Cell], ...]:
    """A total order on moves, so the search is deterministic."""
    return tuple(sort_key(block) for block in move)


def depth_inside(point: Point, hull: Sequence[Point]) -> float:
    """The distance from ``point`` to the nearest edge of the convex polygon ``hull``
    (0 for a hull of fewer than three corners)."""
    if len(hull) < 3:
        return 0.0
    best = float("inf")
    for i, a in enumerate(hull):
        b = hull[(i + 1) % len(hull)]
        length = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
        best = min(best, cross(a, b, point) / length)
    return best


def sort_key(block: Placement) -> tuple[int, str, Cell]:
    """A total order on blocks, so the search is deterministic."""
    return (block.length, block.axis, block.at)
