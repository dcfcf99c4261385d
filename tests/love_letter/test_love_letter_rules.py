"""Every rule, edge case and [decision] of rules/love-letter.md, on stacked decks."""

from __future__ import annotations

import pytest

from love_letter_helpers import GAME, hand, kinds, match, stack
from rumizi.engine import BadOptions, IllegalAction, Match
from rumizi.games.love_letter.cards import FULL_DECK, IDS
from rumizi.games.love_letter.texts import CATALOGUE

# ------------------------------------------------------------------ setup


def test_the_deck_has_sixteen_cards_with_names_and_texts_in_both_languages() -> None:
    assert sorted(IDS[c] for c in FULL_DECK) == sorted(
        ["guard"] * 5
        + ["priest"] * 2
        + ["baron"] * 2
        + ["handmaid"] * 2
        + ["prince"] * 2
        + ["king", "countess", "princess"]
    )
    for lang in ("fa", "en"):  # each card's name and text are in the catalogue
        assert all(CATALOGUE[lang][f"name.{c}"] and CATALOGUE[lang][f"text.{c}"] for c in IDS[1:])
        assert len({CATALOGUE[lang][f"name.{c}"] for c in IDS[1:]}) == 8


def test_four_player_setup_sets_one_card_aside_deals_one_each_and_the_starter_draws() -> None:
    m = match(4, "princess", "guard", "priest", "baron", "handmaid", "king")
    assert m.state.set_aside == 8
    assert [hand(m, p) for p in range(4)] == [
        ["guard", "king"],
        ["priest"],
        ["baron"],
        ["handmaid"],
    ]
    assert m.to_act() == {0}
    view = m.view(1)
    assert view["deck"] == 10 and view["set_aside"] is True
    assert view["face_up"] == []
    assert view["hand"] == ["priest"] and view["hand_sizes"] == [2, 1, 1, 1]
    assert "princess" not in str(view) and "princess" not in str(m.view(None))


def test_the_first_deal_is_told_as_every_later_deal_each_card_to_its_holder_only() -> None:
    first = stack("princess", "guard", "priest", "baron", "handmaid", "king")
    second = stack("princess", "countess", "king", "guard", "priest", "handmaid")
    m = Match(GAME, 3, seed=7, options={"deck": [first, second]})
    told = [(e.kind, e.data, e.to) for e in m.events]
    assert told == [
        ("round_started", {"round": 1, "starter": 0, "face_up": []}, None),
        ("dealt", {"card": "guard"}, {0}),
        ("dealt", {"card": "priest"}, {1}),
        ("dealt", {"card": "baron"}, {2}),
        ("turn", {"seat": 0, "deck": 11}, None),
        ("drew", {"card": "handmaid"}, {0}),
    ]
    events = m.apply(0, {"card": "guard", "target": 1, "guess": "priest"})  # 1 is out
    events += m.apply(2, {"card": "baron", "target": 0})  # its king beats 0's handmaid
    later = events[[e.kind for e in events].index("round_over") + 1 :]
    assert kinds(later) == kinds(m.events[:6])
    assert later[0].data == {"round": 2, "starter": 2, "face_up": []}  # the winner starts
    assert [e.to for e in later] == [None, {0}, {1}, {2}, None, {2}]


def test_two_players_remove_three_cards_face_up_seen_by_everyone() -> None:
    m = match(2, "guard", "princess", "countess", "king", "priest", "baron", "handmaid")
    for seat in (0, 1, None):
        assert m.view(seat)["face_up"] == ["princess", "countess", "king"]
    assert hand(m, 0) == ["handmaid", "priest"] and hand(m, 1) == ["baron"]
    assert m.view(0)["deck"] == 16 - 1 - 3 - 2 - 1
    assert 8 not in m.state.deck and all(8 not in h for h in m.state.hands)


def test_seat_zero_starts_the_first_round_by_default_and_first_may_pick_or_randomize() -> None:
    assert Match(GAME, 3, seed=1).to_act() == {0}
    assert Match(GAME, 3, seed=1, options={"first": 2}).to_act() == {2}
    starters = {
        Match(GAME, 4, seed=s, options={"first": "random"}).state.starter for s in range(40)
    }
    assert starters == {0, 1, 2, 3}


