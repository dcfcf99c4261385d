"""Scenario tests, one per rule and [decision] of ../shared/rules/ugha-bugha.md, with
stacked decks. Seats 0–6 and card ids as in ``rumizi.games.ugha_bugha.cards``."""

from __future__ import annotations

from collections import Counter

import pytest
from ugha_bugha_helpers import (
    GAME,
    card_strings,
    deck,
    expected,
    hand,
    kinds,
    link,
    only,
    recite,
    say,
    table,
)

from rumizi.engine import BadOptions, IllegalAction, Match, make_rng
from rumizi.games.ugha_bugha.cards import (
    CARDS,
    FULL_DECK,
    GESTURES,
    IDS,
    ITEM_IDS,
    WORDS,
    recitation,
)
from rumizi.games.ugha_bugha.state import UghaBughaState
from rumizi.games.ugha_bugha.validation import targets
from rumizi.testing import assert_rejected

FOUR = [
    ["drok", "hupa", "kaza"],
    ["lumo", "mogo", "wuga"],
    ["oktu", "pafa", "rakka"],
    ["shuba", "tonk", "urgh"],
]
SEVEN = [
    ["drok", "hupa"],
    ["kaza", "lumo"],
    ["mogo", "wuga"],
    ["oktu", "pafa"],
    ["rakka", "shuba"],
    ["tonk", "urgh"],
    ["vumba", "yiki"],
]


def pass_all(match: Match) -> None:
    for seat in sorted(match.to_act()):
        match.apply(seat, {"type": "pass"})


# ------------------------------------------------------------------ the cards
def test_the_deck_is_16_words_three_times_and_four_gestures_each_its_own_look() -> None:
    assert len(FULL_DECK) == 52
    counts = Counter(IDS[c] for c in FULL_DECK)
    assert len(WORDS) == 16 and all(counts[w.id] == 3 for w in WORDS)
    assert [g.id for g in GESTURES] == ["bang", "clap", "tongue", "repeat"]
    assert all(counts[g.id] == 1 for g in GESTURES)
    for field in ("id", "latin", "persian", "symbol", "colour"):
        values = [getattr(w, field) for w in WORDS]
        assert len(set(values)) == 16, field
    assert len({c.symbol for c in CARDS}) == 20
    for word in WORDS:
        assert word.latin.isascii() and word.latin.isalpha()
        assert all("\u0600" <= ch <= "\u06ff" or ch == "\u200c" for ch in word.persian)
    assert "repeat" not in ITEM_IDS and len(ITEM_IDS) == 19


# ----------------------------------------------------------------- setup
@pytest.mark.parametrize("players", range(3, 9))
def test_hand_size_is_three_up_to_six_players_and_two_with_seven_or_eight(players: int) -> None:
    view = Match(GAME, players, seed=players).view(None)
    size = 3 if players <= 6 else 2
    assert view["hands"] == [size] * players
    assert view["deck"] == 52 - size * players
    assert view["chain"] == 0 and view["top"] is None and view["turn"] == 0


def test_cards_are_dealt_one_at_a_time_from_seat_zero_and_nobody_sees_their_own() -> None:
    match = table(FOUR)
    assert [hand(match, p) for p in range(4)] == FOUR
    for seat in (0, 1, 2, 3, None):
        view = match.view(seat)
        assert view["hands"] == [3, 3, 3, 3]
        assert not any(cid in str(view) for cid in ("drok", "hupa", "lumo", "shuba"))


