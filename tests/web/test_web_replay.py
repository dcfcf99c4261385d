"""The replay viewer in a real browser, used as a person uses it.

A short Love Letter match against a bot, stacked so that its first move is a blunder: the
person holds the Baron, draws the Princess and throws the Princess away (out at once,
while the Baron would have won the round for sure). They play on to the end through the
table, open the replay from the end screen, step forward and back (buttons and arrow
keys), jump to a round, look through the other seat's eyes and with every card shown, and
ask for the analysis of their moves: the Princess is marked as the move that lost the
round. The same viewer in Persian reads right to left, with Persian digits, and its arrow
keys follow the reading direction.

axe finds no serious violation on the replay with its analysis, in both languages.

Skip-Bo, Ugha Bugha, Ayozhit and Tuki: a short all-bot match watched from the room page,
whose replay is opened from the room's side panel and drawn by the game's own table module
from any seat's view and with every card.
"""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from test_web_axe import serious
from web_helpers import LAPTOP, Seat, play_love_letter, shoot, wait_turn_or_end

from love_letter_helpers import stack
from rumizi.bots import analysis

pytestmark = pytest.mark.browser
FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")

BLUNDER = stack("guard", "guard", "guard", "guard", "baron", "priest", "princess")
"""Round 1 (seat 0 starts): set aside and face up Guards; seat 0 holds the Baron, seat 1
the Priest; seat 0 draws the Princess. Later rounds are shuffled."""


def _table(base: str) -> dict[str, Any]:
    """A private room: Dara (a person) against a heuristic bot, two tokens to win."""
    body = {
        "game": "love-letter",
        "seats": [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}],
        "options": {"tokens_to_win": 2, "first": 0, "deck": [BLUNDER]},
        "settings": {"bot_delay": 0.1},
    }
    made: dict[str, Any] = httpx.post(f"{base}/api/rooms", json=body, timeout=20).json()
    return made


def _play_to_the_end(dara: Seat, room: str, token: str) -> None:
    page = dara.page
    page.goto(f"/room/{room}#token={token}")
    page.get_by_label("Your name").fill("Dara")
    page.get_by_role("button", name="Take my seat, I'm ready").click()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#game-root")
    wait_turn_or_end(dara)
    page.get_by_role("button", name=re.compile("Princess")).first.click()
    page.get_by_role("button", name=re.compile(r"^Play .*Princess")).click()
    page.get_by_role("button", name="Yes, play it").click()  # it puts her out: she is sure
    rng = random.Random(5)
    while not (state := wait_turn_or_end(dara))["over"]:
        index = state["index"]
        play_love_letter(dara, rng, state)
        page.wait_for_function(
            f"() => window.rumizi.state.index > {index} || window.rumizi.state.over"
        )


def _step(page: Any) -> str:
    text: str = page.locator("#replay-step").inner_text()
    return text


