"""Helpers of the browser tests: set up a table through the UI, and play it through the UI.

Every move is made by clicking what a person would click (or dragging, for one Skip-Bo
card); the drivers only *read* what the page itself holds (``window.rumizi.state``: the
seat's view and legal moves, exactly what the server sent it) to decide what to click.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
WAIT_MS = 20_000
"""The longest any single wait may take (bots play with a 0.1 s delay)."""


class Seat:
    """One browser context seated at the table, with every WebSocket frame it received."""

    def __init__(
        self,
        browser: Any,
        base: str,
        locale: str,
        viewport: dict[str, int],
        motion: str = "reduce",
        script: str | None = None,
        touch: bool = False,
    ) -> None:
        self.context = browser.new_context(
            locale=locale,
            viewport=viewport,
            base_url=base,
            reduced_motion=motion,
            has_touch=touch,
            is_mobile=touch,
        )
        if script:  # run in every page before its own scripts
            self.context.add_init_script(script)
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.frames: list[dict[str, Any]] = []
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.snapshots: list[dict[str, Any]] = []
        self.page.on("websocket", self._socket)
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _socket(self, ws: Any) -> None:
        def got(payload: str | bytes) -> None:
            if isinstance(payload, str):
                self.frames.append(json.loads(payload))

        ws.on("framereceived", got)

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = self.page.evaluate(
            "JSON.parse(JSON.stringify(window.rumizi.state))"
        )
        return result

    def close(self) -> None:
        self.context.close()


# ------------------------------------------------------------------ lobby through the UI
def set_up_table(
    host: Seat,
    guest: Seat,
    game: str,
    seats: list[str],
    options: dict[str, str],
    names: tuple[str, str],
) -> str:
    """The host sets up a table (person/bot seats, options, fast bots) and the guest joins by
    the invite link; both are ready and the host starts. Returns the room id."""
    page = host.page
    page.goto("/")
    page.click(f'[data-setup="{game}"]')
    form = page.locator("#setup-form")
    form.locator('[name="name"]').fill(names[0])
    form.locator('[name="players"]').select_option(str(len(seats) + 1))
    for i, kind in enumerate(seats, start=1):
        form.locator(f'[name="kind{i}"]').select_option(kind)
    for key, value in options.items():
        field = form.locator(f'[name="opt_{key}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.locator('[name="speed"]').select_option("0.2")
    form.locator('button[type="submit"]').click()
    page.wait_for_selector(".room-lobby")
    link = page.locator("input.invite").first.input_value()
    room = re.search(r"/room/([\w-]+)#", link)
    assert room, link
    guest.page.goto(link)
    guest.page.locator('#ready-form [name="name"]').fill(names[1])
    guest.page.locator("#ready-form button").click()
    page.wait_for_function("() => !document.querySelector('#start')?.disabled")
    page.click("#start")
    for s in (host, guest):
        s.page.wait_for_selector("#game-root")
    return room.group(1)


def wait_turn_or_end(seat: Seat) -> dict[str, Any]:
    seat.page.wait_for_function(
        "() => { const s = window.rumizi.state; return s.over || (s.legal.length > 0 && !s.pending"
        " && document.getElementById('game-root')); }"
    )
    return seat.state()


def acted(seat: Seat, index: int) -> None:
    """Wait until the page shows a position after ``index`` (its move was stored)."""
    seat.page.wait_for_function(
        f"() => window.rumizi.state.index > {index} || window.rumizi.state.over"
    )


def snapshot(seat: Seat) -> None:
    """What the page holds now: its script state and the table's DOM (for the leak checks)."""
    data = seat.page.evaluate(
        """() => ({state: JSON.parse(JSON.stringify(window.rumizi.state)),
                   players: [...document.querySelectorAll('#game-root section.player[data-seat]')]
                     .map(e => ({seat: Number(e.dataset.seat), text: e.innerText,
                                 faces: [...e.querySelectorAll('.sb-card')].map(c => c.innerText),
                                 backs: e.querySelectorAll('.card.back').length}))})"""
    )
    seat.snapshots.append(data)


# ------------------------------------------------------------------ the three drivers
def play_love_letter(seat: Seat, rng: random.Random, state: dict[str, Any]) -> None:
    page = seat.page
    cards = sorted({a["card"] for a in state["legal"]})
    choice = rng.choice([c for c in cards if c != "princess"] or cards)
    page.locator(f".ll-card.legal:not([disabled])[data-ui*='\"{choice}\"']").first.click()
    targets = page.locator("[data-key^='target-']")
    if targets.count():
        targets.nth(rng.randrange(targets.count())).click()
    guesses = page.locator("[data-key^='guess-']")
    if guesses.count():
        guesses.nth(rng.randrange(guesses.count())).click()
    else:
        page.locator("[data-key='play']").first.click()
    sure = page.locator("[data-key='confirm']")  # a move that puts you out asks first
    if sure.count():
        sure.click()


