"""Issue 36, point 2 and the pause key: Ugha Bugha's clock stands still behind the help
and the leave question, and P stops clocks and bots until a key. Time is a fake clock the
test moves; the table's own tick reads it."""

from __future__ import annotations

import asyncio

from tui_helpers import FakeClock, screen_text, table

from rumizi.cli.tui import TableApp
from rumizi.engine import SYSTEM


def timed_out(app: TableApp) -> bool:
    return any(e.seat == SYSTEM for e in app.match.log)


def test_the_clock_stands_still_behind_the_help_and_the_leave_question() -> None:
    clock = FakeClock()

    async def scenario() -> None:
        app = table("ugha-bugha", 3, "en", clock=clock)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("1")  # flip: now recite, on the clock
            await pilot.pause(0.3)
            assert app.query("#answer.shown")
            left = app.table.time_left()
            assert left is not None and left > 1
            for opened, closed in (("f1", "escape"), ("ctrl+c", "n"), ("ctrl+p", "x")):
                await pilot.press(opened)
                await pilot.pause(0.2)
                clock.now += 60  # read for a minute
                await pilot.pause(0.3)
                assert not timed_out(app), f"the chain was lost behind {opened}"
                await pilot.press(closed)
                await pilot.pause(0.3)
                assert not timed_out(app)
                assert app.table.time_left() == left, opened
            assert app.query("#answer.shown"), "the recitation is still asked for"
            clock.now += left + 1  # out of the help, the clock runs again
            await pilot.pause(0.3)
            assert timed_out(app)

    asyncio.run(scenario())


def test_p_pauses_the_bots_until_a_key() -> None:
    async def scenario() -> None:
        app = table("love-letter", 4, "en", bot_delay=0.6)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            while not any(e.seat == 0 for e in app.match.log):
                await pilot.press("1")  # a step of the person's move (bots wait 0.6 s)
            await pilot.press("p")
            await pilot.pause()
            moves = len(app.match.log)
            assert 0 not in app.match.to_act(), "a bot is to move"
            assert "Paused" in screen_text(app)
            await pilot.pause(1.5)  # more than two bots' delays
            assert len(app.match.log) == moves, "a bot moved while the game was paused"
            await pilot.press("x")
            for _ in range(60):
                if len(app.match.log) > moves:
                    break
                await pilot.pause(0.1)
            assert len(app.match.log) > moves, "the bots go on after the pause"

    asyncio.run(scenario())
