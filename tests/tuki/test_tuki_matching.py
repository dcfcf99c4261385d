"""Matching a build against a task: translation and yaw are free; colours, mirror
images, the table rule and stability are not."""

from __future__ import annotations

import pytest

from rumizi.engine.texts import Formatter, MessageRef
from rumizi.games.tuki.geometry import (
    PIECE_LENGTHS,
    Build,
    Placement,
    Structure,
    TukiError,
    axis_of,
    line,
    normalize,
    yaw_cell,
)
from rumizi.games.tuki.matching import (
    Task,
    arrangement_matches,
    match,
    parse_key,
    parse_rule,
    parse_turn,
)
from rumizi.games.tuki.texts import CATALOGUE


def english(problem: MessageRef) -> str:
    """A problem in the catalogue's English."""
    return Formatter(CATALOGUE, "en", [])(problem)


# An upright grey stone, a blue bar lying on its top reaching right (+x), and a purple
# stone lying on the table along y against the grey one's right side: chiral (its
# mirror image is no turn of it).
CARD: Structure = normalize(
    [("grey", "z", (0, 0, 0)), ("blue", "x", (0, 0, 5)), ("purple", "y", (1, 0, 0))]
)
HOLD_PLAIN = [("snow1", "z", (3, 0, 0)), ("snow4", "z", (3, 0, 1))]
"""A column under the blue bar's third cube: enough for the plain rule."""
HOLD_WHITE = [
    ("snow1", "z", (0, 0, 0)),
    ("snow4", "z", (3, 0, 0)),
    ("snow2", "z", (3, 0, 4)),
    ("snow3", "y", (1, 1, 0)),
]
"""For the white square (stones lifted by one): a cube under the grey stone, a 6-high
column under the bar, a 3-long block under the purple stone."""


def pieces_of(stones: Structure, lift: int = 0) -> list[tuple[str, str, tuple[int, int, int]]]:
    return [(c, a, (at[0], at[1], at[2] + lift)) for c, a, at in stones]


def placed(
    pieces: list[tuple[str, str, tuple[int, int, int]]],
    offset: tuple[int, int, int],
    quarters: int = 0,
) -> list[Placement]:
    """Pieces given in the card's frame, turned ``quarters`` × 90° about z, then moved so
    their minimum x and y are at ``offset`` (z is kept, then raised by offset z)."""
    turned = [
        (piece, sorted(yaw_cell(c, quarters) for c in line(at, axis, PIECE_LENGTHS[piece])))
        for piece, axis, at in pieces
    ]
    low_x = min(c[0] for _, cells in turned for c in cells)
    low_y = min(c[1] for _, cells in turned for c in cells)
    return [
        Placement(
            piece,
            axis_of(cells),
            (
                cells[0][0] - low_x + offset[0],
                cells[0][1] - low_y + offset[1],
                cells[0][2] + offset[2],
            ),
        )
        for piece, cells in turned
    ]


@pytest.mark.parametrize("quarters", [0, 1, 2, 3])
@pytest.mark.parametrize("offset", [(0, 0, 0), (5, 3, 0), (2, 7, 0)])
def test_any_translation_and_yaw_of_the_stones_matches(
    quarters: int, offset: tuple[int, int, int]
) -> None:
    build = Build(placed(pieces_of(CARD), offset, quarters))
    assert arrangement_matches(build, Task(CARD, 0, "plain"))


def test_a_full_match_needs_the_build_to_stand() -> None:
    task = Task(CARD, 0, "plain")
    for quarters in range(4):
        alone = match(Build(placed(pieces_of(CARD), (3, 3, 0), quarters)), task)
        assert not alone.ok
        assert alone.stability is not None and not alone.stability.stable
        assert [f.piece for f in alone.stability.falls] == ["blue"]
        held = match(Build(placed([*pieces_of(CARD), *HOLD_PLAIN], (3, 3, 0), quarters)), task)
        assert held.ok, held.problems


