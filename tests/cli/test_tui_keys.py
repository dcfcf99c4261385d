"""Issue 36, point 5: the keys match the help — the first question of a turn has the
focus, the arrows move between choices, the focused choice is marked, and the log scrolls
from the keyboard (Page Up / Page Down)."""

from __future__ import annotations

import asyncio

from rich.text import Text
from tui_helpers import screen_lines, table

from rumizi.cli.tui.widgets import Choice, TableLog


def test_arrows_move_between_choices_from_a_focused_first_question() -> None:
    async def scenario() -> None:
        app = table("skip-bo", 2, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(50):
                await pilot.pause(0.02)
                if app.choice_actions:
                    break
            await pilot.pause()
            buttons = list(app.query("#choices Choice"))
            assert len(buttons) > 2
            assert app.focused is buttons[0], app.focused
            await pilot.press("down")
            assert app.focused is buttons[1]
            await pilot.press("up", "up")
            assert app.focused is buttons[-1], "up from the first goes round to the last"
            focused = next(line for line in screen_lines(app) if buttons[-1].said[:12] in line)
            assert focused.lstrip().startswith("▸"), focused

    asyncio.run(scenario())


def test_the_log_scrolls_from_the_keyboard() -> None:
    async def scenario() -> None:
        app = table("love-letter", 4, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            log = app.query_one("#log", TableLog)
            for i in range(40):
                app.log_line(Text(f"line {i}"))
            await pilot.pause()
            bottom = log.scroll_y
            assert bottom > 0
            await pilot.press("pageup")
            await pilot.pause()
            assert log.scroll_y < bottom
            await pilot.press("pagedown", "pagedown", "pagedown")
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y

    asyncio.run(scenario())


def test_the_first_question_of_each_game_has_the_focus() -> None:
    async def scenario(game: str, players: int) -> None:
        app = table(game, players, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):
                await pilot.pause(0.02)
                if app.choice_actions:
                    break
            await pilot.pause()
            assert isinstance(app.focused, Choice), (game, app.focused)

    for game, players in (("love-letter", 4), ("skip-bo", 2), ("ugha-bugha", 3)):
        asyncio.run(scenario(game, players))
