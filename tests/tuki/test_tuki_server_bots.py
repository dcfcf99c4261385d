"""The server plays real-time bots at their own times: a bot's waiting turn survives the
other builders' moves in the same round, so two bots build at once, each at its pace."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from rumizi.engine import Action, Match
from rumizi.games import load
from rumizi.games.tuki.bots import BuilderBot, Level
from rumizi.server.room import seating

QUICK_HANDS_SLOW_CHECK = Level("quick", 0.02, 1.5, 0.0)
"""Places pieces fast, looks the build over for a long time before declaring."""
STEADY = Level("steady", 0.05, 30.0, 0.0)


def test_real_time_bots_build_side_by_side_and_declare_at_their_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    levels = {"quick": QUICK_HANDS_SLOW_CHECK, "steady": STEADY}
    monkeypatch.setattr(seating.bots, "make", lambda game, level: BuilderBot(levels[level]))
    match = Match(load("tuki"), 2, seed=1, options={"deck": ["N01"], "dice": ["walrus/white"]})
    seat_level = {0: "steady", 1: "quick"}
    finished = asyncio.Event()

    async def act(seat: int, action: Action, index: int | None) -> Any:
        match.apply(seat, action)
        if match.view(None)["round"] > 1:
            finished.set()
            seats.cancel()
            return
        seats.schedule(match, seat_level.get)

    seats = seating.BotSeats("tuki", 0.8, act, act)

    async def run() -> None:
        seats.schedule(match, seat_level.get)
        await asyncio.wait_for(finished.wait(), 20)

    asyncio.run(run())
    placed = [e.data["seat"] for e in match.events if e.kind == "placed"]
    assert len(match.view(None)["last"]["results"]) == 2
    steady_pieces = placed.count(0)
    assert steady_pieces >= 5  # it kept building while the quick bot moved
    first_quick, last_quick = placed.index(1), len(placed) - 1 - placed[::-1].index(1)
    assert 0 in placed[first_quick:last_quick]  # interleaved, not one after the other
    over = next(e.data for e in match.events if e.kind == "round_over")
    assert over["done"] == [1, 0]  # the quick bot declared; the steady one is slowest
    assert [r["ok"] for r in over["results"]] == [True, True]
    assert over["taker"] == 0


def test_a_bot_turn_racing_a_persons_move_does_not_stall_the_bot(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The lost-moves race of issue 23, made to happen every time: the bot's think time
    runs out while a person's move is being stored (the room's lock is held), so its
    action waits for the lock. The person's move gives the bot a new turn, decided on the
    position *before* the bot's waiting action; the bot then tried that same piece again
    ("your snow1 piece is already down"), was refused, and had no turn left: it never
    moved again in that round. Now the bot's own move drops a turn decided before it."""
    from rumizi.server.limits import Limits
    from rumizi.server.protocol import CreateRoom
    from rumizi.server.room.rooms import Rooms
    from rumizi.server.store import Store

    level = Level("quick", 0.3, 0.3, 0.0)
    monkeypatch.setattr(seating.bots, "make", lambda game, name: BuilderBot(level))

    async def scenario() -> dict[str, Any]:
        store = await Store.open(str(tmp_path / "race.db"))
        gate = asyncio.Event()
        plain_append = store.append

        async def append(match_id: str, idx: int, seat: int, action: Any, fence: Any = None) -> Any:
            if seat == 0:  # the person's move is stored slowly: the lock is held meanwhile
                await gate.wait()
            await plain_append(match_id, idx, seat, action, fence)

        store.append = append  # type: ignore[method-assign]
        rooms = Rooms(store, Limits())
        body = CreateRoom.model_validate(
            {"game": "tuki", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "medium"}],
             "options": {"deck": ["N01"], "dice": ["walrus/plain"], "round_seconds": None},
             "settings": {"bot_delay": 0}}
        )  # fmt: skip
        room, _ = await rooms.create(body)
        try:
            await room.set_ready(0, True)
            await room.start("host", None)
            assert room.live is not None
            waiting = room.bots._turns[1]  # the bot's first piece, thinking
            far = {"type": "place", "piece": "snow4", "axis": "x", "x": 0, "y": 11, "z": 0}
            person = asyncio.create_task(room.act(0, far, 0))
            for _ in range(500):  # until the bot's think time is over: it is acting
                if room.bots._turns.get(1) is not waiting:
                    break
                await asyncio.sleep(0.01)
            assert waiting.acting, "the bot's first action should be waiting for the lock"
            gate.set()
            await person
            for _ in range(3000):  # the bot builds on and declares; the round ends
                if room.live.match.view(None)["round"] > 1:
                    break
                await asyncio.sleep(0.01)
            return room.live.match.view(None)
        finally:
            room.close()
            await store.close()

    caplog.set_level("INFO", logger="rumizi.server")
    view = asyncio.run(scenario())
    refused = [r.getMessage() for r in caplog.records if "did not move" in r.getMessage()]
    assert view["round"] == 2, "the bot stopped building: the round never ended"
    assert refused == []
    assert view["last"]["done"][0] == 1  # the bot declared; the person was the slowest
