"""Love Letter random-playout throughput, through the same Game functions bots and the RL
API use (setup, to_act, legal, apply). Prints rounds/s, actions/s and peak memory.

    .venv/bin/python bench/love_letter.py [--players 4] [--seconds 5]
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc

from rumizi.engine import make_rng
from rumizi.games import load


def playout(game, players: int, seed: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """One whole game of random legal play; returns (rounds, actions)."""
    rng = make_rng(seed)
    state = game.setup(players, rng, {})
    actions = 0
    to_act, legal, apply, rand = game.to_act, game.legal, game.apply, rng.random
    while True:
        seats = to_act(state)
        if not seats:
            return state.round, actions
        for seat in seats:
            choices = legal(state, seat)
            apply(state, seat, choices[int(rand() * len(choices))], rng)
            actions += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    game = load("love-letter")
    for seed in range(200):  # warm up
        playout(game, args.players, seed)
    games = rounds = actions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while time.perf_counter() - start < args.seconds:
        r, a = playout(game, args.players, games)
        games += 1
        rounds += r
        actions += a
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    tracemalloc.start()
    for seed in range(200):
        playout(game, args.players, seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"love-letter, {args.players} players, random legal play, one process")
    print(
        f"  {games:,} games, {rounds:,} rounds, {actions:,} actions in {wall:.2f} s "
        f"(cpu {cpu:.2f} s)"
    )
    print(f"  rounds/s:  {rounds / wall:10,.0f}   (per cpu-second {rounds / cpu:,.0f})")
    print(f"  actions/s: {actions / wall:10,.0f}   (per cpu-second {actions / cpu:,.0f})")
    print(f"  games/s:   {games / wall:10,.0f}")
    print(
        f"  peak traced memory during 200 games: {peak / 1024:,.0f} KiB; "
        f"process max RSS {rss:,.0f} MiB"
    )


if __name__ == "__main__":
    main()
