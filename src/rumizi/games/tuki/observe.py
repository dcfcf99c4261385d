"""What a learning program sees of Tuki: a seat's view as a fixed-size vector.

Built from ``view(state, seat)`` alone (the card, the die, every build live, who has
declared — everything but the order of the deck, which no view shows). Voxel grids are
the 12 × 12 × 10 volume, flattened cell by cell as the action codes number cells
(``c = (x · 12 + y) · 10 + z``, see ``encode.py``); pieces and colours are in the slot
order of ``encode.PIECES`` (grey, blue, purple, orange, snow1 … snow4). Seats are
relative to the observer (block 0 is the observer).

===================  ==========================================================
index                meaning (all values in 0–1)
===================  ==========================================================
0 + 1440·k + c       the target: the card's stones turned as the die says (the
                     task's structure), its lowest corner at cell (0, 0, 0); one
                     channel per colour k (grey, blue, purple, orange)
5760 + 1440·p + c    the observer's build: piece p fills cell c
17280 + 7·k …        the target's stone of colour k: present; axis x, y, z; its
                     lowest cell x / 11, y / 11, z / 9
17308 …              the die: plain, white square; the turn: 0, 90, 270; the
                     level: normal, advanced; the final round; practice;
                     cards left in the deck / 50; round / 20 (at most 1)
17319 + 112·o + 0 …  the player at offset o: building now; declared done; the
                     order of declaring / players; out (final round); the scout;
                     cards taken / 5; the build stands (live statics); pieces
                     down / 8
17319 + 112·o + 8 +  their piece p: down; axis x, y, z; its lowest cell x / 11,
  13·p …             y / 11, z / 9; the live statics say it falls; it has
                     nothing under it; it tips right (+x), left, back (+y),
                     front (the ways the view's ``falls`` names)
===================  ==========================================================

``observation_size(players)`` = 17,319 + 112 × players (17,543 with two players). The
others' builds are told piece by piece (as the table shows them, live); only the
observer's own is also a voxel grid. The clock is the host's: the ticked environments
(``rumizi.rl.clock``) add the share of the round's clock gone.

``observe_state`` is the same vector read straight off the state, without building the
view; the tests prove it equal to ``observe`` of the view at every step of random games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .encode import (
    CELLS,
    PIECES,
    SLOT,
    cell_index,
    decode,
    encode,
    legal_codes,
    legal_mask,
    line_cells,
    num_actions,
)
from .geometry import AXES, STONE_COLOURS, Stone, parse_axis, turn_structure
from .judging import CARDS_TO_END
from .state import TukiState

__all__ = [
    "TICK_SECONDS",
    "decode",
    "encode",
    "legal_codes",
    "legal_mask",
    "num_actions",
    "observation_size",
    "observe",
    "observe_state",
]

TICK_SECONDS: Final = 1.0
"""Tuki is a race: its RL faces step in ticks of its clock, one second each (the
environments' ``tick`` changes it)."""

COLOURS: Final = len(STONE_COLOURS)
TARGET: Final = 0
BUILD: Final = TARGET + COLOURS * CELLS
STONES: Final = BUILD + len(PIECES) * CELLS
PER_STONE: Final = 7
TASK: Final = STONES + PER_STONE * COLOURS
PLAIN, WHITE, TURN0, TURN90, TURN270, NORMAL, ADVANCED, FINAL, PRACTICE, DECK, ROUND = range(
    TASK, TASK + 11
)
SEATS: Final = TASK + 11
PER_PIECE: Final = 13
WAYS: Final = {"right": 0, "left": 1, "back": 2, "front": 3}
"""The directions a piece tips, as the statics name them."""
PER_SEAT: Final = 8 + PER_PIECE * len(PIECES)
BUILDING, DONE, ORDER, OUT, SCOUT, TAKEN, STANDS, DOWN = range(8)
TURNS: Final = {0: TURN0, 90: TURN90, 270: TURN270}
DECK_SIZE: Final = 50
ROUNDS: Final = 20
_SCALE: Final = (11.0, 11.0, 9.0)
_F32: Final = np.dtype(np.float32)


def observation_size(players: int) -> int:
    return SEATS + PER_SEAT * players


def observe(view: Mapping[str, Any], seat: int, players: int) -> npt.NDArray[np.float32]:
    """The vector of ``view`` (seat ``seat``'s view of a ``players``-player game)."""
    stones = tuple(
        (str(c), parse_axis(a), (int(x), int(y), int(z)))
        for c, a, x, y, z in view["card"]["stones"]
    )
    builds = [{str(p[0]): tuple(p[1:]) for p in build} for build in view["builds"]]
    return _vector(
        seat,
        players,
        _Table(
            level=view["level"],
            card=(stones, int(view["turn"])),
            rule=view["die"]["rule"],
            final=view["final"],
            practice=view["practice"],
            deck=view["deck"],
            round_no=view["round"],
            scout=view["scout"],
            building=set(view["to_act"]) if view["phase"] == "build" else set(),
            done=view["done"],
            out=view["out"],
            taken=[len(t) for t in view["taken"]],
            builds=builds,
            falls=view["falls"],
        ),
    )


def observe_state(state: TukiState, seat: int, players: int) -> npt.NDArray[np.float32]:
    """``observe(GAME.view(state, seat), seat, players)``, read off the state."""
    from .cards import cards

    card = cards(state.level)[state.card]
    stones = tuple((c, a, at) for c, a, at in sorted(card.stones))
    return _vector(
        seat,
        players,
        _Table(
            level=state.level,
            card=(stones, state.turn),
            rule=state.rule,
            final=state.final,
            practice=state.practice,
            deck=len(state.deck),
            round_no=state.round_no,
            scout=state.scout,
            building=set(state.building()) if state.phase == "build" else set(),
            done=state.done,
            out=state.out,
            taken=[len(t) for t in state.taken],
            builds=state.builds,
            falls=state.falls,
        ),
    )


@dataclass(frozen=True, slots=True)
class _Table:
    """What the vector says, gathered from a view or from a state."""

    level: str
    card: tuple[tuple[Stone, ...], int]
    """The card's stones at 0° and the die's turn."""
    rule: str
    final: bool
    practice: bool
    deck: int
    round_no: int
    scout: int
    building: set[int]
    done: Sequence[int]
    out: Sequence[int]
    taken: list[int]
    builds: Sequence[Mapping[str, Sequence[Any]]]
    falls: Sequence[Sequence[Mapping[str, Any]]]


def _vector(seat: int, players: int, table: _Table) -> npt.NDArray[np.float32]:
    vector = np.zeros(SEATS + PER_SEAT * players, _F32)
    stones, turn = table.card
    target, compact = _target(stones, turn)
    vector[TARGET:BUILD] = target
    vector[STONES:TASK] = compact
    for piece, spot in table.builds[seat].items():
        vector[BUILD + CELLS * SLOT[piece] + _cells(piece, *spot)] = 1.0
    vector[WHITE if table.rule == "white" else PLAIN] = 1.0
    vector[TURNS[turn]] = 1.0
    vector[ADVANCED if table.level == "advanced" else NORMAL] = 1.0
    vector[FINAL] = float(table.final)
    vector[PRACTICE] = float(table.practice)
    vector[DECK] = min(table.deck / DECK_SIZE, 1.0)
    vector[ROUND] = min(table.round_no / ROUNDS, 1.0)
    done = list(table.done)
    for o in range(players):
        p = (seat + o) % players
        base = SEATS + PER_SEAT * o
        block = vector[base : base + PER_SEAT]
        block[BUILDING] = float(p in table.building)
        if p in done:
            block[DONE] = 1.0
            block[ORDER] = (done.index(p) + 1) / players
        block[OUT] = float(p in table.out)
        block[SCOUT] = float(p == table.scout)
        block[TAKEN] = min(table.taken[p] / CARDS_TO_END, 1.0)
        falling = _falling(table.falls[p])
        block[STANDS] = float(not table.falls[p])
        build: Mapping[str, Sequence[Any]] = table.builds[p]
        block[DOWN] = len(build) / len(PIECES)
        for piece, (axis, x, y, z) in build.items():
            at = 8 + PER_PIECE * SLOT[piece]
            block[at] = 1.0
            block[at + 1 + AXES.index(axis)] = 1.0
            block[at + 4 : at + 7] = (x / _SCALE[0], y / _SCALE[1], z / _SCALE[2])
            why = falling.get(piece)
            if why is not None:
                block[at + 7] = 1.0
                for index in why:
                    block[at + 8 + index] = 1.0
    return vector


@lru_cache(maxsize=1024)
def _cells(piece: str, axis: str, x: int, y: int, z: int) -> npt.NDArray[np.intp]:
    """The cell indices a piece fills."""
    return np.array([cell_index(*c) for c in line_cells(piece, axis, x, y, z)], np.intp)


@lru_cache(maxsize=1024)
def _target(
    stones: tuple[Stone, ...], turn: int
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The task's structure as colour channels of voxels, and stone by stone."""
    voxels = np.zeros(COLOURS * CELLS, _F32)
    compact = np.zeros(PER_STONE * COLOURS, _F32)
    for colour, axis, (x, y, z) in turn_structure(stones, turn):
        k = SLOT[colour]
        voxels[CELLS * k + _cells(colour, axis, x, y, z)] = 1.0
        at = PER_STONE * k
        compact[at] = 1.0
        compact[at + 1 + AXES.index(axis)] = 1.0
        compact[at + 4 : at + 7] = (x / _SCALE[0], y / _SCALE[1], z / _SCALE[2])
    voxels.flags.writeable = compact.flags.writeable = False
    return voxels, compact


def _falling(problems: Iterable[Mapping[str, Any]]) -> dict[str, list[int]]:
    """The pieces the live statics say fall, each with how (``falls`` problems name
    them): index 0 when it has nothing under it, 1–4 for each way it tips."""
    named: dict[str, list[int]] = {}
    for problem in problems:
        args = problem.get("args", {})
        piece = str(args.get("piece", {}).get("text", "")).removeprefix("piece.")
        how = named.setdefault(piece, [])
        if problem.get("key") == "problem.floats":
            how.append(0)
        for way in args.get("ways", {}).get("list", []):
            how.append(1 + WAYS[str(way.get("text", "")).removeprefix("direction.")])
    return named
