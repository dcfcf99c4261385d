"""Scenario tests, one per rule and [decision] of ../shared/rules/tuki.md, with stacked
decks (option ``deck``), stacked die rolls (option ``dice``) and hand-made builds.

Card N01 (stones blue x (0,0,0), purple x (0,0,1), grey z (3,1,0)) carries the arctic fox
at 0°, the walrus at 90° and the polar bear at 270°; its stored witnesses are exact
builds for each of its six tasks.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from rumizi.engine import SYSTEM, TIMEOUT, BadOptions, IllegalAction, Match, make_rng, params
from rumizi.engine.texts import Formatter
from rumizi.games import load
from rumizi.games.tuki.cards import find_card
from rumizi.games.tuki.rules import Tuki
from rumizi.games.tuki.texts import CATALOGUE
from rumizi.testing import assert_rejected, assert_replays, random_playout

GAME: Tuki = load("tuki")  # type: ignore[assignment]
CARDS = [f"N{i:02}" for i in range(1, 21)]
FOX, WALRUS, BEAR = "arctic-fox", "walrus", "polar-bear"


def table(players: int, rolls: int = 20, face: str = f"{FOX}/plain", **options: Any) -> Match:
    """A match with N01, N02 … on top of the deck and the die stacked to ``face``."""
    options = {"deck": CARDS, "dice": [face] * rolls, **options}
    return Match(GAME, players, seed=3, options=options)


def witness(match: Match) -> list[list[Any]]:
    """The stored witness build of the round's task (a correct, robust build)."""
    view = match.view(None)
    card = find_card(view["card"]["id"])
    return card.witnesses[f"{view['turn']}/{view['die']['rule']}"].to_json()


def place(match: Match, seat: int, piece: str, axis: str, x: int, y: int, z: int) -> None:
    match.apply(seat, {"type": "place", "piece": piece, "axis": axis, "x": x, "y": y, "z": z})


def build(match: Match, seat: int, pieces: list[list[Any]]) -> None:
    for piece, axis, x, y, z in pieces:
        place(match, seat, piece, axis, x, y, z)


def build_witness(match: Match, seat: int) -> None:
    build(match, seat, witness(match))


def build_wrong(match: Match, seat: int) -> None:
    """The witness without its first stone: a wrong build."""
    stones = [p for p in witness(match) if not p[0].startswith("snow")]
    build(match, seat, [p for p in witness(match) if p != stones[0]])


def done(match: Match, seat: int) -> list[Any]:
    return [e.to_json() for e in match.apply(seat, {"type": "done"})]


def kind_of(events: list[Any], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["kind"] == kind)


# ----------------------------------------------------------------- a round begins
def test_the_scout_turns_the_top_card_so_the_rolled_animal_is_at_the_bottom() -> None:
    m = table(2, face=f"{WALRUS}/white")
    v = m.view(0)
    assert (v["scout"], v["round"], v["card"]["id"]) == (0, 1, "N01")
    assert v["die"] == {"animal": WALRUS, "rule": "white"}
    assert v["turn"] == 90  # N01 has the walrus on its right edge
    assert v["card"]["icons"] == {"0": FOX, "90": WALRUS, "270": BEAR}
    assert v["deck"] == 49


def test_first_option_chooses_the_first_scout() -> None:
    assert table(3, first=2).view(None)["scout"] == 2
    with pytest.raises(BadOptions, match="first"):
        table(3, first=3)


def test_an_unstacked_die_rolls_each_of_the_six_faces() -> None:
    faces = set()
    for seed in range(60):
        v = Match(GAME, 2, seed=seed).view(None)
        faces.add((v["die"]["animal"], v["die"]["rule"]))
    assert len(faces) == 6