@pytest.mark.parametrize(("players", "tokens"), [(2, 7), (3, 5), (4, 4)])
def test_tokens_to_win_by_player_count(players: int, tokens: int) -> None:
    assert Match(GAME, players).view(0)["tokens_to_win"] == tokens
    assert Match(GAME, players, options={"tokens_to_win": 2}).view(0)["tokens_to_win"] == 2


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "2–4 players"),
        (5, {}, "2–4 players"),
        (4, {"colour": "red"}, "unknown option"),
        (4, {"tokens_to_win": 0}, "positive"),
        (4, {"tokens_to_win": "3"}, "positive"),
        (4, {"first": 4}, "seat from 0 to 3"),
        (4, {"first": "last"}, '"random"'),
        (4, {"edition": "2019"}, 'only "classic"'),
        (4, {"deck": ["guard"] * 16}, "exactly the 16 cards"),
        (4, {"deck": ["joker", *["guard"] * 15]}, 'unknown card "joker"'),
        (4, {"deck": "guard"}, "list of the 16 cards"),
    ],
)
def test_bad_options_are_refused_clearly(
    players: int, options: dict[str, object], message: str
) -> None:
    with pytest.raises(BadOptions, match=message):
        Match(GAME, players, options=options)


def test_stacked_decks_may_be_given_for_several_rounds() -> None:
    first = stack("guard", "king", "countess", "baron", "priest", "guard", "princess")
    second = stack("priest", "guard", "guard", "guard", "handmaid", "baron", "prince")
    m = Match(GAME, 2, options={"deck": [first, second]})
    m.apply(0, {"card": "princess"})  # seat 0 is out: seat 1 wins round 1 and starts round 2
    assert m.state.round == 2 and m.to_act() == {1}
    assert m.view(0)["face_up"] == ["guard", "guard", "guard"]
    assert hand(m, 1) == ["handmaid", "prince"] and hand(m, 0) == ["baron"]


# ------------------------------------------------------------------ turns


def test_a_turn_draws_then_plays_one_of_two_cards_face_up_in_order() -> None:
    m = match(3, "princess", "handmaid", "priest", "baron", "guard", "countess", "king")
    assert m.view(0)["hand"] == ["handmaid", "guard"]
    m.apply(0, {"card": "handmaid"})
    assert m.to_act() == {1} and m.view(1)["hand"] == ["priest", "countess"]
    m.apply(1, {"card": "countess"})
    assert m.view(2)["hand"] == ["baron", "king"]
    assert m.view(None)["discards"] == [["handmaid"], ["countess"], []]


def test_out_of_turn_and_malformed_actions_are_refused_and_change_nothing() -> None:
    m = match(3, "princess", "guard", "priest", "baron", "handmaid")
    before = m.state.copy()
    cases = [
        (1, {"card": "priest", "target": 0}, "cannot act now: waiting for seat 0"),
        (0, {"card": "king"}, "you do not hold the King"),
        (0, {"card": "wizard"}, "card must be a card id"),
        (0, {"card": "guard", "target": 1, "guess": "priest", "x": 1}, "unknown field"),
        (0, {"card": "guard", "target": 1}, "needs a guess"),
        (0, {"card": "guard"}, "needs a target"),
        (0, {"card": "guard", "target": 0, "guess": "priest"}, "another player"),
        (0, {"card": "guard", "target": 9, "guess": "priest"}, "no seat 9"),
        (0, {"card": "guard", "target": "1", "guess": "priest"}, "seat number"),
        (0, {"card": "handmaid", "target": 1}, "takes no target"),
    ]
    for seat, action, message in cases:
        with pytest.raises(IllegalAction, match=message):
            m.apply(seat, action)
    assert m.state == before and m.log == []


def test_errors_never_name_another_players_card() -> None:
    m = match(2, "guard", "priest", "priest", "baron", "princess", "king", "countess")
    with pytest.raises(IllegalAction) as refused:
        m.apply(0, {"card": "guard", "target": 1, "guess": "guard"})
    assert "King" not in str(refused.value) and "king" not in str(refused.value)


# ------------------------------------------------------------------ cards


def test_guard_names_a_card_and_knocks_out_a_player_who_holds_it() -> None:
    m = match(3, "princess", "guard", "priest", "baron", "handmaid")
    events = m.apply(0, {"card": "guard", "target": 2, "guess": "baron"})
    assert m.state.out[2] and m.view(None)["discards"][2] == ["baron"]
    assert "knocked_out" in kinds(events)
    assert m.to_act() == {1}


