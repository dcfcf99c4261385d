"""The server plays real-time bots at their own times: a bot's waiting turn survives the
other builders' moves in the same round, so two bots build at once, each at its pace."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from rumizi.engine import Action, Match
from rumizi.games import load
from rumizi.games.tuki.bots import BuilderBot, Level
from rumizi.server import seating

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
