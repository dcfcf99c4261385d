"""A worker SIGKILLed with 20 matches in play (issue 27): its rooms are taken over at
once, not when their leases run out, each exactly once, and nothing acknowledged is lost
or applied twice.

Two workers over one PostgreSQL and one Redis, leases of 5 s. Worker A makes the 20
rooms, so it owns them. Seat 0 of each room connects to A; seat 1 connects to B, and in
even rooms follows B's redirect to A (the owner serves it itself), while in odd rooms it
stays on B, which passes its messages on to A through Redis. Every room plays a few
moves; then A is killed with a move in flight in every room. Every client reconnects to
B (where it was: its match and index) and must play again before A's leases would have
run out; then each room plays to the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import (
    Player,
    ServerProcess,
    bearer,
    create_room,
    full_replay,
    two_workers,
)

from rumizi import games

LEASE = 5.0
ROOMS = 20
MOVES = 10


@pytest.fixture(autouse=True)
def clock_game_known() -> Iterator[None]:
    added = "test-clock" not in games.ids()
    games.register("test-clock", "server_clock_game")
    yield
    if added:
        games.unregister("test-clock")


@pytest.fixture
def workers(
    postgres_url: str, redis_url: str, tmp_path: Any
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    import redis

    redis.Redis.from_url(redis_url).flushdb()  # (the other cluster tests' rooms and workers)
    with two_workers(postgres_url, redis_url, tmp_path, f"failover{os.getpid()}", LEASE) as ab:
        yield ab


class Table:
    """A room's two players, the moves they sent (by index) and those acknowledged."""

    def __init__(self, number: int, made: dict[str, Any], a: ServerProcess, b: ServerProcess):
        self.id = made["room"]["id"]
        self.spectator = made["spectator_token"]
        self.follow = number % 2 == 0
        tokens = [s["token"] for s in made["seats"]]
        self.players = [
            Player(a.ws_url, tokens[0], f"{self.id}/0"),
            Player(b.ws_url, tokens[1], f"{self.id}/1"),
        ]
        self.sent: dict[int, tuple[int, dict[str, Any]]] = {}
        self.acked: dict[int, tuple[int, dict[str, Any]]] = {}
        self.rng = random.Random(self.id)

    async def connect(self) -> None:
        for p in self.players:
            await p.connect(follow=self.follow)
            await p.expect("update")

    def mover(self) -> tuple[int, Player]:
        for seat, p in enumerate(self.players):
            if p.last is not None and p.last["legal"]:
                return seat, p
        raise AssertionError(f"{self.id}: nobody may act")

    async def send(self) -> int:
        seat, p = self.mover()
        assert p.last is not None
        index, action = p.last["index"], {"say": self.rng.choice((1, 2, 3))}
        self.sent[index] = (seat, action)
        await p.send({"type": "act", "action": action, "index": index, "ref": index})
        return index

    async def step(self) -> None:
        index = await self.send()
        for p in self.players:
            seen = await p.wait_for(lambda m: m["type"] == "update" and m["index"] == index + 1)
            if seen.get("ack") == index:
                self.acked[index] = self.sent[index]

    async def rejoin(self, ws_url: str) -> list[float]:
        """Every player's socket was closed (its worker died, or its room's did): it
        reconnects to ``ws_url`` where it was; when each had its first update again."""
        back = []
        for p in self.players:
            with contextlib.suppress(Exception):
                while True:
                    message = await p.recv(LEASE + 10)  # until the socket is closed
                    if message.get("ack") is not None:
                        self.acked[message["ack"]] = self.sent[message["ack"]]
            assert p.last is not None
            p.ws_url = ws_url
            for _ in range(100):
                with contextlib.suppress(Exception):
                    await p.connect(p.last["match"], p.last["index"], follow=self.follow)
                    break
                await asyncio.sleep(0.05)
            await p.expect("update")
            back.append(time.time())
        return back

    async def finish(self) -> None:
        """Play on to the end; a move that was in flight at the kill and not stored is
        sent again on its index (a stored one is refused as stale)."""
        while True:
            last = self.players[0].last
            assert last is not None
            if last["over"]:
                return
            await self.step()


def test_a_killed_workers_rooms_are_taken_over_at_once(
    workers: tuple[ServerProcess, ServerProcess], redis_url: str
) -> None:
    import redis

    a, b = workers
    leases = redis.Redis.from_url(redis_url)
    with a.http() as on_a:
        made = [
            create_room(
                on_a,
                game="test-clock",
                options={"moves": MOVES, "turn_seconds": 60},
                sit=False,
                seats=[{"kind": "person"}, {"kind": "person"}],
                settings={"bot_delay": 0, "autostart": True},
            )
            for _ in range(ROOMS)
        ]
        for m in made:
            for s in m["seats"]:
                ready = on_a.post(f"/api/rooms/{m['room']['id']}/ready", headers=bearer(s["token"]))
                assert ready.is_success, ready.text
    tables = [Table(i, m, a, b) for i, m in enumerate(made)]

    async def scenario() -> tuple[float, list[float]]:
        await asyncio.gather(*(t.connect() for t in tables))
        for t in tables:  # seat 1 of an even room followed the redirect to A, the owner
            assert len(t.players[1].redirects) == (1 if t.follow else 0)
        for _ in range(3):
            await asyncio.gather(*(t.step() for t in tables))
        for t in tables:
            await t.send()  # in flight when A dies: stored or not
        # Redis's own clock, on which the leases run out (not this process's)
        before = redis_now()
        expiry = before + min(leases.pttl(f"rumizi:lease:{t.id}") for t in tables) / 1000
        a.kill()
        await asyncio.gather(*(t.rejoin(b.ws_url) for t in tables))
        played_again = redis_now()  # by now every client had played again
        await asyncio.gather(*(t.finish() for t in tables))
        for t in tables:
            for p in t.players:
                await p.close()
        return expiry, played_again

    def redis_now() -> float:
        seconds, micros = leases.time()
        return float(seconds) + micros / 1e6

    expiry, played_again = asyncio.run(scenario())
    # Taken at once: every client played again before A's leases would have run out,
    # both moments on Redis's clock.
    assert played_again < expiry, (played_again - expiry, expiry)
    log = b.log_path.read_text(errors="replace").splitlines()
    taken = [line for line in log if "took over room" in line]
    with b.http() as on_b:
        for t in tables:
            assert sum(f"took over room {t.id} " in line for line in taken) == 1, t.id
            info = on_b.get(f"/api/rooms/{t.id}", headers=bearer(t.spectator)).json()
            assert info["status"] == "over", info
            replay = full_replay(on_b, info["match"], bearer(t.spectator))
            # Exactly once: the log is the moves sent, each on the index it was sent for
            # (a move in flight at the kill was stored, or sent again and stored).
            assert replay["log"] == [list(t.sent[i]) for i in range(MOVES)]
            for index, move in t.acked.items():  # no acknowledged move lost
                assert replay["log"][index] == list(move)
