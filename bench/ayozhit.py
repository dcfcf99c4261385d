"""Ayozhit figures over many whole games of bots on the engine: how often announcements end
in a three-spark, a two-spark or a fail, how often every player fails a round (the
issue's bars: three-sparks >= 30% of announcements, all-fail rounds <= 5%, 4 bots), how
each level scores, and how long the engine and the bots take.

    .venv/bin/python bench/ayozhit.py [--games 1000] [--seed 1] [--levels a,b,c,d]

Seats are rotated so that every level plays every seat equally often. Shares are given
with their 95% interval (normal approximation) and their spread over 4 equal blocks of the
games. Times are wall-clock on this machine (the load average is printed): the engine's
part (legal moves, views, applying) and the bots' part (deciding) per applied action.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rumizi import games
from rumizi.bots import make
from rumizi.engine import Match, make_rng

LEVELS = ("cautious", "steady", "dreamy", "generous")
BLOCKS = 4


@dataclass
class Clock:
    """Seconds spent by the engine and by the bots, and the actions applied."""

    engine: float = 0.0
    bots: float = 0.0
    actions: int = 0


@dataclass
class Tally:
    """What a run of games gave."""

    results: Counter[str] = field(default_factory=Counter)
    rounds: int = 0
    all_failed: int = 0

    @property
    def announcements(self) -> int:
        return sum(self.results.values())


def play(levels: Sequence[str], seed: int, clock: Clock) -> Match:
    """One game of bots (fresh bots), each deciding from its own view."""
    match = Match(games.load("ayozhit"), len(levels), seed)
    bots = [make("ayozhit", level) for level in levels]
    rng = make_rng(seed ^ 0x5EED)
    while not match.over:
        for seat in sorted(match.to_act()):
            t0 = time.perf_counter()
            if seat not in match.to_act():
                clock.engine += time.perf_counter() - t0
                continue
            view, legal = match.view(seat), match.legal(seat)
            t1 = time.perf_counter()
            action = bots[seat].choose(view, legal, rng)
            t2 = time.perf_counter()
            match.apply(seat, action)
            t3 = time.perf_counter()
            clock.engine += (t1 - t0) + (t3 - t2)
            clock.bots += t2 - t1
            clock.actions += 1
    return match


def count(match: Match, players: int, tally: Tally) -> None:
    for event in match.events:
        if event.kind == "announced":
            tally.results[event.data["result"]] += 1
        elif event.kind == "round_over":
            tally.rounds += 1
            tally.all_failed += len(event.data["failed"]) == players


def interval(successes: float, trials: int) -> str:
    """The share with its 95% (normal approximation) interval."""
    p = successes / trials if trials else 0.0
    half = 1.96 * math.sqrt(p * (1 - p) / trials) if trials else 0.0
    return f"{100 * p:5.1f}% ± {100 * half:.1f}"


def spread(shares: list[float]) -> str:
    return f"blocks {min(shares) * 100:.1f}–{max(shares) * 100:.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args()
    levels = args.levels.split(",")
    n = len(levels)
    whole = Tally()
    blocks = [Tally() for _ in range(BLOCKS)]
    score = Counter[str]()
    wins = Counter[str]()
    seat_games = Counter[str]()
    clock = Clock()
    start = time.perf_counter()
    for game in range(args.games):
        shift = game % n
        seating = [levels[(s + shift) % n] for s in range(n)]
        match = play(seating, args.seed * 1_000_003 + game, clock)
        count(match, n, whole)
        count(match, n, blocks[game * BLOCKS // args.games])
        outcome = match.outcome()
        assert outcome is not None
        for seat, level in enumerate(seating):
            score[level] += outcome.scores[seat]
            seat_games[level] += 1
            if seat in outcome.winners:
                wins[level] += 1 / len(outcome.winners)
    seconds = time.perf_counter() - start
    print(f"{args.games} games of {n} bots ({', '.join(levels)}; seats rotated), seed {args.seed}")
    print(f"  {whole.announcements} announcements, {whole.rounds} rounds, {seconds:.1f} s")
    for kind, label in (("three", "three-spark"), ("two", "two-spark"), ("fail", "fail")):
        shares = [b.results[kind] / b.announcements for b in blocks if b.announcements]
        bar = "   (bar: >= 30%)" if kind == "three" else ""
        print(
            f"  {label:12s} {interval(whole.results[kind], whole.announcements)}"
            f"  ({spread(shares)}){bar}"
        )
    shares = [b.all_failed / b.rounds for b in blocks if b.rounds]
    print(
        f"  all-fail rounds {interval(whole.all_failed, whole.rounds)}"
        f"  ({spread(shares)})   (bar: <= 5%)"
    )
    for level in dict.fromkeys(levels):
        played = seat_games[level]
        print(
            f"  {level:9s} mean score {score[level] / played:5.2f}, "
            f"win share {interval(wins[level], played)}"
        )
    per = 1e6 / max(clock.actions, 1)
    print(
        f"  time per applied action: engine {clock.engine * per:.0f} µs, "
        f"bots {clock.bots * per:.0f} µs ({clock.actions} actions; "
        f"{1000 * seconds / args.games:.0f} ms a game; load {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
