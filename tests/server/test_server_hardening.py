"""Abuse and hardening, on a real server: each test reproduces one problem an outside probe
found (issue 18) and checks it is gone. Limits are set small through ``RUMIZI_*``
variables so that they are reached quickly; nothing here asserts how long anything took.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import socket
import sqlite3
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import HOST, Player, ServerProcess, bearer, create_room, full_replay
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

PERSON = {"kind": "person"}
BOT = {"kind": "bot", "bot": "random"}
SLOW_BOTS = {"bot_delay": 10}


def _server(tmp_path: Path, name: str, **env: str) -> ServerProcess:
    folder = tmp_path / name
    folder.mkdir()
    return ServerProcess(str(folder / "rumizi.db"), folder / "server.log", env).start()


@pytest.fixture(scope="module")
def tight(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with small limits on sockets, bots and time."""
    path = tmp_path_factory.mktemp("tight")
    proc = ServerProcess(
        str(path / "rumizi.db"),
        path / "server.log",
        {
            "RUMIZI_BOT_MATCHES": "3",  # per address: 2
            "RUMIZI_BOT_MATCHES_PER_ADDRESS": "2",
            "RUMIZI_BOT_MATCH_MOVES": "6",
            "RUMIZI_IDLE_SECONDS": "1",
            "RUMIZI_HELLO_SECONDS": "1",
            "RUMIZI_HEADER_SECONDS": "1",
            "RUMIZI_SOCKETS_PER_TOKEN": "2",
            "RUMIZI_LINGER_SECONDS": "0",
            "RUMIZI_ADMIN_TOKEN": "the-admin",
        },
    ).start()
    yield proc
    proc.stop()


def _all_bots(http: httpx.Client, **settings: Any) -> dict[str, Any]:
    return create_room(
        http,
        game="love-letter",
        seats=[BOT, BOT, BOT, BOT],
        options={"tokens_to_win": 4},
        settings={"bot_delay": 10, **settings},
    )


def _start(http: httpx.Client, made: dict[str, Any]) -> httpx.Response:
    room = made["room"]["id"]
    return http.post(f"/api/rooms/{room}/start", headers=bearer(made["host_token"]))


def _abort(http: httpx.Client, made: dict[str, Any], token: str) -> httpx.Response:
    return http.post(f"/api/rooms/{made['room']['id']}/abort", headers=bearer(token))


# --------------------------------------------------------------- 1. endless bot rooms
def test_numeric_options_are_bounded(tight: ServerProcess) -> None:
    with tight.http() as http:
        huge = http.post(
            "/api/rooms",
            json={"game": "love-letter", "seats": [BOT, BOT], "options": {"tokens_to_win": 10**15}},
        )
        assert huge.status_code == 422, huge.text
        assert huge.json()["code"] == "bad_options"
        assert "tokens_to_win" in huge.json()["message"]


def test_all_bot_matches_are_capped_and_the_host_or_admin_can_stop_them(
    tight: ServerProcess,
) -> None:
    with tight.http() as http:
        first, second, third = (_all_bots(http) for _ in range(3))
        assert _start(http, first).status_code == 200
        assert _start(http, second).status_code == 200
        refused = _start(http, third)  # a third from this address: over its limit of 2
        assert refused.status_code == 429
        assert refused.json()["code"] == "limit" and "address" in refused.json()["message"]
        assert http.get(f"/api/rooms/{third['room']['id']}", headers=bearer(third["host_token"])
                        ).json()["status"] == "open"  # fmt: skip

        # Not the spectator, not a stranger: the host stops one, the admin the other.
        assert _abort(http, first, first["spectator_token"]).status_code == 403
        assert _abort(http, first, second["host_token"]).status_code == 401
        stopped = _abort(http, first, first["host_token"])
        assert stopped.status_code == 200, stopped.text
        assert stopped.json()["status"] == "over"
        assert stopped.json()["aborted"] == "stopped by the host"
        assert (
            _abort(http, second, "the-admin").json()["aborted"] == "stopped by the server's admin"
        )
        again = _abort(http, second, "the-admin")
        assert again.status_code == 409 and again.json()["code"] == "not_playing"
        assert _start(http, third).status_code == 200  # room for it now
        assert _abort(http, third, third["host_token"]).status_code == 200


