"""Parametric actions (``rumizi.engine.params``): kinds, domains, sampling, and the
generic random play that samples again when the game refuses an instance."""

from __future__ import annotations

from typing import Any

import pytest

from rumizi.bots import RandomBot
from rumizi.engine import IllegalAction, make_rng, params

KIND: dict[str, Any] = {
    "type": "place",
    "params": {"piece": ["a", "b"], "x": {"min": 0, "max": 3}},
}


def test_a_kind_is_an_entry_with_params_and_stands_for_every_combination() -> None:
    assert params.is_kind(KIND)
    assert not params.is_kind({"type": "done"})
    assert params.count(KIND) == 8
    assert params.count({"type": "done"}) == 1
    assert list(params.values({"min": 2, "max": 4})) == [2, 3, 4]


def test_sampled_instances_fit_their_kind_and_cover_the_domains() -> None:
    rng = make_rng(1)
    seen = set()
    for _ in range(200):
        action = params.sample(KIND, rng)
        assert params.fits(KIND, action)
        seen.add((action["piece"], action["x"]))
    assert len(seen) == 8
    assert params.sample({"type": "done"}, rng) == {"type": "done"}


@pytest.mark.parametrize(
    "action",
    [
        {"type": "place", "piece": "c", "x": 0},
        {"type": "place", "piece": "a", "x": 4},
        {"type": "place", "piece": "a", "x": True},
        {"type": "place", "piece": "a"},
        {"type": "place", "piece": "a", "x": 1, "y": 2},
        {"type": "move", "piece": "a", "x": 1},
    ],
)
def test_actions_outside_the_domains_do_not_fit(action: dict[str, Any]) -> None:
    assert not params.fits(KIND, action)


def test_random_play_samples_again_when_the_game_refuses_an_instance() -> None:
    accepted: list[dict[str, Any]] = []

    def attempt(action: dict[str, Any]) -> None:
        if action.get("x") != 3:
            raise IllegalAction("only x = 3 is free")
        accepted.append(action)

    action = params.play_random([KIND], make_rng(4), attempt)
    assert action["x"] == 3 and accepted == [action]


def test_random_play_falls_back_to_a_concrete_action_and_never_hides_its_refusal() -> None:
    def attempt(action: dict[str, Any]) -> None:
        if action["type"] == "place":
            raise IllegalAction("the table is full")

    assert params.play_random([KIND, {"type": "done"}], make_rng(2), attempt) == {"type": "done"}

    def refuse_all(action: dict[str, Any]) -> None:
        raise IllegalAction("no")

    with pytest.raises(IllegalAction):
        params.play_random([{"type": "done"}], make_rng(2), refuse_all)


def test_the_random_bot_samples_kinds_and_returns_concrete_entries_as_they_are() -> None:
    bot, rng = RandomBot(), make_rng(3)
    for _ in range(20):
        action = bot.choose({}, [KIND], rng)
        assert params.fits(KIND, action) and "params" not in action
    done = {"type": "done"}
    assert bot.choose({}, [done], rng) is done
