"""Bad input, over the WebSocket and the HTTP API: each gets a clear error, nothing changes.

A two-person Love Letter room with a stacked deck (visible to both in the room's options)
so that we know seat 0 holds a Guard and a Priest when the match starts.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from server_helpers import Player, ServerProcess, bearer, create_room
from websockets.exceptions import ConnectionClosed

from rumizi import games

DECK = [
    "guard", "guard", "guard", "guard", "guard", "priest", "priest", "baron",
    "baron", "handmaid", "handmaid", "prince", "prince", "king", "countess", "princess",
]  # fmt: skip


@pytest.fixture(scope="module")
def table(shared_server: ServerProcess) -> dict[str, Any]:
    """A started match: seat 0 to act, holding a Guard and a Priest."""
    with shared_server.http() as http:
        made = create_room(
            http,
            game="love-letter",
            seats=[{"kind": "person"}, {"kind": "person"}],
            options={"deck": DECK, "first": 0},
            settings={"autostart": True},
        )
        room = made["room"]["id"]
        for s in made["seats"]:
            r = http.post(f"/api/rooms/{room}/ready", headers=bearer(s["token"]))
            assert r.status_code == 200, r.text
        state = http.get(f"/api/rooms/{room}/state", headers=bearer(made["seats"][0]["token"]))
        update = state.json()["update"]
        assert update["index"] == 0 and sorted(update["view"]["hand"]) == ["guard", "priest"]
        return {"made": made, "room": room, "tokens": [s["token"] for s in made["seats"]]}


def _snapshot(http: httpx.Client, table: dict[str, Any]) -> list[Any]:
    """Both seats' updates and the stored log length: what must not change."""
    out = []
    for token in table["tokens"]:
        body = http.get(f"/api/rooms/{table['room']}/state", headers=bearer(token)).json()
        update = body["update"]
        update.pop("clock")
        out.append(update)
        match = update["match"]
    replay = http.get(f"/api/matches/{match}/replay", headers=bearer(table["tokens"][0])).json()
    out.append(len(replay["positions"]))
    return out


def test_websocket_errors_name_the_reason_and_change_nothing(
    shared_server: ServerProcess, table: dict[str, Any]
) -> None:
    with shared_server.http() as http:
        before = _snapshot(http, table)
        errors = asyncio.run(_bad_messages(shared_server, table))
        assert _snapshot(http, table) == before
    assert errors["bad_json"]["message"].startswith("not valid JSON")
    assert "index" in errors["bad_schema"]["message"]
    assert errors["unknown_type"]["code"] == "bad_message"
    assert "extra" in errors["extra_field"]["message"].lower()
    assert errors["binary"]["message"] == "send JSON objects in text frames"
    assert errors["too_large"]["code"] == "too_large"
    assert "limit is 16384" in errors["too_large"]["message"]
    assert errors["ahead"]["code"] == "bad_index"
    assert errors["out_of_turn"]["code"] == "not_your_turn"
    assert errors["out_of_turn"]["message"] == "seat 1 cannot act now: waiting for seat 0"
    assert errors["illegal"] == {
        "type": "error",
        "code": "illegal",
        "message": "you do not hold the Princess",
        "ref": "x",
        "index": 0,
    }
    assert errors["unknown_field"]["message"] == "unknown field(s) in the action: colour"
    assert errors["spectator"]["code"] == "forbidden"
    assert errors["wrong_token"] == ("unknown_token", 4401)
    assert errors["no_hello"] == ("no_hello", 4400)
    assert errors["version"] == ("version", 4426)
    assert errors["huge_closed"] == 1009


async def _bad_messages(server: ServerProcess, table: dict[str, Any]) -> dict[str, Any]:
    seat0 = Player(server.ws_url, table["tokens"][0], "seat0")
    seat1 = Player(server.ws_url, table["tokens"][1], "seat1")
    watcher = Player(server.ws_url, table["made"]["spectator_token"], "watcher")
    for p in (seat0, seat1, watcher):
        await p.connect()
        await p.expect("update")
    errors: dict[str, Any] = {}

    async def error_for(p: Player, name: str, raw: str | bytes) -> None:
        await p.send_raw(raw)
        errors[name] = await p.expect("error")

    await error_for(seat0, "bad_json", "{not json")
    await error_for(seat0, "bad_schema", json.dumps({"type": "act", "action": {}, "index": "x"}))
    await error_for(seat0, "unknown_type", json.dumps({"type": "fly"}))
    await error_for(seat0, "extra_field", json.dumps({"type": "ping", "extra": 1}))
    await error_for(seat0, "binary", b'{"type": "ping"}')
    await error_for(seat0, "too_large", json.dumps({"type": "ping", "ref": "x" * 20_000}))
    act: dict[str, Any] = {"type": "act", "action": {"card": "guard"}, "ref": "x"}
    await error_for(
        seat0, "illegal", json.dumps({**act, "action": {"card": "princess"}, "index": 0})
    )
    await error_for(
        seat0,
        "unknown_field",
        json.dumps({**act, "action": {"card": "priest", "colour": 1}, "index": 0}),
    )
    await error_for(seat0, "ahead", json.dumps({**act, "index": 5}))
    await error_for(seat1, "out_of_turn", json.dumps({**act, "index": 0}))
    await error_for(watcher, "spectator", json.dumps({**act, "index": 0}))
    # Still connected after every error: a ping is answered.
    await seat0.send({"type": "ping", "ref": 1})
    assert (await seat0.expect("pong"))["ref"] == 1

    for name, hello in (
        ("wrong_token", {"type": "hello", "token": "no-such-token"}),
        ("no_hello", {"type": "ping"}),
        ("version", {"type": "hello", "token": table["tokens"][0], "v": 99}),
    ):
        p = Player(server.ws_url, "", name)
        from websockets.asyncio.client import connect

        p.ws = await connect(server.ws_url)
        await p.send(hello)
        error = await p.expect("error")
        with pytest.raises(ConnectionClosed) as closed:
            await p.recv(10)
        assert closed.value.rcvd is not None
        errors[name] = (error["code"], closed.value.rcvd.code)

    # A frame far over the limit is refused by the WebSocket layer itself (close 1009).
    huge = Player(server.ws_url, table["tokens"][0], "huge")
    await huge.connect()
    with pytest.raises(ConnectionClosed) as closed:  # while sending, or after
        await huge.send_raw("x" * (2 << 20))
        while True:
            await huge.recv(10)
    assert closed.value.rcvd is not None
    errors["huge_closed"] = closed.value.rcvd.code

    for p in (seat0, seat1, watcher):
        await p.close()
    return errors


