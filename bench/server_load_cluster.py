"""The server benchmark over several workers (PostgreSQL, and Redis between the
workers): ``server_load.py --workers …`` runs it (see ``cluster_arguments``).

Room i is made on worker i mod W and its seat s connects to worker (i + s) mod W; with
``--kill S`` worker 0 is SIGKILLed S seconds into the run and its clients reconnect to
the others (``Moving``), the pause each saw is measured, and the stored logs are checked
for lost and doubled actions.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from load_client import (
    HOST,
    OPEN_LIMITS,
    Moving,
    Stats,
    cpu_seconds,
    finished_well,
    free_port,
    loop_runner,
    make_room,
    percentile,
    thread_seconds,
)

SERVER = str(Path(__file__).with_name("server_load.py"))
"""The script a worker runs (``server_load.py --serve PORT DB [REDIS LEASE]``)."""


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
    group.add_argument(
        "--relay",
        action="store_true",
        help="clients do not follow a redirect to their room's owner: half the sockets' "
        "messages are passed on through Redis (as before redirects)",
    )
    group.add_argument(
        "--stress", type=int, default=0, help="N processes burning CPU during each run"
    )
    group.add_argument(
        "--warm-up",
        type=int,
        default=0,
        help="N short matches (10 moves) a worker played before the measured run and not "
        "counted: the CPU per move of workers past their one-time start-up costs",
    )
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
            for n, (workers, kill) in enumerate(runs * args.repeat):
                db = _fresh_database(pg, f"bench_{os.getpid()}_{k}_{n}")
                with stressed(args.stress):
                    cluster_bench(
                        k, args.moves, args.time_limit, workers, db, redis, args.lease, kill,
                        follow=not args.relay, warm_up=args.warm_up,
                    )  # fmt: skip
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
    follow: bool = True,
    warm_up: int = 0,
) -> None:
    """K matches over ``workers`` workers on one PostgreSQL database; room i is made on
    worker i mod W, its seat s connects to worker (i + s) mod W (with two workers, one
    seat of every match first reaches a worker other than its room's owner, and is sent
    on to the owner when it ``follow``s); ``kill``: SIGKILL worker 0 that many seconds
    into the run; its clients reconnect to the others. ``warm_up``: that many short
    matches a worker are played first and their CPU not counted."""
    import httpx

    tmp = Path(tempfile.mkdtemp(prefix="rumizi-bench-"))
    ports = [free_port() for _ in range(workers)]
    extra = [] if workers == 1 else [redis, str(lease)]
    procs = []
    for i, port in enumerate(ports):
        with open(tmp / f"worker{i}.log", "wb") as log:
            procs.append(
                subprocess.Popen(
                    [sys.executable, SERVER, "--serve", str(port), db, *extra],
                    stdout=log,
                    stderr=log,
                    env={
                        **os.environ,
                        **OPEN_LIMITS,
                        "RUMIZI_WORKER_URL": f"ws://{HOST}:{port}/ws",
                    },
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
        warm = [sum(cpu_seconds(p.pid)) for p in procs]
        if warm_up:  # each worker's one-time costs (imports, pools, caches), not counted
            loop_runner()(spread_load(warm_up * workers, 10, ports, limit, 0.0, None, follow))
        cpu0 = [sum(cpu_seconds(p.pid)) for p in procs]
        warm = [b - a for a, b in zip(warm, cpu0, strict=True)]
        threads0 = [thread_seconds(p.pid) for p in procs]
        killed: list[float] = []

        def kill_worker_0() -> None:
            killed.append(sum(cpu_seconds(procs[0].pid)) - cpu0[0])
            procs[0].send_signal(signal.SIGKILL)
            procs[0].wait(10)

        result = loop_runner()(
            spread_load(k, moves, ports, limit, kill, kill_worker_0 if kill else None, follow)
        )
        cpu = [
            killed[0] if i == 0 and killed else sum(cpu_seconds(p.pid)) - cpu0[i]
            for i, p in enumerate(procs)
        ]
        threads = [
            tuple(b - a for a, b in zip(threads0[i], thread_seconds(p.pid), strict=True))
            for i, p in enumerate(procs)
            if not (i == 0 and killed)
        ]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(30)
    check = loop_runner()(check_logs_pg(db, result["rooms"], result["acked"]))
    lat = sorted(result["latencies"])
    done = len(lat)
    what = f"{workers} worker(s)" + (f", worker 0 killed at {kill:g} s" if kill else "")
    if workers > 1:
        what += f", {result['redirects']} redirects" if follow else ", relayed"
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
        taken = takeovers(tmp)
        print(
            f"        takeovers: {sum(taken.values())} of {len(taken)} rooms; "
            f"taken more than once: {sum(1 for n in taken.values() if n > 1)}"
        )
    print(
        f"        CPU seconds per worker: {', '.join(f'{c:.1f}' for c in cpu)} "
        f"({sum(cpu) / max(1, done) * 1000:.3f} ms per move); "
        f"errors {len(result['errors'])}; unfinished clients {result['unfinished']}"
    )
    if warm_up:
        spent = ", ".join(f"{w:.2f}" for w in warm)
        print(f"        warm-up ({warm_up} matches a worker), not counted: CPU s {spent}")
    split = "; ".join(f"loop {t[0]:.1f} + other threads {t[1]:.1f}" for t in threads)
    print(f"        of which (workers alive at the end): {split}")
    print(
        f"        stored logs: {check['stored']}/{k * moves} actions; lost {check['lost']}, "
        f"duplicated {check['duplicated']}, out of order {check['out_of_order']}"
    )


def takeovers(logs: Path) -> dict[str, int]:
    """How many times each room was taken over, from the workers' logs."""
    found: dict[str, int] = {}
    for log in logs.glob("worker*.log"):
        for line in log.read_text(errors="replace").splitlines():
            if "took over room " in line:
                room = line.split("took over room ", 1)[1].split()[0]
                found[room] = found.get(room, 0) + 1
    return found


@contextlib.contextmanager
def stressed(processes: int) -> Any:
    """``processes`` busy processes beside the run (the machine under load)."""
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)
    ]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


async def spread_load(
    k: int,
    moves: int,
    ports: list[int],
    limit: float,
    kill_after: float,
    kill: Any,
    follow: bool = True,
) -> dict[str, Any]:
    """``run_load`` over several workers (see ``cluster_bench``); with ``follow`` the
    clients follow a redirect to their room's owner, else they stay where they connected
    and their messages are passed on through Redis."""
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
    for i, room in enumerate(rooms):
        for seat in (0, 1):
            token = room["seats"][seat]["token"]
            moving = Moving(token, seat, stats, ports, pauses, follow)
            seats.append(moving)
            await moving.connect(ports[(i + seat) % len(ports)])
    await asyncio.wait_for(asyncio.gather(*(s.welcomed for s in seats)), 120)
    for moving in seats[1::2]:
        assert moving.leg is not None
        moving.leg.send({"type": "ready"})
    await asyncio.sleep(0.5)
    t0 = time.perf_counter()
    for moving in seats[0::2]:
        assert moving.leg is not None
        moving.leg.send({"type": "ready"})
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
        "unfinished": sum(1 for s in seats if not finished_well(s.done)),
        "redirects": sum(s.redirects for s in seats),
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
