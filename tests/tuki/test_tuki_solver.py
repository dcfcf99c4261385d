"""The solver: witnesses that really match, the table rules, budgets, determinism."""

from __future__ import annotations

from rumizi.content.tuki.solver import solve, stone_placements
from rumizi.games.tuki.geometry import SNOW_PIECES, Structure, normalize
from rumizi.games.tuki.matching import Task, match

# an upright, a bar on its top reaching right, a stone on the table against the upright
CARD: Structure = normalize(
    [("grey", "z", (0, 0, 0)), ("blue", "x", (0, 0, 5)), ("purple", "y", (1, 0, 0))]
)


def test_every_task_of_a_card_gets_a_witness_that_matches() -> None:
    for turn in (0, 90, 270):
        for rule in ("plain", "white"):
            task = Task(CARD, turn, rule)  # type: ignore[arg-type]
            result = solve(task)
            assert result.solved, (task.key, result.status)
            assert result.build is not None
            verdict = match(result.build, task)
            assert verdict.ok, (task.key, verdict.problems)
            snow = [p for p in result.build if not p.is_stone]
            assert {p.piece for p in snow} <= set(SNOW_PIECES)
            assert sum(p.length for p in snow) <= 10


def test_the_white_square_lifts_every_stone_off_the_table() -> None:
    result = solve(Task(CARD, 0, "white"))
    assert result.build is not None
    assert min(c[2] for p in result.build.stones for c in p.cells) >= 1
    assert any(c[2] == 0 for p in result.build if not p.is_stone for c in p.cells)


def test_a_stone_that_stands_alone_needs_no_snow() -> None:
    lying = normalize([("grey", "x", (0, 0, 0)), ("blue", "z", (2, 0, 1))])
    result = solve(Task(lying, 0, "plain"))
    assert result.build is not None
    assert all(p.is_stone for p in result.build)
    assert result.nodes == 1


def test_the_same_task_gives_the_same_witness() -> None:
    task = Task(CARD, 90, "white")
    first, second = solve(task), solve(task)
    assert first.build is not None and second.build is not None
    assert first.build.placements == second.build.placements
    assert (first.nodes, first.lp_calls) == (second.nodes, second.lp_calls)


def test_a_tiny_budget_stops_the_search() -> None:
    result = solve(Task(CARD, 0, "white"), node_limit=1)
    assert not result.solved and result.status == "budget"


def test_a_time_limit_stops_the_search() -> None:
    result = solve(Task(CARD, 0, "white"), time_limit=0.0)
    assert not result.solved and result.status == "time"


def test_a_structure_too_tall_to_lift_has_no_build() -> None:
    # two upright stones end to end: 10 tall, so no room to lift it off the table
    tower = normalize([("grey", "z", (0, 0, 0)), ("blue", "z", (0, 0, 5))])
    assert stone_placements(Task(tower, 0, "white"), lift=1) is None
    result = solve(Task(tower, 0, "white"))
    assert not result.solved and result.status == "exhausted"
    assert solve(Task(tower, 0, "plain")).solved
