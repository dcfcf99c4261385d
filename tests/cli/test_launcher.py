"""Issue 36: ``rumizi`` alone opens the launcher (game, seats, bots' level, length,
language; play, learn, kept games); a game starts from it and the launcher comes back at
its end (play again), its choices kept."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select
from tui_helpers import screen_text as table_text
from typer.testing import CliRunner

from rumizi import games
from rumizi.cli import app as cli
from rumizi.cli import tui
from rumizi.cli.tui.launcher import Chosen, Launcher, run_launcher


def screen_text(app: Any) -> str:
    return table_text(app)


def test_the_launcher_answers_what_was_chosen() -> None:
    async def scenario() -> Chosen | None:
        app = Launcher("en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = screen_text(app)
            for word in ("Game", "Seats", "Bots' level", "Length", "Language", "Play", "Learn"):
                assert word in shown, shown
            app.query_one("#game", Select).value = "skip-bo"
            await pilot.pause()
            assert app.query_one("#seats", Select).value == 2  # Skip-Bo's own
            app.query_one("#seats", Select).value = 3
            await pilot.pause()
            await pilot.press("enter")  # Play has the focus
            await pilot.pause()
        return app.return_value

    chosen = asyncio.run(scenario())
    assert chosen is not None and chosen.what == "play"
    assert (chosen.game, chosen.players, chosen.lang) == ("skip-bo", 3, "en")
    assert chosen.length == "standard" or chosen.length is not None


def test_a_game_starts_from_the_launcher_and_it_comes_back_to_play_again(
    monkeypatch: pytest.MonkeyPatch, games_file_of_its_own: Path
) -> None:
    seen: list[str] = []
    played: list[Any] = []

    def play_a_move_and_leave(match: Any, bots: Any, lang: str, seed: int, bidi: str) -> None:
        table = tui.TableApp(match, bots, lang, seed, bidi=bidi, bot_delay=0)

        async def scenario() -> None:
            async with table.run_test(size=(80, 24)) as pilot:
                for _ in range(200):  # until the person has made a move
                    await pilot.pause(0.02)
                    if any(e.seat == 0 for e in match.log):
                        break
                    if table.choice_actions:
                        await pilot.press("1")
                await pilot.pause()
                await pilot.press("q", "y")
                await pilot.pause()

        asyncio.run(scenario())
        played.append(match)

    def runner(app: Launcher) -> Chosen | None:
        async def scenario() -> None:
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                seen.append(screen_text(app))
                await pilot.press("enter" if not played else "q")
                await pilot.pause()

        asyncio.run(scenario())
        return app.return_value

    monkeypatch.setattr(tui, "run_full_screen", play_a_move_and_leave)
    run_launcher("en", "none", runner=runner)
    assert len(played) == 1 and played[0].game.id == "love-letter"
    assert played[0].players == games.describe("love-letter").solo_seats  # the game's own
    assert "choose a game" in seen[0] and "Play again?" in seen[1]
    assert games_file_of_its_own.exists(), "the game was kept"


def test_rumizi_alone_without_a_terminal_prints_the_help() -> None:
    result = CliRunner().invoke(cli, [])
    assert result.exit_code == 0 and "Usage: rumizi" in result.output


def test_the_persian_launcher_reads_right_to_left() -> None:
    from rumizi.cli.bidi import visual
    from rumizi.cli.i18n import say

    async def scenario() -> None:
        app = Launcher("fa", bidi="on")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = screen_text(app)
            for key in ("launch_title", "launch_game", "launch_lang"):
                assert visual(say("fa", key)) in shown, (key, shown)
            assert visual(games.describe("love-letter").title["fa"]) in shown

    asyncio.run(scenario())
