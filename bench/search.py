"""The search bot's figures: strength against the heuristic bot, and thinking time.

    .venv/bin/python bench/search.py strength love-letter --level search --players 2 \\
        --games 1000 --seed 1000000 [--workers 2] [--options '{"tokens_to_win": 1}']
    .venv/bin/python bench/search.py strength skip-bo --level search --games 100 \\
        --seed 1000000 --options '{"rounds": 1}'
    .venv/bin/python bench/search.py time love-letter --level search-hard --moves 200

strength  one search bot against heuristic bots; the search bot takes seat g mod N in
          game g, so it plays every seat equally (seats rotated). Prints its win share (a
          shared win split between its winners) with the 95% Wilson interval, and the
          seeds used. Use fresh seeds: the levels were tuned on seeds below 10,000 (see
          docs/bots.md), figures are reported on seeds from 1,000,000 on.
time      seconds per decision of one search bot (one process, one core), over the
          positions of heuristic games: median, p95 and max of the CPU time the process
          used (what one core needs, whatever else the machine runs), and of wall time.

Skip-Bo's search bot is not a lobby level yet (``rumizi.games.skip_bo.search``); this
script builds it as ``--level search`` for Skip-Bo all the same.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import time
from typing import Any

from rumizi import bots, games
from rumizi.bots import Bot, decide, worlds_for
from rumizi.bots.arena import play_game
from rumizi.bots.tournament import wilson
from rumizi.engine import Match, make_rng

SKIP_BO_PLAYOUTS = {"search": 100, "search-hard": 400}


def make(game_id: str, level: str) -> Bot:
    if game_id == "skip-bo" and level in SKIP_BO_PLAYOUTS:
        from rumizi.games.skip_bo.search import search_bot

        return search_bot(level, SKIP_BO_PLAYOUTS[level])
    return bots.make(game_id, level)


def one_game(args: tuple[str, str, int, int, dict[str, Any]]) -> float:
    """The search bot's share of one game (seat = seed mod players)."""
    game_id, level, players, seed, options = args
    seat = seed % players
    seated = [make(game_id, "heuristic") for _ in range(players)]
    seated[seat] = make(game_id, level)
    winners = play_game(games.load(game_id), seated, seed, options).outcome.winners
    return 1 / len(winners) if seat in winners else 0.0


def strength(a: argparse.Namespace) -> None:
    options = json.loads(a.options)
    jobs = [(a.game, a.level, a.players, a.seed + i, options) for i in range(a.games)]
    start = time.perf_counter()
    wins = 0.0
    done = 0
    with multiprocessing.get_context("spawn").Pool(a.workers) as pool:
        for share in pool.imap(one_game, jobs, chunksize=1):
            wins += share
            done += 1
            if done % max(1, a.games // 10) == 0:
                print(f"  {done}/{a.games}: {wins / done:.1%}", flush=True)
            if a.limit_s and time.perf_counter() - start > a.limit_s:
                print(f"  time limit: stopped after {done} games", flush=True)
                break
    low, high = wilson(wins, done)
    secs = time.perf_counter() - start
    print(
        f"{a.game} {a.players}p {a.level} vs {a.players - 1} heuristic, options {options}: "
        f"{wins / done:.1%} of {done} games (95% interval {low:.1%}–{high:.1%}; "
        f"fair share {1 / a.players:.0%}); seeds {a.seed}–{a.seed + done - 1}, seats "
        f"rotated; {secs:.0f} s on {a.workers} processes"
    )


def thinking_time(a: argparse.Namespace) -> None:
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
    print(
        f"{a.game} {a.players}p {a.level}: {len(times)} decisions (two or more legal actions), "
        f"seeds {a.seed}–{seed - 1}; CPU time per decision (one process, one core): "
        f"{_spread(times)}; wall-clock time: {_spread(walls)}"
    )


def _spread(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"median {statistics.median(xs):.3f} s, p95 {p95:.3f} s, max {xs[-1]:.3f} s"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("what", choices=["strength", "time"])
    p.add_argument("game")
    p.add_argument("--level", default="search")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--moves", type=int, default=200)
    p.add_argument("--seed", type=int, default=1_000_000)
    p.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    p.add_argument("--options", default="{}")
    p.add_argument("--limit-s", type=float, default=0, help="stop after this many seconds")
    a = p.parse_args()
    if a.what == "strength":
        strength(a)
    else:
        thinking_time(a)


if __name__ == "__main__":
    main()
