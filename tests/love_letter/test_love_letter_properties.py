"""Thousands of seeded random games: the engine contract holds at every step."""

from __future__ import annotations

import os
from collections import Counter
from itertools import chain
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from love_letter_helpers import GAME
from rumizi.engine import Match
from rumizi.games.love_letter.cards import DECK_COUNTS, IDS
from rumizi.games.love_letter.state import LoveLetterState
from rumizi.testing import assert_replays, random_playout


def assert_sixteen_cards(match: Match) -> None:
    s: LoveLetterState = match.state
    if s.current < 0:
        return
    cards = Counter(chain(s.deck, s.face_up, *s.hands, *s.discards))
    if s.set_aside is not None:
        cards[s.set_aside] += 1
    assert cards == DECK_COUNTS, f"cards not conserved: {cards}"


def bad_actions(state: LoveLetterState, seat: int) -> list[dict[str, Any]]:
    """Actions that must be refused for the seat to act."""
    held = set(state.hands[seat])
    missing = [IDS[c] for c in range(1, 9) if c not in held]
    bad: list[dict[str, Any]] = [
        {"card": missing[0]},
        {"card": IDS[state.hands[seat][0]], "target": state.players},
    ]
    others = [p for p in range(state.players) if p != seat]
    if 1 in held:
        bad.append({"card": "guard", "target": others[0], "guess": "guard"})
    for p in others:
        if state.out[p] or state.protected[p]:
            bad.append(
                {"card": "priest" if 2 in held else "guard", "target": p, "guess": "king"}
                if 2 not in held
                else {"card": "priest", "target": p}
            )
    return bad


# Games per player count with every check at every step; raise it for a deeper run.
FULL_GAMES = int(os.environ.get("RUMIZI_PROPERTY_GAMES", "400"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_contract(players: int) -> None:
    """Views never leak, cards are conserved, bad actions change nothing, replays agree."""
    for seed in range(FULL_GAMES):
        match = random_playout(
            GAME, players, seed, bad_actions=bad_actions, on_step=assert_sixteen_cards
        )
        assert match.over
        assert_replays(match)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_games_end_and_conserve_cards(players: int) -> None:
    for seed in range(1000, 2000):
        match = random_playout(
            GAME,
            players,
            seed,
            check_views=False,
            check_illegal=False,
            on_step=assert_sixteen_cards,
        )
        outcome = match.outcome()
        assert outcome is not None and outcome.winners
        assert all(outcome.scores[w] >= match.state.tokens_to_win for w in outcome.winners)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    tokens=st.integers(1, 3),
    first=st.sampled_from([0, "random"]),
)
def test_any_options_keep_the_contract(
    players: int, seed: int, tokens: int, first: int | str
) -> None:
    options = {"tokens_to_win": tokens, "first": first}
    match = random_playout(
        GAME, players, seed, options, bad_actions=bad_actions, on_step=assert_sixteen_cards
    )
    assert_replays(match)
    assert max(match.state.tokens) >= tokens


def test_determinized_worlds_vary_the_hidden_cards() -> None:
    """determinize really resamples: across worlds, an opponent's hand takes several values."""
    match = Match(GAME, 4, seed=3)
    from rumizi.engine import make_rng

    rng = make_rng(0)
    seen = {GAME.determinize(match.state, 0, rng).hands[1][0] for _ in range(50)}
    assert len(seen) >= 4
    assert all(
        GAME.determinize(match.state, 0, rng).hands[0] == match.state.hands[0] for _ in range(10)
    )
