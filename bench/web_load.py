"""Cold load of the table page: bytes transferred (font included) and time to render.

Starts ``rumizi serve`` on loopback over a throwaway SQLite file, makes a room of the game
(one person and bots), then opens the person's seat link in a fresh headless Debian
chromium context (empty cache) several times. For each load it counts every byte the
network delivered (headers and bodies, WebSocket frames excluded) and the time from the
navigation's start until the table shows the player's hand with its card texts in
Vazirmatn. Prints each run and the median. Targets: under 300 KB (Tuki, with three.js:
350 KB) and under 1 s; ``--game all`` measures every table and prints a Markdown table.
The server gzips its static files for a browser that takes gzip (as Chromium does), so
the bytes are what goes over the wire (``tests/web/test_web_table_look.py`` checks the
same bytes against the targets).

    .venv/bin/python bench/web_load.py [--runs 5] [--game love-letter|…|all] [--shots DIR]

``--shots DIR`` also saves the table as it first shows, in English and Persian, on a laptop
(1366×768) and a phone (390×844): ``DIR/<game>-<en|fa>-<laptop|phone>.png`` (docs/web.md's
pictures of the tables).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

from served import chromium as find_chromium
from served import rumizi_server

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
READY = {
    "love-letter": ".ll-card",
    "skip-bo": ".sb-card",
    "ugha-bugha": ".ub-top",
    "tuki": "#tk-stage canvas",
    "ayozhit": ".ayz-grid",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="love-letter", choices=[*sorted(READY), "all"])
    parser.add_argument("--shots", type=Path, default=None, help="save screenshots here")
    args = parser.parse_args()
    chromium = find_chromium()
    with rumizi_server("rumizi-web-bench-") as base:
        summary = []
        for game in sorted(READY) if args.game == "all" else [args.game]:
            summary.append(measure(base, chromium, game, args.runs, args.shots))
        if len(summary) > 1:
            print("| table | transferred | requests | table on screen |")
            print("| --- | --- | --- | --- |")
            for game, kb, requests, ms in summary:
                print(f"| {game} | **{kb:.1f} KB** | {requests} | {ms:.0f} ms |")


def measure(
    base: str, chromium: str, game: str, runs: int, shots: Path | None
) -> tuple[str, float, int, float]:
    """One table's cold loads: (game, median KB, median requests, median ms to the table)."""
    players = {"skip-bo": 2, "tuki": 2}.get(game, 3)
    seats = [{"kind": "person", "name": "Bench"}] + [{"kind": "bot"}] * (players - 1)
    options = {"turn_seconds": None} if game == "ugha-bugha" else {}
    made = httpx.post(
        base + "/api/rooms",
        json={
            "game": game,
            "seats": seats,
            "options": options,
            "settings": {"autostart": True, "bot_delay": 10},
        },
        timeout=10,
    ).json()
    link = base + made["links"]["seats"]["0"]
    token = link.split("#token=")[1]
    httpx.post(  # the person is ready: the room starts by itself
        f"{base}/api/rooms/{made['room']['id']}/ready",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    ).raise_for_status()
    sizes: list[int] = []
    requests: list[int] = []
    times: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        for run in range(runs):
            context = browser.new_context(locale="fa-IR", viewport={"width": 1366, "height": 768})
            page = context.new_page()
            total = {"bytes": 0, "font": 0, "requests": 0}

            def finished(request: object, total: dict[str, int] = total) -> None:
                s = request.sizes()  # type: ignore[attr-defined]
                n = s["responseBodySize"] + s["responseHeadersSize"]
                total["bytes"] += n
                total["requests"] += 1
                if request.url.endswith(".woff2"):  # type: ignore[attr-defined]
                    total["font"] += n

            page.on("requestfinished", finished)
            page.goto(link)
            page.wait_for_selector(READY[game])
            rendered = page.evaluate("document.fonts.ready.then(() => performance.now())")
            page.wait_for_load_state("networkidle")
            sizes.append(total["bytes"])
            requests.append(total["requests"])
            times.append(rendered)
            print(
                f"run {run + 1}: {total['bytes'] / 1024:.1f} KB in {total['requests']} "
                f"requests (font {total['font'] / 1024:.1f} KB), rendered in {rendered:.0f} ms"
            )
            context.close()
        if shots:
            shoot(browser, link, game, shots)
        browser.close()
    print(
        f"{game}: cold load {statistics.median(sizes) / 1024:.1f} KB transferred "
        f"(target < 300 KB), table rendered in {statistics.median(times):.0f} ms median "
        f"(target < 1000 ms) over {runs} runs"
    )
    kb = statistics.median(sizes) / 1024
    return game, kb, int(statistics.median(requests)), statistics.median(times)


SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def shoot(browser: Any, link: str, game: str, folder: Path) -> None:
    """The table in each language and size, once it shows with its font."""
    folder.mkdir(parents=True, exist_ok=True)
    for locale, lang in (("en-US", "en"), ("fa-IR", "fa")):
        for size, viewport in SIZES.items():
            touch = size == "phone"  # a phone is a touch screen (the table says so)
            context = browser.new_context(
                locale=locale, viewport=viewport, has_touch=touch, is_mobile=touch
            )
            page = context.new_page()
            page.goto(link)
            page.wait_for_selector(READY[game])
            page.evaluate("document.fonts.ready.then(() => true)")
            page.wait_for_timeout(1500)  # pictures and the 3D scene settle
            path = folder / f"{game}-{lang}-{size}.png"
            page.screenshot(path=str(path), full_page=True)
            print(f"saved {path}")
            context.close()


if __name__ == "__main__":
    main()
