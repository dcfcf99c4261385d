"""Every table fits its screen and reads whole, and the card tables guard against moves a
person doesn't mean to make.

The look (``layout_check``): each of the five tables, opened with "Play against bots" from
the home page, in English and in Persian, on a 390×844 touch phone (taps) and a 1366×768
laptop (clicks), at your turn and again after the first step of a move (a card chosen, a
card flipped, a word chosen): everything you must act on is on the screen, nothing covers
it, no text spills out of its box, and the page never scrolls sideways. Four at a card
table on a laptop sit round the felt's edges.

Love Letter asks before a move that puts you out (the Princess; a Prince on yourself while
holding the Princess), and Cancel changes nothing. Skip-Bo: a click selects one card (of
two alike), and lights exactly the building piles that card fits.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from layout_check import problems
from playwright.sync_api import expect
from web_helpers import LAPTOP, PHONE, Seat, acted, wait_turn_or_end

from love_letter_helpers import stack
from rumizi.server.app import WEB

pytestmark = pytest.mark.browser

WORDS = {lang: json.loads((WEB / "i18n" / f"{lang}.json").read_text()) for lang in ("en", "fa")}
TABLE = {
    game: json.loads((WEB.parent / "games" / game.replace("-", "_") / "texts.json").read_text())
    for game in ("love-letter", "skip-bo", "ugha-bugha")
}
"""The card tables' own words, from each game's catalogue (the table captions: ``table.*``)."""
DEVICES = [("en", "en-US", "phone"), ("en", "en-US", "laptop"), ("fa", "fa-IR", "phone")]
DEVICES += [("fa", "fa-IR", "laptop")]
GAMES = ["love-letter", "skip-bo", "ugha-bugha", "ayozhit", "tuki"]


def press(seat: Seat, target: Any, touch: bool) -> None:
    """A tap on a phone, a click on a laptop."""
    if touch:
        target.tap()
    else:
        target.click()


def first_step(seat: Seat, game: str, lang: str, touch: bool) -> bool:
    """Begin a move as a person would: choose a card, flip one, choose the word or mark a
    picture. Returns whether the table now shows something new to check."""
    page = seat.page
    if game == "love-letter":
        hand = page.get_by_role("region", name=TABLE[game][lang]["table.your_hand"])
        press(seat, hand.get_by_role("button", disabled=False).first, touch)
        page.locator(".me .choices [data-ui], .me .choices [data-act]").first.wait_for()
    elif game == "skip-bo":
        hand = page.get_by_role("group", name=TABLE[game][lang]["table.your_hand"])
        press(seat, hand.get_by_role("button", disabled=False).first, touch)
        page.get_by_role("button", name=WORDS[lang]["cancel"]).wait_for()
    elif game == "ugha-bugha":
        words = TABLE[game][lang]
        flips = page.get_by_role("group", name=words["table.your_cards"]).get_by_role("button")
        if not flips.count():
            return False
        press(seat, flips.first, touch)
        page.get_by_role("group", name=words["table.palette"]).wait_for()
    elif game == "ayozhit":
        pictures = page.locator(".ayz-grid").get_by_role("button", pressed=False)
        choose = page.locator("#game-root [data-key^='word-']")
        if choose.count():
            press(seat, choose.first, touch)
            pictures.first.wait_for()
        press(seat, pictures.first, touch)
        page.locator(".ayz-grid").get_by_role("button", pressed=True).wait_for()
    else:
        return False
    return True


@pytest.mark.parametrize("game", GAMES)
def test_the_table_fits_the_screen_and_reads_whole(
    browser: Any, web_server: Any, game: str
) -> None:
    titles = {g["id"]: g["title"] for g in httpx.get(f"{web_server.url}/api/games").json()}
    found: list[str] = []
    for lang, locale, device in DEVICES:
        touch = device == "phone"
        seat = Seat(browser, web_server.url, locale, PHONE if touch else LAPTOP, touch=touch)
        try:
            page = seat.page
            page.goto("/")
            card = page.locator("article").filter(
                has=page.get_by_role("heading", name=titles[game][lang], exact=True)
            )
            press(seat, card.get_by_role("button", name=WORDS[lang]["play_bots"]), touch)
            page.wait_for_selector("#game-root")
            state = wait_turn_or_end(seat)
            assert not state["over"]
            page.evaluate("document.fonts.ready.then(() => true)")
            found += [f"{lang} {device}, your turn: {p}" for p in problems(page)]
            if first_step(seat, game, lang, touch):
                found += [f"{lang} {device}, after a first step: {p}" for p in problems(page)]
            assert not seat.errors, seat.errors
        finally:
            seat.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("game", "locale", "lang"), [("love-letter", "en-US", "en"), ("skip-bo", "fa-IR", "fa")]
)
def test_four_at_a_card_table_sit_round_its_edges(
    browser: Any, web_server: Any, game: str, locale: str, lang: str
) -> None:
    """Dara in the second seat of four, on a laptop: the seat after hers sits on her start
    side of the felt (left in English, right in Persian), the one after that across the
    top, the last on her end side; everything still fits."""
    bots = [{"kind": "bot", "bot": "random"}]
    body = {
        "game": game,
        "seats": bots + [{"kind": "person", "name": "Dara"}] + bots * 2,
        "settings": {"autostart": True, "bot_delay": 0.2},
    }
    made = httpx.post(f"{web_server.url}/api/rooms", json=body, timeout=20)
    assert made.status_code == 201, made.text
    dara = Seat(browser, web_server.url, locale, LAPTOP)
    try:
        page = dara.page
        page.goto(web_server.url + made.json()["links"]["seats"]["1"])
        page.locator("#ready-form button").click()
        wait_turn_or_end(dara)
        bot = "Bot" if lang == "en" else "ربات"
        digits = "1234" if lang == "en" else "۱۲۳۴"

        def box(n: int) -> dict[str, float]:
            seat = page.get_by_role("region", name=re.compile(f"^{bot} {digits[n - 1]} "))
            found = seat.bounding_box()
            assert found, n
            return found

        felt = page.locator("#game-root .felt").bounding_box()
        assert felt
        start, top, end = box(3), box(4), box(1)
        left, right = (start, end) if lang == "en" else (end, start)
        assert left["x"] + left["width"] <= felt["x"]
        assert right["x"] >= felt["x"] + felt["width"]
        assert top["y"] + top["height"] <= felt["y"]
        assert felt["x"] < top["x"] + top["width"] / 2 < felt["x"] + felt["width"]
        assert not problems(page)
        assert not dara.errors
    finally:
        dara.close()


# ------------------------------------------------------------------ Love Letter
def take_seat(seat: Seat, base: str, body: dict[str, Any]) -> None:
    made = httpx.post(f"{base}/api/rooms", json=body, timeout=20)
    assert made.status_code == 201, made.text
    seat.page.goto(base + made.json()["links"]["seats"]["0"])
    seat.page.locator("#ready-form button").click()


def test_love_letter_asks_before_a_move_that_puts_you_out(browser: Any, web_server: Any) -> None:
    # The bot starts with the Priest and the Handmaid (nothing that harms Dara); Dara is
    # dealt the Prince and draws the Princess.
    deck = stack("guard", "guard", "guard", "guard", "priest", "prince", "handmaid", "princess")
    body = {
        "game": "love-letter",
        "seats": [{"kind": "person", "name": "Dara"}, {"kind": "bot", "bot": "heuristic"}],
        "options": {"first": 1, "deck": [deck]},
        "settings": {"autostart": True, "bot_delay": 0.2},
    }
    dara = Seat(browser, web_server.url, "en-US", PHONE, touch=True)
    try:
        take_seat(dara, web_server.url, body)
        before = wait_turn_or_end(dara)
        page = dara.page
        hand = page.get_by_role("region", name="Your hand")
        sent = len(dara.frames)

        # The Princess: asked first; Cancel leaves everything as it was.
        hand.get_by_role("button", name=re.compile("^8 Princess")).tap()
        page.get_by_role("button", name=re.compile(r"^Play .*Princess")).tap()
        expect(page.get_by_role("alert").filter(has_text="puts you out")).to_be_visible()
        page.get_by_role("button", name="Cancel").tap()
        expect(page.get_by_role("alert").filter(has_text="puts you out")).to_have_count(0)
        expect(hand.get_by_role("button", pressed=True)).to_have_count(0)

        # A Prince on yourself while holding the Princess: asked too, and cancelled.
        hand.get_by_role("button", name=re.compile("^5 Prince")).tap()
        page.get_by_role("button", name="yourself", exact=True).tap()
        page.get_by_role("button", name=re.compile(r"^Play .*Prince")).tap()
        expect(page.get_by_role("alert").filter(has_text="discards your Princess")).to_be_visible()
        page.get_by_role("button", name="Cancel").tap()
        page.wait_for_timeout(300)
        assert dara.state()["index"] == before["index"] and dara.state()["view"] == before["view"]
        assert not [f for f in dara.frames[sent:] if f["type"] == "update"]  # nothing was sent

        # Sure this time: the Princess is played and Dara is out of the round. The round's
        # result shows over the top of the phone's page and the table stays where it was.
        table = page.locator("#game-root").bounding_box()
        assert table
        hand.get_by_role("button", name=re.compile("^8 Princess")).tap()
        page.get_by_role("button", name=re.compile(r"^Play .*Princess")).tap()
        page.get_by_role("button", name="Yes, play it").tap()
        acted(dara, before["index"])
        played = page.locator("rz-log li").filter(has_text="You played the Princess")
        expect(played).to_have_count(1)
        expect(page.locator("#round-end")).to_be_visible()
        after = page.locator("#game-root").bounding_box()
        assert after and (after["x"], after["y"]) == (table["x"], table["y"])
        assert not problems(page)  # Continue is on screen, nothing you need is covered
        assert not dara.errors
    finally:
        dara.close()


def test_a_round_that_ends_on_the_matchs_first_move_shows_its_result(
    browser: Any, web_server: Any
) -> None:
    # Dara starts with the Guard and draws the King; the bot holds the Priest. Dara's
    # Guard names the Priest: the round ends on the match's very first move, whose update
    # carries the whole history (since 0) — the page still shows the round's result.
    deck = stack("guard", "guard", "guard", "guard", "guard", "priest", "king")
    body = {
        "game": "love-letter",
        "seats": [{"kind": "person", "name": "Dara"}, {"kind": "bot", "bot": "heuristic"}],
        "options": {"first": 0, "deck": [deck]},
        "settings": {"autostart": True, "bot_delay": 0.2},
    }
    dara = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        take_seat(dara, web_server.url, body)
        before = wait_turn_or_end(dara)
        assert before["index"] == 0
        page = dara.page
        hand = page.get_by_role("region", name="Your hand")
        hand.get_by_role("button", name=re.compile("^1 Guard")).click()
        page.get_by_role("button", name=re.compile("^Bot 2")).click()
        page.get_by_role("button", name="Priest", exact=True).click()
        acted(dara, 0)
        expect(page.locator("#round-end")).to_be_visible()
        expect(page.locator("#round-end")).to_contain_text("Dara")
        assert not dara.errors
    finally:
        dara.close()


# ------------------------------------------------------------------ Skip-Bo
def test_skip_bo_click_selects_one_card_and_lights_only_the_piles_it_fits(
    browser: Any, web_server: Any
) -> None:
    from rumizi.games.skip_bo.cards import arrange

    # Ann's hand: 1, 2, 9, 9, 12 (two 9s alike); her stock shows 5.
    deck = arrange(2, 3, stocks=[[5], [7]], draw=[1, 2, 9, 9, 12])
    body = {
        "game": "skip-bo",
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        "options": {"first": 0, "stock_size": 3, "deck": deck},
        "settings": {"autostart": True, "bot_delay": 0.2},
    }
    ann = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        take_seat(ann, web_server.url, body)
        state = wait_turn_or_end(ann)
        page = ann.page
        hand = page.get_by_role("group", name="Your hand")
        building = page.get_by_role("group", name="Building piles", exact=True)
        lit = building.locator(".sb-card.legal")
        assert lit.count() == 0  # nothing chosen: no pile lit

        hand.get_by_role("button", name="Hand card 1", exact=True).click()
        expect(lit).to_have_count(4)  # a 1 starts any empty pile
        building.get_by_role("button", name=re.compile("^Building pile 1")).click()
        acted(ann, state["index"])
        wait_turn_or_end(ann)

        # One of two 9s: that one card is selected, and no building pile takes a 9.
        nines = hand.get_by_role("button", name="Hand card 9", exact=True)
        expect(nines).to_have_count(2)
        nines.nth(1).click()
        expect(hand.get_by_role("button", pressed=True)).to_have_count(1)
        assert nines.nth(1).get_attribute("aria-pressed") == "true"
        assert page.locator("#game-root .selected").count() == 1
        expect(lit).to_have_count(0)
        drops = page.get_by_role("group", name="Your discard piles").locator(".drop")
        expect(drops).to_have_count(4)  # a hand card may always be discarded

        # The 2 fits only the pile that holds the 1.
        hand.get_by_role("button", name="Hand card 2", exact=True).click()
        expect(hand.get_by_role("button", pressed=True)).to_have_count(1)
        lit_names = [b.get_attribute("aria-label") or "" for b in lit.all()]
        assert len(lit_names) == 1 and lit_names[0].startswith("Building pile 1,"), lit_names

        # The raised card (and its tick) stays below its caption, and empty piles say so.
        assert not problems(page)
        caption = hand.locator(".cap").first
        expect(caption).to_have_text("Your hand")
        under: float = caption.evaluate("e => e.getBoundingClientRect().bottom")
        tick: float = hand.get_by_role("button", pressed=True).evaluate(
            "e => e.getBoundingClientRect().top + parseFloat(getComputedStyle(e, '::after').top)"
        )
        assert tick >= under, (tick, under)
        assert "from 1" not in building.inner_text()
        assert not ann.errors
    finally:
        ann.close()


# ------------------------------------------------------------------ the seats
def test_each_seat_shows_whose_turn_its_clock_and_who_is_away(
    browser: Any, web_server: Any
) -> None:
    """Ugha Bugha with its turn clock, Ann and Bob and a bot: the seat to act is ringed and
    counts down at the table; Bob's tab closing shows him away at his seat."""
    body = {
        "game": "ugha-bugha",
        "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "heuristic"}],
        "options": {"tokens_to_win": 1, "first": 0},
        "settings": {"autostart": True, "bot_delay": 0.2},
    }
    made = httpx.post(f"{web_server.url}/api/rooms", json=body, timeout=20).json()
    ann = Seat(browser, web_server.url, "en-US", LAPTOP)
    bob = Seat(browser, web_server.url, "en-US", PHONE, touch=True)
    try:
        for seat, index, name in ((ann, 0, "Ann"), (bob, 1, "Bob")):
            seat.page.goto(web_server.url + made["links"]["seats"][str(index)])
            seat.page.locator('#ready-form [name="name"]').fill(name)
            seat.page.locator("#ready-form button").click()
        wait_turn_or_end(ann)
        page = ann.page
        mine = page.locator("#game-root section.seat", has=page.get_by_text("Ann", exact=True))
        bobs = page.locator("#game-root section.seat", has=page.get_by_text("Bob", exact=True))
        expect(mine).to_have_class(re.compile(r"\bcurrent\b"))
        expect(mine.get_by_role("timer")).to_have_count(1)  # the turn's seconds, at her seat
        expect(bobs).not_to_have_class(re.compile(r"\bcurrent\b"))
        expect(bobs.get_by_role("timer")).to_have_count(0)
        expect(bobs.locator(".avatar")).to_have_text("B")
        expect(bobs.locator(".seat-backs .back")).to_have_count(3)  # his face-down cards
        expect(bobs).not_to_contain_text("away")
        bob.close()
        expect(bobs).to_contain_text("away")
        assert not ann.errors
    finally:
        ann.close()
        bob.close()