def test_with_two_or_three_players_the_scout_builds_with_four_not() -> None:
    assert table(2).view(None)["builders"] == [1, 0]
    assert table(3).view(None)["builders"] == [1, 2, 0]
    assert table(4).view(None)["builders"] == [1, 2, 3]
    assert table(4).to_act() == {1, 2, 3}
    assert table(4).legal(0) == []


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"level": "expert"}, "level"),
        ({"round_seconds": 0}, "round_seconds"),
        ({"round_seconds": "fast"}, "round_seconds"),
        ({"deck": ["N01", "Z99"]}, "not a card"),
        ({"deck": ["N01", "N01"]}, "twice"),
        ({"deck": ["A01"]}, "not a card of the normal deck"),
        ({"dice": ["penguin/plain"]}, "not a face"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_are_refused_with_the_reason(options: dict[str, Any], message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        Match(GAME, 2, options=options)
    with pytest.raises(BadOptions, match="1–4 players"):
        Match(GAME, 5)


def test_the_advanced_level_deals_advanced_cards_and_an_orange_stone() -> None:
    m = Match(GAME, 2, seed=1, options={"level": "advanced"})
    assert m.view(0)["card"]["id"].startswith("A")
    place_kind = next(e for e in m.legal(0) if e["type"] == "place")
    assert "orange" in place_kind["params"]["piece"]


# ---------------------------------------------------------------- building
def test_legal_gives_parametric_kinds_with_their_domains() -> None:
    m = table(2)
    legal = m.legal(1)
    assert [e["type"] for e in legal] == ["place", "done"]
    kind = legal[0]
    assert params.is_kind(kind)
    assert kind["params"]["piece"] == ["grey", "blue", "purple", "snow1", "snow2", "snow3", "snow4"]
    assert kind["params"]["x"] == {"min": 0, "max": 11}
    assert kind["params"]["z"] == {"min": 0, "max": 9}
    assert params.count(kind) == 7 * 3 * 12 * 12 * 10
    place(m, 1, "blue", "x", 3, 5, 0)
    place(m, 1, "snow1", "z", 0, 0, 0)
    types = [e["type"] for e in m.legal(1)]
    assert types == ["place", "move", "turn", "remove", "remove", "done"]
    turn = next(e for e in m.legal(1) if e["type"] == "turn")
    assert turn["params"]["piece"] == ["blue"]  # a single cube can't be turned
    assert params.fits(turn, {"type": "turn", "piece": "blue", "axis": "z"})
    assert not params.fits(turn, {"type": "turn", "piece": "snow1", "axis": "z"})


def test_place_move_turn_and_remove_change_only_that_builders_build() -> None:
    m = table(2)
    place(m, 1, "blue", "x", 3, 5, 0)
    m.apply(1, {"type": "move", "piece": "blue", "x": 4, "y": 5, "z": 0})
    assert m.view(0)["builds"] == [[], [["blue", "x", 4, 5, 0]]]
    m.apply(1, {"type": "turn", "piece": "blue", "axis": "z"})
    assert m.view(0)["builds"][1] == [["blue", "z", 4, 5, 0]]
    events = [e.to_json() for e in m.apply(1, {"type": "remove", "piece": "blue"})]
    assert events == [{"kind": "removed", "seat": 1, "piece": "blue", "at": None, "falls": []}]
    assert m.view(0)["builds"] == [[], []]


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "place", "piece": "grey", "axis": "x", "x": 8, "y": 0, "z": 0}, "leaves the"),
        ({"type": "place", "piece": "grey", "axis": "z", "x": 3, "y": 5, "z": 0}, "overlap"),
        ({"type": "place", "piece": "blue", "axis": "x", "x": 0, "y": 0, "z": 0}, "already"),
        ({"type": "place", "piece": "orange", "axis": "x", "x": 0, "y": 0, "z": 0}, "one of"),
        ({"type": "place", "piece": "grey", "axis": "w", "x": 0, "y": 0, "z": 0}, "axis"),
        ({"type": "place", "piece": "grey", "axis": "x", "x": 0.5, "y": 0, "z": 0}, "whole"),
        ({"type": "place", "piece": "grey", "axis": "x", "x": True, "y": 0, "z": 0}, "whole"),
        ({"type": "place", "piece": "grey", "axis": "x", "x": 0, "y": 0}, "needs"),
        ({"type": "move", "piece": "blue", "x": 3, "y": 5, "z": 0}, "already there"),
        ({"type": "move", "piece": "grey", "x": 3, "y": 5, "z": 0}, "not in your build"),
        ({"type": "turn", "piece": "blue", "axis": "x"}, "already lies"),
        ({"type": "turn", "piece": "snow1", "axis": "x"}, "can't be turned"),
        ({"type": "remove", "piece": "snow2"}, "not in your build"),
        ({"type": "fly"}, "unknown action type"),
        ({"type": "done", "now": 1}, "unknown field"),
    ],
)
def test_bad_build_actions_are_refused_leaving_the_state_unchanged(
    action: dict[str, Any], message: str
) -> None:
    m = table(2)
    place(m, 1, "blue", "x", 3, 5, 0)
    place(m, 1, "snow1", "z", 0, 0, 0)
    assert message in assert_rejected(GAME, m.state, 1, action, make_rng(1))