def test_guard_miss_does_nothing_but_tells_everyone_what_the_target_does_not_hold() -> None:
    m = match(3, "princess", "guard", "priest", "baron", "handmaid")
    m.apply(0, {"card": "guard", "target": 2, "guess": "king"})
    assert not m.state.out[2]
    assert m.view(1)["not_holding"][2] == ["king"]
    assert m.view(None)["history"][-1]["result"] == "miss"


def test_guard_naming_guard_is_refused() -> None:
    m = match(3, "princess", "guard", "guard", "baron", "handmaid")
    assert all(a.get("guess") != "guard" for a in m.legal(0))
    with pytest.raises(IllegalAction, match="cannot name the Guard"):
        m.apply(0, {"card": "guard", "target": 1, "guess": "guard"})


def test_guard_when_every_other_player_is_protected_is_played_without_effect() -> None:
    # seat 1 and 2 play Handmaids; seat 0 then holds only Guards
    m = match(3, "princess", "guard", "handmaid", "handmaid", "priest", "baron", "priest", "guard")
    m.apply(0, {"card": "priest", "target": 1})
    m.apply(1, {"card": "handmaid"})
    m.apply(2, {"card": "handmaid"})
    assert hand(m, 0) == ["guard", "guard"]
    assert m.legal(0) == [{"card": "guard"}]
    with pytest.raises(IllegalAction, match="protected by the Handmaid"):
        m.apply(0, {"card": "guard", "target": 1, "guess": "baron"})
    events = m.apply(0, {"card": "guard"})
    assert m.view(None)["history"][-1]["result"] == "no_target"
    assert "guessed" not in kinds(events) and not any(m.state.out)


def test_priest_shows_the_hand_to_its_player_only() -> None:
    m = match(3, "princess", "priest", "king", "baron", "handmaid")
    events = m.apply(0, {"card": "priest", "target": 1})
    peek = next(e for e in events if e.kind == "peek")
    assert peek.to == {0} and peek.data == {"target": 1, "card": "king"}
    assert m.view(0)["known"][1] == "king"
    assert m.view(0)["notes"] == [{"kind": "peek", "target": 1, "card": "king"}]
    for seat in (1, 2, None):
        assert "king" not in str(m.view(seat)["known"]) + str(m.view(seat)["notes"])
        assert all(e.kind != "peek" for e in m.events_for(seat))


def test_baron_knocks_out_the_lower_hand_and_shows_both_cards_only_to_the_two() -> None:
    m = match(3, "princess", "baron", "priest", "guard", "handmaid", "king")
    events = m.apply(0, {"card": "baron", "target": 1})
    compared = next(e for e in events if e.kind == "compared")
    assert compared.to == {0, 1}
    assert compared.data["cards"] == {"0": "handmaid", "1": "priest"}
    assert m.state.out[1] and not m.state.out[0]
    assert m.view(2)["known"] == [None, None, None]
    assert "handmaid" not in str(m.events_for(2)) and "handmaid" not in str(m.view(2))


def test_baron_loses_when_the_player_holds_the_lower_card() -> None:
    m = match(3, "princess", "baron", "king", "guard", "guard")
    m.apply(0, {"card": "baron", "target": 1})
    assert m.state.out[0] and not m.state.out[1]
    assert m.to_act() == {1}


def test_baron_tie_does_nothing_but_each_learns_the_others_card() -> None:
    m = match(3, "princess", "baron", "priest", "guard", "priest")
    events = m.apply(0, {"card": "baron", "target": 1})
    assert not any(m.state.out)
    assert "baron_tie" in kinds(events)
    assert m.view(0)["known"][1] == "priest" and m.view(1)["known"][0] == "priest"


def test_handmaid_protects_until_the_start_of_the_players_next_turn() -> None:
    m = match(3, "princess", "handmaid", "guard", "baron", "guard", "guard", "guard", "priest")
    m.apply(0, {"card": "handmaid"})
    assert m.view(1)["protected"] == [True, False, False]
    assert all(a.get("target") != 0 for a in m.legal(1))
    with pytest.raises(IllegalAction, match="protected"):
        m.apply(1, {"card": "guard", "target": 0, "guess": "priest"})
    m.apply(1, {"card": "guard", "target": 2, "guess": "priest"})
    m.apply(2, {"card": "guard", "target": 1, "guess": "priest"})
    assert m.to_act() == {0} and m.view(0)["protected"] == [False, False, False]


