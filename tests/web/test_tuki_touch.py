"""Tuki by touch, on a 390×844 phone (a touch screen, no mouse, no keyboard): a card's
witness built with taps and drags only, in Persian, and judged right; a finger turning
and pinching the view (the page says from where it is seen, and draws it so); a tap that
brings the piece in hand to a cell or against a face, a second tap that puts it down, and
a move the page refuses saying why. Every finger is the browser's own touch input
(``locator.tap``, ``touchscreen.tap``, CDP touch events for drags and pinches)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from layout_check import problems
from server_helpers import bearer
from tuki_helpers import (
    AXIS_WORDS,
    PAD,
    TRAY,
    Finger,
    canvas_point,
    ghost,
    latin_in_table,
    seen_from,
    sit_and_start,
    tuki_room,
    walk_to,
)
from web_helpers import LAPTOP, PHONE, Seat, shoot

from rumizi.games.tuki.cards import find_card

pytestmark = pytest.mark.browser


def practice(browser: Any, base: str, lang: str, name: str, dice: str = "walrus/white") -> Seat:
    """A practice table (one builder, no clock) with card N01 on top, taken on a phone."""
    made = tuki_room(
        base, [{"kind": "person", "name": name}], practice=True, deck=["N01"], dice=[dice]
    )
    seat = Seat(browser, base, "fa-IR" if lang == "fa" else "en-US", PHONE, touch=True)
    sit_and_start(seat, made, 0, touch=True)
    return seat


def pad(page: Any, lang: str) -> Any:
    def press(name: str) -> None:
        page.get_by_role("button", name=PAD[lang][name], exact=True).tap()

    return press


def acts(seat: Seat) -> list[dict[str, Any]]:
    """The moves the page sent to the table."""
    return seat.page.evaluate("window.__sent ?? []")


SENT = """
(() => {
  window.__sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { const m = JSON.parse(data); if (m.type === "act") window.__sent.push(m.action); } catch {}
    return send.call(this, data);
  };
})();
"""


def test_a_witness_is_built_by_touch_in_persian_and_judged_right(
    browser: Any, web_server: Any
) -> None:
    ana = practice(browser, web_server.url, "fa", "آنا")
    try:
        page = ana.page
        press = pad(page, "fa")
        help_text = page.locator(".tk-help").inner_text()
        assert "انگشت" in help_text and "کلید" not in help_text  # touch help, no keys
        card = find_card("N01")
        witness = card.witnesses[f"{card.turn_for('walrus')}/white"].to_json()
        finger = Finger(ana)
        # Turn the view a quarter with a finger: the pad's arrows follow the screen.
        middle = canvas_point(page, 0.5, 0.5)
        finger.drag(middle, (middle[0] + 157, middle[1]))
        assert seen_from(page, "fa") == 90
        for i, (piece, axis, x, y, z) in enumerate(sorted(witness, key=lambda p: p[4])):
            if i == 3:  # back to the card's own view, by its button
                page.get_by_role("button", name="نمای روبه‌رو").tap()
                assert seen_from(page, "fa") == 0
            page.get_by_role("button", name=TRAY["fa"][piece], exact=True).tap()
            for _ in range(3):
                if piece == "snow1" or ghost(page, "fa")[0] == axis:
                    break
                press("turn")
            assert (
                piece == "snow1" or AXIS_WORDS["fa"][axis] in page.locator("#tk-ghost").inner_text()
            )
            page.touchscreen.tap(*canvas_point(page, 0.2, 0.85))  # near: then step to the cell
            walk_to(page, "fa", x, y, z, press)
            page.get_by_role("button", name="یک مهره بگذار").tap()
            page.locator(f'.tk-piece.placed[data-piece="{piece}"]').wait_for()
        assert page.locator("#tk-statics").inner_text() == "ساختهٔ شما پابرجاست."
        shoot(ana, "tuki-touch-fa-built")
        assert page.locator("#tk-refused").inner_text() == ""
        page.get_by_role("button", name="تمام!").tap()
        results = page.locator(".tk-results")
        results.wait_for()
        assert "آنا: درست" in results.inner_text()
        assert "درست ساختید" in page.locator("#round-end").inner_text()
        assert latin_in_table(page) == []
        assert not ana.errors
    finally:
        ana.close()


def test_a_finger_turns_and_pinches_the_view_and_a_drag_puts_nothing_down(
    browser: Any, web_server: Any
) -> None:
    ana = practice(browser, web_server.url, "en", "Ana")
    try:
        page = ana.page
        canvas = page.locator("#tk-stage canvas")
        finger = Finger(ana)
        assert page.locator("#tk-view").inner_text() == "View: from the front"
        in_hand = page.locator("#tk-ghost").inner_text()
        front = canvas.screenshot()
        middle = canvas_point(page, 0.5, 0.5)
        finger.drag(middle, (middle[0] + 160, middle[1]))
        assert page.locator("#tk-view").inner_text() == "View: from the right"
        assert canvas.screenshot() != front
        finger.drag(middle, (middle[0] + 160, middle[1]))
        assert page.locator("#tk-view").inner_text() == "View: from behind"
        tilted = canvas.screenshot()
        finger.drag(middle, (middle[0], middle[1] + 80))  # from higher up: same side
        assert page.locator("#tk-view").inner_text() == "View: from behind"
        assert canvas.screenshot() != tilted
        zoomed = canvas.screenshot()
        finger.pinch(middle, 60)  # fingers apart: nearer
        assert canvas.screenshot() != zoomed
        page.get_by_role("button", name="Front view").tap()
        assert page.locator("#tk-view").inner_text() == "View: from the front"
        # Dragging turned the view and put nothing down; the piece in hand stayed.
        assert page.locator("#tk-ghost").inner_text() == in_hand
        assert page.locator(".tk-piece.placed").count() == 0
        assert not ana.errors
    finally:
        ana.close()


def test_a_tap_brings_the_piece_to_a_cell_or_a_face_and_a_second_tap_puts_it_down(
    browser: Any, web_server: Any
) -> None:
    made = tuki_room(
        web_server.url, [{"kind": "person", "name": "آنا"}], practice=True, deck=["N01"]
    )
    ana = Seat(browser, web_server.url, "fa-IR", PHONE, touch=True, script=SENT)
    try:
        sit_and_start(ana, made, 0, touch=True)
        page = ana.page
        left, right = canvas_point(page, 0.3, 0.8), canvas_point(page, 0.7, 0.8)
        page.touchscreen.tap(*left)
        _, x1, _, z1 = ghost(page, "fa")
        page.touchscreen.tap(*right)
        _, x2, y2, z2 = ghost(page, "fa")
        assert x2 > x1 and z1 == z2 == 0  # the piece went where the finger was, on the table
        assert page.locator(".tk-piece.placed").count() == 0 and acts(ana) == []
        page.touchscreen.tap(*right)  # the same cell again: put it down there
        page.locator('.tk-piece.placed[data-piece="grey"]').wait_for()
        sent = acts(ana)
        assert sent == [{"type": "place", "piece": "grey", "axis": "x", "x": x2, "y": y2, "z": 0}]
        log = page.locator("rz-log")
        assert "سنگ خاکستری را خوابیده از چپ به راست گذاشتید" in log.inner_text()
        # The next piece (blue) in hand; the same point now lies on the grey stone's face.
        page.touchscreen.tap(*right)
        _, bx, by, bz = ghost(page, "fa")
        assert (bz, by) in {(1, y2), (0, y2 - 1)}, (bx, by, bz)  # on top of it, or before it
        assert acts(ana) == sent  # a tap on a face only brought the piece there
        # Onto the grey stone itself: the page says why it can't go there, and sends nothing.
        pad(page, "fa")("down" if bz == 1 else "away")
        page.get_by_role("button", name="یک مهره بگذار").tap()
        assert (
            page.locator("#tk-refused").inner_text() == "سنگ آبی آنجا با سنگ خاکستری روی هم می‌افتد."
        )
        assert acts(ana) == sent
        assert not ana.errors
    finally:
        ana.close()


NAMES = {"fa": ("آنا", "بهار"), "en": ("Ana", "Bahar")}


def two_builders(browser: Any, base: str, lang: str, touch: bool) -> Seat:
    """Ana's seat at a two-builder table (Bahar is ready but never opens hers)."""
    people = [{"kind": "person", "name": name} for name in NAMES[lang]]
    made = tuki_room(base, people, deck=["N01"], dice=["walrus/white"])
    room, bahar = made["room"]["id"], made["seats"][1]["token"]
    ready = httpx.post(f"{base}/api/rooms/{room}/ready", headers=bearer(bahar), timeout=20)
    ready.raise_for_status()
    locale = "fa-IR" if lang == "fa" else "en-US"
    ana = Seat(browser, base, locale, PHONE if touch else LAPTOP, touch=touch)
    sit_and_start(ana, made, 0, touch)
    return ana


PLACE = {"fa": "یک مهره بگذار", "en": "Place a piece"}


@pytest.mark.parametrize(
    ("lang", "device"), [("fa", "phone"), ("en", "phone"), ("fa", "laptop"), ("en", "laptop")]
)
def test_the_tuki_table_fits_the_screen_and_speaks_the_readers_language(
    browser: Any, web_server: Any, lang: str, device: str
) -> None:
    touch = device == "phone"
    ana = two_builders(browser, web_server.url, lang, touch)
    try:
        page = ana.page
        help_text = page.locator(".tk-help").inner_text()
        keys = {"fa": "کلید", "en": "Keys"}[lang]
        assert (keys in help_text) is not touch  # the keys are told only where there are keys
        assert problems(page) == []
        place = page.get_by_role("button", name=PLACE[lang])
        (place.tap if touch else place.click)()
        page.locator('.tk-piece.placed[data-piece="grey"]').wait_for()
        page.locator("#tk-statics").wait_for()
        assert problems(page) == []
        if lang == "fa":
            assert latin_in_table(page) == []
        assert not ana.errors
    finally:
        ana.close()
