"""How a table looks and tells you things, in a real browser: your turn in the tab's title,
cards drawn as pictures shipped with the app (SVG, never font emoji), a picture of each
game on the home page, Skip-Bo discard
piles fanned so the cards under the top show, cards that travel to where they land (and
nothing moving for someone who asked for less motion), and the files sent gzipped."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest
from layout_check import problems
from playwright.sync_api import expect
from web_helpers import LAPTOP, PHONE, Seat, acted, play_love_letter, wait_turn_or_end

from rumizi.server.app import WEB

pytestmark = pytest.mark.browser

COVERS = {"love-letter", "skip-bo", "ugha-bugha", "tuki", "ayozhit"}
"""The games with a picture on the home page (art/covers.js)."""

EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf]")
"""Pictographs a machine without an emoji font shows as nothing (★ and ✓ are plain text)."""


def test_your_turn_is_in_the_tab_title_and_love_letter_cards_are_drawn(
    browser: Any, web_server: Any
) -> None:
    seat = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = seat.page
        page.goto("/")
        page.click('[data-solo="love-letter"]')
        page.wait_for_selector("#game-root")
        state = wait_turn_or_end(seat)
        page.wait_for_function("() => document.title.startsWith('● Your turn')")
        for card in page.locator(".ll-card").all():
            assert card.locator("svg").count() == 1  # its character, drawn
            assert not EMOJI.search(card.inner_text())
        play_love_letter(seat, random.Random(2), state)
        acted(seat, state["index"])
        page.wait_for_function(  # a bot's turn or mine again: the title follows
            "() => document.title.startsWith('●') === window.rumizi.state.toAct.includes("
            "window.rumizi.state.seat)"
        )
        assert not seat.errors
    finally:
        seat.close()


def test_ugha_bugha_words_and_gestures_are_drawn(browser: Any, web_server: Any) -> None:
    seat = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = seat.page
        page.goto("/")
        page.click('[data-solo="ugha-bugha"]')
        page.wait_for_selector("#game-root")
        state = wait_turn_or_end(seat)
        if any(a["type"] == "flip" for a in state["legal"]):
            page.locator("[data-key^='flip-']").first.click()
            acted(seat, state["index"])
        page.locator(".ub-top svg").wait_for()
        palette = page.locator(".ub-palette button")
        palette.first.wait_for()
        assert palette.count() == 19  # 16 words and 3 gestures, each with its picture
        for button in palette.all():
            assert button.locator("svg").count() == 1
            assert not EMOJI.search(button.inner_text())
        assert not seat.errors
    finally:
        seat.close()


def test_skip_bo_discard_piles_are_fanned(browser: Any, web_server: Any) -> None:
    seat = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = seat.page
        page.goto("/")
        page.click('[data-solo="skip-bo"]')
        page.wait_for_selector("#game-root")
        discarded: list[str] = []
        while len(discarded) < 3:  # three turns, each ended by a discard on pile 1
            state = wait_turn_or_end(seat)
            assert not state["over"]
            move = next(
                a
                for a in state["legal"]
                if a.get("to") == "discard" and a["to_pile"] == 0 and a["from"] == "hand"
            )
            page.locator(f'[data-src="hand:{move["card"]}"]').first.click()
            page.locator('[data-dst="discard:0"]').click()
            acted(seat, state["index"])
            discarded.append("SKIP-BO" if move["card"] == "skip-bo" else str(move["card"]))
        pile = page.locator(".sb-mine .sb-pile").nth(1)  # the stock, then discard pile 1
        under = pile.locator(".sb-fan .sb-under").all_inner_texts()
        assert [u.replace("★", "SKIP-BO") for u in under] == discarded[:-1]
        top = pile.locator('[data-dst="discard:0"]')
        assert top.inner_text() == discarded[-1]
        assert not seat.errors
    finally:
        seat.close()


# ------------------------------------------------------------------ motion
WATCH_MOTION = """
window.__moves = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__moves.push(String(frames[0].transform));
  return animate.call(this, frames, options);
};
document.addEventListener("animationstart", (e) => window.__moves.push(`css ${e.animationName}`));
"""
"""Notes every animation the page starts (script-driven and CSS), for the test to read."""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_played_cards_travel_to_the_table_unless_less_motion_is_asked(
    browser: Any, web_server: Any, motion: str
) -> None:
    person = Seat(browser, web_server.url, "en-US", LAPTOP, motion, WATCH_MOTION)
    try:
        page = person.page
        page.goto("/")
        page.click('[data-solo="love-letter"]')
        page.wait_for_selector("#game-root")
        rng = random.Random(5)
        for _ in range(2):  # two turns: each time a bot's card and ours land on the table
            state = wait_turn_or_end(person)
            if state["over"]:
                break
            play_love_letter(person, rng, state)
            acted(person, state["index"])
        wait_turn_or_end(person)
        moves: list[str] = page.evaluate("window.__moves")
        travelled = [m for m in moves if m.startswith("translate(")]
        if motion == "reduce":
            assert moves == []
        else:
            assert len(travelled) >= 2, moves  # our discard and a bot's, at least
            assert any(m != "translate(0px, 0px) scale(0.85)" for m in travelled), moves
        assert not person.errors
    finally:
        person.close()


# ------------------------------------------------------------------ files
def test_static_files_are_gzipped_when_asked_and_plain_otherwise(web_server: Any) -> None:
    path = "vendor/three/three.min.js"
    whole = (WEB / path).read_bytes()
    with httpx.Client(base_url=web_server.url, timeout=20) as http:
        zipped = http.get(f"/{path}", headers={"Accept-Encoding": "gzip"})
        plain = http.get(f"/{path}", headers={"Accept-Encoding": "identity"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.num_bytes_downloaded < len(whole) / 3
    assert zipped.content == whole  # httpx unzips: the same file
    assert "content-encoding" not in plain.headers and plain.content == whole


# ------------------------------------------------------------------ the home page
@pytest.mark.parametrize(("locale", "viewport"), [("en-US", LAPTOP), ("fa-IR", PHONE)])
def test_the_home_page_shows_a_picture_of_each_game(
    browser: Any, web_server: Any, locale: str, viewport: dict[str, int]
) -> None:
    games = [g for g in httpx.get(f"{web_server.url}/api/games").json() if g["id"] in COVERS]
    assert {g["id"] for g in games} == COVERS
    seat = Seat(browser, web_server.url, locale, viewport)
    try:
        page = seat.page
        page.goto("/")
        lang = locale[:2]
        for g in games:
            card = page.locator("article").filter(
                has=page.get_by_role("heading", name=g["title"][lang], exact=True)
            )
            picture = card.locator(".cover")
            expect(picture).to_be_visible()
            assert picture.locator(".card, svg, img").count() >= 1, g["id"]  # its own art
            assert not EMOJI.search(picture.inner_text())
            if lang == "fa":
                assert not re.search(r"[A-Za-z0-9]", picture.inner_text()), g["id"]
        page.wait_for_function(  # Ayozhit's picture cards come from the game's own renderer
            "() => [...document.querySelectorAll('.cover img')].every("
            "i => i.complete && i.naturalWidth > 0)"
        )
        assert not problems(page, ())  # no text spills out of a card
        assert not seat.errors
    finally:
        seat.close()


# ------------------------------------------------------------------ weight
SHOWN = {
    "love-letter": ".ll-card",
    "skip-bo": ".sb-card",
    "ugha-bugha": ".ub-top",
    "ayozhit": ".ayz-grid img",
    "tuki": "#game-root canvas",
}
LIMIT_KB = {"tuki": 350}
"""Each table page's first load, font and pictures included: under 300 KB (Tuki, with
three.js, under 350 KB). bench/web_load.py measures the same bytes and the time."""


def test_each_table_page_is_light_on_its_first_load(browser: Any, web_server: Any) -> None:
    base = web_server.url
    sizes: dict[str, float] = {}
    for game, shown in SHOWN.items():
        players = {"ayozhit": 3, "ugha-bugha": 3, "love-letter": 3}.get(game, 2)
        body = {
            "game": game,
            "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot"}] * (players - 1),
            "settings": {"autostart": True, "bot_delay": 10},
        }
        made = httpx.post(f"{base}/api/rooms", json=body, timeout=20).json()
        seat = Seat(browser, base, "fa-IR", LAPTOP)  # empty cache: a first load
        finished: list[Any] = []
        seat.page.on("requestfinished", lambda r, finished=finished: finished.append(r))
        try:
            seat.page.goto(base + made["links"]["seats"]["0"])
            seat.page.locator("#ready-form button").click()
            seat.page.wait_for_selector(shown)
            seat.page.evaluate("document.fonts.ready.then(() => true)")
            seat.page.wait_for_load_state("networkidle")
            got = [r.sizes() for r in finished]
            sizes[game] = sum(s["responseBodySize"] + s["responseHeadersSize"] for s in got) / 1024
        finally:
            seat.close()
    heavy = {g: round(kb, 1) for g, kb in sizes.items() if kb >= LIMIT_KB.get(g, 300)}
    assert not heavy, (heavy, sizes)