def test_an_all_bot_match_stops_at_its_length_limit_and_stays_stopped(tmp_path: Path) -> None:
    env = {"RUMIZI_BOT_MATCH_MOVES": "6", "RUMIZI_LINGER_SECONDS": "0"}
    server = _server(tmp_path, "length", **env)
    try:
        with server.http() as http:
            made = create_room(
                http,
                game="love-letter",
                seats=[BOT, BOT],
                options={"tokens_to_win": 7},
                settings={"bot_delay": 0},
            )
            assert _start(http, made).status_code == 200
            watch = bearer(made["spectator_token"])
            info = _wait(lambda: http.get(f"/api/rooms/{made['room']['id']}", headers=watch).json(),
                         lambda i: i["status"] == "over")  # fmt: skip
            assert "6 moves" in info["aborted"]
            replay = full_replay(http, info["match"], watch)
            assert len(replay["log"]) == 6 and replay["outcome"] is None
        server.stop()
        server.start()  # the stopped match is not brought back to life
        with server.http() as http:
            info = http.get(f"/api/rooms/{made['room']['id']}", headers=watch).json()
            assert info["status"] == "over"
            assert len(full_replay(http, info["match"], watch)["log"]) == 6
    finally:
        server.stop()


def test_the_server_wide_bot_cap(tight: ServerProcess) -> None:
    """Three all-bot matches at once on this server, whatever the addresses."""

    def client(address: str) -> httpx.Client:
        transport = httpx.HTTPTransport(local_address=address)
        return httpx.Client(base_url=tight.url, transport=transport, timeout=20)

    made = []
    for address in ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"):
        with client(address) as http:
            room = _all_bots(http)
            made.append((room, _start(http, room)))
    assert [r.status_code for _, r in made] == [200, 200, 200, 429]
    assert "at most 3 all-bot" in made[-1][1].json()["message"]
    with tight.http() as http:
        for room, _ in made[:3]:
            assert _abort(http, room, "the-admin").status_code == 200


