"""Games played with ``rumizi play`` are kept (issue 25), in the store ``rumizi serve``
uses, and ``rumizi replay`` / ``rumizi analyse`` show them again by id, in Persian: every
seat by its name, actions and events in the catalogue's words, private events saying
whose they were."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from rumizi.cli import app

runner = CliRunner()
PLAY = ["play", "love-letter", "--players", "3", "--seed", "4", "--length", "quick"]


def kept_id(output: str) -> str:
    found = re.search(r"rumizi replay ([0-9a-f]{16})", output)
    assert found, output
    return found.group(1)


def test_a_game_played_in_the_terminal_is_replayed_and_analysed_in_persian(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "games.db")
    played = runner.invoke(
        app, [*PLAY, "--lang", "fa", "--name", "سارا", "--db", db], input="1\n" * 300
    )
    assert played.exit_code == 0, played.output
    assert "بازی تمام شد" in played.output and "نگه داشته شد" in played.output
    match_id = kept_id(played.output)

    shown = runner.invoke(app, ["replay", match_id, "--db", db, "--lang", "fa"])
    assert shown.exit_code == 0, shown.output
    text = shown.output
    assert "سارا، ربات ۱، ربات ۲" in text  # every seat by its name
    assert "[به سارا] کارت شما:" in text and "[به ربات ۱] کارت شما:" in text
    assert "برندهٔ بازی: ربات" in text and "Bot" not in text and "You" not in text
    mine = runner.invoke(app, ["replay", match_id, "--db", db, "--lang", "fa", "--seat", "0"])
    assert mine.exit_code == 0 and "[به" not in mine.output  # one seat: only what it saw
    assert "آن‌گونه که سارا دید" in mine.output

    judged = runner.invoke(app, ["analyse", match_id, "--db", db, "--lang", "fa"])
    assert judged.exit_code == 0, judged.output
    text = judged.output
    assert f"بازی {match_id}: تصمیم‌های سارا" in text
    assert "را روی" in text and "بازی کن" in text  # actions in the catalogue's words
    assert "target=" not in text and "guess=" not in text
    assert "٪" in text and not re.search(r"[0-9]%", text)


def test_your_last_game_is_found_without_saying_where(games_file_of_its_own: Path) -> None:
    played = runner.invoke(app, [*PLAY, "--name", "Sara"], input="1\nq\n")
    assert played.exit_code == 0, played.output
    assert "you left after" in played.output
    assert games_file_of_its_own.exists()  # the games file, not the current folder
    match_id = kept_id(played.output)
    for wanted in (match_id, "last"):
        shown = runner.invoke(app, ["replay", wanted])
        assert shown.exit_code == 0, shown.output
        assert f"Love Letter · {match_id} · Sara, Bot 1, Bot 2" in shown.output
        assert "[to Sara] You were dealt" in shown.output


def test_a_game_left_before_any_move_is_not_kept(games_file_of_its_own: Path) -> None:
    left = runner.invoke(app, PLAY, input="q\n")
    assert left.exit_code == 0, left.output
    assert "Nothing was played: the game is not kept." in left.output
    assert not games_file_of_its_own.exists()
    missing = runner.invoke(app, ["replay", "last"])
    assert missing.exit_code != 0 and "no games kept yet" in " ".join(missing.output.split())
