"""Ayozhit in a real browser: a person sets up a table against 3 bots through the setup form
and plays all 4 rounds through the table — choosing the word, marking pictures and saying
ready, announcing — in Persian (laptop) and in English (phone), to the result screen.

The driver does only what a person does: it looks for what the table shows (buttons by
their role and name, the count of marks, the result screen) and clicks. It never reads
the page's state: a move has taken effect when the screen shows it.
"""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_helpers import LAPTOP, PHONE, Seat, shoot

pytestmark = pytest.mark.browser

WORDS = {
    "fa": {
        "choose": re.compile(r"^«.+» را برگزینید$"),
        "ready": "آماده‌ام",
        "announce": re.compile(r"^اعلام "),
        "marked": "علامت‌ها: {n} (۱ تا ۱۰)",
        "digits": str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"),
        "round4": "دور ۴",
    },
    "en": {
        "choose": re.compile(r"^Choose “.+”$"),
        "ready": "Ready",
        "announce": re.compile(r"^Announce "),
        "marked": "Marked: {n} (1–10)",
        "digits": str.maketrans("", ""),
        "round4": "Round 4",
    },
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


def shown(locator: Locator) -> bool:
    """Whether the screen shows ``locator`` now."""
    return bool(locator.first.is_visible())


def until(page: Page, done: Any, seconds: float = 8) -> bool:
    """Wait until ``done()`` (a look at the screen) holds."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        page.wait_for_timeout(100)
    return bool(done())


def click_until(page: Page, button: Locator, done: Any) -> None:
    """Click, then wait until the screen shows the move's effect. The table is redrawn
    whenever a bot moves: a click that lands as its button is replaced is lost, as it
    would be for a person, who clicks again — so does this driver."""
    for _ in range(4):
        if done():
            return
        with contextlib.suppress(PlaywrightTimeout):  # replaced under the pointer
            button.click(timeout=5_000)
        if until(page, done):
            return
    raise AssertionError("the click never took effect")


def play_a_game(seat: Seat, lang: str, shots: str) -> set[str]:
    """Play to the result screen; the kinds of moves made."""
    page = seat.page
    words = WORDS[lang]
    choose = page.get_by_role("button", name=words["choose"])
    ready = page.get_by_role("button", name=words["ready"], exact=True)
    announce = page.get_by_role("button", name=words["announce"])
    result = page.locator("#game-result")
    count = page.locator("#ayz-count")
    made: set[str] = set()
    end = time.monotonic() + 300
    while not shown(result):
        assert time.monotonic() < end, "the game did not end in time"
        anything = choose.or_(ready).or_(announce).or_(result)
        anything.first.wait_for(state="visible", timeout=60_000)
        if shown(choose):
            made.add("word")
            click_until(page, choose.first, lambda: not shown(choose))
        elif shown(ready):
            made.add("mark")
            for n in (1, 2):
                picture = page.locator(".ayz-grid").get_by_role("button", pressed=False).first
                text = words["marked"].format(n=str(n).translate(words["digits"]))
                click_until(page, picture, lambda t=text: shown(count) and count.inner_text() == t)
            if "shot" not in made:
                shoot(seat, f"{shots}-marking")
                made.add("shot")
            click_until(page, ready, lambda: not shown(ready))
        elif shown(announce):
            made.add("announce")
            name = announce.first.get_attribute("aria-label") or ""
            same = page.get_by_role("button", name=name, exact=True)
            click_until(page, same, lambda b=same: not shown(b))
    return made


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
        made = play_a_game(seat, lang, f"ayozhit-{lang}")
        assert {"word", "mark", "announce"} <= made
        result = page.locator("#game-result").inner_text()
        assert ("Mina" if lang == "fa" else "Ann") in result
        summary = page.locator("#ayz-summary").inner_text()
        assert WORDS[lang]["round4"] in summary  # the last round's summary
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
