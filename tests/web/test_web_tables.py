"""The web client in a real browser: each game played to the end by two people and a bot.

For Love Letter, Skip-Bo and Ugha Bugha: two browser contexts (a laptop and a phone) set
up the table through the lobby (the guest joins by the invite link), play the whole game
through the UI in English, reload mid-game and come back to the same view, and see the
result screen. Afterwards, the finished match's replay (every seat's true view and every
event with its audience) is compared with every WebSocket message, the script state and
the DOM of each seat: nothing holds another seat's hidden cards. A Persian run checks the
page is right-to-left and fully translated (no Latin letter, no ASCII digit on the table).
Screenshots of every table, both languages, laptop and phone, go to artifacts/screenshots.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from web_helpers import (
    LAPTOP,
    PHONE,
    Seat,
    acted,
    deadline,
    play_love_letter,
    play_skip_bo,
    play_ugha_bugha,
    replay,
    set_up_table,
    shoot,
    snapshot,
    wait_turn_or_end,
)

from rumizi import games
from rumizi.server.room.rooms import retell

pytestmark = pytest.mark.browser

GAMES = ["love-letter", "skip-bo", "ugha-bugha"]
OPTIONS = {
    "love-letter": {"tokens_to_win": "2"},
    "skip-bo": {"stock_size": "3", "rounds": "1"},
    "ugha-bugha": {"tokens_to_win": "1", "clock": "none"},
}
LL_NAMES = {
    "guard": "Guard", "priest": "Priest", "baron": "Baron", "handmaid": "Handmaid",
    "prince": "Prince", "king": "King", "countess": "Countess", "princess": "Princess",
}  # fmt: skip


def move(seat: Seat, game: str, rng: random.Random, state: dict[str, Any], drag: bool) -> bool:
    if game == "love-letter":
        play_love_letter(seat, rng, state)
    elif game == "skip-bo":
        return play_skip_bo(seat, rng, state, drag)
    else:
        play_ugha_bugha(seat, rng, state)
    return False


def play_to_the_end(
    game: str, seats: list[Seat], rng: random.Random, shots: str, reload: Seat | None
) -> dict[str, Any]:
    """Both seats play until the result screen; screenshots after a few moves; one reload."""
    moves = 0
    shot = reloaded = dragged = False
    end = deadline(240)
    while True:
        assert time.monotonic() < end, "the game did not end in time"
        over = 0
        for seat in seats:
            state = seat.state()
            if state["over"]:
                over += 1
                continue
            if not state["legal"] or state.get("pending") or state["view"] is None:
                continue
            snapshot(seat)
            if not shot and moves >= 2:
                for s, size in zip(seats, ("laptop", "phone"), strict=False):
                    shoot(s, f"{game}-{shots}-{size}")
                shot = True
            if reload is seat and not reloaded:
                check_reload(seat)
                reloaded = True
                continue
            if move(seat, game, rng, state, drag=game == "skip-bo" and not dragged):
                dragged = True
            acted(seat, state["index"])
            moves += 1
        if over == len(seats):
            break
        time.sleep(0.05)
    assert reload is None or reloaded, "the game ended before the reload check"
    for seat in seats:
        seat.page.wait_for_selector("#game-result")
    return seats[0].state()


def check_reload(seat: Seat) -> None:
    """A reload on the seat's own turn (nobody else can move) comes back to the same view."""
    seat.page.wait_for_function("() => !document.getElementById('ub-speech')?.textContent.trim()")
    before = seat.state()
    table = seat.page.inner_text("#game-root")
    log = seat.page.inner_text("rz-log")
    url = seat.page.url
    seat.page.reload()
    seat.page.wait_for_selector("#game-root")
    after = wait_turn_or_end(seat)
    assert seat.page.url == url
    assert (after["match"], after["index"]) == (before["match"], before["index"])
    assert after["view"] == before["view"]
    assert after["legal"] == before["legal"]
    assert seat.page.inner_text("#game-root") == table
    assert seat.page.inner_text("rz-log") == log


def visible_events(positions: list[dict[str, Any]], seat: int, a: int, b: int) -> list[Any]:
    """The events ``seat`` saw after index ``a`` up to ``b`` (from 0: the setup's too)."""
    return [
        p["event"]
        for pos in positions[a + 1 if a else 0 : b + 1]
        for p in pos["events"]
        if p["to"] is None or seat in p["to"]
    ]


