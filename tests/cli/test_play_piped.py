"""Piped terminal play writes plain lines: no cursor or colour control codes."""

from __future__ import annotations

import subprocess
import sys

COMMAND = [sys.executable, "-c", "from rumizi.cli import main; main()"]


def test_timed_ugha_bugha_into_a_pipe_has_no_escape_codes() -> None:
    result = subprocess.run(
        [*COMMAND, "play", "ugha-bugha", "--players", "3", "--bots", "2", "--seed", "3"],
        input="1\n2\nq\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "s left" in result.stdout  # the clock is there, as plain text
    assert "\x1b" not in result.stdout
    assert "\r" not in result.stdout


def test_two_player_love_letter_needs_no_bots_option() -> None:
    result = subprocess.run(
        [*COMMAND, "play", "love-letter", "--players", "2", "--seed", "1"],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "--bots" not in result.stdout + result.stderr
    assert "Bot 1" in result.stdout


def test_the_persian_q_key_leaves_in_line_mode() -> None:
    result = subprocess.run(
        [*COMMAND, "play", "love-letter", "--players", "2", "--seed", "1", "--lang", "fa"],
        input="ض\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "خدانگهدار" in result.stdout


def test_people_at_one_keyboard_keep_their_names_capitalised() -> None:
    """Hot seat: when one person plays a card on another, the target is named as typed
    ("on Player 1"), never lower-cased ("on player 1") as the old reader-naming did."""
    result = subprocess.run(
        [*COMMAND, "play", "love-letter", "--players", "3", "--bots", "1", "--seed", "3"],
        input="1\n" * 400,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    told = [line for line in result.stdout.splitlines() if line.startswith("•")]
    assert any(" on Player 1." in line for line in told)
    assert any(" on Player 2." in line or "Player 2 played" in line for line in told)
    assert not any("player 1" in line or "player 2" in line for line in told)
