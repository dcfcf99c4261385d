"""Every rule of ``rules/ayozhit.md`` and each of its [decision]s, on stacked decks."""

from __future__ import annotations

from typing import Any

import pytest
from ayozhit_helpers import (
    DECK,
    GAME,
    PICTURES,
    WORD_CARDS,
    announce,
    boards,
    choose_word,
    distinct_pictures,
    kinds,
    mark,
    only,
    table,
)

from rumizi.engine import SYSTEM, BadOptions, IllegalAction, Match
from rumizi.games.ayozhit.content import load_words
from rumizi.testing import assert_rejected

# ----------------------------------------------------------------- setup


def test_fifteen_pictures_in_three_rows_dealt_from_the_top() -> None:
    match = table()
    view = match.view(0)
    assert view["table"] == DECK[:15]
    assert view["round"] == 1 and view["rounds"] == 4
    assert view["phase"] == "word" and view["first"] == 0
    assert match.to_act() == {0}


def test_first_option_gives_the_first_dreamer_marker() -> None:
    assert table(first=2).to_act() == {2}
    with pytest.raises(BadOptions, match="first"):
        table(first=4)


def test_no_icon_shows_twice_on_the_table() -> None:
    owl = next(p.id for p in PICTURES if p.kind == "icon" and p.icons == ("owl",))
    night_watch = "dream-night-watch"  # an owl under the crescent moon
    rest = distinct_pictures(20, avoid=[owl, night_watch])
    match = table(deck=[owl, night_watch, *rest])
    shown = match.view(0)["table"]
    assert shown == [owl, *rest[:14]]
    assert night_watch not in shown
    # it went under the deck: the next card dealt instead, the dream card is at the bottom
    assert match.state.deck[0] == GAME_NUMBER[night_watch]


def test_no_icon_repeats_when_a_row_is_replaced() -> None:
    owl = next(p.id for p in PICTURES if p.kind == "icon" and p.icons == ("owl",))
    base = distinct_pictures(19, avoid=[owl, "dream-night-watch"])
    # the owl sits in the top row; the bottom row is replaced after round 1 and the night
    # watch dream card comes up first: it must be skipped.
    deck = [owl, *base[:14], "dream-night-watch", *base[14:]]
    match = table(deck=deck)
    play_quiet_round(match)
    bottom = match.view(0)["table"][10:]
    assert bottom == base[14:19]


GAME_NUMBER = {p.id: i for i, p in enumerate(PICTURES)}


def play_quiet_round(match: Match) -> None:
    """Everyone marks picture 0 and nothing else; the round is played out."""
    first = match.state.first
    boards(match, {s: [0] for s in range(match.players)})
    announce(match, first, 0)


def test_options_are_checked() -> None:
    for bad, message in [
        ({"select_seconds": 0}, "select_seconds"),
        ({"select_seconds": "soon"}, "select_seconds"),
        ({"tiebreak": "yes"}, "tiebreak"),
        ({"deck": ["no-such-picture"]}, "unknown picture"),
        ({"deck": [DECK[0], DECK[0]]}, "twice"),
        ({"words": ["w999"]}, "unknown word card"),
        ({"rounds": 3}, "unknown option"),
    ]:
        with pytest.raises(BadOptions, match=message):
            Match(GAME, 4, options=bad)
    with pytest.raises(BadOptions, match="3–6 players"):
        Match(GAME, 2)


# ------------------------------------------------------------ the word


def test_the_first_dreamer_turns_the_word_card_and_chooses_a_word() -> None:
    match = table(first=1)
    card = load_words()[0]
    view = match.view(3)
    assert view["card"]["id"] == card.id == WORD_CARDS[0]
    assert [w["en"] for w in view["card"]["words"]] == [card.words[0].en, card.words[1].en]
    assert view["word"] is None
    assert_rejected(GAME, match.state, 0, {"type": "word", "word": 1}, match._rng)
    assert_rejected(GAME, match.state, 1, {"type": "word", "word": 2}, match._rng)
    assert_rejected(GAME, match.state, 1, {"type": "mark", "picture": 0}, match._rng)
    events = match.apply(1, {"type": "word", "word": 1})
    chosen = only(events, "word_chosen")
    assert chosen["word"] == {
        "key": card.words[1].key,
        "fa": card.words[1].fa,
        "en": card.words[1].en,
    }
    assert match.view(0)["word"]["fa"] == card.words[1].fa
    assert match.view(0)["phase"] == "select"
    assert match.to_act() == {0, 1, 2, 3}


