"""Tuki geometry figures: stability check, matching, solver per task, deck generation.

    .venv/bin/python bench/tuki.py [--solver-tasks 600] [--normal-cards 50]
                                   [--advanced-cards 10] [--full]

Every figure is measured on the committed decks' 600 tasks and witness builds. Deck
generation makes the first cards of each deck again (the same cards as committed; by
default the whole normal deck) and, for a partial deck, estimates the whole deck from the
time per attempt and the attempts the committed deck took; --full makes both whole decks.
Wall-clock times: on a shared machine, run it with nothing else busy (the load average is
printed).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from rumizi.content.tuki.generator import GenerationStats, generate_deck
from rumizi.content.tuki.solver import solve
from rumizi.games.tuki.cards import Deck, load_deck
from rumizi.games.tuki.matching import Task, arrangement_matches, match
from rumizi.games.tuki.statics import is_stable


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def timed(fn: Callable[[], object], repeat: int = 1) -> float:
    """Seconds per call of ``fn`` (best of a few calls when repeat > 1)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def line(name: str, values: list[float], unit: str, scale: float, target: str = "") -> None:
    med, p95 = statistics.median(values) * scale, percentile(values, 95) * scale
    worst = max(values) * scale
    extra = f"   (target {target})" if target else ""
    print(
        f"{name:<38} median {med:9.3f} {unit}  p95 {p95:9.3f} {unit}  max {worst:9.3f} {unit}"
        f"  n={len(values)}{extra}"
    )


def tasks_of(decks: list[Deck]) -> list[tuple[str, Task]]:
    return [(card.id, task) for deck in decks for card in deck for task in card.tasks()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--solver-tasks", type=int, default=600, help="tasks to solve (≤ 600)")
    parser.add_argument("--normal-cards", type=int, default=50)
    parser.add_argument("--advanced-cards", type=int, default=10)
    parser.add_argument("--full", action="store_true", help="generate both whole decks")
    args = parser.parse_args()

    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    decks = [load_deck("normal"), load_deck("advanced")]
    tasks = tasks_of(decks)
    builds = [
        (decks[0 if cid.startswith("N") else 1].card(cid).witnesses[t.key], t) for cid, t in tasks
    ]

    for build, _ in builds[:20]:  # warm up scipy / HiGHS
        is_stable(build)

    stab = [timed(lambda b=b: is_stable(b), 3) for b, _ in builds]
    line("stability check (LP)", stab, "ms", 1e3, "< 5 ms")
    arrange = [timed(lambda b=b, t=t: arrangement_matches(b, t), 5) for b, t in builds]
    line("matching (arrangement + table rule)", arrange, "µs", 1e6, "< 50 µs")
    full = [timed(lambda b=b, t=t: match(b, t)) for b, t in builds]
    line("full match (incl. stability)", full, "ms", 1e3)

    step = max(1, len(tasks) // max(1, min(args.solver_tasks, len(tasks))))
    chosen = tasks[::step][: args.solver_tasks]
    per_level: dict[str, list[float]] = {"N": [], "A": []}
    nodes: list[float] = []
    unsolved = 0
    for cid, task in chosen:
        start = time.perf_counter()
        result = solve(task, node_limit=decks[0].node_limit)
        per_level[cid[0]].append(time.perf_counter() - start)
        nodes.append(result.nodes)
        unsolved += not result.solved
    everything = per_level["N"] + per_level["A"]
    line("solver per task, all", everything, "ms", 1e3, "median < 50 ms, p95 < 1.5 s")
    line("solver per task, normal (3 stones)", per_level["N"], "ms", 1e3)
    line("solver per task, advanced (4 stones)", per_level["A"], "ms", 1e3)
    line("solver search nodes per task", nodes, "", 1)
    print(f"{'solver: tasks not re-solved':<38} {unsolved} of {len(chosen)}")

    for deck, count in ((decks[0], args.normal_cards), (decks[1], args.advanced_cards)):
        count = len(deck) if args.full else min(count, len(deck))
        if count <= 0:
            continue
        stats = GenerationStats()
        start = time.perf_counter()
        generate_deck(deck.level, count, deck.seed, deck.node_limit, stats=stats)
        took = time.perf_counter() - start
        needed = deck.cards[-1].attempt + 1
        estimate = took / stats.attempts * needed
        how = "measured" if count == len(deck) else f"estimated from {count} cards"
        print(
            f"{'deck generation, ' + deck.level:<38} {count} cards, {stats.attempts} attempts "
            f"in {took:.1f} s; whole deck ({needed} attempts): {estimate:.0f} s ({how})"
        )


if __name__ == "__main__":
    main()
