"""Issue 36, point 10: the final screen's Leave button is in view at 80×24, focused."""

from __future__ import annotations

import asyncio

from tui_helpers import screen_text

from rumizi import games
from rumizi.bots import make
from rumizi.cli.tui import TableApp
from rumizi.engine import Match, make_rng


def test_the_leave_button_of_the_final_screen_is_in_view() -> None:
    for game, players in (("love-letter", 4), ("skip-bo", 4)):
        match = Match(games.load(game), players, seed=2, options={})
        bots = [make(game, "random") for _ in range(players)]
        rng = make_rng(3)
        while not match.over:
            seat = min(match.to_act())
            match.apply(seat, bots[seat].choose(match.view(seat), match.legal(seat), rng))

        async def scenario(match: Match = match, players: int = players, game: str = game) -> None:
            app = TableApp(match, [make(game, "random")] * (players - 1), "en", 1, bot_delay=0)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause(0.3)
                shown = screen_text(app)
                assert "Leave the table" in shown, shown
                assert app.focused is not None and app.focused.id == "leave"

        asyncio.run(scenario())