def _wait(get: Any, done: Any, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = get()
        if done(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened; last: {value}")
        time.sleep(0.05)


# --------------------------------------------------------------- 2. request heads
def _raw(server: ServerProcess, data: bytes, wait: float = 20) -> bytes:
    with socket.create_connection((HOST, server.port), timeout=wait) as s:
        with contextlib.suppress(OSError):  # the server may close while we still send
            s.sendall(data)
        got = b""
        try:
            while chunk := s.recv(65536):
                got += chunk
        except OSError:
            pass
        return got


def test_huge_request_heads_are_refused(tight: ServerProcess) -> None:
    head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (1 << 20) + b"\r\n\r\n"
    reply = _raw(tight, head)
    assert reply.startswith(b"HTTP/1.1 431 "), reply[:100]
    assert b'"code":"too_large"' in reply
    with tight.http() as http:  # and the server goes on serving
        assert http.get("/api/health").status_code == 200


def test_a_request_head_that_never_ends_is_dropped(tight: ServerProcess) -> None:
    with socket.create_connection((HOST, tight.port), timeout=20) as s:
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and then nothing
        assert s.recv(100) == b""  # closed by the server (header_seconds = 1)


# --------------------------------------------------------------- 3. replays
def test_replays_are_paged_built_once_and_off_the_loop(shared_replay: dict[str, Any]) -> None:
    http, match, watch = shared_replay["http"], shared_replay["match"], shared_replay["watch"]
    first = http.get(f"/api/matches/{match}/replay", params={"count": 3}, headers=watch).json()
    assert [p["index"] for p in first["positions"]] == [0, 1, 2]
    assert first["next"] == 3 and first["total"] == len(first["log"]) + 1
    whole = full_replay(http, match, watch)
    assert [p["index"] for p in whole["positions"]] == list(range(whole["total"]))
    assert whole["positions"][:3] == first["positions"]


def test_a_finished_replay_is_built_once_in_a_worker_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rumizi import games
    from rumizi.engine import Match
    from rumizi.server.limits import Limits
    from rumizi.server.review import replays
    from rumizi.server.store import MatchRow

    match = Match(games.load("love-letter"), 2, 5, {})
    while not match.over:
        seat = min(match.to_act())
        match.apply(seat, match.legal(seat)[0])
    entries = [(e.seat, e.action) for e in match.log]
    row = MatchRow("0123456789abcdef", "0123456789ab", 1, "love-letter", 2, 5, {}, 0.0, 1.0)

    class Log:
        async def log(self, match_id: str) -> list[tuple[int, dict[str, Any]]]:
            return entries

    threads: list[str] = []
    build = replays._build

    def watched(*args: Any) -> list[str]:
        threads.append(threading.current_thread().name)
        return build(*args)

    monkeypatch.setattr(replays, "_build", watched)
    kept = replays.Replays(Log(), Limits())  # type: ignore[arg-type]

    async def twice() -> tuple[list[str], list[str]]:
        first, _second = await asyncio.gather(kept.finished(row), kept.finished(row))
        return first, await kept.finished(row)

    first, again = asyncio.run(twice())
    assert first is again and len(first) == len(entries) + 1
    assert kept.builds == 1 and len(threads) == 1
    assert threads[0] != threading.main_thread().name
    whole = json.loads(replays.page({"match": row.id}, first, 0, 10**6))
    assert whole["next"] is None and whole["total"] == len(entries) + 1
    assert whole["positions"][-1]["views"]["spectator"] == json.loads(json.dumps(match.view(None)))


@pytest.fixture
def shared_replay(shared_server: ServerProcess) -> Iterator[dict[str, Any]]:
    with shared_server.http() as http:
        made = create_room(
            http,
            game="love-letter",
            seats=[BOT, BOT],
            options={"tokens_to_win": 3},
            settings={"bot_delay": 0},
        )
        _start(http, made)
        watch = bearer(made["spectator_token"])
        info = _wait(lambda: http.get(f"/api/rooms/{made['room']['id']}", headers=watch).json(),
                     lambda i: i["status"] == "over")  # fmt: skip
        yield {"http": http, "match": info["match"], "watch": watch}


# --------------------------------------------------------------- 4. one owner per seat
def test_a_seat_has_one_owner(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON, PERSON], public=True)
        room = made["room"]["id"]
        mine, invite1, invite2 = (s["token"] for s in made["seats"])
        # The creator's seat is theirs from creation: a stranger gets seat 1, not seat 0.
        stranger = http.post(f"/api/rooms/{room}/join", json={"name": "Eve"}).json()
        assert stranger["seat"] == 1 and stranger["token"] not in (mine, invite1)
        # ...and the seat's old link no longer works: nobody shares the seat with Eve.
        assert http.post(f"/api/rooms/{room}/ready", headers=bearer(invite1)).status_code == 401
        # Joining with a link hands out a fresh token and revokes the link.
        friend = http.post(f"/api/rooms/{room}/join", headers=bearer(invite2)).json()
        assert friend["seat"] == 2 and friend["token"] != invite2
        assert http.post(f"/api/rooms/{room}/join", headers=bearer(invite2)).status_code == 401
        # Leaving revokes the token; the freed seat is handed out with a new one.
        left = http.post(f"/api/rooms/{room}/leave", headers=bearer(friend["token"]))
        assert left.status_code == 200
        gone = http.get(f"/api/rooms/{room}/state", headers=bearer(friend["token"]))
        assert gone.status_code == 401
        late = http.post(f"/api/rooms/{room}/join", json={"name": "Late"}).json()
        assert late["seat"] == 2 and late["token"] != friend["token"]
        # The host can make a new link for a free seat of a private room.
        private = create_room(http, game="love-letter", seats=[PERSON, PERSON])
        proom, host = private["room"]["id"], bearer(private["host_token"])
        new = http.post(f"/api/rooms/{proom}/invite", headers=host, json={"seat": 1}).json()
        assert new["token"] != private["seats"][1]["token"]
        assert http.post(f"/api/rooms/{proom}/join", headers=bearer(new["token"])).is_success
        taken = http.post(f"/api/rooms/{proom}/invite", headers=host, json={"seat": 1})
        assert taken.status_code == 409


def test_leave_closes_the_leavers_socket(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON])
        token = made["seats"][1]["token"]

    async def scenario() -> tuple[str, int]:
        p = Player(shared_server.ws_url, token, "leaver")
        await p.connect()
        await p.send({"type": "leave"})
        error = await p.expect("error")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await p.recv(10)
        assert closed.value.rcvd is not None
        return error["code"], closed.value.rcvd.code

    assert asyncio.run(scenario()) == ("left", 1000)