def test_a_build_may_fall_while_building_and_the_view_says_why() -> None:
    """Live statics: a bar on one cube at its end tips; a counterweight can't be behind
    the support, but under the second cube two cubes on the short end hold it."""
    m = table(2)
    place(m, 1, "snow1", "z", 0, 0, 0)
    events = [e.to_json() for e in m.apply(1, {"type": "place", **_at("blue", "x", 0, 0, 1)})]
    tips = {"piece": {"text": "piece.blue"}, "ways": {"list": [{"text": "direction.right"}]}}
    assert events[0]["falls"] == [{"key": "problem.tips.ways", "args": tips}]
    assert m.view(0)["falls"][1] == events[0]["falls"]
    told = Formatter(CATALOGUE, "fa", ["آنا", "بابک"])(events[0]["falls"][0])
    assert told == "سنگ آبی به راست واژگون می‌شود"
    m.apply(1, {"type": "move", "piece": "snow1", "x": 1, "y": 0, "z": 0})
    assert m.view(0)["falls"][1]  # under the second cube it still falls alone
    place(m, 1, "snow2", "z", 0, 0, 2)
    assert m.view(0)["falls"][1] == []  # the counterweight on the short end holds it


def _at(piece: str, axis: str, x: int, y: int, z: int) -> dict[str, Any]:
    return {"piece": piece, "axis": axis, "x": x, "y": y, "z": z}


def test_a_piece_touching_only_sideways_has_nothing_under_it() -> None:
    m = table(2)
    place(m, 1, "grey", "z", 0, 0, 0)
    place(m, 1, "snow2", "x", 1, 0, 2)
    assert m.view(0)["falls"][1] == [
        {"key": "problem.floats", "args": {"piece": {"text": "piece.snow2"}}}
    ]


def test_a_declared_build_can_not_change() -> None:
    m = table(3)
    place(m, 1, "blue", "x", 3, 5, 0)
    done(m, 1)
    assert m.legal(1) == []
    assert "cannot act now" in assert_rejected(
        GAME, m.state, 1, {"type": "remove", "piece": "blue"}, make_rng(1)
    )


# -------------------------------------------------------------- matching the card
def test_the_witness_is_correct_for_a_plain_and_a_white_square_die() -> None:
    for face in (f"{FOX}/plain", f"{BEAR}/white"):
        m = table(2, face=face)
        build_witness(m, 1)
        build_witness(m, 0)
        over = kind_of(done(m, 1), "round_over")  # at 2 players one "done" ends the round
        assert [r["ok"] for r in over["results"]] == [True, True]
        assert (over["taker"], over["reason"]) == (0, "slowest")


def test_the_table_rule_of_the_die_is_checked() -> None:
    """A plain-die witness built under the white square touches the table: wrong."""
    m = table(2, face=f"{FOX}/white")
    build(m, 1, find_card("N01").witnesses["0/plain"].to_json())
    build_witness(m, 0)
    over = kind_of(done(m, 1), "round_over")
    assert over["results"][0]["seat"] == 1
    assert not over["results"][0]["ok"]
    assert over["results"][0]["problems"][0]["key"] == "problem.on_table"
    assert (over["taker"], over["reason"]) == (1, "only_wrong")


