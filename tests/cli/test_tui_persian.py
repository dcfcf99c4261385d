"""One text path (issue 25): in Persian, with Rumizi reordering (``--bidi on``, what tmux
and xterm get), every widget of each game's screen — table, log, hand, buttons, title,
status, clock, footer, input placeholder, panels, help, the leave question — reads right
to left. A word shown as stored (never reordered) is found by the vocabulary: it is a
known Persian word, and its mirror image is not."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from tui_helpers import backwards, drawn, table

from rumizi.cli.bidi import has_rtl
from rumizi.cli.tui import TableApp
from rumizi.cli.tui.panels import HelpScreen, LeaveScreen
from rumizi.cli.tui.widgets import Choice

GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "love-letter": (3, {"tokens_to_win": 2}),
    "skip-bo": (2, {"stock_size": 3, "rounds": 2}),
    "ugha-bugha": (3, {"clock": "none"}),
    "ayozhit": (3, {"select_seconds": None}),
}


def reversed_nowhere(app: TableApp, moment: str) -> list[str]:
    """What reads backwards now, a Latin comma in Persian, and any choice that speaks with
    a Latin word."""
    found = [
        f"{moment}: Latin in the choice {choice.said!r}"
        for choice in app.query(Choice)
        if re.search("[A-Za-z]{2,}", choice.said)
    ]
    for widget, lines in drawn(app):
        name = f"{type(widget).__name__}#{widget.id or ''}"
        found += [f"{moment}: {name}: {word}" for word in backwards(lines)]
        found += [
            f"{moment}: {name}: a Latin comma in {line.strip()!r}"
            for line in lines
            if "," in line and has_rtl(line)
        ]
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_widget_reads_right_to_left_in_persian(game_id: str) -> None:
    players, options = GAMES[game_id]

    async def scenario() -> list[str]:
        app = table(game_id, players, "fa", bidi="on", options=options)
        found: list[str] = []
        moments: set[str] = set()
        expected = {"love-letter": {"panel", "over"}, "skip-bo": {"panel"}}.get(game_id, {"typing"})
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            found += reversed_nowhere(app, "first question")
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            found += reversed_nowhere(app, "help")
            await pilot.press("escape")
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, LeaveScreen)
            found += reversed_nowhere(app, "leave?")
            await pilot.press("escape")
            for _ in range(400):  # play on: typed answers, round panels, the end
                await pilot.pause()
                if app.query("#answer.shown") and "typing" not in moments:
                    moments.add("typing")
                    found += reversed_nowhere(app, "typing")
                if app.waiting_panel and "panel" not in moments:
                    moments.add("panel")
                    found += reversed_nowhere(app, "round panel")
                if app.match.over:
                    moments.add("over")
                    found += reversed_nowhere(app, "game over")
                    break
                if expected <= moments:
                    break
                if app.waiting_panel:
                    await pilot.press("enter")
                elif app.query("#answer.shown"):
                    typed = "1 2" if game_id == "ayozhit" else "1 a"
                    await pilot.press(*typed, "enter")
                else:
                    if app.choice_actions:
                        found += reversed_nowhere(app, "a choice")
                    await pilot.press("1")
        assert expected <= moments, moments
        return found

    assert asyncio.run(scenario()) == []
