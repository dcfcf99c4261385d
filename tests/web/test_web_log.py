"""The table's log in a real browser: the reader told in the second person ("you won",
never "Me"), counts with the right plural, a friend who gave no name named in the page's
language, the first round's deal told like every other, and line numbers of 100 and over
shown whole. The other seats act through the server's HTTP API, as another client would;
what is checked is what the person at the browser reads."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from web_helpers import LAPTOP, PHONE, Seat, acted, wait_turn_or_end

pytestmark = pytest.mark.browser


def _room(base: str, **body: Any) -> dict[str, Any]:
    made = httpx.post(f"{base}/api/rooms", json=body, timeout=20)
    assert made.status_code == 201, made.text
    result: dict[str, Any] = made.json()
    return result


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _ready_all(base: str, made: dict[str, Any]) -> None:
    room = made["room"]["id"]
    for s in made["seats"]:
        if s["token"]:
            r = httpx.post(f"{base}/api/rooms/{room}/ready", headers=_bearer(s["token"]))
            assert r.is_success, r.text


def _log(seat: Seat) -> list[str]:
    return seat.page.locator("rz-log li").all_inner_texts()


def _wait_for_line(seat: Seat, words: str) -> None:
    seat.page.locator("rz-log li", has_text=words).first.wait_for()


# ------------------------------------------------------------------ Love Letter, Persian
DECK = [
    *("countess", "baron", "baron", "handmaid"),  # set aside, then three face up (2 players)
    *("guard", "priest", "handmaid"),  # dealt to seat 0, to seat 1, then seat 0 draws
    *("guard", "guard", "guard", "guard", "priest", "prince", "prince", "king", "princess"),
]


def test_a_round_won_by_the_reader_says_so_in_persian_and_an_unnamed_friend_is_named(
    browser: Any, web_server: Any
) -> None:
    made = _room(
        web_server.url,
        game="love-letter",
        seats=[{"kind": "person", "name": "سارا"}, {"kind": "person"}],  # the friend: no name
        options={"deck": DECK},
        settings={"autostart": True},
    )
    _ready_all(web_server.url, made)
    sara = Seat(browser, web_server.url, "fa-IR", PHONE)
    try:
        page = sara.page
        page.goto(made["links"]["seats"]["0"])
        state = wait_turn_or_end(sara)
        # The first round's deal is in the log, as every later round's is.
        first = _log(sara)
        assert any("دور ۱ شروع شد" in line for line in first), first
        assert any("کارت شما: نگهبان" in line for line in first), first
        page.get_by_role("button", name=re.compile("نگهبان")).first.click()
        page.get_by_role("button", name="مهمان ۲", exact=True).click()
        page.get_by_role("button", name=re.compile("کشیش")).click()
        acted(sara, state["index"])
        _wait_for_line(sara, "دور ۱ تمام شد")
        log = "\n".join(_log(sara))
        assert "دور ۱ تمام شد" in log and "و شما بردید" in log, log
        assert "مهمان ۲" in log, log  # the friend who gave no name: a guest, in Persian
        assert not re.search(r"[A-Za-z0-9]", log), log  # no "player 2", no "Me", no Latin digits
        assert "مهمان ۲" in page.inner_text("#game-root")
        assert not sara.errors
    finally:
        sara.close()


def test_each_reader_is_told_by_name_and_in_the_second_person_in_persian(
    browser: Any, web_server: Any
) -> None:
    """Sara starts and knocks Babak out: Sara reads «شما شروع می‌کنید» and «… را روی بابک
    بازی کردید»; Babak reads «سارا شروع می‌کند» and «… را روی شما بازی کرد»: a name for
    the others, "you" with its own verb for oneself, never one's own name."""
    made = _room(
        web_server.url,
        game="love-letter",
        seats=[{"kind": "person", "name": "سارا"}, {"kind": "person", "name": "بابک"}],
        options={"deck": DECK, "first": 0},
        settings={"autostart": True},
    )
    _ready_all(web_server.url, made)
    sara = Seat(browser, web_server.url, "fa-IR", LAPTOP)
    babak = Seat(browser, web_server.url, "fa-IR", PHONE)
    try:
        babak.page.goto(made["links"]["seats"]["1"])
        page = sara.page
        page.goto(made["links"]["seats"]["0"])
        state = wait_turn_or_end(sara)
        page.get_by_role("button", name=re.compile("نگهبان")).first.click()
        page.get_by_role("button", name="بابک", exact=True).click()
        page.get_by_role("button", name=re.compile("کشیش")).click()
        acted(sara, state["index"])
        _wait_for_line(sara, "دور ۱ تمام شد")
        _wait_for_line(babak, "دور ۱ تمام شد")
        mine = "\n".join(_log(sara))
        theirs = "\n".join(_log(babak))
        assert "دور ۱ شروع شد؛ شما شروع می‌کنید." in mine, mine
        assert "نگهبان (۱) را روی بابک بازی کردید." in mine, mine
        assert "سارا" not in mine, mine
        assert "دور ۱ شروع شد؛ سارا شروع می‌کند." in theirs, theirs
        assert "سارا نگهبان (۱) را روی شما بازی کرد." in theirs, theirs
        assert "از این دور بیرون رفتید" in theirs and "بابک" not in theirs, theirs
        assert not sara.errors and not babak.errors
    finally:
        sara.close()
        babak.close()