# ------------------------------------------------------------ marking


def test_marking_is_simultaneous_and_secret() -> None:
    match = table()
    choose_word(match)
    before = {seat: match.view(seat) for seat in (0, 1, 3, None)}
    events = mark(match, 2, [3, 7], ready=False)
    assert all(e.to == {2} for e in events)
    assert match.view(2)["marks"] == [3, 7]
    for seat, view in before.items():
        assert match.view(seat) == view  # nothing of seat 2's board shows elsewhere
        assert view["marks"] == [] and view["counts"] is None
    assert match.to_act() == {0, 1, 2, 3}


def test_between_one_and_ten_marks() -> None:
    match = table()
    choose_word(match)
    assert_rejected(GAME, match.state, 0, {"type": "ready"}, match._rng)
    mark(match, 0, range(10), ready=False)
    assert "at most 10" in assert_rejected(
        GAME, match.state, 0, {"type": "mark", "picture": 12}, match._rng
    )
    assert {"type": "mark", "picture": 12} not in match.legal(0)
    match.apply(0, {"type": "unmark", "picture": 4})
    assert match.view(0)["marks"] == [0, 1, 2, 3, 5, 6, 7, 8, 9]
    assert "already marked" in assert_rejected(
        GAME, match.state, 0, {"type": "mark", "picture": 0}, match._rng
    )
    assert "did not mark" in assert_rejected(
        GAME, match.state, 0, {"type": "unmark", "picture": 4}, match._rng
    )
    assert "0 to 14" in assert_rejected(
        GAME, match.state, 0, {"type": "mark", "picture": 15}, match._rng
    )


def test_ready_ends_the_marking_early_only_when_everyone_is_ready() -> None:
    match = table()
    choose_word(match)
    for seat in (0, 1, 2):
        mark(match, seat, [seat])
        assert match.view(3)["phase"] == "select"
    assert match.to_act() == {3}
    assert match.view(3)["ready"] == [True, True, True, False]
    assert_rejected(GAME, match.state, 0, {"type": "mark", "picture": 9}, match._rng)
    events = mark(match, 3, [3])
    assert "counted" in kinds(events)
    assert match.view(0)["phase"] == "announce"


def test_select_seconds_clock_and_a_player_with_no_mark_fails() -> None:
    match = table(select_seconds=45)
    assert match.deadline() is None  # the word choice is not timed
    with pytest.raises(IllegalAction, match="nothing is on the clock"):
        match.timeout()
    phase = GAME.phase(match.state)
    choose_word(match)
    assert match.deadline() == 45.0
    assert GAME.phase(match.state) != phase
    mark(match, 0, [0, 1], ready=False)  # marks stand although not ready
    mark(match, 1, [0])
    events = match.timeout()
    counted = only(events, "counted")
    assert counted["counts"] == [2, 1, 0, 0]
    assert counted["failed"] == [2, 3]
    assert match.view(0)["failed"] == [False, False, True, True]
    assert match.deadline() is None
    # seats 2 and 3 never become dreamer; 0 and 1 score a three-spark on picture 0
    assert only(announce(match, 0, 0), "announced")["result"] == "three"
    assert match.state.dreamer == 0  # seat 1 has nothing left; seats 2, 3 failed
    with pytest.raises(IllegalAction, match="only system action"):
        match.apply(SYSTEM, {"type": "ready"})


def test_select_seconds_null_means_no_clock() -> None:
    match = table(select_seconds=None)
    choose_word(match)
    assert match.deadline() is None
    assert Match(GAME, 3).view(0)["deadline"] is None  # word phase
    default = Match(GAME, 3)
    default.apply(0, {"type": "word", "word": 0})
    assert default.deadline() == 120.0


# ------------------------------------------------------------ counting


