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


def test_play_against_bots_is_a_short_skip_bo_game_as_its_card_says(
    browser: Any, web_server: Any
) -> None:
    """Skip-Bo against bots is one round with 15-card stock piles, and its card says so; a
    person with no name is a guest, never «من»; the table page fetches its own game's
    description, not every game's."""
    seat = Seat(browser, web_server.url, "fa-IR", LAPTOP)
    try:
        page = seat.page
        page.goto("/")
        card = page.locator('.game-card[data-game="skip-bo"]')
        assert "یک دور با ۱۵ کارت ذخیره، حدود ۵ دقیقه" in card.locator(".facts").inner_text()
        before = len(seat.requests)
        card.get_by_role("button", name="بازی با ربات‌ها").click()
        page.wait_for_selector("#game-root")
        state = wait_turn_or_end(seat)
        room = state["room"]
        assert room["options"] == {"rounds": 1, "stock_size": 15}
        assert max(state["view"]["stock_sizes"]) <= 15
        people = page.inner_text("#people")
        assert "مهمان ۱" in people and "من" not in people.split(), people
        page.reload()  # a table page, opened afresh: only this game's description
        page.wait_for_selector("#game-root")
        asked = [u.split("?")[0] for u in seat.requests[before:]]
        assert any(u.endswith("/api/games/skip-bo") for u in asked), asked
        assert not any(u.endswith("/api/games") for u in asked), asked
        page.click("#lang")  # the English page: a guest, not "من (you)"
        page.wait_for_function("() => document.documentElement.dir === 'ltr'")
        people = page.inner_text("#people")
        assert "Guest 1" in people and "من" not in people, people
    finally:
        seat.close()