# --------------------------------------------------------------- 5. tokens outside ASCII
def test_a_non_ascii_token_is_an_unknown_token(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, BOT], settings=SLOW_BOTS)
        room = made["room"]["id"]
        me = bearer(made["seats"][0]["token"])
        http.post(f"/api/rooms/{room}/ready", headers=me)
        match = http.post(f"/api/rooms/{room}/start", headers=me).json()["match"]
        odd = {"Authorization": "Bearer ñ€".encode().decode("latin-1")}
        calls = [
            ("GET", f"/api/matches/{match}/replay", None),
            ("GET", f"/api/rooms/{room}/state", None),
            ("POST", f"/api/rooms/{room}/act", {"action": {}, "index": 0}),
            ("POST", f"/api/rooms/{room}/join", {}),
            ("POST", f"/api/rooms/{room}/ready", {}),
            ("POST", f"/api/rooms/{room}/start", None),
            ("POST", f"/api/rooms/{room}/rematch", None),
            ("GET", f"/api/rooms/{room}", None),
        ]
        for method, url, body in calls:
            headers = {k: v.encode("latin-1") for k, v in odd.items()}
            reply = http.request(method, url, json=body, headers=headers)
            assert reply.status_code in (401, 403, 404), (url, reply.status_code, reply.text)
            assert reply.json()["type"] == "error", url

    async def over_ws() -> str:
        async with connect(shared_server.ws_url) as ws:
            await ws.send(json.dumps({"type": "hello", "token": "ñ€\ud7ff"}))
            return str(json.loads(await ws.recv())["code"])

    assert asyncio.run(over_ws()) == "unknown_token"


# --------------------------------------------------------------- 6. text the store refuses
def test_nul_and_control_characters_are_refused_at_the_edge(database: str, tmp_path: Path) -> None:
    server = ServerProcess(database, tmp_path / "server.log").start()
    try:
        with server.http() as http:
            bad = http.post("/api/rooms", json={"game": "love-letter", "seats": [PERSON, PERSON],
                                                "title": "a\u0000b"})  # fmt: skip
            assert bad.status_code == 422 and bad.json()["code"] == "bad_message"
            assert "NUL" in bad.json()["message"]
            made = create_room(http, game="love-letter", seats=[PERSON, PERSON], public=True)
            room = made["room"]["id"]
            eve = http.post(f"/api/rooms/{room}/join", json={"name": "Eve\u0000"})
            assert eve.status_code == 422 and eve.json()["type"] == "error"
            options = http.post("/api/rooms", json={"game": "love-letter", "seats": [PERSON] * 2,
                                                    "options": {"edition\u0000": 1}})  # fmt: skip
            assert options.status_code == 422
            for url in ("/api/rooms/ab%00cd", "/api/matches/%00/replay", "/api/rooms/%00/state"):
                reply = http.get(url)
                assert reply.status_code == 404 and reply.json()["code"] == "not_found", url
            # Nothing half-done: the seat Eve tried to take is still free, in memory and store.
            info = http.get(f"/api/rooms/{room}").json()
            assert [s["joined"] for s in info["seats"]] == [True, False]
            ok = http.post(f"/api/rooms/{room}/join", json={"name": "Eve"})
            assert ok.status_code == 200 and ok.json()["seat"] == 1
        server.stop()
        server.start()
        with server.http() as http:  # the store agrees with what memory said
            info = http.get(f"/api/rooms/{room}").json()
            assert [(s["name"], s["joined"]) for s in info["seats"]] == [
                ("player 1", True),
                ("Eve", True),
            ]
    finally:
        server.stop()


