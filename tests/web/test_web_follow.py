"""The page goes where its room is played (issue 27): with several server workers, a
`hello` that reaches a worker other than the room's owner may be answered with a `redirect`
to the owner's own socket address (docs/protocol.md). The page says it can follow
(`follow: true`), connects to the owner at once, and plays there; an owner's address that
cannot be reached sends it back to where it started, where the worker relays for it.

The worker that redirects is played here by the browser's own WebSocket routing (what a
second worker would answer, word for word); every other socket goes to the real server.
The server's side of the redirect is tested with two real workers in tests/server.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import LAPTOP, Seat

pytestmark = pytest.mark.browser

OWNER = "?worker=owner"
"""The owner's socket address in these tests: the real server's, told apart by its query."""


def _room(base: str) -> dict[str, Any]:
    body = {
        "game": "love-letter",
        "seats": [{"kind": "person", "name": "Dara"}, {"kind": "bot", "bot": "random"}],
        "settings": {"autostart": True, "bot_delay": 0.2},
    }
    made = httpx.post(f"{base}/api/rooms", json=body, timeout=20)
    assert made.status_code == 201, made.text
    result: dict[str, Any] = made.json()
    return result


def _open(browser: Any, base: str, ws_url: str, owner_up: bool) -> tuple[Seat, list[Any]]:
    """Dara's page, whose sockets to the page's own address meet a worker that sends
    every hello to the owner (``ws_url`` + OWNER); with ``owner_up`` false the owner's
    address refuses the first connection. Returns the seat and, in order, what each socket
    it opened was: ("home", hello) or ("owner", url)."""
    made = _room(base)
    dara = Seat(browser, base, "en-US", LAPTOP)
    opened: list[Any] = []
    home_hellos = 0

    def route(ws: Any) -> None:
        nonlocal home_hellos
        if ws.url.endswith(OWNER):
            opened.append(("owner", ws.url))
            if not owner_up and len([o for o in opened if o[0] == "owner"]) == 1:
                ws.close(code=1011, reason="owner away")
                return
            ws.connect_to_server()
            return

        # The page's own address: a worker that does not own the room.
        server: list[Any] = []  # once relayed, every later message goes on

        def said(message: str | bytes) -> None:
            nonlocal home_hellos
            if server:
                server[0].send(message)
                return
            hello = json.loads(message)
            opened.append(("home", hello))
            home_hellos += 1
            if hello.get("follow") and home_hellos == 1:
                redirect = {"type": "redirect", "url": ws_url + OWNER, "room": made["room"]["id"]}
                ws.send(json.dumps(redirect))
                ws.close(code=4302, reason="redirect")
            else:  # not following (or back from an owner it could not reach): relayed
                server.append(ws.connect_to_server())
                server[0].send(message)

        ws.on_message(said)

    dara.page.route_web_socket(re.compile(r"/ws(\?.*)?$"), route)
    dara.page.goto(base + made["links"]["seats"]["0"])
    dara.page.locator("#ready-form button").click()
    return dara, opened


def test_the_page_follows_a_redirect_to_the_rooms_owner_and_plays_there(
    browser: Any, web_server: Any
) -> None:
    dara, opened = _open(browser, web_server.url, web_server.ws_url, owner_up=True)
    try:
        expect(dara.page.get_by_role("region", name="Your hand")).to_be_visible()
        kinds = [kind for kind, _ in opened]
        assert kinds[:2] == ["home", "owner"], opened
        assert opened[0][1]["follow"] is True
        assert opened[1][1] == web_server.ws_url + OWNER
        assert not dara.errors
    finally:
        dara.close()


def test_an_owner_that_cannot_be_reached_sends_the_page_back_home(
    browser: Any, web_server: Any
) -> None:
    dara, opened = _open(browser, web_server.url, web_server.ws_url, owner_up=False)
    try:
        expect(dara.page.get_by_role("region", name="Your hand")).to_be_visible()
        kinds = [kind for kind, _ in opened]
        assert kinds[:3] == ["home", "owner", "home"], opened  # then relayed where it began
        assert not dara.errors
    finally:
        dara.close()
