"""Abuse benchmark: a real server under the attacks an outside probe used, with the
server's default limits, while one person plays on.

    .venv/bin/python bench/abuse.py              # every attack, 10 s of play around each
    .venv/bin/python bench/abuse.py --play 5     # shorter

The server (``rumizi serve`` code, default limits, a fresh SQLite file) runs in a child
process on loopback. A concurrent player plays a two-seat counting game over two
WebSockets at a steady 20 moves a second (a brisk person) and we time each move's round
trip: the action sent to its acknowledged update received. Attackers come from other
loopback addresses (127.0.0.x), as separate machines would:

1. 20 endless all-bot rooms: four bot seats, ``tokens_to_win`` 10**15 (refused), then the
   largest allowed and ``bot_delay`` 0, each started by its host;
2. 4 connections sending 64 MiB request heads;
3. 3,000 idle sockets that never say hello, from 60 addresses (50 each), and 3,000 from
   one address;
4. 1,000 room creations from one address.

Printed per phase: the player's p50/p99/max round trip and moves made, the server's
resident memory, and what the attack got (accepted vs refused). The fd soft limit of
this process (and so of the server) is raised to its hard limit for the 3,000 sockets.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_load import GAME_ID, HOST, free_port, peak_memory_mib

PACE = 0.05
"""Seconds between the player's moves (20 a second)."""


def serve(port: int, db: str) -> None:
    """The child process: register the counting game, then run the real server."""
    from rumizi import games
    from rumizi.server.run import run

    games.register(GAME_ID, "server_load")
    run(HOST, port, db)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


# ------------------------------------------------------------------ the player
class Player:
    """Both seats of one counting match, played in turn at ``PACE``; round trips kept."""

    def __init__(self, url: str, ws_url: str) -> None:
        self.url, self.ws_url = url, ws_url
        self.sockets: list[ClientConnection] = []
        self.rtts: list[float] = []
        self.index = 0
        self.match = ""
        self.failures = 0

    async def open(self) -> None:
        async with httpx.AsyncClient(base_url=self.url, timeout=30) as http:
            made = (
                await http.post(
                    "/api/rooms",
                    json={
                        "game": GAME_ID,
                        "seats": [{"kind": "person"}, {"kind": "person"}],
                        "options": {"moves": 1000},
                        "settings": {"autostart": True, "grace_seconds": 3600},
                    },
                )
            ).json()
        for seat in made["seats"]:
            ws = await connect(self.ws_url, max_size=None)
            await ws.send(json.dumps({"type": "hello", "token": seat["token"]}))
            self.sockets.append(ws)
        for ws in self.sockets:
            await ws.send(json.dumps({"type": "ready", "ref": "r"}))
        update = await self._until(self.sockets[0], lambda m: m["type"] == "update")
        self.index, self.match = update["index"], update["match"]

    @staticmethod
    async def _until(ws: ClientConnection, check: Any) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if check(message):
                return message

    async def play(self, seconds: float) -> list[float]:
        """Play for ``seconds``; the round trips of this stretch."""
        rtts: list[float] = []
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            seat = self.index % 2
            ws = self.sockets[seat]
            ref = f"m{self.index}"
            sent = time.perf_counter()
            await ws.send(
                json.dumps(
                    {
                        "type": "act",
                        "action": {"n": self.index + 1},
                        "index": self.index,
                        "ref": ref,
                    }
                )
            )
            reply = await self._until(
                ws,
                lambda m, r=ref: m.get("ack") == r or (m["type"] == "error" and m.get("ref") == r),
            )
            if reply["type"] == "error":
                self.failures += 1
                reply = await self._sync(ws)
            else:
                rtts.append(time.perf_counter() - sent)
            self.index = reply["index"]
            if reply["over"]:
                await ws.send(json.dumps({"type": "rematch"}))
                fresh = await self._until(
                    ws, lambda m: m["type"] == "update" and m["match"] != self.match
                )
                self.index, self.match = fresh["index"], fresh["match"]
            await asyncio.sleep(max(0.0, PACE - (time.perf_counter() - sent)))
        self.rtts += rtts
        return rtts

    async def _sync(self, ws: ClientConnection) -> dict[str, Any]:
        await ws.send(json.dumps({"type": "sync", "ref": "sync"}))
        return await self._until(ws, lambda m: m.get("ack") == "sync")


def figures(rtts: list[float]) -> str:
    if not rtts:
        return "no moves"
    ms = [r * 1000 for r in rtts]
    return (
        f"{len(ms)} moves, round trip p50 {percentile(ms, 50):.1f} ms, "
        f"p99 {percentile(ms, 99):.1f} ms, max {max(ms):.1f} ms"
    )