# --------------------------------------------------------------- 7. sockets
def test_idle_and_silent_sockets_are_closed(tight: ServerProcess) -> None:
    with tight.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON])

    async def scenario() -> tuple[Any, ...]:
        p = Player(tight.ws_url, made["spectator_token"], "idle")
        await p.connect()
        with pytest.raises(ConnectionClosed) as idle:
            while True:
                await p.recv(20)
        silent = await connect(tight.ws_url)  # never says hello
        error = json.loads(await asyncio.wait_for(silent.recv(), 20))
        with pytest.raises(ConnectionClosed) as no_hello:
            await asyncio.wait_for(silent.recv(), 20)
        assert idle.value.rcvd is not None and no_hello.value.rcvd is not None
        return idle.value.rcvd.code, error["code"], no_hello.value.rcvd.code

    assert asyncio.run(scenario()) == (4408, "no_hello", 4408)


def test_sockets_per_token_and_per_address_are_limited(tmp_path: Path) -> None:
    server = _server(tmp_path, "sockets", RUMIZI_SOCKETS_PER_TOKEN="2",
                     RUMIZI_WATCHERS_PER_TOKEN="3", RUMIZI_SOCKETS_PER_ADDRESS="6")  # fmt: skip
    try:
        with server.http() as http:
            made = create_room(http, game="love-letter", seats=[PERSON, PERSON])
        host, watch = made["host_token"], made["spectator_token"]

        async def refused(token: str | None) -> tuple[str, int]:
            ws = await connect(server.ws_url)
            if token is not None:
                await ws.send(json.dumps({"type": "hello", "token": token}))
            code = json.loads(await ws.recv())["code"]
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None
            return code, closed.value.rcvd.code

        async def scenario() -> list[Any]:
            out: list[Any] = []
            open_ones = []
            for token in (host, host, watch, watch, watch):
                p = Player(server.ws_url, token)
                await p.connect()
                open_ones.append(p)
            out.append(await refused(host))  # a third socket for the host's token
            out.append(await refused(watch))  # a fourth watcher on the spectator link
            p = Player(server.ws_url, made["seats"][0]["token"])
            await p.connect()
            open_ones.append(p)  # six open from this address now
            with pytest.raises(InvalidStatus) as full:  # the address is full: refused
                await connect(server.ws_url)  # at the handshake (HTTP 429), before hello
            out.append((json.loads(full.value.response.body or b"{}")["code"],
                        full.value.response.status_code))  # fmt: skip
            await open_ones[2].close()  # a watcher leaves: another may come
            await asyncio.sleep(0.2)
            again = Player(server.ws_url, watch)
            out.append((await again.connect())["type"])
            for p in [*open_ones, again]:
                await p.close()
            return out

        assert asyncio.run(scenario()) == [
            ("too_many", 4429),
            ("too_many", 4429),
            ("too_many", 429),
            "welcome",
        ]
    finally:
        server.stop()


# --------------------------------------------------------------- 8. memory
def test_finished_rooms_leave_memory_and_anonymous_reads_do_not_bring_them_back(
    tight: ServerProcess,
) -> None:
    with tight.http() as http:
        loaded = lambda: http.get("/api/health").json()["rooms"]  # noqa: E731
        before = loaded()  # rooms of other tests still open
        made = create_room(
            http,
            game="love-letter",
            seats=[PERSON, BOT],
            public=True,
            options={"tokens_to_win": 1},
            settings={"bot_delay": 0},
        )
        room, me = made["room"]["id"], bearer(made["seats"][0]["token"])
        assert loaded() == before + 1
        assert http.post(f"/api/rooms/{room}/ready", headers=me).is_success
        assert http.post(f"/api/rooms/{room}/start", headers=me).is_success
        while True:
            update = http.get(f"/api/rooms/{room}/state", headers=me).json()["update"]
            if update["over"]:
                break
            if update["legal"]:
                body = {"action": update["legal"][0], "index": update["index"]}
                http.post(f"/api/rooms/{room}/act", headers=me, json=body)
        _wait(loaded, lambda n: n == before)
        assert http.get(f"/api/rooms/{room}").json()["status"] == "over"  # read from the store
        assert http.get(f"/api/matches/{update['match']}/replay").status_code == 200
        assert loaded() == before


