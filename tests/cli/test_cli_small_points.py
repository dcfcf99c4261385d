"""Issue 36, point 10 (some of it): "did you mean" for a game id in capitals, ``--db``
checked before the game, ``--version``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from rumizi.cli import app

runner = CliRunner()


def test_a_game_id_in_capitals_gets_a_did_you_mean() -> None:
    said = runner.invoke(app, ["play", "LOVE-LETTER"])
    assert said.exit_code == 2 and "did you mean 'love-letter'?" in said.output, said.output


def test_a_bad_db_folder_is_refused_before_the_game(tmp_path: Path) -> None:
    db = tmp_path / "no-such-folder" / "games.db"
    said = runner.invoke(app, ["play", "love-letter", "--db", str(db)], input="1\n" * 50)
    assert said.exit_code == 2 and "no folder" in said.output, said.output
    assert "Your turn" not in said.output, "no game is played first"
    assert not db.parent.exists(), "a typo'd folder is not made"


def test_version() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from rumizi.cli import main; main()", "--version"],
        capture_output=True,
        text=True,
    )
    assert done.stdout.startswith("rumizi "), done


def test_your_turn_is_not_said_to_you_by_name() -> None:
    from rumizi.cli.i18n import say

    assert say("en", "your_turn", name="You") == "Your turn."
    assert say("fa", "your_turn", name="شما") == "نوبت شماست."
    assert say("en", "your_turn", name="Sara") == "Your turn, Sara."


def test_play_help_fits_80_columns() -> None:
    said = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert said.exit_code == 0
    long = [line for line in said.output.splitlines() if len(line) > 80]
    assert not long, long
    assert "--length quick" in said.output
