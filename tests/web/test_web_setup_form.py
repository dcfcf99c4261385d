"""The setup form shows exactly the options each game describes, labelled in plain words in
both languages, offers each game's lengths (its presets), and what a person picks there is
what the table is set up with: a length, no time limit, practice alone, a named public
table that the lobby lists."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from web_helpers import LAPTOP, Seat

from rumizi import games

pytestmark = pytest.mark.browser


def descriptions(base: str) -> list[dict[str, Any]]:
    """The served descriptions of the registered games (not the server tests' own games)."""
    served: list[dict[str, Any]] = httpx.get(f"{base}/api/games", timeout=10).json()
    described = [g for g in served if g["id"] in games.ids()]
    assert [g["id"] for g in described] == [d.id for d in games.described()]
    return described


@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("fa-IR", "fa")])
def test_the_form_shows_exactly_the_declared_options(
    browser: Any, web_server: Any, locale: str, lang: str
) -> None:
    seat = Seat(browser, web_server.url, locale, LAPTOP)
    group_name = {"en": "Game options", "fa": "تنظیمات بازی"}[lang]
    try:
        page = seat.page
        page.goto("/")
        for game in descriptions(web_server.url):
            page.locator(f'.game-card[data-game="{game["id"]}"]').get_by_role(
                "button", name={"en": "Set up a table", "fa": "چیدن میز"}[lang]
            ).click()
            assert page.get_by_role("heading", level=2, name=game["title"][lang]).count() >= 1
            group = page.get_by_role("group", name=group_name)
            declared = [o for o in game["options"] if o["form"]]
            controls = group.locator("input:not([data-none]), select")
            assert controls.count() == len(declared), game["id"]
            nullable = [o for o in declared if o["nullable"]]
            no_limit = {"en": "No time limit", "fa": "بدون محدودیت زمانی"}[lang]
            assert group.get_by_label(no_limit).count() == len(nullable), game["id"]
            plain(page.locator("#setup-form").inner_text(), lang, game["id"])
            for option in declared:
                field = group.get_by_label(option["label"][lang])
                assert field.count() == 1, (game["id"], option["name"])
                assert group.get_by_text(option["help"][lang]).is_visible()
                if option["type"] == "choice":
                    shown = field.locator("option").all_inner_texts()
                    assert shown == [c["label"][lang] for c in option["choices"]]
                    assert field.input_value() == option["default"]
                if option["type"] == "bool":
                    assert field.is_checked() == bool(option["default"])
                if option["type"] in ("int", "seconds"):
                    assert field.get_attribute("min") == f"{option['minimum']:g}"
                    assert field.get_attribute("max") == f"{option['maximum']:g}"
            levels = page.get_by_label(
                {"en": "Bot level at seat 2", "fa": "سطح ربات در جای ۲"}[lang]
            )
            assert levels.locator("option").all_inner_texts() == [
                b["name"][lang] for b in game["bot_levels"]
            ]
            assert levels.input_value() == game["solo"]["level"]
    finally:
        seat.close()


def plain(text: str, lang: str, game: str) -> None:
    """Words for people: no API values ("null", 'random', seats from 0, option names); in
    Persian, no Latin letters at all."""
    assert not re.search(r"\bnull\b|'random'|«random»|turn_seconds|from 0|از ۰", text), (game, text)
    if lang == "fa":
        assert not re.search(r"[A-Za-z]", text), (game, re.findall(r"[A-Za-z]+", text))


def room_info(base: str, page: Any) -> dict[str, Any]:
    """The room the page was sent to after "Create the table", as its own token shows it."""
    page.wait_for_selector(".room-lobby")
    room, token = page.url.split("/room/")[1].split("#token=")
    mine = {"Authorization": f"Bearer {token}"}  # a private room shows itself to its tokens
    info: dict[str, Any] = httpx.get(f"{base}/api/rooms/{room}", headers=mine, timeout=10).json()
    return info


def open_form(page: Any, game: str, lang: str) -> None:
    page.goto("/")
    button = {"en": "Set up a table", "fa": "چیدن میز"}[lang]
    page.locator(f'.game-card[data-game="{game}"]').get_by_role("button", name=button).click()