def test_stale_index_is_refused_after_the_position_moved(
    shared_server: ServerProcess, table: dict[str, Any]
) -> None:
    room, tokens = table["room"], table["tokens"]
    with shared_server.http() as http:
        moved = http.post(
            f"/api/rooms/{room}/act",
            headers=bearer(tokens[0]),
            json={"action": {"card": "priest", "target": 1}, "index": 0},
        )
        assert moved.status_code == 200, moved.text
        update = moved.json()
        assert update["index"] == 1 and update["view"]["hand"] == ["guard"]
        peek = {"kind": "peek", "target": 1, "card": "priest"}
        assert games.told("love-letter", peek, 0) in update["events"]
        before = _snapshot(http, table)
        # Seat 1 acts on the position it saw before seat 0 moved: stale, over HTTP and WS.
        stale = http.post(
            f"/api/rooms/{room}/act",
            headers=bearer(tokens[1]),
            json={"action": {"card": "priest", "target": 0}, "index": 0},
        )
        assert stale.status_code == 409
        assert stale.json()["code"] == "stale"
        assert stale.json()["message"].startswith("stale index 0: the match is at index 1")

        async def over_ws() -> dict[str, Any]:
            p = Player(shared_server.ws_url, tokens[1], "seat1")
            await p.connect()
            await p.send({"type": "act", "action": {"card": "guard"}, "index": 0, "ref": 9})
            error = await p.expect("error")
            await p.close()
            return error

        error = asyncio.run(over_ws())
        assert (error["code"], error["index"], error["ref"]) == ("stale", 1, 9)
        assert _snapshot(http, table) == before


def test_http_errors_name_the_reason_and_change_nothing(
    shared_server: ServerProcess, table: dict[str, Any]
) -> None:
    room, tokens = table["room"], table["tokens"]
    url = f"/api/rooms/{room}/act"
    with shared_server.http() as http:
        before = _snapshot(http, table)
        index = before[0]["index"]
        mover = tokens[before[0]["to_act"][0]]
        idle = tokens[1 - before[0]["to_act"][0]]
        good = {"action": {"card": "guard", "target": 0, "guess": "priest"}, "index": index}

        def post(body: Any, token: str | None = mover, raw: bytes | None = None) -> Any:
            headers = bearer(token) if token else {}
            if raw is not None:
                headers["Content-Type"] = "application/json"
                return http.post(url, content=raw, headers=headers)
            return http.post(url, json=body, headers=headers)

        cases = {
            "no token": (post(good, None), 401, "no_token"),
            "wrong token": (post(good, "nope"), 401, "unknown_token"),
            "spectator": (post(good, table["made"]["spectator_token"]), 403, "forbidden"),
            "bad json": (post(None, raw=b"{oops"), 400, "bad_json"),
            "bad schema": (post({"action": 3, "index": index}), 422, "bad_message"),
            "too large": (post(None, raw=b"{" + b" " * 20_000 + b"}"), 413, "too_large"),
            "out of turn": (post(good, idle), 409, "not_your_turn"),
            "illegal": (post({**good, "action": {"card": "countess"}}), 422, "illegal"),
        }
        for name, (response, status, code) in cases.items():
            assert response.status_code == status, (name, response.text)
            body = response.json()
            assert body["type"] == "error" and body["code"] == code, name
            assert body["message"], name
        assert "limit is 16384" in cases["too large"][0].json()["message"]
        assert "action" in cases["bad schema"][0].json()["message"]
        other = create_room(http, game="love-letter", seats=[{"kind": "person"}] * 2)
        wrong_room = post(good, other["seats"][0]["token"])
        assert wrong_room.status_code == 401
        assert _snapshot(http, table) == before


def test_bad_rooms_are_refused_with_the_reason(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:

        def make(**body: Any) -> Any:
            return http.post("/api/rooms", json=body)

        person = {"kind": "person"}
        unknown = make(game="chess", seats=[person, person])
        assert unknown.status_code == 404 and 'unknown game "chess"' in unknown.json()["message"]
        too_many = make(game="love-letter", seats=[person] * 5)
        assert too_many.status_code == 422
        assert too_many.json()["message"] == "love-letter is for 2–4 players, not 5"
        options = make(game="love-letter", seats=[person] * 2, options={"speed": 3})
        assert options.json()["code"] == "bad_options"
        assert "unknown option(s) for love-letter: speed" in options.json()["message"]
        level = make(game="love-letter", seats=[person, {"kind": "bot", "bot": "genius"}])
        assert level.status_code == 422
        assert level.json()["message"].startswith('seat 1: no bot "genius" for love-letter')
        assert make(game="love-letter", seats=[]).status_code == 422
        assert http.get("/api/rooms/nope").status_code == 404
