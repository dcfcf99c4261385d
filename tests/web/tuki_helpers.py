"""Helpers of Tuki's browser tests: a Tuki table made through the API and taken in a
browser, what the page says of the piece in hand (in Persian or English), a finger on a
touch screen (taps, drags and pinches as the browser's own touch input), and the pad."""

from __future__ import annotations

import re
from typing import Any

import httpx
from server_helpers import create_room
from web_helpers import Seat

FA_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")
AXIS_WORDS = {
    "en": {"x": "lying left–right", "y": "lying front–back", "z": "standing"},
    "fa": {"x": "خوابیده از چپ به راست", "y": "خوابیده از جلو به عقب", "z": "ایستاده"},
}
SPOT = {
    "en": re.compile(r"x (\d+), y (\d+), height (\d+)"),
    "fa": re.compile(r"ستون (\d+)، ردیف (\d+)، ارتفاع (\d+)"),
}
SEEN = {
    "en": {"from the front": 0, "from the right": 90, "from behind": 180, "from the left": 270},
    "fa": {"از جلو": 0, "از راست": 90, "از پشت": 180, "از چپ": 270},
}
PAD = {  # the pad's buttons by their accessible names
    "en": {"left": "Move left", "right": "Move right", "away": "Move away", "near": "Move nearer",
           "up": "Raise", "down": "Lower", "turn": "Turn the piece"},
    "fa": {"left": "به چپ", "right": "به راست", "away": "به عقب", "near": "به جلو",
           "up": "بالاتر", "down": "پایین‌تر", "turn": "چرخاندن مهره"},
}  # fmt: skip
TRAY = {  # the tray's buttons: a piece by its colour, a snow block by its length
    "en": {"grey": "grey", "blue": "blue", "purple": "purple", "orange": "orange",
           "snow1": "snow 1", "snow2": "snow 2", "snow3": "snow 3", "snow4": "snow 4"},
    "fa": {"grey": "خاکستری", "blue": "آبی", "purple": "بنفش", "orange": "نارنجی",
           "snow1": "برف ۱", "snow2": "برف ۲", "snow3": "برف ۳", "snow4": "برف ۴"},
}  # fmt: skip


def tuki_room(base: str, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    """A private Tuki room made through the API (not started)."""
    with httpx.Client(base_url=base, timeout=20) as http:
        return create_room(http, game="tuki", seats=seats, options=options, sit=False)


def sit_and_start(seat: Seat, made: dict[str, Any], index: int, touch: bool) -> None:
    """The person opens their seat's link, is ready under the name the seat was made with,
    and starts the table (tapping on a touch screen, clicking with a mouse)."""
    page = seat.page
    page.goto(f"/room/{made['room']['id']}#token={made['seats'][index]['token']}")
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    press(page.locator("#ready-form button"))
    page.wait_for_function("() => !document.querySelector('#start')?.disabled")
    press(page.locator("#start"))
    page.wait_for_selector("#tk-stage canvas")


def ghost(page: Any, lang: str) -> tuple[str, int, int, int]:
    """The piece in hand as the page says it: its direction and cell."""
    text = page.locator("#tk-ghost").inner_text()
    found = SPOT[lang].search(text.translate(FA_DIGITS))
    assert found, text
    axis = next((a for a, words in AXIS_WORDS[lang].items() if words in text), "z")
    x, y, z = (int(v) for v in found.groups())
    return axis, x, y, z


def seen_from(page: Any, lang: str) -> int:
    """From which side the page says the build is seen (0 front, 90 right…)."""
    text = page.locator("#tk-view").inner_text()
    return next(q for words, q in SEEN[lang].items() if words in text)


class Finger:
    """One or two fingers on the page's touch screen (Chromium's own touch input)."""

    def __init__(self, seat: Seat) -> None:
        self.page = seat.page
        self.cdp = seat.context.new_cdp_session(seat.page)

    def _touch(self, kind: str, points: list[tuple[float, float]]) -> None:
        touch = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch})

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 12) -> None:
        (x0, y0), (x1, y1) = start, end
        self._touch("touchStart", [start])
        for k in range(1, steps + 1):
            self._touch("touchMove", [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)])
        self.hold([end])
        self._touch("touchEnd", [])

    def hold(self, points: list[tuple[float, float]]) -> None:
        """Rest the fingers a moment before lifting them, as a hand does at the end of a
        drag (lifted while still moving, the browser reads a fling, and the next tap only
        stops it)."""
        for _ in range(3):
            self.page.wait_for_timeout(40)
            self._touch("touchMove", points)

    def pinch(self, centre: tuple[float, float], apart: float, steps: int = 8) -> None:
        """Two fingers from 40 px either side of ``centre``, moving ``apart`` px each."""
        x, y = centre
        self._touch("touchStart", [(x - 40, y), (x + 40, y)])
        for k in range(1, steps + 1):
            d = 40 + apart * k / steps
            self._touch("touchMove", [(x - d, y), (x + d, y)])
        self.hold([(x - 40 - apart, y), (x + 40 + apart, y)])
        self._touch("touchEnd", [])


def canvas_point(page: Any, fx: float, fy: float) -> tuple[float, float]:
    """A point of the build area, as fractions of its width and height."""
    box = page.locator("#tk-stage canvas").bounding_box()
    assert box
    return box["x"] + box["width"] * fx, box["y"] + box["height"] * fy


def screen_step(quarter: int) -> dict[str, tuple[int, int]]:
    """Where each of the pad's plane arrows moves the piece in the build (x, y), for a
    view seen from ``quarter``: the arrows follow the screen, not the table."""
    rx, ry = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}[quarter]
    return {"right": (rx, ry), "left": (-rx, -ry), "away": (-ry, rx), "near": (ry, -rx)}


def walk_to(page: Any, lang: str, x: int, y: int, z: int, press: Any) -> None:
    """Tap the pad's arrows until the piece in hand is at (x, y, z), as a person reading
    where the page says it is. ``press(name)`` taps a pad button."""
    for _ in range(60):
        _, gx, gy, gz = ghost(page, lang)
        if (gx, gy, gz) == (x, y, z):
            return
        if gz != z:
            press("up" if z > gz else "down")
            continue
        steps = screen_step(seen_from(page, lang))
        want = (1 if x > gx else -1 if x < gx else 0, 0) if gx != x else (0, 1 if y > gy else -1)
        press(next(name for name, d in steps.items() if d == want))
    raise AssertionError(f"the piece did not reach {(x, y, z)}: {ghost(page, lang)}")


# ------------------------------------------------------------------ Persian
def latin_in_table(page: Any) -> list[str]:
    """Latin letters in the table's text (SVG text and labels too), but the card's printed
    label on its face."""
    texts: list[str] = page.evaluate(
        """() => {
          const root = document.getElementById("game-root");
          const out = [];
          const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const label = n.parentElement.closest(".tk-label");
            if (!label && n.textContent.trim()) out.push(n.textContent);
          }
          for (const el of root.querySelectorAll("[aria-label], [title]"))
            out.push(el.getAttribute("aria-label") ?? "", el.getAttribute("title") ?? "");
          return out;
        }"""
    )
    return [t for t in texts if re.search("[A-Za-z]", t)]
