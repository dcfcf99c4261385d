"""Acceptance is membership of ``legal``; ``legal`` hands out read-only actions to keep;
the "why not" of a refusal never reveals a hidden card."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from love_letter_helpers import GAME, match
from rumizi.engine import IllegalAction, Match, make_rng
from rumizi.games.love_letter.cards import IDS

CARDS = st.sampled_from([*IDS[1:], "wizard", 3, None])
SEATS = st.sampled_from([0, 1, 2, 3, 4, -1, True, False, 1.0, "1", None, [1]])
GUESSES = st.sampled_from([*IDS[1:], "wizard", None, 2])


@st.composite
def actions(draw: st.DrawFn) -> dict[str, Any]:
    """Actions near the legal ones: right and wrong cards, seats, guesses and fields."""
    action: dict[str, Any] = {}
    for key, values in (("card", CARDS), ("target", SEATS), ("guess", GUESSES)):
        if draw(st.booleans()) or key == "card":
            action[key] = draw(values)
    if draw(st.integers(0, 9)) == 0:
        action["x"] = 1
    return action


def same_action(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal as JSON: the same fields with values of the same types (True is no seat 1)."""
    return a.keys() == b.keys() and all(type(a[k]) is type(b[k]) and a[k] == b[k] for k in a)


def played_to(seed: int, players: int, steps: int) -> Match:
    """A match after ``steps`` random legal actions (or fewer, if the game ended)."""
    m = Match(GAME, players, seed=seed)
    rng = make_rng(seed)
    for _ in range(steps):
        (seat,) = m.to_act() or (None,)
        if seat is None:
            break
        choices = m.legal(seat)
        m.apply(seat, choices[int(rng.random() * len(choices))])
    return m


@settings(max_examples=400, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(2, 4),
    st.integers(0, 60),
    st.lists(actions(), min_size=1, max_size=6),
)
def test_an_action_is_accepted_exactly_when_it_is_one_of_the_legal_actions(
    seed: int, players: int, steps: int, tries: list[dict[str, Any]]
) -> None:
    m = played_to(seed, players, steps)
    if m.over:
        return
    (seat,) = m.to_act()
    legal = m.legal(seat)
    for action in [*tries, *legal[:2]]:
        before = m.state.copy()
        expected = any(same_action(action, ok) for ok in legal)
        try:
            m.apply(seat, action)
        except IllegalAction as refused:
            assert not expected, f"{action} is legal but was refused: {refused}"
            assert m.state == before
            # the same words in any world this seat cannot tell apart: nothing hidden leaks
            world = GAME.determinize(m.state, seat, make_rng(seed))
            try:
                GAME.apply(world, seat, action, make_rng(0))
            except IllegalAction as also:
                assert str(also) == str(refused)
            else:
                raise AssertionError(f"{action} is accepted in a determinized world")
        else:
            assert expected, f"{action} is not among {legal} but was accepted"
            return


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_an_action_kept_from_another_turn_is_accepted_exactly_when_it_is_legal_now(
    seed: int, players: int
) -> None:
    """Every turn that may play a move hands out the same action object: one kept from
    another turn, or handed to another seat, is played when an equal action is legal now
    (an action names no seat) and refused, changing nothing, when none is."""
    m = Match(GAME, players, seed=seed)
    rng = make_rng(seed)
    kept: dict[int, dict[str, Any]] = {}
    while not m.over:
        (seat,) = m.to_act()
        legal = m.legal(seat)
        for old in list(kept.values())[-30:]:
            world = m.state.copy()
            expected = any(same_action(old, ok) for ok in legal)
            try:
                GAME.apply(world, seat, old, make_rng(0))
            except IllegalAction:
                assert not expected, f"{old} is legal for seat {seat} but was refused"
                assert world == m.state
            else:
                assert expected, f"{old} is not among {legal} but was accepted"
        kept.update((id(a), a) for a in legal)
        m.apply(seat, legal[int(rng.random() * len(legal))])


def test_legal_hands_out_read_only_actions_the_caller_may_keep_or_copy() -> None:
    m = match(3, "princess", "guard", "priest", "baron", "handmaid")
    first = m.legal(0)
    expected = [dict(a) for a in first]
    for action in first:
        with pytest.raises(TypeError, match="read-only"):
            action["card"] = "princess"
        with pytest.raises(TypeError, match="read-only"):
            action.pop("target")
        changed = dict(action)  # a copy is the caller's to change
        changed["target"] = 99
    first.clear()
    assert m.legal(0) == expected
    again = match(3, "princess", "guard", "priest", "baron", "handmaid")
    assert again.legal(0) == expected
    kept = m.legal(0)[0]
    assert json.loads(json.dumps(kept)) == kept
    assert copy.deepcopy(kept) == pickle.loads(pickle.dumps(kept)) == expected[0]
    m.apply(0, kept)  # a kept action is still good to play
    assert m.view(None)["discards"][0] == ["guard"]


def test_a_determinized_world_offers_the_moves_of_the_cards_dealt_in_it() -> None:
    # seat 1 cannot see seat 0's hand: in its worlds, seat 0 holds other cards
    m = match(4, "princess", "guard", "priest", "baron", "handmaid", "king")
    rng = make_rng(3)
    seen = set()
    for _ in range(30):
        world = GAME.determinize(m.state, 1, rng)
        held = {IDS[c] for c in world.hands[0]}
        legal = GAME.legal(world, 0)
        assert {a["card"] for a in legal} <= held
        assert legal, "the player to act always has a move"
        seen.add(frozenset(held))
    assert len(seen) > 1


def test_the_presentation_helpers_say_what_the_rules_do() -> None:
    from rumizi.games.love_letter.cards import chooses_another, value
    from rumizi.games.love_letter.legal import targets

    m = match(3, "princess", "guard", "priest", "baron", "handmaid")
    for cid in IDS[1:]:
        assert IDS[value(cid)] == cid
        chosen = targets(m.state, 0, value(cid))
        assert chooses_another(cid) == (bool(chosen) and 0 not in chosen)