def check_nothing_hidden(
    game: str, base: str, match: str, seats: list[Seat], bots: int = 1
) -> None:
    """Every message, the script state and the DOM of each seat against the true positions.

    The update that answers a (re)connect holds the history as the game retells it to a
    seat that was not listening (Ugha Bugha: no card of the current chain below the top)."""
    rep = replay(base, match, seats[0])
    assert rep["finished"]
    positions = rep["positions"]
    players = rep["players"]
    rules = games.load(game)
    for s, seat in enumerate(seats):
        updates = [f for f in seat.frames if f["type"] in ("update", "welcome")]
        assert any(f["type"] == "update" for f in updates), "no update reached the page"
        page: list[dict[str, Any]] = []  # the events the page holds since its last welcome
        held: dict[int, list[list[dict[str, Any]]]] = {}  # at an index (before, after a reload)
        retold = False
        for f in updates:
            if f["type"] == "welcome":
                retold, page = True, []
                continue
            if f["match"] != match:
                retold = False
                continue
            i = f["index"]
            truth = visible_events(positions, s, f["since"], i)
            assert f["view"] == positions[i]["views"][str(s)]
            told = retell(rules, truth) if retold else truth
            assert f["events"] == [games.told(game, e, s) for e in told]
            assert not f["legal"] or s in positions[i]["to_act"]
            page = (page if f["since"] else []) + f["events"]
            held.setdefault(i, []).append(list(page))
            retold = False
        assert not [u for u in seat.requests if "/api/matches/" in u or "/state" in u]
        assert seat.snapshots
        for snap in seat.snapshots:
            state = snap["state"]
            i = state["index"]
            assert state["view"] == positions[i]["views"][str(s)]
            assert state["events"] in held[i]
            for panel in snap["players"]:
                o = panel["seat"]
                if o == s:
                    continue
                truth = positions[i]["views"][str(o)]
                mine = positions[i]["views"][str(s)]
                if game == "love-letter":
                    assert panel["backs"] == len(truth["hand"])
                    for card in truth["hand"]:
                        shown = panel["text"].count(f"{LL_NAMES[card]} (")
                        legit = mine["discards"][o].count(card) + (mine["known"][o] == card)
                        assert shown == legit, (card, panel["text"])
                elif game == "skip-bo":
                    assert panel["backs"] == len(truth["hand"])  # a hand is backs, no face
                    tops = [mine["stock_tops"][o] if mine["stock_sizes"][o] else None]
                    tops += [pile[-1] if pile else None for pile in mine["discards"][o]]
                    label = {None: "empty", "skip-bo": "SKIP-BO"}
                    assert panel["faces"] == [label.get(c, str(c)) for c in tops]  # type: ignore[call-overload]
                else:
                    assert panel["backs"] == min(truth["hands"][o], 12)
    assert players == len(seats) + bots


@pytest.mark.parametrize("game", GAMES)
def test_two_people_and_a_bot_play_a_whole_game(browser: Any, web_server: Any, game: str) -> None:
    host = Seat(browser, web_server.url, "en-US", LAPTOP)
    guest = Seat(browser, web_server.url, "en-US", PHONE)
    try:
        set_up_table(host, guest, game, ["person", "bot"], OPTIONS[game], ("Ann", "Bob"))
        final = play_to_the_end(game, [host, guest], random.Random(game), "en", guest)
        for seat, size in ((host, "laptop"), (guest, "phone")):
            shoot(seat, f"{game}-en-{size}-result")
            assert seat.page.locator("#rematch").is_visible()
        assert host.page.evaluate("document.documentElement.dir") == "ltr"
        check_nothing_hidden(game, web_server.url, final["match"], [host, guest])
        assert not host.errors and not guest.errors
        if game == "love-letter":  # the rematch button deals a new game to both
            host.page.click("#rematch")
            for seat in (host, guest):
                seat.page.wait_for_function(
                    "() => window.rumizi.state.match"
                    f" && window.rumizi.state.match !== '{final['match']}'"
                    " && !window.rumizi.state.over"
                )
                assert seat.page.locator("#game-result").count() == 0
    finally:
        host.close()
        guest.close()


LATIN = re.compile(r"[A-Za-z0-9]")


@pytest.mark.parametrize("game", GAMES)
def test_persian_table_is_right_to_left_and_fully_translated(
    browser: Any, web_server: Any, game: str
) -> None:
    host = Seat(browser, web_server.url, "fa-IR", LAPTOP)
    guest = Seat(browser, web_server.url, "fa-IR", PHONE)
    try:
        set_up_table(host, guest, game, ["person", "bot"], OPTIONS[game], ("سارا", "نیما"))
        for seat in (host, guest):
            assert seat.page.evaluate("document.documentElement.dir") == "rtl"
            assert seat.page.evaluate("document.documentElement.lang") == "fa"
        rng = random.Random(game + "fa")
        moves = 0
        end = deadline(120)
        while moves < 4 and not host.state()["over"]:
            assert time.monotonic() < end
            for seat in (host, guest):
                state = seat.state()
                if state["over"] or not state["legal"] or state.get("pending"):
                    continue
                if moves == 2:
                    for s, size in ((host, "laptop"), (guest, "phone")):
                        text = s.page.inner_text("main")
                        assert not LATIN.findall(text), LATIN.findall(text)[:20]
                        shoot(s, f"{game}-fa-{size}")
                move(seat, game, rng, state, drag=False)
                acted(seat, state["index"])
                moves += 1
            time.sleep(0.05)
        for seat in (host, guest):
            text = seat.page.inner_text("main")  # all but the switch to English
            assert not LATIN.findall(text), LATIN.findall(text)[:20]
            assert seat.page.get_attribute("#lang", "lang") == "en"
        assert not host.errors and not guest.errors
    finally:
        host.close()
        guest.close()
