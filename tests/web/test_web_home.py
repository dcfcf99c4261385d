"""The home page and lobby in a real browser: games with rules pages in both languages,
playing alone against bots in two clicks, the language switch and keyboard play."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from web_helpers import LAPTOP, Seat, acted, wait_turn_or_end

pytestmark = pytest.mark.browser

GAMES = ["love-letter", "skip-bo", "ugha-bugha"]


def test_home_lists_each_game_with_its_rules_in_both_languages(
    browser: Any, web_server: Any
) -> None:
    seat = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = seat.page
        page.goto("/")
        for game in GAMES:
            card = page.locator(f'.game-card[data-game="{game}"]')
            assert card.locator("h2").inner_text()
            assert "players" in card.locator(".facts").inner_text()
            assert card.locator(".pitch").inner_text()
            for lang in ("en", "fa"):
                reply = httpx.get(f"{web_server.url}/rules/{game}.{lang}.html", timeout=10)
                assert reply.status_code == 200
                assert f'lang="{lang}"' in reply.text
        page.click("#lang")  # the switch: Persian, right to left, remembered
        page.wait_for_function("() => document.documentElement.dir === 'rtl'")
        assert "بازی با ربات‌ها" in page.inner_text("main")
        page.reload()
        page.wait_for_function("() => document.documentElement.dir === 'rtl'")
        page.click("#theme")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    finally:
        seat.close()


def test_play_alone_against_bots_in_two_clicks_and_by_keyboard(
    browser: Any, web_server: Any
) -> None:
    seat = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = seat.page
        page.goto("/")  # click one: the game's "Play against bots"
        page.click('[data-solo="love-letter"]')
        page.wait_for_selector("#game-root")
        state = wait_turn_or_end(seat)
        assert state["view"]["players"] == 3
        assert state["room"]["seats"][1]["kind"] == "bot"
        # A whole move by keyboard: focus a card, Enter, then the target and guess buttons.
        page.locator(".ll-card.legal").first.focus()
        page.keyboard.press("Enter")
        for _ in range(3):
            if page.locator("[data-key^='target-']").count():
                page.locator("[data-key^='target-']").first.focus()
                page.keyboard.press("Enter")
            if page.locator("[data-key^='guess-']").count():
                page.locator("[data-key^='guess-']").first.focus()
                page.keyboard.press("Enter")
                break
            if page.locator("[data-key='play']").count():
                page.locator("[data-key='play']").first.focus()
                page.keyboard.press("Enter")
                break
        acted(seat, state["index"])
        assert seat.state()["index"] > state["index"]
        assert page.locator("rz-log li").count() >= 2
    finally:
        seat.close()
