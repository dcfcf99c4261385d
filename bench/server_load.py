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

The game is a minimal two-seat test game, "bench-tally", registered only in the server
this script starts (never listed by a real server): the seats take turns saying the next
number; an action that is not exactly the next number is illegal, so a duplicate could
never be applied.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import gc
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rumizi.engine import BaseGame, Event, IllegalAction, Outcome, Rng, private, public

HOST = "127.0.0.1"
GAME_ID = "bench-tally"


class TallyGame(BaseGame):
    """Two seats take turns saying the next number, up to ``moves`` (option, default 200)."""

    id = GAME_ID
    min_players = 2
    max_players = 2
    options_known = frozenset({"moves"})

    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> list[int]:
        self.check_setup(players, options)
        return [0, int(options.get("moves", 200))]  # [count, moves]

    def to_act(self, state: list[int]) -> frozenset[int]:
        return frozenset() if state[0] >= state[1] else frozenset({state[0] % 2})

    def legal(self, state: list[int], seat: int) -> list[dict[str, Any]]:
        return [{"n": state[0] + 1}] if seat in self.to_act(state) else []

    def apply(self, state: list[int], seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
        if seat not in self.to_act(state):
            raise self.not_your_turn(state, seat)
        if action != {"n": state[0] + 1}:
            raise IllegalAction(f"say {state[0] + 1}")
        state[0] += 1
        return [public("said", seat=seat, n=state[0]), private((seat,), "noted", n=state[0])]

    def view(self, state: list[int], seat: int | None) -> dict[str, Any]:
        return {"count": state[0], "moves": state[1]}

    def outcome(self, state: list[int]) -> Outcome | None:
        return Outcome.from_scores([0.0, 0.0]) if state[0] >= state[1] else None

    def determinize(self, state: list[int], seat: int, rng: Rng) -> list[int]:
        return list(state)


GAME = TallyGame()


# ------------------------------------------------------------------ the server side
def serve(port: int, db: str, redis: str | None = None, lease: str | None = None) -> None:
    """The child process: register the bench game, then run the real server (with
    ``redis``: one worker of several, leases of ``lease`` seconds)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from rumizi import games
    from rumizi.server.run import run

    games._PACKAGES[GAME_ID] = "server_load"
    run(HOST, port, db, redis=redis, lease=None if lease is None else float(lease))


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def peak_memory_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# ------------------------------------------------------------------- the load side
class LoadClient(asyncio.Protocol):
    """A lean WebSocket client (RFC 6455 over a plain asyncio protocol) for one seat.

    The generator must not eat the CPU the server needs: no task per socket, and each
    message is handled in the protocol callback. Client frames are masked as the RFC
    requires; the server's frames arrive whole (it never fragments them).
    """

    def __init__(self, path: str, host: str, token: str, seat: int, stats: Stats) -> None:
        self.request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n\r\n"
        ).encode()
        self.token = token
        self.seat = seat
        self.stats = stats
        self.buffer = bytearray()
        self.upgraded = False
        self.transport: Any = None
        self.welcomed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sent_at = 0.0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_exception(ConnectionError(f"seat {self.seat}: connection lost"))

    def send(self, message: dict[str, Any]) -> None:
        payload = json.dumps(message, separators=(",", ":")).encode()
        n = len(payload)
        head = bytes((0x81, 0x80 | n)) if n < 126 else bytes((0x81, 0xFE)) + n.to_bytes(2, "big")
        mask = os.urandom(4)
        key = (mask * (n // 4 + 1))[:n]
        masked = int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")
        assert self.transport is not None
        self.transport.write(head + mask + masked.to_bytes(n, "big"))

    def data_received(self, data: bytes) -> None:
        buf = self.buffer
        buf += data
        if not self.upgraded:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            if not buf.startswith(b"HTTP/1.1 101"):
                raise ConnectionError(bytes(buf[:end]).decode(errors="replace"))
            del buf[: end + 4]
            self.upgraded = True
            self.send(self.hello())
        while len(buf) >= 2:
            opcode, size, start = buf[0] & 0x0F, buf[1] & 0x7F, 2
            if size == 126:
                size, start = int.from_bytes(buf[2:4], "big"), 4
            elif size == 127:
                size, start = int.from_bytes(buf[2:10], "big"), 10
            if len(buf) < start + size:
                return
            payload = bytes(buf[start : start + size])
            del buf[: start + size]
            if opcode == 0x1:
                self.on_message(json.loads(payload))
            elif opcode == 0x9:  # ping: answer with a masked pong
                assert self.transport is not None and size < 126
                self.transport.write(bytes((0x8A, 0x80 | size)) + b"\0\0\0\0" + payload)
            elif opcode == 0x8:
                self.closed_by_server(payload)

    def hello(self) -> dict[str, Any]:
        return {"type": "hello", "token": self.token}

    def closed_by_server(self, payload: bytes) -> None:
        if not self.done.done():
            self.done.set_exception(ConnectionError(f"seat {self.seat}: closed {payload!r}"))

    def on_message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.welcomed.set_result(None)
            return
        if kind == "error":
            self.stats.errors.append(message)
            return
        if kind != "update":
            return
        if "ack" in message:
            now = time.perf_counter()
            self.stats.latencies.append(now - self.sent_at)
            self.stats.when.append(now)
            self.stats.acked.setdefault(message["match"], []).append(message["index"])
        if message["over"]:
            if not self.done.done():
                self.done.set_result(None)
            return
        if self.seat in message["to_act"]:
            index = message["index"]
            self.sent_at = time.perf_counter()
            if not self.stats.first_send:
                self.stats.first_send = self.sent_at
            self.send({"type": "act", "action": {"n": index + 1}, "index": index, "ref": index})


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.when: list[float] = []
        self.acked: dict[str, list[int]] = {}
        self.errors: list[dict[str, Any]] = []
        self.first_send = 0.0


async def make_room(http: Any, moves: int) -> dict[str, Any]:
    """A two-person room of the load game that starts when both are ready (``http``: an
    ``httpx.AsyncClient`` of one worker)."""
    made = await http.post(
        "/api/rooms",
        json={
            "game": GAME_ID,
            "seats": [{"kind": "person"}, {"kind": "person"}],
            "options": {"moves": moves},
            "settings": {"autostart": True, "grace_seconds": 600},
        },
    )
    made.raise_for_status()
    room: dict[str, Any] = made.json()
    return room


async def run_load(k: int, moves: int, url: str, port: int, limit: float) -> dict[str, Any]:
    import httpx

    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        rooms = [await make_room(http, moves) for _ in range(k)]

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
    unfinished = sum(1 for c in clients if not c.done.done() or c.done.exception())
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
    db: str, rooms: list[dict[str, Any]], moves: int, acked: dict[str, list[int]]
) -> dict[str, int]:
    """Compare the stored logs with what clients were told."""
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
        said = [json.loads(a)["n"] for _, _, a in rows]
        duplicated += len(said) - len(set(said))
        wrong += sum(
            1
            for i, (idx, seat, _) in enumerate(rows)
            if idx != i or seat != i % 2 or said[i] != i + 1
        )
        stored = len(rows)
        total += stored
        # An acknowledgement at index i says entries 0..i-1 are stored.
        lost += sum(1 for index in acked.get(match_id or "", []) if index > stored)
    conn.close()
    return {"lost": lost, "duplicated": duplicated, "out_of_order": wrong, "stored": total}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def bench(k: int, moves: int, limit: float, bots: BotTables | None = None) -> None:
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
            env={**os.environ, **CLUSTER_LIMITS, **({} if bots is None else bots.server_env())},
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
                _loop_runner()(bots.start(f"http://{HOST}:{port}", db))
                bot_moves = bots.moves(db)
            server_cpu0, own_cpu0 = cpu_seconds(server.pid), time.process_time()
            load = run_load(k, moves, f"http://{HOST}:{port}", port, limit)
            result = _loop_runner()(load)
            server_cpu = [b - a for a, b in zip(server_cpu0, cpu_seconds(server.pid), strict=True)]
            own_cpu = time.process_time() - own_cpu0
            peak = peak_memory_mib(server.pid)
            if bots is not None:
                bot_moves = bots.moves(db) - bot_moves
                print(f"        {bots.describe()}: they made {bot_moves} moves meanwhile")
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
    check = check_logs(db, result["rooms"], moves, result["acked"])
    store_line = [
        line for line in (tmp / "server.log").read_text().splitlines() if "store:" in line
    ]
    lat = sorted(result["latencies"])
    done = len(lat)
    print(
        f"K={k:<4} actions {done:>6}/{k * moves} in {result['elapsed']:.2f} s: "
        f"{done / result['elapsed']:,.0f} moves/s"
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
    print(
        f"        stored logs: {check['stored']}/{k * moves} actions; lost {check['lost']}, "
        f"duplicated {check['duplicated']}, out of order {check['out_of_order']}"
    )


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
            **{f"RUMIZI_RATE_{kind}": "inf/1" for kind in ("CREATE", "JOIN", "ACT", "READ")},
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


def _loop_runner() -> Any:
    try:
        import uvloop

        return uvloop.run
    except ImportError:  # pragma: no cover - uvicorn[standard] brings uvloop
        return asyncio.run


def main() -> None:
    if len(sys.argv) >= 4 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]), *sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", type=int, action="append", help="concurrent matches (repeatable)")
    parser.add_argument("--moves", type=int, default=200, help="actions per match")
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
            bench(k, args.moves, args.time_limit, bots)


def bot_runs(args: argparse.Namespace) -> list[BotTables | None]:
    """The bot tables of each run: none, as asked, or (``--compare-bots``) all three ways."""
    tables = BotTables(args.bot_tables, args.bot_level, args.bot_processes)
    if args.compare_bots:
        alone = BotTables(0, args.bot_level, args.bot_processes)
        return [alone, tables, BotTables(args.bot_tables, args.bot_level, 0)]
    return [tables] if args.bot_tables else [None]


# --------------------------------------------------- several workers (cluster.py)
def cluster_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "several workers",
        "over PostgreSQL (and Redis between the workers): `--workers 1 --workers 2 --kill "
        "10` runs K matches on one worker (no Redis), then on two with each match's seats "
        "on different workers, then on two again with worker 0 SIGKILLed after 10 s, its "
        "rooms taken over by worker 1. A throwaway PostgreSQL and redis-server are started "
        "unless --pg-url / --redis-url are given.",
    )
    group.add_argument("--workers", type=int, action="append", help="workers (repeatable)")
    group.add_argument("--kill", type=float, default=0.0, help="then kill worker 0 after S s")
    group.add_argument("--lease", type=float, default=5.0, help="the workers' lease (seconds)")
    group.add_argument("--pg-url", help="postgresql://user@host:port (a database is made)")
    group.add_argument("--redis-url", help="redis://host:port/0")


def cluster_runs(args: argparse.Namespace) -> None:
    """Each K on each number of workers, then (``--kill``) the failover run, one after
    another against the same PostgreSQL and Redis."""
    with contextlib.ExitStack() as stack:
        tmp = Path(tempfile.mkdtemp(prefix="rumizi-bench-cluster-"))
        pg = args.pg_url or stack.enter_context(throwaway_postgres(tmp))
        redis = args.redis_url or stack.enter_context(throwaway_redis(tmp))
        runs = [(w, 0.0) for w in args.workers] + ([(2, args.kill)] if args.kill else [])
        for k in args.k or [200]:
            for n, (workers, kill) in enumerate(runs):
                db = _fresh_database(pg, f"bench_{os.getpid()}_{k}_{n}")
                cluster_bench(k, args.moves, args.time_limit, workers, db, redis, args.lease, kill)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


def cluster_bench(
    k: int,
    moves: int,
    limit: float,
    workers: int,
    db: str,
    redis: str,
    lease: float,
    kill: float,
) -> None:
    """K matches over ``workers`` workers on one PostgreSQL database; room i is made on
    worker i mod W, its seat s connects to worker (i + s) mod W (with two workers, one
    seat of every match is on a worker other than its room's owner); ``kill``: SIGKILL
    worker 0 that many seconds into the run; its clients reconnect to the others."""
    import httpx

    tmp = Path(tempfile.mkdtemp(prefix="rumizi-bench-"))
    ports = [free_port() for _ in range(workers)]
    extra = [] if workers == 1 else [redis, str(lease)]
    procs = []
    for i, port in enumerate(ports):
        with open(tmp / f"worker{i}.log", "wb") as log:
            procs.append(
                subprocess.Popen(
                    [sys.executable, __file__, "--serve", str(port), db, *extra],
                    stdout=log,
                    stderr=log,
                    env={**os.environ, **CLUSTER_LIMITS},
                )
            )
    try:
        for port, proc in zip(ports, procs, strict=True):
            for _ in range(1200):
                try:
                    httpx.get(f"http://{HOST}:{port}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    if proc.poll() is not None:
                        raise SystemExit((tmp / "worker0.log").read_text()) from None
                    time.sleep(0.05)
        cpu0 = [sum(cpu_seconds(p.pid)) for p in procs]
        killed: list[float] = []

        def kill_worker_0() -> None:
            killed.append(sum(cpu_seconds(procs[0].pid)) - cpu0[0])
            procs[0].send_signal(signal.SIGKILL)
            procs[0].wait(10)

        result = _loop_runner()(
            spread_load(k, moves, ports, limit, kill, kill_worker_0 if kill else None)
        )
        cpu = [
            killed[0] if i == 0 and killed else sum(cpu_seconds(p.pid)) - cpu0[i]
            for i, p in enumerate(procs)
        ]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(30)
    check = _loop_runner()(check_logs_pg(db, result["rooms"], result["acked"]))
    lat = sorted(result["latencies"])
    done = len(lat)
    what = f"{workers} worker(s)" + (f", worker 0 killed at {kill:g} s" if kill else "")
    print(
        f"K={k:<4} {what}: actions {done:>6}/{k * moves} in {result['elapsed']:.2f} s: "
        f"{done / result['elapsed']:,.0f} moves/s"
    )
    if lat:
        cuts = " ".join(f"p{p}={percentile(lat, p) * 1000:.1f}" for p in (50, 95, 99))
        print(f"        latency ms: {cuts} max={lat[-1] * 1000:.1f}")
    pauses = sorted(result["pauses"])
    if kill:
        if pauses:
            cuts = " ".join(f"p{p}={percentile(pauses, p):.2f}" for p in (50, 90, 99))
            print(
                f"        failover: {len(pauses)} clients paused, seconds {cuts} "
                f"max={pauses[-1]:.2f} (lease {lease:g} s)"
            )
        else:
            print("        failover: no client saw a pause")
    print(
        f"        CPU seconds per worker: {', '.join(f'{c:.1f}' for c in cpu)}; "
        f"errors {len(result['errors'])}; unfinished clients {result['unfinished']}"
    )
    print(
        f"        stored logs: {check['stored']}/{k * moves} actions; lost {check['lost']}, "
        f"duplicated {check['duplicated']}, out of order {check['out_of_order']}"
    )


CLUSTER_LIMITS = {
    "RUMIZI_SOCKETS_PER_ADDRESS": "100000",
    **{f"RUMIZI_RATE_{kind}": "inf/1" for kind in ("CREATE", "JOIN", "ACT", "READ")},
}
"""The server's limits in every run: all the clients come from one address (loopback), so
the per-address socket and rate limits would refuse most of them."""


class Moving:
    """One seat's client that outlives its socket: when the socket breaks (its worker
    died, or its room moved: the ``moved`` error) it connects again, to the next worker,
    saying where it was; ``pauses`` gets the time from its last update before the break
    to its first one after."""

    def __init__(
        self, token: str, seat: int, stats: Stats, ports: list[int], pauses: list[float]
    ) -> None:
        self.token, self.seat, self.stats = token, seat, stats
        self.ports, self.pauses = ports, pauses
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.match: str | None = None
        self.index = 0
        self.last = 0.0
        self.broken_since: float | None = None
        self.port = ports[0]
        self.tries = 0  # reconnections since the last update

    async def connect(self, port: int) -> Leg:
        self.port = port
        _, leg = await asyncio.get_running_loop().create_connection(
            lambda: Leg(self, port), HOST, port
        )
        return leg

    def seen(self, message: dict[str, Any]) -> None:
        now = time.perf_counter()
        if self.broken_since is not None:
            self.pauses.append(now - self.broken_since)
            self.broken_since = None
        self.tries = 0
        self.last, self.match, self.index = now, message["match"], message["index"]

    def broke(self) -> None:
        if self.broken_since is None:
            self.broken_since = self.last or time.perf_counter()
        asyncio.get_running_loop().create_task(self._again())

    async def _again(self) -> None:
        start = self.ports.index(self.port)
        self.tries += 1
        await asyncio.sleep(min(1.0, 0.01 * 2**self.tries))  # as a browser backs off
        while not self.done.done():
            for step in range(1, len(self.ports) + 1):
                with contextlib.suppress(OSError):
                    await self.connect(self.ports[(start + step) % len(self.ports)])
                    return
            await asyncio.sleep(0.05)


class Leg(LoadClient):
    """One socket of a ``Moving`` client."""

    def __init__(self, seat: Moving, port: int) -> None:
        super().__init__("/ws", f"{HOST}:{port}", seat.token, seat.seat, seat.stats)
        self.moving = seat
        self.done = seat.done
        self.gone = False

    def hello(self) -> dict[str, Any]:
        hello = super().hello()
        if self.moving.match is not None:
            hello |= {"match": self.moving.match, "index": self.moving.index}
        return hello

    def on_message(self, message: dict[str, Any]) -> None:
        if self.gone:
            return
        if message["type"] == "error" and message.get("code") == "moved":
            self.lost()
            return
        if message["type"] == "update":
            self.moving.seen(message)
        super().on_message(message)

    def closed_by_server(self, payload: bytes) -> None:
        self.lost()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost()

    def lost(self) -> None:
        if self.gone or self.done.done():
            return
        self.gone = True
        if self.transport is not None:
            self.transport.abort()
        self.moving.broke()


async def spread_load(
    k: int,
    moves: int,
    ports: list[int],
    limit: float,
    kill_after: float,
    kill: Any,
) -> dict[str, Any]:
    """``run_load`` over several workers (see ``cluster_bench``)."""
    import httpx

    rooms = []
    clients = [httpx.AsyncClient(base_url=f"http://{HOST}:{p}", timeout=60) for p in ports]
    try:
        for i in range(k):
            rooms.append(await make_room(clients[i % len(ports)], moves))
    finally:
        for c in clients:
            await c.aclose()
    stats, pauses = Stats(), []
    seats: list[Moving] = []
    legs: list[Leg] = []
    for i, room in enumerate(rooms):
        for seat in (0, 1):
            moving = Moving(room["seats"][seat]["token"], seat, stats, ports, pauses)
            seats.append(moving)
            legs.append(await moving.connect(ports[(i + seat) % len(ports)]))
    await asyncio.wait_for(asyncio.gather(*(leg.welcomed for leg in legs)), 120)
    for leg in legs[1::2]:
        leg.send({"type": "ready"})
    await asyncio.sleep(0.5)
    t0 = time.perf_counter()
    for leg in legs[0::2]:
        leg.send({"type": "ready"})
    finished = asyncio.gather(*(s.done for s in seats), return_exceptions=True)
    if kill is not None:
        asyncio.get_running_loop().call_later(kill_after, kill)
    gc.collect()
    gc.disable()
    try:
        await asyncio.wait_for(finished, limit)
    except TimeoutError:
        pass
    finally:
        gc.enable()
    elapsed = time.perf_counter() - (stats.first_send or t0)
    return {
        "rooms": rooms,
        "latencies": stats.latencies,
        "acked": stats.acked,
        "errors": stats.errors,
        "elapsed": elapsed,
        "pauses": pauses,
        "unfinished": sum(1 for s in seats if not s.done.done() or s.done.exception()),
    }


async def check_logs_pg(
    url: str, rooms: list[dict[str, Any]], acked: dict[str, list[int]]
) -> dict[str, int]:
    """``check_logs`` on PostgreSQL."""
    import asyncpg

    conn = await asyncpg.connect(url.replace("postgresql+asyncpg", "postgresql"))
    try:
        matches = {
            r["room_id"]: r["id"] for r in await conn.fetch("SELECT room_id, id FROM matches")
        }
        rows: dict[str, list[tuple[int, int, dict[str, Any]]]] = {}
        for r in await conn.fetch("SELECT match_id, idx, seat, action FROM actions ORDER BY idx"):
            rows.setdefault(r["match_id"], []).append(
                (r["idx"], r["seat"], json.loads(r["action"]))
            )
    finally:
        await conn.close()
    lost = duplicated = wrong = total = 0
    for room in rooms:
        match_id = matches.get(room["room"]["id"])
        stored = rows.get(match_id or "", [])
        said = [a["n"] for _, _, a in stored]
        duplicated += len(said) - len(set(said))
        wrong += sum(
            1
            for i, (idx, seat, _) in enumerate(stored)
            if idx != i or seat != i % 2 or said[i] != i + 1
        )
        total += len(stored)
        lost += sum(1 for index in acked.get(match_id or "", []) if index > len(stored))
    return {"lost": lost, "duplicated": duplicated, "out_of_order": wrong, "stored": total}


def _fresh_database(base: str, name: str) -> str:
    """A new database ``name`` beside ``base`` (a PostgreSQL URL); its URL."""
    import asyncpg

    root = base.rsplit("/", 1)[0] if base.count("/") > 2 else base

    async def make() -> None:
        conn = await asyncpg.connect(root.replace("postgresql+asyncpg", "postgresql") + "/postgres")
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    asyncio.run(make())
    return f"{root}/{name}".replace("postgresql://", "postgresql+asyncpg://")


@contextlib.contextmanager
def throwaway_postgres(tmp: Path) -> Any:
    """A PostgreSQL 15 cluster in ``tmp`` on a free port (as its own user when run as
    root); its URL without a database name."""
    import pwd
    import shutil

    bindir = Path(os.environ.get("RUMIZI_PG_BIN", "/usr/lib/postgresql/15/bin"))
    if not (bindir / "initdb").exists():
        found = shutil.which("initdb")
        if found is None:
            raise SystemExit("no PostgreSQL binaries: give --pg-url or set RUMIZI_PG_BIN")
        bindir = Path(found).parent
    run_as: list[str] = []
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(tmp, entry.pw_uid, entry.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data, port = tmp / "pg", free_port()
    subprocess.run(
        [*run_as, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "rumizi"],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(tmp / "pg.log"), "-w",
         "-o", f"-p {port} -k {tmp} -c listen_addresses={HOST} -c max_connections=200", "start"],
        check=True,
        capture_output=True,
    )  # fmt: skip
    try:
        yield f"postgresql://rumizi@{HOST}:{port}"
    finally:
        subprocess.run(
            [*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )


@contextlib.contextmanager
def throwaway_redis(tmp: Path) -> Any:
    """A redis-server without persistence on a free port; its URL."""
    import shutil

    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("no redis-server: give --redis-url or apt-get install redis-server")
    port = free_port()
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no",
         "--dir", str(tmp), "--logfile", str(tmp / "redis.log")],
    )  # fmt: skip
    time.sleep(0.5)
    try:
        yield f"redis://{HOST}:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main()