def test_prince_makes_a_player_discard_without_effect_and_draw() -> None:
    m = match(3, "princess", "prince", "baron", "guard", "handmaid", "priest")
    events = m.apply(0, {"card": "prince", "target": 1})
    assert m.view(None)["discards"][1] == ["baron"]
    assert not m.state.out[1] and "compared" not in kinds(events)
    redraw = [e for e in events if e.kind == "drew" and e.to == {1}]
    assert [e.data for e in redraw] == [{"card": "priest"}, {"card": "guard"}]
    assert hand(m, 1) == ["guard", "priest"]


def test_prince_may_target_yourself() -> None:
    m = match(3, "princess", "prince", "guard", "guard", "baron", "king")
    assert {"card": "prince", "target": 0} in m.legal(0)
    m.apply(0, {"card": "prince", "target": 0})
    assert m.view(None)["discards"][0] == ["prince", "baron"]
    assert hand(m, 0) == ["king"]


def test_prince_on_yourself_while_holding_the_princess_knocks_you_out() -> None:
    m = match(3, "guard", "prince", "guard", "guard", "princess")
    m.apply(0, {"card": "prince", "target": 0})
    assert m.state.out[0]
    assert m.view(None)["discards"][0] == ["prince", "princess"]
    assert m.state.hands[0] == [] and m.to_act() == {1}


def test_prince_on_a_princess_holder_knocks_them_out_and_they_draw_nothing() -> None:
    m = match(3, "guard", "prince", "princess", "guard", "baron")
    deck_before = len(m.state.deck)
    events = m.apply(0, {"card": "prince", "target": 1})
    assert m.state.out[1] and m.state.hands[1] == []
    assert all(e.kind != "drew" or e.to != {1} for e in events)
    assert len(m.state.deck) == deck_before - 1  # only seat 2's turn draw


def test_prince_always_has_a_target_yourself_when_all_others_are_protected() -> None:
    m = match(3, "princess", "guard", "handmaid", "handmaid", "priest", "priest", "guard", "prince")
    m.apply(0, {"card": "priest", "target": 1})
    m.apply(1, {"card": "handmaid"})
    m.apply(2, {"card": "handmaid"})
    assert hand(m, 0) == ["guard", "prince"]
    assert [a for a in m.legal(0) if a["card"] == "prince"] == [{"card": "prince", "target": 0}]
    assert [a for a in m.legal(0) if a["card"] == "guard"] == [{"card": "guard"}]


# Two players: the Princess set aside; King, Countess, Baron face up; ten harmless turns
# empty the deck, and seat 1's Prince on the last turn makes seat 0 take the set-aside card.
LAST_PRINCE_DECK = [
    "princess",
    "king",
    "countess",
    "baron",
    "guard",
    "guard",
    "handmaid",
    "guard",
    "guard",
    "handmaid",
    "priest",
    "priest",
    "guard",
    "baron",
    "prince",
    "prince",
]
LAST_PRINCE_PLAYS = [
    (0, {"card": "handmaid"}),
    (1, {"card": "guard"}),  # seat 0 is protected: no target, no effect
    (0, {"card": "guard", "target": 1, "guess": "priest"}),
    (1, {"card": "handmaid"}),
    (0, {"card": "priest"}),  # seat 1 is protected
    (1, {"card": "priest", "target": 0}),
    (0, {"card": "guard", "target": 1, "guess": "baron"}),
    (1, {"card": "guard", "target": 0, "guess": "priest"}),
    (0, {"card": "guard", "target": 1, "guess": "priest"}),
]


def _last_prince() -> tuple[Match, list[object]]:
    m = Match(GAME, 2, options={"deck": LAST_PRINCE_DECK})
    for seat, action in LAST_PRINCE_PLAYS:
        m.apply(seat, action)
    assert m.state.deck == [] and hand(m, 1) == ["baron", "prince"] and hand(m, 0) == ["prince"]
    return m, list(m.apply(1, {"card": "prince", "target": 0}))


