"""Ayozhit bots: whole games from their views, marking habits, announcing by expected
points, and the spec's promise that identical noiseless bots never three-spark."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from ayozhit_helpers import GAME, boards, table

from rumizi.bots import arena, make, names
from rumizi.engine import Match, make_rng
from rumizi.games.ayozhit.bots import (
    BOTS,
    HABITS,
    AssociationBot,
    Habit,
    expected_points,
    standardise,
)
from rumizi.games.ayozhit.description import LEVELS


def test_levels_have_names_in_both_languages() -> None:
    assert names("ayozhit") == ["random", *BOTS]
    assert set(HABITS) == set(BOTS) == {level.id for level in LEVELS}
    for level in LEVELS:
        assert level.name["fa"] and level.name["en"]
        assert make("ayozhit", level.id).name == level.id


@pytest.mark.parametrize("players", [3, 6])
def test_bots_play_whole_games_from_their_views(players: int) -> None:
    levels = [list(BOTS)[s % len(BOTS)] for s in range(players)]
    result = arena.play_game(GAME, [make("ayozhit", lv) for lv in levels], seed=players)
    assert result.outcome.winners
    assert sum(result.outcome.scores) > 0


def sparks(levels: list[AssociationBot], seed: int) -> Counter[str]:
    match = Match(GAME, len(levels), seed=seed)
    rng = make_rng(seed)
    while not match.over:
        for seat in sorted(match.to_act()):
            if seat in match.to_act():
                match.apply(seat, levels[seat].choose(match.view(seat), match.legal(seat), rng))
    return Counter(e.data["result"] for e in match.events if e.kind == "announced")


def test_identical_noiseless_bots_never_three_spark() -> None:
    habit = Habit(noise=0.0, marks=3, spread=0, weighs=False)
    results: Counter[str] = Counter()
    for seed in range(3):
        results += sparks([AssociationBot("same", habit) for _ in range(4)], seed)
    assert results["three"] == 0
    assert results["two"] > 0  # they agree on everything: every shared picture is a two-spark


def test_the_levels_together_make_three_sparks() -> None:
    results: Counter[str] = Counter()
    for seed in range(3):
        results += sparks([make("ayozhit", lv) for lv in BOTS], seed)  # type: ignore[misc]
    assert results["three"] > 0 and results["two"] > 0


def test_a_bot_marks_its_habit_and_then_is_ready() -> None:
    bot = AssociationBot("test", Habit(noise=0.5, marks=4, spread=0))
    match = table()
    match.apply(0, {"type": "word", "word": 0})
    rng = make_rng(1)
    actions = []
    while 2 in match.to_act():
        action = bot.choose(match.view(2), match.legal(2), rng)
        actions.append(action)
        match.apply(2, action)
    assert [a["type"] for a in actions] == ["mark"] * 4 + ["ready"]
    assert len(match.view(2)["marks"]) == 4


def test_a_bot_marks_the_pictures_closest_to_the_word() -> None:
    bot = AssociationBot("test", Habit(noise=0.0, marks=2, spread=0))
    match = table()
    match.apply(0, {"type": "word", "word": 0})
    view = match.view(1)
    z = bot.scores(view["word"]["key"], view["table"])
    while 1 in match.to_act():
        match.apply(1, bot.choose(match.view(1), match.legal(1), make_rng(0)))
    assert match.view(1)["marks"] == sorted(int(p) for p in np.argsort(-z)[:2])


def test_the_first_dreamer_picks_the_word_whose_best_picture_stands_out() -> None:
    bot = AssociationBot("test", Habit(noise=0.0, marks=2))
    view = table().view(0)
    tops = [
        float(standardise(bot.table.scores(w["key"], view["table"])).max())
        for w in view["card"]["words"]
    ]
    assert bot.choose(view, GAME.legal(table().state, 0), make_rng(0)) == {
        "type": "word",
        "word": int(np.argmax(tops)),
    }


def announce_view(**changes: Any) -> dict[str, Any]:
    match = table()
    boards(match, {0: [0, 1], 1: [0], 2: [1, 2], 3: [3]})
    view = match.view(0)
    view.update(changes)
    return view


def test_expected_points_favour_a_picture_one_other_player_surely_marked() -> None:
    z = np.full(15, -0.5)
    z[1] = 3.0  # everyone reads the word as picture 1, and picture 0 as unlikely
    view = announce_view()
    value = expected_points(view, [0, 1], z, make_rng(0))
    assert value[1] > value[0]
    # when every other player's marks are already revealed, nobody can share anything
    nobody = announce_view(counts=[2, 0, 0, 0])
    assert expected_points(nobody, [0, 1], z, make_rng(0)) == {0: 0.0, 1: 0.0}


def test_bots_decide_from_the_view_alone() -> None:
    """The same view and rng give the same choice, whatever the hidden state behind it."""
    match = table()
    boards(match, {0: [0, 1], 1: [0], 2: [1, 2], 3: [3]})
    rng_state = make_rng(5).getstate()
    choices = []
    for world_seed in range(3):
        world = GAME.determinize(match.state, 0, make_rng(world_seed))
        bot = make("ayozhit", "steady")
        rng = make_rng(0)
        rng.setstate(rng_state)
        choices.append(bot.choose(GAME.view(world, 0), GAME.legal(world, 0), rng))
    assert choices[0] == choices[1] == choices[2]
