"""The load generator's side of the server benchmarks: lean WebSocket clients, one per
seat, and the figures they collect (``server_load.py``, ``server_load_cluster.py``).

A client acts as soon as its update says it may: it plays one of its legal actions (the
bench game has exactly one, the next number; a real game's are chosen at random), and
measures from the action sent to its own acknowledged update.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import random
import socket
import time
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def thread_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds so far of a process's main thread (the event loop) and of its other
    threads (the database writer, the thread pool) together."""
    tick = os.sysconf("SC_CLK_TCK")
    main = other = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        spent = (int(fields[11]) + int(fields[12])) / tick
        if task.name == str(pid):
            main += spent
        else:
            other += spent
    return main, other


def peak_memory_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


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
        if message["legal"]:
            index = message["index"]
            action = self.stats.rng.choice(message["legal"])  # the bench game: the only one
            self.sent_at = time.perf_counter()
            if not self.stats.first_send:
                self.stats.first_send = self.sent_at
            self.send({"type": "act", "action": action, "index": index, "ref": index})


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.when: list[float] = []
        self.acked: dict[str, list[int]] = {}
        self.errors: list[dict[str, Any]] = []
        self.first_send = 0.0
        self.rng = random.Random(7)


OPEN_LIMITS = {
    "RUMIZI_SOCKETS_PER_ADDRESS": "100000",
    "RUMIZI_OPEN_ROOMS_PER_ADDRESS": "0",  # every table is made from here before it starts
    **{f"RUMIZI_RATE_{kind}": "inf/1" for kind in ("CREATE", "JOIN", "ACT", "CONNECT", "READ")},
}
"""The server's limits in every run: all the clients come from one address (loopback), so
the per-address socket, open-room and rate limits would refuse most of them."""


GAME_ID = "bench-tally"
"""The bench game (``bench_tally``), registered in the servers the benches start."""


async def make_room(http: Any, moves: int, game: str = GAME_ID) -> dict[str, Any]:
    """A two-person room that starts when both are ready (``http``: an
    ``httpx.AsyncClient`` of one worker): of the bench game, ``moves`` actions long, or
    of a real ``game`` with its default options (as long as its match takes)."""
    made = await http.post(
        "/api/rooms",
        json={
            "game": game,
            "seats": [{"kind": "person"}, {"kind": "person"}],
            "options": {"moves": moves} if game == GAME_ID else {},
            "settings": {"autostart": True, "grace_seconds": 600},
        },
    )
    made.raise_for_status()
    room: dict[str, Any] = made.json()
    return room


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def loop_runner() -> Any:
    try:
        import uvloop

        return uvloop.run
    except ImportError:  # pragma: no cover - uvicorn[standard] brings uvloop
        return asyncio.run


class Moving:
    """One seat's client that outlives its socket: when the socket breaks (its worker
    died, or its room moved: the ``moved`` error) it connects again, to the next worker,
    saying where it was; ``pauses`` gets the time from its last update before the break
    to its first one after. With ``follow`` it says it can follow a ``redirect`` to its
    room's owner (and does, at once); without, a worker passes its socket on to the owner
    through Redis."""

    def __init__(
        self,
        token: str,
        seat: int,
        stats: Stats,
        ports: list[int],
        pauses: list[float],
        follow: bool = False,
    ) -> None:
        self.token, self.seat, self.stats = token, seat, stats
        self.ports, self.pauses = ports, pauses
        self.follow = follow
        self.redirects = 0
        self.leg: Leg | None = None
        self.welcomed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
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
        self.leg = leg
        return leg

    def redirect(self, url: str) -> None:
        """Sent to the room's owner (``ws://host:port/ws``): connect there at once."""
        self.redirects += 1
        port = int(url.rsplit(":", 1)[1].split("/", 1)[0])

        async def again() -> None:
            try:
                await self.connect(port)
            except OSError:
                self.broke()

        asyncio.get_running_loop().create_task(again())

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
        if self.moving.follow:
            hello["follow"] = True
        return hello

    def on_message(self, message: dict[str, Any]) -> None:
        if self.gone:
            return
        if message["type"] == "error" and message.get("code") == "moved":
            self.lost()
            return
        if message["type"] == "redirect":
            self.gone = True
            if self.transport is not None:
                self.transport.abort()
            self.moving.redirect(message["url"])
            return
        if message["type"] == "welcome" and not self.moving.welcomed.done():
            self.moving.welcomed.set_result(None)
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


def finished_well(done: asyncio.Future[None]) -> bool:
    """Whether a client's match ended with it there (not cut off by the time limit,
    which cancels the clients still playing, nor by a lost connection)."""
    return done.done() and not done.cancelled() and done.exception() is None
