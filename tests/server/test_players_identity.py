"""Players who come back (issue 32, part 1): a guest made on the first visit behind an
HttpOnly session cookie, the name it picks used by every room it makes or joins, its
seats taken back from this browser without the seat's token, the Origin check on unsafe
requests that carry the cookie, sessions ended; the tables by migration on SQLite and
PostgreSQL. Against a real server on loopback (``shared_server``) and in-process over a
real store (``database``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any

import httpx
from server_helpers import ServerProcess, bearer

from rumizi.server.players.identity import Players
from rumizi.server.store import Store

SOLO = {"game": "love-letter", "seats": [{"kind": "person"}, {"kind": "bot"}]}


@contextlib.contextmanager
def guest(server: ServerProcess) -> Iterator[httpx.Client]:
    """A browser's first visit: ``GET /api/me`` makes its guest and sets the cookie; its
    requests come from the server's own page (``Origin``)."""
    with server.http() as http:
        http.headers["origin"] = server.url
        reply = http.get("/api/me")
        assert reply.status_code == 200, reply.text
        yield http


def test_the_first_visit_makes_a_guest_behind_an_httponly_cookie(
    shared_server: ServerProcess,
) -> None:
    with shared_server.http() as http:
        reply = http.get("/api/me")
        assert reply.status_code == 200
        header = reply.headers["set-cookie"]
        cookie = http.cookies["rz_session"]
        assert "HttpOnly" in header and "SameSite=lax" in header and "Secure" not in header
        assert "Path=/" in header
        body = reply.json()
        assert body["player"]["name"] is None
        assert body["player"]["avatar"] in body["avatars"]
        assert cookie not in reply.text  # the session id is only in the cookie
        again = http.get("/api/me")
        assert again.json()["player"] == body["player"]
        assert "set-cookie" not in again.headers  # the same player, no new session
    with shared_server.http() as other:  # another browser: another guest
        assert other.get("/api/me").json()["player"]["id"] != body["player"]["id"]


def test_a_name_picked_once_names_every_room_made_or_joined(shared_server: ServerProcess) -> None:
    with guest(shared_server) as http:
        reply = http.post("/api/me", json={"name": "سارا", "avatar": "owl"})
        assert reply.status_code == 200, reply.text
        assert reply.json()["player"] | {"id": ""} == {
            "id": "",
            "name": "سارا",
            "avatar": "owl",
            "account": False,
        }
        made = http.post("/api/rooms", json=SOLO).json()
        assert made["room"]["seats"][0]["name"] == "سارا"
        # Joining a friend's room: the player's name, whatever the form said.
        with shared_server.http() as host:
            room = host.post(
                "/api/rooms", json={"game": "love-letter", "seats": [{}, {}], "public": True}
            ).json()
        joined = http.post(f"/api/rooms/{room['room']['id']}/join", json={"name": "کس دیگر"})
        assert joined.status_code == 200, joined.text
        assert joined.json()["room"]["seats"][1]["name"] == "سارا"
        assert http.post("/api/me", json={"avatar": "dragon"}).status_code == 422
        assert http.post("/api/me", json={"name": ""}).status_code == 422


def test_a_guest_without_a_name_takes_the_first_one_it_gives(
    shared_server: ServerProcess,
) -> None:
    with guest(shared_server) as http:
        seats = [{"kind": "person", "name": "Reza"}, {"kind": "bot"}]
        made = http.post("/api/rooms", json={**SOLO, "seats": seats}).json()
        assert made["room"]["seats"][0]["name"] == "Reza"
        assert http.get("/api/me").json()["player"]["name"] == "Reza"


def test_a_players_seat_is_theirs_to_take_back_without_its_token(
    shared_server: ServerProcess,
) -> None:
    with guest(shared_server) as http:
        http.post("/api/me", json={"name": "Nima"})
        made = http.post("/api/rooms", json={**SOLO, "settings": {"autostart": True}}).json()
        room = made["room"]["id"]
        old = made["seats"][0]["token"]
        tables = http.get("/api/me/tables").json()
        assert [(t["room"], t["seat"], t["game"]) for t in tables][:1] == [(room, 0, "love-letter")]
        # The page lost its token (another device of the player, or cookies only).
        back = http.post(f"/api/rooms/{room}/resume")
        assert back.status_code == 200, back.text
        token = back.json()["token"]
        assert back.json()["seat"] == 0 and token != old
        state = http.get(f"/api/rooms/{room}/state", headers=bearer(token))
        assert state.status_code == 200 and state.json()["seat"] == 0
        # The token the other device held is worthless now; the cookie takes it back again.
        assert http.get(f"/api/rooms/{room}/state", headers=bearer(old)).status_code == 401
        # Someone else's browser holds no seat there.
        with guest(shared_server) as stranger:
            refused = stranger.post(f"/api/rooms/{room}/resume")
            assert refused.status_code == 404 and refused.json()["code"] == "not_yours"
            assert stranger.get("/api/me/tables").json() == []
        # The seat's token still works without any cookie (scripts, cookies blocked).
        with shared_server.http() as script:
            assert script.get(f"/api/rooms/{room}/state", headers=bearer(token)).status_code == 200
        # Left: no longer the player's to take back, nor listed.
        assert http.post(f"/api/rooms/{room}/leave", headers=bearer(token)).status_code == 200
        assert room not in [t["room"] for t in http.get("/api/me/tables").json()]
        assert http.post(f"/api/rooms/{room}/resume").status_code == 404


