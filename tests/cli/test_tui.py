"""The full-screen table, driven headless with Textual's pilot: what is on the screen at
the key moments of a Love Letter game and a Skip-Bo round, in English and Persian."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from textual.widgets import RichLog
from tui_helpers import rendered, screen_text

from love_letter_helpers import stack
from rumizi.bots import make
from rumizi.cli.bidi import Bidi, reorder_line, resolve, visual
from rumizi.cli.tui import TableApp
from rumizi.cli.tui.panels import LeaveScreen
from rumizi.engine import Match
from rumizi.games import load

SIZE = (110, 36)


def love_letter(lang: str, *top: str, players: int = 3, **options: Any) -> TableApp:
    opts: dict[str, Any] = {"tokens_to_win": 2, **options}
    if top:
        opts["deck"] = stack(*top)
    match = Match(load("love-letter"), players, seed=11, options=opts)
    bots = [make("love-letter", "heuristic") for _ in range(players - 1)]
    return TableApp(match, bots, lang, 5, bidi=resolve("off", lang), bot_delay=0)


async def play_on(pilot: Any, app: TableApp, until: str, limit: int = 3000) -> list[str]:
    """Take the first choice (and "Continue" on panels) until ``until`` is on screen;
    returns the screens seen at each round's end panel."""
    panels = []
    for _ in range(limit):
        text = screen_text(app)
        if until in text:
            return panels
        if app.waiting_panel:
            panels.append(text)
            await pilot.press("enter")
        else:
            await pilot.press("1")
        await pilot.pause()
    raise AssertionError(f"{until!r} never appeared; last screen:\n{screen_text(app)}")


def test_a_guard_is_played_in_three_steps() -> None:
    async def scenario() -> None:
        app = love_letter("en", "princess", "guard", "baron", "baron", "priest")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "Your turn. Which card?" in text
            assert "1. Guard (1)" in text and "2. Priest (2)" in text
            assert "Round 1" in text  # the table stays on screen above the choices
            await pilot.press("1")
            await pilot.pause()
            text = screen_text(app)
            assert "Which player?" in text
            assert "1. Bot 1" in text and "2. Bot 2" in text and "Back" in text
            await pilot.press("escape")  # a step back, then forward again
            await pilot.pause()
            assert "Which card?" in screen_text(app)
            await pilot.press("1")
            await pilot.pause()
            await pilot.press("1")
            await pilot.pause()
            text = screen_text(app)
            assert "Which card do you name?" in text
            guesses = dict(re.findall(r"(\d)\. (Priest|Baron|Handmaid|Prince|King)", text))
            assert set(guesses.values()) >= {"Priest", "Baron", "King"}
            baron = next(n for n, name in guesses.items() if name == "Baron")
            await pilot.press(baron)
            await pilot.pause()
            text = screen_text(app)
            assert "Bot 1 is out of the round" in text, text  # the log tells what happened

    asyncio.run(scenario())


def test_a_love_letter_game_to_its_final_totals_in_english() -> None:
    async def scenario() -> None:
        app = love_letter("en")
        async with app.run_test(size=SIZE) as pilot:
            panels = await play_on(pilot, app, "Final totals")
            text = screen_text(app)
            assert "Game over." in text and "★" in text
            assert "Leave the table" in text
            for name in ("You", "Bot 1", "Bot 2"):
                assert name in text
            assert panels, "no round ended in a panel before the last round"
            assert all("The round is over" in p and "Continue" in p for p in panels)
            assert all("Round" in p and "over" in p for p in panels)
            await pilot.press("enter")  # the focused "Leave the table"
            await pilot.pause()
        assert app.left

    asyncio.run(scenario())


def test_a_love_letter_game_in_persian() -> None:
    async def scenario() -> None:
        app = love_letter("fa")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "نوبت شماست" in screen_text(app)
            assert "۱. " in screen_text(app)  # Persian digits on the choices
            panels = await play_on(pilot, app, "امتیازهای پایانی")
            assert all("این دور تمام شد" in p and "ادامه" in p for p in panels)
            assert "بازی تمام شد" in screen_text(app)

    asyncio.run(scenario())


