"""Skip-Bo in the terminal and in ``rumizi simulate``, through the real ``rumizi`` command."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console
from skip_bo_helpers import END_TURN, GAME, run_out, to_third_turn
from typer.testing import CliRunner

from rumizi.cli import app
from rumizi.cli.render import skip_bo as render
from rumizi.engine import Match, make_rng
from rumizi.games.skip_bo.heuristic import GreedyBot

runner = CliRunner()


def test_play_against_two_bots_to_the_end_of_a_short_game() -> None:
    result = runner.invoke(
        app,
        [
            *("play", "skip-bo", "--players", "3", "--bots", "2", "--seed", "4"),
            *("--options", '{"stock_size": 3, "rounds": 1}'),
        ],
        input="x\n0\n" + "1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Please type a number from 1 to") == 2
    for words in ("Building 1", "D1", "Stock", "Your hand", "Your turn.", "Game over."):
        assert words in out
    assert re.search(r"Discard \S+ on your discard pile 1 and end your turn", out)


def test_play_in_persian_with_partners() -> None:
    result = runner.invoke(
        app,
        [
            *("play", "skip-bo", "--players", "4", "--bots", "3", "--seed", "2", "--lang", "fa"),
            *("--options", '{"stock_size": 2, "rounds": 1, "teams": true}'),
        ],
        input="۱\n" * 400,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    for words in ("ستون ۱", "کنار ۱", "انبار", "دست شما", "یار شما", "بازی تمام شد"):
        assert words in out
    assert not re.search(r"[0-9]", "".join(line for line in out.splitlines() if "•" in line))


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_board_action_and_event_of_whole_games_has_words(lang: str) -> None:
    """Greedy games with partners, seen from seat 0: nothing fails to render or stays mute
    but the events a seat is not meant to read about."""
    console = Console(record=True, width=120)
    kinds: set[str] = set()
    for seed in range(3):
        match = Match(GAME, 4, seed=seed, options={"stock_size": 4, "teams": True, "rounds": 2})
        rng = make_rng(seed)
        bot = GreedyBot()
        names = ["A", "B", "C", "D"]
        while not match.over:
            seat = next(iter(match.to_act()))
            view = match.view(seat)
            console.print(render.board(view, names, lang))
            legal = match.legal(seat)
            texts = [render.action_text(a, view, names, lang) for a in legal]
            assert all(texts) and len(set(texts)) == len(texts), texts
            first = len(match.events)
            match.apply(seat, bot.choose(view, legal, rng))
            for event in match.events[first:]:
                if event.visible_to(0):
                    text = render.event_text(event.to_json(), match.view(0), names, lang)
                    assert text, event
                    kinds.add(event.kind)
    assert {"played", "pile_completed", "discarded", "turn", "drew", "round_over"} <= kinds
    assert "game_over" in kinds
    assert ("Building 1" if lang == "en" else "ستون ۱") in console.export_text()


@pytest.mark.parametrize(
    ("lang", "action", "passed", "ended", "you_ended"),
    [
        (
            "en",
            "End your turn (your hand is empty and there is nothing to draw)",
            "A has no cards, nothing to draw and nothing to play: the turn ends.",
            "A ended the turn without a discard (no cards left).",
            "You ended your turn without a discard.",
        ),
        (
            "fa",
            "نوبتتان را تمام کنید (کارتی در دست ندارید و بانک خالی است)",
            "A کارتی ندارد، بانک خالی است و کارتی هم نمی‌تواند بازی کند: نوبتش تمام شد.",
            "A کارتی در دست نداشت و نوبتش را بدون کنار گذاشتن کارت تمام کرد.",
            "نوبتتان را بدون کنار گذاشتن کارت تمام کردید.",
        ),
    ],
)
def test_an_empty_hand_ending_its_turn_is_told_in_words(
    lang: str, action: str, passed: str, ended: str, you_ended: str
) -> None:
    names = ["A", "B", "C", "D", "E", "F"]
    m = run_out([[7], [12], [12], [12], [12], [12]])
    passing = m.events[-2]  # seat 0's hand ran out and nothing fitted
    assert render.event_text(passing.to_json(), m.view(1), names, lang) == passed
    to_third_turn(m)
    view = m.view(0)
    texts = [render.action_text(a, view, names, lang) for a in m.legal(0)]
    assert texts[-1] == action and len(texts) == 2
    ending = m.apply(0, END_TURN)[0].to_json()
    assert render.event_text(ending, m.view(1), names, lang) == ended
    assert render.event_text(ending, m.view(0), names, lang) == you_ended


def test_the_board_shows_what_the_seat_may_see_and_no_other_hand() -> None:
    match = Match(GAME, 3, seed=5)
    view = match.view(1)
    console = Console(record=True, width=120)
    console.print(render.board(view, ["A", "B", "C"], "en"))
    text = console.export_text()
    assert "Your hand" not in text  # seat 1 holds no card before its first turn
    view0: dict[str, Any] = match.view(0)
    console.print(render.board(view0, ["A", "B", "C"], "en"))
    text = console.export_text()
    assert "Your hand" in text
    for card in view0["hand"]:
        assert render.card(card, "en") in text


def test_simulate_skip_bo() -> None:
    result = runner.invoke(
        app,
        [
            *("simulate", "skip-bo", "-n", "4", "--players", "2", "--bot", "heuristic"),
            *("--bot", "greedy", "--options", '{"rounds": 1, "stock_size": 10}'),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "4 games in" in result.output and "heuristic" in result.output
    result = runner.invoke(app, ["simulate", "skip-bo", "-n", "2", "--players", "6"])
    assert result.exit_code == 0, result.output  # random bots: games end by stalls
