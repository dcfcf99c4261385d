"""The smaller points of issue 25: ``--lang FA``, Persian lists with «،», the Persian prompt
of line mode, the countdown at 80 columns, a summary after leaving the full screen,
``tournament``'s install hint and ``simulate``'s all-zero shares explained."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from tui_helpers import FakeClock
from typer.testing import CliRunner

from rumizi.bots import tournament
from rumizi.cli import app, launch
from rumizi.cli.bidi import BidiConsole, visual
from rumizi.cli.countdown import Countdown
from rumizi.engine import Outcome

runner = CliRunner()


def test_the_language_is_taken_in_capitals_too() -> None:
    result = runner.invoke(app, ["play", "love-letter", "--lang", "FA"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "خدانگهدار" in result.output
    wrong = runner.invoke(app, ["play", "love-letter", "--lang", "de"], input="q\n")
    assert wrong.exit_code != 0 and "choose fa or en" in wrong.output


def test_a_persian_summary_lists_with_the_persian_comma() -> None:
    class Game:
        id, title = "skip-bo", {"fa": "اسکیپ‌بو", "en": "Skip-Bo"}

    class Over:
        game, players, log = Game(), 3, []

        def outcome(self) -> Outcome:
            return Outcome(scores=[5, 5, 0], ranks=[1, 1, 3], winners=[0, 1])

    said = launch.summary(Over(), ["شما", "ربات ۱", "ربات ۲"], "fa")  # type: ignore[arg-type]
    assert "شما، ربات ۱ برد" in said and "ربات ۲ ۰" in said and ", " not in said


def test_the_persian_prompt_of_line_mode_reads_right_to_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    prompt = "یکی از ۱ تا ۵ را انتخاب کنید (q برای خروج): "
    out = io.StringIO()
    console = BidiConsole(file=out, width=80, bidi="on", color_system=None)
    monkeypatch.setattr("sys.stdin", io.StringIO("۲\n"))
    assert console.input(prompt) == "۲"
    assert out.getvalue() == visual(prompt)  # once, in display order, on the answer's line


class QuietKeys:
    """No key is pressed; time passes."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock

    def session(self) -> Any:
        import contextlib

        return contextlib.nullcontext()

    def wait(self, seconds: float) -> bool:
        self.clock.now += seconds
        return False

    def read(self) -> str:
        raise AssertionError("no key was pressed")


def test_the_countdown_at_80_columns_redraws_one_line_in_place() -> None:
    prompt = "Recite the chain (3 card(s), 0 said): numbers bottom to top, then the call: "
    out = io.StringIO()
    clock = FakeClock()
    console = Console(file=out, width=80, color_system=None, force_terminal=True)
    ask = Countdown(console, clock, "en", QuietKeys(clock), tick=0.1)
    assert ask(prompt, 2.0) is None
    printed, *redraws = out.getvalue().split("\r\x1b[2K")
    assert printed.strip() == prompt.strip()  # the long prompt once, above the clock
    assert len(redraws) > 10
    for line in redraws:
        assert "\n" not in line and cell_len(line) < 80, repr(line)


def test_leaving_the_full_screen_prints_a_one_line_summary(
    monkeypatch: pytest.MonkeyPatch, games_file_of_its_own: Path
) -> None:
    from rumizi.cli import tui

    def play_two_moves_and_leave(match: Any, bots: Any, lang: str, seed: int, bidi: str) -> None:
        table = tui.TableApp(match, bots, lang, seed, bidi=bidi, bot_delay=0)

        async def scenario() -> None:
            async with table.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.press("1")
                await pilot.pause()
                await pilot.press("q", "y")
                await pilot.pause()

        asyncio.run(scenario())
        assert table.left

    monkeypatch.setattr(tui, "run_full_screen", play_two_moves_and_leave)
    out = io.StringIO()
    console = BidiConsole(file=out, width=100)
    launch.play("skip-bo", 2, 1, 5, "en", "heuristic", {}, console, input, full_screen=True)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Skip-Bo: you left after ") and lines[0].endswith("nobody won.")
    assert lines[1].startswith("Kept as ") and games_file_of_its_own.exists(), lines


def test_the_tournament_install_hint_keeps_its_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(tournament, "ratings", lambda records: None)
    monkeypatch.setattr(tournament, "plot", lambda *args: False)
    args = ["tournament", "love-letter", "--bots", "random,heuristic", "-n", "2", "-j", "1"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert result.output.count("pip install 'rumizi[tournament]'") == 2


def test_simulate_says_why_every_share_is_zero() -> None:
    result = runner.invoke(app, ["simulate", "skip-bo", "-n", "3", "-p", "2"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "None of these 3 games had a winner" in said and "--bot heuristic" in said
    won = runner.invoke(app, ["simulate", "love-letter", "-n", "3", "-p", "2"])
    assert "had a winner" not in won.output


def test_play_takes_a_game_length_and_plays_the_solo_one_by_default() -> None:
    default = runner.invoke(app, ["play", "skip-bo", "--players", "2"], input="q\n")
    assert default.exit_code == 0, default.output
    assert "1 round(s)" in default.output and "stock piles of 15 cards" in default.output
    long = runner.invoke(app, ["play", "skip-bo", "-p", "2", "--length", "LONG"], input="q\n")
    assert "first to 500 points" in long.output and "stock piles of 30 cards" in long.output
    wrong = runner.invoke(app, ["play", "skip-bo", "--length", "huge"], input="q\n")
    assert wrong.exit_code != 0 and "choose quick, standard, long" in wrong.output
    fixed = runner.invoke(app, ["play", "ayozhit", "--length", "quick"], input="q\n")
    assert fixed.exit_code != 0 and "length is fixed by its rules" in fixed.output