@pytest.mark.parametrize(
    ("locale", "lang", "device"),
    [("en-US", "en", "phone"), ("fa-IR", "fa", "phone"), ("en-US", "en", "laptop")],
)
def test_skip_bo_wild_cards_fit_their_faces(
    browser: Any, web_server: Any, locale: str, lang: str, device: str
) -> None:
    """SKIP-BO wilds (the longest face) on the bot's stock, on Ann's stock and in her hand,
    down to the phone's smallest cards."""
    from rumizi.games.skip_bo.cards import arrange

    deck = arrange(2, 3, stocks=[["skip-bo"], ["skip-bo"]], draw=["skip-bo", 1, 2, 3, 4])
    body = {
        "game": "skip-bo",
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        "options": {"first": 0, "stock_size": 3, "deck": deck},
        "settings": {"autostart": True, "bot_delay": 0.2},
    }
    phone = device == "phone"
    ann = Seat(browser, web_server.url, locale, PHONE if phone else LAPTOP, touch=phone)
    try:
        take_seat(ann, web_server.url, body)
        wait_turn_or_end(ann)
        wild = TABLE["skip-bo"][lang]["card.skip-bo"]
        expect(ann.page.locator("#game-root .sb-card.wild").first).to_have_text(wild)
        assert ann.page.locator("#game-root .sb-card.wild").count() == 3
        assert not problems(ann.page)
        assert not ann.errors
    finally:
        ann.close()
