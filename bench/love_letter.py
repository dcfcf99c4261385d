"""Love Letter random-playout throughput, through the same Game functions bots and the RL
API use (setup, to_act, legal, apply). Prints rounds/s, actions/s and peak memory.

    .venv/bin/python bench/love_letter.py [--players 4] [--seconds 5]
    .venv/bin/python bench/love_letter.py --against b6c5cf5 [REV ...] [--repeats 5]

With ``--against REV`` the Love Letter rules of git revision ``REV`` are loaded beside
today's (as a separate package, from ``git show``) and they take turns, ``--repeats``
times each, in this one process: the ratio of their CPU-second rates is the figure to quote
(the machine's load moves them alike). The same seeds are played by all.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from rumizi.engine import make_rng
from rumizi.games import load, register

PACKAGE = "src/rumizi/games/love_letter"


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


def timed(game: Any, players: int, seconds: float, first_seed: int) -> tuple[int, int, int, float]:
    """Play whole games for about ``seconds``: (games, rounds, actions, CPU seconds)."""
    games = rounds = actions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while time.perf_counter() - start < seconds:
        r, a = playout(game, players, first_seed + games)
        games += 1
        rounds += r
        actions += a
    return games, rounds, actions, time.process_time() - cpu_start


def rules_at(revision: str) -> Any:
    """The Love Letter game object of git revision ``revision``, imported as its own package."""
    root = Path(subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True).strip())
    names = subprocess.check_output(
        ["git", "ls-tree", "--name-only", revision, f"{PACKAGE}/"], cwd=root, text=True
    ).split()
    folder = Path(tempfile.mkdtemp(prefix="love-letter-"))
    package = f"love_letter_{revision.replace('-', '_').replace('~', '_').replace('^', '_')}"
    (folder / package).mkdir()
    for name in names:
        if name.endswith((".py", ".json")):
            text = subprocess.check_output(["git", "show", f"{revision}:{name}"], cwd=root)
            (folder / package / os.path.basename(name)).write_bytes(text)
    sys.path.insert(0, str(folder))
    return register(f"love-letter@{revision}", package).game


def compare(revisions: list[str], players: int, seconds: float, repeats: int) -> None:
    """Today's rules and those of ``revisions`` take turns; print rates and ratios."""
    games = {"today": load("love-letter")}
    games.update((revision, rules_at(revision)) for revision in revisions)
    for game in games.values():
        for seed in range(200):  # warm up
            playout(game, players, seed)
    rates: dict[str, list[float]] = {name: [] for name in games}
    for turn in range(repeats):
        for name, game in games.items():
            _, rounds, _, cpu = timed(game, players, seconds, 10_000 * turn)
            rates[name].append(rounds / cpu)
    print(f"love-letter, {players} players, random legal play: today against {revisions}")
    print(f"  load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for name, values in rates.items():
        listed = ", ".join(f"{v:,.0f}" for v in values)
        median = statistics.median(values)
        print(f"  {name:>10}: rounds per cpu-second {listed} (median {median:,.0f})")
    for revision in revisions:
        ratios = [a / b for a, b in zip(rates["today"], rates[revision], strict=True)]
        print(
            f"  ratio today/{revision} per turn: {', '.join(f'{r:.2f}' for r in ratios)} "
            f"(median {statistics.median(ratios):.2f}, {min(ratios):.2f}–{max(ratios):.2f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument(
        "--against", metavar="REV", nargs="+", help="compare with the rules of git REV(s)"
    )
    parser.add_argument("--repeats", type=int, default=5, help="turns each (with --against)")
    args = parser.parse_args()
    if args.against:
        compare(args.against, args.players, args.seconds, args.repeats)
        return
    game = load("love-letter")
    for seed in range(200):  # warm up
        playout(game, args.players, seed)
    start = time.perf_counter()
    games, rounds, actions, cpu = timed(game, args.players, args.seconds, 0)
    wall = time.perf_counter() - start
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
