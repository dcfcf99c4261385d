"""Many seeded games: the engine contract holds at every step.

All 162 cards are conserved, games end (every round, random play included, thanks to the
stall rule), bad actions are refused with the state unchanged, the log replays to the same
state, and no view differs between the true state and a world determinized for its seat.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from skip_bo_helpers import GAME, assert_all_cards

from rumizi.bots import Bot, make
from rumizi.engine import IllegalAction, Match, make_rng
from rumizi.games.skip_bo.cards import JSON, SKIP_BO
from rumizi.games.skip_bo.encode import END_TURN
from rumizi.games.skip_bo.state import SkipBoState
from rumizi.testing import assert_no_leak, assert_rejected, assert_replays, random_playout


def bad_actions(state: SkipBoState, seat: int) -> list[dict[str, Any]]:
    """Actions that must be refused for the seat to act now."""
    hand = state.hands[seat]
    bad: list[dict[str, Any]] = [
        {"from": "stock", "to": "discard", "to_pile": 0},
        {"from": "discard", "from_pile": 0, "to": "discard", "to_pile": 0},
    ]
    missing = next(v for v in range(1, SKIP_BO + 1) if v not in hand)
    bad.append({"from": "hand", "card": JSON[missing], "to": "discard", "to_pile": 0})
    if hand:
        bad.append({"type": "end_turn"})
    if not state.teams:
        bad.append({"from": "partner_stock", "to": "build", "to_pile": 0})
    for i, pile in enumerate(state.discards[seat]):
        if not pile:
            bad.append({"from": "discard", "from_pile": i, "to": "build", "to_pile": 0})
    empty = [d for d in range(4) if not state.build[d]]
    if len(empty) > 1 and hand:
        bad.append({"from": "hand", "card": JSON[hand[0]], "to": "build", "to_pile": empty[1]})
    own_empty = [i for i in range(4) if not state.discards[seat][i]]
    if len(own_empty) > 1 and hand:
        card = JSON[hand[0]]
        bad.append({"from": "hand", "card": card, "to": "discard", "to_pile": own_empty[1]})
    for d, pile in enumerate(state.build):
        misfits = [c for c in hand if pile and c != len(pile) + 1 and c != SKIP_BO]
        if misfits:
            bad.append({"from": "hand", "card": JSON[misfits[0]], "to": "build", "to_pile": d})
            break
    return bad


def legal_is_exactly_what_apply_accepts(state: SkipBoState, seat: int) -> None:
    """``legal_codes`` lists every code ``apply_code`` accepts, each once, and nothing else."""
    accepted = []
    for code in range(GAME.num_actions(state.players)):
        try:
            GAME._check(state, seat, code)
        except IllegalAction:
            continue
        accepted.append(code)
    listed = GAME.legal_codes(state, seat)
    assert sorted(listed) == accepted, (sorted(listed), accepted)


def conserved(match: Match) -> None:
    """All cards are in play, and the acting seat is asked only what it can do: a seat with
    an empty hand only when nothing is left to draw and a building play is open to it."""
    assert_all_cards(match)
    s: SkipBoState = match.state
    assert sum(s.segments) <= len(s.draw)
    if s.current < 0:
        return  # (a game may end on a play that also completed a pile)
    assert all(len(p) < 12 for p in s.build), "a complete pile was left on the table"
    if not s.hands[s.current]:
        assert not s.draw, "an empty hand was not refilled"
        codes = GAME.legal_codes(s, s.current)
        assert codes[-1] == END_TURN and len(codes) > 1, "an empty hand with no play to make"
    if len(match.log) % 4 == 0:
        legal_is_exactly_what_apply_accepts(s, s.current)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_single_rounds_keep_every_contract(players: int) -> None:
    reasons = set()
    for seed in range(30):
        match = random_playout(
            GAME, players, seed, {"rounds": 1}, bad_actions=bad_actions, on_step=conserved
        )
        assert match.over
        assert_replays(match)
        reasons.update(e.data["reason"] for e in match.events if e.kind == "turn_over")
    assert reasons == {"empty_hand", "end_turn"}  # both ways an empty hand ends a turn


@pytest.mark.parametrize(("players", "teams"), [(4, True), (6, True), (3, False)])
def test_random_games_of_several_short_rounds_keep_every_contract(
    players: int, teams: bool
) -> None:
    for seed in range(5):
        options = {"stock_size": 2, "target": 40, "teams": teams}
        match = random_playout(
            GAME, players, seed, options, bad_actions=bad_actions, on_step=conserved
        )
        assert match.over
        assert_replays(match)
        outcome = match.outcome()
        assert outcome is not None
        assert max(outcome.scores) >= 40 or match.state.stalls == 3


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_random_round_ends(players: int) -> None:
    """Random play rarely empties a stock: the stall rule ends those rounds."""
    reasons = set()
    for seed in range(300):
        match = random_playout(
            GAME, players, 10_000 + seed, {"rounds": 1}, check_views=False, check_illegal=False
        )
        assert match.over and match.state.last_round is not None
        reasons.add(match.state.last_round["reason"])
    assert "stall" in reasons


def bot_playout(players: int, seed: int, levels: list[str], options: dict[str, Any]) -> Match:
    """A game between bots, checked at every step like ``random_playout`` does."""
    match = Match(GAME, players, seed=seed, options=options)
    bots: list[Bot] = [make("skip-bo", levels[p % len(levels)]) for p in range(players)]
    rng = make_rng(seed + 1)
    check = make_rng(seed + 2)
    steps = 0
    while not match.over:
        steps += 1
        assert steps < 20_000, "the game did not end"
        conserved(match)
        assert_no_leak(GAME, match.state, check, tries=1)
        seat = next(iter(match.to_act()))
        legal_is_exactly_what_apply_accepts(match.state, seat)
        if steps % 5 == 0:
            for bad in bad_actions(match.state, seat):
                assert_rejected(GAME, match.state, seat, bad, check)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal(seat), rng))
    conserved(match)
    return match


@pytest.mark.parametrize(
    ("players", "levels", "options"),
    [
        (2, ["greedy"], {"stock_size": 10, "target": 90}),
        (4, ["heuristic", "greedy"], {"stock_size": 8, "rounds": 2}),
        (4, ["greedy"], {"stock_size": 6, "teams": True, "target": 80}),
        (6, ["heuristic"], {"stock_size": 5, "teams": True, "rounds": 1}),
        (5, ["greedy", "heuristic"], {"rounds": 1}),
    ],
)
def test_bot_games_complete_and_recycle_piles_keeping_every_contract(
    players: int, levels: list[str], options: dict[str, Any]
) -> None:
    seen: set[str] = set()
    for seed in range(3):
        match = bot_playout(players, seed, levels, options)
        assert_replays(match)
        seen.update(e.kind for e in match.events)
    assert "pile_completed" in seen


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    stock_size=st.integers(1, 4),
    teams=st.booleans(),
    first=st.sampled_from([0, 1, "random"]),
    rounds=st.sampled_from([1, 2, 3]),
)
def test_any_options_keep_the_contract(
    players: int, seed: int, stock_size: int, teams: bool, first: int | str, rounds: int
) -> None:
    options: dict[str, Any] = {
        "stock_size": stock_size,
        "teams": teams and players in (4, 6),
        "first": first,
        "target": 30,
        "rounds": rounds,
    }
    match = random_playout(GAME, players, seed, options, bad_actions=bad_actions, on_step=conserved)
    assert_replays(match)
    assert match.outcome() is not None
