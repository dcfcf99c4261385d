"""Terminal play of Ayozhit: the 15 pictures by number and name, the marking typed as a
line of numbers (on the clock), the announcing menu, a whole game in both languages."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from ayozhit_helpers import DECK, GAME, table
from rich.console import Console
from typer.testing import CliRunner

from rumizi.bots import make
from rumizi.cli import app
from rumizi.cli.play import TerminalTable
from rumizi.cli.render import ayozhit as render
from rumizi.engine import Match
from rumizi.games.ayozhit.content import load_pictures

TITLES = {p.id: p.text for p in load_pictures()}
NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]


def printed(renderable: Any) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(renderable)
    return out.getvalue()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_board_lists_the_fifteen_pictures_by_number_and_name(lang: str) -> None:
    match = table()
    text = printed(render.board(match.view(0), NAMES, lang))
    for position, pid in enumerate(DECK[:15], 1):
        number = (
            str(position)
            if lang == "en"
            else str(position).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
        )
        assert f"{number}. {TITLES[pid][lang].title}" in text


def test_the_marking_is_typed_as_numbers_and_checked() -> None:
    match = table()
    match.apply(0, {"type": "word", "word": 0})
    match.apply(0, {"type": "mark", "picture": 4})
    view = match.view(0)
    actions = render.parse_input("3 7, 12 3", view, match.legal(0), NAMES, "en")
    assert actions == [
        {"type": "unmark", "picture": 4},
        {"type": "mark", "picture": 2},
        {"type": "mark", "picture": 6},
        {"type": "mark", "picture": 11},
        {"type": "ready"},
    ]
    assert render.parse_input("۱ ۲", view, match.legal(0), NAMES, "fa")[-3:] == [
        {"type": "mark", "picture": 0},
        {"type": "mark", "picture": 1},
        {"type": "ready"},
    ]
    with pytest.raises(ValueError, match="1 to 15"):
        render.parse_input("3 16", view, [], NAMES, "en")
    with pytest.raises(ValueError, match="not 11"):
        render.parse_input(" ".join(str(i) for i in range(1, 12)), view, [], NAMES, "en")
    with pytest.raises(ValueError, match="not 0"):
        render.parse_input("  ", view, [], NAMES, "en")


def terminal(match: Match, answers: list[str], lang: str) -> tuple[TerminalTable, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    replies = itertools.cycle(answers)

    def ask(prompt: str) -> str:
        return next(replies)

    bots = [make("ayozhit", level) for level in ("steady", "dreamy", "generous")]
    return TerminalTable(match, 1, bots, lang, console, ask, bot_seed=2), out


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_whole_game_in_the_terminal(lang: str) -> None:
    match = Match(GAME, 4, seed=11, options={"select_seconds": None})
    # choose the first word, mark pictures 1, 2 and 3, announce the first one offered
    tt, out = terminal(match, ["1", "1 2 3", "1"], lang)
    tt.run()
    assert match.over
    text = out.getvalue()
    marked = [e for e in match.events if e.kind == "marked" and e.to == {0}]
    assert marked, "the person's marks were applied"
    if lang == "en":
        assert "Which pictures does" in text and "Round 4 of 4" in text
        assert "Winner(s):" in text
    else:
        assert "شماره‌هایشان را بنویسید" in text and "دور ۴ از ۴" in text
        assert "برنده:" in text
    assert any(e.kind == "announced" and e.data["dreamer"] == 0 for e in match.events)


def test_rumizi_play_ayozhit_command() -> None:
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["play", "ayozhit", "--bot", "steady", "--seed", "4", "--lang", "fa", "--bidi", "off"],
        input="1\n4 5\n1\n1\n1\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "کارت واژه" in result.output and "ثانیه مانده" in result.output


def test_a_round_full_screen() -> None:
    """The full-screen table: the word from the menu, the marks typed on the input line,
    the announcing menu, then the round's panel with its scores."""
    import asyncio
    import html
    import re

    from rumizi.cli.bidi import resolve
    from rumizi.cli.tui import TableApp

    def screen(app: TableApp) -> str:
        rows = re.findall(r"<text[^>]*>(.*?)</text>", app.export_screenshot(), flags=re.S)
        return html.unescape("".join(rows)).replace("\xa0", " ")

    async def scenario() -> None:
        match = Match(GAME, 4, seed=5, options={"select_seconds": None})
        bots = [make("ayozhit", level) for level in ("steady", "dreamy", "generous")]
        app = TableApp(match, bots, "en", 5, bidi=resolve("off", "en"), bot_delay=0)
        screens = []
        async with app.run_test(size=(120, 48)) as pilot:
            for _ in range(60):
                await pilot.pause()
                screens.append(screen(app))
                if app.waiting_panel:
                    break
                if app.query("#answer.shown"):
                    await pilot.press("3", "space", "8", "enter")
                else:
                    await pilot.press("1")
            assert app.waiting_panel, screens[-1]
            assert "Round 1 scored" in screens[-1]
        assert any("15. " in text and "Which pictures does" in text for text in screens)
        assert [e.data["marks"] for e in match.events if e.kind == "marked" and e.to == {0}][
            -1
        ] == [2, 7]

    asyncio.run(scenario())
