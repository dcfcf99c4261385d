"""Issue 36, point 7: a lesson's leave question says it is not kept, its end says how to
play a real game, and Ayozhit's coach speaks of Enter, not of the browser's Ready button."""

from __future__ import annotations

import asyncio

import pytest
from test_tui_lessons import _take
from tui_helpers import screen_text

from rumizi.cli.i18n import say
from rumizi.cli.tui.lesson import LessonApp


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_leave_question_of_a_lesson_says_it_is_not_kept(lang: str) -> None:
    async def scenario() -> None:
        app = LessonApp("love-letter", lang, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+c")
            await pilot.pause()
            question = app.screen.query_one(".panel-title").said.plain  # type: ignore[attr-defined]
            assert question == say(lang, "tui_leave_lesson")
            assert "not kept" in question or "نگه داشته نمی‌شود" in question
            assert "kept, and you can replay" not in screen_text(app)

    asyncio.run(scenario())


def test_ayozhits_lesson_speaks_of_enter_and_ends_with_the_next_step() -> None:
    app, said, _why = asyncio.run(_take("ayozhit", "en"))
    assert not [line for line in said if "press Ready" in line], "a browser-only button"
    assert any("Enter" in line and "ready" in line for line in said)
    assert say("en", "lesson_next", id="ayozhit") in app.coach_text