def test_counts_revealed_and_the_single_most_is_dreamt_deep() -> None:
    match = table()
    events = boards(match, {0: [0], 1: [0, 1, 2], 2: [1], 3: [2, 3]})
    assert only(events, "counted") == {"counts": [1, 3, 1, 2], "deep": 1, "failed": []}
    view = match.view(2)
    assert view["counts"] == [1, 3, 1, 2] and view["deep"] == 1
    assert view["marks"] == [1]  # still only its own board


def test_a_tie_for_most_marks_makes_nobody_dreamt_deep() -> None:
    match = table()
    events = boards(match, {0: [0, 1], 1: [0, 2], 2: [1], 3: [3]})
    assert only(events, "counted")["deep"] is None


# ------------------------------------------------------------ announcing


def test_three_spark_when_exactly_one_other_marked_it() -> None:
    match = table()
    boards(match, {0: [5], 1: [5], 2: [6], 3: [7]})
    record = only(announce(match, 0, 5), "announced")
    assert record == {
        "position": 5,
        "picture": DECK[5],
        "dreamer": 0,
        "markers": [1],
        "result": "three",
        "points": 3,
        "scorers": [0, 1],
    }
    assert match.view(2)["sparks"] == [[3], [3], [], []]


def test_two_spark_when_two_or_more_others_marked_it() -> None:
    match = table()
    boards(match, {0: [5], 1: [5], 2: [5, 6], 3: [7]})
    record = only(announce(match, 0, 5), "announced")
    assert record["markers"] == [1, 2] and record["result"] == "two"
    assert match.view(3)["sparks"] == [[2], [2], [2], []]


def test_fail_when_nobody_else_marked_it_and_the_board_stays_secret() -> None:
    match = table()
    boards(match, {0: [5, 9, 11], 1: [6], 2: [6], 3: [7, 9]})
    record = only(announce(match, 0, 5), "announced")
    assert record["result"] == "fail" and record["markers"] == [] and record["scorers"] == []
    assert match.view(1)["failed"] == [True, False, False, False]
    assert match.state.dreamer == 1  # seat 0 announces no more this round
    assert only(announce(match, 1, 6), "announced")["result"] == "three"
    assert only(announce(match, 3, 7), "announced")["result"] == "fail"
    # everyone able has announced: seats 0 and 3 failed, so pictures 9 and 11 are never
    # announced and the failed boards beyond their failed picture are never shown
    summary = match.view(None)["last_round"]
    assert summary["failed"] == [0, 3]
    assert [a["position"] for a in summary["announced"]] == [5, 6, 7]
    for seat in (1, 2, None):
        assert "9" not in str(match.view(seat)["last_round"]["announced"])


def test_a_failed_player_who_marked_it_is_revealed_but_scores_nothing() -> None:
    match = table()
    boards(match, {0: [5, 9], 1: [9], 2: [6], 3: [6, 9]})
    assert only(announce(match, 0, 5), "announced")["result"] == "fail"
    record = only(announce(match, 1, 9), "announced")
    assert record["markers"] == [0, 3]  # the failed seat 0 counts as a marker …
    assert record["result"] == "two"
    assert record["scorers"] == [1, 3]  # … but scores nothing
    assert match.view(2)["sparks"] == [[], [2], [], [2]]


def test_announcing_goes_clockwise_from_the_first_dreamer_skipping_players_unable() -> None:
    match = table(first=2)
    boards(match, {0: [0, 1], 1: [2], 2: [0, 2], 3: [1]}, slot=0)
    assert match.state.dreamer == 2
    announce(match, 2, 0)  # seat 0 marked it too: three-spark
    assert match.state.dreamer == 3
    announce(match, 3, 1)  # seat 0 marked it: three-spark
    # seat 0's marks (0, 1) are all face down: it is skipped; seat 1 announces 2
    assert match.state.dreamer == 1
    record = only(announce(match, 1, 2), "announced")
    assert record["markers"] == [2]
    assert match.view(0)["round"] == 2  # nobody holds an unannounced mark: round over


