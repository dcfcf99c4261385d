"""Ayozhit bots over many whole games on the engine: how often announcements end in a
three-spark, a two-spark or a fail, how often every player fails a round, and how each
level scores. Seats are rotated so that every level plays every seat equally often.

    .venv/bin/python bench/ayozhit_bots.py --games 1000 --seed 1
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from collections.abc import Sequence

from rumizi import games
from rumizi.bots import make
from rumizi.engine import Match, make_rng

LEVELS = ("cautious", "steady", "dreamy", "generous")


def play(levels: Sequence[str], seed: int) -> Match:
    """One game of bots (fresh bots), each deciding from its own view."""
    match = Match(games.load("ayozhit"), len(levels), seed)
    bots = [make("ayozhit", level) for level in levels]
    rng = make_rng(seed ^ 0x5EED)
    while not match.over:
        for seat in sorted(match.to_act()):
            if seat in match.to_act():
                action = bots[seat].choose(match.view(seat), match.legal(seat), rng)
                match.apply(seat, action)
    return match


def interval(successes: float, trials: int) -> str:
    """The share with its 95% (normal approximation) interval."""
    p = successes / trials if trials else 0.0
    half = 1.96 * math.sqrt(p * (1 - p) / trials) if trials else 0.0
    return f"{100 * p:5.1f}% ± {100 * half:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args()
    levels = args.levels.split(",")
    n = len(levels)
    results: Counter[str] = Counter()
    rounds = all_failed = 0
    score = Counter[str]()
    wins = Counter[str]()
    seat_games = Counter[str]()
    start = time.perf_counter()
    for game in range(args.games):
        shift = game % n
        seating = [levels[(s + shift) % n] for s in range(n)]
        match = play(seating, args.seed * 1_000_003 + game)
        for event in match.events:
            if event.kind == "announced":
                results[event.data["result"]] += 1
            elif event.kind == "round_over":
                rounds += 1
                all_failed += len(event.data["failed"]) == n
        outcome = match.outcome()
        assert outcome is not None
        for seat, level in enumerate(seating):
            score[level] += outcome.scores[seat]
            seat_games[level] += 1
            if seat in outcome.winners:
                wins[level] += 1 / len(outcome.winners)
    seconds = time.perf_counter() - start
    announcements = sum(results.values())
    print(f"{args.games} games of {n} bots ({', '.join(levels)}; seats rotated), seed {args.seed}")
    print(f"  {announcements} announcements, {rounds} rounds, {seconds:.1f} s")
    for kind, label in (("three", "three-spark"), ("two", "two-spark"), ("fail", "fail")):
        print(f"  {label:12s} {interval(results[kind], announcements)}")
    print(f"  all-fail rounds {interval(all_failed, rounds)}")
    for level in dict.fromkeys(levels):
        games = seat_games[level]
        print(
            f"  {level:9s} mean score {score[level] / games:5.2f}, "
            f"win share {interval(wins[level], games)}"
        )


if __name__ == "__main__":
    main()
