"""Tuki is played in the browser: ``rumizi play tuki`` says so in one line."""

from __future__ import annotations

from typer.testing import CliRunner

from rumizi.cli import app


def test_play_tuki_says_it_is_played_in_the_browser_and_how_to_start_the_server() -> None:
    result = CliRunner().invoke(app, ["play", "tuki", "--players", "2", "--bots", "1"])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "Tuki is played in the browser" in lines[0]
    assert "rumizi serve" in lines[0]


def test_simulate_tuki_races_bot_levels_on_the_simulated_clock() -> None:
    args = ["simulate", "tuki", "-n", "2", "-p", "2", "--bot", "easy", "--bot", "hard"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = {line.split()[3]: line for line in result.output.splitlines() if "│" in line[:3]}
    assert "100.0%" in rows["hard"] and "0.0%" in rows["easy"]