def test_a_finished_match_is_replayed_step_by_step_with_its_analysis(
    browser: Any, web_server: Any
) -> None:
    made = _table(web_server.url)
    room, token = made["room"]["id"], made["seats"][0]["token"]
    dara = Seat(browser, web_server.url, "en-GB", LAPTOP)
    try:
        _play_to_the_end(dara, room, token)
        page = dara.page
        expect(page.locator("#game-result")).to_be_visible()
        # The end screen links to the replay; the room's side panel lists its matches' replays.
        beside = page.locator("#people").get_by_role("link", name="Match 1")
        expect(beside).to_be_visible()
        room_url = page.url  # with the seat's token (a fresh one since Dara took the seat)
        page.locator("#game-result").get_by_role("link", name="Replay this match").click()
        expect(page.get_by_role("heading", name="Replay of Love Letter")).to_be_visible()
        total = int(re.sub(r"\D", " ", _step(page)).split()[-1])
        assert total >= 2
        assert _step(page) == f"Move {total} of {total}"  # opened at the end

        # Step: first, forward, back, last; the log grows and shrinks with the steps.
        page.get_by_role("button", name="First").click()
        assert _step(page) == "Start"
        expect(page.get_by_role("button", name="Back")).to_be_disabled()
        log = page.locator("rz-log li")
        thrown = log.filter(has_text=re.compile(r"^Dara played the Princess"))
        before = log.count()
        expect(thrown).to_have_count(0)
        page.get_by_role("button", name="Forward").click()
        assert _step(page) == f"Move 1 of {total}"
        expect(thrown).to_have_count(1)
        assert log.count() > before
        page.get_by_role("button", name="Back").click()
        assert _step(page) == "Start" and log.count() == before
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert _step(page) == f"Move 2 of {total}"
        page.keyboard.press("ArrowLeft")
        assert _step(page) == f"Move 1 of {total}"
        page.keyboard.press("End")
        assert _step(page) == f"Move {total} of {total}"
        expect(page.locator("#results")).to_contain_text("won")

        # Jump to a round: round 2 starts right after the Princess was thrown away.
        rounds = page.get_by_label("Jump to round")
        rounds.select_option(label="Round 2")
        assert _step(page) == f"Move 1 of {total}"
        expect(page.locator("#replay-status")).to_contain_text("Round 2")
        rounds.select_option(label="Round 1")
        assert _step(page) == "Start"

        # Every card (the default once over): both hands at the start, Baron and Priest.
        seen_by = page.get_by_label("Seen by")
        expect(seen_by).to_have_value("all")
        hands = page.locator("#replay-hands")
        expect(hands.get_by_role("region", name="Dara's cards")).to_contain_text("Baron")
        expect(hands.get_by_role("region", name=re.compile("Bot 2.*'s cards"))).to_contain_text(
            "Priest"
        )
        # Through the bot's eyes: its own Priest, Dara's cards face down, no hands panel.
        seen_by.select_option(label="Bot 2 (medium)")
        expect(page.locator("#game-root .me")).to_contain_text("Priest")
        expect(page.locator("#game-root .me")).not_to_contain_text("Baron")
        expect(hands).to_be_hidden()
        assert _step(page) == "Start"
        seen_by.select_option(label="Dara")
        expect(page.locator("#game-root .me")).to_contain_text("Baron")

        # The analysis of Dara's moves: the thrown-away Princess is where the round was lost.
        page.get_by_label("Whose moves").select_option(label="Dara")
        page.get_by_role("button", name="Analyse").click()
        lost = page.locator(".analysis-list.lost li.costly")
        expect(lost.first).to_be_visible(timeout=60_000)
        expect(page.get_by_role("heading", name="Where the game was lost")).to_be_visible()
        first = lost.filter(has=page.get_by_role("button", name="Move 1", exact=True))
        expect(first).to_contain_text("Costly move")
        expect(first).to_contain_text("Princess")
        expect(first).to_contain_text("(0%)")
        expect(first).to_contain_text("Best:")
        expect(first).to_contain_text("(100%)")
        page.get_by_role("button", name="Forward").click()
        first.get_by_role("button", name="Move 1", exact=True).click()
        assert _step(page) == "Start"
        # The costly moves are marked along the slider too; a mark jumps to its move.
        page.get_by_role("button", name="Last").click()
        page.get_by_role("button", name="Costly move: Move 1", exact=True).click()
        assert _step(page) == "Start"
        here = page.locator("#replay-here")
        expect(here).to_contain_text("Dara's next choice")
        expect(here).to_contain_text("Costly move")
        shoot(dara, "replay-love-letter-en-laptop")

        # In Persian: right to left, Persian digits, and ← steps forward.
        page.get_by_role("button", name="فارسی").click()
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        expect(page.get_by_role("heading", name=re.compile("^بازپخش"))).to_be_visible()
        assert _step(page) == "آغاز"
        page.keyboard.press("ArrowLeft")
        assert _step(page) == f"حرکت ۱ از {str(total).translate(FA_DIGITS)}"
        assert not re.search(r"[0-9]", page.locator(".replay-controls").inner_text() + _step(page))
        page.keyboard.press("ArrowRight")
        assert _step(page) == "آغاز"
        # The analysis reads in Persian: the choice quoted as its button said it.
        expect(here).to_contain_text("انتخاب بعدی Dara: «")
        expect(here).to_contain_text("بهترین گزینه «")
        shoot(dara, "replay-love-letter-fa-laptop")
        assert not dara.errors, dara.errors
        replay_url = page.url
    finally:
        dara.close()
    _no_serious_violation(browser, web_server.url, room_url, replay_url)


