"""What a third outside probe found (issue 38), each checked gone on a real server: a
message before the first match that closed the socket; lesson rooms made without a
room's limit and never let go of; connections that never send a byte; refused
handshakes logged at ERROR one by one; blank-looking names; a spectator token's join
answered 403. Limits are set small through ``RUMIZI_*`` variables; nothing here asserts
how long anything took (a wait is bounded only to fail).
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import HOST, Player, ServerProcess, bearer, create_room
from websockets.asyncio.client import connect

PERSON = {"kind": "person"}


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("probe")
    proc = ServerProcess(
        str(path / "rumizi.db"),
        path / "server.log",
        {"RUMIZI_FIRST_BYTE_SECONDS": "1", "RUMIZI_RATE_LESSON": "3/3600"},
    ).start()
    yield proc
    proc.stop()


def _from(server: ServerProcess, address: str) -> httpx.Client:
    """An HTTP client of ``server`` from its own loopback address."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=server.url, timeout=20, transport=transport)


def _until(check: Callable[[], Any], what: str, tries: int = 200) -> Any:
    for _ in range(tries):
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"never: {what}")


# --------------------------------------------------------------- 2. before the first match
def test_every_message_before_the_first_match_keeps_the_socket(probe: ServerProcess) -> None:
    with probe.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON])
    seat = made["seats"][0]["token"]

    async def talk() -> dict[str, Any]:
        p = Player(probe.ws_url, seat)
        await p.connect()
        codes: dict[str, Any] = {}
        for i, message in enumerate(
            [
                {"type": "sync"},
                {"type": "sync", "index": 3},
                {"type": "act", "action": {"card": "guard"}, "index": 0},
                {"type": "rematch"},
                {"type": "abort"},
                {"type": "start"},
            ]
        ):
            await p.send({**message, "ref": i})
            reply = await p.wait_for(lambda m, i=i: m["type"] == "error" and m.get("ref") == i)
            codes[f"{message['type']}{i}"] = reply["code"]
        await p.send({"type": "ping", "ref": "still"})
        pong = await p.expect("pong")
        assert pong["ref"] == "still"
        await p.close()
        return codes

    codes = asyncio.run(talk())
    assert codes["sync0"] == codes["sync1"] == codes["act2"] == "no_match"
    assert codes == {
        "sync0": "no_match",
        "sync1": "no_match",
        "act2": "no_match",
        "rematch3": "not_over",
        "abort4": "forbidden",
        "start5": "not_ready",
    }
    assert "Traceback" not in probe.log() and "AssertionError" not in probe.log()


# --------------------------------------------------------------- 3. lessons are rooms
def test_lesson_rooms_have_their_own_rate_per_address(probe: ServerProcess) -> None:
    with _from(probe, "127.0.0.8") as http:
        made = [http.post("/api/lessons/love-letter", json={}) for _ in range(4)]
        assert [r.status_code for r in made] == [201, 201, 201, 429]
        assert made[3].json()["code"] == "rate_limited" and made[3].headers["retry-after"]
        # an ordinary room still comes from its own rate, and other addresses are not held
        assert http.post("/api/rooms", json={"game": "love-letter", "seats": [PERSON, PERSON]})
    with _from(probe, "127.0.0.9") as other:
        assert other.post("/api/lessons/love-letter", json={}).status_code == 201


def test_open_rooms_leave_memory_and_load_again(tmp_path: Path) -> None:
    server = ServerProcess(
        str(tmp_path / "rumizi.db"),
        tmp_path / "server.log",
        {"RUMIZI_OPEN_SECONDS": "1", "RUMIZI_OPEN_ROOMS_PER_ADDRESS": "3"},
    ).start()
    try:
        with _from(server, "127.0.0.10") as http:
            lessons = [http.post("/api/lessons/love-letter", json={}) for _ in range(2)]
            room = http.post("/api/rooms", json={"game": "love-letter", "seats": [PERSON] * 2})
            assert [r.status_code for r in [*lessons, room]] == [201, 201, 201]
            over = http.post("/api/lessons/love-letter", json={})
            assert over.status_code == 429 and over.json()["code"] == "limit", over.text
            with _from(server, "127.0.0.11") as other:  # the cap is per address
                assert other.post("/api/lessons/love-letter", json={}).status_code == 201

            def held() -> int:
                return int(http.get("/api/health").json()["rooms"])

            assert held() >= 3
            _until(lambda: held() == 0, "the open rooms left memory")
            again = http.post("/api/lessons/love-letter", json={})
            assert again.status_code == 201, again.text  # the address may make rooms again
            # the rooms are stored: asked for, they load again, and a lesson plays
            first = lessons[0].json()
            shown = http.get(f"/api/rooms/{first['room']['id']}", headers=bearer(first["token"]))
            assert shown.status_code == 200, shown.text
            made = room.json()
            joined = http.post(
                f"/api/rooms/{made['room']['id']}/join", headers=bearer(made["seats"][1]["token"])
            )
            assert joined.status_code == 200, joined.text

            async def play() -> dict[str, Any]:
                p = Player(server.ws_url, first["token"])
                welcome = await p.connect()
                await p.send({"type": "ready"})
                update = await p.expect("update")
                await p.close()
                assert welcome["seat"] == 0
                return update

            assert asyncio.run(play())["index"] == 0
        assert "Traceback" not in server.log()
    finally:
        server.stop()


