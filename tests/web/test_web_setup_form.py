"""The setup form shows exactly the options each game describes, labelled in both languages,
and what a person picks there is what the table is set up with."""

from __future__ import annotations

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
            controls = group.locator("input, select")
            assert controls.count() == len(declared), game["id"]
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
        page.wait_for_selector(".room-lobby")
        room, token = page.url.split("/room/")[1].split("#token=")
        mine = {"Authorization": f"Bearer {token}"}  # a private room shows itself to its tokens
        info = httpx.get(f"{web_server.url}/api/rooms/{room}", headers=mine, timeout=10).json()
        assert info["options"] == {"stock_size": 7, "teams": True, "first": 2}
    finally:
        seat.close()
