"""``rumizi learn``: the four terminal lessons (Tuki's is in the browser), done at the
full-screen table by a pilot that does only what the coach says — Enter on Next, Enter on
the choice marked ▶ (it has the focus), or the line the coach says to type — in English
and Persian, at 120×40. Every rule the lesson covers is named by the coach and listed at
the end. Once in each lesson the pilot does something else first (another choice, or
another line): nothing is made, and the coach says why."""

from __future__ import annotations

import asyncio
import re

import pytest
from typer.testing import CliRunner

from rumizi import games, lessons
from rumizi.cli import app as cli
from rumizi.cli.i18n import say
from rumizi.cli.tui.lesson import LessonApp
from rumizi.engine.texts import Formatter

GAMES = ["love-letter", "skip-bo", "ugha-bugha", "ayozhit"]


def _rules(game: str, lang: str) -> list[str]:
    words = Formatter(games.texts(game).CATALOGUE, lang, [])
    return [words({"key": f"lesson.rule.{r}"}) for r in lessons.load(game).rules]


async def _take(game: str, lang: str) -> tuple[LessonApp, list[str], str]:
    """The lesson done as the coach says; returns the app, the coach's words along the way
    and what the coach said of the wrong move made on purpose."""
    app = LessonApp(game, lang, bot_delay=0, flash_seconds=0.05)
    said: list[str] = []
    why = ""
    typed = (
        re.escape(say(lang, "coach_type", answer="@"))
        .replace("@", "(.*?)")
        .replace(r"\ \ \ ", " +")
    )
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(300):
            await pilot.pause(0.02)
            said.append(app.coach_text)
            if app.coach_text.startswith(say(lang, "lesson_done")):
                break
            index = len(app.match.log)
            if app.query(".coach-next"):
                await pilot.press("enter")
            elif app.query("#answer.shown"):
                answer = re.search(typed, app.coach_text)
                assert answer, app.coach_text
                if not why:  # another line first: not taken
                    await pilot.press("1", "enter")
                    await pilot.pause(0.02)
                    why = app.coach_text
                    assert len(app.match.log) == index
                await pilot.press(*answer.group(1).strip(), "enter")
            elif app.query(".coach-target"):
                others = [
                    b for b in app.query("#choices Choice") if "coach-target" not in b.classes
                ]
                if not why and others and app.steps is not None and len(app.steps.path) == 1:
                    await pilot.press(str([*app.query("#choices Choice")].index(others[0]) + 1))
                    await pilot.pause(0.02)
                    why = app.coach_text
                    assert len(app.match.log) == index, "nothing was made"
                    continue
                assert app.focused is not None and "coach-target" in app.focused.classes
                await pilot.press("enter")
        else:
            pytest.fail(f"the lesson did not end: {app.coach_text}")
    return app, said, why


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_done_by_doing_what_the_coach_says(game: str, lang: str) -> None:
    app, said, why = asyncio.run(_take(game, lang))
    rules = _rules(game, lang)
    named = "\n".join(said)
    for rule in rules:
        assert say(lang, "coach_rule", rules=rule) in named or rule in named, rule
    assert say(lang, "coach_learned", rules="") in app.coach_text
    for rule in rules:
        assert rule in app.coach_text.split(say(lang, "coach_learned", rules=""))[1]
    assert why, "a wrong move was made on purpose"
    catalogue = games.texts(game).CATALOGUE
    wrong_words = {
        Formatter(catalogue, lang, app.names)(
            {"key": key, "args": {k: v for x in s.lines for k, v in x.args.items()}}
        )
        for s in lessons.load(game).steps
        if s.wrong
        for key in (s.wrong, f"{s.wrong}.terminal")
        if key in catalogue[lang]
    } | {say(lang, "coach_follow")}
    assert any(w in why for w in wrong_words), why
    assert len(app.match.log) >= len(lessons.load(game).steps)


def test_tukis_lesson_is_in_the_browser() -> None:
    result = CliRunner().invoke(cli, ["learn", "tuki"])
    assert result.exit_code == 1
    assert "/learn/tuki" in result.output and "browser" in result.output
    fa = CliRunner().invoke(cli, ["learn", "tuki", "--lang", "fa"])
    assert "مرورگر" in fa.output


def test_learn_refuses_an_unknown_game() -> None:
    result = CliRunner().invoke(cli, ["learn", "chess"])
    assert result.exit_code == 2
    assert "unknown game" in result.output