def test_seat_zero_starts_the_first_chain_unless_first_says_otherwise() -> None:
    assert table(FOUR).view(None)["turn"] == 0
    assert table(FOUR, first=2).view(None)["turn"] == 2
    starters = {
        Match(GAME, 5, seed=s, options={"first": "random"}).view(None)["turn"] for s in range(40)
    }
    assert starters == {0, 1, 2, 3, 4}


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (2, {}, "3–8 players"),
        (9, {}, "3–8 players"),
        (4, {"speed": 1}, "unknown option(s) for ugha-bugha: speed"),
        (4, {"variant": "shouting"}, 'variant must be "referee" or "challenges"'),
        (4, {"turn_seconds": -1}, "positive number of seconds"),
        (4, {"turn_seconds": "fast"}, "number of seconds"),
        (4, {"turn_seconds": {"base": 5, "per_item": 1}}, "base and per_card, not per_item"),
        (4, {"turn_seconds": {"base": 0}}, "positive number of seconds"),
        (4, {"turn_seconds": 601}, "turn_seconds must be at most 600 seconds"),
        (4, {"turn_seconds": {"per_card": 1e9}}, "per_card must be at most 600 seconds"),
        (4, {"clock": "fast"}, 'clock must be "normal", "relaxed" or "none", not "fast"'),
        (4, {"clock": "none", "turn_seconds": 5}, "clock or turn_seconds, not both"),
        (4, {"variant": "challenges", "challenge_seconds": 61}, "from 0.5 to 60 seconds"),
        (4, {"tokens_to_win": 21}, "tokens_to_win must be at most 20"),
        (4, {"tokens_to_win": 0}, "tokens_to_win must be a positive whole number"),
        (4, {"challenge_seconds": 2}, "only to the 'challenges' variant"),
        (4, {"variant": "challenges", "challenge_seconds": 0}, "positive number of seconds"),
        (4, {"first": 4}, 'first must be "random" or a seat from 0 to 3'),
        (4, {"deck": ["drok"] * 52}, "exactly the 52 cards"),
        (4, {"deck": ["grok"]}, 'unknown card "grok"'),
        (4, {"deck": "drok"}, "list of the 52 cards"),
    ],
)
def test_player_counts_and_options_are_checked(players: int, options: dict, message: str) -> None:
    with pytest.raises(BadOptions, match=message.replace("(", r"\(").replace(")", r"\)")):
        Match(GAME, players, options=options)


# ----------------------------------------------------------------- a turn
def test_a_turn_flips_the_chosen_card_recites_the_chain_and_points() -> None:
    match = table(FOUR)
    events = match.apply(0, {"type": "flip", "position": 1})
    assert only(events, "flipped") == {
        "seat": 0,
        "position": 1,
        "card": "hupa",
        "chain": 1,
        "left": 2,
    }
    assert hand(match, 0) == ["drok", "kaza"]
    assert match.view(3)["top"] == "hupa" and match.view(3)["phase"] == "recite"
    events = say(match, 0, "hupa") + match.apply(0, {"type": "ha", "point": 2})
    assert kinds(events) == ["said", "called", "turn"]
    view = match.view(1)
    assert (view["turn"], view["pointed_by"], view["phase"]) == (2, 0, "flip")
    assert view["hands"] == [2, 3, 3, 3]


def test_the_recitation_is_heard_item_by_item_and_kept_in_no_view() -> None:
    match = table(FOUR)
    link(match, 0, point=1)
    link(match, 1, point=2)
    match.apply(2, {"type": "flip", "position": 2})
    assert expected(match) == ["drok", "lumo", "rakka"]
    for i, item in enumerate(["drok", "lumo"]):
        events = say(match, 2, item)
        assert [(e.kind, e.data, e.to) for e in events] == [
            ("said", {"seat": 2, "index": i, "item": item}, None)
        ]
        for seat in (0, 1, 2, 3, None):
            view = match.view(seat)
            assert view["recited"] == i + 1 and view["chain"] == 3 and view["top"] == "rakka"
            assert "drok" not in str(view) and "lumo" not in str(view)


# --------------------------------------------------------------- pointing
def test_nobody_points_at_themselves_nor_back_at_who_pointed_at_them() -> None:
    match = table(FOUR)
    match.apply(0, {"type": "flip", "position": 0})
    say(match, 0, "drok")
    assert [a["point"] for a in match.legal(0) if a["type"] == "ha"] == [1, 2, 3]
    rng = make_rng(1)
    message = assert_rejected(GAME, match.state, 0, {"type": "ha", "point": 0}, rng)
    assert message == "you cannot point at yourself"
    message = assert_rejected(GAME, match.state, 0, {"type": "ha", "point": 7}, rng)
    assert message == "there is no seat 7"
    match.apply(0, {"type": "ha", "point": 1})
    match.apply(1, {"type": "flip", "position": 0})
    recite(match, 1)
    assert [a["point"] for a in match.legal(1) if a["type"] == "ha"] == [2, 3]
    message = assert_rejected(GAME, match.state, 1, {"type": "ha", "point": 0}, rng)
    assert message == "you cannot point back at seat 0, who pointed at you"
    match.apply(1, {"type": "ha", "point": 3})
    assert match.view(None)["turn"] == 3


