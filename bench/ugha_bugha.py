"""Ugha Bugha speed: whole games per second between bots, and actions per second.

    .venv/bin/python bench/ugha_bugha.py [--games 200] [--players 4] [--bot heuristic]

Wall-clock figures: on a shared machine, run it with nothing else busy (the load average
is printed). The bots' recall is measured by bench/ugha_bugha_recall.py.
"""

from __future__ import annotations

import argparse
import os
import time

from rumizi import bots
from rumizi.bots.arena import Tally, play_game
from rumizi.games import load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic")
    args = parser.parse_args()
    game = load("ugha-bugha")
    options = {"turn_seconds": None}
    tally = Tally(args.players)
    start = time.perf_counter()
    for seed in range(args.games):
        seats = [bots.make("ugha-bugha", args.bot) for _ in range(args.players)]
        tally.add(play_game(game, seats, seed, options))
    secs = time.perf_counter() - start
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(
        f"{args.games} games of {args.players} {args.bot} bots (untimed): "
        f"{args.games / secs:,.1f} games/s, {tally.actions / secs:,.0f} actions/s"
    )


if __name__ == "__main__":
    main()
