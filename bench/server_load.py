"""Load benchmark of the game server: K concurrent matches, two WebSocket clients each.

    .venv/bin/python bench/server_load.py            # K = 50 and K = 200, 200 actions each
    .venv/bin/python bench/server_load.py -k 20 --moves 50

The server (``rumizi.server``, uvicorn, a fresh SQLite file in WAL mode with
``synchronous=FULL``) runs in a child process on 127.0.0.1; this process is the load
generator. Each client sends its next action as soon as its view says it may, and every
action is stored before it is acknowledged. Printed: moves/s, latency percentiles from
an action sent to the mover's new view received, the server's peak memory, and the check
of the stored logs (no action lost, none applied twice). Loopback only; every run is
bounded in time (``--time-limit``) and in actions (K x moves).

With ``--bot-tables N`` the server also plays N all-bot Love Letter tables of search bots
(``--bot-level``, thinking back to back: no bot delay) while the people's tables are
measured, its search bots thinking in ``--bot-processes`` worker processes (0: in threads
of the server's own process, as before the process pool): the people's latency with and
without them shows whether bots stall the server. ``--compare-bots`` runs the people's
load alone, with the bot tables in the pool, and with them in threads, one after another.

    .venv/bin/python bench/server_load.py -k 50 --compare-bots --bot-tables 50

The game is a minimal two-seat test game, "bench-tally" (the package ``bench_tally``
beside this script), registered only in the server this script starts (never listed by
a real server): the seats take turns saying the next number; an action that is not
exactly the next number is illegal, so a duplicate could never be applied. Like a real
game it has a text catalogue: each event is told to each seat by a catalogue reference.
``--game skip-bo`` (any registered two-seat game) plays a real game instead, with its
own texts: each client plays one of its legal actions at random, each match as long as
it takes. ``--workers`` runs the same load over several workers (``server_load_cluster``).
Each run prints the server's CPU time per move; ``--repeat`` runs each one again.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_tally import GAME, GAME_ID  # (abuse.py and server_memory.py use them)
from load_client import (
    HOST,
    OPEN_LIMITS,
    LoadClient,
    Stats,
    cpu_seconds,
    finished_well,
    free_port,
    loop_runner,
    make_room,
    peak_memory_mib,
    percentile,
)
from profile_stacks import Profiler, top
from server_load_cluster import cluster_arguments, cluster_runs

__all__ = ["GAME", "GAME_ID", "HOST", "free_port", "peak_memory_mib"]


# ------------------------------------------------------------------ the server side
def serve(port: int, db: str, redis: str | None = None, lease: str | None = None) -> None:
    """The child process: register the bench game (a package beside this script, with
    its texts), then run the real server (with ``redis``: one worker of several, leases
    of ``lease`` seconds)."""
    from rumizi import games
    from rumizi.server.run import run

    games.register(GAME_ID, "bench_tally")
    run(HOST, port, db, redis=redis, lease=None if lease is None else float(lease))


# ------------------------------------------------------------------- the load side
async def run_load(
    k: int, moves: int, url: str, port: int, limit: float, game: str = GAME_ID
) -> dict[str, Any]:
    import httpx

    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        rooms = [await make_room(http, moves, game) for _ in range(k)]

    stats = Stats()
    loop = asyncio.get_running_loop()
    clients: list[LoadClient] = []
    for room in rooms:
        for seat in (0, 1):
            token = room["seats"][seat]["token"]
            _, client = await loop.create_connection(
                lambda t=token, s=seat: LoadClient("/ws", f"{HOST}:{port}", t, s, stats),
                HOST,
                port,
            )
            clients.append(client)
    await asyncio.wait_for(asyncio.gather(*(c.welcomed for c in clients)), 60)
    for c in clients[1::2]:
        c.send({"type": "ready"})  # seat 1 of every room
    await asyncio.sleep(0.5)
    t0 = time.perf_counter()
    for c in clients[0::2]:
        c.send({"type": "ready"})  # seat 0: autostart, the matches start together
    finished = asyncio.gather(*(c.done for c in clients), return_exceptions=True)
    gc.collect()
    gc.disable()  # the generator's own collections must not show up as server latency
    try:
        results = await asyncio.wait_for(finished, limit)
    except TimeoutError:
        results = []
    finally:
        gc.enable()
    elapsed = time.perf_counter() - (stats.first_send or t0)
    unfinished = sum(1 for c in clients if not finished_well(c.done))
    for c in clients:
        if c.transport is not None:
            c.transport.close()
    failures = [r for r in results if isinstance(r, BaseException)]
    if failures:
        print(f"        {len(failures)} client(s) failed, e.g. {failures[0]}")
    return {
        "rooms": rooms,
        "latencies": stats.latencies,
        "slow": [
            (round(w - stats.first_send, 2), round(lat * 1000))
            for w, lat in zip(stats.when, stats.latencies, strict=True)
            if lat > 0.1
        ],
        "acked": stats.acked,
        "errors": stats.errors,
        "elapsed": elapsed,
        "unfinished": unfinished,
    }


def check_logs(
    db: str, rooms: list[dict[str, Any]], acked: dict[str, list[int]], game: str = GAME_ID
) -> dict[str, int]:
    """Compare the stored logs with what clients were told (a real game's actions are
    not numbered: only its indexes and acknowledgements are checked)."""
    conn = sqlite3.connect(db)
    lost = duplicated = wrong = total = 0
    matches = dict(conn.execute("SELECT room_id, id FROM matches"))
    for room in rooms:
        match_id = matches.get(room["room"]["id"])
        rows = (
            conn.execute(
                "SELECT idx, seat, action FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)
            ).fetchall()
            if match_id
            else []
        )
        tally = game == GAME_ID
        said = [json.loads(a)["n"] if tally else i + 1 for i, (_, _, a) in enumerate(rows)]
        duplicated += len(said) - len(set(said))
        wrong += sum(
            1
            for i, (idx, seat, _) in enumerate(rows)
            if idx != i or (tally and (seat != i % 2 or said[i] != i + 1))
        )
        stored = len(rows)
        total += stored
        # An acknowledgement at index i says entries 0..i-1 are stored.
        lost += sum(1 for index in acked.get(match_id or "", []) if index > stored)
    conn.close()
    return {"lost": lost, "duplicated": duplicated, "out_of_order": wrong, "stored": total}


def bench(
    k: int,
    moves: int,
    limit: float,
    bots: BotTables | None = None,
    game: str = GAME_ID,
    profile: Path | None = None,
) -> dict[str, Any]:
    """One run: prints its figures, and returns them (``vs_boardgameio.py`` uses them)."""
    import httpx

    tmp = Path(tempfile.mkdtemp(prefix="rumizi-bench-"))
    db = str(tmp / "bench.db")
    port = free_port()
    script = os.environ.get("RUMIZI_BENCH_SERVER", __file__)  # e.g. a profiling wrapper
    with open(tmp / "server.log", "wb") as log:
        server = subprocess.Popen(
            [sys.executable, script, "--serve", str(port), db],
            stdout=log,
            stderr=log,
            env={**os.environ, **OPEN_LIMITS, **({} if bots is None else bots.server_env())},
        )
        try:
            for _ in range(600):
                try:
                    httpx.get(f"http://{HOST}:{port}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    if server.poll() is not None:
                        raise SystemExit((tmp / "server.log").read_text()) from None
                    time.sleep(0.05)
            if bots is not None:
                loop_runner()(bots.start(f"http://{HOST}:{port}", db))
                bot_moves = bots.moves(db)
            server_cpu0, own_cpu0 = cpu_seconds(server.pid), time.process_time()
            load = run_load(k, moves, f"http://{HOST}:{port}", port, limit, game)
            profiler = None if profile is None else Profiler(server.pid, profile)
            try:
                result = loop_runner()(load)
            finally:
                if profiler is not None:
                    profiler.stop()
            server_cpu = [b - a for a, b in zip(server_cpu0, cpu_seconds(server.pid), strict=True)]
            own_cpu = time.process_time() - own_cpu0
            peak = peak_memory_mib(server.pid)
            if bots is not None:
                bot_moves = bots.moves(db) - bot_moves
                print(f"        {bots.describe()}: they made {bot_moves} moves meanwhile")
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
    check = check_logs(db, result["rooms"], result["acked"], game)
    store_line = [
        line for line in (tmp / "server.log").read_text().splitlines() if "store:" in line
    ]
    lat = sorted(result["latencies"])
    done = len(lat)
    planned = f"{k * moves}" if game == GAME_ID else f"{k} {game} matches"
    print(
        f"K={k:<4} actions {done:>6}/{planned} in {result['elapsed']:.2f} s: "
        f"{done / result['elapsed']:,.0f} moves/s; server CPU per move "
        f"{sum(server_cpu) / max(1, done) * 1000:.3f} ms"
    )
    if lat:
        cuts = " ".join(f"p{p}={percentile(lat, p) * 1000:.1f}" for p in (50, 95, 99))
        slow = len(result["slow"])
        print(f"        latency ms: {cuts} max={lat[-1] * 1000:.1f} ({slow} over 100 ms)")
    print(
        f"        server peak memory {peak:.0f} MiB; CPU seconds: server {server_cpu[0]:.1f} user "
        f"+ {server_cpu[1]:.1f} system, "
        f"load generator {own_cpu:.1f}; errors {len(result['errors'])}; "
        f"unfinished clients {result['unfinished']}"
    )
    if store_line:
        print("        " + store_line[-1].split("store:", 1)[1].strip())
    if profile is not None:
        print(f"        profile of the server ({profile}):")
        print("\n".join("        " + line for line in top(profile).splitlines()))
    print(
        f"        stored logs: {check['stored']}/{planned} actions; lost {check['lost']}, "
        f"duplicated {check['duplicated']}, out of order {check['out_of_order']}"
    )
    return {
        "moves": done,
        "elapsed": result["elapsed"],
        "latencies": lat,
        "server_cpu": sum(server_cpu),
        "generator_cpu": own_cpu,
        "rss_mib": peak,
        "errors": len(result["errors"]),
        "unfinished": result["unfinished"],
        **check,
    }


# ------------------------------------------------------------------ bot tables
class BotTables:
    """N all-bot Love Letter tables of search bots, thinking while the people's load runs."""

    def __init__(self, tables: int, level: str, processes: int) -> None:
        self.tables = tables
        self.level = level
        self.processes = processes

    def describe(self) -> str:
        if not self.tables:
            return "no bot tables (the same limits)"
        where = f"{self.processes} process(es)" if self.processes else "threads"
        return f"with {self.tables} bot tables of {self.level} bots thinking in {where}"

    def server_env(self) -> dict[str, str]:
        """The server's limits for the run: room for every bot table, no rate limits (one
        address makes every table here)."""
        return {
            "RUMIZI_BOT_PROCESSES": str(self.processes),
            "RUMIZI_BOT_MATCHES": str(self.tables + 10),
            "RUMIZI_BOT_MATCHES_PER_ADDRESS": str(self.tables + 10),
            "RUMIZI_SOCKETS_PER_ADDRESS": "100000",
            "RUMIZI_OPEN_ROOMS_PER_ADDRESS": "0",
            **{
                f"RUMIZI_RATE_{kind}": "inf/1"
                for kind in ("CREATE", "JOIN", "ACT", "CONNECT", "READ")
            },
        }

    async def start(self, url: str, db: str) -> None:
        """Make and start the tables; wait until their bots are moving (the pool's
        processes have started) and a moment more."""
        import httpx

        seat = {"kind": "bot", "bot": self.level}
        async with httpx.AsyncClient(base_url=url, timeout=60) as http:
            for _ in range(self.tables):
                made = await http.post(
                    "/api/rooms",
                    json={
                        "game": "love-letter",
                        "seats": [seat, seat],
                        "settings": {"bot_delay": 0},
                    },
                )
                made.raise_for_status()
                room = made.json()
                started = await http.post(
                    f"/api/rooms/{room['room']['id']}/start",
                    headers={"Authorization": f"Bearer {room['host_token']}"},
                )
                started.raise_for_status()
        for _ in range(1200):
            if self.moves(db) >= self.tables:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(2.0)

    def moves(self, db: str) -> int:
        """How many moves the bot tables have made so far (from the stored logs)."""
        conn = sqlite3.connect(db)
        (n,) = conn.execute(
            "SELECT COUNT(*) FROM actions JOIN matches ON actions.match_id = matches.id "
            "JOIN rooms ON matches.room_id = rooms.id WHERE rooms.game = 'love-letter'"
        ).fetchone()
        conn.close()
        return int(n)


