"""Accounts with passkeys in a real browser, acting as a person (issue 32, part 2): the
passkeys are Chromium's virtual authenticators through the CDP session (``WebAuthn.enable``,
``WebAuthn.addVirtualAuthenticator``: resident keys, user verification), the same
credential put into a second browser context as a person's second device holds it. The
server is reached as ``localhost`` (a passkey's relying party is a host name, never an
address)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from web_helpers import LAPTOP, PHONE, Seat, play_love_letter, wait_turn_or_end

pytestmark = pytest.mark.browser


def passkeys(seat: Seat) -> tuple[Any, str]:
    """A platform authenticator for this context (its CDP session and id)."""
    cdp = seat.context.new_cdp_session(seat.page)
    cdp.send("WebAuthn.enable")
    options = {
        "protocol": "ctap2",
        "transport": "internal",
        "hasResidentKey": True,
        "hasUserVerification": True,
        "isUserVerified": True,
        "automaticPresenceSimulation": True,
    }
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": options})
    return cdp, made["authenticatorId"]


def local(url: str) -> str:
    return url.replace("127.0.0.1", "localhost")


def test_sign_up_then_sign_in_on_another_device_and_sign_out_everywhere_else(
    browser: Any, web_server: Any
) -> None:
    base = local(web_server.url)
    laptop = Seat(browser, base, "en-US", LAPTOP)
    phone = Seat(browser, base, "en-US", PHONE)
    try:
        page = laptop.page
        cdp, authenticator = passkeys(laptop)
        page.goto("/")
        you = page.get_by_role("region", name="Your player")
        you.get_by_role("textbox", name="Player name").fill("Sara")
        you.get_by_role("button", name="Save").click()
        you.get_by_role("status").get_by_text("Saved").wait_for()
        card = page.locator('.game-card[data-game="love-letter"]')
        card.get_by_role("button", name="Play against bots").click()
        page.wait_for_selector("#game-root")
        room = wait_turn_or_end(laptop)["room"]["id"]
        page.goto("/")
        you.get_by_role("button", name="Make an account with a passkey").click()
        you.get_by_text("You are signed in to your account.").wait_for()
        held = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
        assert len(held["credentials"]) == 1 and held["credentials"][0]["isResidentCredential"]
        # The phone holds the same passkey (synced, as passkeys are).
        phone_cdp, phone_authenticator = passkeys(phone)
        phone_cdp.send(
            "WebAuthn.addCredential",
            {"authenticatorId": phone_authenticator, "credential": held["credentials"][0]},
        )
        other = phone.page
        other.goto("/")
        mine = other.get_by_role("region", name="Your player")
        mine.get_by_role("button", name="Sign in with a passkey").click()
        mine.get_by_text("You are signed in to your account.").wait_for()
        assert mine.get_by_role("textbox", name="Player name").input_value() == "Sara"
        mine.get_by_role("heading", name="Your unfinished tables").wait_for()
        mine.get_by_role("button", name="Back to the table").first.click()
        other.wait_for_selector("#game-root")
        back = wait_turn_or_end(phone)
        assert back["room"]["id"] == room and back["seat"] == 0
        # Sign out everywhere else, from the phone: the laptop is a guest again.
        other.goto("/")
        everywhere = mine.get_by_role("button", name="Sign out everywhere else")
        everywhere.wait_for()
        sessions = mine.get_by_role("list").filter(has_text="this device")
        assert sessions.get_by_role("listitem").count() == 2
        everywhere.click()
        mine.get_by_role("button", name="Sign out everywhere else").wait_for(state="detached")
        page.reload()
        you.get_by_role("button", name="Make an account with a passkey").wait_for()
        assert you.get_by_role("textbox", name="Player name").input_value() == ""
        assert laptop.errors == [] and phone.errors == []
    finally:
        laptop.close()
        phone.close()


def test_a_guest_plays_makes_an_account_and_finds_the_game_in_its_history_in_persian(
    browser: Any, web_server: Any
) -> None:
    seat = Seat(browser, local(web_server.url), "fa-IR", PHONE)
    try:
        page = seat.page
        passkeys(seat)
        page.goto("/")
        you = page.get_by_role("region", name="بازیکن شما")
        you.get_by_role("textbox", name="نام بازیکن").fill("نیما")
        you.get_by_role("button", name="ذخیره").click()
        you.get_by_role("status").get_by_text("ذخیره شد").wait_for()
        # A short game against a bot: two players, one token to win, fast bots.
        card = page.locator('.game-card[data-game="love-letter"]')
        card.get_by_role("button", name="چیدن میز").click()
        form = page.get_by_role("form")
        form.get_by_label("تعداد بازیکنان").select_option("2")
        form.get_by_label("امتیاز لازم برای بردن").fill("1")
        form.get_by_label("سرعت ربات‌ها").select_option(label="تند")
        form.get_by_role("button", name="ساختن میز").click()
        start = page.get_by_role("button", name="شروع بازی")
        if not page.locator("#game-root").count():
            start.click()
        page.wait_for_selector("#game-root")
        rng = random.Random(3)
        while not (state := wait_turn_or_end(seat))["over"]:
            index = state["index"]
            play_love_letter(seat, rng, state)
            page.wait_for_function(
                f"() => window.rumizi.state.index > {index} || window.rumizi.state.over"
            )
        page.goto("/")
        you.get_by_role("button", name="ساختن حساب با کلید عبور").click()
        you.get_by_text("با حساب خود وارد شده‌اید.").wait_for()
        you.get_by_role("heading", name="دستگاه‌هایی که با آن‌ها وارد شده‌اید").wait_for()
        listed = you.locator("#sessions").inner_text()
        assert "همین دستگاه" in listed and not any(d in listed for d in "0123456789")
        # The history: the game, played once, its replay.
        you.get_by_role("link", name="بازی‌ها و صفحهٔ شما").click()
        page.get_by_role("heading", name="نیما").wait_for()
        games = page.get_by_role("table")
        row = games.get_by_role("row", name="نامه‌ای به گیلاس")
        assert row.get_by_role("cell").first.inner_text() == "۱"
        last = page.get_by_role("region", name="آخرین بازی‌ها")
        assert last.get_by_role("listitem").count() == 1
        last.get_by_role("link", name="بازپخش").click()
        page.wait_for_url("**/replay/**")
        page.locator("#replay-step").wait_for()
        # The account deleted: the page is a guest's again.
        page.goto("/")
        you.get_by_role("button", name="افزودن کلید عبور دیگر").wait_for()
        page.once("dialog", lambda d: d.accept())
        you.get_by_role("button", name="حذف حساب").click()
        you.get_by_role("button", name="ساختن حساب با کلید عبور").wait_for()
        assert you.get_by_role("textbox", name="نام بازیکن").input_value() == ""
        assert seat.errors == []
    finally:
        seat.close()
