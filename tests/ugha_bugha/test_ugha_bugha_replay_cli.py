"""Issue 36, point 9: an Ugha Bugha replay names every card flipped and what was recited,
and numbers every move (none skipped where a "say" printed nothing)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from rumizi import games
from rumizi.bots import make
from rumizi.cli import app
from rumizi.engine import Match, make_rng
from rumizi.games.ugha_bugha import texts

runner = CliRunner()


def played(tmp_path: Path) -> tuple[Match, Path]:
    match = Match(games.load("ugha-bugha"), 3, seed=11)
    bots = [make("ugha-bugha", "random") for _ in range(3)]
    rng = make_rng(1)
    while len(match.log) < 60 and not match.over:
        acting = sorted(match.to_act())
        if not acting:
            match.timeout()
            continue
        seat = acting[0]
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal(seat), rng))
    log = [[e.seat, dict(e.action)] for e in match.log]
    file = tmp_path / "replay.json"
    file.write_text(json.dumps({"game": "ugha-bugha", "players": 3, "seed": 11, "log": log}))
    return match, file


def test_the_replay_tells_the_story_of_the_chain(tmp_path: Path) -> None:
    match, file = played(tmp_path)
    log = match.log
    shown = runner.invoke(app, ["replay", "x", "--file", str(file)], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    flips = [line for line in lines if "flipped a card" in line]
    catalogue = texts.CATALOGUE["en"]
    names = {catalogue[f"card.{e.data['card']}"] for e in match.events if e.kind == "flipped"}
    assert flips and all(any(n in f for n in names) for f in flips), flips
    says = sum(e.action["type"] == "say" for e in match.log)
    assert says, "a recitation was made"
    numbered = {int(m.group(1)) for line in lines if (m := re.match(r"(\d+) ", line))}
    assert numbered == set(range(1, len(log) + 1)), "a move without its line"


def test_analyse_says_in_persian_which_games_can_be_analysed(tmp_path: Path) -> None:
    _match, file = played(tmp_path)
    said = runner.invoke(app, ["analyse", "x", "--file", str(file), "--lang", "fa"])
    assert said.exit_code == 2
    for game in ("love-letter", "skip-bo"):
        assert games.describe(game).title["fa"] in said.output, said.output
    assert "--level" not in said.output and "level" not in said.output
