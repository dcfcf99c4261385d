"""The memory bots: their recall curves match the documented model, and in the
challenges variant they call "Ho!" only on what they themselves remember differently."""

from __future__ import annotations

import itertools

import pytest
from ugha_bugha_helpers import GAME, link, table

from rumizi.bots import make, names
from rumizi.bots.arena import play_game
from rumizi.engine import Match, make_rng
from rumizi.games.ugha_bugha.bots import LEVELS, Memory, MemoryBot, recollect, slip
from rumizi.games.ugha_bugha.cards import FULL_DECK, IDS, recitation
from ugha_bugha_recall import measure, tolerance

TRIALS = 300


def test_levels_are_offered_weakest_first() -> None:
    assert names("ugha-bugha") == ["random", "easy", "heuristic", "hard"]
    assert [LEVELS[lv].span for lv in ("easy", "heuristic", "hard")] == [4.0, 7.0, 11.0]
    assert isinstance(make("ugha-bugha", "hard"), MemoryBot)


def test_the_model_falls_with_the_chain_and_never_forgets_one_card() -> None:
    for memory in LEVELS.values():
        curve = [memory.recall(n) for n in range(1, 25)]
        assert curve[0] == 1.0
        assert all(a > b for a, b in itertools.pairwise(curve) if a > 1e-12)
        assert all(memory.recognize(n) >= memory.recall(n) for n in range(1, 25))
    easy, medium, hard = (LEVELS[lv].recall(8) for lv in ("easy", "heuristic", "hard"))
    assert easy < medium < hard


@pytest.mark.parametrize("level", list(LEVELS))
def test_measured_recall_matches_the_model(level: str) -> None:
    """Whole simulated recitations through hear, choose and the real rules."""
    memory = LEVELS[level]
    for n in (2, 4, 6, 9, 13):
        p = memory.recall(n)
        got = measure(level, n, TRIALS, seed=99)
        assert abs(got - p) <= tolerance(p, TRIALS), (level, n, got, p)


@pytest.mark.parametrize("level", list(LEVELS))
def test_measured_checking_matches_the_model(level: str) -> None:
    memory = LEVELS[level]
    for n in (3, 8, 14):
        p = memory.recognize(n)
        got = measure(level, n, TRIALS, seed=99, check=True)
        assert abs(got - p) <= tolerance(p, TRIALS), (level, n, got, p)


def test_a_slip_always_changes_the_recitation() -> None:
    rng = make_rng(5)
    deck = list(FULL_DECK)
    for _ in range(2000):
        rng.shuffle(deck)
        chain = deck[: rng.randrange(2, 15)]
        wrong = slip(chain, rng)
        assert recitation(wrong) != recitation(chain)
        assert wrong[-1] == chain[-1] or len(wrong) < len(chain)  # the top is in plain view
    assert recollect([3], 0.0, rng) == [3]  # one visible card is never forgotten


def window_after(said: list[str]) -> Match:
    """A 4-player challenges game: seat 0 flipped drok, said ``said`` and pointed at 1."""
    match = table(
        [
            ["drok", "hupa", "kaza"],
            ["lumo", "mogo", "wuga"],
            ["oktu", "pafa", "rakka"],
            ["shuba", "tonk", "urgh"],
        ],
        variant="challenges",
    )
    match.apply(0, {"type": "flip", "position": 0})
    for item in said:
        match.apply(0, {"type": "say", "item": item})
    match.apply(0, {"type": "ha", "point": 1})
    return match


def judge(bot: MemoryBot, match: Match, seat: int) -> dict:
    bot.hear(e.to_json() for e in match.events_for(seat))
    return bot.choose(match.view(seat), match.legal(seat), make_rng(0))


def test_a_bot_calls_ho_on_what_it_remembers_differently_and_only_then() -> None:
    sure = Memory(span=1e9)
    for said, call in ((["drok"], "pass"), (["hupa"], "ho"), ([], "ho")):
        bot = MemoryBot("hard")
        bot.memory = sure
        assert judge(bot, window_after(said), 2) == {"type": call}, said