def test_an_announced_picture_cannot_be_announced_again() -> None:
    match = table()
    boards(match, {0: [0, 1], 1: [0, 1], 2: [1], 3: [3]})
    announce(match, 0, 0)
    assert match.state.dreamer == 1
    message = assert_rejected(GAME, match.state, 1, {"type": "announce", "picture": 0}, match._rng)
    assert "already announced" in message
    assert "only announce a picture you marked" in assert_rejected(
        GAME, match.state, 1, {"type": "announce", "picture": 3}, match._rng
    )
    assert match.legal(1) == [{"type": "announce", "picture": 1}]
    assert_rejected(GAME, match.state, 0, {"type": "announce", "picture": 1}, match._rng)


def test_the_round_ends_when_every_player_has_failed() -> None:
    match = table()
    boards(match, {0: [0, 10], 1: [1, 11], 2: [2, 12], 3: [3, 13]})
    for seat in range(4):
        assert only(announce(match, seat, seat), "announced")["result"] == "fail"
    summary = match.view(None)["last_round"]
    assert summary["failed"] == [0, 1, 2, 3]
    assert summary["points"] == [0, 0, 0, 0]
    assert match.view(0)["round"] == 2


def test_the_first_round_is_told_like_every_later_round() -> None:
    match = table()
    opening = list(match.events)  # what setup told, before any action
    assert opening == GAME.opening(match.state)
    boards(match, {0: [0, 10], 1: [1, 11], 2: [2, 12], 3: [3, 13]})
    for seat in range(4):
        events = announce(match, seat, seat)
    later = events[kinds(events).index("round_started") :]
    assert [(e.kind, e.to) for e in opening] == [(e.kind, e.to) for e in later]
    assert [(e.kind, e.to) for e in opening] == [("round_started", None)]
    first, second = opening[0].data, later[0].data
    assert first.keys() == second.keys()
    assert first["round"] == 1 and second["round"] == 2
    assert first["first"] == 0 and second["first"] == 1
    assert first["playing"] == [0, 1, 2, 3] and first["tiebreak"] is False
    assert first["table"] == DECK[:15]
    assert first["card"]["id"] == WORD_CARDS[0] and second["card"]["id"] == WORD_CARDS[1]


# ------------------------------------------------------------ scoring


def test_dreamt_deep_who_failed_loses_one_point_per_spark() -> None:
    match = table()
    # seat 1 is dreamt-deep (4 marks); it scores a three-spark (with 0) and a two-spark
    # (with 2 and 3) as a marker, then fails as dreamer on picture 9.
    boards(match, {0: [0], 1: [0, 1, 9, 14], 2: [1, 2], 3: [1, 3]})
    announce(match, 0, 0)  # three-spark: 0 and 1
    assert match.state.dreamer == 1
    announce(match, 1, 1)  # two-spark: 1, 2, 3
    announce(match, 2, 2)  # fail for seat 2 (not dreamt-deep: keeps its sparks)
    announce(match, 3, 3)  # fail for seat 3
    # seat 0 has nothing left; seat 1 announces 9: fail
    assert only(announce(match, 1, 9), "announced")["result"] == "fail"
    summary = match.view(0)["last_round"]
    assert summary["deep"] == 1
    assert summary["sparks"] == [[3], [3, 2], [2], [2]]
    assert summary["penalty"] == [0, 2, 0, 0]
    assert summary["points"] == [3, 3, 2, 2]  # seat 1: 3 + 2 - 2
    assert match.view(0)["scores"] == [3, 3, 2, 2]


def test_dreamt_deep_who_never_failed_keeps_every_spark() -> None:
    match = table()
    boards(match, {0: [0], 1: [0, 1], 2: [1], 3: [0]})
    announce(match, 0, 0)  # two-spark: 0, 1, 3
    announce(match, 1, 1)  # three-spark: 1, 2
    summary = match.view(0)["last_round"]
    assert summary["deep"] == 1 and summary["failed"] == []
    assert summary["points"] == [2, 5, 3, 2]


def test_a_failed_player_scores_nothing_after_failing() -> None:
    match = table()
    # seat 0 is dreamt-deep and fails first: no sparks, so no penalty either; the later
    # picture it marked scores for the others only.
    boards(match, {0: [5, 6, 7], 1: [6], 2: [6], 3: [8]})
    announce(match, 0, 5)  # fail
    announce(match, 1, 6)  # two-spark: 1, 2 (0 marked it but failed)
    announce(match, 3, 8)  # fail
    summary = match.view(0)["last_round"]
    assert summary["points"] == [0, 2, 2, 0] and summary["penalty"] == [0, 0, 0, 0]


