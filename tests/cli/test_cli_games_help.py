"""``rumizi play --help`` and ``simulate --help`` list the games as they describe themselves
(``play`` only those with a terminal table, each with its lengths)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from rumizi import games
from rumizi.cli import app
from rumizi.cli.games_help import playable_in_terminal


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_help_lists_every_game_with_its_options_and_bot_levels(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    text = result.output
    assert games.described()
    for d in games.described():
        game_id = d.id
        listed = f"{game_id}: {d.title['en']}" in text
        if command == "play" and not playable_in_terminal(game_id):
            assert not listed, f"{game_id} is played in the browser, not in the terminal"
            continue
        assert listed
        levels = ", ".join(b.id for b in d.bot_levels)
        assert f"--bot {levels} (default {d.solo_level})" in text
        for spec in d.options:
            assert f"  {spec.name} (" in text
            assert spec.help["en"][:40] in text
        if command == "play" and d.presets:
            assert f"{d.solo_preset} (default): {d.length['en']}" in text


def test_play_help_leaves_out_tuki() -> None:
    """Tuki is a 3D table, played in the browser: ``play --help`` does not offer it."""
    text = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "300"}).output
    assert "tuki: Tuki" not in text and "love-letter: Love Letter" in text
    simulate = CliRunner().invoke(app, ["simulate", "--help"], env={"COLUMNS": "300"}).output
    assert "tuki: Tuki" in simulate


def test_bounds_and_choices_are_shown() -> None:
    text = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "300"}).output
    assert "target (1–10000, default 500)" in text
    assert 'clock ("normal" | "relaxed" | "none", default normal)' in text
    assert "challenge_seconds (0.5–60 s | null)" in text