def test_prince_with_an_empty_deck_takes_the_set_aside_card() -> None:
    m, events = _last_prince()
    redrew = next(e for e in events if getattr(e, "kind", "") == "redrew")
    assert redrew.data == {"seat": 0, "from_set_aside": True, "deck": 0}  # type: ignore[attr-defined]
    this_round = events[: [getattr(e, "kind", "") for e in events].index("round_over")]
    drew = [e for e in this_round if getattr(e, "kind", "") == "drew"]
    assert [(e.to, e.data) for e in drew] == [({0}, {"card": "princess"})]  # type: ignore[attr-defined]
    assert m.view(0)["last_round"]["hands"] == ["princess", "baron"]


def test_empty_deck_at_the_end_of_a_turn_the_highest_card_wins_the_round() -> None:
    m, events = _last_prince()
    over = next(e for e in events if getattr(e, "kind", "") == "round_over")
    assert over.data["reason"] == "showdown" and over.data["winners"] == [0]  # type: ignore[attr-defined]
    assert m.state.tokens == [1, 0] and m.state.round == 2 and m.state.starter == 0


def test_king_trades_hands_and_only_the_two_see_the_cards() -> None:
    m = match(3, "guard", "king", "princess", "guard", "baron")
    events = m.apply(0, {"card": "king", "target": 1})
    assert hand(m, 0) == ["princess"] and hand(m, 1) == ["baron", "guard"]  # 1 drew a Guard
    traded = next(e for e in events if e.kind == "traded")
    assert traded.to == {0, 1}
    assert m.view(0)["known"][1] == "baron" and m.view(1)["known"][0] == "princess"
    assert m.view(0)["notes"] == [{"kind": "trade", "with": 1, "gave": "baron", "got": "princess"}]
    assert "princess" not in str(m.view(2)) and "princess" not in str(m.events_for(2))
    assert "princess" not in str(m.view(None)) and "princess" not in str(m.events_for(None))


def test_what_a_third_player_knew_follows_the_card_through_a_king_trade() -> None:
    m = match(3, "princess", "priest", "baron", "guard", "guard", "king")
    m.apply(0, {"card": "priest", "target": 1})
    assert m.view(0)["known"] == [None, "baron", None]
    m.apply(1, {"card": "king", "target": 2})
    assert m.view(0)["known"] == [None, None, "baron"]
    assert m.view(1)["known"] == [None, None, "baron"] and m.view(2)["known"] == [
        None,
        "guard",
        None,
    ]


@pytest.mark.parametrize("royal", ["king", "prince"])
def test_countess_must_be_played_with_the_king_or_a_prince(royal: str) -> None:
    m = match(3, "guard", "countess", "guard", "guard", royal)
    assert m.legal(0) == [{"card": "countess"}]
    with pytest.raises(IllegalAction, match="must play the Countess"):
        m.apply(0, {"card": royal, "target": 1})
    m.apply(0, {"card": "countess"})
    assert hand(m, 0) == [royal]


def test_countess_may_be_played_any_time_as_a_bluff() -> None:
    m = match(3, "guard", "countess", "guard", "guard", "priest")
    assert {"card": "countess"} in m.legal(0)
    assert any(a["card"] == "priest" for a in m.legal(0))
    m.apply(0, {"card": "countess"})
    assert not m.state.out[0]


def test_playing_the_princess_knocks_you_out() -> None:
    m = match(3, "guard", "princess", "guard", "guard", "priest")
    assert {"card": "princess"} in m.legal(0)
    events = m.apply(0, {"card": "princess"})
    assert m.state.out[0]
    assert m.view(None)["discards"][0] == ["princess", "priest"]
    assert next(e for e in events if e.kind == "knocked_out").data["reason"] == "princess"


def test_a_knocked_out_player_cannot_be_chosen() -> None:
    m = match(3, "princess", "guard", "baron", "priest", "guard", "priest")
    m.apply(0, {"card": "guard", "target": 1, "guess": "baron"})
    assert m.state.out[1]
    assert all(a.get("target") != 1 for a in m.legal(2))
    before = m.state.copy()
    with pytest.raises(IllegalAction, match="seat 1 is out of the round"):
        m.apply(2, {"card": "priest", "target": 1})
    assert m.state == before


def test_a_knocked_out_player_takes_no_more_turns() -> None:
    m = match(3, "princess", "guard", "baron", "priest", "handmaid", "guard")
    m.apply(0, {"card": "guard", "target": 1, "guess": "baron"})
    assert m.to_act() == {2}
    m.apply(2, {"card": "priest", "target": 0})
    assert m.to_act() == {0}
    assert m.legal(1) == []