def test_with_three_players_the_chain_goes_round_in_a_forced_order() -> None:
    match = table(FOUR[:3])
    link(match, 0, point=2)
    match.apply(2, {"type": "flip", "position": 0})
    recite(match, 2)
    assert [a for a in match.legal(2) if a["type"] == "ha"] == [{"type": "ha", "point": 1}]


def test_pointing_back_is_allowed_when_it_is_the_only_choice() -> None:
    """Unreachable in play — every other player always holds cards during a chain — but
    the rule holds: when nobody else may be chosen, pointing back is allowed."""
    state = table(FOUR[:3]).state
    state.pointed_by = 1
    assert targets(state, 0) == [2]
    state.hands[2] = []
    assert targets(state, 0) == [1]


# ---------------------------------------------------------- ends of a chain
def test_ugha_bugha_on_the_last_card_wins_a_token_and_the_winner_refill() -> None:
    match = table(SEVEN, then=["bunga", "bunga", "bunga", "zog"])
    link(match, 0, point=1)
    link(match, 1, point=2)
    link(match, 2, point=0)
    events = link(match, 0, last=True)
    won = only(events, "chain_won")
    assert (won["seat"], won["length"], won["tokens"]) == (0, 4, [1, 0, 0, 0, 0, 0, 0])
    dealt = [(e.data["seat"], e.data["count"]) for e in events if e.kind == "dealt"]
    assert dealt == [(0, 3), (1, 1), (2, 1)]  # from the winner on, up to 2 + 1 per token
    assert hand(match, 0) == ["bunga", "bunga", "bunga"]
    assert hand(match, 1) == ["lumo", "zog"]
    view = match.view(4)
    assert view["hands"] == [3, 2, 2, 2, 2, 2, 2]
    assert (view["chain"], view["set_aside"], view["turn"], view["chain_no"]) == (0, 4, 0, 2)
    assert view["last"] == {"chain_no": 1, "result": "won", "seat": 0, "length": 4}


def test_players_holding_more_than_their_due_keep_them_at_a_win() -> None:
    match = table(SEVEN)
    match.timeout()  # seat 0 runs out of time and is dealt 2 more: 4 cards
    for seat, point in ((0, 1), (1, 2), (2, 3), (3, 1)):
        link(match, seat, point=point)
    events = link(match, 1, last=True)
    assert only(events, "chain_won")["seat"] == 1
    assert match.view(None)["hands"] == [3, 3, 2, 2, 2, 2, 2]
    assert [e.data["seat"] for e in events if e.kind == "dealt"] == [1, 2, 3]


def test_saying_ha_on_the_last_card_loses_the_chain() -> None:
    match = table(SEVEN)
    link(match, 0, point=1)
    link(match, 1, point=2)
    link(match, 2, point=0)
    events = link(match, 0, point=3)
    lost = only(events, "chain_lost")
    assert (lost["seat"], lost["reason"], lost["length"]) == (0, "ha_on_last", 4)
    assert "called" not in kinds(events)


def test_saying_ugha_bugha_with_cards_left_loses_the_chain() -> None:
    match = table(SEVEN)
    events = link(match, 0, last=True)
    assert only(events, "chain_lost")["reason"] == "too_soon"
    assert match.view(None)["hands"][0] == 1 + 2


def test_a_wrong_item_loses_at_once_and_the_loser_starts_a_new_chain() -> None:
    match = table(FOUR, then=["zog", "zog", "zog"])
    link(match, 0, point=1)
    match.apply(1, {"type": "flip", "position": 0})
    events = say(match, 1, "lumo")  # the chain is drok, lumo: lumo first is wrong
    assert kinds(events) == ["said", "chain_lost", "dealt", "chain_started", "turn"]
    lost = only(events, "chain_lost")
    assert (lost["seat"], lost["reason"], lost["index"], lost["length"]) == (1, "wrong_item", 0, 2)
    assert "drok" not in str(lost)
    assert hand(match, 1) == ["mogo", "wuga", "zog", "zog", "zog"]
    view = match.view(0)
    assert (view["turn"], view["chain"], view["set_aside"], view["pointed_by"]) == (1, 0, 2, None)


