"""The fast path (``fast.take_turn`` and ``fast.deal_round``, which ``GAME`` plays) equals the
plain rules (``PLAIN``, one small function per rule): random games, shuffled or stacked,
played side by side."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rumizi.engine import Event, make_rng
from rumizi.games.love_letter import fast
from rumizi.games.love_letter.cards import FULL_DECK, IDS
from rumizi.games.love_letter.rounds import _deal_round, _take_turn
from rumizi.games.love_letter.rules import GAME, PLAIN


def told(events: list[Event]) -> list[tuple[str, dict[str, Any], Any]]:
    return [(e.kind, e.data, e.to) for e in events]


def test_the_game_plays_the_fast_path_and_plain_the_small_functions() -> None:
    assert GAME.take_turn is fast.take_turn and PLAIN.take_turn is _take_turn
    assert GAME.deal_round is fast.deal_round and PLAIN.deal_round is _deal_round


DECKS = st.permutations([IDS[c] for c in FULL_DECK])


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    decks=st.lists(DECKS, max_size=3),
    kept=st.booleans(),
)
def test_fast_turns_change_the_state_and_tell_the_events_as_the_plain_rules_do(
    seed: int, players: int, decks: list[list[str]], kept: bool
) -> None:
    options = {"deck": decks} if decks else {}
    fast_state = GAME.setup(players, make_rng(seed), options)
    plain_state = PLAIN.setup(players, make_rng(seed), options)
    assert fast_state == plain_state
    fast_rng, plain_rng, choice = make_rng(seed + 1), make_rng(seed + 1), make_rng(seed + 2)
    actions = 0
    while GAME.to_act(fast_state):
        (seat,) = GAME.to_act(fast_state)
        legal = GAME.legal(fast_state, seat)
        assert PLAIN.legal(plain_state, seat) == legal
        action = legal[int(choice.random() * len(legal))]
        # one of the legal objects itself, or an equal action made by the caller
        fast_events = GAME.apply(fast_state, seat, action if kept else dict(action), fast_rng)
        plain_events = PLAIN.apply(plain_state, seat, dict(action), plain_rng)
        assert told(fast_events) == told(plain_events)
        assert fast_state == plain_state
        assert fast_rng.getstate() == plain_rng.getstate()
        actions += 1
    assert GAME.outcome(fast_state) == PLAIN.outcome(plain_state) is not None
    assert actions > 0
