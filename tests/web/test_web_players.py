"""Players who come back, in a real browser, acting as a person (issue 32, part 1): a guest
gives a name and an avatar once, plays against bots under that name, and — with the
page's seat tokens gone — finds the unfinished table on the home page and takes its seat
back; opening the table's bare address does the same. Persian on a phone, English on a
laptop."""

from __future__ import annotations

import re
from typing import Any

import pytest
from web_helpers import LAPTOP, PHONE, Seat, wait_turn_or_end

pytestmark = pytest.mark.browser


def test_a_guest_names_itself_once_and_takes_its_seat_back_in_persian(
    browser: Any, web_server: Any
) -> None:
    seat = Seat(browser, web_server.url, "fa-IR", PHONE)
    try:
        page = seat.page
        page.goto("/")
        you = page.get_by_role("region", name="بازیکن شما")
        you.get_by_role("textbox", name="نام بازیکن").fill("سارا")
        you.get_by_role("radio", name="جغد").check()
        you.get_by_role("button", name="ذخیره").click()
        said = you.get_by_role("status")
        said.get_by_text("ذخیره شد").wait_for()
        assert "«سارا»" in said.inner_text()
        card = page.locator('.game-card[data-game="love-letter"]')
        card.get_by_role("button", name="بازی با ربات‌ها").click()
        page.wait_for_selector("#game-root")
        state = wait_turn_or_end(seat)
        assert state["room"]["seats"][0]["name"] == "سارا"
        assert "سارا" in page.inner_text("main")
        room = state["room"]["id"]
        # The page forgets every token it held (another device, or storage cleared): the
        # player's cookie is all that is left.
        page.evaluate("localStorage.clear()")
        page.goto("/")
        tables = page.get_by_role("region", name="بازیکن شما")
        tables.get_by_role("heading", name="میزهای نیمه‌تمام شما").wait_for()
        assert "در حال بازی" in tables.inner_text()
        tables.get_by_role("button", name="بازگشت به میز").first.click()
        page.wait_for_selector("#game-root")
        back = wait_turn_or_end(seat)
        assert back["room"]["id"] == room and back["seat"] == 0
        assert back["index"] >= state["index"]
        # The name is remembered: the form offers it, the server calls the seat by it.
        page.goto("/")
        field = page.get_by_role("region", name="بازیکن شما").get_by_role(
            "textbox", name="نام بازیکن"
        )
        assert field.input_value() == "سارا"
        assert seat.errors == []
    finally:
        seat.close()


def test_the_bare_address_of_your_table_finds_your_seat_in_english(
    browser: Any, web_server: Any
) -> None:
    seat = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = seat.page
        page.goto("/")
        you = page.get_by_role("region", name="Your player")
        you.get_by_role("textbox", name="Player name").fill("Reza")
        you.get_by_role("button", name="Save").click()
        you.get_by_role("status").get_by_text("Saved").wait_for()
        card = page.locator('.game-card[data-game="love-letter"]')
        card.get_by_role("button", name="Play against bots").click()
        page.wait_for_selector("#game-root")
        state = wait_turn_or_end(seat)
        room = state["room"]["id"]
        page.evaluate("localStorage.clear()")
        page.goto(f"/room/{room}")  # no token in the address, none saved
        page.wait_for_selector("#game-root")
        back = wait_turn_or_end(seat)
        assert back["seat"] == 0 and back["room"]["seats"][0]["name"] == "Reza"
        assert "#token=" in page.url  # the fresh token, for this device
        assert seat.errors == []
    finally:
        seat.close()


def test_an_email_link_from_the_log_signs_in_in_english(browser: Any, web_server: Any) -> None:
    """Without SMTP the server writes the link to its log (a local install)."""
    seat = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = seat.page
        page.goto("/")
        you = page.get_by_role("region", name="Your player")
        you.get_by_role("textbox", name="Or a sign-in link by e-mail:").fill("me@home.example")
        you.get_by_role("button", name="Send the link").click()
        page.get_by_text("the sign-in link arrives").wait_for()
        found = re.findall(r"/signin#email=[\w-]+", web_server.log_path.read_text())
        page.goto(found[-1])
        page.get_by_role("button", name="Sign out").wait_for()
        you.get_by_text("You are signed in to your account.").wait_for()
        assert seat.errors == []
    finally:
        seat.close()