def test_the_wrong_order_is_a_wrong_item() -> None:
    match = table(FOUR)
    link(match, 0, point=1)
    link(match, 1, point=2)
    match.apply(2, {"type": "flip", "position": 0})
    events = say(match, 2, "drok", "oktu")
    assert only(events, "chain_lost")["index"] == 1


def test_stopping_early_or_saying_one_item_too_many_loses() -> None:
    match = table(FOUR)
    link(match, 0, point=1)
    match.apply(1, {"type": "flip", "position": 0})
    events = say(match, 1, "drok") + match.apply(1, {"type": "ha", "point": 2})
    lost = only(events, "chain_lost")
    assert (lost["reason"], lost["index"]) == ("incomplete", 1)
    match = table([["repeat", "hupa", "kaza"], *FOUR[1:]])
    match.apply(0, {"type": "flip", "position": 0})
    assert expected(match) == []
    events = say(match, 0, "drok")
    assert only(events, "chain_lost")["reason"] == "extra_item"


def test_a_recitation_has_at_most_as_many_items_as_the_chain_has_cards() -> None:
    match = table(FOUR, variant="challenges")
    match.apply(0, {"type": "flip", "position": 0})
    say(match, 0, "drok")
    assert not [a for a in match.legal(0) if a["type"] == "say"]
    message = assert_rejected(GAME, match.state, 0, {"type": "say", "item": "drok"}, make_rng(0))
    assert "at most that many items" in message


# ----------------------------------------------------------------- clocks
def test_the_turn_clock_is_six_seconds_plus_one_and_a_half_per_card() -> None:
    match = table(FOUR)
    assert match.deadline() == 7.5
    match.apply(0, {"type": "flip", "position": 0})
    assert match.deadline() == 7.5
    recite(match, 0)
    match.apply(0, {"type": "ha", "point": 1})
    assert match.deadline() == 9.0
    assert match.view(2)["deadline"] == 9.0 and match.view(2)["ready"] == 0.0
    assert table(FOUR, turn_seconds={"base": 4, "per_card": 1}).deadline() == 5.0
    assert table(FOUR, turn_seconds=20).deadline() == 20.0


def test_clock_presets_set_the_turn_clock() -> None:
    assert table(FOUR, clock="normal").deadline() == 7.5
    assert table(FOUR, clock="relaxed").deadline() == 18.0
    untimed = table(FOUR, clock="none", variant="challenges")
    assert untimed.deadline() is None and untimed.state.window_seconds is None


def test_a_new_chain_after_a_lost_one_starts_with_a_get_ready_pause() -> None:
    match = table(FOUR)
    assert match.view(0)["ready"] == 0.0  # the first chain of the game starts at once
    link(match, 0, point=1)
    match.apply(1, {"type": "flip", "position": 0})
    say(match, 1, "tonk")  # wrong: seat 1 loses and starts chain 2
    view = match.view(1)
    assert (view["chain_no"], view["turn"], view["pointed_by"]) == (2, 1, None)
    assert (view["ready"], match.deadline()) == (3.0, 3.0 + 7.5)
    match.apply(1, {"type": "flip", "position": 0})
    assert (match.view(1)["ready"], match.deadline()) == (3.0, 10.5)  # one clock per turn
    recite(match, 1)
    match.apply(1, {"type": "ha", "point": 2})
    assert (match.view(2)["ready"], match.deadline()) == (0.0, 9.0)  # only the first turn
    untimed = table(FOUR, turn_seconds=None)
    link(untimed, 0, point=1)
    untimed.apply(1, {"type": "flip", "position": 0})
    say(untimed, 1, "tonk")
    assert (untimed.view(1)["ready"], untimed.deadline()) == (0.0, None)