# ------------------------------------------------------------------ the attacks
def _client(address: str, url: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=url, transport=transport, timeout=30)


async def endless_bots(url: str, attempts: int = 20) -> dict[str, Any]:
    """Each attempt from its own address: a room of four bots that would never end."""
    out = {"huge_refused": 0, "made": 0, "started": 0, "refused_start": 0, "codes": set()}
    rooms = []
    for i in range(attempts):
        async with _client(f"127.0.0.{20 + i % 2}", url) as http:
            body = {
                "game": "love-letter",
                "seats": [{"kind": "bot"}] * 4,
                "options": {"tokens_to_win": 10**15},
                "settings": {"bot_delay": 0},
            }
            huge = await http.post("/api/rooms", json=body)
            out["huge_refused"] += huge.status_code == 422
            made = await http.post("/api/rooms", json={**body, "options": {"tokens_to_win": 20}})
            if made.status_code != 201:
                out["codes"].add(made.status_code)
                continue
            out["made"] += 1
            room = made.json()
            rooms.append(room)
            start = await http.post(
                f"/api/rooms/{room['room']['id']}/start",
                headers={"Authorization": f"Bearer {room['host_token']}"},
            )
            if start.status_code == 200:
                out["started"] += 1
            else:
                out["refused_start"] += 1
                out["codes"].add(start.json().get("code"))
    out["rooms"] = rooms
    return out


async def huge_heads(port: int, connections: int = 4, size: int = 64 << 20) -> dict[str, Any]:
    """Connections that each try to send a ``size`` request head."""

    async def one(i: int) -> tuple[int, bytes]:
        reader, writer = await asyncio.open_connection(
            HOST, port, local_addr=(f"127.0.0.{30 + i}", 0)
        )
        sent = 0
        chunk = b"X-Filler: " + b"a" * 65_000 + b"\r\n"
        writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        try:
            while sent < size:
                writer.write(chunk)
                await asyncio.wait_for(writer.drain(), 10)
                sent += len(chunk)
        except (ConnectionError, TimeoutError):
            pass
        try:
            reply = await asyncio.wait_for(reader.read(200), 5)
        except (ConnectionError, TimeoutError):
            reply = b""
        writer.close()
        return sent, reply.split(b"\r\n", 1)[0]

    results = await asyncio.gather(*(one(i) for i in range(connections)))
    return {
        "sent_mib": [round(s / 2**20, 1) for s, _ in results],
        "replies": [r for _, r in results],
    }


async def idle_sockets(port: int, count: int, addresses: int) -> dict[str, Any]:
    """``count`` WebSocket handshakes from ``addresses`` loopback addresses; no hello."""
    request = (
        (
            "GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .format(host=f"{HOST}:{port}")
        .encode()
    )
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    refused = 0

    async def one(i: int) -> None:
        nonlocal refused
        address = f"127.0.{1 + i % addresses // 250}.{1 + i % addresses % 250}"
        try:
            reader, writer = await asyncio.open_connection(HOST, port, local_addr=(address, 0))
            writer.write(request)
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            refused += 1
            return
        if b" 101 " in head.split(b"\r\n", 1)[0]:
            held.append((reader, writer))
        else:
            refused += 1
            writer.close()

    for start in range(0, count, 500):
        await asyncio.gather(*(one(i) for i in range(start, min(count, start + 500))))
    return {"held": held, "refused": refused}


async def still_open(held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]) -> int:
    """How many of ``held`` the server has not closed or begun to close: a socket that
    never said hello hears nothing until the server refuses it (an error and a close
    frame) or ends the connection."""

    async def alive(reader: asyncio.StreamReader) -> bool:
        try:
            await asyncio.wait_for(reader.read(1), 0.01)
            return False  # a refusal, or the end
        except TimeoutError:
            return True
        except OSError:
            return False

    return sum(await asyncio.gather(*(alive(r) for r, _ in held)))


async def many_rooms(url: str, count: int = 1000) -> dict[str, int]:
    statuses: dict[int, int] = {}
    async with _client("127.0.0.40", url) as http:
        body = {"game": "love-letter", "seats": [{"kind": "person"}] * 2}
        for _ in range(count):
            status = (await http.post("/api/rooms", json=body)).status_code
            statuses[status] = statuses.get(status, 0) + 1
    return statuses