def test_a_build_turned_about_the_vertical_axis_and_moved_still_matches() -> None:
    m = table(2)
    turned = [[p, {"x": "y", "y": "x"}.get(a, a), 10 - y, x, z] for p, a, x, y, z in witness(m)]
    turned = [[p, a, x - (4 if a == "x" else 0), y, z] for p, a, x, y, z in turned]
    build(m, 1, turned)
    build_witness(m, 0)
    over = kind_of(done(m, 0), "round_over")
    assert [r["ok"] for r in over["results"]] == [True, True]


def test_an_unstable_build_is_wrong_even_with_the_right_stones() -> None:
    m = table(2, face=f"{FOX}/white")
    build(m, 1, [p for p in witness(m) if not p[0].startswith("snow")])
    build_witness(m, 0)
    over = kind_of(done(m, 1), "round_over")
    assert over["results"][0]["ok"] is False
    assert "problem.floats" in [p["key"] for p in over["results"][0]["problems"]]


def test_a_wrong_builds_problems_are_told_in_persian_without_latin_letters() -> None:
    """The problems are catalogue references: a Persian reader gets Persian sentences
    (here: the stones, built without their snow, fall)."""
    m = table(2, face=f"{FOX}/white")
    build(m, 1, [p for p in witness(m) if not p[0].startswith("snow")])
    build_witness(m, 0)
    problems = kind_of(done(m, 1), "round_over")["results"][0]["problems"]
    assert problems and {p["key"] for p in problems} == {"problem.floats"}
    persian = [Formatter(CATALOGUE, "fa", ["آنا", "بابک"])(p) for p in problems]
    assert all(told and not re.search("[A-Za-z]", told) for told in persian), persian
    assert any("سنگ" in told for told in persian)


# -------------------------------------------------------------- who takes the card
def test_when_all_but_one_have_declared_the_last_is_the_slowest_and_takes_the_card() -> None:
    m = table(3)
    for seat in (2, 0, 1):
        build_witness(m, seat)
    done(m, 2)
    assert m.view(1)["done"] == [2]
    assert m.to_act() == {0, 1}
    over = kind_of(done(m, 0), "round_over")
    assert over["done"] == [2, 0, 1]  # seat 1 never declared: it is the slowest
    assert (over["taker"], over["reason"]) == (1, "slowest")
    assert m.view(0)["taken"] == [[], ["N01"], []]


def test_exactly_one_wrong_builder_takes_the_card_even_if_not_the_slowest() -> None:
    m = table(3)
    build_wrong(m, 0)
    build_witness(m, 1)
    build_witness(m, 2)
    done(m, 2)
    over = kind_of(done(m, 0), "round_over")
    assert over["done"] == [2, 0, 1]
    assert (over["taker"], over["reason"]) == (0, "only_wrong")


def test_of_several_wrong_builders_the_first_to_declare_takes_the_card() -> None:
    m = table(4)
    build_wrong(m, 1)
    build_wrong(m, 3)
    build_witness(m, 2)
    done(m, 3)
    over = kind_of(done(m, 2), "round_over")
    assert over["done"] == [3, 2, 1]
    assert (over["taker"], over["reason"]) == (3, "first_wrong")


def test_at_the_round_limit_everyone_not_done_is_done_in_seat_order_after_the_scout() -> None:
    m = table(4, first=2, round_seconds=60)
    assert m.deadline() == 60
    build_wrong(m, 0)
    build_wrong(m, 3)
    build_witness(m, 1)
    done(m, 1)
    events = [e.to_json() for e in m.apply(SYSTEM, dict(TIMEOUT))]
    assert kind_of(events, "time_up")["seats"] == [3, 0]
    over = kind_of(events, "round_over")
    assert over["done"] == [1, 3, 0]
    assert (over["taker"], over["reason"]) == (3, "first_wrong")