def test_a_seat_that_was_not_listening_is_told_nothing_below_the_top_card() -> None:
    match = table(FOUR)
    link(match, 0, point=1)
    match.apply(1, {"type": "flip", "position": 0})
    say(match, 1, "tonk")  # chain 1 lost; chain 2 begins
    link(match, 1, point=2)
    match.apply(2, {"type": "flip", "position": 0})
    say(match, 2, *expected(match)[:1])
    heard = [e.to_json() for e in match.events]
    told = GAME.retell(heard)
    assert len(told) == len(heard)
    start = max(i for i, e in enumerate(heard) if e["kind"] == "chain_started")
    assert told[:start] == heard[:start]  # an earlier chain is told as it was
    for event, retold in zip(heard[start:], told[start:], strict=True):
        if event["kind"] == "said":
            assert retold is None
        elif event["kind"] == "flipped":
            assert retold == {k: v for k, v in event.items() if k != "card"}
        else:
            assert retold == event
    kept = [e for e in told[start:] if e is not None]
    assert not card_strings(kept)
    assert [e["kind"] for e in kept].count("flipped") == 2
    # From an index inside the chain (a socket that dropped): the same rule.
    assert GAME.retell(heard[start + 2 :]) == told[start + 2 :]


def test_untimed_play_has_no_deadline_and_refuses_timeouts() -> None:
    match = table(FOUR, turn_seconds=None)
    assert match.deadline() is None and match.view(0)["deadline"] is None
    with pytest.raises(IllegalAction, match="nothing is on the clock"):
        match.timeout()


def test_running_out_of_time_is_a_mistake_before_and_after_the_flip() -> None:
    match = table(FOUR)
    events = match.timeout()
    lost = only(events, "chain_lost")
    assert (lost["seat"], lost["reason"], lost["length"]) == (0, "time", 0)
    assert match.view(None)["hands"][0] == 6
    match.apply(0, {"type": "flip", "position": 0})
    say(match, 0, "drok")
    events = match.timeout()
    assert (only(events, "chain_lost")["reason"], match.view(None)["set_aside"]) == ("time", 1)
    assert match.view(None)["clock_phase"] == 3 and GAME.phase(match.state) == 3


def test_the_clock_phase_changes_with_each_turn_not_with_each_item() -> None:
    match = table(FOUR)
    phase = GAME.phase(match.state)
    match.apply(0, {"type": "flip", "position": 0})
    say(match, 0, "drok")
    assert GAME.phase(match.state) == phase
    match.apply(0, {"type": "ha", "point": 1})
    assert GAME.phase(match.state) == phase + 1


# ------------------------------------------------------------ gesture cards
def test_gestures_are_entered_like_words() -> None:
    match = table([["clap", "hupa", "kaza"], ["tongue", "mogo", "wuga"], *FOUR[2:]])
    link(match, 0, point=1)
    match.apply(1, {"type": "flip", "position": 0})
    assert expected(match) == ["clap", "tongue"]
    say(match, 1, "clap", "tongue")
    match.apply(1, {"type": "ha", "point": 2})
    assert match.view(None)["turn"] == 2


def test_repeat_copies_the_item_directly_under_it_word_or_gesture() -> None:
    assert recitation([1, 19, 5]) == [1, 1, 5]
    assert recitation([1, 16, 19]) == [1, 16, 16]
    match = table([["drok", "hupa", "kaza"], ["repeat", "mogo", "wuga"], *FOUR[2:]])
    link(match, 0, point=1)
    match.apply(1, {"type": "flip", "position": 0})
    assert match.view(2)["top"] == "repeat"
    events = say(match, 1, "drok", "lumo")
    assert only(events, "chain_lost")["index"] == 1


def test_repeat_as_the_first_card_means_nothing_and_is_skipped() -> None:
    match = table([["repeat", "hupa", "kaza"], ["lumo", "mogo", "wuga"], *FOUR[2:]])
    match.apply(0, {"type": "flip", "position": 0})
    events = match.apply(0, {"type": "ha", "point": 1})  # nothing to say
    assert "chain_lost" not in kinds(events)
    match.apply(1, {"type": "flip", "position": 0})
    assert expected(match) == ["lumo"]
    say(match, 1, "lumo")
    assert "chain_lost" not in kinds(match.apply(1, {"type": "ha", "point": 2}))


def test_the_repeat_card_is_not_an_item_one_can_say() -> None:
    match = table([["drok", "repeat", "kaza"], *FOUR[1:]])
    match.apply(0, {"type": "flip", "position": 1})
    message = assert_rejected(GAME, match.state, 0, {"type": "say", "item": "repeat"}, make_rng(0))
    assert "say the item it copies" in message


