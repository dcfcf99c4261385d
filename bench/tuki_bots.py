"""Tuki bot levels racing on the simulated clock: win shares per level, seats rotated.

    .venv/bin/python bench/tuki_bots.py [--games 60] [--seed 1000]

Each pairing (and the 3-player table of all three levels) is played with every seat
order in turn, on fresh seeds from ``--seed`` on (never the seeds the tests use). Prints
each level's win share with a 95% Wilson interval and the mean cards taken.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time

from rumizi import bots
from rumizi.bots.arena import play_game
from rumizi.games import load


def wilson(wins: float, games: int) -> tuple[float, float]:
    """A 95% interval for a share (Wilson score)."""
    if games == 0:
        return (0.0, 0.0)
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def race(levels: list[str], games: int, seed: int) -> None:
    game = load("tuki")
    orders = list(itertools.permutations(range(len(levels))))
    wins = dict.fromkeys(levels, 0.0)
    cards = dict.fromkeys(levels, 0.0)
    start = time.perf_counter()
    for i in range(games):
        order = [levels[j] for j in orders[i % len(orders)]]
        result = play_game(game, [bots.make("tuki", lv) for lv in order], seed + i)
        for seat in result.outcome.winners:
            wins[order[seat]] += 1 / len(result.outcome.winners)
        for seat, score in enumerate(result.outcome.scores):
            cards[order[seat]] += -score
    secs = time.perf_counter() - start
    print(f"{' vs '.join(levels)}: {games} games, seats rotated ({games / secs:.1f} games/s)")
    for level in levels:
        lo, hi = wilson(wins[level], games)
        print(
            f"  {level:7} wins {wins[level] / games:6.1%}  [95%: {lo:5.1%}–{hi:5.1%}]"
            f"  cards taken {cards[level] / games:4.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    for pair in (["random", "easy"], ["easy", "medium"], ["medium", "hard"], ["easy", "hard"]):
        race(pair, args.games, args.seed)
    race(["easy", "medium", "hard"], args.games, args.seed)


if __name__ == "__main__":
    main()
