"""Post-game analysis and replays of a finished match, from one seat's knowledge only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from love_letter_helpers import GAME, match, stack
from rumizi import bots
from rumizi.bots import analysis
from rumizi.cli import app
from rumizi.engine import Match, make_rng
from rumizi.search import SearchBot

runner = CliRunner()
SURE = ("guard", "guard", "guard", "guard", "baron", "priest", "princess")
"""Seat 0 holds the Baron and draws the Princess: the Baron wins the round for sure."""


def finished(log_seed: int = 3, players: int = 2) -> list[list[Any]]:
    m = Match(GAME, players, 21, {"tokens_to_win": 2})
    rng = make_rng(log_seed)
    heuristic, rand = bots.make("love-letter", "heuristic"), bots.make("love-letter", "random")
    while not m.over:
        seat = next(iter(m.to_act()))
        bot = heuristic if seat == 0 else rand
        m.apply(seat, bot.choose(m.view(seat), m.legal(seat), rng))
    return [[e.seat, e.action] for e in m.log]


def test_the_analysis_of_a_seat_uses_only_what_that_seat_knew() -> None:
    log = finished()
    bot = bots.make("love-letter", "search")
    assert isinstance(bot, SearchBot)
    checked = differ = 0
    for index, state, played in analysis.positions(GAME, 2, 21, {"tokens_to_win": 2}, log, 0):
        twin = GAME.determinize(state, 0, make_rng(index))  # other hidden cards, same view
        assert GAME.view(twin, 0) == GAME.view(state, 0)
        differ += (twin.hands[1], twin.deck) != (state.hands[1], state.deck)
        same = [analysis.weigh(GAME, bot, 0, index, s, played, seed=5) for s in (state, twin)]
        assert same[0] == same[1]
        checked += 1
    assert checked >= 3 and differ >= 3


def test_a_discarded_princess_is_marked_as_the_costliest_move() -> None:
    m = match(2, *SURE, first=0, tokens_to_win=1)
    log = [[0, {"card": "princess"}]]
    (decision,) = analysis.analyse(
        GAME, 2, 7, {"deck": stack(*SURE), "first": 0, "tokens_to_win": 1}, log, 0
    )
    assert m.legal(0) and decision.played == {"card": "princess"}
    assert decision.played_value == 0.0
    assert decision.best == {"card": "baron", "target": 1} and decision.best_value == 1.0
    assert decision.cost == 1.0 and analysis.costliest([decision]) == [0]


def replay_file(tmp_path: Path) -> Path:
    log = finished()
    path = tmp_path / "replay.json"
    head = {"match": "m1", "game": "love-letter", "players": 2, "seed": 21, "finished": True}
    path.write_text(json.dumps({**head, "options": {"tokens_to_win": 2}, "log": log}))
    return path


def test_rumizi_analyse_prints_each_decision_and_marks_the_costliest(tmp_path: Path) -> None:
    path = replay_file(tmp_path)
    result = runner.invoke(app, ["analyse", "m1", "--seat", "1", "--file", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    decisions = data["decisions"]
    assert data["seat"] == 1 and decisions
    assert all(0 <= d["played_value"] <= d["best_value"] + 1e-9 <= 1 + 1e-9 for d in decisions)
    costly = [d for d in decisions if d["costly"]]
    assert costly and max(d["cost"] for d in costly) == max(d["cost"] for d in decisions)
    shown = runner.invoke(app, ["analyse", "m1", "--seat", "1", "--file", str(path)])
    assert shown.exit_code == 0 and "✗" in shown.output
    bad = runner.invoke(app, ["analyse", "m1", "--seat", "5", "--file", str(path)])
    assert bad.exit_code != 0 and "a seat from 0 to 1" in " ".join(bad.output.split())


def test_rumizi_replay_shows_a_seat_only_its_own_cards(tmp_path: Path) -> None:
    path = replay_file(tmp_path)
    mine = runner.invoke(app, ["replay", "m1", "--seat", "1", "--file", str(path)])
    everyone = runner.invoke(app, ["replay", "m1", "--file", str(path)])
    assert mine.exit_code == 0 and everyone.exit_code == 0, mine.output + everyone.output
    assert "You drew" in mine.output
    assert everyone.output.count("drew") > mine.output.count("You drew")
    missing = runner.invoke(app, ["replay", "m1", "--db", str(tmp_path / "none.db")])
    assert missing.exit_code != 0 and "no database file" in missing.output