def test_a_seat_joined_by_its_link_in_another_browser_follows_that_one(
    shared_server: ServerProcess,
) -> None:
    with guest(shared_server) as first, guest(shared_server) as second:
        made = first.post("/api/rooms", json={"game": "love-letter", "seats": [{}, {}]}).json()
        room, link = made["room"]["id"], made["seats"][1]["token"]
        assert second.post(f"/api/rooms/{room}/join", headers=bearer(link)).status_code == 200
        assert [t["seat"] for t in second.get("/api/me/tables").json()] == [1]
        assert [t["seat"] for t in first.get("/api/me/tables").json() if t["room"] == room] == [0]


def test_a_cross_site_request_with_the_cookie_is_refused(shared_server: ServerProcess) -> None:
    with guest(shared_server) as http:
        http.post("/api/me", json={"name": "Mina"})
        made = http.post("/api/rooms", json={"game": "love-letter", "seats": [{}, {}]}).json()
        room = made["room"]["id"]
        before = http.get("/api/me").json()
        evil: list[dict[str, str]] = [
            {"origin": "https://evil.example"},
            {"origin": "null"},
            {"origin": shared_server.url.replace("127.0.0.1", "localhost")},
            {"sec-fetch-site": "cross-site"},
        ]
        for headers in evil:
            asks: list[tuple[str, dict[str, Any] | None]] = [
                ("/api/me", {"name": "Hacked"}),
                ("/api/rooms", SOLO),
                (f"/api/rooms/{room}/resume", None),
                ("/api/me/sessions/end-others", None),
            ]
            for path, body in asks:
                if "origin" not in headers:  # a browser that sent Sec-Fetch-Site only
                    del http.headers["origin"]
                try:
                    reply = http.post(path, json=body, headers=headers)
                finally:
                    http.headers["origin"] = shared_server.url
                assert reply.status_code == 403, (path, headers, reply.text)
                assert reply.json()["code"] == "cross_site"
        assert http.get("/api/me").json() == before  # nothing changed
        assert [t["room"] for t in http.get("/api/me/tables").json()] == [room]
        # The same request from the server's own page, or from a script with no browser
        # headers at all, is the player's.
        assert http.post("/api/me", json={"avatar": "fox"}).status_code == 200
        del http.headers["origin"]
        assert http.post("/api/me", json={"avatar": "cat"}).status_code == 200
        same = {"sec-fetch-site": "same-origin"}
        assert http.post("/api/me", json={"avatar": "owl"}, headers=same).status_code == 200
    # A cross-site request without the cookie acts for nobody: a token's script as before.
    with shared_server.http() as script:
        evil_origin = {"origin": "https://evil.example"}
        assert script.post("/api/rooms", json=SOLO, headers=evil_origin).status_code == 201


def test_no_session_id_in_any_reply_or_the_log(shared_server: ServerProcess) -> None:
    with guest(shared_server) as http:
        cookie = http.cookies["rz_session"]
        http.post("/api/me", json={"name": "Ali"})
        made = http.post("/api/rooms", json={**SOLO, "public": True}).json()
        room = made["room"]["id"]
        texts = [
            http.get("/api/me").text,
            http.get("/api/me/sessions").text,
            http.get("/api/me/tables").text,
            http.get(f"/api/rooms/{room}").text,
            http.get("/api/lobby").text,
            http.post(f"/api/rooms/{room}/resume").text,
        ]
        for text in texts:
            assert cookie not in text
        from rumizi.server.tokens import token_hash

        hashed = token_hash(cookie)
        sessions = http.get("/api/me/sessions").json()
        assert [s["handle"] for s in sessions] == [hashed[:16]]
        for text in texts:  # the handle is the player's own, never in a room's reply
            assert hashed not in text
        assert hashed[:16] not in texts[3] + texts[4]
    log = shared_server.log_path.read_text(errors="replace")
    assert cookie not in log and hashed not in log


def test_sessions_are_listed_and_ended_everywhere_else(database: str) -> None:
    async def check() -> None:
        store = await Store.open(database)
        try:
            players = Players(store)
            here, cookie = await players.new_guest("Firefox on a phone")
            phone = await players.open_session(here.id, "Chromium on a laptop")
            tablet = await players.open_session(here.id, "x" * 500)
            assert (await players.by_session(phone)).id == here.id  # type: ignore[union-attr]
            listed = await players.sessions(here)
            assert len(listed) == 3 and sum(s["current"] for s in listed) == 1
            assert max(len(s["user_agent"]) for s in listed) == 200
            laptop = next(s for s in listed if s["user_agent"].startswith("Chromium"))
            assert await players.end_session(here, laptop["handle"])
            assert await players.by_session(phone) is None
            assert not await players.end_session(here, laptop["handle"])  # once
            assert not await players.end_session(here, "%" * 16)
            assert await players.end_others(here) == 1
            assert await players.by_session(tablet) is None
            assert (await players.by_session(cookie)).id == here.id  # type: ignore[union-attr]
            assert [s["current"] for s in await players.sessions(here)] == [True]
            assert await players.by_session("not a session") is None
            assert await players.by_session("x" * 10_000) is None
        finally:
            await store.close()

    asyncio.run(check())


def test_behind_a_tls_proxy_the_cookie_is_secure(shared_server: ServerProcess) -> None:
    """The proxy (trusted: ``FORWARDED_ALLOW_IPS``, loopback by default) says the request
    came over TLS (``X-Forwarded-Proto: https``, as docs/deploy.md's nginx sets it)."""
    with shared_server.http() as http:
        reply = http.get("/api/me", headers={"x-forwarded-proto": "https"})
        header = reply.headers["set-cookie"]
        assert "Secure" in header and "HttpOnly" in header and "SameSite=lax" in header
