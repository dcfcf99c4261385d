"""Tuki's 3D table in a real browser on a laptop, used as a person does: pieces chosen in
the tray with the pointer, the ghost moved, raised and turned with the keys, placed with
Enter; "Done!" declared; the result read beside the card. The live statics: a piece put in
the air says why it would fall. The mouse: a click puts the piece where the pointer is, a
drag turns the view and puts nothing down. (By touch: test_tuki_touch.py.)"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from tuki_helpers import ghost
from web_helpers import LAPTOP, Seat, shoot

from rumizi.games.tuki.cards import find_card

pytestmark = pytest.mark.browser


def table(browser: Any, base: str, face: str) -> tuple[Seat, Seat]:
    """Ana and Bahar at a 2-player Tuki table with card N01 on top and the die stacked."""
    body = {
        "game": "tuki",
        "seats": [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bahar"}],
        "options": {"deck": ["N01"], "dice": [face]},
        "sit": False,
    }
    made = httpx.post(f"{base}/api/rooms", json=body, timeout=20).json()
    room = made["room"]["id"]
    seats = []
    for plan, name in zip(made["seats"], ("Ana", "Bahar"), strict=True):
        seat = Seat(browser, base, "en-US", LAPTOP)
        seat.page.goto(f"/room/{room}#token={plan['token']}")
        seat.page.locator('#ready-form [name="name"]').fill(name)
        seat.page.locator("#ready-form button").click()
        seats.append(seat)
    page = seats[0].page
    page.wait_for_function("() => !document.querySelector('#start')?.disabled")
    page.click("#start")
    page.wait_for_selector("#tk-stage canvas")
    return seats[0], seats[1]


def put(page: Any, piece: str, axis: str, x: int, y: int, z: int) -> None:
    """Choose the piece in the tray (pointer), then turn, move and raise the ghost with the
    keys and place it with Enter."""
    page.click(f'.tk-piece[data-piece="{piece}"]')
    canvas = page.locator("#tk-stage canvas")
    canvas.focus()
    for _ in range(3):
        if ghost(page, "en")[0] == axis or piece == "snow1":
            break
        page.keyboard.press("r")
    _, gx, gy, gz = ghost(page, "en")
    for key, steps in (
        ("ArrowRight" if x > gx else "ArrowLeft", abs(x - gx)),
        ("ArrowUp" if y > gy else "ArrowDown", abs(y - gy)),
        ("PageUp" if z > gz else "PageDown", abs(z - gz)),
    ):
        for _ in range(steps):
            page.keyboard.press(key)
    assert ghost(page, "en")[1:] == (x, y, z)
    page.keyboard.press("Enter")
    page.wait_for_selector(f'.tk-piece.placed[data-piece="{piece}"]')


@pytest.mark.parametrize("face", ["walrus/plain", "polar-bear/white"])
def test_a_witness_built_with_pointer_and_keys_is_declared_and_judged_correct(
    browser: Any, web_server: Any, face: str
) -> None:
    ana, bahar = table(browser, web_server.url, face)
    try:
        page = ana.page
        card = find_card("N01")
        animal, rule = face.split("/")
        witness = card.witnesses[f"{card.turn_for(animal)}/{rule}"].to_json()
        assert ("white square" in page.inner_text(".tk-die")) == (rule == "white")
        for piece, axis, x, y, z in sorted(witness, key=lambda p: p[4]):
            put(page, piece, axis, x, y, z)
        assert page.locator("#tk-statics").inner_text() == "Your build stands."
        shoot(ana, f"tuki-built-{rule}")
        page.click('[data-tk="done"]')
        results = page.locator(".tk-results")
        results.wait_for()
        assert "Ana: correct" in results.inner_text()
        assert "Bahar" in results.inner_text() and "Bahar took the card" in results.inner_text()
        assert not ana.errors and not bahar.errors
    finally:
        ana.close()
        bahar.close()


def test_a_piece_in_the_air_says_why_it_would_fall(browser: Any, web_server: Any) -> None:
    ana, bahar = table(browser, web_server.url, "walrus/plain")
    try:
        page = ana.page
        put(page, "grey", "x", 2, 2, 3)
        statics = page.locator("#tk-statics")
        assert statics.inner_text() == (
            "Would fall: the grey stone has nothing under it (side contacts carry nothing) "
            "and falls"
        )
        shoot(ana, "tuki-would-fall")
        page.keyboard.press("u")  # undo: the stone goes back to the tray
        page.wait_for_selector('.tk-piece.free[data-piece="grey"]')
    finally:
        ana.close()
        bahar.close()


def test_practice_alone_without_a_clock_with_a_hint_button(browser: Any, web_server: Any) -> None:
    body = {
        "game": "tuki",
        "seats": [{"kind": "person", "name": "Ana"}],
        "options": {"practice": True, "deck": ["N01"], "dice": ["walrus/white"]},
        "sit": False,
    }
    made = httpx.post(f"{web_server.url}/api/rooms", json=body, timeout=20).json()
    ana = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = ana.page
        page.goto(f"/room/{made['room']['id']}#token={made['seats'][0]['token']}")
        page.locator('#ready-form [name="name"]').fill("Ana")
        page.locator("#ready-form button").click()
        page.wait_for_function("() => !document.querySelector('#start')?.disabled")
        page.click("#start")
        page.wait_for_selector("#tk-stage canvas")
        assert page.locator("rz-clock").count() == 0  # no clock in practice
        card = find_card("N01")
        witness = card.witnesses[f"{card.turn_for('walrus')}/white"].to_json()
        first_snow = next(p for p in witness if p[0].startswith("snow"))
        page.get_by_role("button", name="Hint").click()
        hint = page.locator(".tk-hint").first
        hint.wait_for()
        piece, axis, x, y, z = first_snow
        name = "snow cube" if piece == "snow1" else f"{piece[4]}-long snow"
        way = {"x": "lying left–right", "y": "lying front–back", "z": "standing"}[axis]
        assert f"Hint: {name}, {way}, at x {x}, y {y}, height {z}" in hint.inner_text()
        for p in sorted(witness, key=lambda p: p[4]):
            put(page, *p)
        page.click('[data-tk="done"]')
        page.locator(".tk-results").wait_for()
        assert "Ana: correct" in page.locator(".tk-results").inner_text()
        assert not ana.errors
    finally:
        ana.close()


@pytest.mark.parametrize("locale", ["en-US", "fa-IR"])
def test_the_tuki_table_has_no_serious_accessibility_violation(
    browser: Any, web_server: Any, locale: str
) -> None:
    from test_web_axe import serious

    context = browser.new_context(
        locale=locale, viewport=LAPTOP, base_url=web_server.url, bypass_csp=True
    )
    page = context.new_page()
    try:
        page.goto("/")
        page.locator('[data-solo="tuki"]').click()
        page.wait_for_selector("#tk-stage canvas")
        page.wait_for_function("() => window.rumizi.state.legal.length > 0")
        assert serious(page) == []
    finally:
        context.close()


def test_a_picked_up_piece_taken_back_by_undo_is_simply_in_hand(
    browser: Any, web_server: Any
) -> None:
    """Pick up a placed stone, then undo its placing: the stone leaves the table while it
    is in hand; Place puts it down again (a page error before: the picked-up piece was
    looked for on the table)."""
    ana, bahar = table(browser, web_server.url, "walrus/plain")
    try:
        page = ana.page
        put(page, "grey", "x", 2, 2, 0)
        page.click('.tk-piece[data-piece="grey"]')  # picked up: Move
        assert page.locator('[data-tk="place"]').inner_text() == "Move a piece"
        page.click('[data-tk="undo"]')
        page.wait_for_selector('.tk-piece.free[data-piece="grey"]')
        page.click('[data-tk="place"]')
        page.wait_for_selector('.tk-piece.placed[data-piece="grey"]')
        assert ghost(page, "en")[0] == "x"
        assert not ana.errors and not bahar.errors
    finally:
        ana.close()
        bahar.close()
