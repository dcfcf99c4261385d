"""Tuki's 3D table in Chromium: frame time while orbiting a finished advanced build.

Starts ``rumizi serve`` on loopback, makes a 2-player advanced Tuki room (a person and a
hard bot) with a stacked card and die, builds that task's stored witness through the
HTTP API, opens the person's seat in headless Debian chromium and turns the view step by
step (the table's own "turn the view" key), timing each step from the key press to the
next animation frame. Prints the median and p95. Headless chromium here renders WebGL in
software (SwiftShader): read the figure as relative (compare runs on one machine), not as
what a player's GPU gives.

    .venv/bin/python bench/tuki_web.py [--steps 120] [--card A13]
"""

from __future__ import annotations

import argparse
import statistics

import httpx
from playwright.sync_api import sync_playwright

from rumizi.games.tuki.cards import find_card
from served import chromium as find_chromium
from served import rumizi_server

ARGS = ["--no-sandbox", "--disable-background-networking", "--no-first-run"]

MEASURE = """async (steps) => {
  const canvas = document.querySelector('#tk-stage canvas');
  canvas.focus();
  const times = [];
  for (let i = 0; i < steps; i++) {
    const start = performance.now();
    canvas.dispatchEvent(new KeyboardEvent('keydown', {key: 'v', code: 'KeyV', bubbles: true}));
    await new Promise((done) => requestAnimationFrame(() => done()));
    times.push(performance.now() - start);
  }
  return times;
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--card", default="A13")
    args = parser.parse_args()
    chromium = find_chromium()
    with rumizi_server("rumizi-tuki-bench-") as base:
        card = find_card(args.card)
        animal = card.icons[90]
        witness = card.witnesses["90/white"].to_json()
        made = httpx.post(
            base + "/api/rooms",
            json={
                "game": "tuki",
                "seats": [{"kind": "person", "name": "Bench"}, {"kind": "bot", "bot": "hard"}],
                "options": {
                    "level": "advanced",
                    "deck": [card.id],
                    "dice": [f"{animal}/white"],
                    "round_seconds": None,
                },
                "settings": {"autostart": True},
            },
            timeout=10,
        ).json()
        link = base + made["links"]["seats"]["0"]
        auth = {"Authorization": f"Bearer {link.split('#token=')[1]}"}
        room = made["room"]["id"]
        httpx.post(f"{base}/api/rooms/{room}/ready", headers=auth, timeout=10).raise_for_status()
        index = 0
        for piece, axis, x, y, z in witness:
            action = {"type": "place", "piece": piece, "axis": axis, "x": x, "y": y, "z": z}
            for _ in range(20):
                reply = httpx.post(
                    f"{base}/api/rooms/{room}/act",
                    headers=auth,
                    json={"action": action, "index": index},
                    timeout=10,
                ).json()
                index = reply.get("index", index)
                if reply.get("type") != "error":
                    break
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(link)
            page.wait_for_selector("#tk-stage canvas")
            page.wait_for_selector("#tk-statics")
            print(page.inner_text("#tk-statics"), f"({len(witness)} pieces of {card.id})")
            renderer = page.evaluate(
                """() => { const gl = document.createElement('canvas').getContext('webgl2');
                const ext = gl && gl.getExtension('WEBGL_debug_renderer_info');
                return ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : 'unknown'; }"""
            )
            page.evaluate(MEASURE, 10)  # warm up
            times = sorted(page.evaluate(MEASURE, args.steps))
            browser.close()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"orbiting {card.id} (advanced, white square, witness built): frame time median "
            f"{statistics.median(times):.1f} ms, p95 {p95:.1f} ms over {len(times)} steps "
            f"(WebGL renderer: {renderer})"
        )


if __name__ == "__main__":
    main()