# --------------------------------------------------------------- 4. silent connections
def test_a_connection_that_never_sends_a_byte_is_closed(probe: ServerProcess) -> None:
    with socket.create_connection((HOST, probe.port), timeout=20) as s:
        assert s.recv(1024) == b""  # closed by the server (a timeout here fails the test)
    # one that speaks is served as before
    with probe.http() as http:
        assert http.get("/api/health").status_code == 200


def test_serve_warns_of_a_low_open_file_limit(tmp_path: Path) -> None:
    server = ServerProcess(
        str(tmp_path / "rumizi.db"), tmp_path / "server.log", open_files=512
    ).start()
    try:
        log = server.log()
    finally:
        server.stop()
    assert "WARNING" in log and "the open-file limit is 512" in log, log


# --------------------------------------------------------------- 6. smaller things
def test_refused_handshakes_are_logged_once_per_address_with_a_count(tmp_path: Path) -> None:
    server = ServerProcess(
        str(tmp_path / "rumizi.db"),
        tmp_path / "server.log",
        {"RUMIZI_RATE_CONNECT": "2/3600", "RUMIZI_REFUSAL_LOG_SECONDS": "1"},
    ).start()
    try:

        async def flood() -> list[int]:
            statuses = []
            for _ in range(30):
                try:
                    ws = await connect(server.ws_url, local_addr=("127.0.0.7", 0))
                except Exception as e:  # refused at the handshake
                    response = getattr(e, "response", None)
                    statuses.append(getattr(response, "status_code", 0))
                else:
                    statuses.append(101)
                    await ws.close()
            return statuses

        statuses = asyncio.run(flood())
        assert statuses.count(101) == 2 and statuses.count(429) == 28, statuses
        counted = "refused 27 more socket handshakes from 127.0.0.7"
        log = _until(lambda: counted in server.log() and server.log(), "the count logged")
    finally:
        server.stop()
    assert "ERROR" not in log and "without completing handshake" not in log, log
    assert log.count("refusing socket handshakes from 127.0.0.7") == 1
    assert '"WebSocket /ws" 429' not in log


BLANK = ["\u3164", "\u115f", "\u2800", "\u00a0", "\u2003", "\u3000", "   ", "\u3164 \u2800"]
STACKED = ["\u0301" * 30, "a" + "\u0301" * 30, "\u0652\u064e"]


def test_blank_looking_names_are_refused_like_empty_ones(probe: ServerProcess) -> None:
    with probe.http() as http:
        for name in [*BLANK, *STACKED]:
            seats = [{"kind": "person", "name": name}, PERSON]
            made = http.post("/api/rooms", json={"game": "love-letter", "seats": seats})
            assert made.status_code == 422, (name, made.text)
            assert made.json()["code"] == "bad_message"
            assert "seats.0.name" in made.json()["message"]
        room = create_room(http, game="love-letter", seats=[PERSON, PERSON], public=True)
        for name in BLANK:
            joined = http.post(f"/api/rooms/{room['room']['id']}/join", json={"name": name})
            assert joined.status_code == 422, (name, joined.text)
        # a Persian name with its marks (a shadda and a vowel) is a name
        persian = "محمّدَ"
        seats = [{"kind": "person", "name": persian}, PERSON]
        kept = create_room(http, game="love-letter", seats=seats)
        assert kept["room"]["seats"][0]["name"] == persian
        # a title that would show nothing is no title, as an empty one
        for title in BLANK:
            made = create_room(http, game="love-letter", seats=[PERSON, PERSON], title=title)
            assert made["room"]["title"] == ""
        stacked = {"game": "love-letter", "seats": [PERSON, PERSON], "title": "a" + "\u0301" * 30}
        assert http.post("/api/rooms", json=stacked).status_code == 422

    async def watch() -> list[str]:
        codes = []
        for name in BLANK:
            async with connect(probe.ws_url) as ws:
                await ws.send(
                    json.dumps({"type": "hello", "token": room["spectator_token"], "name": name})
                )
                reply = json.loads(await asyncio.wait_for(ws.recv(), 20))
                codes.append(reply.get("code", reply["type"]))
        return codes

    assert set(asyncio.run(watch())) == {"bad_message"}


def test_joining_with_a_spectator_token_answers_401(probe: ServerProcess) -> None:
    with probe.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON])
        room = made["room"]["id"]
        for token in (made["spectator_token"], made["host_token"]):
            reply = http.post(f"/api/rooms/{room}/join", headers=bearer(token))
            assert reply.status_code == 401, reply.text
            assert reply.json()["code"] == "unknown_token"
