"""Every game's lesson, checked without a face: it plays on the engine step by step (each
step one legal action), whatever the match's seed; it shows the rules the issue lists for
its game, each named in both languages; every line the coach says is in the game's
catalogue, in fa and en, with its arguments, the Persian in Persian; and its bots play
their steps from their own views (and wait, or play on as ordinary bots, off them)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from rumizi import bots, games, lessons
from rumizi.bots.scripted import ScriptedBot, Waiting
from rumizi.engine import Match, make_rng, params
from rumizi.engine.lesson import YOU, full_deck, matches
from rumizi.engine.texts import Formatter, placeholders

sys.path.insert(0, str(Path(__file__).parent))

RULES = {
    "love-letter": {
        "draw_play", "guard", "priest", "baron", "handmaid", "prince", "king", "countess",
        "princess", "win_round",
    },
    "skip-bo": {
        "building", "stock_first", "wild", "discard_ends", "discard_tops", "full_pile", "refill",
    },
    "ugha-bugha": {"flip", "recite", "point", "clock", "closing", "repeat", "lose_chain"},
    "tuki": {"card", "place_turn", "die", "falls", "done", "taker"},
    "ayozhit": {"word", "marking", "counting", "deep", "announcing", "sparks", "failing"},
}  # fmt: skip
"""The core rules each lesson must show (issue 24)."""

LESSONS = [g for g in games.ids() if lessons.has(g)]
LATIN_OR_DIGIT = re.compile(r"[A-Za-z0-9]")


def _lines(lesson: Any) -> list[Any]:
    return [x for step in lesson.steps for x in step.lines] + [lesson.done]


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_lesson_shows_the_rules_of_its_game(game_id: str) -> None:
    lesson = lessons.load(game_id)
    assert set(lesson.rules) == RULES[game_id]
    assert lesson.shown() == list(lesson.rules), "the rules in the order the lesson shows them"


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_lesson_plays_on_the_engine_whatever_the_seed(game_id: str) -> None:
    first = lessons.replay(game_id)
    assert len(first.actions) == len(first.lesson.steps)
    for seed in (1, 20261201):
        again = lessons.replay(game_id, seed)
        assert again.actions == first.actions
        assert again.plays == first.plays and again.waits == first.waits


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_coach_line_is_in_the_catalogue_in_both_languages(game_id: str) -> None:
    lesson = lessons.load(game_id)
    catalogue = games.texts(game_id).CATALOGUE
    names = {"en": ["Mina", "Sara", "Babak", "Dara"], "fa": ["مینا", "سارا", "بابک", "دارا"]}
    keys = {x.say: x.args for x in _lines(lesson)}
    keys |= {s.wrong: {} for s in lesson.steps if s.wrong}
    for step in lesson.steps:
        if step.wrong:  # a wrong move's words take the step's first line's arguments
            keys[step.wrong] = {k: v for x in step.lines for k, v in x.args.items()}
    keys |= {f"lesson.rule.{r}": {} for r in lesson.rules}
    for lang in ("fa", "en"):
        say = Formatter(catalogue, lang, names[lang])
        for key, args in keys.items():
            assert key in catalogue[lang], f"{key} ({lang})"
            assert placeholders(catalogue[lang][key]) <= set(args), f"{key} ({lang})"
            text = say({"key": key, "args": dict(args)})
            if lang == "fa":
                assert not LATIN_OR_DIGIT.search(text), f"{key}: {text}"
            assert len(text) <= 260, f"{key} says too much for one or two sentences: {text}"


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_persons_steps_and_the_runner_script(game_id: str) -> None:
    script = lessons.client(game_id)
    lesson = lessons.load(game_id)
    assert script["rules"] == list(lesson.rules)
    for step, sent, action in zip(
        lesson.steps, script["steps"], lessons.replay(game_id).actions, strict=True
    ):
        assert sent["seat"] == step.seat
        if step.seat == YOU:
            assert sent["action"] == action and matches(step.do, action)
            assert step.lines, "the coach says what to do at each of your steps"
        else:
            assert "action" not in sent


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_scripted_bots_play_their_steps_from_their_views(game_id: str) -> None:
    lesson = lessons.load(game_id)
    assert not bots.searches(bots.make(game_id, lesson.then)), (
        "the bot that plays on decides at once"
    )
    assert bots.accepts(game_id, "lesson") and "lesson" not in bots.names(game_id)
    seated = {seat: bots.make(game_id, "lesson") for seat in range(1, lesson.players)}
    assert all(isinstance(b, ScriptedBot) for b in seated.values())
    match = Match(games.load(game_id), lesson.players, 5, dict(lesson.options))
    rng = make_rng(3)
    for index, (step, action) in enumerate(
        zip(lesson.steps, lessons.replay(game_id).actions, strict=True)
    ):
        for seat, bot in seated.items():
            if seat in match.to_act() and seat != step.seat:
                with pytest.raises(Waiting):
                    bot.choose(match.view(seat), match.legal(seat), rng)
        if step.seat != YOU:
            chosen = seated[step.seat].choose(match.view(step.seat), match.legal(step.seat), rng)
            assert chosen == action, index
        match.apply(step.seat, action)
    # Off the lesson (or past it), the bots play on as ordinary bots.
    for seat, bot in seated.items():
        if seat in match.to_act():
            legal = match.legal(seat)
            chosen = bot.choose(match.view(seat), legal, rng)
            assert any(params.fits(entry, chosen) for entry in legal)


def test_a_stacked_deck_is_the_top_then_the_rest() -> None:
    assert full_deck(["b", "a"], ["a", "a", "b", "c"]) == ["b", "a", "a", "c"]
    with pytest.raises(ValueError, match="fewer"):
        full_deck(["c", "c"], ["a", "c"])


def test_only_known_levels_and_lessons_are_seated() -> None:
    assert not bots.accepts("love-letter", "scripted")
    assert not lessons.has("no-such-game")
    with pytest.raises(LookupError):
        lessons.load("no-such-game")
