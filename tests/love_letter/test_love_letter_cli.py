"""Terminal play and simulation of Love Letter through the real ``rumizi`` command."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from rumizi.cli import app

runner = CliRunner()


def test_play_shows_only_the_players_own_hand_and_re_asks_bad_input() -> None:
    answers = "hello\n0\n99\n" + "1\n" * 200
    result = runner.invoke(
        app,
        [
            "play",
            "love-letter",
            "--players",
            "3",
            "--bots",
            "2",
            "--seed",
            "3",
            "--options",
            '{"tokens_to_win": 1}',
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Please type a number from 1 to") == 3
    assert "Your hand" in out and "Your turn." in out
    assert "Game over." in out and "Winner(s):" in out


def test_the_terminal_tells_a_person_no_card_their_seat_may_not_see() -> None:
    """Between two prompts, every card named on screen is in the seat's view or its events."""
    from rich.console import Console

    from rumizi.bots import make
    from rumizi.cli.play import TerminalTable
    from rumizi.engine import Match
    from rumizi.games import load
    from rumizi.games.love_letter.cards import IDS
    from rumizi.games.love_letter.texts import card_name

    names = [card_name(c) for c in IDS[1:]]
    for seed in range(15):
        console = Console(record=True, width=200)
        match = Match(load("love-letter"), 4, seed=seed)
        seen_events = 0

        def ask(prompt: str, match: Match = match, console: Console = console) -> str:
            nonlocal seen_events
            # what happened, and the table rows of players (not the menu or card texts)
            screen = "\n".join(
                line
                for line in console.export_text(clear=True).splitlines()
                if line.startswith(("• ", "│ You", "│ Bot"))
            )
            allowed = str(match.view(0)) + str(
                [e.to_json() for e in match.events[:seen_events] if e.visible_to(0)]
            )
            allowed += str([e.to_json() for e in match.events[seen_events:] if e.visible_to(0)])
            seen_events = len(match.events)
            for card in names:
                if card in screen:
                    assert card.lower() in allowed, (card, screen)
            return "1"

        table = TerminalTable(
            match, 1, [make("love-letter", "heuristic") for _ in range(3)], "en", console, ask
        )
        table.run()
        assert match.over


def test_play_in_persian_uses_persian_words_and_digits() -> None:
    result = runner.invoke(
        app,
        ["play", "love-letter", "--players", "2", "--bots", "1", "--seed", "1", "--lang", "fa"],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    assert "دست شما" in result.output and "از بازی بیرون آمدید" in result.output
    assert re.search("[۰-۹]", result.output)


def test_play_quits_cleanly_at_end_of_input() -> None:
    result = runner.invoke(app, ["play", "love-letter", "--seed", "1"], input="")
    assert result.exit_code == 0 and "Game left" in result.output


def test_play_refuses_bad_parameters_clearly() -> None:
    cases = [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "love-letter", "--players", "5"], "2–4 players"),
        (["play", "love-letter", "--bots", "4"], "between 0 and 3"),
        (["play", "love-letter", "--lang", "de"], "choose fa or en"),
        (["play", "love-letter", "--bot", "genius"], "choose from random, heuristic"),
        (["play", "love-letter", "--options", "{bad"], "not valid JSON"),
        (["play", "love-letter", "--options", '{"tokens_to_win": -1}'], "positive"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args, input="q\n")
        assert result.exit_code != 0, args
        assert message in " ".join(result.output.split()), (args, result.output)


def test_simulate_prints_speed_and_win_share_per_seat() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "love-letter",
            "-n",
            "200",
            "--bot",
            "heuristic",
            "--bot",
            "random",
            "--bot",
            "random",
            "--bot",
            "random",
        ],
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"200 games in [\d.]+ s: [\d,]+ games/s", result.output)
    rows = re.findall(r"│ (\d) +│ (\w+) +│ ([\d.]+)% ", result.output)
    assert [r[:2] for r in rows] == [
        ("0", "heuristic"),
        ("1", "random"),
        ("2", "random"),
        ("3", "random"),
    ]
    shares = [float(r[2]) for r in rows]
    assert shares[0] > max(shares[1:])


def test_simulate_wants_one_level_or_one_per_seat() -> None:
    result = runner.invoke(app, ["simulate", "love-letter", "--bot", "random", "--bot", "random"])
    assert result.exit_code != 0 and "one per seat" in result.output
