"""Rooms on a real server: lobby, join, ready, start, leave, rematch, spectators, the HTTP
play path, stand-in bots after a grace period, move clocks and game deadlines.

Clock tests use short clocks and wait for what the server says happened; they never
assert how long anything took.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
from server_helpers import Player, ServerProcess, bearer, create_room

from rumizi import games

PERSON = {"kind": "person"}
QUICK = {"tokens_to_win": 1}


def test_lobby_join_ready_start(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(
            http,
            game="love-letter",
            seats=[PERSON, PERSON, {"kind": "bot", "bot": "heuristic"}],
            public=True,
            title="Friday game",
            sit=False,  # a room made for others: every person seat waits for its player
        )
        room = made["room"]["id"]
        private = create_room(http, game="love-letter", seats=[PERSON, PERSON])
        lobby = {r["id"]: r for r in http.get("/api/lobby").json()}
        assert lobby[room]["free"] == 2 and lobby[room]["bots"] == 1
        assert lobby[room]["title"] == "Friday game"
        assert private["room"]["id"] not in lobby

        # Strangers from the lobby take the free seats of a public room.
        first = http.post(f"/api/rooms/{room}/join", json={"name": "Sara"}).json()
        second = http.post(f"/api/rooms/{room}/join", json={"name": "Omid"}).json()
        assert (first["seat"], second["seat"]) == (0, 1)
        assert first["token"] != made["seats"][0]["token"]  # a fresh token: the seat is theirs
        full = http.post(f"/api/rooms/{room}/join", json={"name": "Late"})
        assert full.status_code == 409 and full.json()["code"] == "full"
        assert room not in {r["id"] for r in http.get("/api/lobby").json()}
        closed = http.post(f"/api/rooms/{private['room']['id']}/join", json={})
        assert closed.status_code == 403 and "seat link" in closed.json()["message"]

        # Start needs every person ready; spectators may not start.
        spectator = bearer(made["spectator_token"])
        assert http.post(f"/api/rooms/{room}/start", headers=spectator).status_code == 403
        early = http.post(f"/api/rooms/{room}/start", headers=bearer(first["token"]))
        assert early.status_code == 409
        assert early.json()["message"] == "waiting for seat(s) 0, 1 to join and be ready"
        http.post(f"/api/rooms/{room}/ready", headers=bearer(first["token"]))
        info = http.post(f"/api/rooms/{room}/ready", headers=bearer(second["token"])).json()
        assert [s["name"] for s in info["seats"]][:2] == ["Sara", "Omid"]
        assert [s["ready"] for s in info["seats"]] == [True, True, True]
        started = http.post(f"/api/rooms/{room}/start", headers=bearer(second["token"]))
        assert started.status_code == 200 and started.json()["status"] == "playing"
        again = http.post(f"/api/rooms/{room}/start", headers=bearer(first["token"]))
        assert again.json()["code"] == "started"
        state = http.get(f"/api/rooms/{room}/state", headers=spectator).json()
        assert state["role"] == "spectator" and state["update"]["view"]["hand"] == []


def test_leave_before_the_start_frees_the_seat(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON], public=True)
        room, invite = made["room"]["id"], made["seats"][1]["token"]
        joined = http.post(f"/api/rooms/{room}/join", headers=bearer(invite), json={"name": "Nima"})
        token = joined.json()["token"]
        info = http.post(f"/api/rooms/{room}/ready", headers=bearer(token)).json()
        assert info["seats"][1]["joined"] and info["seats"][1]["ready"]
        info = http.post(f"/api/rooms/{room}/leave", headers=bearer(token)).json()
        assert not info["seats"][1]["joined"] and not info["seats"][1]["ready"]
        free = {r["id"]: r["free"] for r in http.get("/api/lobby").json()}
        assert free[room] == 1  # seat 0 is the creator's from creation


def test_a_script_plays_a_whole_match_over_http_then_a_rematch(
    shared_server: ServerProcess,
) -> None:
    with shared_server.http() as http:
        made = create_room(
            http,
            game="love-letter",
            seats=[PERSON, {"kind": "bot", "bot": "heuristic"}],
            options=QUICK,
            settings={"bot_delay": 0},
        )
        room, me = made["room"]["id"], bearer(made["seats"][0]["token"])
        http.post(f"/api/rooms/{room}/ready", headers=me)
        assert http.post(f"/api/rooms/{room}/start", headers=me).status_code == 200
        final = _play_over_http(http, room, me)
        assert final["outcome"]["winners"]
        first_match = final["match"]
        assert http.get(f"/api/matches/{first_match}/replay", headers=me).json()["finished"]

        rematch = http.post(f"/api/rooms/{room}/rematch", headers=me)
        assert rematch.status_code == 200, rematch.text
        info = rematch.json()
        assert info["number"] == 2 and info["match"] != first_match
        assert [s["kind"] for s in info["seats"]] == ["person", "bot"]
        busy = http.post(f"/api/rooms/{room}/rematch", headers=me)
        assert busy.status_code == 409 and busy.json()["code"] == "not_over"
        second = _play_over_http(http, room, me)
        assert second["match"] == info["match"] and second["over"]


def _play_over_http(http: httpx.Client, room: str, me: dict[str, str]) -> dict[str, Any]:
    for _ in range(2000):
        update = http.get(f"/api/rooms/{room}/state", headers=me).json()["update"]
        if update["over"]:
            return dict(update)
        if update["legal"]:
            body = {"action": update["legal"][0], "index": update["index"]}
            reply = http.post(f"/api/rooms/{room}/act", headers=me, json=body)
            assert reply.status_code in (200, 409), reply.text
        else:
            time.sleep(0.01)
    raise AssertionError("the match did not end")


def test_absent_player_is_replaced_by_a_bot_and_takes_the_seat_back(
    shared_server: ServerProcess,
) -> None:
    with shared_server.http() as http:
        made = create_room(
            http,
            game="love-letter",
            seats=[PERSON, {"kind": "bot", "bot": "random"}],
            options={"tokens_to_win": 3},
            settings={"bot_delay": 0, "grace_seconds": 0.2, "standin": "random"},
        )
        room = made["room"]["id"]

    async def scenario() -> None:
        me = Player(shared_server.ws_url, made["seats"][0]["token"], "me")
        watcher = Player(shared_server.ws_url, made["spectator_token"], "watcher")
        await me.connect()
        await watcher.connect()
        await me.send({"type": "ready"})
        await me.send({"type": "start"})
        update = await me.expect("update")
        await me.close()  # gone: after the grace period a bot takes the seat
        room_info = await watcher.wait_for(
            lambda m: m["type"] == "room" and m["room"]["seats"][0]["standin"]
        )
        assert room_info["room"]["seats"][0]["bot"] == "random"
        assert room_info["room"]["seats"][0]["kind"] == "person"
        # The stand-in plays for the seat: the match moves past seat 0's turns.
        await watcher.wait_for(lambda m: m["type"] == "update" and m["index"] >= 3)
        back = await me.connect(update["match"], update["index"])
        seats = back["room"]["seats"]
        assert seats[0]["standin"] is False and seats[0]["bot"] is None
        latest = await me.expect("update")
        assert latest["since"] == update["index"]
        await watcher.wait_for(
            lambda m: m["type"] == "room" and not m["room"]["seats"][0]["standin"]
        )
        await me.close()
        await watcher.close()

    asyncio.run(scenario())
    with shared_server.http() as http:
        watch = bearer(made["spectator_token"])
        assert http.get(f"/api/rooms/{room}", headers=watch).json()["seats"][0]["kind"] == "person"


def test_leaving_mid_match_hands_the_seat_to_a_bot_at_once(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(
            http,
            game="love-letter",
            seats=[PERSON, PERSON],
            options=QUICK,
            settings={"bot_delay": 0, "autostart": True},
        )
        room = made["room"]["id"]
        a, b = (bearer(s["token"]) for s in made["seats"])
        http.post(f"/api/rooms/{room}/ready", headers=a)
        http.post(f"/api/rooms/{room}/ready", headers=b)
        info = http.post(f"/api/rooms/{room}/leave", headers=b).json()
        assert info["seats"][1]["standin"] and info["seats"][1]["bot"]
        final = _play_over_http(http, room, a)  # seat 1's bot plays its turns
        assert final["over"]


def test_move_clock_lets_a_bot_make_the_move(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(
            http,
            game="love-letter",
            seats=[PERSON, {"kind": "bot"}],
            options={"first": 0},
            settings={"bot_delay": 0, "move_seconds": 0.2},
        )

    async def scenario() -> None:
        me = Player(shared_server.ws_url, made["seats"][0]["token"], "me")
        await me.connect()
        await me.send({"type": "ready"})
        await me.send({"type": "start"})
        first = await me.expect("update")
        assert first["legal"] and first["clock"]["moves"]["0"] > 0
        notice = await me.expect("notice")  # we sit still: the clock runs out
        assert notice == {"type": "notice", "kind": "move_clock", "seat": 0}
        moved = await me.wait_for(lambda m: m["type"] == "update" and m["index"] >= 1)
        assert moved.get("ack") is None
        info = await asyncio.to_thread(
            lambda: httpx.get(
                f"{shared_server.url}/api/rooms/{made['room']['id']}",
                headers=bearer(made["host_token"]),
            ).json()
        )
        assert info["seats"][0]["standin"] is False  # the person keeps the seat
        await me.close()

    asyncio.run(scenario())


def test_game_deadline_applies_the_timeout_action(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(
            http,
            game="test-clock",
            seats=[PERSON, PERSON],
            options={"turn_seconds": 0.3, "moves": 2},
            settings={"autostart": True},
        )
        room = made["room"]["id"]

    async def scenario() -> str:
        a = Player(shared_server.ws_url, made["seats"][0]["token"], "a")
        b = Player(shared_server.ws_url, made["seats"][1]["token"], "b")
        for p in (a, b):
            await p.connect()
            await p.send({"type": "ready"})
        first = await a.expect("update")
        assert first["clock"]["deadline"] is not None
        # Nobody moves: the turn times out and passes to seat 1 (a public event).
        timed = await b.wait_for(lambda m: m["type"] == "update" and 1 in m["to_act"])
        assert {"kind": "timed_out", "seat": 0} in timed["events"]
        assert timed["view"]["secret"] is not None and "secrets" not in str(timed)
        # Then both say a number (on a slow machine a turn may time out again: retry).
        await _say_on_my_turn(b, 1, 2)
        end = await _say_on_my_turn(a, 0, 3)
        if not end["over"]:
            end = await a.wait_for(lambda m: m["type"] == "update" and m["over"])
        assert end["view"]["said"] == [2, 3]
        for p in (a, b):
            await p.close()
        return str(end["match"])

    match = asyncio.run(scenario())
    with shared_server.http() as http:
        host = bearer(made["host_token"])
        replay = http.get(f"/api/matches/{match}/replay", headers=host).json()
        assert replay["log"][0] == [-1, {"type": "timeout"}]
        said = [entry for entry in replay["log"] if entry[0] >= 0]
        assert said == [[1, {"say": 2}], [0, {"say": 3}]]
        assert all(entry == [-1, {"type": "timeout"}] for entry in replay["log"] if entry[0] < 0)
        assert http.get(f"/api/rooms/{room}", headers=host).json()["status"] == "over"


async def _say_on_my_turn(p: Player, seat: int, n: int) -> dict[str, Any]:
    """Say ``n`` as soon as it is this seat's turn; again if the clock beat us to it."""
    seen = -1
    for ref in range(1, 20):
        last = p.last
        if last is not None and last["index"] > seen and seat in last["to_act"]:
            turn = last
        else:
            turn = await p.wait_for(
                lambda m, s=seen: m["type"] == "update" and m["index"] > s and seat in m["to_act"]
            )
        seen = turn["index"]
        await p.send({"type": "act", "action": {"say": n}, "index": seen, "ref": ref})
        reply = await p.wait_for(
            lambda m, r=ref: m.get("ack") == r or (m["type"] == "error" and m.get("ref") == r)
        )
        if reply["type"] == "update":
            return reply
        assert reply["code"] == "stale", reply
    raise AssertionError("never acted in time")