def test_untimed_rounds_refuse_the_timeout() -> None:
    m = table(2, round_seconds=None)
    assert m.deadline() is None
    with pytest.raises(IllegalAction, match="nothing is on the clock"):
        m.timeout()


def test_the_taker_is_the_next_scout_and_at_four_hands_their_pieces_over() -> None:
    m = table(4)
    build_wrong(m, 2)
    done(m, 2)
    events = done(m, 1)
    assert kind_of(events, "round_over")["taker"] == 2
    assert kind_of(events, "pieces_handed") == {"kind": "pieces_handed", "seat": 2, "to": 0}
    v = m.view(None)
    assert (v["round"], v["scout"], v["card"]["id"]) == (2, 2, "N02")
    assert v["builders"] == [3, 0, 1]  # the previous scout builds, the new one does not
    assert v["builds"] == [[], [], [], []]


def test_at_three_players_nobody_hands_pieces_over() -> None:
    m = table(3)
    build_wrong(m, 2)
    done(m, 2)
    events = done(m, 1)
    assert not [e for e in events if e["kind"] == "pieces_handed"]
    assert m.view(None)["builders"] == [0, 1, 2]


# ------------------------------------------------------------------------ the end
def give_cards(match: Match, taker: int, rounds: int) -> list[Any]:
    """Play rounds in which ``taker`` alone builds wrong (and so takes the card)."""
    events: list[Any] = []
    for _ in range(rounds):
        for seat in match.view(None)["builders"]:
            if seat != taker:
                build_witness(match, seat)
        order = [taker, *[s for s in match.view(None)["builders"] if s != taker]]
        for seat in order[:-1]:
            events = done(match, seat)
    return events


def test_two_players_the_game_ends_at_five_cards_and_the_other_wins() -> None:
    m = table(2)
    give_cards(m, 1, 4)
    assert not m.over
    events = give_cards(m, 1, 1)
    assert kind_of(events, "game_over") == {
        "kind": "game_over",
        "winners": [0],
        "reason": "five_cards",
        "taken": [0, 5],
    }
    outcome = m.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert m.to_act() == set()


def test_a_fifth_card_at_three_players_starts_the_final_round_its_taker_scouts() -> None:
    m = table(3)
    give_cards(m, 0, 5)
    v = m.view(None)
    assert v["final"] and v["scout"] == 0 and v["builders"] == [1, 2]
    assert not m.over


def test_in_the_final_round_the_first_correct_declaration_wins() -> None:
    m = table(3)
    give_cards(m, 0, 5)
    build_wrong(m, 1)
    build_witness(m, 2)
    events = done(m, 1)
    assert kind_of(events, "out")["seat"] == 1
    assert not m.over and m.to_act() == {2}  # the last builder may still finish
    events = done(m, 2)
    assert kind_of(events, "game_over")["winners"] == [2]


def test_in_the_final_round_if_every_builder_is_wrong_fewest_cards_win_ties_shared() -> None:
    m = table(4)
    give_cards(m, 2, 1)
    for _ in range(4):  # at 4 players the taker scouts next, so seats 1 and 2 alternate
        give_cards(m, 1, 1)
        give_cards(m, 2, 1)
    v = m.view(None)
    assert v["final"] and v["scout"] == 2 and v["builders"] == [3, 0, 1]
    assert [len(t) for t in v["taken"]] == [0, 4, 5, 0]
    for seat in (3, 0, 1):
        build_wrong(m, seat)
        done(m, seat)
    outcome = m.outcome()
    assert outcome is not None and outcome.winners == (0, 3)


def test_the_clock_in_the_final_round_checks_late_builders_in_seat_order() -> None:
    m = table(3, first=0)
    give_cards(m, 2, 5)
    build_witness(m, 1)
    build_witness(m, 0)
    events = [e.to_json() for e in m.apply(SYSTEM, dict(TIMEOUT))]
    assert kind_of(events, "time_up")["seats"] == [0, 1]
    assert kind_of(events, "game_over")["winners"] == [0]


