"""The fast path (``fast.legal``) lists exactly the moves the rules name
(``moves.legal_moves``), in the same order, at every step of many random games: as ints
(``legal_codes``) and as the shared actions ``GAME.legal`` hands out."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rumizi.engine import FrozenAction, make_rng
from rumizi.games.skip_bo.encode import encode
from rumizi.games.skip_bo.fast import legal_codes
from rumizi.games.skip_bo.moves import legal_moves
from rumizi.games.skip_bo.rules import GAME


def check_a_game(seed: int, players: int, options: dict[str, object]) -> int:
    """Play one random game, comparing the two at every step for every seat."""
    rng = make_rng(seed)
    state = GAME.setup(players, rng, options)
    steps = 0
    while state.current >= 0:
        for seat in range(players):
            moves = legal_moves(state, seat)
            named = [encode(move) for move in moves]
            assert named == legal_codes(state, seat), f"seed {seed}, step {steps}, seat {seat}"
            actions = GAME.legal(state, seat)
            assert actions == moves, f"seed {seed}, step {steps}, seat {seat}"
            assert all(type(a) is FrozenAction for a in actions)
        codes = legal_codes(state, state.current)
        GAME.apply_code(state, state.current, codes[int(rng.random() * len(codes))], rng)
        steps += 1
    return steps


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"rounds": 1, "stock_size": 5}),
        (3, {"rounds": 1, "stock_size": 8}),
        (4, {"rounds": 1, "stock_size": 6, "teams": True}),
        (6, {"rounds": 1, "stock_size": 5, "teams": True}),
    ],
)
def test_the_fast_path_lists_the_named_moves(players: int, options: dict[str, object]) -> None:
    assert sum(check_a_game(seed, players, options) for seed in range(12)) > 500


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4, 5, 6]), st.booleans())
def test_the_fast_path_agrees_on_any_table(seed: int, players: int, teams: bool) -> None:
    options: dict[str, object] = {"rounds": 1, "stock_size": 4}
    if teams and players in (4, 6):
        options["teams"] = True
    check_a_game(seed, players, options)
