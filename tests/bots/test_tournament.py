"""Tournaments and simulate: seats rotated equally, shared wins split, intervals, ratings."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rumizi.bots import tournament as t
from rumizi.cli import app

runner = CliRunner()
ONE_TOKEN = {"tokens_to_win": 1}


def test_every_level_plays_every_seat_equally_on_the_same_deals() -> None:
    jobs = t.schedule(["random", "heuristic", "search"], 2, games_per_table=5)
    assert len(jobs) == 3 * 6  # 5 rounded up to 3 deals x 2 rotations, 3 pairs
    for table in range(3):
        mine = [j for j in jobs if j.table == table]
        seats = Counter((j.levels[s], s) for j in mine for s in range(2))
        assert len(set(seats.values())) == 1 and len(seats) == 4
        for deal in {j.deal for j in mine}:
            same = [j for j in mine if j.deal == deal]
            assert len({j.seed for j in same}) == 1
            assert {j.levels for j in same} == {same[0].levels, same[0].levels[::-1]}
    four = t.schedule(["a", "b", "c", "d", "e"], 4, games_per_table=4)
    assert len({j.table for j in four}) == 5 and len(four) == 20
    with pytest.raises(ValueError, match="needs 4 levels"):
        t.schedule(["a", "b"], 4, 4)


def record(index: int, levels: tuple[str, ...], winners: tuple[int, ...]) -> t.Record:
    ranks = tuple(1 if s in winners else 2 for s in range(len(levels)))
    return t.Record(index, 0, index, index, levels, winners, ranks, (0.0,) * len(levels), 1)


def test_shared_wins_are_split_and_shares_come_with_wilson_intervals() -> None:
    records = [
        record(0, ("a", "b"), (0,)),
        record(1, ("b", "a"), (0, 1)),
        record(2, ("a", "b"), ()),
        record(3, ("b", "a"), (1,)),
    ]
    (table,) = t.tables(records)
    a, b = table.shares
    assert (a.level, a.games, a.wins, a.shared) == ("a", 4, 2.5, 1)
    assert (b.level, b.wins, b.shared) == ("b", 0.5, 1)
    assert table.nobody == 1
    low, high = t.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert t.wilson(0, 10)[0] == 0.0 and t.wilson(10, 10)[1] == pytest.approx(1.0)
    assert t.wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)


def test_a_process_pool_plays_the_same_games_as_one_process() -> None:
    jobs = t.schedule(["random", "heuristic"], 2, games_per_table=6, seed=40)
    alone = t.run("love-letter", jobs, ONE_TOKEN, workers=1)
    pooled = t.run("love-letter", jobs, ONE_TOKEN, workers=2)
    assert alone == pooled
    assert [r.index for r in pooled] == list(range(len(jobs)))


def test_ratings_put_the_stronger_bot_first() -> None:
    pytest.importorskip("openskill")
    jobs = t.schedule(["random", "heuristic"], 2, games_per_table=40, seed=100)
    rated = t.ratings(t.run("love-letter", jobs, ONE_TOKEN, workers=1))
    assert rated is not None
    assert [r.level for r in rated] == ["heuristic", "random"]
    assert all(r.sigma > 0 for r in rated)


def test_rumizi_tournament_prints_shares_and_ratings_and_writes_files(tmp_path: Path) -> None:
    pytest.importorskip("openskill")
    pytest.importorskip("matplotlib")
    result = runner.invoke(
        app,
        [
            *("tournament", "love-letter", "--bots", "random,heuristic", "--games", "8"),
            *("-j", "1", "--out", str(tmp_path), "--options", json.dumps(ONE_TOKEN)),
        ],
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"heuristic +│ 8 +│ [\d.]+% +│ [\d.]+%–[\d.]+%", result.output)
    assert "Ratings" in result.output
    data = json.loads((tmp_path / "summary.json").read_text())
    assert data["games"] == 8 and data["tables"][0]["levels"] == ["random", "heuristic"]
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 9
    assert (tmp_path / "ratings.png").read_bytes()[:4] == b"\x89PNG"


def test_rumizi_tournament_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    cases = [
        (["--bots", "random,genius"], "choose from"),
        (["--bots", "random"], "needs 2 levels"),
        (["--bots", "random,heuristic", "--backend", "spark"], "choose local or ray"),
    ]
    if not t.ray_available():
        cases.append((["--bots", "random,heuristic", "--backend", "ray"], "ray is not installed"))
    for args, message in cases:
        result = runner.invoke(app, ["tournament", "love-letter", *args, "--out", str(tmp_path)])
        assert result.exit_code != 0, args
        assert message in " ".join(result.output.split()), (args, result.output)


def test_simulate_rotates_seats_by_default_and_explains_shared_wins() -> None:
    args = [
        "simulate",
        "love-letter",
        "-n",
        "40",
        "-p",
        "2",
        "--bot",
        "heuristic",
        "--bot",
        "random",
    ]
    result = runner.invoke(app, args, env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "Player" in result.output and "Seats rotate" in result.output
    assert "counts 1/k for each" in " ".join(result.output.split())
    rows = re.findall(r"│ (\d) +│ (\w+) +│ ([\d.]+)% +│ ([\d.]+)%–([\d.]+)% ", result.output)
    assert [r[1] for r in rows] == ["heuristic", "random"]
    share, low, high = (float(x) for x in rows[0][2:])
    assert low <= share <= high and share > 50
    fixed = runner.invoke(app, [*args, "--fixed-seats"], env={"COLUMNS": "160"})
    assert fixed.exit_code == 0 and "Seat" in fixed.output and "Seats rotate" not in fixed.output