# --------------------------------------------------------------- refills
def test_the_loser_is_dealt_hand_size_plus_one_per_token_on_top_of_their_cards() -> None:
    match = table(SEVEN, then=["bunga", "bunga", "bunga", "zog", "zog", "clap", "bang", "tongue"])
    for seat, point in ((0, 1), (1, 2), (2, 0)):
        link(match, seat, point=point)
    link(match, 0, last=True)  # seat 0: 1 token, 3 cards; seats 1 and 2 get a zog each
    match.apply(0, {"type": "flip", "position": 0})
    events = say(match, 0, "drok")
    assert only(events, "dealt") == {"seat": 0, "count": 3, "deck": len(match.state.deck)}
    assert hand(match, 0) == ["bunga", "bunga", "clap", "bang", "tongue"]
    assert match.view(None)["turn"] == 0


def test_set_aside_cards_are_shuffled_into_a_new_deck_when_it_runs_out() -> None:
    match = Match(GAME, 8, seed=11)
    for _ in range(18):  # each loss: one card set aside, two dealt
        match.apply(0, {"type": "flip", "position": 0})
        match.timeout()
    assert match.view(None)["deck"] == 0 and match.view(None)["set_aside"] == 18
    match.apply(0, {"type": "flip", "position": 0})
    set_aside = Counter(match.state.set_aside + match.state.pile)
    before = Counter(match.state.hands[0])
    events = match.timeout()
    assert kinds(events) == ["chain_lost", "recycled", "dealt", "chain_started", "turn"]
    assert only(events, "recycled") == {"cards": 19}
    dealt = Counter(match.state.hands[0]) - before
    assert Counter(match.state.deck) + dealt == set_aside
    assert match.view(None)["deck"] == 17 and match.view(None)["set_aside"] == 0


def test_when_no_card_is_left_to_deal_the_game_ends() -> None:
    """[decision] Most tokens wins; among equals the fewest face-down cards."""
    match = table(FOUR[:3])
    for _ in range(14):
        match.timeout()  # seat 0 runs out of time before flipping and is dealt 3 more
    assert match.view(None)["deck"] == 1 and not match.over
    events = match.timeout()
    assert only(events, "dealt")["count"] == 1
    assert only(events, "game_over") == {
        "winners": [1, 2],
        "reason": "out_of_cards",
        "tokens": [0, 0, 0],
    }
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == (1, 2)
    assert sum(match.view(None)["hands"]) == 52


# ---------------------------------------------------------- end of the game
def test_the_first_to_gain_tokens_to_win_tokens_wins_the_game() -> None:
    match = table(SEVEN, tokens_to_win=1)
    for seat, point in ((0, 1), (1, 2), (2, 0)):
        link(match, seat, point=point)
    events = link(match, 0, last=True)
    assert only(events, "game_over") == {
        "winners": [0],
        "reason": "tokens",
        "tokens": [1, 0, 0, 0, 0, 0, 0],
    }
    assert match.over and match.outcome().winners == (0,)  # type: ignore[union-attr]
    assert match.to_act() == frozenset() and match.legal(0) == []
    message = assert_rejected(GAME, match.state, 0, {"type": "flip", "position": 0}, make_rng(0))
    assert message == "the game is over: no more actions are accepted"
    assert match.deadline() is None


def test_three_tokens_win_by_default() -> None:
    assert Match(GAME, 4).state.tokens_to_win == 3


# ------------------------------------------------------- the challenges variant
def test_challenges_check_nothing_and_open_a_ho_window() -> None:
    match = table(FOUR, variant="challenges")
    match.apply(0, {"type": "flip", "position": 0})
    events = say(match, 0, "hupa") + match.apply(0, {"type": "ha", "point": 1})
    assert kinds(events) == ["said", "called", "window"]
    assert match.to_act() == frozenset({1, 2, 3})
    assert match.deadline() == 3.0
    view = match.view(2)
    assert (view["phase"], view["call"], view["point"], view["turn"]) == ("window", "ha", 1, 0)
    assert match.legal(2) == [{"type": "ho"}, {"type": "pass"}]
    assert match.legal(0) == []


