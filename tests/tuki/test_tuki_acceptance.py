"""Each acceptance rule of the card generator, on structures made by hand."""

from __future__ import annotations

import random

from rumizi.content.tuki.generator import (
    connected,
    distinct_turns,
    fits_extents,
    needs_resting_stone,
    needs_standing_stones,
    no_end_to_end,
    random_structure,
    rejection,
)
from rumizi.games.tuki.geometry import normalize

GOOD = normalize([("grey", "z", (0, 0, 0)), ("blue", "x", (0, 0, 5)), ("purple", "y", (1, 0, 0))])


def test_a_good_structure_passes_every_rule() -> None:
    assert rejection(GOOD) is None


def test_needs_an_upright_and_an_x_stone() -> None:
    no_x = normalize([("grey", "z", (0, 0, 0)), ("blue", "y", (0, 0, 5))])
    assert needs_standing_stones(no_x) is not None
    no_upright = normalize([("grey", "x", (0, 0, 0)), ("blue", "x", (0, 0, 1))])
    assert needs_standing_stones(no_upright) is not None


def test_end_to_end_stones_read_as_one() -> None:
    end_to_end = normalize([("grey", "x", (0, 0, 0)), ("blue", "x", (5, 0, 0))])
    assert "end to end" in (no_end_to_end(end_to_end) or "")
    side_by_side = normalize([("grey", "x", (0, 0, 0)), ("blue", "x", (5, 1, 0))])
    assert no_end_to_end(side_by_side) is None
    tower = normalize([("grey", "z", (0, 0, 0)), ("blue", "z", (0, 0, 5))])
    assert no_end_to_end(tower) is not None


def test_some_stone_must_rest_on_another() -> None:
    flat = normalize([("grey", "x", (0, 0, 0)), ("blue", "z", (5, 0, 0))])
    assert needs_resting_stone(flat) is not None
    assert needs_resting_stone(GOOD) is None


def test_extents() -> None:
    wide = normalize([("grey", "x", (0, 0, 0)), ("blue", "x", (3, 0, 1))])  # 8 wide
    assert fits_extents(wide) is not None
    deep = normalize([("grey", "y", (0, 0, 0)), ("blue", "y", (0, 5, 1))])  # 10 deep: fine
    assert fits_extents(deep) is None
    deeper = normalize([("grey", "y", (0, 0, 0)), ("blue", "y", (0, 6, 1))])
    assert fits_extents(deeper) is not None


def test_connected_through_faces_only() -> None:
    apart = normalize([("grey", "x", (0, 0, 0)), ("blue", "x", (0, 2, 0))])
    assert connected(apart) is not None
    edge_only = normalize([("grey", "x", (0, 0, 0)), ("blue", "x", (0, 1, 1))])
    assert connected(edge_only) is not None
    assert connected(GOOD) is None


def test_three_turns_must_differ() -> None:
    # an upright on the middle of a bar along x, and a bar along y under the middle: the
    # 90° and 270° turns are mirror-symmetric twins, the same task after a yaw
    cross = normalize(
        [("grey", "x", (0, 2, 1)), ("blue", "z", (2, 2, 2)), ("purple", "y", (2, 0, 0))]
    )
    assert distinct_turns(cross) is not None
    assert distinct_turns(GOOD) is None


def test_random_structures_are_connected_and_use_each_colour_once() -> None:
    rng = random.Random(7)
    for _ in range(30):
        stones = random_structure(rng, ("grey", "blue", "purple", "orange"))
        if stones is None:
            continue
        assert connected(stones) is None
        assert sorted(c for c, _, _ in stones) == ["blue", "grey", "orange", "purple"]
