"""The lessons in the browser (issue 24): each game's lesson, started from its home card's
"Learn to play", in English and Persian, on a 390×844 touch phone (taps only) and on a
1366×768 laptop (clicks), done by pressing only what the coach points at — the control with
the coach's highlight and arrow, which also has the focus — until "Lesson complete". Every
rule the issue lists for the game is shown on the way (the coach names each as it shows it)
and listed at the end. At one step of each lesson a wrong move is made on purpose (the
control a newcomer might press instead): nothing is sent, the coach says why, and the
lesson goes on from the right move.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import ServerProcess
from test_web_axe import serious
from web_helpers import LAPTOP, PHONE, Seat

from rumizi import games, lessons
from rumizi.engine.texts import Formatter
from rumizi.server.app import WEB

pytestmark = pytest.mark.browser

WORDS = {lang: json.loads((WEB / "i18n" / f"{lang}.json").read_text()) for lang in ("en", "fa")}
RULES = {
    "love-letter": [
        "draw_play", "guard", "priest", "baron", "handmaid", "prince", "king", "countess",
        "princess", "win_round",
    ],
    "skip-bo": [
        "building", "stock_first", "wild", "discard_ends", "discard_tops", "full_pile", "refill",
    ],
    "ugha-bugha": ["flip", "recite", "point", "clock", "closing", "repeat", "lose_chain"],
    "tuki": ["card", "place_turn", "die", "falls", "done", "taker"],
    "ayozhit": ["word", "marking", "counting", "deep", "announcing", "sparks", "failing"],
}  # fmt: skip
"""What each lesson must show (the issue's list, by the rule ids of the lessons)."""

PRINCE = re.compile("^(Prince|شاهزاده)$")
WRONG = {
    "love-letter": (
        "lesson.countess",
        lambda page: page.locator(".me .hand button", has=page.locator(".cn", has_text=PRINCE)),
    ),
    "skip-bo": ("lesson.discard", lambda page: page.locator('.me [data-src="hand:12"]')),
    "ugha-bugha": ("lesson.ugha_bugha", lambda page: page.locator('.me [data-call="ha"]')),
    "ayozhit": ("lesson.announce", lambda page: page.locator('#game-root [data-key="pic-3"]')),
    "tuki": ("lesson.snow", lambda page: page.locator('#game-root [data-tk="place"]')),
}  # fmt: skip
"""For each game, the step (the catalogue key of what the coach says to do) where the test
presses something else, and that something: the control a newcomer might press instead."""

LESSON_BOT_DELAY = "0.2"
"""The lesson bots' pace on this module's server (0.8 s by default): the coach holds each
bot's line until it is read, so what the person sees is the same, only sooner."""


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("lessons")
    env = {"RUMIZI_LESSON_BOT_DELAY": LESSON_BOT_DELAY}
    proc = ServerProcess(str(path / "rumizi.db"), path / "server.log", env).start()
    yield proc
    proc.stop()


GAMES = [g for g in RULES if lessons.has(g)]
DEVICES = [("en", "laptop"), ("en", "phone"), ("fa", "laptop"), ("fa", "phone")]
LATIN_OR_DIGIT = re.compile(r"[A-Za-z0-9]")


def _say(game: str, lang: str, key: str, args: dict[str, Any] | None = None) -> str:
    """What the coach says for a catalogue key, with the lesson's seat names."""
    names = [WORDS[lang]["guest_n"].replace("{n}", "1" if lang == "en" else "۱")]
    names += [WORDS[lang][f"lesson_bot_{i}"] for i in range(1, 6)]
    catalogue = games.texts(game).CATALOGUE
    return Formatter(catalogue, lang, names)({"key": key, "args": args or {}})


def _step_of(game: str, key: str) -> Any:
    return next(s for s in lessons.load(game).steps if s.lines and s.lines[-1].say == key)


def _wait_for_the_coach(coach: Any, ask: str | None) -> None:
    """Until the coach asks for something new (its ``data-ask`` changes)."""
    deadline = time.monotonic() + 20
    while coach.get_attribute("data-ask") == ask:
        assert time.monotonic() < deadline, "the coach asked nothing new"
        time.sleep(0.05)


@pytest.mark.parametrize(("lang", "device"), DEVICES)
@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_done_by_pressing_what_the_coach_points_at(
    browser: Any, web_server: Any, game: str, lang: str, device: str
) -> None:
    touch = device == "phone"
    seat = Seat(
        browser,
        web_server.url,
        "fa-IR" if lang == "fa" else "en-US",
        PHONE if touch else LAPTOP,
        touch=touch,
    )
    page = seat.page

    def press(target: Any, force: bool = False) -> None:
        """A tap on the phone (touch input only), a click on the laptop; ``force``: also on
        a control marked unavailable (aria-disabled), as a person can."""
        if touch:
            target.tap(force=force)
        else:
            target.click(force=force)

    try:
        page.goto("/")
        press(
            page.locator(f'.game-card[data-game="{game}"]').get_by_role(
                "button", name=WORDS[lang]["learn"]
            )
        )
        coach = page.locator("#coach")
        coach.wait_for()
        wrong_key, wrong_control = WRONG[game]
        wrong_step = _step_of(game, wrong_key)
        wrong_line = _say(game, lang, wrong_key, wrong_step.lines[-1].args)
        shown: list[str] = []
        said: list[str] = []
        made_wrong = False
        for _ in range(400):
            if "done" in (coach.get_attribute("class") or ""):
                break
            ask = coach.get_attribute("data-ask")
            page.locator(".coach-target, #coach.done").first.wait_for()
            if "done" in (coach.get_attribute("class") or ""):
                break
            target = page.locator(".coach-target")
            assert page.evaluate("document.activeElement?.classList.contains('coach-target')")
            text = page.locator("#coach-say").inner_text()
            said.append(text)
            shown += [r for r in page.locator(".coach-rule").all_inner_texts() if r not in shown]
            if text == wrong_line and not made_wrong:
                index = page.evaluate("window.rumizi.state.index")
                press(wrong_control(page), force=True)
                why = page.locator(".coach-wrong")
                args = {k: v for line in wrong_step.lines for k, v in line.args.items()}
                assert why.inner_text() == _say(game, lang, wrong_step.wrong or "", args)
                assert page.evaluate("window.rumizi.state.index") == index, "nothing was sent"
                made_wrong = True
                continue
            press(target)
            _wait_for_the_coach(coach, ask)
        assert "done" in (coach.get_attribute("class") or ""), said[-3:]
        shown += [r for r in page.locator(".coach-rule").all_inner_texts() if r not in shown]
        assert made_wrong, f"the coach never said {wrong_line!r}"
        names = [_say(game, lang, f"lesson.rule.{r}") for r in RULES[game]]
        assert sorted(shown) == sorted(names)
        learned = coach.locator(".coach-list li").all_inner_texts()
        assert sorted(learned) == sorted(names)
        if lang == "fa":
            for text in [*said, *shown, coach.inner_text()]:
                assert not LATIN_OR_DIGIT.search(text), text
            assert page.evaluate("document.documentElement.dir") == "rtl"
        assert not seat.errors, seat.errors
    finally:
        seat.close()


@pytest.mark.parametrize("locale", ["en-US", "fa-IR"])
def test_a_lesson_table_has_no_serious_accessibility_violation(
    browser: Any, web_server: Any, locale: str
) -> None:
    """axe-core on a lesson's table while the coach points at a card (see test_web_axe)."""
    context = browser.new_context(
        locale=locale, viewport=LAPTOP, base_url=web_server.url, bypass_csp=True
    )
    page = context.new_page()
    try:
        page.goto("/learn/love-letter")  # the rules pages' link
        page.wait_for_selector("#coach")
        for _ in range(2):  # past the welcome, to the table's own controls
            page.locator("#coach-next").click()
        page.wait_for_selector(".me .coach-target")
        assert page.url.split("#")[0].endswith(
            "/room/" + page.evaluate("window.rumizi.state.room.id")
        )
        assert not serious(page)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_rules_pages_show_the_games_pieces_and_lead_to_the_lesson(
    browser: Any, web_server: Any, lang: str
) -> None:
    """Each rules page draws the cards or pieces it names with the game's own art, and its
    "Your first turn" section links to the game's lesson; the rules drawer at a table draws
    them too, and its link starts the lesson."""
    context = browser.new_context(
        locale="fa-IR" if lang == "fa" else "en-US", viewport=LAPTOP, base_url=web_server.url
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for game in RULES:
            page.goto(f"/rules/{game}.{lang}.html")
            page.wait_for_load_state("networkidle")
            drawn = page.evaluate(
                """() => ({
                  placeholders: document.querySelectorAll('[data-art]').length,
                  empty: [...document.querySelectorAll('[data-art]')]
                    .filter(e => !e.querySelector('svg')).length,
                  images: [...document.querySelectorAll('main img')].map(i => i.naturalWidth),
                  faces: document.querySelectorAll('main .sb-card').length,
                })"""
            )
            assert drawn["empty"] == 0, (game, drawn)
            assert drawn["placeholders"] + len(drawn["images"]) + drawn["faces"] >= 2, (game, drawn)
            assert all(drawn["images"]), (game, "every picture loaded")
            first = page.locator("#first-turn")
            assert first.inner_text() == ("Your first turn" if lang == "en" else "نخستین نوبت شما")
            assert page.locator("a.learn").get_attribute("href") == f"/learn/{game}"
        page.goto("/")  # at a table: the rules drawer, its pictures, and its way to the lesson
        page.locator('[data-solo="love-letter"]').click()
        page.locator("#rules-open").click()
        drawer = page.locator("#rules-drawer[open]")
        drawer.locator("[data-art] svg").first.wait_for()
        assert drawer.locator("[data-art] svg").count() == 8  # the eight characters
        drawer.locator("a.learn").click()
        page.locator("#coach").wait_for()
        assert page.evaluate("window.rumizi.state.room.seats[1].bot") == "lesson"
        assert not errors, errors
    finally:
        context.close()