@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("fa-IR", "fa")])
def test_the_game_lengths_are_offered_in_plain_words(
    browser: Any, web_server: Any, locale: str, lang: str
) -> None:
    """Skip-Bo's quick, standard and long games: each named with what it means in time, the
    quick one (what "Play against bots" plays) chosen first; choosing one fills the options,
    changing an option by hand leaves no length chosen."""
    words = {
        "en": (
            "Game length",
            "Quick",
            "Standard",
            "Long",
            "Rounds",
            "Stock pile size",
            "Who starts",
        ),
        "fa": (
            "مدت بازی",
            "کوتاه",
            "معمولی",
            "بلند",
            "تعداد دورها",
            "تعداد کارت‌های ذخیره",
            "چه کسی شروع می‌کند",
        ),
    }[lang]
    length, quick, standard, long, rounds, stock, first = words
    seat = Seat(browser, web_server.url, locale, LAPTOP)
    try:
        page = seat.page
        open_form(page, "skip-bo", lang)
        group = page.get_by_role("group", name=length)
        described = {
            p["id"]: p for p in httpx.get(f"{web_server.url}/api/games/skip-bo").json()["presets"]
        }
        for preset_id, name in (("quick", quick), ("standard", standard), ("long", long)):
            choice = group.get_by_role("radio", name=re.compile(f"^{name}"))
            assert described[preset_id]["length"][lang] in choice.locator("xpath=..").inner_text()
        assert group.get_by_role("radio", name=re.compile(f"^{quick}")).is_checked()
        options = page.get_by_role("group", name={"en": "Game options", "fa": "تنظیمات بازی"}[lang])
        assert options.get_by_label(rounds).input_value() == "1"
        assert options.get_by_label(stock).input_value() == "15"
        group.get_by_role("radio", name=re.compile(f"^{long}")).check()
        assert options.get_by_label(rounds).input_value() == ""
        assert options.get_by_label(stock).input_value() == ""
        group.get_by_role("radio", name=re.compile(f"^{standard}")).check()
        assert options.get_by_label(rounds).input_value() == "1"
        options.get_by_label(stock).fill("12")
        options.get_by_label(stock).dispatch_event("change")
        assert not any(r.is_checked() for r in group.get_by_role("radio").all())
        starts = options.get_by_label(first).locator("option").all_inner_texts()
        assert (
            starts[:3]
            == {
                "en": ["drawn by lot", "Seat 1 (you)", "Seat 2"],
                "fa": ["به قرعه", "جای ۱ (شما)", "جای ۲"],
            }[lang]
        )
        plain(page.locator("#setup-form").inner_text(), lang, "skip-bo")
        group.get_by_role("radio", name=re.compile(f"^{standard}")).check()
        page.get_by_label({"en": "Your name", "fa": "نام شما"}[lang]).fill("Ann")
        page.get_by_role("button", name={"en": "Create the table", "fa": "ساختن میز"}[lang]).click()
        assert room_info(web_server.url, page)["options"] == {"rounds": 1}
    finally:
        seat.close()


def test_practice_is_alone_and_a_round_may_have_no_time_limit(
    browser: Any, web_server: Any
) -> None:
    """Tuki's practice sets one player by itself (and gives the count back when unticked);
    "No time limit" sets up a round clock of none."""
    seat = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = seat.page
        open_form(page, "tuki", "en")
        count = page.get_by_role("combobox", name="Players")
        assert count.input_value() == "2"
        practice = page.get_by_label("Practice")
        practice.check()
        assert count.input_value() == "1" and count.is_disabled()
        assert page.locator(".seat-plan[data-seat]").count() == 0  # nobody else to seat
        practice.uncheck()
        assert count.input_value() == "2" and not count.is_disabled()
        practice.check()
        page.get_by_label("Your name").fill("Ann")
        page.get_by_role("button", name="Create the table").click()
        info = room_info(web_server.url, page)
        assert info["options"] == {"practice": True} and len(info["seats"]) == 1
        assert not page.locator(".toast").count()

        open_form(page, "tuki", "en")
        clock = page.get_by_label("Round clock")
        page.get_by_label("No time limit").check()
        assert clock.is_disabled()
        page.get_by_label("Your name").fill("Ann")
        page.get_by_role("button", name="Create the table").click()
        assert room_info(web_server.url, page)["options"] == {"round_seconds": None}
    finally:
        seat.close()


def test_a_public_table_is_listed_in_the_lobby_with_its_name(browser: Any, web_server: Any) -> None:
    host = Seat(browser, web_server.url, "fa-IR", LAPTOP)
    guest = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = host.page
        open_form(page, "skip-bo", "fa")
        page.get_by_label("نام شما").fill("سارا")
        page.get_by_label("سطح ربات در جای ۲").wait_for()
        page.locator('[name="kind1"]').select_option("person")
        name = page.get_by_label(re.compile("^نام میز"))
        assert not name.is_visible()
        page.get_by_label("این میز در فهرست میزهای باز دیده شود").check()
        assert name.is_visible() and name.get_attribute("placeholder") == "میز سارا"
        page.get_by_role("button", name="ساختن میز").click()
        info = room_info(web_server.url, page)
        assert info["title"] == "میز سارا"
        g = guest.page
        g.goto("/")
        entry = g.locator("#lobby li", has=g.locator(f'a[href="/room/{info["id"]}"]'))
        entry.wait_for()
        assert "میز سارا" in entry.inner_text() and "Skip-Bo" in entry.inner_text()
        assert "1 of 2 seats taken" in entry.inner_text()
        entry.get_by_role("link", name="Join میز سارا").click()
        g.wait_for_selector("#pj")
    finally:
        host.close()
        guest.close()


def test_options_picked_in_the_form_set_up_the_table(browser: Any, web_server: Any) -> None:
    seat = Seat(browser, web_server.url, "en-US", LAPTOP)
    try:
        page = seat.page
        page.goto("/")
        page.locator('.game-card[data-game="skip-bo"]').get_by_role(
            "button", name="Set up a table"
        ).click()
        page.get_by_label("Your name").fill("Ann")
        page.get_by_role("combobox", name="Players").select_option("4")
        group = page.get_by_role("group", name="Game options")
        group.get_by_label("Stock pile size").fill("7")
        group.get_by_label("Partnerships (4 or 6 players)").check()
        group.get_by_label("Who starts").select_option(label="Seat 3")
        page.get_by_role("button", name="Create the table").click()
        info = room_info(web_server.url, page)
        # the quick game, chosen first, gave one round; the stock size is the person's own
        assert info["options"] == {"rounds": 1, "stock_size": 7, "teams": True, "first": 2}
    finally:
        seat.close()
