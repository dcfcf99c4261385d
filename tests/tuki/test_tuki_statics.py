"""Statics: the reference cases of the spec, the explanations, and the cheap
pre-checks never contradicting the LP."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rumizi.engine.texts import Formatter, MessageRef
from rumizi.games.tuki.geometry import (
    AXES,
    SNOW_PIECES,
    STONE_COLOURS,
    Build,
    Placement,
    TukiError,
    axis_of,
    yaw_cell,
)
from rumizi.games.tuki.statics import (
    check_stability,
    convex_hull,
    inside,
    is_stable,
    lp_stable,
    quick_failure,
)
from rumizi.games.tuki.texts import CATALOGUE


def english(problem: MessageRef) -> str:
    """A problem in the catalogue's English."""
    return Formatter(CATALOGUE, "en", [])(problem)


def build(*pieces: tuple[str, str, tuple[int, int, int]]) -> Build:
    return Build(Placement(p, a, at) for p, a, at in pieces)  # type: ignore[arg-type]


BAR = ("blue", "x", (2, 2, 1))
"""A 5-long bar lying along x at height 1, cells x = 2..6."""


def test_a_bar_across_two_single_cubes_stands() -> None:
    # the supports are single cubes under the bar's two ends: each alone is at an end,
    # so a rule that charged each support with the whole bar would say it falls
    assert is_stable(build(BAR, ("snow1", "z", (2, 2, 0)), ("snow2", "y", (6, 2, 0))))


def test_a_bar_on_one_cube_at_its_end_falls_to_the_overhanging_side() -> None:
    result = check_stability(build(BAR, ("snow1", "z", (2, 2, 0))))
    assert not result.stable
    assert [(f.piece, f.kind, f.directions) for f in result.falls] == [("blue", "tips", ("right",))]
    assert "blue stone tips over to the right" in english(result.problems()[0])
    mirrored = check_stability(build(BAR, ("snow1", "z", (6, 2, 0))))
    assert [f.directions for f in mirrored.falls] == [("left",)]


def test_a_counterweight_beyond_the_support_makes_it_stand() -> None:
    off_centre = build(BAR, ("snow1", "z", (3, 2, 0)))
    assert not is_stable(off_centre)
    # 2 cubes on the short end: (5·4.5 + 2·2.5) / 7 = 3.93, over the support [3.01, 3.99]
    assert is_stable(build(BAR, ("snow1", "z", (3, 2, 0)), ("snow2", "z", (2, 2, 2))))
    # one cube is not enough: (5·4.5 + 2.5) / 6 = 4.17
    assert not is_stable(build(BAR, ("snow1", "z", (3, 2, 0)), ("snow4", "y", (2, 1, 2))))
    # and a weight on the overhanging side only makes it worse
    assert not is_stable(build(BAR, ("snow1", "z", (3, 2, 0)), ("snow2", "z", (6, 2, 2))))


def test_a_weight_on_the_end_over_an_end_support_does_not_help() -> None:
    # the spec's "bar on one cube at its end, counterweight on the other end": with the
    # support at the very end, no counterweight can be beyond it
    assert not is_stable(build(BAR, ("snow1", "z", (2, 2, 0)), ("snow3", "z", (2, 2, 2))))


def test_cantilever_on_a_3_long_block_stands_and_on_a_2_long_falls() -> None:
    assert is_stable(build(BAR, ("snow3", "x", (2, 2, 0))))
    falls = check_stability(build(BAR, ("snow2", "x", (2, 2, 0))))
    assert not falls.stable and falls.falls[0].directions == ("right",)


def test_centre_of_mass_exactly_over_a_support_edge_falls() -> None:
    # a 2-long block on a single cube under one end: its centre is on the cube's edge
    assert not is_stable(build(("snow2", "x", (0, 0, 1)), ("snow1", "z", (0, 0, 0))))
    # a 4-long block over a 2-long one, overhang 2: centre on the edge again
    assert not is_stable(build(("snow4", "x", (0, 0, 1)), ("snow2", "x", (0, 0, 0))))
    assert is_stable(build(("snow4", "x", (0, 0, 1)), ("snow3", "x", (0, 0, 0))))


def test_a_piece_touching_only_sideways_falls() -> None:
    result = check_stability(build(("grey", "z", (0, 0, 0)), ("snow2", "x", (1, 0, 2))))
    assert not result.stable
    assert [(f.piece, f.kind) for f in result.falls] == [("snow2", "floats")]
    assert result.problems() == [
        {"key": "problem.floats", "args": {"piece": {"text": "piece.snow2"}}}
    ]
    assert "side contacts carry nothing" in english(result.problems()[0])


