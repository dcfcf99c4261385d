"""Memory over many finished matches: does the server give back what a match used?

    .venv/bin/python bench/server_memory.py                  # 10,000 matches
    .venv/bin/python bench/server_memory.py --matches 2000

A real server (default limits, but rates opened up: every request comes from this one
address) on a fresh SQLite file; 8 workers each make a room of the two-seat counting
game of ``server_load.py`` (2 moves), ready both seats, play both moves over HTTP, and
start over. Finished rooms leave memory ``linger_seconds`` (default 30 s) after their
last request. The server's resident memory is sampled every 500 matches; after a
warm-up (the first 2,000 matches, and a full linger period) the figures must stay flat:
printed are the samples, their spread after warm-up, and the rooms still in memory.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from abuse import rss_mib
from server_load import GAME_ID, HOST, free_port

WORKERS = 8
RELAXED = {
    f"RUMIZI_RATE_{k}": "1000000/1" for k in ("CREATE", "JOIN", "GUESS", "ACT", "CONNECT", "READ")
}


async def one_match(http: httpx.AsyncClient) -> None:
    made = (
        await http.post(
            "/api/rooms",
            json={
                "game": GAME_ID,
                "seats": [{"kind": "person"}, {"kind": "person"}],
                "options": {"moves": 2},
                "settings": {"autostart": True},
            },
        )
    ).json()
    room = made["room"]["id"]
    tokens = [{"Authorization": f"Bearer {s['token']}"} for s in made["seats"]]
    for token in tokens:
        (await http.post(f"/api/rooms/{room}/ready", headers=token)).raise_for_status()
    for n, token in enumerate(tokens, 1):
        body = {"action": {"n": n}, "index": n - 1}
        reply = await http.post(f"/api/rooms/{room}/act", headers=token, json=body)
        reply.raise_for_status()
    assert reply.json()["over"]


async def run(url: str, pid: int, matches: int, every: int) -> list[tuple[int, float, int]]:
    samples: list[tuple[int, float, int]] = []
    started = finished = 0
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:

        async def worker() -> None:
            nonlocal started, finished
            while started < matches:
                started += 1
                await one_match(http)
                finished += 1
                if finished % every == 0:
                    n = finished
                    rooms = (await http.get("/api/health")).json()["rooms"]
                    samples.append((n, rss_mib(pid), rooms))
                    print(f"  {n:>6} matches: {samples[-1][1]:.1f} MiB, {rooms} rooms in memory")

        await asyncio.gather(*(worker() for _ in range(WORKERS)))
    return samples


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--serve":
        from abuse import serve

        serve(int(sys.argv[2]), sys.argv[3])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--warm-up", type=int, default=2_000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="rumizi-memory-"))
    db = str(folder / "memory.db")
    port = free_port()
    url = f"http://{HOST}:{port}"
    print(f"memory: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}")
    with open(folder / "server.log", "wb") as log:
        server = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(port), db],
            stdout=log,
            stderr=log,
            env={**os.environ, **RELAXED},
        )
        try:
            for _ in range(600):
                try:
                    httpx.get(f"{url}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.05)
            started = time.perf_counter()
            samples = asyncio.run(run(url, server.pid, args.matches, 500))
            seconds = time.perf_counter() - started
        finally:
            server.terminate()
            server.wait(30)
    after = [mib for n, mib, _ in samples if n > args.warm_up]
    low, high = min(after), max(after)
    print(
        f"{args.matches:,} matches in {seconds:.0f} s; resident memory after the first "
        f"{args.warm_up:,}: {low:.1f} to {high:.1f} MiB (spread {100 * (high - low) / low:.1f}%; "
        f"last {after[-1]:.1f}); rooms in memory at the end {samples[-1][2]}"
    )


if __name__ == "__main__":
    main()
