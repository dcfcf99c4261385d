"""The player layer with two workers over PostgreSQL and Redis: a session made on one
worker is the player's on the other, a seat is taken back through the worker that does
not own its room (the request passed on to the owner with its cookie), a passkey
ceremony begun on one worker ends on the other, and sign out on one is seen by both."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import ServerProcess, bearer, two_workers
from soft_passkey import SoftPasskey


@pytest.fixture(scope="module")
def pair(
    postgres_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    logs: Path = tmp_path_factory.mktemp("players-cluster")
    with two_workers(postgres_url, redis_url, logs, f"players{os.getpid()}", 5.0) as ab:
        yield ab


def test_a_player_is_the_same_on_both_workers(pair: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = pair
    with a.http() as on_a, b.http() as on_b:
        on_a.headers["origin"], on_b.headers["origin"] = a.url, b.url
        me = on_a.get("/api/me").json()["player"]
        on_b.cookies.set("rz_session", on_a.cookies["rz_session"])
        assert on_b.get("/api/me").json()["player"] == me
        assert on_b.post("/api/me", json={"name": "Arash"}).status_code == 200
        made = on_a.post("/api/rooms", json={"game": "love-letter", "seats": [{}, {}]}).json()
        room = made["room"]["id"]  # owned by A
        assert made["room"]["seats"][0]["name"] == "Arash"
        back = on_b.post(f"/api/rooms/{room}/resume")  # asked of B: passed on to A
        assert back.status_code == 200, back.text
        token = back.json()["token"]
        assert on_b.get(f"/api/rooms/{room}/state", headers=bearer(token)).status_code == 200
        # A sign-up begun on A, answered on B (one host name, so one relying party; the
        # answer made on B's page): the challenge is in the store, not in A's memory.
        key = SoftPasskey()
        begun = on_a.post("/api/me/passkeys/options").json()
        answer = {"handle": begun["handle"], "credential": key.create(begun["options"], b.url)}
        done = on_b.post("/api/me/passkeys", json=answer)
        assert done.status_code == 200, done.text
        assert on_b.post("/api/me/passkeys", json=answer).status_code == 403  # once
        assert on_a.get("/api/me").json()["player"]["account"] is True
        # Signed out through B: A sees it at once.
        assert on_b.post("/api/me/signout").status_code == 200
        assert on_a.get("/api/me").json()["player"]["id"] != me["id"]
