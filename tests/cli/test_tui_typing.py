"""Issue 36, point 3: a recitation's call needs no space before it (``19a``, ``4!``), and
an empty Enter says what to type (full screen: nothing is made)."""

from __future__ import annotations

import asyncio

import pytest
from tui_helpers import FakeClock, table

from rumizi import games
from rumizi.cli.render.ugha_bugha import parse_input
from rumizi.cli.tui.widgets import TableLog
from rumizi.engine import Match

NAMES = ["You", "Bot 1", "Bot 2"]


@pytest.mark.parametrize(
    ("typed", "spaced"), [("19a", "19 a"), ("4!", "4 !"), ("12,b", "12 b"), ("۴!", "4 !")]
)
def test_a_call_needs_no_space(typed: str, spaced: str) -> None:
    match = Match(games.load("ugha-bugha"), 3, seed=2)
    match.apply(0, match.legal(0)[0])
    view, legal = match.view(0), match.legal(0)
    assert parse_input(typed, view, legal, NAMES, "en") == parse_input(
        spaced, view, legal, NAMES, "en"
    )


def test_an_empty_enter_says_what_to_type() -> None:
    clock = FakeClock()

    async def scenario() -> None:
        app = table("ugha-bugha", 3, "en", clock=clock)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("1")
            await pilot.pause()
            moves = len(app.match.log)
            await pilot.press("enter")
            await pilot.pause()
            said = [t.plain for t in app.query_one("#log", TableLog).said]
            assert said[-1].startswith("Type the item numbers"), said[-3:]
            assert len(app.match.log) == moves and app.query("#answer.shown")

    asyncio.run(scenario())
