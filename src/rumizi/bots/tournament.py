"""Round-robin tournaments of bot levels: seats rotated, games spread over processes.

Every table of ``players`` distinct levels (every pair, with 2 players) plays the same
deals: deal ``d`` is played ``players`` times, once in each rotation of the seats, so each
level plays each seat equally often and the luck of the cards cancels between them.

The figures: each level's *win share* at each table — a game won by ``k`` seats together
gives each ``1/k`` (shared wins are split, so the shares of a table add up to one, less
the games nobody won) — with a 95% Wilson interval; and ratings (``openskill``'s
Plackett–Luce model, one update per game in seed order) with their uncertainty. The
ratings, the plot (matplotlib) and Ray are optional: ``pip install 'rumizi[tournament]'``.
"""

from __future__ import annotations

import csv
import json
import math
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from rumizi import games

from . import make
from .arena import play_game

Z95 = 1.959964


@dataclass(frozen=True)
class Job:
    """One game of the tournament: which levels sit where, on which deal."""

    index: int
    table: int
    deal: int
    seed: int
    levels: tuple[str, ...]
    """The level playing each seat."""


@dataclass(frozen=True)
class Record:
    """What one game gave."""

    index: int
    table: int
    deal: int
    seed: int
    levels: tuple[str, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    actions: int


def schedule(levels: Sequence[str], players: int, games_per_table: int, seed: int = 0) -> list[Job]:
    """Every table of distinct levels, each deal played in every rotation of its seats.

    ``games_per_table`` is rounded up to a whole number of rotations.
    """
    if len(set(levels)) != len(levels):
        raise ValueError("give each level once")
    if len(levels) < players:
        raise ValueError(f"a {players}-player table needs {players} levels, not {len(levels)}")
    deals = max(1, math.ceil(games_per_table / players))
    jobs: list[Job] = []
    for t, table in enumerate(combinations(levels, players)):
        for d in range(deals):
            for r in range(players):
                seated = table[r:] + table[:r]
                jobs.append(Job(len(jobs), t, d, seed + d, seated))
    return jobs


def play(game_id: str, options: dict[str, Any], job: Job) -> Record:
    """Play one game with fresh bots (the work a process does)."""
    game = games.load(game_id)
    result = play_game(game, [make(game_id, level) for level in job.levels], job.seed, options)
    o = result.outcome
    return Record(
        job.index,
        job.table,
        job.deal,
        job.seed,
        job.levels,
        o.winners,
        o.ranks,
        tuple(float(s) for s in o.scores),
        result.actions,
    )


def _play_one(args: tuple[str, dict[str, Any], Job]) -> Record:
    return play(*args)


def run(
    game_id: str,
    jobs: Sequence[Job],
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
) -> list[Record]:
    """Play every job: in this process (``workers=1``), over a process pool (``local``,
    all cores by default) or on a Ray cluster (``ray``); results in job order."""
    opts = dict(options or {})
    tick = progress or (lambda n: None)
    if backend == "ray":
        records = list(_run_ray(game_id, jobs, opts, tick))
    elif backend != "local":
        raise ValueError(f"unknown backend {backend!r}: choose local or ray")
    else:
        workers = workers or os.cpu_count() or 1
        if workers == 1:
            records = []
            for job in jobs:
                records.append(play(game_id, opts, job))
                tick(1)
        else:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                records = []
                chunk = max(1, min(16, len(jobs) // (workers * 8)))
                tasks = ((game_id, opts, job) for job in jobs)
                for record in pool.imap_unordered(_play_one, tasks, chunksize=chunk):
                    records.append(record)
                    tick(1)
    return sorted(records, key=lambda r: r.index)


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def _run_ray(
    game_id: str, jobs: Sequence[Job], opts: dict[str, Any], tick: Callable[[int], None]
) -> Iterator[Record]:
    import ray

    if not ray.is_initialized():
        ray.init(ignore_reinit_error=True)
    remote = ray.remote(play)
    pending = [remote.remote(game_id, opts, job) for job in jobs]
    while pending:
        done, pending = ray.wait(pending, num_returns=min(len(pending), 64))
        for record in ray.get(done):
            tick(1)
            yield record


# ----------------------------------------------------------------- figures
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (``successes`` may be fractional)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Share:
    """A level's results at one table."""

    level: str
    games: int = 0
    wins: float = 0.0
    """Won games, a shared win counting 1/k for each of its k winners."""
    shared: int = 0
    """Games it won together with others."""

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class Table:
    """One table of the round robin: its levels, their shares, and games nobody won."""

    levels: tuple[str, ...]
    shares: list[Share] = field(default_factory=list)
    nobody: int = 0


def tables(records: Iterable[Record]) -> list[Table]:
    """Each table's win shares, levels in the table's first seating order."""
    out: dict[int, Table] = {}
    for r in records:
        t = out.get(r.table)
        if t is None:
            t = out[r.table] = Table(r.levels, [Share(level) for level in r.levels])
        by_level = {s.level: s for s in t.shares}
        if not r.winners:
            t.nobody += 1
        for seat, level in enumerate(r.levels):
            s = by_level[level]
            s.games += 1
            if seat in r.winners:
                s.wins += 1 / len(r.winners)
                s.shared += len(r.winners) > 1
    return [out[k] for k in sorted(out)]


@dataclass(frozen=True)
class Rating:
    level: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A cautious figure: ``mu - 3 sigma`` (the rating it very likely exceeds)."""
        return self.mu - 3 * self.sigma


def ratings(records: Iterable[Record]) -> list[Rating] | None:
    """Plackett–Luce ratings (``openskill``), strongest first; None without openskill."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    current: dict[str, Any] = {}
    for r in sorted(records, key=lambda r: r.index):
        teams = [[current.setdefault(lv, model.rating(name=lv))] for lv in r.levels]
        rated = model.rate(teams, ranks=[float(k) for k in r.ranks])
        for lv, team in zip(r.levels, rated, strict=True):
            current[lv] = team[0]
    out = [Rating(lv, float(p.mu), float(p.sigma)) for lv, p in current.items()]
    return sorted(out, key=lambda x: -x.ordinal)


# ------------------------------------------------------------------- files
def write_csv(records: Sequence[Record], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["game", "table", "deal", "seed", "seats", "winners", "ranks", "actions"])
        for r in records:
            w.writerow(
                [
                    r.index,
                    r.table,
                    r.deal,
                    r.seed,
                    " ".join(r.levels),
                    " ".join(r.levels[s] for s in r.winners),
                    " ".join(map(str, r.ranks)),
                    r.actions,
                ]
            )


def summary(
    game_id: str,
    players: int,
    records: Sequence[Record],
    table_list: Sequence[Table],
    rated: Sequence[Rating] | None,
) -> dict[str, Any]:
    return {
        "game": game_id,
        "players": players,
        "games": len(records),
        "seeds": sorted({r.seed for r in records}),
        "tables": [
            {
                "levels": list(t.levels),
                "nobody_won": t.nobody,
                "shares": [
                    {
                        **asdict(s),
                        "share": s.share,
                        "low": s.interval[0],
                        "high": s.interval[1],
                    }
                    for s in t.shares
                ],
            }
            for t in table_list
        ],
        "ratings": None if rated is None else [{**asdict(r), "ordinal": r.ordinal} for r in rated],
    }


def write_json(data: dict[str, Any], path: Path) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def pairwise(table_list: Sequence[Table], levels: Sequence[str]) -> list[list[float | None]]:
    """``m[i][j]``: level i's win share at 2-player tables against level j."""
    index = {lv: i for i, lv in enumerate(levels)}
    m: list[list[float | None]] = [[None] * len(levels) for _ in levels]
    for t in table_list:
        if len(t.shares) != 2:
            continue
        a, b = t.shares
        m[index[a.level]][index[b.level]] = a.share
        m[index[b.level]][index[a.level]] = b.share
    return m


def plot(
    game_id: str,
    table_list: Sequence[Table],
    rated: Sequence[Rating] | None,
    levels: Sequence[str],
    path: Path,
) -> bool:
    """Ratings (mu with ±2 sigma) and, for 2 players, pairwise win shares; False without
    matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    matrix = pairwise(table_list, levels)
    has_pairs = any(v is not None for row in matrix for v in row)
    fig, axes = plt.subplots(1, 2 if has_pairs else 1, figsize=(11 if has_pairs else 6, 4.2))
    ax0 = axes[0] if has_pairs else axes
    if rated:
        order = sorted(rated, key=lambda r: r.mu)
        ax0.errorbar(
            [r.mu for r in order],
            range(len(order)),
            xerr=[2 * r.sigma for r in order],
            fmt="o",
            capsize=4,
        )
        ax0.set_yticks(range(len(order)), [r.level for r in order])
        ax0.set_xlabel("rating (openskill mu, bars: ±2 sigma)")
    else:
        ax0.text(0.5, 0.5, "install openskill for ratings", ha="center", va="center")
    ax0.set_title(f"{game_id}: ratings")
    if has_pairs:
        ax1 = axes[1]
        shown = [[math.nan if v is None else v for v in row] for row in matrix]
        image = ax1.imshow(shown, vmin=0, vmax=1, cmap="RdBu")
        ax1.set_xticks(range(len(levels)), levels, rotation=30, ha="right")
        ax1.set_yticks(range(len(levels)), levels)
        for i, row in enumerate(matrix):
            for j, v in enumerate(row):
                if v is not None:
                    ax1.text(j, i, f"{v:.0%}", ha="center", va="center", fontsize=9)
        ax1.set_title("win share of the row against the column")
        fig.colorbar(image, ax=ax1, fraction=0.046)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True