def test_a_bot_that_misremembers_may_call_ho_on_a_right_recitation() -> None:
    match = table(
        [
            ["drok", "hupa", "kaza"],
            ["lumo", "mogo", "wuga"],
            ["oktu", "pafa", "rakka"],
            ["shuba", "tonk", "urgh"],
        ],
        variant="challenges",
    )
    link(match, 0, point=1)
    for seat in (1, 2, 3):
        match.apply(seat, {"type": "pass"})
    link(match, 1, point=2)
    foggy = MemoryBot("easy")
    foggy.memory = Memory(span=1e-9, recognition=1.0)
    assert judge(foggy, match, 3) == {"type": "ho"}
    sharp = MemoryBot("easy")
    sharp.memory = Memory(span=1e9)
    assert judge(sharp, match, 3) == {"type": "pass"}


def test_a_bot_that_heard_nothing_lets_a_recitation_pass() -> None:
    match = window_after(["hupa"])
    bot = MemoryBot("hard")
    assert bot.choose(match.view(2), match.legal(2), make_rng(0)) == {"type": "pass"}


def test_a_bot_recites_what_it_heard_points_at_the_furthest_from_winning() -> None:
    match = table(
        [
            ["drok", "hupa", "kaza"],
            ["lumo", "mogo", "wuga"],
            ["oktu", "pafa", "rakka"],
            ["shuba", "tonk", "urgh"],
        ],
        then=["zog"] * 3,
    )
    link(match, 0, point=2)
    match.timeout()  # seat 2 loses: 6 cards, and starts chain 2
    link(match, 2, point=1)
    bot = MemoryBot("hard")
    bot.memory = Memory(span=1e9)
    rng = make_rng(0)
    bot.hear(e.to_json() for e in match.events_for(1))
    actions = []
    while match.to_act() == frozenset({1}):
        action = bot.choose(match.view(1), match.legal(1), rng)
        actions.append(action)
        match.apply(1, action)
    top = match.state.set_aside[-1] if not match.state.pile else match.state.pile[-1]
    assert actions[0]["type"] == "flip"
    assert actions[1:] == [
        {"type": "say", "item": "oktu"},
        {"type": "say", "item": IDS[top]},
        {"type": "ha", "point": 3},  # 3 cards; seat 0 has 2, seat 2 pointed at seat 1
    ]


def test_bots_play_whole_games_even_where_nobody_lets_them_hear() -> None:
    """``rumizi simulate`` passes bots no events: they still play legal moves to the end."""
    for level in ("random", "easy", "hard"):
        result = play_game(GAME, [make("ugha-bugha", level) for _ in range(4)], seed=3)
        assert result.outcome.winners


def test_a_bot_used_for_a_second_game_remembers_only_the_new_one() -> None:
    """``rumizi simulate`` keeps one bot per seat for all its games."""
    bot = MemoryBot("hard")
    bot.memory = Memory(span=1e9)
    first = table(
        [
            ["drok", "hupa", "kaza"],
            ["lumo", "mogo", "wuga"],
            ["oktu", "pafa", "rakka"],
            ["shuba", "tonk", "urgh"],
        ]
    )
    link(first, 0, point=1)
    link(first, 1, point=2)
    bot.hear(e.to_json() for e in first.events_for(1))
    second = table(
        [
            ["zog", "hupa", "kaza"],
            ["yiki", "mogo", "wuga"],
            ["oktu", "pafa", "rakka"],
            ["shuba", "tonk", "urgh"],
        ]
    )
    link(second, 0, point=1)
    bot.hear(e.to_json() for e in second.events_for(1))
    rng = make_rng(0)
    said = []
    while second.to_act() == frozenset({1}):
        action = bot.choose(second.view(1), second.legal(1), rng)
        said += [action["item"]] if action["type"] == "say" else []
        second.apply(1, action)
    assert said[0] == "zog" and len(said) == 2
    assert not [e for e in second.events if e.kind == "chain_lost"]