def test_a_piece_cannot_hang_from_one_resting_on_it() -> None:
    bridge = [("grey", "z", (0, 0, 0)), ("purple", "z", (4, 0, 0)), ("blue", "x", (0, 0, 5))]
    assert is_stable(build(*bridge))
    hanging = check_stability(build(*bridge, ("snow1", "z", (2, 0, 4))))
    assert not hanging.stable
    assert [(f.piece, f.kind) for f in hanging.falls] == [("snow1", "floats")]


def test_a_stone_on_the_table_stands_in_any_orientation() -> None:
    for axis in AXES:
        assert is_stable(build(("grey", axis, (3, 3, 0))))  # type: ignore[arg-type]
    assert not is_stable(build(("grey", "x", (3, 3, 1))))


def test_a_t_on_an_upright_balances_only_at_its_middle() -> None:
    upright = ("grey", "z", (4, 2, 0))
    assert is_stable(build(upright, ("blue", "x", (2, 2, 5))))
    tipped = check_stability(build(upright, ("blue", "x", (3, 2, 5))))
    assert not tipped.stable and tipped.falls[0].piece == "blue"


def test_tipping_towards_and_away_from_the_viewer() -> None:
    towards = check_stability(build(("blue", "y", (0, 0, 1)), ("snow2", "x", (0, 3, 0))))
    assert towards.falls[0].directions == ("front",)
    away = check_stability(build(("blue", "y", (0, 0, 1)), ("snow2", "x", (0, 1, 0))))
    assert away.falls[0].directions == ("back",)


def test_a_heavy_load_can_tip_the_piece_under_it() -> None:
    # a 3-long block balanced on a cube at its middle; an upright 2-long block on its end
    # keeps the pair over the cube ((3·1.5 + 2·2.5)/5 = 1.9), a 4-long one does not (2.07)
    beam = [("snow1", "z", (1, 0, 0)), ("snow3", "x", (0, 0, 1))]
    assert is_stable(build(*beam))
    assert is_stable(build(*beam, ("snow2", "z", (2, 0, 2))))
    result = check_stability(build(*beam, ("snow4", "z", (2, 0, 2))))
    assert not result.stable
    assert "snow3" in [f.piece for f in result.falls]


def test_an_empty_build_stands() -> None:
    assert check_stability(Build([])).stable


def test_hull_and_inside() -> None:
    square = convex_hull([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.5, 0.5)])
    assert len(square) == 4
    assert inside((1.0, 0.5), square)
    assert not inside((1.001, 0.5), square)
    assert inside((0.5, 0.0), convex_hull([(0.0, 0.0), (1.0, 0.0)]))
    assert not inside((0.5, 0.1), convex_hull([(0.0, 0.0), (1.0, 0.0)]))


PIECES = list(STONE_COLOURS[:3]) + list(SNOW_PIECES)


@st.composite
def random_builds(draw: st.DrawFn) -> Build:
    """Up to 6 pieces dropped near each other in a small region, overlaps skipped."""
    chosen = draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=6, unique=True))
    placements: list[Placement] = []
    for piece in chosen:
        axis = draw(st.sampled_from(AXES))
        at = (draw(st.integers(0, 4)), draw(st.integers(0, 4)), draw(st.integers(0, 3)))
        candidate = Placement(piece, axis, at)
        try:
            Build([*placements, candidate])
        except TukiError:
            continue
        placements.append(candidate)
    return Build(placements)


@settings(max_examples=60, deadline=None)
@given(random_builds())
def test_the_cheap_precheck_never_rejects_what_the_lp_accepts(b: Build) -> None:
    pieces = [p.cells for p in b.placements]
    if lp_stable(pieces, b.occupancy):
        assert quick_failure(pieces, b.occupancy) is None


@settings(max_examples=30, deadline=None)
@given(random_builds(), st.integers(0, 3))
def test_stability_does_not_depend_on_where_or_which_way_the_build_stands(
    b: Build, quarters: int
) -> None:
    turned = [sorted(yaw_cell(c, quarters) for c in p.cells) for p in b.placements]
    low_x = min(c[0] for cells in turned for c in cells)
    low_y = min(c[1] for cells in turned for c in cells)
    moved = [
        Placement(
            p.piece, axis_of(cells), (cells[0][0] - low_x + 3, cells[0][1] - low_y + 2, cells[0][2])
        )
        for p, cells in zip(b.placements, turned, strict=True)
    ]
    assert is_stable(Build(moved)) == is_stable(b)