def test_the_white_square_lifted_build_matches_and_a_grounded_one_does_not() -> None:
    task = Task(CARD, 0, "white")
    lifted = Build(placed([*pieces_of(CARD, lift=1), *HOLD_WHITE], (3, 3, 0), 3))
    assert match(lifted, task).ok
    grounded = Build(placed([*pieces_of(CARD), *HOLD_PLAIN], (3, 3, 0)))
    result = match(grounded, task)
    stones = {"list": [{"text": "piece.grey"}, {"text": "piece.purple"}]}
    assert result.problems == ({"key": "problem.on_table", "args": {"n": 2, "stones": stones}},)
    assert english(result.problems[0]) == (
        "these stones touch the table: grey stone, purple stone (the white square: stones may "
        "rest only on snow or on each other)"
    )
    plain = match(lifted, Task(CARD, 0, "plain"))
    assert plain.problems == ({"key": "problem.no_table", "args": {}},)
    assert english(plain.problems[0]) == (
        "no stone touches the table (the die shows no white square)"
    )


def test_swapped_colours_are_wrong() -> None:
    swap = {"grey": "grey", "blue": "purple", "purple": "blue"}
    swapped = [Placement(swap[p.piece], p.axis, p.at) for p in placed(pieces_of(CARD), (2, 2, 0))]
    result = match(Build(swapped), Task(CARD, 0, "plain"))
    assert result.problems[0]["key"] == "problem.swapped"
    assert "colours are swapped" in english(result.problems[0])


def test_the_mirror_image_is_wrong_at_every_yaw() -> None:
    mirrored = normalize(
        [
            (colour, axis, (-(at[0] + (4 if axis == "x" else 0)), at[1], at[2]))
            for colour, axis, at in CARD
        ]
    )
    assert mirrored != CARD
    for quarters in range(4):
        result = match(
            Build(placed(pieces_of(mirrored), (4, 4, 0), quarters)), Task(CARD, 0, "plain")
        )
        assert result.problems[0]["key"] == "problem.mirror"


def test_the_turn_matters() -> None:
    build = Build(placed(pieces_of(CARD), (2, 2, 0)))
    assert arrangement_matches(build, Task(CARD, 0, "plain"))
    assert not arrangement_matches(build, Task(CARD, 90, "plain"))
    turned = Task(CARD, 90, "plain")
    assert arrangement_matches(Build(placed(pieces_of(turned.target), (1, 1, 0), 2)), turned)


def test_a_shifted_stone_is_wrong() -> None:
    stones = placed(pieces_of(CARD), (2, 2, 0))
    moved = [
        Placement(p.piece, p.axis, (p.at[0], p.at[1] + 1, p.at[2])) if p.piece == "purple" else p
        for p in stones
    ]
    result = match(Build(moved), Task(CARD, 0, "plain"))
    assert english(result.problems[0]) == "the stones are not arranged as on the card"


def test_missing_and_extra_stones_are_named() -> None:
    stones = placed(pieces_of(CARD), (2, 2, 0))
    without = match(Build(stones[1:]), Task(CARD, 0, "plain"))
    assert english(without.problems[0]) == f"the {stones[0].piece} stone is missing"
    extra = [*stones, Placement("orange", "x", (0, 11, 0))]
    wrong = match(Build(extra), Task(CARD, 0, "plain")).problems[0]
    assert wrong == {
        "key": "problem.extra",
        "args": {"n": 1, "stones": {"list": [{"text": "piece.orange"}]}},
    }
    assert english(wrong) == "the orange stone is not on this card"


def test_snow_blocks_do_not_count_for_the_arrangement() -> None:
    stones = placed(pieces_of(CARD), (2, 2, 0))
    snow = [Placement("snow3", "x", (8, 8, 0)), Placement("snow1", "z", (0, 11, 0))]
    assert arrangement_matches(Build([*stones, *snow]), Task(CARD, 0, "plain"))


def test_parsing_turns_rules_and_keys() -> None:
    assert parse_turn("90") == 90
    assert parse_key("270/white") == (270, "white")
    for bad in ("180", "east", "45"):
        with pytest.raises(TukiError, match="0, 90 or 270"):
            parse_turn(bad)
    with pytest.raises(TukiError, match="plain or white"):
        parse_rule("grey")
    assert Task(CARD, 90, "white").key == "90/white"
