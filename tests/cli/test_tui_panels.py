"""The full-screen table's panels and keys (issue 25): a round panel shows the round that
ended and the next one is drawn only after it; help (``?``, F1) with the keys and the
rules in the game's language; no English command palette; Ctrl+C in Persian asks in
Persian; a key footer; the log wraps again after a resize."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from rich.text import Text
from textual.command import CommandPalette
from tui_helpers import screen_text, table

from love_letter_helpers import stack
from rumizi.bots import make
from rumizi.cli.tui import TableApp
from rumizi.cli.tui.panels import HelpScreen, LeaveScreen, RoundOver
from rumizi.cli.tui.widgets import TableLog
from rumizi.engine import Match
from rumizi.games import load


def two_player_love_letter(lang: str) -> TableApp:
    """You hold a Guard and draw a Baron; the bot holds a Priest (set aside a Princess,
    three Guards face up). Your Guard naming the Priest ends round 1."""
    deck = stack("princess", "guard", "guard", "guard", "guard", "priest", "baron")
    match = Match(load("love-letter"), 2, seed=1, options={"deck": deck, "tokens_to_win": 2})
    return TableApp(match, [make("love-letter", "heuristic")], lang, 5, bot_delay=0)


async def press_choice(pilot: Any, app: TableApp, label: str) -> None:
    """Press the digit of the choice whose label is ``label``."""
    found = re.search(rf"(\d)\. {re.escape(label)}", screen_text(app))
    assert found, f"no choice {label!r} on:\n{screen_text(app)}"
    await pilot.press(found.group(1))
    await pilot.pause()


def test_a_round_panel_shows_the_round_that_ended_and_waits() -> None:
    async def scenario() -> None:
        app = two_player_love_letter("en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press_choice(pilot, app, "Guard (1)")
            await press_choice(pilot, app, "Priest")
            assert isinstance(app.screen, RoundOver), screen_text(app)
            text = screen_text(app)
            assert "The round is over" in text and "Round 1" in text
            assert "Hand shown" in text and "Baron (3)" in text  # your hand at its end
            assert re.search(r"You ★ +Baron \(3\) +\d+ +1 \(\+1\)", text), text
            assert "Round 2" not in text, "the next round is not drawn under the panel"
            assert "thinking" not in text and "press Enter" in text
            told = [line.plain for line in app.query_one("#log", TableLog).said]
            assert any("Round 1 over" in line for line in told)
            assert not any("Round 2" in line for line in told), "the log waits for the panel too"
            log = len(app.match.log)
            await pilot.pause(0.2)
            assert len(app.match.log) == log  # the bot waits for the panel too
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, RoundOver)
            assert "Round 2" in screen_text(app)
            told = [line.plain for line in app.query_one("#log", TableLog).said]
            assert any("Round 2 begins" in line for line in told)

    asyncio.run(scenario())


def test_the_persian_round_panel_and_the_final_screen_show_the_last_round() -> None:
    async def scenario() -> None:
        app = two_player_love_letter("fa")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press_choice(pilot, app, "نگهبان (۱)")
            await press_choice(pilot, app, "کشیش")
            text = screen_text(app)
            assert "دست رو‌شده" in text and "بارون (۳)" in text and "شما ★" in text
            assert "دور ۲" not in text

    asyncio.run(scenario())


def test_help_shows_the_keys_and_the_rules_in_the_games_language() -> None:
    async def scenario() -> None:
        for lang, keys, rules in (
            ("en", "Esc: one step back", "Draw a card, then play one of your two cards"),
            ("fa", "Esc: یک قدم برگشت", "یک کارت بکشید"),
        ):
            app = table("love-letter", 3, lang)
            async with app.run_test(size=(100, 40)) as pilot:
                await pilot.pause()
                for key in ("question_mark", "f1"):
                    await pilot.press(key)
                    await pilot.pause()
                    assert isinstance(app.screen, HelpScreen)
                    shown = " ".join(screen_text(app).split())
                    assert keys in shown and rules in shown, shown
                    await pilot.press("escape")
                    await pilot.pause()
                    assert not isinstance(app.screen, HelpScreen)

    asyncio.run(scenario())


def test_a_long_panel_scrolls_inside_and_keeps_its_button_on_a_small_screen() -> None:
    async def scenario() -> None:
        app = table("skip-bo", 2, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            await pilot.pause()
            body = app.screen.query_one("#help-body")
            assert body.virtual_size.height > body.size.height  # the rules scroll inside
            lines = screen_text(app).splitlines()
            assert any("Help: Skip-Bo" in line for line in lines)
            assert any(re.search(r"█ +Close +█", line) for line in lines), "\n".join(lines)
            panel, close = app.screen.query_one(".panel"), app.screen.query_one("#close")
            assert close.region.bottom == panel.region.bottom - 1, "no empty rows under it"

    asyncio.run(scenario())


def test_ctrl_p_opens_no_command_palette_and_ctrl_c_asks_in_persian() -> None:
    async def scenario() -> None:
        app = table("skip-bo", 2, "fa")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert not any(isinstance(s, CommandPalette) for s in app.screen_stack)
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert isinstance(app.screen, LeaveScreen)
            text = screen_text(app)
            assert "از بازی بیرون می‌روید؟" in text and "quit" not in text.lower()
            assert not app._notifications, "no notice of Textual's own"
            await pilot.press("n")
            await pilot.pause()
            assert not app.left

    asyncio.run(scenario())


def test_a_key_footer_says_how_to_choose_get_help_and_leave() -> None:
    async def scenario() -> None:
        app = table("love-letter", 3, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            footer = screen_text(app).splitlines()[-1]
            assert "1–9 choose" in footer and "? help" in footer and "q leave" in footer

    asyncio.run(scenario())


def test_the_log_wraps_again_after_a_resize() -> None:
    async def scenario() -> None:
        app = table("love-letter", 3, "en")
        async with app.run_test(size=(120, 40)) as pilot:  # the log beside the table
            await pilot.pause()
            log = app.query_one("#log", TableLog)
            log.say(Text("• " + " ".join(["a long line about what happened"] * 4)))
            await pilot.pause()
            narrow = max(len(strip.text.rstrip()) for strip in log.lines)
            await pilot.resize_terminal(80, 24)  # the log under it, the full width
            await pilot.pause()
            await pilot.pause()
            wide = max(len(strip.text.rstrip()) for strip in log.lines)
            width = log.scrollable_content_region.width
            assert wide > narrow, (narrow, wide)
            assert all(len(strip.text.rstrip()) <= width for strip in log.lines)

    asyncio.run(scenario())
