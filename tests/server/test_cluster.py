"""Two workers, one site: real server processes over one PostgreSQL and one Redis.

The room is made on worker A, so A owns it (its lease in Redis); the players' sockets and
HTTP calls go to worker B, which passes them on to A and A's updates back. Each view a
client was shown is checked against the stored log, seat by seat (no leak through the
hop). A lobby or room change made through one worker is seen through the other.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Player, ServerProcess, as_json, bearer, create_room, full_replay, rebuild

from rumizi import games

games._PACKAGES.setdefault("test-clock", "server_clock_game")  # as run_server.py does

LEASE = 2.0
"""The workers' lease in these tests (seconds): a dead worker's rooms wait this long."""


@pytest.fixture
def workers(
    postgres_db: str, redis_url: str, tmp_path: Path
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    a, b = (
        ServerProcess(postgres_db, tmp_path / f"{name}.log", cluster=(redis_url, LEASE))
        for name in "ab"
    )
    with ThreadPoolExecutor(2) as starting:  # both start at once
        started = [starting.submit(a.start), starting.submit(b.start)]
    try:
        for s in started:
            s.result()
        yield a, b
    finally:
        for w in (a, b):
            if w.proc is not None and w.proc.poll() is None:
                w.proc.terminate()
        a.stop()
        b.stop()


def clock_room(
    http: Any, moves: int, public: bool = False, turn_seconds: float = 30
) -> dict[str, Any]:
    """A two-person room of the test clock game (a private secret per seat, a turn clock)."""
    return create_room(
        http,
        game="test-clock",
        options={"moves": moves, "turn_seconds": turn_seconds},
        public=public,
        sit=False,
        seats=[{"kind": "person"}, {"kind": "person"}],
        settings={"bot_delay": 0, "autostart": True},
    )


def check_views(players: list[Player], seats: list[int], replay: dict[str, Any]) -> int:
    """Every update each player got shows exactly its seat's view of the stored position."""
    game = games.load(replay["game"])
    states, marks, match = rebuild(game, replay)
    checked = 0
    for p, seat in zip(players, seats, strict=True):
        for m in p.messages:
            if m["type"] != "update":
                continue
            assert m["view"] == as_json(game.view(states[m["index"]], seat))
            expected = match.events[marks[m["since"]] : marks[m["index"]]]
            told = [games.told(game.id, e.to_json(), seat) for e in expected if e.visible_to(seat)]
            assert m["events"] == as_json(told)
            checked += 1
    return checked


def test_clients_on_another_worker_than_the_rooms_owner(
    workers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = workers
    with a.http() as on_a, b.http() as on_b:
        assert on_a.get("/api/health").json()["worker"] != on_b.get("/api/health").json()["worker"]
        made = clock_room(on_a, moves=12, public=True)
        room = made["room"]["id"]
        # The lobby is the same from both workers: the new public room, free seats and all.
        listed = {r["id"]: r for r in on_b.get("/api/lobby").json()}
        assert listed[room]["free"] == 2
        # A change made through B (which passes it on to A, the owner) is seen through A.
        joined = on_b.post(f"/api/rooms/{room}/join", json={"name": "Sara"})
        assert joined.status_code == 200, joined.text
        seen = on_a.get(f"/api/rooms/{room}").json()
        assert seen["seats"][0]["name"] == "Sara" and seen["seats"][0]["joined"]
        assert {r["id"]: r for r in on_b.get("/api/lobby").json()}[room]["free"] == 1
        tokens = [joined.json()["token"]]
        second = on_a.post(f"/api/rooms/{room}/join", json={"name": "Omid"})
        tokens.append(second.json()["token"])
        assert room not in {r["id"] for r in on_b.get("/api/lobby").json()}  # full now
        assert on_b.get("/api/health").json()["rooms"] == 0  # B holds no room: A does
        for token in tokens:  # ready through B: the match starts on A
            assert on_b.post(f"/api/rooms/{room}/ready", headers=bearer(token)).is_success
        assert on_a.get(f"/api/rooms/{room}").json()["status"] == "playing"

        players = [Player(b.ws_url, t, f"p{i}") for i, t in enumerate(tokens)]
        watcher = Player(a.ws_url, made["spectator_token"], "watcher")  # local to the owner
        asyncio.run(_play(players, watcher))
        info = on_b.get(f"/api/rooms/{room}").json()
        assert info["status"] == "over"
        replay = full_replay(on_b, info["match"], bearer(made["spectator_token"]))
        assert on_b.get("/api/health").json()["rooms"] == 0
    assert replay["outcome"] is not None and len(replay["log"]) == 12
    assert check_views(players, [0, 1], replay) >= 24
    assert players[0].last is not None and players[1].last is not None
    assert players[0].last["index"] == players[1].last["index"] == 12


async def _play(players: list[Player], watcher: Player) -> None:
    rng = random.Random(7)
    await watcher.connect()
    for p in players:
        await p.connect()

    async def person(p: Player) -> None:
        while True:
            m = await p.recv(20)
            if m["type"] != "update":
                continue
            if m["over"]:
                return
            if m["legal"]:
                action = m["legal"][rng.randrange(len(m["legal"]))]
                await p.send({"type": "act", "action": action, "index": m["index"], "ref": 1})

    await asyncio.gather(*(person(p) for p in players))
    over = await watcher.wait_for(lambda m: m["type"] == "update" and m["over"])
    assert over["index"] == 12
    for p in [*players, watcher]:
        await p.close()
