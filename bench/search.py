"""The search bot's figures: strength against the heuristic bot, and thinking time.

    .venv/bin/python bench/search.py strength love-letter --level search --players 2 \\
        --games 1000 --seed 1000000 [--workers 2] [--options '{"tokens_to_win": 1}']
    .venv/bin/python bench/search.py strength skip-bo --level search --games 100 \\
        --seed 1000000 --options '{"rounds": 1}'
    .venv/bin/python bench/search.py time love-letter --level search-hard --moves 200
    PYTHONPATH=src python3 bench/search.py figures --out DIR [--workers 16] [--limit-s 420]

strength  one search bot against heuristic bots; the search bot takes seat g mod N in
          game g, so it plays every seat equally (seats rotated). Prints its win share (a
          shared win split between its winners) with the 95% Wilson interval, and the
          seeds used. Use fresh seeds: the levels were tuned on seeds below 1,000,000 (see
          docs/bots.md), figures are reported on seeds from 1,000,000 on. --both-seats
          plays every deal once with the search bot in each seat instead (duplicate deals:
          less luck of the deal in a comparison; how Skip-Bo's margin was tuned).
time      seconds per decision of one search bot (one process, one core), over the
          positions of heuristic games: median, p95 and max of the CPU time the process
          used (what one core needs, whatever else the machine runs), and of wall time.
figures   every figure docs/bots.md reports, in one run on all cores: the thinking time
          of the hard level, then Love Letter 2 players (5,000 games), 4 players (2,500)
          and Skip-Bo single rounds (600), their games interleaved so that a run stopped
          by --limit-s has played the same share of each, each over a run of consecutive
          seeds (FIGURES: never used for tuning; --repeat k moves them all by k x
          5,000,000 for a repeat on other fresh seeds). Writes figures.json and
          figures.txt into --out as it goes. Needs only the standard library and the
          repository's code: PYTHONPATH=src python3 works without the project's venv.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import time
from pathlib import Path
from typing import Any

from rumizi import bots, games
from rumizi.bots import Bot, decide, worlds_for
from rumizi.bots.arena import play_game
from rumizi.bots.tournament import wilson
from rumizi.engine import Match, make_rng

Job = tuple[str, str, int, int, dict[str, Any], int]
"""(game, level, players, seed, options, the search bot's seat)."""


def make(game_id: str, level: str) -> Bot:
    return bots.make(game_id, level)


def one_game(args: tuple[str, str, int, int, dict[str, Any]] | Job) -> float:
    """The search bot's share of one game (seat = seed mod players, unless given)."""
    game_id, level, players, seed, options, *given = args
    seat = given[0] if given else seed % players
    seated = [make(game_id, "heuristic") for _ in range(players)]
    seated[seat] = make(game_id, level)
    winners = play_game(games.load(game_id), seated, seed, options).outcome.winners
    return 1 / len(winners) if seat in winners else 0.0


def strength(a: argparse.Namespace) -> None:
    options = json.loads(a.options)
    jobs: list[Job] = [
        (a.game, a.level, a.players, seed, options, seat)
        for seed in range(a.seed, a.seed + a.games)
        for seat in (range(a.players) if a.both_seats else [seed % a.players])
    ]
    start = time.perf_counter()
    wins = 0.0
    done = 0
    with multiprocessing.get_context("spawn").Pool(a.workers) as pool:
        for share in pool.imap(one_game, jobs, chunksize=1):
            wins += share
            done += 1
            if done % max(1, len(jobs) // 10) == 0:
                print(f"  {done}/{len(jobs)}: {wins / done:.1%}", flush=True)
            if a.limit_s and time.perf_counter() - start > a.limit_s:
                print(f"  time limit: stopped after {done} games", flush=True)
                break
    low, high = wilson(wins, done)
    secs = time.perf_counter() - start
    last = jobs[done - 1][3]
    seating = "every deal in every seat" if a.both_seats else "seats rotated"
    print(
        f"{a.game} {a.players}p {a.level} vs {a.players - 1} heuristic, options {options}: "
        f"{wins / done:.1%} of {done} games (95% interval {low:.1%}–{high:.1%}; "
        f"fair share {1 / a.players:.0%}); seeds {a.seed}–{last}, {seating}; "
        f"{secs:.0f} s on {a.workers} processes"
    )


def thinking_time(a: argparse.Namespace) -> str:
    game = games.load(a.game)
    options = json.loads(a.options)
    heuristic = make(a.game, "heuristic")
    times: list[float] = []
    walls: list[float] = []
    seed = a.seed
    while len(times) < a.moves:
        m = Match(game, a.players, seed, options)
        rng = make_rng(seed)
        while not m.over and len(times) < a.moves:
            seat = next(iter(m.to_act()))
            legal = m.legal(seat)
            if len(legal) > 1:
                bot = make(a.game, a.level)
                start, cpu = time.perf_counter(), time.process_time()
                decide(bot, m.view(seat), legal, rng, worlds_for(game, m.state, seat))
                times.append(time.process_time() - cpu)
                walls.append(time.perf_counter() - start)
            m.apply(seat, heuristic.choose(m.view(seat), legal, rng))
        seed += 1
    return (
        f"{a.game} {a.players}p {a.level}: {len(times)} decisions (two or more legal actions), "
        f"seeds {a.seed}–{seed - 1}; CPU time per decision (one process, one core): "
        f"{_spread(times)}; wall-clock time: {_spread(walls)}"
    )


def _spread(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"median {statistics.median(xs):.3f} s, p95 {p95:.3f} s, max {xs[-1]:.3f} s"


FIGURES = [
    # name, game, level, players, games, first seed, options
    ("love-letter-2p", "love-letter", "search", 2, 5000, 10_000_000, {}),
    ("love-letter-4p", "love-letter", "search", 4, 2500, 20_000_000, {}),
    ("skip-bo-2p-rounds", "skip-bo", "search", 2, 600, 30_000_000, {"rounds": 1}),
]
"""The measurements of ``figures``; their seeds were never used to tune a level (tuning
used seeds below 1,000,000: see docs/bots.md)."""

REPEAT_SHIFT = 5_000_000
"""``figures --repeat k`` moves every seed by k times this: a repeat on other fresh seeds."""

THINKING = {"game": "love-letter", "players": 2, "seed": 40_000_000, "options": "{}"}
"""Where ``figures`` times the levels' decisions: positions of heuristic games."""


def timed_game(
    job: tuple[str, str, str, int, int, dict[str, Any]],
) -> tuple[str, int, float, float]:
    """One game of a figure: (figure, seed, the search bot's share, CPU seconds)."""
    name, game_id, level, players, seed, options = job
    cpu = time.process_time()
    share = one_game((game_id, level, players, seed, options))
    return name, seed, share, time.process_time() - cpu


def figures(a: argparse.Namespace) -> None:
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {"workers": a.workers, "limit_s": a.limit_s, "figures": {}}
    shift = a.repeat * REPEAT_SHIFT
    report["repeat"] = a.repeat
    report["thinking"] = [
        thinking_time(
            argparse.Namespace(
                **{**THINKING, "seed": THINKING["seed"] + shift}, level=level, moves=moves
            )
        )
        for level, moves in (("search", a.moves), ("search-hard", a.moves // 2))
    ]
    _write(out, report)
    jobs = []
    for name, game_id, level, players, games_, seed, options in FIGURES:
        report["figures"][name] = {
            "game": game_id,
            "level": level,
            "players": players,
            "options": options,
            "first_seed": shift + seed,
            "games": 0,
            "wins": 0.0,
            "cpu_s": 0.0,
        }
        for i in range(max(1, round(games_ * a.scale))):
            key = (i + 0.5) / (games_ * a.scale)  # the share of the figure done after it
            jobs.append((key, (name, game_id, level, players, shift + seed + i, options)))
    jobs.sort(key=lambda j: j[0])
    start = time.perf_counter()
    done = 0
    with multiprocessing.get_context("spawn").Pool(a.workers) as pool:
        for name, _seed, share, cpu in pool.imap(timed_game, [j for _, j in jobs], chunksize=1):
            f = report["figures"][name]
            f["games"] += 1
            f["wins"] += share
            f["cpu_s"] += cpu
            done += 1
            if done % 200 == 0 or done == len(jobs):
                report["wall_s"] = time.perf_counter() - start
                _write(out, report)
                print(f"  {done}/{len(jobs)} games, {report['wall_s']:.0f} s", flush=True)
            if a.limit_s and time.perf_counter() - start > a.limit_s:
                print(f"  time limit: stopped after {done} games", flush=True)
                pool.terminate()
                break
    report["wall_s"] = time.perf_counter() - start
    _write(out, report)
    print((out / "figures.txt").read_text())


def _write(out: Path, report: dict[str, Any]) -> None:
    lines = []
    lines.extend(report.get("thinking", []))
    for name, f in report["figures"].items():
        n = f["games"]
        if not n:
            continue
        low, high = wilson(f["wins"], n)
        f["share"], f["interval"] = f["wins"] / n, [low, high]
        last = f["first_seed"] + n - 1
        lines.append(
            f"{name}: {f['level']} vs {f['players'] - 1} heuristic, options {f['options']}: "
            f"{f['wins'] / n:.1%} of {n} games (95% interval {low:.1%}–{high:.1%}; fair share "
            f"{1 / f['players']:.0%}); seeds {f['first_seed']}–{last}, seats rotated; "
            f"{f['cpu_s'] / n:.2f} CPU s a game"
        )
    lines.append(f"{report['workers']} processes, {report.get('wall_s', 0):.0f} s of wall time")
    (out / "figures.json").write_text(json.dumps(report, indent=1))
    (out / "figures.txt").write_text("\n".join(lines) + "\n")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("what", choices=["strength", "time", "figures"])
    p.add_argument("game", nargs="?", default="love-letter")
    p.add_argument("--level", default="search")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--moves", type=int, default=200)
    p.add_argument("--seed", type=int, default=1_000_000)
    p.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    p.add_argument("--options", default="{}")
    p.add_argument("--limit-s", type=float, default=0, help="stop after this many seconds")
    p.add_argument("--out", default="search-figures", help="figures: where to write them")
    p.add_argument("--scale", type=float, default=1.0, help="figures: this share of the games")
    p.add_argument("--repeat", type=int, default=0, help="figures: repeat k on other seeds")
    p.add_argument(
        "--both-seats",
        action="store_true",
        help="strength: play every deal once with the search bot in each seat (tuning)",
    )
    a = p.parse_args()
    if a.what == "strength":
        strength(a)
    elif a.what == "figures":
        figures(a)
    else:
        print(thinking_time(a))


if __name__ == "__main__":
    main()
