"""Issue 36: ``rumizi games`` lists the kept games (game, date, seats, result, id), and
``rumizi resume`` plays on a game left half-way exactly where it was left."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from typer.testing import CliRunner

from rumizi.cli import app
from rumizi.server.store.archive import read_game

runner = CliRunner()


def kept_id(output: str) -> str:
    found = re.findall(r"Kept as ([0-9a-f]{16})", output)
    assert found, output
    return found[-1]


def test_a_game_left_half_way_is_listed_and_resumed_where_it_was_left(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    play = ["play", "love-letter", "--players", "3", "--seed", "7", "--db", db, "--name", "Sara"]
    left = runner.invoke(app, play, input="1\n" * 3 + "q\n")
    first = kept_id(left.output)
    before = asyncio.run(read_game(db, first))
    assert before is not None and before.log

    listed = runner.invoke(app, ["games", "--db", db], env={"COLUMNS": "120"})
    assert listed.exit_code == 0, listed.output
    row = next(line for line in listed.output.splitlines() if first in line)
    assert "Love Letter" in row and "Sara, Bot 1, Bot 2" in row, row
    assert f"left after {len(before.log)} moves" in row, row
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", row), row

    resumed = runner.invoke(app, ["resume", first, "--db", db], input="1\n" * 3 + "q\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"Resumed where it was left, after {len(before.log)} moves." in resumed.output
    after = asyncio.run(read_game(db, kept_id(resumed.output)))
    assert after is not None and after.seed == before.seed and after.options == before.options
    assert after.log[: len(before.log)] == before.log, "played on from where it was left"
    assert len(after.log) > len(before.log)
    assert [s.name for s in after.seats] == ["Sara", "bot heuristic", "bot heuristic"]

    finished = runner.invoke(app, ["resume", "last", "--db", db], input="1\n" * 400)
    assert "game over" in finished.output, finished.output
    again = runner.invoke(app, ["resume", kept_id(finished.output), "--db", db])
    assert again.exit_code == 2 and "played to its end" in again.output


def test_no_games_yet(tmp_path: Path) -> None:
    listed = runner.invoke(app, ["games", "--db", str(tmp_path / "none.db")])
    assert listed.exit_code == 2 and "no database file" in listed.output