# ----------------------------------------------------------------------- views
def test_views_show_every_build_live_and_who_declared_never_the_deck_order() -> None:
    m = table(3)
    place(m, 2, "grey", "z", 1, 1, 0)
    done(m, 2)
    for seat in (0, 1, None):
        v = m.view(seat)
        assert v["builds"][2] == [["grey", "z", 1, 1, 0]]
        assert v["done"] == [2]
        assert v["deck"] == 49
        assert "N02" not in str(v)  # the next card is not seen
    assert "witnesses" not in str(m.view(0))


def test_determinize_reshuffles_only_the_deck() -> None:
    m = table(3)
    world = GAME.determinize(m.state, 0, make_rng(5))
    assert sorted(world.deck) == sorted(m.state.deck)
    assert world.deck != m.state.deck
    world.deck = list(m.state.deck)
    assert world == m.state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playout_with_parametric_actions(players: int) -> None:
    """Leaks, refused and out-of-turn actions, view copies and replays, with random
    instances of the parametric kinds (some refused: overlaps, out of the volume)."""
    for seed in range(2):
        match = random_playout(GAME, players, seed, timeout_every=37)
        assert match.over
        assert_replays(match)
        taken = sum(len(t) for t in match.view(None)["taken"])
        assert 50 - taken - match.view(None)["deck"] in (0, 1)  # one card is on the table


# ------------------------------------------------------------------ practice
def test_practice_is_played_alone_and_alone_only_as_practice() -> None:
    with pytest.raises(BadOptions, match="alone, play it as practice"):
        Match(GAME, 1)
    with pytest.raises(BadOptions, match="practice is played alone"):
        Match(GAME, 2, options={"practice": True})


def test_practice_has_no_clock_and_a_correct_build_keeps_the_card() -> None:
    m = table(1, practice=True, round_seconds=60)
    assert m.deadline() is None and m.view(0)["practice"]
    build_witness(m, 0)
    over = kind_of(done(m, 0), "round_over")
    assert over["results"] == [{"seat": 0, "ok": True, "problems": []}]
    assert m.view(0)["taken"] == [["N01"]] and m.view(0)["round"] == 2
    build_wrong(m, 0)
    over = kind_of(done(m, 0), "round_over")
    assert not over["results"][0]["ok"] and over["taker"] is None
    assert m.view(0)["taken"] == [["N01"]]


def test_a_hint_shows_one_snow_block_of_a_solution_at_a_time() -> None:
    m = table(1, practice=True, face="walrus/white")
    snow = [p for p in witness(m) if p[0].startswith("snow")]
    assert len(snow) >= 2
    shown = []
    while {"type": "hint"} in m.legal(0):
        event = m.apply(0, {"type": "hint"})[0].to_json()
        assert event["block"] in snow and event["block"] not in shown
        shown.append(event["block"])
        assert m.view(0)["hints"] == shown
    assert sorted(shown) == sorted(snow)
    assert "no hint left" in assert_rejected(GAME, m.state, 0, {"type": "hint"}, make_rng(1))


def test_a_hint_skips_a_block_already_in_place_and_hints_are_for_practice_only() -> None:
    m = table(1, practice=True, face="walrus/white")
    first = next(p for p in witness(m) if p[0].startswith("snow"))
    place(m, 0, *first)
    block = m.apply(0, {"type": "hint"})[0].to_json()["block"]
    assert block != first
    two = table(2, face="walrus/white")
    assert {"type": "hint"} not in two.legal(1)
    assert "practice only" in assert_rejected(GAME, two.state, 1, {"type": "hint"}, make_rng(1))


def test_practice_ends_after_ten_cards() -> None:
    m = table(1, practice=True)
    for _ in range(10):
        done(m, 0)
    outcome = m.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_random_playout_of_practice() -> None:
    match = random_playout(GAME, 1, 3, {"practice": True})
    assert match.over
    assert_replays(match)
