"""Each game's full-screen table fits a small terminal (80×24) as well as a large one
(120×40): your hand, every choice and every picture you may mark are on the screen, not
scrolled away or cut (issue 25: Skip-Bo's hand and Ayozhit's third row were hidden)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from tui_helpers import screen_lines, table

from rumizi.cli.render import ayozhit, love_letter, skip_bo, ugha_bugha
from rumizi.cli.tui import TableApp
from rumizi.cli.tui.widgets import Choice
from rumizi.games.ugha_bugha.cards import ITEM_IDS

SIZES = [(80, 24), (120, 40)]


def flat(app: TableApp) -> str:
    """The screen's text with its rows joined by spaces (a wrapped sentence reads whole)."""
    return " ".join(line.strip() for line in screen_lines(app))


def choices_on_screen(app: TableApp) -> list[str]:
    """The labels of the choices not shown in full (none, when everything fits)."""
    shown = "\n".join(screen_lines(app))
    box = app.query_one("#choices")
    assert box.virtual_size.height <= box.size.height, "some choices are scrolled away"
    return [c.said for c in app.query(Choice) if c.said not in shown]


async def until(pilot: Any, app: TableApp, ready: Any, limit: int = 60) -> None:
    for _ in range(limit):
        await pilot.pause()
        if ready():
            return
        await pilot.press("1")
    raise AssertionError("never got there:\n" + "\n".join(screen_lines(app)))


@pytest.mark.parametrize("size", SIZES)
def test_love_letter_shows_the_hand_with_what_each_card_does_and_the_choices(
    size: tuple[int, int],
) -> None:
    async def scenario() -> None:
        app = table("love-letter", 4, "en")
        async with app.run_test(size=size) as pilot:
            await until(pilot, app, lambda: bool(app.choice_actions))
            shown = flat(app)
            for cid in app.match.view(0)["hand"]:
                said = love_letter.texts.CATALOGUE["en"][f"text.{cid}"]
                assert f"{love_letter.card(cid, 'en')} — {said}" in shown
            assert choices_on_screen(app) == []
            assert "Round 1" in shown

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_skip_bo_shows_the_hand_every_pile_and_the_choices(size: tuple[int, int]) -> None:
    async def scenario() -> None:
        app = table("skip-bo", 4, "en")
        async with app.run_test(size=size) as pilot:
            await until(pilot, app, lambda: bool(app.choice_actions))
            shown = flat(app)
            hand = "  ".join(skip_bo.card(c, "en") for c in app.match.view(0)["hand"])
            assert hand in shown, shown
            for column in ("D1", "D2", "D3", "D4", "Hand"):
                assert column in shown
            for name in ("You", "Bot 1", "Bot 2", "Bot 3"):
                assert name in shown
            assert choices_on_screen(app) == []

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_ugha_bugha_shows_the_top_card_and_the_whole_palette_while_reciting(
    size: tuple[int, int],
) -> None:
    async def scenario() -> None:
        app = table("ugha-bugha", 4, "en", options={"clock": "none"})
        async with app.run_test(size=size) as pilot:
            await until(pilot, app, lambda: bool(app.query("#answer.shown")))
            shown = flat(app)
            top = app.match.view(0)["top"]
            assert "Top card" in shown and ugha_bugha.card_text(top, "en") in shown
            for number, item in enumerate(ITEM_IDS, 1):
                name = ugha_bugha.card_text(item, "en").split()[-1]
                assert f"{number}" in shown and name in shown, name
            assert "Then the call: a = Ha! → Bot 1" in shown and "! = Ugha Bugha!" in shown
            assert app.query_one("#answer").region.bottom <= size[1]

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_ayozhit_shows_every_picture_while_marking(size: tuple[int, int]) -> None:
    async def scenario() -> None:
        app = table("ayozhit", 4, "en")
        async with app.run_test(size=size) as pilot:
            await until(pilot, app, lambda: bool(app.query("#answer.shown")))
            view = app.match.view(0)
            assert view["phase"] == "select"
            lines = screen_lines(app)
            for position, picture in enumerate(view["table"]):
                cell = f"{position + 1}. {ayozhit.title(picture, 'en')}"
                assert any(cell in line for line in lines), cell
            assert "Which pictures does" in flat(app)
            assert app.query_one("#answer").region.bottom <= size[1]
            board = app.query_one("#board-scroll")
            assert board.virtual_size.height <= board.size.height, "the board is cut"

    asyncio.run(scenario())
