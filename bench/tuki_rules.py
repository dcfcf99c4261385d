"""Tuki rules figures: validating one build action as the server does (``Match.apply``:
field checks, the build's volume and overlaps, and the live statics LP), and whole
random games.

    .venv/bin/python bench/tuki_rules.py [--cards 50] [--level normal]

Each stored witness of the deck (all six tasks of each card) is built piece by piece in a
2-player match, and every placement is timed, as are a move, a turn, a refused overlap and
a removal on the finished build. Wall-clock times: run it with nothing else busy (the
load average is printed).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time
from typing import Any

from rumizi.engine import IllegalAction, Match
from rumizi.games import load
from rumizi.games.tuki.cards import load_deck
from rumizi.testing import random_playout


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def timed_apply(match: Match, seat: int, action: dict[str, Any], out: list[float]) -> None:
    start = time.perf_counter()
    with contextlib.suppress(IllegalAction):
        match.apply(seat, action)
    out.append(time.perf_counter() - start)


def build_actions(level: str, cards: int) -> dict[str, list[float]]:
    game = load("tuki")
    times: dict[str, list[float]] = {"place": [], "move": [], "turn": [], "refused": []}
    for card in list(load_deck(level))[:cards]:
        for key, witness in card.witnesses.items():
            animal = card.icons[int(key.split("/")[0])]
            rule = key.split("/")[1]
            options = {"deck": [card.id], "dice": [f"{animal}/{rule}"], "level": level}
            match = Match(game, 2, seed=1, options=options)
            for piece, axis, x, y, z in witness.to_json():
                action = {"type": "place", "piece": piece, "axis": axis, "x": x, "y": y, "z": z}
                timed_apply(match, 1, action, times["place"])
            piece, axis, x, y, z = witness.to_json()[0]
            other = witness.to_json()[1]
            timed_apply(
                match, 1, {"type": "move", "piece": piece, "x": 0, "y": 0, "z": 0}, times["move"]
            )
            overlap = {"type": "move", "piece": piece, "x": other[2], "y": other[3], "z": other[4]}
            timed_apply(match, 1, overlap, times["refused"])
            turn_to = "y" if axis != "y" else "x"
            timed_apply(match, 1, {"type": "turn", "piece": piece, "axis": turn_to}, times["turn"])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=50)
    parser.add_argument("--level", default="normal", choices=["normal", "advanced"])
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    times = build_actions(args.level, args.cards)
    everything = [t for ts in times.values() for t in ts]
    print(f"validating one build action ({args.level} deck, {args.cards} cards × 6 witnesses):")
    for name, ts in [*times.items(), ("all", everything)]:
        ms = [t * 1000 for t in ts]
        print(
            f"  {name:8} n={len(ms):5}  median {statistics.median(ms):6.2f} ms  "
            f"p99 {percentile(ms, 99):6.2f} ms  max {max(ms):6.2f} ms"
        )
    start = time.perf_counter()
    steps = 0
    for seed in range(10):
        match = random_playout(load("tuki"), 3, seed, check_views=False, check_illegal=False)
        steps += len(match.log)
    secs = time.perf_counter() - start
    print(f"random 3-player games: {10 / secs:.1f} games/s, {steps / secs:,.0f} actions/s")


if __name__ == "__main__":
    main()
