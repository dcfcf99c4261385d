"""Accounts with passkeys (issue 32, part 2), against a real server on loopback, with a
software passkey (``soft_passkey.py``: an ES256 resident key with user verification):
sign up claims the guest's history, signing in on another browser brings that
browser's guest along and gives back the unfinished tables, a second passkey, sessions
ended everywhere else, sign out, account deleted (matches stay, nobody's), each
challenge used once, the origin checked, sign-in attempts rate limited per address and
per account, and no session id or passkey material in anyone's reply or the log."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import ServerProcess, bearer
from soft_passkey import SoftPasskey, b64

SOLO = {"game": "love-letter", "seats": [{"kind": "person"}, {"kind": "bot"}]}


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("passkeys")
    env = {"RUMIZI_SIGNIN_PER_ADDRESS": "40", "RUMIZI_SIGNIN_PER_ACCOUNT": "3"}
    proc = ServerProcess(str(path / "rumizi.db"), path / "server.log", env).start()
    yield proc
    proc.stop()


@contextlib.contextmanager
def browser(server: ServerProcess) -> Iterator[httpx.Client]:
    with server.http() as http:
        http.headers["origin"] = server.url
        assert http.get("/api/me").status_code == 200
        yield http


def sign_up(http: httpx.Client, key: SoftPasskey, origin: str) -> dict[str, Any]:
    begun = http.post("/api/me/passkeys/options")
    assert begun.status_code == 200, begun.text
    options = begun.json()["options"]
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "required"
    answer = {"handle": begun.json()["handle"], "credential": key.create(options, origin)}
    done = http.post("/api/me/passkeys", json=answer)
    assert done.status_code == 200, done.text
    result: dict[str, Any] = done.json()
    return result


def sign_in(
    http: httpx.Client, key: SoftPasskey, origin: str, forged: bool = False
) -> httpx.Response:
    begun = http.post("/api/signin/options")
    if begun.status_code != 200:
        return begun
    options = begun.json()["options"]
    assert options["userVerification"] == "required" and options["allowCredentials"] == []
    answer = {"handle": begun.json()["handle"], "credential": key.get(options, origin, forged)}
    return http.post("/api/signin", json=answer)


def test_sign_up_claims_the_guest_and_another_browser_signs_in_to_its_tables(
    limited: ServerProcess,
) -> None:
    origin, key = limited.url, SoftPasskey()
    with browser(limited) as laptop, browser(limited) as phone:
        laptop.post("/api/me", json={"name": "Sara"})
        made = laptop.post("/api/rooms", json={**SOLO, "settings": {"autostart": True}}).json()
        room = made["room"]["id"]
        guest = laptop.get("/api/me").json()["player"]
        assert guest["account"] is False
        done = sign_up(laptop, key, origin)
        assert done["player"] == {**guest, "account": True} and done["passkeys"] == 1
        # The phone's own guest had a table too: signing in brings it to the account.
        phone_room = phone.post("/api/rooms", json=SOLO).json()["room"]["id"]
        signed = sign_in(phone, key, origin)
        assert signed.status_code == 200, signed.text
        assert signed.json()["player"]["id"] == guest["id"]
        assert phone.get("/api/me").json()["player"]["name"] == "Sara"
        rooms = {t["room"] for t in phone.get("/api/me/tables").json()}
        assert rooms == {room, phone_room}
        back = phone.post(f"/api/rooms/{room}/resume")
        assert back.status_code == 200 and back.json()["seat"] == 0
        token = back.json()["token"]
        assert phone.get(f"/api/rooms/{room}/state", headers=bearer(token)).status_code == 200
        # Both browsers are the player's: two sessions; sign out everywhere else (phone).
        assert len(phone.get("/api/me/sessions").json()) == 2
        assert phone.post("/api/me/sessions/end-others").json() == {"ended": 1}
        assert laptop.get("/api/me").json()["player"]["id"] != guest["id"]  # a new guest
        assert laptop.post(f"/api/rooms/{room}/resume").status_code == 404
        assert [s["current"] for s in phone.get("/api/me/sessions").json()] == [True]
        # The same answer again: the challenge was used once.
        begun = phone.post("/api/signin/options").json()
        answer = {"handle": begun["handle"], "credential": key.get(begun["options"], origin)}
        assert phone.post("/api/signin", json=answer).status_code == 200
        again = phone.post("/api/signin", json=answer)
        assert again.status_code == 403 and again.json()["code"] == "passkey_refused"


def test_a_second_passkey_signs_in_too_and_a_wrong_origin_does_not(
    limited: ServerProcess,
) -> None:
    origin, first, second = limited.url, SoftPasskey(), SoftPasskey()
    with browser(limited) as http:
        me = sign_up(http, first, origin)["player"]
        assert sign_up(http, second, origin)["passkeys"] == 2
        # The same passkey twice: refused (the options exclude it, the server checks).
        with browser(limited) as other:
            assert sign_in(other, second, origin).json()["player"]["id"] == me["id"]
        with browser(limited) as other:
            elsewhere = sign_in(other, first, "https://evil.example")
            assert elsewhere.status_code == 403
            assert other.get("/api/me").json()["player"]["id"] != me["id"]
        # A sign-up answer made for another origin, or without user verification.
        begun = http.post("/api/me/passkeys/options").json()
        third = SoftPasskey()
        bad = {
            "handle": begun["handle"],
            "credential": third.create(begun["options"], origin, uv=False),
        }
        assert http.post("/api/me/passkeys", json=bad).status_code == 403


def test_sign_out_and_delete_the_account(limited: ServerProcess) -> None:
    origin, key = limited.url, SoftPasskey()
    with browser(limited) as http:
        http.post("/api/me", json={"name": "Kian"})
        sign_up(http, key, origin)
        made = http.post("/api/rooms", json={"game": "love-letter", "seats": [{}, {"kind": "bot"}]})
        room, host = made.json()["room"]["id"], made.json()["host_token"]
        seat = made.json()["seats"][0]["token"]
        assert http.post(f"/api/rooms/{room}/ready", headers=bearer(seat)).status_code == 200
        assert http.post(f"/api/rooms/{room}/start", headers=bearer(host)).status_code == 200
        assert http.post(f"/api/rooms/{room}/abort", headers=bearer(host)).status_code == 200
        unfinished = http.post("/api/rooms", json=SOLO).json()["room"]["id"]
        me = http.get("/api/me").json()["player"]
        assert http.post("/api/me/signout").json() == {"ended": 1}
        assert http.get("/api/me").json()["player"]["id"] != me["id"]
        assert sign_in(http, key, origin).json()["player"]["id"] == me["id"]
        assert http.post("/api/me/delete").json() == {"deleted": True}
        assert http.get("/api/me").json()["player"]["id"] != me["id"]
        refused = sign_in(http, key, origin)
        assert refused.status_code == 403 and refused.json()["code"] == "passkey_refused"
        assert http.post(f"/api/rooms/{unfinished}/resume").status_code == 404
        # The finished match keeps its seat, named as nobody's (as stored).
        with sqlite3.connect(limited.db) as db:
            names = db.execute("SELECT seat, name FROM seats WHERE room_id = ?", (room,)).fetchall()
            players = db.execute(
                "SELECT name, deleted_at FROM players WHERE id = ?", (me["id"],)
            ).fetchall()
            keys = db.execute(
                "SELECT count(*) FROM passkeys WHERE player_id = ?", (me["id"],)
            ).fetchall()
        assert sorted(names)[0] == (0, "player 1")
        assert players[0][0] is None and players[0][1] is not None and keys == [(0,)]
        # A guest has no account to delete.
        assert http.post("/api/me/delete").status_code == 409


def test_sign_in_attempts_are_limited_per_account_and_per_address(
    tmp_path: Path,
) -> None:
    env = {"RUMIZI_SIGNIN_PER_ADDRESS": "8", "RUMIZI_SIGNIN_PER_ACCOUNT": "3"}
    server = ServerProcess(str(tmp_path / "r.db"), tmp_path / "server.log", env).start()
    try:
        origin, key = server.url, SoftPasskey()
        with browser(server) as http:
            sign_up(http, key, origin)
        with browser(server) as thief:
            for _ in range(3):  # three forged answers: each refused, each counted
                assert sign_in(thief, key, origin, forged=True).status_code == 403
            # The account's limit: even the right answer waits now.
            limited = sign_in(thief, key, origin)
            assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
            # The address's (8 attempts: options and answers): the next one waits too.
            assert thief.post("/api/signin/options").status_code == 429
    finally:
        server.stop()


def test_no_session_id_or_passkey_material_reaches_anyone_else_or_the_log(
    limited: ServerProcess,
) -> None:
    origin, key = limited.url, SoftPasskey()
    with browser(limited) as http, browser(limited) as friend:
        http.post("/api/me", json={"name": "Lili"})
        sign_up(http, key, origin)
        signed = sign_in(friend, key, origin)  # the friend's browser is hers now too
        cookie = http.cookies["rz_session"]
        made = http.post(
            "/api/rooms", json={"game": "love-letter", "seats": [{}, {}], "public": True}
        )
        room = made.json()["room"]["id"]
        with browser(limited) as stranger:
            texts = [
                stranger.get(f"/api/rooms/{room}").text,
                stranger.get("/api/lobby").text,
                stranger.post(f"/api/rooms/{room}/join").text,
                stranger.get("/api/me").text,
                stranger.get("/api/me/sessions").text,
            ]
        secrets = [cookie, friend.cookies["rz_session"], b64(key.id)]
        for text in texts:
            for secret in secrets:
                assert secret not in text
        mine = http.get("/api/me").text + http.get("/api/me/sessions").text + signed.text
        for secret in secrets:
            assert secret not in mine
    log = limited.log_path.read_text(errors="replace")
    for secret in secrets:
        assert secret not in log
