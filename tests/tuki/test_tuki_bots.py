"""Tuki bots build the task's witness piece by piece in real time; the arena's simulated
clock lets their think times decide who declares first; whole bot games end with the
winner the rules give."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rumizi import bots
from rumizi.bots.arena import play_game
from rumizi.engine import Match, make_rng
from rumizi.games import load
from rumizi.games.tuki.bots import LEVELS, BuilderBot, task_factor
from rumizi.games.tuki.cards import find_card

GAME = load("tuki")


def bot_round(level: str, face: str, card: str = "N01") -> tuple[Match, list[float]]:
    """A 2-player round where a bot of ``level`` builds for seat 1; its think times."""
    m = Match(GAME, 2, seed=1, options={"deck": [card], "dice": [face]})
    bot, rng, times = bots.make("tuki", level), make_rng(9), []
    while m.view(None)["round"] == 1:
        view = m.view(1)
        action = bot.choose(view, m.legal(1), rng)
        times.append(bot.think(view, action, rng))  # type: ignore[attr-defined]
        m.apply(1, action)
    return m, times


def test_the_levels_are_the_bots_table_weakest_first() -> None:
    assert bots.names("tuki") == ["random", "easy", "medium", "hard"]


@pytest.mark.parametrize("face", ["walrus/plain", "polar-bear/white"])
def test_a_careful_bot_builds_the_witness_bottom_up_and_declares_a_correct_build(
    face: str,
) -> None:
    m, times = bot_round("medium", face)
    over = next(e for e in m.events if e.kind == "round_over").data
    assert over["results"][0] == {"seat": 1, "ok": True, "problems": []}
    pieces = [e.data for e in m.events if e.kind == "placed"]
    assert [p["at"][3] for p in pieces] == sorted(p["at"][3] for p in pieces)  # lowest first
    animal, rule = face.split("/")
    card = find_card("N01")
    witness = card.witnesses[f"{card.turn_for(animal)}/{rule}"]
    assert len(pieces) == len(witness)
    assert len(times) == len(witness) + 1  # one per piece, then done


def test_think_time_grows_with_level_snow_and_the_white_square() -> None:
    per_level = {lv: sum(bot_round(lv, "walrus/white")[1]) for lv in ("hard", "medium", "easy")}
    assert per_level["hard"] < per_level["medium"] < per_level["easy"]
    plain = [["grey", "z", 0, 0, 0], ["blue", "x", 1, 0, 0], ["purple", "x", 1, 0, 1]]
    lifted = [*plain, ["snow3", "z", 5, 5, 0]]
    assert task_factor(plain, "plain") < task_factor(plain, "white")
    assert task_factor(plain, "plain") < task_factor(lifted, "plain")
    assert task_factor([*plain, ["orange", "z", 9, 9, 0]], "plain") > task_factor(plain, "plain")


def test_the_easy_level_sometimes_declares_a_wrong_build_the_others_never() -> None:
    wrong: Counter[str] = Counter()
    for level in ("easy", "medium", "hard"):
        for seed in range(40):
            m = Match(GAME, 2, seed=seed)
            bot, rng = BuilderBot(LEVELS[level]), make_rng(seed)
            while m.view(None)["round"] == 1:
                m.apply(1, bot.choose(m.view(1), m.legal(1), rng))
            result = next(e for e in m.events if e.kind == "round_over").data["results"][0]
            if not result["ok"]:
                wrong[level] += 1
                assert "problem.swapped" in [p["key"] for p in result["problems"]]
    assert 4 <= wrong["easy"] <= 24  # about 30%
    assert wrong["medium"] == wrong["hard"] == 0


def rounds(events: list[Any]) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == "round_over"]


def check_takers(events: list[Any]) -> None:
    """Every round's taker is the one the rules name, from the verdicts and the order."""
    for r in rounds(events):
        if r["taker"] is None:
            continue
        wrong = [v["seat"] for v in r["results"] if not v["ok"]]
        expected = r["done"][-1] if not wrong else wrong[0]
        assert r["taker"] == expected, r


def test_on_the_simulated_clock_the_faster_bot_declares_first_and_wins() -> None:
    result = play_game(GAME, [bots.make("tuki", "easy"), bots.make("tuki", "hard")], seed=4)
    assert all(r["done"][0] == 1 for r in rounds(result.events))
    assert result.outcome.winners == (1,)
    check_takers(result.events)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_bot_games_end_with_the_winner_the_rules_give(players: int) -> None:
    levels = ["hard", "easy", "medium", "random"][:players]
    result = play_game(GAME, [bots.make("tuki", lv) for lv in levels], seed=players)
    check_takers(result.events)
    over = next(e.data for e in result.events if e.kind == "game_over")
    taken = over["taken"]
    if players == 2:
        assert over["reason"] == "five_cards"
        assert list(result.outcome.winners) == [1 - taken.index(5)]
    else:
        final = [e.data for e in result.events if e.kind == "round"][-1]
        assert final["final"] and taken[final["scout"]] == 5
        if over["reason"] == "final_correct":
            last = rounds(result.events)[-1]
            assert last["results"][0]["ok"] and list(result.outcome.winners) == [
                last["results"][0]["seat"]
            ]
        else:
            builders = final["builders"]
            fewest = min(taken[s] for s in builders)
            assert list(result.outcome.winners) == [s for s in builders if taken[s] == fewest]