def _sb_src_selector(action: dict[str, Any]) -> str:
    if action["from"] == "hand":
        return f'[data-src="hand:{action["card"]}"]'
    if action["from"] in ("discard", "partner_discard"):
        return f'[data-src="{action["from"]}:{action["from_pile"]}"]'
    return f'[data-src="{action["from"]}"]'


def play_skip_bo(seat: Seat, rng: random.Random, state: dict[str, Any], drag: bool) -> bool:
    """One move: the stock card when it fits, else a building play now and then, else a
    discard. Returns True when the move was made by dragging."""
    page = seat.page
    legal = state["legal"]
    if any(a.get("type") == "end_turn" for a in legal) and rng.random() < 0.3:
        page.click("[data-key='end']")
        return False
    moves = [a for a in legal if a.get("type") != "end_turn"]
    stock = [a for a in moves if a["from"] == "stock"]
    builds = [a for a in moves if a["to"] == "build" and a["from"] != "stock"]
    discards = [a for a in moves if a["to"] == "discard"]
    if stock:
        move = stock[0]
    elif builds and (rng.random() < 0.6 or not discards):
        move = rng.choice(builds)
    elif discards:
        move = rng.choice(discards)
    else:
        page.click("[data-key='end']")
        return False
    source = page.locator(_sb_src_selector(move)).first
    target = page.locator(f'[data-dst="{move["to"]}:{move["to_pile"]}"]').first
    if drag:
        a, b = source.bounding_box(), target.bounding_box()
        assert a and b
        page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
        page.mouse.down()
        for k in range(1, 6):
            page.mouse.move(
                a["x"] + (b["x"] - a["x"]) * k / 5 + a["width"] / 2,
                a["y"] + (b["y"] - a["y"]) * k / 5 + a["height"] / 2,
            )
        page.mouse.up()
        return True
    source.click()
    target.click()
    return False


def heard(seat: Seat) -> list[dict[str, Any]]:
    """The events this person heard live, in order, across reloads: what they remember.
    The update that answers a reconnect is the history retold (it names no card of the
    current chain), so it adds nothing to a memory that was there already."""
    events: list[dict[str, Any]] = []
    after_welcome = False
    for frame in seat.frames:
        if frame["type"] == "welcome":
            after_welcome = bool(events)
        elif frame["type"] == "update":
            if not after_welcome:
                events.extend(frame["events"])
            after_welcome = False
    return events


def recitation(events: list[dict[str, Any]]) -> list[str]:
    """The chain as heard since the current chain began, as items to say."""
    chain: list[str] = []
    for e in events:
        if e["kind"] == "chain_started":
            chain = []
        elif e["kind"] == "flipped":
            chain.append(e["card"])
    items: list[str] = []
    for card in chain:
        if card == "repeat":
            if items:
                items.append(items[-1])
        else:
            items.append(card)
    return items


def play_ugha_bugha(seat: Seat, rng: random.Random, state: dict[str, Any]) -> None:
    """A whole turn: flip, recite the chain right (the seat heard every flip), close."""
    page = seat.page
    legal = state["legal"]
    kinds = {a["type"] for a in legal}
    if "ho" in kinds or "pass" in kinds:
        page.click("[data-key='pass']")
        return
    if "flip" in kinds:
        index = state["index"]
        page.locator("[data-key^='flip-']").first.click()
        acted(seat, index)
        state = wait_turn_or_end(seat)
        if state["over"]:
            return
    items = recitation(heard(seat))
    for item in items[state["view"]["recited"] :]:
        index = seat.state()["index"]
        page.click(f"[data-key='say-{item}']")
        acted(seat, index)
        state = wait_turn_or_end(seat)
        if state["over"]:
            return
    if state["view"]["hands"][state["seat"]] == 0:
        page.click("[data-key='ugha']")
    else:
        page.locator("[data-call='ha']").first.click()


def replay(base: str, match: str, seat: Seat) -> dict[str, Any]:
    """The finished match's whole replay, asked for with the seat's token (a private
    room's replay needs one), its pages put together."""
    token = seat.page.url.split("#token=", 1)[1]
    headers = {"Authorization": f"Bearer {token}"}
    url = f"{base}/api/matches/{match}/replay"
    result: dict[str, Any] = httpx.get(url, headers=headers, timeout=20).json()
    positions = result["positions"]
    while result["next"] is not None:
        params = {"start": result["next"]}
        result = httpx.get(url, params=params, headers=headers, timeout=20).json()
        positions += result["positions"]
    result["positions"] = positions
    return result


def shoot(seat: Seat, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    seat.page.screenshot(path=str(path), full_page=True)
    return path


def deadline(seconds: float) -> float:
    return time.monotonic() + seconds