WORDS = {
    "en": ("Your turn.", "The round is over", "Scores:", "Continue"),
    "fa": ("نوبت شماست.", "این دور تمام شد", "امتیازها:", "ادامه"),
}


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_skip_bo_round_ends_in_a_panel_that_waits(lang: str) -> None:
    turn, over, scores, go_on = WORDS[lang]

    async def scenario() -> None:
        match = Match(load("skip-bo"), 2, seed=3, options={"stock_size": 3})
        bots = [make("skip-bo", "heuristic")]
        app = TableApp(match, bots, lang, 5, bidi=resolve("off", lang), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert turn in screen_text(app)
            for _ in range(3000):
                if app.waiting_panel or match.over:
                    break
                await pilot.press("1")
                await pilot.pause()
            assert app.waiting_panel, "the round did not end in a panel"
            text = screen_text(app)
            assert over in text and scores in text and go_on in text
            logged = len(match.log)
            await pilot.pause(0.3)
            assert len(match.log) == logged  # nobody plays on while the panel waits
            await pilot.press("enter")
            await pilot.pause()
            assert not app.waiting_panel

    asyncio.run(scenario())


def test_the_persian_q_key_asks_before_leaving() -> None:
    async def scenario() -> None:
        app = love_letter("fa")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ض")
            await pilot.pause()
            assert isinstance(app.screen, LeaveScreen) and not app.left
            assert "از بازی بیرون می‌روید؟" in screen_text(app)
            await pilot.press("escape")  # stay
            await pilot.pause()
            assert not isinstance(app.screen, LeaveScreen) and not app.left
            await pilot.press("ض")
            await pilot.pause()
            await pilot.press("غ")  # y on the Persian layout
            await pilot.pause()
        assert app.left

    asyncio.run(scenario())


def test_bidi_on_keeps_the_frame_and_reorders_persian_inside_cells() -> None:
    from rich.table import Table

    table = Table()
    table.add_column("نام")
    table.add_column("امتیاز")
    table.add_row("ربات یک", "۱۲")
    plain = rendered(table)
    shown = rendered(Bidi(table, "on"))
    assert len(plain) == len(shown)
    for before, after in zip(plain, shown, strict=True):
        # every border character stays in its column
        assert [i for i, c in enumerate(before) if c in "│┃┏┓┗┛┡┩└┘━─╇┳┻╋┼"] == [
            i for i, c in enumerate(after) if c in "│┃┏┓┗┛┡┩└┘━─╇┳┻╋┼"
        ]
    row = next(line for line in shown if "کی" in line)
    assert "کی تابر" in row  # "ربات یک" in display order: the words read right to left


def test_brackets_and_guillemets_are_mirrored_in_persian() -> None:
    assert visual("بارون (۳)") == "(۳) نوراب"
    assert visual("یکی را انتخاب کنید (q برای خروج):") == ":(جورخ یارب q) دینک باختنا ار یکی"
    assert visual("«هو!» گفت") == "تفگ «!وه»"  # « on the left, » on the right, as printed
    assert visual("کارت‌های به‌پشت") == "تشپ\u200cهب یاه\u200cتراک"  # the non-joiners kept


def test_a_mark_after_a_persian_name_stays_apart_from_it() -> None:
    from rich.text import Text

    name = Text("شما", style="bold").append(" ◀", style="cyan")  # two pieces, two styles
    assert rendered(Bidi(name, "on"))[0] == "◀ امش"


def test_a_frameless_persian_table_reads_right_to_left_under_its_heading_rule() -> None:
    from rumizi.cli.render import frameless

    table = frameless()
    table.add_column("نام")
    table.add_column("امتیاز")
    table.add_row("ربات", "۱۲")
    lines = rendered(Bidi(table, "on", fill=True), width=30)
    heading, rule, row = (line.rstrip() for line in lines[:3])
    assert heading.endswith("مان") and row.endswith("تابر")  # the first column at the right
    assert rule.endswith("─") and len(rule) == len(heading)  # the rule under them, too


def test_bidi_on_fills_a_persian_line_so_it_ends_at_the_right() -> None:
    from rich.text import Text

    line = rendered(Bidi(Text("سلام"), "on", fill=True), width=20)[0]
    assert line.rstrip() == " " * 16 + "مالس"
    assert rendered(Bidi(Text("سلام"), "on"), width=20)[0] == "مالس"


def test_bidi_off_marks_each_line_left_to_right_and_english_is_untouched() -> None:
    lines = rendered(Bidi("سلام", "off"))
    assert lines[0].startswith("\u200e")
    assert resolve("auto", "en") == "none"
    assert resolve("auto", "fa", {"KONSOLE_VERSION": "230401"}) == "off"
    assert resolve("auto", "fa", {}) == "on"
    assert resolve("auto", "fa", {}, terminal=False) == "none"  # a pipe keeps stored order
    assert resolve("on", "fa", {}, terminal=False) == "on"
    assert reorder_line([]) == []


def test_ugha_bugha_recitations_flash_and_a_person_recites_by_typing() -> None:
    async def scenario() -> None:
        match = Match(load("ugha-bugha"), 3, seed=2, options={"clock": "none"})
        bots = [make("ugha-bugha", "heuristic") for _ in range(2)]
        app = TableApp(match, bots, "en", 5, bidi="none", bot_delay=0, flash_seconds=60)
        flashes: set[str] = set()
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(300):
                await pilot.pause()
                if app.flashed:
                    flashes.add(app.flashed)
                    assert app.flashed in screen_text(app)  # shown for a moment...
                if app.query("#answer.shown"):
                    break
                await pilot.press("1")
            assert app.query("#answer.shown"), "never asked to recite"
            await pilot.press("4", "0", "enter")  # no item has the number 40
            await pilot.pause()
            log = "\n".join(line.text for line in app.query_one("#log", RichLog).lines)
            assert "40" in log and "item" in log  # asked again, nothing applied
            assert app.query("#answer.shown")
        others_recited = any(e.kind == "said" and e.data["seat"] != 0 for e in match.events)
        assert flashes or not others_recited
        assert not any(text in log for text in flashes)  # ...and never written into the log

    asyncio.run(scenario())
