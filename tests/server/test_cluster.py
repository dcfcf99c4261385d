"""Two workers, one site: real server processes over one PostgreSQL and one Redis.

The room is made on worker A, so A owns it (its lease in Redis); the players' sockets and
HTTP calls go to worker B, which passes them on to A and A's updates back. Each view a
client was shown is checked against the stored log, seat by seat (no leak through the
hop). A lobby or room change made through one worker is seen through the other.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import (
    HOST,
    RELAXED,
    Player,
    ServerProcess,
    as_json,
    bearer,
    create_room,
    free_port,
    full_replay,
    rebuild,
    two_workers,
)

from rumizi import games


@pytest.fixture(autouse=True)
def clock_game_known() -> Iterator[None]:
    """The test clock game, known here as in the workers (run_server.py), while a test
    of this module runs (never while other modules' tests are collected)."""
    added = "test-clock" not in games.ids()
    games.register("test-clock", "server_clock_game")
    yield
    if added:
        games.unregister("test-clock")


LEASE = 2.0
"""The workers' lease in these tests (seconds): a dead worker's rooms wait this long."""


@pytest.fixture(scope="module")
def workers(
    postgres_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Workers A and B, shared by this module's tests (the failover test, last, kills A)."""
    logs = tmp_path_factory.mktemp("cluster")
    with two_workers(postgres_url, redis_url, logs, f"cluster{os.getpid()}", LEASE) as ab:
        yield ab


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


def test_a_client_that_follows_is_sent_to_the_rooms_owner(
    workers: tuple[ServerProcess, ServerProcess],
) -> None:
    """A hello with ``follow`` that reaches B for a room A owns gets a redirect to A's
    address (after its token was found: a wrong token gets ``unknown_token``, no address);
    at A it plays as usual. Without ``follow`` it stays on B (the relay, above)."""
    a, b = workers
    with a.http() as on_a:
        made = clock_room(on_a, moves=4)
    seat = Player(b.ws_url, made["seats"][0]["token"], "follower")
    stranger = Player(b.ws_url, "no-such-token", "stranger")

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        welcome = await seat.connect(follow=True)
        await seat.close()
        with pytest.raises(Exception):  # noqa: B017 - refused and closed, whichever way
            await stranger.connect(follow=True)
        return welcome, stranger.messages[0]

    welcome, refused = asyncio.run(scenario())
    assert [r["url"] for r in seat.redirects] == [a.ws_url]
    assert seat.redirects[0]["room"] == made["room"]["id"]
    assert welcome["seat"] == 0 and seat.ws_url == a.ws_url
    assert refused["type"] == "error" and refused["code"] == "unknown_token"
    assert not stranger.redirects


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


class Table:
    """The two players of a room on worker B, and every action they sent and had acked."""

    def __init__(self, made: dict[str, Any], ws_url: str) -> None:
        self.id = made["room"]["id"]
        self.spectator = made["spectator_token"]
        self.players = [
            Player(ws_url, s["token"], f"{self.id}/{i}") for i, s in enumerate(made["seats"])
        ]
        self.sent: dict[int, tuple[int, dict[str, Any]]] = {}
        self.acked: list[tuple[int, int, dict[str, Any]]] = []
        self.rng = random.Random(self.id)

    async def connect(self) -> None:
        for p in self.players:
            await p.connect()
            await p.expect("update")

    def to_act(self) -> tuple[int, Player]:
        for seat, p in enumerate(self.players):
            if p.last is not None and p.last["legal"]:
                return seat, p
        raise AssertionError("nobody may act")

    async def send(self) -> tuple[int, int, dict[str, Any]]:
        """The seat to act sends a move (not waiting for its acknowledgement)."""
        seat, p = self.to_act()
        assert p.last is not None
        index, action = p.last["index"], {"say": self.rng.choice((1, 2, 3))}
        self.sent[index] = (seat, action)
        await p.send({"type": "act", "action": action, "index": index, "ref": index})
        return index, seat, action

    async def step(self) -> None:
        """One move, acknowledged and seen by both players."""
        index, seat, action = await self.send()
        mover = self.players[seat]
        await mover.wait_for(lambda m: m["type"] == "update" and m.get("ack") == index)
        self.acked.append((index, seat, action))
        other = self.players[1 - seat]
        await other.wait_for(lambda m: m["type"] == "update" and m["index"] == index + 1)

    async def rejoin(self, ws_url: str) -> float:
        """Each player's socket is closed (its room moved): it reconnects where it was, to
        ``ws_url``. Returns when the last of them had its first update (time.time())."""
        resumed = 0.0
        for p in self.players:
            with contextlib.suppress(Exception):
                while True:
                    await p.recv(LEASE + 10)  # until the socket is closed
            assert p.last is not None
            p.ws_url = ws_url
            for _ in range(100):
                with contextlib.suppress(Exception):
                    await p.connect(p.last["match"], p.last["index"])
                    break
                await asyncio.sleep(0.1)
            await p.expect("update")
            resumed = max(resumed, time.time())
        return resumed


def test_failover_sigkill_the_owner_mid_game(
    workers: tuple[ServerProcess, ServerProcess], redis_url: str
) -> None:
    """Two rooms owned by A, their players on B; A is SIGKILLed with a move in flight in
    one room and none in the other. B takes both over from the stored log within 2 s of
    the leases running out; every acknowledged move is there exactly once (a naive
    client's resend of its move is refused as stale if it was stored); the turn clock
    goes on from its stored deadline; both players see the same position throughout."""
    import redis

    a, b = workers
    moves = 12
    with a.http() as on_a, b.http() as on_b:
        made = [clock_room(on_a, moves=moves, turn_seconds=20) for _ in range(2)]
        for m in made:
            for s in m["seats"]:
                assert on_b.post(f"/api/rooms/{m['room']['id']}/ready", headers=bearer(s["token"]))
        tables = [Table(m, b.ws_url) for m in made]
        race, quiet = tables
        leases = redis.Redis.from_url(redis_url)

        async def scenario() -> dict[str, Any]:
            for t in tables:
                await t.connect()
                for _ in range(5):
                    await t.step()
            clock_before = quiet.players[0].last["clock"]  # type: ignore[index]
            index_before = quiet.players[0].last["index"]  # type: ignore[index]
            in_flight = await race.send()  # then A dies: stored or not, it may be either
            expiry = {
                t.id: time.time() + leases.pttl(f"rumizi:lease:{t.id}") / 1000 for t in tables
            }
            a.kill()
            resumed = {t.id: await t.rejoin(b.ws_url) for t in tables}
            late = {t.id: resumed[t.id] - expiry[t.id] for t in tables}
            # The quiet room's clock goes on from where it was, not from the start.
            first = [p.last for p in quiet.players]
            assert all(f is not None and f["index"] == index_before for f in first)
            for f in first:
                assert abs(f["clock"]["deadline_at"] - clock_before["deadline_at"]) < 0.5, (  # type: ignore[index]
                    clock_before,
                    f["clock"],  # type: ignore[index]
                )
            # The move in flight: a naive resend on its old index is applied at most once.
            index, seat, action = in_flight
            mover = race.players[seat]
            stored = mover.last is not None and mover.last["index"] > index
            await mover.send({"type": "act", "action": action, "index": index, "ref": "again"})
            reply = await mover.wait_for(
                lambda m: m.get("ref") == "again" or m.get("ack") == "again"
            )
            if stored:
                assert reply["type"] == "error" and reply["code"] == "stale"
            else:
                assert reply["type"] == "update" and reply["index"] == index + 1
                await race.players[1 - seat].wait_for(
                    lambda m: m["type"] == "update" and m["index"] == index + 1
                )
            race.acked.append(in_flight)
            for t in tables:
                while t.players[0].last is not None and not t.players[0].last["over"]:
                    await t.step()
            for t in tables:
                for p in t.players:
                    await p.close()
            return late

        late = asyncio.run(scenario())
        assert on_b.get("/api/health").json()["rooms"] == 2  # B owns both rooms now
        for t in tables:
            info = on_b.get(f"/api/rooms/{t.id}", headers=bearer(t.spectator)).json()
            assert info.get("status") == "over", info
            replay = full_replay(on_b, info["match"], bearer(t.spectator))
            # Exactly once: the log is the moves sent, each on the index it was sent for.
            assert replay["log"] == [list(t.sent[i]) for i in range(moves)]
            for index, seat, action in t.acked:
                assert replay["log"][index] == [seat, action]
            assert len(t.acked) == moves
            assert check_views(t.players, [0, 1], replay) >= 2 * moves
    # The rooms went on within 2 s of the leases running out (the bound).
    assert max(late.values()) < 2.0, late


def test_a_write_under_an_older_lease_is_refused(postgres_db: str) -> None:
    """Fencing: once another worker has counted the room's epoch up (its new lease), a
    write still carrying the older epoch is refused, alone, and stores nothing."""
    from rumizi.server.store import FencedOut, MatchRow, RoomRow, SeatRow, Store

    async def scenario() -> None:
        store = await Store.open(postgres_db)
        try:
            seats = [SeatRow(0, "person", None, "A", "ta"), SeatRow(1, "person", None, "B", "tb")]
            row = RoomRow(
                "r1", "test-clock", {}, False, "t", {}, "h", "s", "open", None, 0.0, seats,
                epoch=1,
            )  # fmt: skip
            await store.create_room(row)
            old = ("r1", 1)
            await store.start_match(
                MatchRow("m1", "r1", 1, "test-clock", 2, 7, {}, 0.0), "playing", old
            )
            await store.append("m1", 0, 0, {"say": 1}, old)
            assert await store.next_epoch("r1") == 2  # another worker took the room over
            assert await store.next_epoch("nope") is None
            new = ("r1", 2)
            results = await asyncio.gather(
                store.append("m1", 1, 1, {"say": 2}, old),
                store.append("m1", 1, 1, {"say": 3}, new),
                store.save_seat("r1", SeatRow(0, "person", None, "Z", "tz"), old),
                return_exceptions=True,
            )
            assert isinstance(results[0], FencedOut) and isinstance(results[2], FencedOut)
            assert results[1] is None
            assert await store.log("m1") == [(0, {"say": 1}), (1, {"say": 3})]
            stored = await store.load_room("r1")
            assert stored is not None and stored.seats[0].name == "A" and stored.epoch == 2
        finally:
            await store.close()

    asyncio.run(scenario())


def test_rumizi_serve_workers_starts_them_and_starts_a_dead_one_again(
    postgres_db: str, redis_url: str, tmp_path: Path
) -> None:
    """``rumizi serve --workers 2``: two workers on two ports; one killed is started again."""
    from rumizi.cli.serve import ServeError, check_cluster

    with pytest.raises(ServeError, match="needs --redis"):
        check_cluster(postgres_db, None, 2)
    with pytest.raises(ServeError, match="PostgreSQL"):
        check_cluster("sqlite+aiosqlite:///x.db", redis_url, 1)
    port = free_port()
    while free_port() == port + 1:  # the next port must be free too (checked by serve)
        port = free_port()
    command = [sys.executable, "-c", "from rumizi.cli import main; main()", "serve"]
    args = ["--host", HOST, "--port", str(port), "--db", postgres_db, "--redis", redis_url]
    with open(tmp_path / "serve.log", "wb") as out:
        proc = subprocess.Popen(
            [*command, *args, "--workers", "2", "--lease", str(LEASE)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **RELAXED},
        )
    try:
        first = [_worker_id(port + i, proc) for i in range(2)]
        assert first[0] != first[1]
        os.kill(int(first[0].split("-")[-2]), signal.SIGKILL)
        again = _worker_id(port, proc, other_than=first[0])
        assert again not in first
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
    assert proc.returncode == 0, (tmp_path / "serve.log").read_text()[-2000:]
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"http://{HOST}:{port}/api/health", timeout=1)


def _worker_id(port: int, proc: subprocess.Popen[bytes], other_than: str = "") -> str:
    """The worker id of the server on ``port`` once it answers (and is not ``other_than``)."""
    for _ in range(1800):
        assert proc.poll() is None, "rumizi serve --workers exited"
        with contextlib.suppress(httpx.HTTPError):
            found = str(httpx.get(f"http://{HOST}:{port}/api/health", timeout=1).json()["worker"])
            if found != other_than:
                return found
        time.sleep(0.05)
    raise AssertionError(f"no worker answered on port {port}")
