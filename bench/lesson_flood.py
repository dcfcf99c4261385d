"""Lesson rooms as a memory flood (issue 38, point 3): does the server's memory stay flat?

    .venv/bin/python bench/lesson_flood.py                 # 60 s a configuration
    .venv/bin/python bench/lesson_flood.py --seconds 20 --only capped

One address makes lesson rooms (``POST /api/lessons/love-letter``, never connected to) as
fast as 4 clients can, for ``--seconds``, against a real server on a fresh SQLite file,
with the lesson rate opened up (the probe's flood made 3,645 in 60 s). Three servers,
one after the other:

* ``unbounded``: as before issue 38 — no cap on open rooms, and open rooms never leave
  memory (``RUMIZI_OPEN_ROOMS_PER_ADDRESS=0``, ``RUMIZI_OPEN_SECONDS`` a year);
* ``capped``: the default limits (50 open rooms per address, open rooms leave memory
  300 s after they were last asked for);
* ``evicted``: no cap, open rooms leave memory after 5 s: eviction alone.

Printed for each: rooms made and refused, rooms in memory, and the server's resident
memory before the flood, every 10 s and after it. Figures only; nothing is asserted.
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
from server_load import HOST, free_port

CONFIGURATIONS = {
    "unbounded": {"RUMIZI_OPEN_ROOMS_PER_ADDRESS": "0", "RUMIZI_OPEN_SECONDS": "31536000"},
    "capped": {},
    "evicted": {"RUMIZI_OPEN_ROOMS_PER_ADDRESS": "0", "RUMIZI_OPEN_SECONDS": "5"},
}
CLIENTS = 4


async def flood(url: str, pid: int, seconds: float) -> dict[str, object]:
    made = refused = 0
    codes: dict[str, int] = {}
    samples: list[tuple[float, float, int]] = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:

        async def health() -> int:
            return int((await http.get("/api/health")).json()["rooms"])

        samples.append((0.0, rss_mib(pid), await health()))
        started = time.monotonic()
        end = started + seconds

        async def client() -> None:
            nonlocal made, refused
            while time.monotonic() < end:
                reply = await http.post("/api/lessons/love-letter", json={})
                if reply.status_code == 201:
                    made += 1
                else:
                    refused += 1
                    code = reply.json().get("code", str(reply.status_code))
                    codes[code] = codes.get(code, 0) + 1

        async def sampler() -> None:
            while time.monotonic() < end:
                await asyncio.sleep(10)
                at = time.monotonic() - started
                samples.append((at, rss_mib(pid), await health()))
                print(f"    {at:5.0f} s: {samples[-1][1]:6.1f} MiB, {samples[-1][2]:>6} rooms")

        await asyncio.gather(sampler(), *(client() for _ in range(CLIENTS)))
        await asyncio.sleep(1)
        samples.append((time.monotonic() - started, rss_mib(pid), await health()))
    return {"made": made, "refused": refused, "codes": codes, "samples": samples}


def one(name: str, seconds: float) -> None:
    folder = Path(tempfile.mkdtemp(prefix="rumizi-lessons-"))
    port = free_port()
    url = f"http://{HOST}:{port}"
    env = {**os.environ, "RUMIZI_RATE_LESSON": "1000000/1", **CONFIGURATIONS[name]}
    with open(folder / "server.log", "wb") as log:
        server = subprocess.Popen(
            [sys.executable, str(Path(__file__).parent / "server_memory.py"), "--serve",
             str(port), str(folder / "lessons.db")],
            stdout=log, stderr=log, env=env,
        )  # fmt: skip
        try:
            for _ in range(600):
                try:
                    httpx.get(f"{url}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.05)
            print(f"  {name}: load {os.getloadavg()[0]:.2f}")
            got = asyncio.run(flood(url, server.pid, seconds))
        finally:
            server.terminate()
            server.wait(30)
    samples = got["samples"]
    assert isinstance(samples, list)
    before, after = samples[0], samples[-1]
    peak = max(s[1] for s in samples)
    print(
        f"  {name}: {got['made']:,} lesson rooms made, {got['refused']:,} refused "
        f"{got['codes']}; RSS {before[1]:.1f} MiB before, {after[1]:.1f} after "
        f"(+{after[1] - before[1]:.1f}; peak {peak:.1f}); rooms in memory {after[2]:,}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--only", choices=sorted(CONFIGURATIONS))
    args = parser.parse_args()
    print(f"lesson flood: {os.cpu_count()} CPUs, {args.seconds:g} s a configuration")
    for name in [args.only] if args.only else list(CONFIGURATIONS):
        one(name, args.seconds)


if __name__ == "__main__":
    main()
