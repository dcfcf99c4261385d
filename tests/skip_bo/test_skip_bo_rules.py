"""Every rule and [decision] of rules/skip-bo.md, on stacked decks."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from skip_bo_helpers import (
    END_TURN,
    GAME,
    SB,
    assert_all_cards,
    build,
    discard,
    from_discard,
    hand,
    kinds,
    match,
    play,
    run_out,
    stock,
    to_third_turn,
    values,
)

from rumizi.engine import BadOptions, IllegalAction, Match, make_rng
from rumizi.games.skip_bo.cards import DECK_COUNTS, FULL_DECK, JSON, NAMES, SKIP_BO, arrange
from rumizi.testing import assert_rejected

# ------------------------------------------------------------------ setup


def test_the_deck_has_twelve_of_each_number_and_eighteen_skip_bo_cards() -> None:
    assert len(FULL_DECK) == 162
    assert Counter(FULL_DECK) == {**{v: 12 for v in range(1, 13)}, SKIP_BO: 18}
    assert NAMES["en"][SKIP_BO] == "SKIP-BO" and NAMES["fa"][SKIP_BO] == "اسکیپ‌بو"


def test_setup_deals_stock_piles_with_the_top_face_up_and_seat_zero_draws_five() -> None:
    m = match(2, stocks=[[7, 3], [SB]], draw=[1, 2, 3, 4, 5, 6])
    for seat in (0, 1, None):
        v = m.view(seat)
        assert v["stock_tops"] == [7, SB]
        assert v["stock_sizes"] == [30, 30]
        assert v["draw"] == 162 - 60 - 5
        assert v["hand_sizes"] == [5, 0]
        assert v["building"] == [[], [], [], []]
        assert v["discards"] == [[[], [], [], []], [[], [], [], []]]
        assert v["turn"] == 0 and v["round"] == 1
    assert hand(m, 0) == [1, 2, 3, 4, 5]
    assert hand(m, 1) == [] and m.view(None)["hand"] == []
    assert m.to_act() == {0}
    assert "3" not in str(m.view(1)["stock_tops"])  # only the top of a stock is seen


@pytest.mark.parametrize(("players", "size"), [(2, 30), (3, 30), (4, 30), (5, 20), (6, 20)])
def test_stock_piles_hold_30_cards_with_two_to_four_players_and_20_with_five_or_six(
    players: int, size: int
) -> None:
    v = Match(GAME, players, seed=1).view(0)
    assert v["stock_sizes"] == [size] * players
    assert v["draw"] == 162 - size * players - 5
    short = Match(GAME, players, seed=1, options={"stock_size": 10}).view(0)
    assert short["stock_sizes"] == [10] * players


def test_seat_zero_starts_by_default_and_first_may_pick_or_randomize() -> None:
    assert Match(GAME, 3, seed=1).to_act() == {0}
    m = Match(GAME, 3, seed=1, options={"first": 2})
    assert m.to_act() == {2} and m.view(2)["hand_sizes"] == [0, 0, 5]
    starters = {
        Match(GAME, 4, seed=s, options={"first": "random"}).state.starter for s in range(40)
    }
    assert starters == {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "2–6 players"),
        (7, {}, "2–6 players"),
        (4, {"colour": "red"}, "unknown option"),
        (4, {"stock_size": 0}, "positive"),
        (4, {"stock_size": "5"}, "positive"),
        (4, {"stock_size": 31}, "at most 30"),
        (6, {"stock_size": 23}, "at most 22"),
        (4, {"target": 0}, "positive"),
        (4, {"rounds": 0}, "positive"),
        (4, {"rounds": True}, "positive"),
        (4, {"teams": "yes"}, "true or false"),
        (2, {"teams": True}, "4 or 6 players"),
        (5, {"teams": True}, "4 or 6 players"),
        (4, {"first": 4}, "seat from 0 to 3"),
        (4, {"first": "last"}, '"random"'),
        (4, {"deck": [1] * 162}, "exactly the 162 cards"),
        (4, {"deck": ["joker", *[1] * 161]}, 'unknown card "joker"'),
        (4, {"deck": [0, *FULL_DECK[1:]]}, "unknown card 0"),
        (4, {"deck": "1 2 3"}, "list of the 162 cards"),
    ],
)
def test_bad_options_are_refused_clearly(
    players: int, options: dict[str, object], message: str
) -> None:
    with pytest.raises(BadOptions, match=message):
        Match(GAME, players, options=options)


def test_the_deck_option_lays_out_each_stock_then_the_draw_pile_top_first() -> None:
    deck = arrange(3, 2, [[5, 6], [7], [SB, 12]], [1, 2])
    assert deck[:8] == [5, 6, 7, 1, SB, 12, 1, 2]
    m = Match(GAME, 3, options={"deck": deck, "stock_size": 2})
    assert m.view(0)["stock_tops"] == [5, 7, SB]
    assert m.state.stocks[0] == [6, 5]  # the top card is the last of the list inside
    assert hand(m, 0) == [1, 1, 1, 1, 2]  # the 1 and 2 asked for, then the lowest cards left
    assert m.view(0)["draw"] == 162 - 6 - 5


# ------------------------------------------------------- building piles


def test_a_building_pile_starts_with_a_one_and_goes_up_by_exactly_one() -> None:
    m = match(2, stocks=[[9]], draw=[2, 1, 3, 3, 12])
    assert "needs a 1" in assert_rejected(GAME, m.state, 0, _hand(2, 0), m._rng)
    play(m, 0, 1, 0)
    assert "needs a 2" in assert_rejected(GAME, m.state, 0, _hand(3, 0), m._rng)
    play(m, 0, 2, 0)
    play(m, 0, 3, 0)
    assert values(m) == [3, 0, 0, 0]
    assert "needs a 4 (or a SKIP-BO), not a 12" in assert_rejected(
        GAME, m.state, 0, _hand(12, 0), m._rng
    )


def test_skip_bo_starts_a_pile_as_a_one_and_stands_for_the_next_value() -> None:
    m = match(2, stocks=[[9]], draw=[SB, 2, SB, 4, 12])
    events = play(m, 0, SB, 0)
    assert events[0].data["value"] == 1 and events[0].data["card"] == SB
    play(m, 0, 2, 0)
    events = play(m, 0, SB, 0)
    assert events[0].data["value"] == 3
    play(m, 0, 4, 0)
    assert build(m) == [[SB, 2, SB, 4], [], [], []]
    assert values(m) == [4, 0, 0, 0]


def test_a_skip_bo_stock_card_may_go_on_any_pile() -> None:
    m = match(2, stocks=[[SB, 5]], draw=[1, 1, 9, 9, 9])
    play(m, 0, 1, 0)
    play(m, 0, 1, 1)
    legal_stock = [a for a in m.legal(0) if a["from"] == "stock"]
    assert [a["to_pile"] for a in legal_stock] == [0, 1, 2]  # two started piles, one new
    events = stock(m, 0, 1)
    assert events[0].data | {"revealed": 5, "stock_left": 29, "value": 2} == events[0].data


def test_new_piles_start_in_the_first_empty_place() -> None:
    m = match(2, stocks=[[9]], draw=[1, 1, 1, 2, 9])
    assert "first empty place: building pile 0" in assert_rejected(
        GAME, m.state, 0, _hand(1, 2), m._rng
    )
    play(m, 0, 1, 0)
    assert "building pile 1" in assert_rejected(GAME, m.state, 0, _hand(1, 3), m._rng)
    play(m, 0, 1, 1)
    assert values(m) == [1, 1, 0, 0]
    assert {a["to_pile"] for a in m.legal(0) if a.get("card") == 1 and a["to"] == "build"} == {2}


def test_a_completed_pile_is_shuffled_under_the_draw_pile_and_its_place_is_free() -> None:
    run = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, SB, SB, SB]
    m = match(2, stocks=[[9]], draw=[*run, 7])
    for card in range(1, 12):
        play(m, 0, card, 0)
    before = list(m.state.draw)
    events = play(m, 0, 12, 0)
    assert kinds(events) == ["played", "pile_completed"]
    assert events[1].data["cards"] == list(range(1, 13))
    assert values(m) == [0, 0, 0, 0]
    assert m.view(0)["draw"] == len(before) + 12
    assert m.state.draw[12:] == before  # under the draw pile: the top is still the 7
    assert sorted(m.state.draw[:12]) == list(range(1, 13))
    play(m, 0, SB, 0)  # the place takes a new pile at once
    assert build(m)[0] == [SB]
    assert_all_cards(m)


def test_an_emptied_hand_draws_five_more_at_once_and_the_turn_goes_on() -> None:
    m = match(2, stocks=[[12]], draw=[1, 2, 3, 4, 5, 6, 7, 9, 9, 9, 11])
    for card in (1, 2, 3, 4):
        play(m, 0, card, 0)
    events = play(m, 0, 5, 0)
    assert kinds(events) == ["played", "refilled", "drew"]
    assert events[2].to == frozenset({0})
    assert events[1].data["drew"] == 5 and "cards" not in events[1].data
    assert hand(m, 0) == [6, 7, 9, 9, 9]
    assert m.to_act() == {0}


# ------------------------------------------------------ sources and turns


def test_only_the_top_of_a_discard_pile_may_be_played() -> None:
    draws = [5, 3, 1, 2, SB, 12, 12, 12, 12, 12, SB, 11, 9]
    m = match(2, stocks=[[10], [10]], draw=draws)
    discard(m, 0, 5, 0)
    discard(m, 1, 12, 0)
    discard(m, 0, 3, 0)  # discard pile 0 is now 5, 3 (3 on top)
    discard(m, 1, 12, 0)
    assert m.view(1)["discards"][0] == [[5, 3], [], [], []]
    for card in (1, 2, SB, SB):
        play(m, 0, card, 0)
    assert values(m)[0] == 4
    message = assert_rejected(GAME, m.state, 0, _discard_pile(0, 0), m._rng)
    assert "needs a 5 (or a SKIP-BO), not a 3" in message
    assert not any(a["from"] == "discard" for a in m.legal(0))


def test_a_discard_pile_top_plays_and_uncovers_the_card_below() -> None:
    m = match(2, stocks=[[10], [10]], draw=[2, 1, 9, 9, 9, 12, 12, 12, 12, 12, 12, 11, 9])
    discard(m, 0, 2, 0)
    discard(m, 1, 12, 0)
    discard(m, 0, 1, 0)  # discard pile 0: 2 under 1
    discard(m, 1, 12, 0)
    from_discard(m, 0, 0, 0)
    assert m.view(0)["discards"][0][0] == [2]
    from_discard(m, 0, 0, 0)
    assert values(m)[0] == 2 and m.view(0)["discards"][0][0] == []


def test_nothing_goes_from_a_stock_or_discard_pile_to_a_discard_pile() -> None:
    m = match(2, stocks=[[10], [10]], draw=[4, 9, 9, 9, 9, 12, 12, 12, 12, 12, 12, 11, 9])
    message = assert_rejected(
        GAME, m.state, 0, {"from": "stock", "to": "discard", "to_pile": 0}, m._rng
    )
    assert "only a card from your hand" in message
    discard(m, 0, 4, 0)
    discard(m, 1, 12, 0)
    message = assert_rejected(
        GAME,
        m.state,
        0,
        {"from": "discard", "from_pile": 0, "to": "discard", "to_pile": 1},
        m._rng,
    )
    assert "only a card from your hand" in message
    assert all(a["from"] == "hand" for a in m.legal(0) if a["to"] == "discard")


def test_a_turn_ends_only_with_a_discard_from_the_hand() -> None:
    m = match(2, stocks=[[1, 12], [12]], draw=[2, 3, 9, 9, 9, 8, 8, 8, 8, 8])
    stock(m, 0, 0)
    play(m, 0, 2, 0)
    play(m, 0, 3, 0)
    assert m.to_act() == {0}
    assert all(a["to"] == "discard" for a in m.legal(0))  # nothing else fits now
    events = discard(m, 0, 9, 0)
    assert kinds(events) == ["discarded", "turn", "drew"]
    assert events[2].to == frozenset({1})
    assert m.to_act() == {1} and m.view(0)["discards"][0] == [[9], [], [], []]


def test_a_player_may_stop_by_discarding_even_when_a_play_is_possible() -> None:
    m = match(2, stocks=[[1, 2]], draw=[1, 5, 9, 9, 9])
    assert {"from": "stock", "to": "build", "to_pile": 0} in m.legal(0)
    discard(m, 0, 1, 0)
    assert m.to_act() == {1}
    assert m.view(1)["stock_tops"][0] == 1 and values(m) == [0, 0, 0, 0]


def test_discard_piles_take_any_card_in_any_order_new_ones_in_the_first_empty_place() -> None:
    m = match(2, stocks=[[10], [10]], draw=[2, 12, 9, 9, 9, 8, 8, 8, 8, 8, 7, 6])
    message = assert_rejected(GAME, m.state, 0, _to_discard(2, 1), m._rng)
    assert "first empty place: discard pile 0" in message
    discard(m, 0, 2, 0)
    discard(m, 1, 8, 0)
    discard(m, 0, 12, 0)  # a 12 on a 2
    discard(m, 1, 8, 1)
    discard(m, 0, 9, 1)
    assert m.view(0)["discards"][0][:2] == [[2, 12], [9]]


def test_the_hand_is_refilled_to_five_at_the_start_of_each_turn() -> None:
    m = match(2, stocks=[[10], [10]], draw=[1, 9, 9, 9, 9, 8, 8, 8, 8, 8, 7, 6])
    play(m, 0, 1, 0)
    discard(m, 0, 9, 0)
    assert m.view(0)["hand_sizes"] == [3, 5]
    discard(m, 1, 8, 0)
    assert hand(m, 0) == [6, 7, 9, 9, 9]
    assert m.view(1)["hand_sizes"] == [5, 4]


# ------------------------------------------------- the draw pile runs out

SIX = {"stock_size": 22}
"""Six players with 22 cards each leave 30 in the draw pile: one first hand each."""


def six_players(hands: list[list[Any]], **options: Any) -> Match:
    return match(6, stocks=[[7]] * 6, draw=[c for h in hands for c in h], **SIX, **options)


def test_an_empty_draw_pile_gives_nothing_more() -> None:
    m = six_players([[12] * 5, [12] * 5, [11] * 5, [11] * 5, [10] * 5, [10, 9, 9, 9, 9]])
    for seat in range(6):
        discard(m, seat, hand(m, seat)[0])
    assert m.view(0)["draw"] == 0
    assert m.view(0)["hand_sizes"] == [4] * 6
    assert m.events[-1].kind == "turn" and m.events[-1].data == {"seat": 0, "drew": 0, "draw": 0}
    assert m.to_act() == {0}


def test_a_pile_completed_on_an_empty_draw_pile_refills_it() -> None:
    hands = [[1, 2, 3, 4, 12], [5, 6, 7, 8, 12], [9, 10, 11, 11, 11], [10] * 5, [10] * 5]
    m = six_players([*hands, [12, 9, 9, 9, 9]])
    for seat, plays in enumerate([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11], [], []]):
        for card in plays:
            play(m, seat, card, 0)
        discard(m, seat, hand(m, seat)[-1])
    assert m.view(5)["draw"] == 0 and values(m)[0] == 11
    play(m, 5, 12, 0)
    assert m.view(5)["draw"] == 12 and values(m)[0] == 0
    discard(m, 5, 9)
    assert m.view(0)["draw"] == 7
    assert Counter(hand(m, 0)) <= Counter(range(1, 13))  # drawn from the completed pile


def test_an_empty_hand_with_nothing_to_draw_and_nothing_to_play_passes_the_turn() -> None:
    m = six_players(
        [[1, 2, SB, SB, 12], [1, 12, 12, 12, 12], [11] * 5, [11] * 5, [10] * 5, [10] * 5]
    )
    for seat in range(6):
        discard(m, seat, hand(m, seat)[-1] if seat else 12)
    assert hand(m, 0) == [1, 2, SB, SB] and m.view(0)["draw"] == 0
    for card in (1, 2, SB):
        play(m, 0, card, 0)
    events = play(m, 0, SB, 0)
    assert kinds(events) == ["played", "refilled", "turn_over", "turn"]
    assert events[2].data == {"seat": 0, "reason": "empty_hand"}
    assert m.to_act() == {1}
    assert m.view(1)["discards"][0] == [[12], [], [], []]  # no second discard
    play(m, 1, 1, 1)  # a building play: no stall in this cycle
    for seat in range(1, 6):
        discard(m, seat, hand(m, seat)[0])
    # seat 0's next turn: nothing in hand, nothing to draw, its stock 7 fits no pile (they
    # need 5 and 2) and it has no discard pile: it passes at once
    assert kinds(m.events[-3:]) == ["turn", "turn_over", "turn"]
    assert m.events[-3].data["seat"] == 0 and m.events[-1].data["seat"] == 1
    assert m.to_act() == {1}


def test_an_empty_hand_with_nothing_to_draw_still_plays_its_stock_at_the_start_of_a_turn() -> None:
    m = run_out([[7, 8, 11], [12], [12], [12], [12], [12]])
    # the 7 fits no pile when seat 0's hand runs out: its turn passes by itself
    assert kinds(m.events[-4:]) == ["played", "refilled", "turn_over", "turn"]
    assert m.events[-2].data == {"seat": 0, "reason": "empty_hand"}
    to_third_turn(m)
    assert kinds(m.events[-2:]) == ["discarded", "turn"]
    assert m.events[-1].data == {"seat": 0, "drew": 0, "draw": 0}
    assert m.legal(0) == [{"from": "stock", "to": "build", "to_pile": 0}, END_TURN]
    events = stock(m, 0, 0)
    assert kinds(events) == ["played"] and events[0].data["revealed"] == 8
    assert m.to_act() == {0} and m.legal(0)[0] == {"from": "stock", "to": "build", "to_pile": 0}
    events = stock(m, 0, 0)  # the 11 uncovered fits nowhere: the turn passes, no discard
    assert kinds(events) == ["played", "turn_over", "turn"]
    assert events[1].data == {"seat": 0, "reason": "empty_hand"}
    assert m.to_act() == {1} and values(m)[0] == 8
    assert m.view(1)["discards"][0] == [[12], [], [], []]


def test_an_empty_hand_with_nothing_to_draw_may_play_its_last_stock_card_and_win() -> None:
    """Two players, stock piles of one card, and 152 turns of discards until the draw pile
    is empty: seat 0's hand runs out when its 5 does not fit yet; when its next turn begins
    with an empty hand, the 5 fits and wins the round."""
    stocks: list[list[Any]] = [[5], [12]]
    kept = [[1, 2, 3, 1], [4, 9, 9, 9]]
    left = DECK_COUNTS - Counter(c for cards in [*stocks, *kept] for c in cards)
    junk = [JSON[c] for c in sorted(left.elements(), key=lambda c: (c != SKIP_BO, c))]
    draw = [*kept[0], junk[0], *kept[1], *junk[1:]]  # SKIP-BO cards first, 12s last
    deck = arrange(2, 1, stocks, draw)
    m = Match(GAME, 2, options={"deck": deck, "stock_size": 1, "rounds": 1})
    while True:  # each seat discards all but the cards it keeps
        seat = next(iter(m.to_act()))
        extra = Counter(hand(m, seat)) - Counter(kept[seat])
        if not extra:
            break
        discard(m, seat, next(iter(extra)))
    assert seat == 0 and m.view(0)["draw"] == 0 and m.state.turns == 153
    for card, pile in ((1, 0), (2, 0), (3, 0), (1, 1)):
        events = play(m, 0, card, pile)
    assert kinds(events) == ["played", "refilled", "turn_over", "turn"]
    play(m, 1, 4, 0)
    discard(m, 1, 9)
    assert m.to_act() == {0} and hand(m, 0) == [] and m.view(0)["stock_tops"] == [5, 12]
    assert m.legal(0) == [{"from": "stock", "to": "build", "to_pile": 0}, END_TURN]
    events = stock(m, 0, 0)
    assert kinds(events) == ["played", "round_over", "game_over"]
    assert events[1].data["winners"] == [0] and events[1].data["points"] == 25 + 5
    outcome = m.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (30, 0)


def test_a_hand_emptied_with_nothing_to_draw_goes_on_from_the_discard_piles() -> None:
    hands = [[1, 2, 3, 4, 5], *[[11] * 5] * 2, *[[10] * 5] * 2, [9] * 5]
    m = run_out([[9], [12], [12], [12], [12], [12]], hands)
    assert kinds(m.events[-2:]) == ["played", "refilled"]  # the 5 on discard pile 0 fits
    assert m.to_act() == {0} and hand(m, 0) == []
    assert m.legal(0) == [
        {"from": "discard", "from_pile": 0, "to": "build", "to_pile": 0},
        END_TURN,
    ]
    events = from_discard(m, 0, 0, 0)
    assert kinds(events) == ["played", "turn_over", "turn"]  # nothing else fits: it passes
    assert m.to_act() == {1}


def test_an_empty_hand_refills_from_a_pile_its_stock_card_completes_and_goes_on() -> None:
    hands = [[1, 2, 3, 4, 10], [5, 6, 7, 8, 10], [9, 10, 11, 11, 11], [11] * 5, [10] * 5]
    m = run_out([[12, 9], [12], [12], [12], [12], [12]], [*hands, [9] * 5])
    for card in (5, 6, 7, 8):
        events = play(m, 1, card, 0)
    assert kinds(events) == ["played", "refilled", "turn_over", "turn"]  # nothing fits an 8
    for card in (9, 10, 11):
        play(m, 2, card, 0)
    for seat in range(2, 6):
        discard(m, seat, hand(m, seat)[0], 1)
    assert m.to_act() == {0} and hand(m, 0) == [] and values(m)[0] == 11
    events = stock(m, 0, 0)
    assert kinds(events) == ["played", "pile_completed", "refilled", "drew"]
    assert events[2].data == {"seat": 0, "drew": 5, "draw": 7}
    assert len(hand(m, 0)) == 5 and m.to_act() == {0}
    assert {"type": "end_turn"} not in m.legal(0) and m.legal(0)[-1]["to"] == "discard"


def test_with_an_empty_hand_a_partner_plays_from_the_partners_stock_and_discard_piles() -> None:
    hands = [[1, 2, 3, 4, 12], [5, 6, 10, 10, 10], [11] * 5, [11, 11, 11, 11, 8], [10] * 5, [9] * 5]
    m = run_out([[12], [12], [12], [7, 12], [12], [12]], hands, teams=True)
    to_third_turn(m)
    assert m.legal(0) == [{"from": "partner_stock", "to": "build", "to_pile": 0}, END_TURN]
    stock(m, 0, 0, partner=True)
    assert m.legal(0) == [
        {"from": "partner_discard", "from_pile": 0, "to": "build", "to_pile": 0},
        END_TURN,
    ]
    events = from_discard(m, 0, 0, 0, partner=True)
    assert kinds(events) == ["played", "turn_over", "turn"]
    assert values(m)[0] == 8 and m.view(0)["discards"][3][0] == []


def test_ending_a_turn_without_a_discard_is_only_for_an_empty_hand_with_nothing_to_draw() -> None:
    m = match(2, stocks=[[9]], draw=[1, 2, 3, 4, 5])
    message = assert_rejected(GAME, m.state, 0, END_TURN, m._rng)
    assert (
        "you hold cards: end your turn by putting one from your hand on a discard pile" in message
    )
    assert END_TURN not in m.legal(0)
    m = run_out([[7], [12], [12], [12], [12], [12]])
    assert m.to_act() == {1} and m.view(1)["draw"] == 0 and hand(m, 1)
    assert "you hold cards" in assert_rejected(GAME, m.state, 1, END_TURN, m._rng)
    assert END_TURN not in m.legal(1)
    # an empty hand is refilled at once while cards can be drawn, so no seat asked to act
    # holds none then; the check refuses it all the same
    world = m.state.copy()
    world.hands[1], world.draw = [], [9]
    with pytest.raises(IllegalAction, match="you can still draw"):
        GAME.apply_code(world, 1, GAME.encode(END_TURN), m._rng)
    for bad in ({"type": "end_turn", "to": "build"}, {"type": "pass"}):
        message = assert_rejected(GAME, m.state, 1, bad, m._rng)
        assert 'the only action with a type is {"type": "end_turn"}' in message


def test_a_turn_ended_with_an_empty_hand_and_no_play_counts_toward_the_stall() -> None:
    m = run_out([[7], [12], [12], [12], [12], [12]], rounds=1)
    to_third_turn(m)
    assert m.view(0)["idle"] == 4  # seat 1 played: seats 2–5 did not
    assert {"from": "stock", "to": "build", "to_pile": 0} in m.legal(0)
    events = m.apply(0, END_TURN)  # seat 0 could play its stock card, but ends its turn
    assert kinds(events) == ["turn_over", "turn"]
    assert events[0].data == {"seat": 0, "reason": "end_turn"}
    assert m.view(1)["idle"] == 5 and m.view(1)["discards"][0] == [[12], [], [], []]
    events = discard(m, 1, hand(m, 1)[0], 1)  # the sixth turn in a row without a play
    assert kinds(events) == ["discarded", "round_over", "game_over"]
    assert events[1].data["reason"] == "stall" and events[1].data["winners"] == []


def test_a_full_cycle_without_a_play_or_a_draw_stalls_the_round_and_nobody_scores() -> None:
    m = six_players([[12] * 5, [12] * 5, [11] * 5, [11] * 5, [10] * 5, [10] * 5], rounds=1)
    for seat in range(6):  # the draw pile is emptied by these first turns
        discard(m, seat, hand(m, seat)[0])
    for seat in range(5):
        discard(m, seat, hand(m, seat)[0])
        assert m.view(0)["idle"] == seat + 1
    assert not m.over
    events = discard(m, 5, hand(m, 5)[0])
    assert kinds(events) == ["discarded", "round_over", "game_over"]
    assert events[1].data["reason"] == "stall" and events[1].data["winners"] == []
    outcome = m.outcome()
    assert outcome is not None and outcome.winners == () and outcome.scores == (0,) * 6


def test_a_building_play_restarts_the_stall_count() -> None:
    hands = [[12] * 5, [12] * 5, [11] * 5, [1, 11, 11, 11, 11], [10] * 5, [10] * 5]
    m = six_players(hands)
    for seat in range(6):
        discard(m, seat, hand(m, seat)[-1])
    for seat in range(3):
        discard(m, seat, hand(m, seat)[0])
    assert m.view(3)["idle"] == 3
    play(m, 3, 1, 0)
    discard(m, 3, 11)
    assert m.view(4)["idle"] == 0
    for turn in range(5):
        seat = (4 + turn) % 6
        discard(m, seat, hand(m, seat)[0])
        assert m.state.round == 1
    discard(m, 3, 11)  # the sixth turn in a row without a play
    assert m.state.round == 2 and m.state.last_round is not None
    assert m.state.last_round["reason"] == "stall"
    assert m.view(0)["scores"] == [0] * 6 and m.state.starter == 1


# -------------------------------------------------------------- scoring


def test_emptying_the_stock_ends_the_round_at_once_and_scores_25_plus_5_a_card() -> None:
    m = match(3, stocks=[[1, 3], [2, 9], [9, 9]], draw=[7] * 5 + [6] * 5 + [8] * 5, stock_size=2)
    stock(m, 0, 0)
    discard(m, 0, 7)
    stock(m, 1, 0)
    discard(m, 1, 6)
    discard(m, 2, 8)
    events = stock(m, 0, 0)  # value 3: seat 0's last stock card, mid-turn
    assert kinds(events)[:2] == ["played", "round_over"]
    over = events[1].data
    assert over["winners"] == [0] and over["reason"] == "stock"
    assert over["points"] == 25 + 5 * (1 + 2)
    assert m.view(0)["scores"] == [40, 0, 0]
    assert m.state.round == 2 and m.to_act() == {1}  # the next round is dealt by itself


def test_a_single_round_game_is_won_by_the_round_winner() -> None:
    m = match(2, stocks=[[1, 2], [5, 6]], draw=[9] * 5, stock_size=2, rounds=1)
    stock(m, 0, 0)
    events = stock(m, 0, 0)
    assert kinds(events) == ["played", "round_over", "game_over"]
    outcome = m.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (35, 0) and outcome.ranks == (1, 2)
    assert m.to_act() == frozenset() and m.legal(0) == []
    with pytest.raises(IllegalAction, match="game is over"):
        discard(m, 0, 9)


def test_rounds_go_on_until_a_score_reaches_the_target() -> None:
    first = arrange(2, 2, [[1, 2], [5, 6]], [9] * 5)
    second = arrange(2, 2, [[12, 12], [1, 2]], [9] * 5 + [8] * 5)
    m = Match(GAME, 2, options={"deck": [first, second], "stock_size": 2, "target": 70})
    stock(m, 0, 0)
    stock(m, 0, 0)
    assert m.view(0)["scores"] == [35, 0] and not m.over
    assert m.view(1)["round"] == 2 and m.to_act() == {1}  # the next seat starts round 2
    assert m.view(1)["stock_tops"] == [12, 1] and m.view(1)["building"] == [[]] * 4
    assert m.view(1)["last_round"]["winners"] == [0]
    stock(m, 1, 0)
    stock(m, 1, 0)
    assert m.view(0)["scores"] == [35, 35] and not m.over and m.state.round == 3
    assert m.to_act() == {0}


def test_the_first_deal_is_told_like_every_later_deal() -> None:
    first = arrange(2, 2, [[1, 2], [5, 6]], [9] * 5)
    second = arrange(2, 2, [[12, 12], [1, 2]], [8] * 5)
    m = Match(GAME, 2, options={"deck": [first, second], "stock_size": 2})
    opening = list(m.events)  # what setup told, before any action
    assert opening == GAME.opening(m.state)
    stock(m, 0, 0)
    events = stock(m, 0, 0)  # seat 0 empties its stock: round 2 is dealt
    later = events[kinds(events).index("round_started") :]
    told = [("round_started", None), ("turn", None), ("drew", frozenset({0}))]
    assert [(e.kind, e.to) for e in opening] == told
    assert [(e.kind, e.to) for e in later] == [*told[:2], ("drew", frozenset({1}))]
    deal, turn, drew = (e.data for e in opening)
    assert deal == {
        "round": 1,
        "starter": 0,
        "stock_tops": [1, 5],
        "stock_sizes": [2, 2],
        "draw": 158,
    }
    assert turn == {"seat": 0, "drew": 5, "draw": 153} and drew == {"cards": [9] * 5}
    assert later[0].data == {**deal, "round": 2, "starter": 1, "stock_tops": [12, 1]}
    assert later[1].data == {**turn, "seat": 1} and later[2].data == {"cards": [8] * 5}
    assert m.events_for(1)[:2] == opening[:2] and opening[2] not in m.events_for(1)


def test_reaching_the_target_ends_the_game() -> None:
    m = match(2, stocks=[[1, 2], [5, 6]], draw=[9] * 5, stock_size=2, target=35)
    stock(m, 0, 0)
    stock(m, 0, 0)
    outcome = m.outcome()
    assert outcome is not None and outcome.winners == (0,)
    m = match(2, stocks=[[1, 2], [5, 6]], draw=[9] * 5, stock_size=2, target=36)
    stock(m, 0, 0)
    stock(m, 0, 0)
    assert not m.over


# --------------------------------------------------------- partnerships


def test_partners_sit_opposite() -> None:
    assert Match(GAME, 4, options={"teams": True}).view(0)["teams"] == [[0, 2], [1, 3]]
    assert Match(GAME, 6, options={"teams": True}).view(0)["teams"] == [[0, 3], [1, 4], [2, 5]]
    assert Match(GAME, 4).view(0)["teams"] is None


def test_a_player_may_play_from_the_partners_stock_and_discard_piles() -> None:
    stocks = [[3, 5], [12, 12], [2, 4], [12, 12]]
    draw = [1, 9, 9, 9, 9] + [8] * 5 + [1, 7, 7, 7, 7] + [8] * 5 + [6]
    m = match(4, stocks=stocks, draw=draw, stock_size=2, teams=True)
    discard(m, 0, 1)
    discard(m, 1, 8)
    discard(m, 2, 1)  # the partner's discard pile 0: a 1
    discard(m, 3, 8)
    assert "partner_discard" in {a["from"] for a in m.legal(0)}
    from_discard(m, 0, 0, 0, partner=True)
    assert m.view(0)["discards"][2][0] == [] and values(m)[0] == 1
    stock(m, 0, 0, partner=True)  # the partner's 2
    stock(m, 0, 0)  # own 3
    assert m.view(0)["stock_tops"][2] == 4 and values(m)[0] == 3
    assert "partner" not in str([a for a in m.legal(0) if a["to"] == "discard"])


def test_a_team_wins_when_both_partners_stocks_are_empty() -> None:
    stocks = [[1, 3], [9, 9], [2, 4], [9, 9]]
    m = match(4, stocks=stocks, draw=[9] * 5, stock_size=2, teams=True, rounds=1)
    stock(m, 0, 0)
    stock(m, 0, 0, partner=True)
    stock(m, 0, 0)  # seat 0's own stock is empty: the round goes on
    assert not m.over and m.to_act() == {0}
    assert "your stock pile is empty" in assert_rejected(
        GAME, m.state, 0, {"from": "stock", "to": "build", "to_pile": 0}, m._rng
    )
    events = stock(m, 0, 0, partner=True)
    assert kinds(events) == ["played", "round_over", "game_over"]
    assert events[1].data["winners"] == [0, 2] and events[1].data["points"] == 25 + 5 * 4
    outcome = m.outcome()
    assert outcome is not None and outcome.winners == (0, 2)
    assert outcome.scores == (45, 0, 45, 0)


def test_partners_keep_playing_with_an_empty_stock_of_their_own() -> None:
    stocks = [[1], [9], [5], [9]]
    m = match(
        4, stocks=stocks, draw=[8] * 5 + [10] * 5 + [11] * 5 + [12] * 5, stock_size=1, teams=True
    )
    stock(m, 0, 0)
    assert not m.over and m.view(0)["stock_sizes"] == [0, 1, 1, 1]
    discard(m, 0, 8)
    for seat, card in ((1, 10), (2, 11), (3, 12)):
        discard(m, seat, card)
    assert m.to_act() == {0}


def test_solo_games_have_no_partner_sources() -> None:
    m = match(4, stocks=[[9], [1]], draw=[9] * 5)
    message = assert_rejected(
        GAME, m.state, 0, {"from": "partner_stock", "to": "build", "to_pile": 0}, m._rng
    )
    assert "no partners" in message


# ---------------------------------------------------------------- actions


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"from": "hand", "card": 7, "to": "build", "to_pile": 0, "x": 1}, "unknown field"),
        ({"from": "deck", "to": "build", "to_pile": 0}, "from must be one of"),
        ({"from": "hand", "to": "build", "to_pile": 0}, "needs the card"),
        ({"from": "hand", "card": 13, "to": "build", "to_pile": 0}, '1–12 or "skip-bo"'),
        ({"from": "hand", "card": 1, "from_pile": 0, "to": "build", "to_pile": 0}, "no from_pile"),
        ({"from": "stock", "card": 9, "to": "build", "to_pile": 0}, "takes no card"),
        ({"from": "discard", "to": "build", "to_pile": 0}, "from_pile must be"),
        ({"from": "discard", "from_pile": 4, "to": "build", "to_pile": 0}, "from_pile must be"),
        ({"from": "discard", "from_pile": 0, "to": "build", "to_pile": 0}, "pile 0 is empty"),
        ({"from": "hand", "card": 1, "to": "bin", "to_pile": 0}, "to must be"),
        ({"from": "hand", "card": 1, "to": "build", "to_pile": True}, "to_pile must be"),
        ({"from": "hand", "card": 1, "to": "build"}, "to_pile must be"),
        ({"from": "hand", "card": 8, "to": "build", "to_pile": 0}, "you hold no 8"),
        ({"from": "hand", "card": SB, "to": "discard", "to_pile": 0}, "you hold no SKIP-BO"),
        ({"from": "stock", "to": "build", "to_pile": 0}, "needs a 1"),
    ],
)
def test_malformed_or_illegal_actions_are_refused_and_change_nothing(
    action: dict[str, Any], message: str
) -> None:
    m = match(2, stocks=[[9]], draw=[1, 2, 3, 4, 5])
    assert message in assert_rejected(GAME, m.state, 0, action, m._rng)


def test_out_of_turn_actions_are_refused() -> None:
    m = match(2, stocks=[[9]], draw=[1, 2, 3, 4, 5])
    assert "waiting for seat 0" in assert_rejected(
        GAME, m.state, 1, {"from": "stock", "to": "build", "to_pile": 0}, m._rng
    )


def test_every_action_has_an_int_code_and_back() -> None:
    m = match(4, stocks=[[1], [2], [3], [4]], draw=[1, 2, SB, 4, 5], teams=True)
    legal = m.legal(0)
    codes = GAME.legal_codes(m.state, 0)
    assert [GAME.encode(a) for a in legal] == codes
    assert [GAME.decode(c) for c in codes] == legal
    assert GAME.num_actions(4) == 185
    assert {GAME.encode(GAME.decode(c)) for c in range(185)} == set(range(185))
    assert GAME.decode(184) == {"type": "end_turn"} and GAME.encode(END_TURN) == 184
    with pytest.raises(IllegalAction):
        GAME.decode(185)


def test_apply_code_plays_the_same_game_without_events() -> None:
    a = Match(GAME, 3, seed=5)
    b = Match(GAME, 3, seed=5)
    rng = make_rng(1)
    while not a.over and len(a.log) < 300:
        seat = next(iter(a.to_act()))
        legal = a.legal(seat)
        pick = rng.randrange(len(legal))
        a.apply(seat, legal[pick])
        GAME.apply_code(b.state, seat, GAME.legal_codes(b.state, seat)[pick], b._rng)
    assert a.state == b.state


# ------------------------------------------------------------------ views


def test_views_show_stock_tops_discards_and_building_piles_but_no_hidden_card() -> None:
    m = match(2, stocks=[[1, 7], [4, 8]], draw=[2, 9, 9, 9, 9, 3, 3, 3, 3, 3])
    stock(m, 0, 0)
    events = play(m, 0, 2, 0)
    discard(m, 0, 9)
    v1 = m.view(1)
    assert v1["stock_tops"] == [7, 4] and v1["building"][0] == [1, 2]
    assert v1["discards"][0][0] == [9] and v1["hand"] == [3, 3, 3, 3, 3]
    assert all(e.to is None or e.to == frozenset({1}) for e in m.events if e.visible_to(1))
    discard(m, 1, 3)
    drew = [e for e in m.events if e.kind == "drew"]
    # the first deal's hand (the opening), seat 1's first turn, seat 0's second
    assert [sorted(e.to or ()) for e in drew] == [[0], [1], [0]]
    assert "drew" not in [e.kind for e in m.events_for(1)[-2:]]
    assert events[0].to is None
    with pytest.raises(ValueError, match="no seat 2"):
        m.view(2)


def test_determinized_worlds_keep_what_the_seat_knows_and_vary_the_rest() -> None:
    run = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, SB, SB, SB]
    m = match(2, stocks=[[9]], draw=run)
    for card in range(1, 13):
        play(m, 0, card, 0)
    rng = make_rng(0)
    worlds = [GAME.determinize(m.state, 1, rng) for _ in range(30)]
    for w in worlds:
        assert GAME.view(w, 1) == m.view(1) and GAME.view(w, None) == m.view(None)
        assert sorted(w.draw[:12]) == list(range(1, 13))  # the completed pile stays below
        assert w.stocks[0][-1] == 9
    assert len({tuple(w.hands[0]) for w in worlds}) > 5
    assert len({tuple(w.stocks[1][:-1]) for w in worlds}) > 5
    assert all(w.hands[1] == m.state.hands[1] for w in worlds)


def _hand(card: Any, pile: int) -> dict[str, Any]:
    return {"from": "hand", "card": card, "to": "build", "to_pile": pile}


def _to_discard(card: Any, pile: int) -> dict[str, Any]:
    return {"from": "hand", "card": card, "to": "discard", "to_pile": pile}


def _discard_pile(src: int, pile: int) -> dict[str, Any]:
    return {"from": "discard", "from_pile": src, "to": "build", "to_pile": pile}


def test_three_stalled_rounds_in_a_row_end_the_game() -> None:
    m = Match(GAME, 4, seed=7)
    rng = make_rng(3)
    while not m.over:  # random play: rounds end in stalls, a won round is very rare
        seat = next(iter(m.to_act()))
        legal = m.legal(seat)
        m.apply(seat, legal[rng.randrange(len(legal))])
    assert m.state.round == 3 and m.view(0)["stalls"] == 3
    assert [e.data["reason"] for e in m.events if e.kind == "round_over"] == ["stall"] * 3
    outcome = m.outcome()
    assert outcome is not None and outcome.winners == () and outcome.scores == (0, 0, 0, 0)
