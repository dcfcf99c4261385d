"""Ayozhit in a real browser: a person sets up a table against 3 bots through the setup form
and plays all 4 rounds through the table — choosing the word, marking pictures and saying
ready, announcing — in Persian (laptop) and in English (phone), to the result screen.

Every move is a click on what a person sees (buttons by their role and name); the driver
only reads what the page itself holds (``window.rumizi.state``) to know whose turn it is.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_helpers import LAPTOP, PHONE, Seat, shoot

pytestmark = pytest.mark.browser

WORDS = {
    "fa": {"ready": "آماده‌ام", "announce": "اعلام", "round4": "دور ۴ از ۴"},
    "en": {"ready": "Ready", "announce": "Announce", "round4": "Round 4 of 4"},
}


def set_up_against_bots(seat: Seat, name: str) -> None:
    page = seat.page
    page.goto("/")
    page.click('[data-setup="ayozhit"]')
    form = page.locator("#setup-form")
    form.locator('[name="name"]').fill(name)
    form.locator('[name="players"]').select_option("4")
    form.locator('[name="speed"]').select_option("0.2")
    form.locator('button[type="submit"]').click()
    page.wait_for_selector(".room-lobby")
    page.wait_for_function("() => !document.querySelector('#start')?.disabled")
    page.click("#start")
    page.wait_for_selector("#game-root")


def my_turn(seat: Seat) -> dict[str, Any]:
    seat.page.wait_for_function(
        "() => { const s = window.rumizi.state; return s.over || (s.legal.length > 0 && "
        "!s.pending && document.getElementById('game-root')); }",
        timeout=60_000,
    )
    return seat.state()


def click_and_wait(seat: Seat, locator: Any, until: str) -> None:
    """Click, then wait until the page shows the move's effect (``until``, a JS condition
    on ``v``, the seat's view), or the end of the game. The table is redrawn whenever a bot
    moves: a click that lands as its button is replaced is lost, as it would be for a
    person, who clicks again — so does this driver, once the effect has not come."""
    check = f"() => {{ const s = window.rumizi.state, v = s.view; return s.over || ({until}); }}"
    for _ in range(3):
        locator.click()
        try:
            seat.page.wait_for_function(check, timeout=8_000)
            return
        except PlaywrightTimeout:
            if seat.page.evaluate(check):
                return
    raise AssertionError(f"the click never took effect ({until})")


def play_a_game(seat: Seat, lang: str, shots: str) -> dict[str, Any]:
    page = seat.page
    words = WORDS[lang]
    phases: set[str] = set()
    shot = False
    end = time.monotonic() + 300
    while True:
        assert time.monotonic() < end, "the game did not end in time"
        state = my_turn(seat)
        if state["over"]:
            return state
        phase = state["view"]["phase"]
        phases.add(phase)
        if phase == "word":
            click_and_wait(seat, page.locator(".ayz-word button").first, "v.word !== null")
        elif phase == "select":
            pictures = page.locator(".ayz-grid button[aria-pressed='false']")
            for n in (1, 2):
                click_and_wait(seat, pictures.first, f"v.marks.length === {n}")
            assert page.locator("#ayz-count").inner_text() in (
                "Marked: 2 (1–10)",
                "علامت‌ها: ۲ (۱ تا ۱۰)",
            )
            if not shot:
                shoot(seat, f"{shots}-marking")
                shot = True
            ready = page.get_by_role("button", name=words["ready"])
            click_and_wait(seat, ready, "v.phase !== 'select' || v.ready[s.seat]")
        elif phase == "announce":
            button = page.get_by_role("button", name=re.compile(words["announce"])).first
            told = len(state["view"]["announced"])
            click_and_wait(seat, button, f"v.phase !== 'announce' || v.announced.length > {told}")
        else:
            raise AssertionError(f"unexpected phase {phase}")


@pytest.mark.parametrize(
    ("lang", "locale", "viewport"), [("fa", "fa-IR", LAPTOP), ("en", "en-GB", PHONE)]
)
def test_a_whole_game_against_three_bots(
    browser: Any, web_server: Any, lang: str, locale: str, viewport: dict[str, int]
) -> None:
    seat = Seat(browser, web_server.url, locale, viewport)
    try:
        set_up_against_bots(seat, "Mina" if lang == "fa" else "Ann")
        page = seat.page
        assert page.locator("html").get_attribute("dir") == ("rtl" if lang == "fa" else "ltr")
        assert page.locator(".ayz-grid img").count() == 15
        page.wait_for_function(  # the cards are drawn (by the server's card renderer)
            "() => { const i = document.querySelector('.ayz-grid img');"
            " return i && i.complete && i.naturalWidth > 0; }"
        )
        state = play_a_game(seat, lang, f"ayozhit-{lang}")
        assert state["view"]["round"] == 4 and state["outcome"]["winners"]
        page.wait_for_selector("#game-result")
        result = page.locator("#game-result").inner_text()
        assert all(name in result for name in ("Mina" if lang == "fa" else "Ann",))
        summary = page.locator("#ayz-summary").inner_text()
        assert ("دور ۴" if lang == "fa" else "Round 4") in summary
        if lang == "fa":
            table = page.locator("#game-root").inner_text()
            assert not re.search(r"[0-9]", table), "ASCII digits on the Persian table"
        shoot(seat, f"ayozhit-{lang}-end")
        assert not seat.errors, seat.errors
    finally:
        seat.close()


def test_the_server_serves_the_pictures(web_server: Any) -> None:
    import httpx

    base = web_server.url
    svg = httpx.get(f"{base}/art/ayozhit/owl.svg", timeout=20)
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.startswith("<svg") and 'data-picture="owl"' in svg.text
    texts = httpx.get(f"{base}/api/games/ayozhit/texts", timeout=20).json()
    assert texts["en"]["card.owl"] == "Owl" and texts["fa"]["card.owl"]
    for path in ("/art/ayozhit/nothing.svg", "/art/love-letter/guard.svg", "/art/nope/x.svg"):
        assert httpx.get(base + path, timeout=20).status_code == 404
    rules = httpx.get(f"{base}/rules/ayozhit.fa.html", timeout=20)
    assert rules.status_code == 200 and "خواب‌زده" in rules.text