def test_the_lobby_lists_each_public_table_with_its_title(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        titled = create_room(
            http, game="skip-bo", seats=[PERSON, PERSON], public=True, title="میز سارا"
        )
        untitled = create_room(http, game="skip-bo", seats=[PERSON, PERSON], public=True)
        lobby = {r["id"]: r for r in http.get("/api/lobby").json()}
        assert lobby[titled["room"]["id"]]["title"] == "میز سارا"
        assert lobby[untitled["room"]["id"]]["title"] == ""  # the page names it by its game
        assert titled["room"]["title"] == "میز سارا"


def test_one_game_is_served_alone(shared_server: ServerProcess) -> None:
    """A table page asks for its own game's description, not the whole list."""
    with shared_server.http() as http:
        listed = {g["id"]: g for g in http.get("/api/games").json()}
        for game_id, described in listed.items():
            one = http.get(f"/api/games/{game_id}")
            assert one.status_code == 200 and one.json() == described
        assert len(http.get("/api/games/skip-bo").content) < len(http.get("/api/games").content) / 3
        missing = http.get("/api/games/chess")
        assert missing.status_code == 404 and missing.json()["code"] == "unknown_game"


def test_the_games_descriptions_and_words_go_gzipped_to_who_takes_gzip(
    shared_server: ServerProcess,
) -> None:
    """Public and the same for everyone: encoded once, sent gzipped when asked (a table
    page's catalogue is the biggest thing it loads after the font), plain otherwise."""
    with shared_server.http() as http:
        for path in ("/api/games", "/api/games/ayozhit", "/api/games/ayozhit/texts"):
            zipped = http.get(path, headers={"Accept-Encoding": "gzip"})
            plain = http.get(path, headers={"Accept-Encoding": "identity"})
            assert zipped.status_code == plain.status_code == 200, path
            assert zipped.headers["content-encoding"] == "gzip", path
            assert "content-encoding" not in plain.headers, path
            assert zipped.headers["vary"] == plain.headers["vary"] == "Accept-Encoding"
            assert zipped.json() == plain.json(), path  # httpx unzips: the same answer
            assert zipped.num_bytes_downloaded < len(plain.content) / 2, path
        words = http.get("/api/games/ayozhit/texts", headers={"Accept-Encoding": "gzip"})
        assert words.json() == games.texts("ayozhit").CATALOGUE
        missing = http.get("/api/games/chess/texts", headers={"Accept-Encoding": "gzip"})
        assert missing.status_code == 404 and missing.json()["code"] == "unknown_game"


def test_games_list_health_and_openapi(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        health = http.get("/api/health").json()
        assert health["ok"] is True and health["protocol"] == 1 and health["rooms"] >= 0
        listed = {g["id"]: g for g in http.get("/api/games").json()}
        assert listed["love-letter"]["bots"][0] == "random"
        assert "heuristic" in listed["love-letter"]["bots"]
        schema = http.get("/openapi.json").json()
        assert "/api/rooms/{room_id}/act" in schema["paths"]
        assert http.get("/docs").status_code == 200
