"""The engine contract, on a tiny simultaneous game with a clock and on Love Letter."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from engine_test_game import GAME as PICK
from rumizi import bots, games
from rumizi.engine import (
    SYSTEM,
    TIMEOUT,
    BadOptions,
    Event,
    FrozenAction,
    IllegalAction,
    Match,
    Outcome,
    action_kind,
    make_event,
    private,
    public,
    visible,
)
from rumizi.testing import assert_replays, random_playout


def test_simultaneous_phase_lets_several_seats_act_in_any_order() -> None:
    m = Match(PICK, 3, seed=1)
    assert m.to_act() == {0, 1, 2}
    m.apply(2, {"pick": 3})
    assert m.to_act() == {0, 1}
    assert m.legal(2) == []
    with pytest.raises(IllegalAction, match="waiting for seat 0, seat 1"):
        m.apply(2, {"pick": 1})
    m.apply(0, {"pick": 3})
    m.apply(1, {"pick": 1})
    assert m.view(None)["scores"] == [0, 1, 0]  # 3 was picked twice: 1 is the highest unique
    assert [e.seat for e in m.log] == [2, 0, 1]


def test_secret_picks_are_seen_only_by_their_seat_until_revealed() -> None:
    m = Match(PICK, 3, seed=1)
    m.apply(0, {"pick": 2})
    assert m.view(0)["mine"] == 2 and m.view(1)["mine"] is None
    assert [e.kind for e in m.events_for(1)] == ["picked"]
    assert [e.kind for e in m.events_for(0)] == ["picked", "my_pick"]
    assert [e.kind for e in m.events_for(None)] == ["picked"]


def test_the_clock_is_the_hosts_timeout_ends_the_phase() -> None:
    m = Match(PICK, 3, seed=1)
    assert m.deadline() == 10
    m.apply(1, {"pick": 2})
    events = m.timeout()
    assert [e.kind for e in events] == ["timeout", "revealed"]
    assert m.view(None)["scores"] == [0, 2, 0]
    assert m.log[-1] == (SYSTEM, dict(TIMEOUT))


def test_timeout_is_refused_without_a_clock_and_the_system_has_no_other_action() -> None:
    love = Match(games.load("love-letter"), 2, seed=1)
    with pytest.raises(IllegalAction, match="nothing is on the clock"):
        love.timeout()
    untimed = Match(PICK, 2, options={"seconds": None})
    with pytest.raises(IllegalAction, match="nothing is on the clock"):
        untimed.timeout()
    with pytest.raises(IllegalAction, match="only system action is timeout"):
        Match(PICK, 2).apply(SYSTEM, {"pick": 1})
    assert love.log == [] and untimed.log == []


def test_replay_rebuilds_matches_with_timeouts_from_a_json_log() -> None:
    m = random_playout(PICK, 3, seed=5, timeout_every=2)
    assert any(seat == SYSTEM for seat, _ in m.log)
    assert_replays(m)
    saved = json.dumps({"seed": m.seed, "log": m.log})
    again = Match.replay(PICK, 3, json.loads(saved)["seed"], {}, json.loads(saved)["log"])
    assert again.state == m.state
    as_dicts = [{"seat": s, "action": a} for s, a in m.log]
    assert Match.replay(PICK, 3, m.seed, {}, as_dicts).state == m.state


def test_bad_seats_and_non_object_actions_are_refused() -> None:
    m = Match(PICK, 2)
    for seat in (2, -2, True):
        with pytest.raises(IllegalAction, match="no seat"):
            m.apply(seat, {"pick": 1})  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="JSON object"):
        m.apply(0, ["pick", 1])  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="pick 1, 2 or 3"):
        m.apply(0, {"pick": 4})
    assert m.log == [] and m.to_act() == {0, 1}


def test_options_and_player_counts_are_checked_with_clear_messages() -> None:
    with pytest.raises(BadOptions, match="2–4 players, not 5"):
        Match(PICK, 5)
    with pytest.raises(BadOptions, match=r"unknown option\(s\) for highest-unique: speed"):
        Match(PICK, 2, options={"speed": 1})
    with pytest.raises(BadOptions, match="whole number"):
        Match(PICK, "2")  # type: ignore[arg-type]


def test_events_carry_their_audience() -> None:
    a, b = public("x", n=1), private((1, 2), "y", n=2)
    assert a.visible_to(None) and a.visible_to(0)
    assert not b.visible_to(None) and not b.visible_to(0) and b.visible_to(2)
    assert visible([a, b], 1) == [a, b] and visible([a, b], 0) == [a]
    assert b.to_json() == {"kind": "y", "n": 2}
    assert Event("y", {"n": 2}, [2, 1]) == b
    made = make_event("y", {"n": 2}, frozenset((1, 2)))
    assert made == b and type(made) is Event and made.visible_to(1) and not made.visible_to(0)
    assert make_event("x", {"n": 1}) == a and make_event("x", {"n": 1}).to is None


def test_a_frozen_action_is_a_dict_that_refuses_changes() -> None:
    action = FrozenAction({"card": "guard", "target": 1})
    changes = [
        lambda: action.__setitem__("target", 2),
        lambda: action.__delitem__("card"),
        lambda: action.update(target=2),
        lambda: action.setdefault("guess", "king"),
        lambda: action.pop("card"),
        action.popitem,
        action.clear,
    ]
    for change in changes:
        with pytest.raises(TypeError, match="read-only"):
            change()
    with pytest.raises(TypeError, match="read-only"):
        action |= {"guess": "king"}
    assert action == {"card": "guard", "target": 1} and isinstance(action, dict)
    assert json.loads(json.dumps(action)) == action
    for kept in (copy.copy(action), copy.deepcopy(action), pickle.loads(pickle.dumps(action))):
        assert kept == action and type(kept) is FrozenAction
    changed = dict(action)  # a copy is the caller's own
    changed["target"] = 2
    assert action["target"] == 1 and type(action.copy()) is dict


def test_outcome_ranks_share_places_on_equal_scores() -> None:
    o = Outcome.from_scores([3, 7, 7, 1])
    assert o.winners == (1, 2) and o.ranks == (3, 1, 1, 4)
    team = Outcome.from_scores([3, 7, 3, 7], winners=[0, 2])
    assert team.ranks == (1, 3, 1, 3)
    assert team.to_json() == {"scores": [3, 7, 3, 7], "winners": [0, 2], "ranks": [1, 3, 1, 3]}


def test_the_registries_name_what_exists() -> None:
    assert "love-letter" in games.ids()
    assert games.load("love-letter").id == "love-letter"
    with pytest.raises(KeyError, match=r"known games:.*love-letter"):
        games.load("chess")
    assert bots.names("love-letter") == ["random", "heuristic", "search", "search-hard"]
    assert bots.make("love-letter", "heuristic").name == "heuristic"
    with pytest.raises(KeyError, match="choose from random, heuristic, search, search-hard"):
        bots.make("love-letter", "genius")


def test_action_kind_refuses_a_malformed_action_with_a_reason() -> None:
    fields = {"play": {"type", "card"}, "pass": {"type"}}

    def check(action: dict[str, object], allowed: tuple[str, ...] = ("play",)) -> str:
        return action_kind(action, fields, allowed, lambda kind: f"not your turn to {kind}")

    assert check({"type": "play", "card": 3}) == "play"
    assert check({"type": "pass"}, ("play", "pass")) == "pass"
    with pytest.raises(IllegalAction, match=r"unknown action type \"fly\"; now you may: play"):
        check({"type": "fly"})
    with pytest.raises(IllegalAction, match=r"unknown action type null"):
        check({"card": 3})
    with pytest.raises(IllegalAction, match=r"^not your turn to pass$"):
        check({"type": "pass"})
    with pytest.raises(IllegalAction, match=r"unknown field\(s\) in the action: colour, x"):
        check({"type": "play", "card": 3, "x": 1, "colour": "red"})