def test_a_right_ho_makes_the_reciter_lose() -> None:
    match = table(FOUR, variant="challenges")
    match.apply(0, {"type": "flip", "position": 0})
    say(match, 0, "hupa")
    match.apply(0, {"type": "ha", "point": 1})
    events = match.apply(2, {"type": "ho"})
    assert only(events, "ho") == {"seat": 2, "reciter": 0, "right": True, "at": 0}
    lost = only(events, "chain_lost")
    assert (lost["seat"], lost["reason"], lost["caller"]) == (0, "ho", 2)
    assert match.view(None)["hands"] == [5, 3, 3, 3] and match.view(None)["turn"] == 0


def test_a_wrong_ho_makes_the_caller_lose_instead() -> None:
    match = table(FOUR, variant="challenges")
    link(match, 0, point=1)
    events = match.apply(3, {"type": "ho"})
    assert only(events, "ho") == {"seat": 3, "reciter": 0, "right": False}
    lost = only(events, "chain_lost")
    assert (lost["seat"], lost["reason"], lost["reciter"], lost["length"]) == (3, "wrong_ho", 0, 1)
    view = match.view(None)
    assert view["hands"] == [2, 3, 3, 6] and view["turn"] == 3 and view["set_aside"] == 1


def test_with_no_call_the_chain_goes_on_even_if_the_recitation_was_wrong() -> None:
    match = table(FOUR, variant="challenges")
    match.apply(0, {"type": "flip", "position": 0})
    say(match, 0, "zog")
    match.apply(0, {"type": "ha", "point": 1})
    match.apply(1, {"type": "pass"})
    match.apply(3, {"type": "pass"})
    events = match.apply(2, {"type": "pass"})
    assert kinds(events) == ["passed", "window_closed", "turn"]
    view = match.view(None)
    assert (view["turn"], view["pointed_by"], view["chain"]) == (1, 0, 1)
    match.apply(1, {"type": "flip", "position": 0})
    say(match, 1, "zog", "lumo")
    match.apply(1, {"type": "ha", "point": 2})
    events = match.timeout()  # the window's time runs out: nobody called
    assert kinds(events) == ["window_closed", "turn"] and match.view(None)["turn"] == 2


def test_a_wrong_ho_after_a_right_ugha_bugha_the_win_stands_and_the_caller_loses() -> None:
    """[decision] The reciter met the winning rule, the caller the losing one: both apply."""
    match = table(SEVEN, variant="challenges", then=["bunga"] * 3 + ["zog"] * 3)
    for seat, point in ((0, 1), (1, 2), (2, 0)):
        link(match, seat, point=point)
        pass_all(match)
    link(match, 0, last=True)
    assert match.view(None)["phase"] == "window"
    events = match.apply(3, {"type": "ho"})
    assert kinds(events)[:3] == ["ho", "chain_won", "dealt"]
    assert only(events, "chain_won")["caller"] == 3
    lost = only(events, "chain_lost")
    assert (lost["seat"], lost["reason"], lost["reciter"]) == (3, "wrong_ho", 0)
    view = match.view(None)
    assert view["tokens"] == [1, 0, 0, 0, 0, 0, 0]
    assert view["hands"] == [3, 2, 2, 4, 2, 2, 2] and view["turn"] == 3


def test_a_right_ho_after_ugha_bugha_makes_the_reciter_lose() -> None:
    match = table(SEVEN, variant="challenges")
    for seat, point in ((0, 1), (1, 2), (2, 0)):
        link(match, seat, point=point)
        pass_all(match)
    match.apply(0, {"type": "flip", "position": 0})
    say(match, 0, "drok", "kaza", "mogo", "drok")  # the last one was hupa
    match.apply(0, {"type": "ugha_bugha"})
    events = match.apply(5, {"type": "ho"})
    assert only(events, "ho")["at"] == 3
    assert only(events, "chain_lost")["reason"] == "ho"
    assert match.view(None)["tokens"] == [0] * 7 and match.view(None)["hands"][0] == 2


