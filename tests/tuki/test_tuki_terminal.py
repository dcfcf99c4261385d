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
