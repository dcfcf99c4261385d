"""A person's seat back from away gets back the clock time it lost (once a turn, at most
5 s): ``Clocks.give_back`` on a fake clock, then a real server's WebSocket reconnect.

The unit tests move a fake ``time`` (the timers' own reading of the clock); the server test
checks what the server says (the deadline it sends), never how long anything took.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from server_clock_game import GAME
from server_helpers import Player, ServerProcess, create_room

from rumizi.engine import Match
from rumizi.server.room import clock
from rumizi.server.room.clock import GIVE_BACK_SECONDS, Clocks


class FakeTime:
    """Monotonic and epoch seconds that move only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def time(self) -> float:
        return self.now + 1_700_000_000


@pytest.fixture
def fake_time(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeTime]:
    fake = FakeTime()
    monkeypatch.setattr(clock, "time", fake)
    yield fake


def turn_of_seat_0(move_seconds: float | None = None) -> tuple[Clocks, Match]:
    """Seat 0's turn of the test clock game, on a 30 s turn clock, its timers armed."""
    match = Match(GAME, 2, 1, {"turn_seconds": 30, "moves": 4})
    clocks = Clocks(lambda: None, lambda seat: None, move_seconds)
    clocks.update(match, None, lambda seat: True)
    return clocks, match


def in_loop(body: Any) -> Any:
    """Run ``body`` inside a running event loop (the timers need one)."""

    async def run() -> Any:
        return body()

    return asyncio.run(run())


def test_a_seat_away_during_its_turn_gets_back_what_it_lost(fake_time: FakeTime) -> None:
    def body() -> None:
        clocks, _ = turn_of_seat_0()
        assert clocks.phase is not None
        ends = clocks.phase.ends_at
        fake_time.now += 4  # 4 s into the turn seat 0 reloads; it is away 3 s
        away = fake_time.now
        fake_time.now += 3
        assert clocks.give_back(0, away) == pytest.approx(3)
        assert clocks.phase.ends_at == pytest.approx(ends + 3)
        assert clocks.phase.remaining() == pytest.approx(30 - 4)  # as when it left
        # Once a turn: a second reload in the same turn gets nothing back.
        away = fake_time.now
        fake_time.now += 2
        assert clocks.give_back(0, away) == 0
        assert clocks.phase.ends_at == pytest.approx(ends + 3)

    in_loop(body)


def test_at_most_five_seconds_and_only_time_of_this_turn(fake_time: FakeTime) -> None:
    def body() -> None:
        clocks, _ = turn_of_seat_0()
        assert clocks.phase is not None
        ends = clocks.phase.ends_at
        away = fake_time.now - 60  # away since long before the turn began
        fake_time.now += 2  # the turn has run 2 s: that is all it lost
        assert clocks.give_back(0, away) == pytest.approx(2)
        clocks2, _ = turn_of_seat_0()
        assert clocks2.phase is not None
        ends2 = clocks2.phase.ends_at
        away = fake_time.now
        fake_time.now += 12  # a long absence: the turn runs on, 5 s come back
        assert clocks2.give_back(0, away) == GIVE_BACK_SECONDS
        assert clocks2.phase.ends_at == pytest.approx(ends2 + GIVE_BACK_SECONDS)
        assert clocks.phase.ends_at == pytest.approx(ends + 2)

    in_loop(body)


def test_nothing_back_on_another_seats_turn_or_a_clock_run_out(fake_time: FakeTime) -> None:
    def body() -> None:
        clocks, _ = turn_of_seat_0()
        assert clocks.phase is not None
        ends = clocks.phase.ends_at
        away = fake_time.now
        fake_time.now += 3
        assert clocks.give_back(1, away) == 0  # seat 0's clock: seat 1 was only watching
        assert clocks.phase.ends_at == ends
        fake_time.now += 40  # seat 0 was away past its deadline: the time is gone
        assert clocks.give_back(0, away) == 0
        assert clocks.phase.ends_at == ends

    in_loop(body)


def test_the_move_clock_of_the_seat_comes_back_too(fake_time: FakeTime) -> None:
    def body() -> None:
        clocks, _ = turn_of_seat_0(move_seconds=20)
        move = clocks.moves[0]
        ends = move.ends_at
        away = fake_time.now
        fake_time.now += 1.5
        assert clocks.give_back(0, away) == pytest.approx(1.5)
        assert move.ends_at == pytest.approx(ends + 1.5)

    in_loop(body)


def test_a_reconnecting_seat_gets_a_later_deadline_and_the_others_hear_it(
    shared_server: ServerProcess,
) -> None:
    """Seat 0 drops its connection during its own turn and comes back: the deadline it is
    sent is later than before (by what it lost, at most 5 s), and seat 1 is sent the same
    new deadline."""
    with shared_server.http() as http:
        made = create_room(
            http,
            game="test-clock",
            seats=[{"kind": "person"}, {"kind": "person"}],
            options={"turn_seconds": 60, "moves": 2},
            settings={"autostart": True, "grace_seconds": 60},
        )

    async def scenario() -> None:
        a = Player(shared_server.ws_url, made["seats"][0]["token"], "a")
        b = Player(shared_server.ws_url, made["seats"][1]["token"], "b")
        for p in (a, b):
            await p.connect()
            await p.send({"type": "ready"})
        first = await a.wait_for(lambda m: m["type"] == "update" and 0 in m["to_act"])
        before = first["clock"]["deadline_at"]
        await a.close()
        await b.wait_for(lambda m: m["type"] == "room" and not m["room"]["seats"][0]["connected"])
        await asyncio.sleep(0.5)
        back = Player(shared_server.ws_url, made["seats"][0]["token"], "a again")
        await back.connect(first["match"], first["index"])
        update = await back.expect("update")
        after = update["clock"]["deadline_at"]
        assert before < after <= before + GIVE_BACK_SECONDS + 0.01, (before, after)
        heard = await b.wait_for(
            lambda m: m["type"] == "update" and m["clock"]["deadline_at"] != before
        )
        assert heard["clock"]["deadline_at"] == after and heard["events"] == []
        for p in (back, b):
            await p.close()

    asyncio.run(scenario())
