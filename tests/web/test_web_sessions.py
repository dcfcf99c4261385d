"""The server side of the table in the browser, over real sockets: one live connection per
seat (a newer one takes over), named watchers, presence, deadline timestamps, and history
as views (a seat that reconnects mid-chain in Ugha Bugha is told nothing below the top)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx
import pytest
from server_helpers import Player, bearer
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from rumizi.games.ugha_bugha.cards import IDS

CARD_IDS = set(IDS)


def run_apart(coro: Any) -> None:
    """Run ``coro`` on a fresh event loop in its own thread (Playwright's sync API may hold
    the main thread's loop in this process)."""
    failure: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(coro)
        except BaseException as e:  # handed back to the test's thread
            failure.append(e)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join(120)
    assert not thread.is_alive(), "the socket script did not end in 120 s"
    if failure:
        raise failure[0]


def make_room(base: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    reply = httpx.post(f"{base}/api/rooms", json={"game": game, "seats": seats, **extra})
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    return made


SLACK = 0.01
"""The server rounds its stamps to the millisecond."""


async def server_now(player: Player, ref: str) -> float:
    """The server's clock now, from a ``pong``."""
    await player.send({"type": "ping", "ref": ref})
    pong = await player.wait_for(lambda m: m["type"] == "pong" and m["ref"] == ref)
    now: float = pong["now"]
    return now


async def seated(base: str, ws: str, made: dict[str, Any]) -> list[Player]:
    """Every person seat connected and ready, and the match started by the host."""
    players = [
        Player(ws, s["token"], f"seat{s['seat']}") for s in made["seats"] if s["token"] is not None
    ]
    for p in players:
        await p.connect()
        await p.send({"type": "ready"})
    room = made["room"]["id"]
    started = httpx.post(f"{base}/api/rooms/{room}/start", headers=bearer(made["host_token"]))
    assert started.status_code == 200, started.text
    for p in players:
        await p.expect("update")
    return players


def test_a_newer_connection_takes_the_seat_over_and_the_older_is_told(web_server: Any) -> None:
    made = make_room(
        web_server.url,
        "love-letter",
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
    )
    token = made["seats"][0]["token"]

    async def run() -> None:
        first = Player(web_server.ws_url, token, "first")
        second = Player(web_server.ws_url, token, "second")
        other = Player(web_server.ws_url, made["seats"][1]["token"], "bob")
        await first.connect()
        await other.connect()
        welcome = await second.connect()
        assert welcome["seat"] == 0
        told = await first.wait_for(lambda m: m["type"] == "error")
        assert told["code"] == "taken_over" and "another tab" in told["message"]
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await first.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4409
        # The seat is still there, played by the newer connection: no grace, no stand-in.
        await second.send({"type": "ready"})
        room = await other.wait_for(
            lambda m: m["type"] == "room" and m["room"]["seats"][0]["ready"]
        )
        ann = room["room"]["seats"][0]
        assert ann["connected"] and ann["away_until"] is None
        for p in (first, second, other):
            await p.close()

    run_apart(run())


def test_watchers_are_named_and_see_the_spectator_view_live(web_server: Any) -> None:
    made = make_room(
        web_server.url,
        "love-letter",
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        options={"first": 0},
        settings={"grace_seconds": 30},
    )

    async def run() -> None:
        ann, bob = await seated(web_server.url, web_server.ws_url, made)
        watcher = Player(web_server.ws_url, made["spectator_token"], "zoe")
        watcher.ws = await connect(web_server.ws_url)
        await watcher.send({"type": "hello", "token": made["spectator_token"], "name": "Zoe"})
        welcome = await watcher.expect("welcome")
        assert welcome["role"] == "spectator" and welcome["seat"] is None
        update = await watcher.expect("update")
        assert update["view"]["seat"] is None and update["legal"] == []
        assert "hand" not in update["view"] or update["view"]["hand"] in (None, [])
        room = await ann.wait_for(lambda m: m["type"] == "room" and m["room"]["watchers"])
        assert room["room"]["watchers"] == ["Zoe"]
        # A seat that goes away: everyone sees it, with the end of its grace period: 30 s
        # after it left, between two of the server's own stamps (pongs) around its leaving.
        before = await server_now(watcher, "before")
        await bob.close()
        away = await watcher.wait_for(
            lambda m: m["type"] == "room" and not m["room"]["seats"][1]["connected"]
        )
        after = await server_now(watcher, "after")
        until = away["room"]["seats"][1]["away_until"]
        assert until is not None and before + 30 - SLACK <= until <= after + 30 + SLACK
        # The watcher follows the match live: Ann's move reaches it.
        assert ann.last is not None and ann.last["legal"]  # Ann starts (option first)
        index = ann.last["index"]
        await ann.send({"type": "act", "action": ann.last["legal"][0], "index": index})
        moved = await watcher.wait_for(lambda m: m["type"] == "update" and m["index"] > index)
        assert moved["events"] and moved["view"]["seat"] is None
        for p in (ann, watcher):
            await p.close()

    run_apart(run())


def test_clocks_carry_their_deadline_as_a_timestamp(web_server: Any) -> None:
    made = make_room(
        web_server.url,
        "ugha-bugha",
        [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Cy")],
        options={"first": 0},
    )

    async def run() -> None:
        players = await seated(web_server.url, web_server.ws_url, made)
        ann = players[0]
        welcome = next(m for m in ann.messages if m["type"] == "welcome")
        clock = ann.last["clock"] if ann.last else None
        assert clock is not None and clock["deadline"] is not None
        # The timestamp and the seconds left say the same moment, by the server's clock:
        # when the update was made, after Ann's welcome and before the pong that follows.
        await ann.send({"type": "ping", "ref": 1})
        pong = await ann.expect("pong")
        told = clock["deadline_at"] - clock["deadline"]
        assert welcome["now"] - SLACK <= told <= pong["now"] + SLACK
        # Another seat reconnecting does not move the deadline.
        bob = players[1]
        await bob.close()
        await bob.connect(ann.last["match"] if ann.last else None)
        again = await bob.expect("update")
        assert again["clock"]["deadline_at"] == pytest.approx(clock["deadline_at"], abs=0.01)
        for p in players:
            await p.close()

    run_apart(run())


def _said(chain: list[str]) -> list[str]:
    """The recitation of a chain: each card's item, "repeat" saying the one before again."""
    items: list[str] = []
    for card in chain:
        items.append(items[-1] if card == "repeat" and items else card)
    return items


def _card_strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data] if data in CARD_IDS else []
    if isinstance(data, dict):
        return [s for k, v in data.items() if k != "options" for s in _card_strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _card_strings(v)]
    return []


def test_a_ugha_bugha_seat_reconnecting_mid_chain_hears_nothing_below_the_top(
    web_server: Any,
) -> None:
    made = make_room(
        web_server.url,
        "ugha-bugha",
        [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Cy")],
        options={"first": 0, "turn_seconds": None},
    )

    async def run() -> None:
        players = await seated(web_server.url, web_server.ws_url, made)
        chain: list[str] = []
        match = players[0].last["match"] if players[0].last else None
        marks: dict[int, int] = {}
        # The match's index, known from each acknowledgement: the others' copies of a move
        # may still be on their way under load, so a seat's own last update can be stale.
        at = {"index": players[0].last["index"] if players[0].last else 0}

        async def act(seat: int, action: dict[str, Any]) -> dict[str, Any]:
            p = players[seat]
            await p.send({"type": "act", "action": action, "index": at["index"], "ref": "r"})
            update = await p.wait_for(lambda m: m["type"] == "update" and m.get("ack") == "r")
            at["index"] = update["index"]
            for e in update["events"]:
                if e["kind"] == "flipped":
                    chain.append(e["card"])  # heard live, by the seat that flipped
            return update

        async def turn(seat: int, point: int, items: int | None = None) -> None:
            marks[seat] = at["index"]
            await act(seat, {"type": "flip", "position": 0})
            said = _said(chain)
            for item in said[: len(said) if items is None else items]:
                await act(seat, {"type": "say", "item": item})
            if items is None:
                await act(seat, {"type": "ha", "point": point})

        await turn(0, 1)
        await turn(1, 2)
        await turn(2, 0, items=1)  # mid-recitation of a chain of three cards
        assert len(chain) == 3
        top = chain[-1]
        for p in players:
            await p.drain(0.3)
        # Bob reloads (no index), Ann reconnects from before Bob's turn; a watcher joins.
        bob, ann = players[1], players[0]
        await bob.close()
        await ann.close()
        fresh = [Player(web_server.ws_url, bob.token, "bob-again")]
        await fresh[0].connect()
        fresh.append(Player(web_server.ws_url, ann.token, "ann-again"))
        await fresh[1].connect(match, marks[1])
        fresh.append(Player(web_server.ws_url, made["spectator_token"], "watcher"))
        await fresh[2].connect()
        for p in fresh:
            update = await p.expect("update")
            assert update["view"]["chain"] == 3 and update["view"]["top"] == top
            await p.drain(0.3)
        assert fresh[0].last and fresh[0].last["since"] == 0
        assert fresh[1].last and fresh[1].last["since"] == marks[1]
        headers = bearer(bob.token)
        room = made["room"]["id"]
        over_http = [
            httpx.get(f"{web_server.url}/api/rooms/{room}/state?since=0", headers=headers).json(),
            httpx.get(f"{web_server.url}/api/matches/{match}/replay", headers=headers).json(),
        ]
        received = [m for p in fresh for m in p.messages] + over_http
        for message in received:
            assert set(_card_strings(message)) <= {top}, message
        events = [e for m in received if m.get("type") == "update" for e in m["events"]]
        assert [e["kind"] for e in events].count("flipped") >= 3
        assert not [e for e in events if e["kind"] == "said" or "card" in e]
        for p in fresh + players:
            await p.close()

    run_apart(run())