def _no_serious_violation(browser: Any, base: str, room: str, replay: str) -> None:
    """axe finds nothing serious on the replay with its analysis, in English and Persian
    (the same person in a browser that lets the test inject axe)."""
    context = browser.new_context(locale="en-GB", viewport=LAPTOP, base_url=base, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(room)  # the room keeps the seat's token in this browser
        page.wait_for_selector("#game-root")
        page.goto(replay)
        page.get_by_role("button", name="Analyse").click()
        expect(page.locator(".analysis-list.lost li.costly").first).to_be_visible()
        found = {"en": serious(page)}
        page.get_by_role("button", name="فارسی").click()
        page.get_by_role("button", name="تحلیل کن").click()
        expect(page.locator(".analysis-list.lost li.costly").first).to_be_visible()
        found["fa"] = serious(page)
        assert found == {"en": [], "fa": []}, found
    finally:
        context.close()


OTHERS = {
    "skip-bo": (2, {"stock_size": 3, "rounds": 1}, "Skip-Bo"),
    "ugha-bugha": (3, {"tokens_to_win": 1, "clock": "none"}, "Ugha Bugha"),
    "ayozhit": (3, {"select_seconds": 10}, "Ayozhit"),
    "tuki": (2, {"round_seconds": 10}, "Tuki"),
}
"""The other games, each a short all-bot match: their table modules draw the replay too."""


def test_the_other_games_replay_from_any_seat_and_with_every_card(
    browser: Any, web_server: Any
) -> None:
    watcher = Seat(browser, web_server.url, "en-GB", LAPTOP)
    page = watcher.page
    try:
        for game, (players, options, title) in OTHERS.items():
            body = {"game": game, "seats": [{"kind": "bot"}] * players, "options": options,
                    "settings": {"bot_delay": 0}}  # fmt: skip
            made = httpx.post(f"{web_server.url}/api/rooms", json=body, timeout=20).json()
            room, host = made["room"]["id"], made["host_token"]
            page.goto(f"/room/{room}#token={made['spectator_token']}")
            httpx.post(f"{web_server.url}/api/rooms/{room}/start",
                       headers={"Authorization": f"Bearer {host}"}, timeout=20)  # fmt: skip
            link = page.locator("#people").get_by_role("link", name="Match 1")
            link.click(timeout=60_000)
            expect(page.get_by_role("heading", name=f"Replay of {title}")).to_be_visible()
            page.get_by_role("button", name="First").click()
            assert _step(page) == "Start"
            page.get_by_role("button", name="Forward").click()
            assert re.fullmatch(r"Move 1 of \d+", _step(page)), _step(page)
            table = page.locator("#game-root")
            expect(table).not_to_be_empty()
            page.get_by_label("Seen by").select_option(index=1)  # the second seat
            expect(page.locator("#replay-hands")).to_be_hidden()
            expect(table).not_to_be_empty()
            assert re.fullmatch(r"Move 1 of \d+", _step(page)), _step(page)
            page.get_by_role("button", name="Last").click()
            expect(page.locator("#results")).to_contain_text("Result")
            page.get_by_label("Seen by").select_option(label="Every card")
            expect(table).not_to_be_empty()
            if game == "skip-bo":  # every seat's own piles and hand, under the table
                expect(page.locator("#replay-hands .replay-hand")).to_have_count(players)
            # The analysis is offered only where a search bot can judge the game.
            offered = expect(page.get_by_role("heading", name="Analysis"))
            if analysis.search_level(game) is None:
                offered.to_be_hidden()
            else:
                offered.to_be_visible()
            assert not watcher.errors, (game, watcher.errors)
    finally:
        watcher.close()