def test_the_closing_word_is_checked_at_once_even_in_challenges() -> None:
    """[decision] Everybody sees how many cards the reciter holds."""
    match = table(FOUR, variant="challenges")
    match.apply(0, {"type": "flip", "position": 0})
    events = say(match, 0, "drok") + match.apply(0, {"type": "ugha_bugha"})
    assert only(events, "chain_lost")["reason"] == "too_soon"
    assert "window" not in kinds(events)


def test_the_window_clock_follows_the_options() -> None:
    untimed = table(FOUR, variant="challenges", turn_seconds=None)
    link(untimed, 0, point=1)
    assert untimed.deadline() is None
    custom = table(FOUR, variant="challenges", challenge_seconds=5)
    link(custom, 0, point=1)
    assert custom.deadline() == 5.0
    endless = table(FOUR, variant="challenges", challenge_seconds=None)
    link(endless, 0, point=1)
    assert endless.deadline() is None and endless.to_act() == frozenset({1, 2, 3})


def test_the_reciter_may_not_call_ho_and_who_passed_is_done() -> None:
    match = table(FOUR, variant="challenges")
    link(match, 0, point=1)
    rng = make_rng(0)
    assert "cannot act now" in assert_rejected(GAME, match.state, 0, {"type": "ho"}, rng)
    match.apply(1, {"type": "pass"})
    assert match.to_act() == frozenset({2, 3})
    assert "cannot act now" in assert_rejected(GAME, match.state, 1, {"type": "ho"}, rng)
    assert "only call ho or pass" in assert_rejected(
        GAME, match.state, 2, {"type": "flip", "position": 0}, rng
    )


# ------------------------------------------------------------ bad actions
@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "say", "item": "drok"}, "flip one of your face-down cards first"),
        ({"type": "dance"}, 'unknown action type "dance"; now you may: flip'),
        ({"position": 0}, "unknown action type null"),
        ({"type": "flip", "position": 3}, "position must be a whole number from 0 to 2"),
        ({"type": "flip", "position": True}, "position must be a whole number"),
        ({"type": "flip", "position": 0, "look": True}, "unknown field(s) in the action: look"),
        ({"type": "ho"}, "flip one of your face-down cards first"),
        ("flip", "an action must be a JSON object"),
    ],
)
def test_bad_actions_are_refused_clearly_and_change_nothing(action: object, message: str) -> None:
    match = table(FOUR)
    got = assert_rejected(GAME, match.state, 0, action, make_rng(0))
    assert got.startswith(message), got


def test_bad_actions_while_reciting_tell_nothing_of_the_chain() -> None:
    """The same bad action gets the same message whatever the chain below holds."""
    matches = [table(FOUR), table([FOUR[0], ["zog", "clap", "bang"], *FOUR[2:]])]
    for match in matches:
        link(match, 0, point=1)
        match.apply(1, {"type": "flip", "position": 0})
    assert expected(matches[0]) != expected(matches[1])
    rng = make_rng(0)
    for action in (
        {"type": "say", "item": "grok"},
        {"type": "say"},
        {"type": "ha"},
        {"type": "ha", "point": "left"},
        {"type": "ha", "point": 0},
        {"type": "flip", "position": 0},
        {"type": "ugha_bugha", "loud": True},
    ):
        first, second = (assert_rejected(GAME, m.state, 1, action, rng) for m in matches)
        assert first == second
    assert (
        assert_rejected(GAME, matches[0].state, 2, {"type": "flip", "position": 0}, rng)
        == "seat 2 cannot act now: waiting for seat 1"
    )


def test_the_system_may_only_time_out_and_only_on_the_clock() -> None:
    match = table(FOUR)
    with pytest.raises(IllegalAction, match="the only system action is timeout"):
        match.apply(-1, {"type": "flip", "position": 0})
    state = table(FOUR, turn_seconds=None).state
    with pytest.raises(IllegalAction, match="nothing is on the clock"):
        GAME.apply(state, -1, {"type": "timeout"}, make_rng(0))


def test_a_stacked_deck_is_used_top_first() -> None:
    cards = deck(FOUR, then=["zog"])
    assert cards[:5] == ["drok", "lumo", "oktu", "shuba", "hupa"] and cards[12] == "zog"
    state: UghaBughaState = table(FOUR, then=["zog"]).state
    assert state.deck[-1] == IDS.index("zog")