# ------------------------------------------------------------------ the run
async def run_attack(name: str, url: str, port: int, play: float) -> dict[str, Any]:
    """One attack (in its own process, so that the attacker's work never delays the
    player's own client): what it got, as JSON-able figures."""
    if name == "bots":
        bots = await endless_bots(url)
        return {k: (sorted(map(str, v)) if isinstance(v, set) else v)
                for k, v in bots.items() if k != "rooms"}  # fmt: skip
    if name == "heads":
        heads = await huge_heads(port)
        return {"sent_mib": heads["sent_mib"], "replies": [r.decode() for r in heads["replies"]]}
    if name.startswith("idle"):
        addresses = int(name[4:])
        started = time.monotonic()
        opened = await idle_sockets(port, 3000, addresses)
        held = opened["held"]
        await asyncio.sleep(max(0.0, play - (time.monotonic() - started)))
        during = await still_open(held)
        await asyncio.sleep(11)  # the hello timeout (10 s) closes the rest
        return {"accepted": len(held), "refused": opened["refused"], "open": during,
                "open_later": await still_open(held)}  # fmt: skip
    if name == "rooms":
        return {"statuses": await many_rooms(url)}
    raise SystemExit(f"no attack {name!r}")


async def attack(url: str, port: int, pid: int, play: float, db: str) -> None:
    player = Player(url, f"ws://{HOST}:{port}/ws")
    await player.open()

    def line(name: str, rtts: list[float]) -> None:
        print(f"{name:<28} {figures(rtts)}; server {rss_mib(pid):.0f} MiB")

    async def phase(name: str, title: str) -> tuple[list[float], dict[str, Any]]:
        child = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--attack", name, url, str(port), str(play),
            stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        rtts = await player.play(play)
        out, _ = await child.communicate()
        line(title, rtts)
        return rtts, json.loads(out.decode().strip().splitlines()[-1])

    await player.play(2)  # warm-up
    line("before", await player.play(play))

    _rtts, bots = await phase("bots", "20 endless-bot attempts")
    moves = sqlite3.connect(db).execute("SELECT count(*) FROM actions").fetchone()[0]
    print(
        f"    tokens_to_win 10**15 refused {bots['huge_refused']}/20; rooms made {bots['made']}, "
        f"started {bots['started']}, refused {bots['refused_start']} (codes {bots['codes']}); "
        f"{moves} moves stored so far"
    )
    _rtts, heads = await phase("heads", "4 huge request heads")
    print(f"    sent before the server closed: {heads['sent_mib']} MiB")
    for name, title in (
        ("idle60", "3,000 idle sockets, 60 addrs"),
        ("idle1", "3,000 idle, 1 addr"),
    ):
        _rtts, idle = await phase(name, title)
        print(
            f"    handshakes accepted {idle['accepted']}, refused {idle['refused']}; still open "
            f"after {play:.0f} s: {idle['open']}, 11 s later: {idle['open_later']}"
        )
    _rtts, rooms = await phase("rooms", "1,000 room creations")
    print(f"    statuses {dict(sorted(rooms['statuses'].items()))}")

    line("after", await player.play(play))
    moves = sqlite3.connect(db).execute("SELECT count(*) FROM actions").fetchone()[0]
    print(
        f"player: {figures(player.rtts)}, {player.failures} refused; server peak memory "
        f"{peak_memory_mib(pid):.0f} MiB; {moves} moves stored in all; "
        f"database {Path(db).stat().st_size / 2**20:.1f} MiB"
    )


def _raise_fd_limit() -> tuple[int, int]:
    """The soft limit on open files up to the hard one (the server and the attackers
    inherit it); returns the two limits as they were."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return soft, hard


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]), sys.argv[3])
        return
    if len(sys.argv) == 6 and sys.argv[1] == "--attack":
        _raise_fd_limit()
        name, url, port, play = sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
        print(json.dumps(asyncio.run(run_attack(name, url, port, play))))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--play", type=float, default=10.0, help="seconds of play per phase")
    args = parser.parse_args()
    soft, hard = _raise_fd_limit()
    print(f"abuse: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}; fd limit {soft} -> {hard}")
    folder = Path(tempfile.mkdtemp(prefix="rumizi-abuse-"))
    db = str(folder / "abuse.db")
    port = free_port()
    with open(folder / "server.log", "wb") as log:
        server = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(port), db], stdout=log, stderr=log
        )
        try:
            url = f"http://{HOST}:{port}"
            for _ in range(600):
                try:
                    httpx.get(f"{url}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    if server.poll() is not None:
                        raise SystemExit((folder / "server.log").read_text()) from None
                    time.sleep(0.05)
            asyncio.run(asyncio.wait_for(attack(url, port, server.pid, args.play, db), 600))
        finally:
            server.terminate()
            server.wait(30)
    tracebacks = (folder / "server.log").read_text(errors="replace").count("Traceback")
    print(f"server log: {tracebacks} tracebacks")


if __name__ == "__main__":
    main()