# ----------------------------------------------------- between rounds, end


def test_rows_are_replaced_bottom_middle_top_and_the_marker_passes_left() -> None:
    match = table()
    seen = [match.view(0)["table"]]
    for round_no in (1, 2, 3):
        assert match.state.first == round_no - 1
        events: list[Any] = []
        first = match.state.first
        events += boards(match, {s: [0] for s in range(4)})
        events += announce(match, first, 0)
        assert only(events, "row_replaced")["row"] == {1: 2, 2: 1, 3: 0}[round_no]
        seen.append(match.view(0)["table"])
        assert match.view(0)["marks"] == [] and match.view(0)["counts"] is None
    assert seen[1] == DECK[:10] + DECK[15:20]
    assert seen[2] == DECK[:5] + DECK[20:25] + DECK[15:20]
    assert seen[3] == DECK[25:30] + DECK[20:25] + DECK[15:20]
    assert match.state.first == 3
    assert match.view(0)["card"]["id"] == WORD_CARDS[3]


def play_round(match: Match, marks: dict[int, list[int]]) -> None:
    """Everyone marks ``marks``; each dreamer announces their first unannounced mark."""
    boards(match, marks)
    round_no = match.state.round
    while match.state.round == round_no and match.state.phase == "announce":
        seat = match.state.dreamer
        done = match.state.announced_positions()
        announce(match, seat, next(p for p in marks[seat] if p not in done))


def test_after_four_rounds_most_points_win_and_ties_share_the_win() -> None:
    match = table(players=3)
    for _ in range(4):
        # 0 and 1 share a three-spark on picture 0; seat 2 fails on picture 1
        play_round(match, {0: [0], 1: [0], 2: [1]})
    outcome = match.outcome()
    assert outcome is not None
    assert match.view(0)["phase"] == "over"
    assert outcome.scores == (12, 12, 0)
    assert outcome.winners == (0, 1)  # without tiebreak the tied leaders share the win
    assert only(match.events[-1:], "game_over") == {"winners": [0, 1], "scores": [12, 12, 0]}
    assert match.to_act() == frozenset()
    assert match.legal(0) == []


def test_a_single_leader_wins_and_no_tiebreak_round_is_played() -> None:
    match = table(players=3, tiebreak=True)
    for _ in range(4):
        play_round(match, {0: [0, 1], 1: [0], 2: [1]})
    outcome = match.outcome()
    assert outcome is not None and match.state.round == 4
    assert outcome.scores == (24, 12, 12)
    assert outcome.winners == (0,)
    assert outcome.ranks == (1, 2, 2)


def test_tiebreak_plays_one_extra_round_among_the_tied_players() -> None:
    match = table(players=3, tiebreak=True)
    for _ in range(4):
        play_round(match, {0: [0], 1: [0], 2: [1]})
    assert match.outcome() is None
    view = match.view(2)
    assert view["tiebreak_round"] and view["round"] == 5
    assert view["playing"] == [True, True, False]
    assert view["scores"] == [12, 12, 0]
    # the marker passed from seat 0 (round 4) to seat 1, a tied player; a new bottom row
    assert match.to_act() == {1}
    assert view["table"][10:] == DECK[30:35]
    choose_word(match)
    assert match.to_act() == {0, 1}
    assert match.legal(2) == []
    mark(match, 0, [3, 4])
    mark(match, 1, [3])
    assert match.view(2)["counts"] == [2, 1, 0] and match.view(2)["deep"] == 0
    announce(match, 1, 3)  # three-spark: both score 3
    announce(match, 0, 4)  # fail, and seat 0 is dreamt-deep: loses 1 from its spark
    outcome = match.outcome()
    assert outcome is not None
    assert outcome.scores == (14, 15, 0)
    assert outcome.winners == (1,)


def test_a_tie_after_the_tiebreak_round_is_shared() -> None:
    match = table(players=3, tiebreak=True)
    for _ in range(4):
        play_round(match, {0: [0], 1: [0], 2: [1]})
    play_round(match, {0: [2], 1: [2]})
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == (0, 1)
    assert outcome.scores == (15, 15, 0)
