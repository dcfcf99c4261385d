"""Geometry: placements, builds and their errors, turns and canonical forms."""

from __future__ import annotations

import pytest

from rumizi.games.tuki.geometry import (
    Build,
    DuplicatePiece,
    OutOfVolume,
    Overlap,
    Placement,
    TukiError,
    UnknownPiece,
    canonical,
    mirror_structure,
    normalize,
    orientations,
    translate,
    turn_cell_y,
    turn_structure,
    yaw_cell,
    yaw_structure,
)

L_SHAPE = normalize(
    [("grey", "z", (0, 0, 0)), ("blue", "x", (1, 0, 4)), ("purple", "y", (3, 1, 4))]
)


def test_a_placement_fills_its_cells_along_its_axis() -> None:
    assert Placement("blue", "y", (2, 3, 4)).cells == tuple((2, 3 + i, 4) for i in range(5))
    assert Placement("snow3", "z", (0, 0, 1)).cells == ((0, 0, 1), (0, 0, 2), (0, 0, 3))


def test_a_single_cube_has_one_orientation_and_others_three() -> None:
    assert orientations("snow1") == ("z",)
    assert orientations("snow4") == ("x", "y", "z")
    assert Placement("snow1", "x", (1, 1, 1)) == Placement("snow1", "z", (1, 1, 1))


def test_unknown_piece_and_axis_are_clear_errors() -> None:
    with pytest.raises(UnknownPiece, match='unknown piece "red"'):
        Placement("red", "x", (0, 0, 0))
    with pytest.raises(TukiError, match='unknown axis "w"'):
        Placement("blue", "w", (0, 0, 0))  # type: ignore[arg-type]


def test_orange_is_not_a_normal_level_piece() -> None:
    with pytest.raises(UnknownPiece, match="normal level"):
        Build([Placement("orange", "x", (0, 0, 0))], level="normal")
    assert len(Build([Placement("orange", "x", (0, 0, 0))], level="advanced")) == 1


def test_each_piece_only_once() -> None:
    with pytest.raises(DuplicatePiece, match="snow2"):
        Build([Placement("snow2", "x", (0, 0, 0)), Placement("snow2", "x", (0, 5, 0))])


def test_overlap_names_both_pieces_and_the_cell() -> None:
    with pytest.raises(Overlap, match=r"grey and blue pieces overlap at cell \(2, 0, 0\)"):
        Build([Placement("blue", "x", (0, 0, 0)), Placement("grey", "y", (2, 0, 0))])


@pytest.mark.parametrize(
    ("placement", "bad_cell"),
    [
        (Placement("blue", "x", (8, 0, 0)), "(12, 0, 0)"),
        (Placement("blue", "y", (0, -1, 0)), "(0, -1, 0)"),
        (Placement("grey", "z", (0, 0, 6)), "(0, 0, 10)"),
    ],
)
def test_leaving_the_volume_is_an_error(placement: Placement, bad_cell: str) -> None:
    with pytest.raises(OutOfVolume, match=rf"at cell \{bad_cell[:-1]}\)"):
        Build([placement])


def test_the_volume_edges_are_inside() -> None:
    build = Build([Placement("blue", "x", (7, 11, 9)), Placement("grey", "z", (0, 0, 5))])
    assert len(build.occupancy) == 10


def test_turning_90_sends_up_to_the_right_and_270_back() -> None:
    assert turn_cell_y((0, 0, 1), 90) == (1, 0, 0)
    assert turn_cell_y((1, 0, 0), 90) == (0, 0, -1)
    for cell in [(1, 2, 3), (-4, 0, 7)]:
        assert turn_cell_y(turn_cell_y(cell, 90), 270) == cell
        assert turn_cell_y(cell, 90) != turn_cell_y(cell, 270)
    with pytest.raises(TukiError):
        turn_cell_y((0, 0, 0), 45)


def test_an_upright_stone_lies_along_x_after_a_quarter_turn() -> None:
    upright = normalize([("grey", "z", (0, 0, 0))])
    assert turn_structure(upright, 90) == frozenset({("grey", "x", (0, 0, 0))})
    assert turn_structure(upright, 270) == frozenset({("grey", "x", (0, 0, 0))})


def test_four_yaws_are_the_identity() -> None:
    cell = (3, -2, 5)
    assert yaw_cell(cell, 4) == cell
    assert yaw_cell(cell, 1) == (2, 3, 5)
    assert yaw_structure(yaw_structure(L_SHAPE, 1), 3) == L_SHAPE


def test_canonical_form_ignores_translation_and_yaw() -> None:
    moved = translate(yaw_structure(L_SHAPE, 3), (4, 1, 2))
    assert canonical(moved) == canonical(L_SHAPE)
    assert canonical(mirror_structure(L_SHAPE)) != canonical(L_SHAPE)


def test_json_round_trip_of_a_build() -> None:
    build = Build([Placement("blue", "x", (0, 0, 1)), Placement("snow1", "z", (0, 0, 0))])
    again = Build.from_json(build.to_json())
    assert again.placements == build.placements
    with pytest.raises(TukiError, match="placement is"):
        Build.from_json([["blue", "x", 0, 0]])
