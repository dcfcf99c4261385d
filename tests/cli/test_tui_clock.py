"""Ugha Bugha's clock full screen (issue 25): a missed clock leaves the keys working, and
the first turn's clock starts only once the table is on the screen. Time is a fake clock
the test moves; the table's own tick (every 0.1 s) reads it."""

from __future__ import annotations

import asyncio
from typing import Any

from tui_helpers import FakeClock, screen_text, table

from rumizi.cli.tui import TableApp
from rumizi.cli.tui.widgets import TableLog
from rumizi.engine import SYSTEM


def flips_by_the_person(app: TableApp) -> int:
    return sum(1 for e in app.match.log if e.seat == 0 and e.action["type"] == "flip")


def test_after_a_missed_clock_the_next_flip_is_answered_with_a_digit() -> None:
    clock = FakeClock()

    async def scenario() -> None:
        app = table("ugha-bugha", 3, "en", clock=clock)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("1")  # flip: now recite, in the answer box
            await pilot.pause()
            assert app.query("#answer.shown"), "the recitation is asked for"
            assert flips_by_the_person(app) == 1
            clock.now += 60  # the person says nothing until the time is up
            await pilot.pause(0.3)
            assert any(e.seat == SYSTEM for e in app.match.log), "the clock ran out"
            logged = [text.plain for text in app.query_one("#log", TableLog).said]
            assert "Time is up!" in logged
            # the chain is lost: the loser starts the next chain, with a flip
            for _ in range(20):
                if 0 in app.match.to_act() and app.choice_actions:
                    break
                await pilot.pause(0.05)
            assert app.match.state.phase == "flip" and 0 in app.match.to_act()
            assert not app.query("#answer.shown"), "the missed question's box is gone"
            await pilot.press("1")
            await pilot.pause()
            assert flips_by_the_person(app) == 2, "the digit flipped a card"

    asyncio.run(scenario())


class SlowTerminal(TableApp):
    """A terminal slow to show the first screen: nothing is drawn until ``shown()``."""

    def on_mount(self) -> None:
        self.held = self.batch_update()
        self.held.__enter__()

    def shown(self) -> None:
        self.held.__exit__(None, None, None)


def test_the_first_turns_clock_starts_once_the_table_is_drawn() -> None:
    clock = FakeClock()

    async def scenario() -> None:
        app: Any = table("ugha-bugha", 3, "en", clock=clock)
        app.__class__ = SlowTerminal
        deadline = app.match.deadline()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.3)  # the table ticks while the terminal shows nothing yet
            assert not app.match.log
            clock.now += 20  # longer than the whole turn
            app.shown()
            await pilot.pause(0.3)
            assert not app.match.log, "the turn was lost before it was on the screen"
            shown = screen_text(app)
            assert f"{deadline:.1f} s left" in shown, shown
            assert "1. Flip your face-down card 1" in shown
            clock.now += deadline - 1  # from the first screen on, the clock runs
            await pilot.pause(0.3)
            assert "1.0 s left" in screen_text(app)
            await pilot.press("1")
            await pilot.pause()
            assert flips_by_the_person(app) == 1

    asyncio.run(scenario())