# --------------------------------------------------------------- 9. secrets and limits
def test_tokens_are_stored_hashed_in_a_private_file(tight: ServerProcess) -> None:
    with tight.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON])
    room = made["room"]["id"]
    tokens = [made["host_token"], made["spectator_token"], *(s["token"] for s in made["seats"])]
    db = Path(tight.db)
    for path in [db, *db.parent.glob(db.name + "-*")]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    with sqlite3.connect(db) as conn:
        dump = "\n".join(conn.iterdump())
        stored = set(conn.execute("SELECT token FROM seats WHERE room_id = ?", (room,)).fetchall())
    for token in tokens:
        assert token not in dump
    assert stored == {(hashlib.sha256(s["token"].encode()).hexdigest(),) for s in made["seats"]}


def test_rate_limits_answer_429_with_the_protocols_error(tmp_path: Path) -> None:
    server = _server(tmp_path, "rates", RUMIZI_RATE_CREATE="3/60", RUMIZI_RATE_GUESS="5/60")
    try:
        with server.http() as http:
            created = [http.post("/api/rooms", json={"game": "love-letter", "seats": [PERSON] * 2})
                       for _ in range(4)]  # fmt: skip
            assert [r.status_code for r in created] == [201, 201, 201, 429]
            refused = created[-1]
            assert refused.json()["code"] == "rate_limited"
            assert refused.json()["type"] == "error" and int(refused.headers["Retry-After"]) > 0
            guesses = [http.get(f"/api/rooms/{i:012x}").status_code for i in range(7)]
            assert guesses == [404] * 5 + [429] * 2
            # A real room is refused too, while the guesses refill: guessing is not free.
            real = created[0].json()["room"]["id"]
            assert http.get(f"/api/rooms/{real}").status_code == 429
            assert http.get("/api/health").status_code == 200
    finally:
        server.stop()


def test_private_rooms_reveal_nothing_without_a_token(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON], title="Secret")
        room = made["room"]["id"]
        hidden = http.get(f"/api/rooms/{room}")
        assert hidden.status_code == 404 and "Secret" not in hidden.text
        assert http.get(f"/api/rooms/{room}", headers=bearer("wrong")).status_code == 404
        seen = http.get(f"/api/rooms/{room}", headers=bearer(made["spectator_token"])).json()
        assert seen["title"] == "Secret"


def test_security_headers_on_every_page(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        for url in ("/", "/app.js", "/api/health", "/rules/love-letter.en.html", "/api/nope"):
            reply = http.get(url)
            csp = reply.headers["content-security-policy"]
            scripts = next(p for p in csp.split(";") if p.strip().startswith("script-src"))
            assert "'unsafe-inline'" not in scripts and "frame-ancestors 'none'" in csp, url
            assert reply.headers["x-content-type-options"] == "nosniff"
            assert reply.headers["x-frame-options"] == "DENY"
            assert reply.headers["referrer-policy"] == "no-referrer"


def test_the_socket_checks_the_origin(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON])

    async def scenario() -> tuple[int, str]:
        with pytest.raises(InvalidStatus) as refused:
            await connect(shared_server.ws_url, origin="http://evil.example")  # type: ignore[arg-type]
        own = f"http://{HOST}:{shared_server.port}"
        async with connect(shared_server.ws_url, origin=own) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello", "token": made["spectator_token"]}))
            welcome = json.loads(await ws.recv())
        return refused.value.response.status_code, welcome["type"]

    assert asyncio.run(scenario()) == (403, "welcome")