def main() -> None:
    if len(sys.argv) >= 4 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]), *sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", type=int, action="append", help="concurrent matches (repeatable)")
    parser.add_argument("--moves", type=int, default=200, help="actions per match")
    parser.add_argument(
        "--game",
        default=GAME_ID,
        help="a real game instead (e.g. skip-bo: its texts, random legal moves, each match "
        "as long as it takes; --moves then does not apply)",
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs of each configuration")
    parser.add_argument(
        "--profile", type=Path, help="record the server with py-spy to this file (raw stacks)"
    )
    parser.add_argument("--time-limit", type=float, default=180.0, help="seconds per run, at most")
    parser.add_argument("--bot-tables", type=int, default=0, help="all-bot search tables beside")
    parser.add_argument("--bot-level", default="search-hard", help="the bot tables' level")
    parser.add_argument("--bot-processes", type=int, default=2, help="0: bots think in threads")
    parser.add_argument(
        "--compare-bots", action="store_true", help="alone, then bots in the pool, in threads"
    )
    cluster_arguments(parser)
    args = parser.parse_args()
    print(f"server load: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start")
    if args.workers:
        cluster_runs(args)
        return
    for k in args.k or [50, 200]:
        for bots in bot_runs(args):
            for _ in range(args.repeat):
                bench(k, args.moves, args.time_limit, bots, args.game, args.profile)


def bot_runs(args: argparse.Namespace) -> list[BotTables | None]:
    """The bot tables of each run: none, as asked, or (``--compare-bots``) all three ways."""
    tables = BotTables(args.bot_tables, args.bot_level, args.bot_processes)
    if args.compare_bots:
        alone = BotTables(0, args.bot_level, args.bot_processes)
        return [alone, tables, BotTables(args.bot_tables, args.bot_level, 0)]
    return [tables] if args.bot_tables else [None]


if __name__ == "__main__":
    main()
