"""Each game's lesson, played through in a browser by pressing what the coach points at.

Starts ``rumizi serve`` on loopback over a throwaway SQLite file and, for each game, opens
the home page in a fresh headless Debian chromium context, presses "Learn to play" and then
only the control the coach points at, at once, until "Lesson complete". Prints, per game,
the presses it took (the coach's Next included), the lines the coach said and the seconds
the lesson took at the bots' own pace (``--delay``, the lesson rooms' 0.8 s by default):
a person reads for longer, the machine's time is a floor.

    .venv/bin/python bench/lessons.py [--game love-letter|…|all] [--lang en|fa]
        [--device laptop|phone] [--shots DIR]

``--shots DIR`` saves one step of each lesson as ``DIR/lesson-<game>.png`` (docs/web.md's
pictures): the step where the coach says the line ``SHOT[game]`` and points into the table.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from rumizi import games, lessons
from rumizi.engine.texts import Formatter
from served import chromium as find_chromium
from served import rumizi_server

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
SHOT = {
    "love-letter": ("lesson.guard", "en", "laptop"),
    "skip-bo": ("lesson.wild", "fa", "phone"),
    "ugha-bugha": ("lesson.chain3", "en", "laptop"),
    "tuki": ("lesson.snow", "fa", "laptop"),
    "ayozhit": ("lesson.announce", "en", "phone"),
}
"""The step each picture shows (the coach's line), and in which language and on what."""
VIEWPORT = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", choices=[*games.ids(), "all"])
    parser.add_argument("--lang", default=None, choices=["en", "fa"])
    parser.add_argument("--device", default=None, choices=sorted(VIEWPORT))
    parser.add_argument("--shots", type=Path, default=None, help="save a picture of a step here")
    args = parser.parse_args()
    chromium = find_chromium()
    with rumizi_server("rumizi-lessons-") as base:
        print("| game | language, device | presses | coach's lines | seconds |")
        print("| --- | --- | --- | --- | --- |")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            for game in games.ids() if args.game == "all" else [args.game]:
                key, lang, device = SHOT[game]
                lang, device = args.lang or lang, args.device or device
                presses, said, seconds = play(browser, base, game, lang, device, key, args.shots)
                print(f"| {game} | {lang}, {device} | {presses} | {said} | {seconds:.1f} |")
            browser.close()


def play(
    browser: Any, base: str, game: str, lang: str, device: str, key: str, shots: Path | None
) -> tuple[int, int, float]:
    """One lesson from its home card to "Lesson complete": (presses, lines, seconds)."""
    touch = device == "phone"
    context = browser.new_context(
        locale="fa-IR" if lang == "fa" else "en-US",
        viewport=VIEWPORT[device],
        base_url=base,
        has_touch=touch,
        is_mobile=touch,
        reduced_motion="reduce",
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    names = ["", "Sara", "Babak"] if lang == "en" else ["", "سارا", "بابک"]
    wanted = Formatter(games.texts(game).CATALOGUE, lang, names)(
        {"key": key, "args": dict(_step(game, key).lines[-1].args)}
    )
    page.goto("/")
    start = time.monotonic()
    page.locator(f'[data-learn="{game}"]').click()
    coach = page.locator("#coach")
    presses, said, shot = 0, set(), shots is None
    while True:
        page.locator(".coach-target, #coach.done").first.wait_for()
        if "done" in (coach.get_attribute("class") or ""):
            break
        text = page.locator("#coach-say").inner_text()
        said.add(text)
        if not shot and text == wanted and page.locator("#game-root .coach-target").count():
            assert shots is not None
            shots.mkdir(parents=True, exist_ok=True)
            page.wait_for_timeout(450)  # the arrow, once cards have arrived
            page.screenshot(path=str(shots / f"lesson-{game}.png"))
            shot = True
        ask = coach.get_attribute("data-ask")
        target = page.locator(".coach-target")
        target.tap() if touch else target.click()
        presses += 1
        while coach.get_attribute("data-ask") == ask:
            time.sleep(0.02)
    seconds = time.monotonic() - start
    context.close()
    return presses, len(said) + 1, seconds


def _step(game: str, key: str) -> Any:
    return next(s for s in lessons.load(game).steps if s.lines and s.lines[-1].say == key)


if __name__ == "__main__":
    main()