# ------------------------------------------------------------------ Ugha Bugha, English
POINTS = [1, 2, 0, 3, 2, 0]
"""Who each "Ha!" points at: 0→1→2→0→3→2→0, then seat 0 calls "Ugha Bugha!" on its last
card. Seats 1 and 3 flipped one card each, so each is dealt exactly one to refill."""


def _items(chain: list[str]) -> list[str]:
    """The chain as items to say: a "repeat" copies the item under it (first: nothing)."""
    items: list[str] = []
    for card in chain:
        if card != "repeat":
            items.append(card)
        elif items:
            items.append(items[-1])
    return items


def test_ugha_bugha_tells_you_your_chain_and_counts_one_card_as_one(
    browser: Any, web_server: Any
) -> None:
    base = web_server.url
    made = _room(
        base,
        game="ugha-bugha",
        seats=[
            {"kind": "person", "name": "Ann"},
            {"kind": "person", "name": "Bob"},
            {"kind": "person"},
            {"kind": "person"},
        ],
        options={"clock": "none"},
        settings={"autostart": True},
    )
    room = made["room"]["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    _ready_all(base, made)
    ann = Seat(browser, base, "en-US", LAPTOP)
    try:
        page = ann.page
        page.goto(made["links"]["seats"]["0"])
        page.wait_for_selector("#game-root")
        chain: list[str] = []
        points = iter(POINTS)
        with httpx.Client(base_url=base, timeout=20) as http:
            while True:
                now = http.get(f"/api/rooms/{room}/state", headers=_bearer(tokens[1]))
                view, index = now.json()["update"]["view"], now.json()["update"]["index"]
                if view["chain"] > len(chain):
                    chain.append(view["top"])
                if view["chain"] == 0 and chain:
                    break  # the chain was won: a new one starts
                seat = view["turn"]
                if seat == 0:
                    state = wait_turn_or_end(ann)
                    kinds = {a["type"] for a in state["legal"]}
                    if "flip" in kinds:
                        page.locator("[data-key='flip-0']").click()
                    elif "say" in kinds:
                        item = _items(chain)[state["view"]["recited"]]
                        page.locator(f"[data-key='say-{item}']").click()
                    elif state["view"]["hands"][0]:
                        page.locator(f"[data-key='ha-{next(points)}']").click()
                    else:
                        page.locator("[data-key='ugha']").click()
                    acted(ann, index)
                    continue
                theirs = http.get(f"/api/rooms/{room}/state", headers=_bearer(tokens[seat]))
                legal = theirs.json()["update"]["legal"]
                kinds = {a["type"] for a in legal}
                if "flip" in kinds:
                    action: dict[str, Any] = {"type": "flip", "position": 0}
                elif "say" in kinds:
                    action = {"type": "say", "item": _items(chain)[view["recited"]]}
                else:
                    action = {"type": "ha", "point": next(points)}
                r = http.post(
                    f"/api/rooms/{room}/act",
                    headers=_bearer(tokens[seat]),
                    json={"action": action, "index": index},
                )
                assert r.status_code == 200, r.text
        _wait_for_line(ann, "Guest 4 was dealt")
        log = _log(ann)
        assert "You won chain 1 (of 7 cards) and a token (1)." in log, log
        assert "You were dealt 4 cards." in log, log
        assert "Bob was dealt 1 card." in log and "Guest 4 was dealt 1 card." in log, log
        assert "Guest 3 was dealt 2 cards." in log, log
        assert not [line for line in log if re.search(r"\bMe\b|\b1 cards\b|player \d", line)]
        assert not ann.errors
    finally:
        ann.close()


# ------------------------------------------------------------------ long logs
def test_log_numbers_of_100_and_over_are_shown_whole(browser: Any, web_server: Any) -> None:
    base = web_server.url
    made = _room(
        base,
        game="skip-bo",
        seats=[{"kind": "bot", "bot": "random"}] * 4,
        options={"stock_size": 5},
        settings={"bot_delay": 0.02},
        sit=False,
    )
    room = made["room"]["id"]
    started = httpx.post(f"{base}/api/rooms/{room}/start", headers=_bearer(made["host_token"]))
    assert started.is_success, started.text
    for locale, lang in (("en-US", "en"), ("fa-IR", "fa")):
        watcher = Seat(browser, base, locale, LAPTOP)
        try:
            page = watcher.page
            page.goto(made["links"]["spectate"])
            page.wait_for_function("() => document.querySelectorAll('rz-log li').length >= 120")
            # Line 100 (and 110): its number is inside the log's box, before its text.
            for n in (100, 110):
                line = page.locator("rz-log li").nth(n - 1)
                seen = line.evaluate(
                    """(li, n) => {
                      const box = li.closest('.log').getBoundingClientRect();
                      const r = li.getBoundingClientRect();
                      const range = document.createRange();
                      range.selectNodeContents(li);
                      const text = range.getClientRects()[0];
                      const rtl = getComputedStyle(li).direction === 'rtl';
                      const room = rtl ? r.right - text.right : text.left - r.left;
                      const inside = r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
                      const probe = document.createElement('span');
                      probe.textContent = n.toLocaleString(document.documentElement.lang) + '.';
                      li.append(probe);
                      const need = probe.getBoundingClientRect().width;
                      probe.remove();
                      return {room, inside, need};
                    }""",
                    n,
                )
                assert seen["inside"], (lang, n, seen)
                assert seen["room"] >= seen["need"], (lang, n, seen)
            assert not watcher.errors
        finally:
            watcher.close()