# ------------------------------------------------------------ end of round


def test_the_last_player_in_the_round_wins_it() -> None:
    m = match(2, "princess", "king", "countess", "priest", "guard", "baron", "handmaid")
    events = m.apply(0, {"card": "guard", "target": 1, "guess": "baron"})
    over = next(e for e in events if e.kind == "round_over")
    assert over.data["winners"] == [0] and over.data["reason"] == "last_standing"
    assert m.state.tokens == [1, 0]


def test_highest_card_tie_is_broken_by_the_total_of_the_discard_rows() -> None:
    state = Match(GAME, 3).state
    state.hands = [[5], [5], [3]]
    state.discards = [[1, 4], [2, 3, 1], [8]]
    from rumizi.games.love_letter.rounds import _showdown

    assert _showdown(state, [0, 1, 2]) == [1]


def test_a_tie_after_the_discard_totals_is_shared_every_tied_player_gets_a_token() -> None:
    state = Match(GAME, 3).state
    state.hands = [[5], [5], [3]]
    state.discards = [[1, 4], [2, 3], [8]]
    from rumizi.games.love_letter.rounds import _showdown

    assert _showdown(state, [0, 1, 2]) == [0, 1]


def test_shared_round_win_gives_each_winner_a_token_and_the_next_starter_is_clockwise() -> None:
    from rumizi.engine import make_rng
    from rumizi.games.love_letter.rounds import _end_round

    m = Match(GAME, 4, options={"first": 2})
    state = m.state
    state.deck = []
    state.hands = [[6], [3], [2], [6]]
    state.discards = [[4], [1], [1], [4]]
    _end_round(state, make_rng(1), [])
    assert state.tokens == [1, 0, 0, 1]
    assert state.starter == 3  # from starter 2 clockwise: 3 comes before 0
    assert state.round == 2 and state.current == 3


def test_the_round_winner_starts_the_next_round() -> None:
    m = match(2, "guard", "king", "countess", "baron", "priest", "guard", "princess")
    m.apply(0, {"card": "princess"})
    assert m.state.tokens == [0, 1]
    assert m.state.round == 2 and m.view(0)["starter"] == 1 and m.to_act() == {1}


def test_after_a_round_the_hands_still_in_are_revealed_to_all_but_not_the_set_aside() -> None:
    m = match(2, "princess", "king", "countess", "priest", "guard", "baron", "handmaid")
    m.apply(0, {"card": "guard", "target": 1, "guess": "baron"})
    last = m.view(None)["last_round"]
    assert last["hands"] == ["handmaid", None]
    assert "princess" not in str(last)


def test_the_game_ends_when_a_player_reaches_the_tokens_to_win() -> None:
    m = match(
        2, "princess", "king", "countess", "priest", "guard", "baron", "handmaid", tokens_to_win=1
    )
    events = m.apply(0, {"card": "guard", "target": 1, "guess": "baron"})
    assert m.over and m.to_act() == frozenset() and m.legal(0) == []
    outcome = m.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.ranks == (1, 2)
    assert kinds(events)[-1] == "game_over"
    with pytest.raises(IllegalAction, match="game is over"):
        m.apply(1, {"card": "guard"})


def test_several_players_reaching_the_target_at_once_share_the_win() -> None:
    from rumizi.engine import make_rng
    from rumizi.games.love_letter.rounds import _end_round

    m = Match(GAME, 3, options={"tokens_to_win": 2})
    state = m.state
    state.tokens = [1, 1, 0]
    state.deck = []
    state.hands = [[6], [6], [2]]
    state.discards = [[4], [4], [1]]
    _end_round(state, make_rng(1), [])
    assert state.winners == [0, 1]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1) and outcome.ranks == (1, 1, 3)


def test_views_are_copies_a_client_changing_one_changes_nothing() -> None:
    m = match(
        2, "princess", "king", "countess", "priest", "guard", "baron", "handmaid", tokens_to_win=1
    )
    m.apply(0, {"card": "guard", "target": 1, "guess": "baron"})
    before = m.state.copy()
    view = m.view(0)
    view["last_round"]["winners"].append(1)
    view["last_round"]["hands"][0] = "princess"
    view["winners"].append(1)
    view["tokens"][1] = 9
    view["discards"][0].append("king")
    for row in view["history"]:
        row["card"] = "princess"
    assert m.state == before and m.view(0) != view
