"""Seeded whole games through the engine contract: no leaks (views equal in every
determinized world), refused bad actions, replays, and the table's invariants."""

from __future__ import annotations

from typing import Any

import pytest
from ayozhit_helpers import GAME, ICONS

from rumizi.engine import Match
from rumizi.games.ayozhit.cards import picture_ids
from rumizi.testing import assert_replays, random_playout


def table_invariants(match: Match) -> None:
    """15 different pictures, no icon twice; boards of 0–10 marks; scores never fall."""
    state = match.state
    ids = [picture_ids()[p] for p in state.table]
    assert len(ids) == 15 and len(set(ids)) == 15
    icons = [icon for pid in ids for icon in ICONS[pid]]
    assert len(icons) == len(set(icons)), "an icon shows twice on the table"
    assert not set(state.table) & set(state.deck)
    for marks in state.marks:
        assert len(marks) <= 10 and marks == sorted(set(marks))


def bad_actions(state: Any, seat: int) -> list[Any]:
    return [
        {"type": "mark", "picture": 15},
        {"type": "mark", "picture": True},
        {"type": "word", "word": 2},
        {"type": "announce", "picture": -1},
        {"type": "dance"},
        "mark",
    ]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_playout(players: int) -> None:
    match = random_playout(
        GAME, players, seed=players, bad_actions=bad_actions, on_step=table_invariants
    )
    assert_replays(match)
    assert match.state.round == 4


def test_random_playout_with_clocks_and_tiebreak() -> None:
    for seed in range(3):
        match = random_playout(
            GAME,
            3,
            seed=100 + seed,
            options={"select_seconds": 30, "tiebreak": True},
            timeout_every=9,
            on_step=table_invariants,
        )
        assert_replays(match)


def test_a_timeout_with_empty_boards_fails_everyone() -> None:
    match = Match(GAME, 4, seed=1)
    match.apply(0, {"type": "word", "word": 0})
    match.timeout()
    assert match.view(0)["round"] == 2
    assert match.view(0)["last_round"]["failed"] == [0, 1, 2, 3]
    assert match.view(0)["last_round"]["deep"] is None
