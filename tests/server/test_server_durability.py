"""Durability, on a real SQLite file and on a real PostgreSQL 15: SIGKILL the server in the
middle of a match, start it again on the same database, and play on. No acknowledged move
is lost, and everything any client was told before the kill agrees with the log after it.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from server_helpers import Player, ServerProcess, as_json, bearer, create_room, full_replay, rebuild

from rumizi import games
from rumizi.server.store import MatchRow, RoomRow, SeatRow, Store, StoreError


def test_sigkill_mid_game_loses_no_acknowledged_move(database: str, tmp_path: Path) -> None:
    server = ServerProcess(database, tmp_path / "server.log").start()
    try:
        with server.http() as http:
            made = create_room(
                http,
                game="love-letter",
                seats=[
                    {"kind": "person"},
                    {"kind": "bot", "bot": "heuristic"},
                    {"kind": "person"},
                    {"kind": "bot"},
                ],
                settings={"bot_delay": 0, "autostart": True},
            )
            room = made["room"]["id"]
            tokens = [s["token"] for s in made["seats"] if s["token"]]
            for token in tokens:
                assert http.post(f"/api/rooms/{room}/ready", headers=bearer(token)).is_success
        players = [Player(server.ws_url, t, f"p{i}") for i, t in enumerate(tokens)]
        acked: list[tuple[int, int, dict[str, Any]]] = []
        asyncio.run(_play_until(players, acked, stop_after=6))
        seen = max(p.last["index"] for p in players if p.last)
        server.kill()  # an action may be in flight: it may or may not have been stored

        server.start()  # same database, new process (and port)
        for p in players:
            p.ws_url = server.ws_url
        with server.http() as http:
            watch = bearer(made["spectator_token"])
            info = http.get(f"/api/rooms/{room}", headers=watch).json()
            assert info["status"] == "playing"
            asyncio.run(_play_until(players, acked, stop_after=None))
            replay = full_replay(http, info["match"], watch)
    finally:
        server.stop()

    log = replay["log"]
    assert len(log) >= seen
    for index, seat, action in acked:
        assert log[index] == [seat, action], f"acknowledged move {index} was lost or changed"
    # Every update any client got, before and after the kill, matches the stored log.
    game = games.load("love-letter")
    states, marks, match = rebuild(game, replay)
    checked = 0
    for p, seat in zip(players, (0, 2), strict=True):
        for m in p.messages:
            if m["type"] != "update":
                continue
            assert m["view"] == as_json(game.view(states[m["index"]], seat))
            expected = match.events[marks[m["since"]] if m["since"] else 0 : marks[m["index"]]]
            told = [games.told(game.id, e.to_json(), seat) for e in expected if e.visible_to(seat)]
            assert m["events"] == as_json(told)
            checked += 1
    assert checked > 10
    assert replay["outcome"] is not None


async def _play_until(
    players: list[Player], acked: list[tuple[int, int, dict[str, Any]]], stop_after: int | None
) -> None:
    """People play random legal moves; stop (with a move in flight) after ``stop_after`` acks."""
    rng = random.Random(len(acked))
    seats = {0: 0, 1: 2}
    pending: dict[int, tuple[int, dict[str, Any]]] = {}
    done = asyncio.Event()

    async def person(i: int, p: Player) -> None:
        await p.connect(p.last["match"] if p.last else None, p.last["index"] if p.last else None)
        while not done.is_set():
            try:
                m = await p.recv(30)
            except TimeoutError:
                raise AssertionError(f"{p.name} heard nothing; last {p.messages[-2:]}") from None
            if m["type"] != "update":
                continue
            if m.get("ack") is not None and i in pending:
                index, action = pending.pop(i)
                assert m["index"] == index + 1
                acked.append((index, seats[i], action))
                if stop_after is not None and len(acked) >= stop_after:
                    done.set()
            if m["over"]:
                done.set()
                return
            if m["legal"]:
                action = m["legal"][rng.randrange(len(m["legal"]))]
                pending[i] = (m["index"], action)
                await p.send({"type": "act", "action": action, "index": m["index"], "ref": "a"})
                if done.is_set():
                    return

    tasks = [asyncio.create_task(person(i, p)) for i, p in enumerate(players)]
    await done.wait()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for p in players:
        if p.ws is not None:
            p.ws.transport.abort()  # no clean goodbye: the server is about to die
            p.ws = None


def test_store_group_commit_order_and_integrity(database: str) -> None:
    async def scenario() -> None:
        store = await Store.open(database)
        try:
            room = RoomRow(
                "r1", "love-letter", {}, True, "t", {}, "h", "s", "open", None, 0.0,
                [SeatRow(0, "person", None, "A", "tok-a"), SeatRow(1, "bot", "random", "B", None)],
            )  # fmt: skip
            await store.create_room(room)
            await store.start_match(
                MatchRow("m1", "r1", 1, "love-letter", 2, 7, {}, 0.0), "playing"
            )
            # Many appends at once share commits, and keep their order.
            await asyncio.gather(*(store.append("m1", i, i % 2, {"n": i}) for i in range(300)))
            assert store.commits < 300
            assert await store.log("m1") == [(i % 2, {"n": i}) for i in range(300)]
            # One log index can never hold two actions; the failure is the caller's alone.
            results = await asyncio.gather(
                store.append("m1", 5, 0, {"n": "again"}),
                store.append("m1", 300, 0, {"n": 300}),
                return_exceptions=True,
            )
            assert isinstance(results[0], StoreError) and results[1] is None
            assert len(await store.log("m1")) == 301
            assert await store.room_for_token("tok-a") == "r1"
            assert await store.room_for_token("s") == "r1"
            assert await store.room_for_token("nope") is None
            assert [m.id for m in await store.unfinished_matches()] == ["m1"]
            await store.finish_match("r1", "m1", {"winners": [0]})
            assert await store.unfinished_matches() == []
            loaded = await store.load_room("r1")
            assert loaded is not None and loaded.status == "over"
            assert [s.token for s in loaded.seats] == ["tok-a", None]
        finally:
            await store.close()
        # Opening again runs the migrations again: nothing to do, nothing lost.
        again = await Store.open(database)
        try:
            assert len(await again.log("m1")) == 301
        finally:
            await again.close()

    asyncio.run(scenario())


def test_database_urls_name_their_async_driver(tmp_path: Path, monkeypatch: Any) -> None:
    from rumizi.server.store import database_url

    monkeypatch.chdir(tmp_path)
    assert database_url("rumizi.db") == f"sqlite+aiosqlite:///{tmp_path / 'rumizi.db'}"
    assert database_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert database_url("postgres://u@h/d") == "postgresql+asyncpg://u@h/d"
    assert database_url("postgresql://u@h/d") == "postgresql+asyncpg://u@h/d"
    assert database_url("postgresql+asyncpg://u@h/d") == "postgresql+asyncpg://u@h/d"
