"""Robust witnesses: every stored witness build of both decks (600) still stands with each
contact square shrunk by 0.1, not only by 0.01 — a hint never balances on a knife edge."""

from __future__ import annotations

from rumizi.content.tuki.solver import solve
from rumizi.games.tuki.cards import find_card, load_deck
from rumizi.games.tuki.geometry import Build, Placement
from rumizi.games.tuki.statics import ROBUST_SHRINK, is_robust, is_stable


def test_robust_is_stricter_than_stable_the_counterweight_on_a_knife_edge() -> None:
    """A bar on a cube under its second cube, two cubes on its short end: the centre of
    mass is at 1.93 — inside 1.01–1.99, outside 1.1–1.9."""
    build = Build(
        [
            Placement("snow1", "z", (1, 0, 0)),
            Placement("blue", "x", (0, 0, 1)),
            Placement("snow2", "z", (0, 0, 2)),
        ]
    )
    assert is_stable(build)
    assert not is_robust(build)
    assert ROBUST_SHRINK == 0.1


def test_all_600_stored_witnesses_are_robust() -> None:
    checked = 0
    for level in ("normal", "advanced"):
        for card in load_deck(level):
            for key, witness in card.witnesses.items():
                assert is_robust(witness), f"{card.id} {key}: {witness.to_json()}"
                checked += 1
    assert checked == 600


def test_the_solver_finds_robust_builds_by_default() -> None:
    card = find_card("N04")
    for task in card.tasks():
        result = solve(task)
        assert result.build is not None and is_robust(result.build), task.key