# --------------------------------------------------------------- protocol mismatches
def test_protocol_mismatches_are_refused(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON])
        token = made["seats"][0]["token"]
        room = made["room"]["id"]
        string_index = http.post(
            f"/api/rooms/{room}/act", headers=bearer(token), json={"action": {}, "index": "1"}
        )
        assert string_index.status_code == 422 and string_index.json()["code"] == "bad_message"
        for path, method in (("/api/nowhere", "GET"), ("/api/rooms", "DELETE")):
            reply = http.request(method, path)
            body = reply.json()
            assert body["type"] == "error" and "detail" not in body, (path, body)

    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        binary = await connect(shared_server.ws_url)
        await binary.send(json.dumps({"type": "hello", "token": token}).encode())
        out["binary"] = json.loads(await binary.recv())["code"]
        with pytest.raises(ConnectionClosed) as closed:
            await binary.recv()
        assert closed.value.rcvd is not None
        out["binary_close"] = closed.value.rcvd.code
        for name, v in (("string", "1"), ("float", 1.0)):
            ws = await connect(shared_server.ws_url)
            await ws.send(json.dumps({"type": "hello", "token": token, "v": v}))
            out[name] = json.loads(await ws.recv())["code"]
            await ws.close()
        p = Player(shared_server.ws_url, token)
        await p.connect()
        await p.send_raw(json.dumps({"type": "sync", "index": 0.0, "ref": 1}))
        out["sync_float"] = (await p.expect("error"))["code"]
        await p.close()
        return out

    assert asyncio.run(scenario()) == {
        "binary": "bad_message",
        "binary_close": 4400,
        "string": "bad_message",
        "float": "bad_message",
        "sync_float": "bad_message",
    }


# --------------------------------------------------------------- fairness
def test_the_seed_is_committed_at_the_start_and_revealed_at_the_end(
    shared_replay: dict[str, Any],
) -> None:
    http, match, watch = shared_replay["http"], shared_replay["match"], shared_replay["watch"]
    replay = http.get(f"/api/matches/{match}/replay", headers=watch).json()
    info = http.get(f"/api/rooms/{replay['room']}", headers=watch).json()
    assert info["seed"] == replay["seed"]
    expected = hashlib.sha256(f"rumizi-seed:{match}:{replay['seed']}".encode()).hexdigest()
    assert info["seed_hash"] == expected


def test_stacked_decks_only_in_private_rooms_and_shown(shared_server: ServerProcess) -> None:
    deck = ["guard"] * 5 + ["priest"] * 2 + ["baron"] * 2 + ["handmaid"] * 2
    deck += ["prince"] * 2 + ["king", "countess", "princess"]
    with shared_server.http() as http:
        body = {"game": "love-letter", "seats": [PERSON, PERSON], "options": {"deck": deck}}
        public = http.post("/api/rooms", json={**body, "public": True})
        assert public.status_code == 422 and "private rooms only" in public.json()["message"]
        private = http.post("/api/rooms", json=body).json()
        assert private["room"]["stacked"] is True
        plain = create_room(http, game="love-letter", seats=[PERSON, PERSON])
        assert plain["room"]["stacked"] is False
        started = create_room(http, game="love-letter", seats=[PERSON, BOT], options={"deck": deck})
        room, me = started["room"]["id"], bearer(started["seats"][0]["token"])
        http.post(f"/api/rooms/{room}/ready", headers=me)
        info = http.post(f"/api/rooms/{room}/start", headers=me).json()
        assert info["stacked"] is True and info["seed_hash"] and info["seed"] is None


def test_an_older_database_keeps_its_tokens_working_once_hashed(tmp_path: Path) -> None:
    """Migration 0002 hashes the plain tokens of a database made before it."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from rumizi.server.store import MIGRATIONS

    db = tmp_path / "old.db"
    engine = sa.create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(
            sa.text(
                "INSERT INTO rooms VALUES ('0123456789ab', 'love-letter', '{}', 0, 'old', "
                "'{}', 'host-plain', 'watch-plain', 'open', NULL, 0)"
            )
        )
        for seat in (0, 1):
            conn.execute(
                sa.text(
                    f"INSERT INTO seats VALUES ('0123456789ab', {seat}, 'person', NULL, "
                    f"'p{seat}', 'seat{seat}-plain', 0, 0)"
                )
            )
    engine.dispose()
    server = ServerProcess(str(db), tmp_path / "server.log").start()
    try:
        with server.http() as http:
            state = http.get("/api/rooms/0123456789ab/state", headers=bearer("seat1-plain"))
            assert state.status_code == 200 and state.json()["seat"] == 1
            assert http.get("/api/rooms/0123456789ab", headers=bearer("watch-plain")).is_success
    finally:
        server.stop()
    with sqlite3.connect(db) as conn:
        assert "seat1-plain" not in "\n".join(conn.iterdump())
