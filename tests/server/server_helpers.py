"""Helpers of the server tests: a real uvicorn server in a child process, and clients.

``ServerProcess`` runs ``run_server.py`` in a child process, so a test can SIGKILL it and
start it again on the same database. ``Player`` is an asyncio WebSocket client that keeps
every message it receives, for the no-leak checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

HERE = Path(__file__).parent
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


RELAXED = {
    **{
        f"RUMIZI_RATE_{kind}": "1000000/1"
        for kind in ("CREATE", "LESSON", "JOIN", "GUESS", "ACT", "CONNECT", "READ")
    },
    "RUMIZI_OPEN_ROOMS_PER_ADDRESS": "0",
}
"""Rates and an open-room cap no test reaches (the tests all come from one address);
limit tests set their own."""


class ServerProcess:
    """``rumizi serve`` (with the test games) in a child process; ``env`` sets its limits
    (``RUMIZI_*`` variables, over relaxed rates)."""

    def __init__(
        self,
        db: str,
        log_path: Path,
        env: dict[str, str] | None = None,
        cluster: tuple[str, float] | None = None,
        open_files: int | None = None,
    ) -> None:
        self.db = db
        self.open_files = open_files  # the child's open-file limit (soft and hard)
        self.log_path = log_path
        self.cluster = cluster  # (Redis URL, lease seconds): one worker of several
        self.env = {**os.environ, **RELAXED, **(env or {})}
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{HOST}:{self.port}/ws"

    def start(self) -> ServerProcess:
        for _ in range(5):
            self.port = free_port()
            if self.cluster is not None:  # where clients that follow a redirect reach it
                self.env["RUMIZI_WORKER_URL"] = self.ws_url
            with open(self.log_path, "ab") as out:
                self.proc = subprocess.Popen(
                    [
                        sys.executable,
                        str(HERE / "run_server.py"),
                        HOST,
                        str(self.port),
                        self.db,
                        *([] if self.cluster is None else map(str, self.cluster)),
                    ],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    env=self.env,
                    preexec_fn=None if self.open_files is None else self._limit_files,
                )
            if self._wait_ready():
                return self
            self.stop()
        raise RuntimeError(f"the server did not start; see {self.log_path}:\n{self.log()}")

    def _limit_files(self) -> None:
        import resource

        assert self.open_files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + (30 if self.cluster is None else 90)  # two start at once
        assert self.proc is not None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return True
            time.sleep(0.05)
        return False

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush: what a crash or power cut looks like to the process."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=20)


@contextlib.contextmanager
def two_workers(
    postgres_url: str, redis_url: str, logs: Path, name: str, lease: float
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Workers A and B of one cluster over a fresh PostgreSQL database ``name`` beside
    ``postgres_url``'s and the Redis at ``redis_url``, started at once."""
    from concurrent.futures import ThreadPoolExecutor

    base = postgres_url.rsplit("/", 1)[0]
    asyncio.run(create_database(base + "/rumizi", name))
    a, b = (
        ServerProcess(f"{base}/{name}", logs / f"{worker}.log", cluster=(redis_url, lease))
        for worker in "ab"
    )
    with ThreadPoolExecutor(2) as starting:  # both start at once
        started = [starting.submit(a.start), starting.submit(b.start)]
    try:
        for s in started:
            s.result()
        yield a, b
    finally:
        a.stop()
        b.stop()


async def create_database(url: str, name: str) -> None:
    """A fresh (emptied) PostgreSQL database ``name`` on the server of ``url``."""
    import asyncpg

    conn = await asyncpg.connect(url.replace("postgresql+asyncpg", "postgresql"))
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()


def create_room(http: httpx.Client, **body: Any) -> dict[str, Any]:
    response = http.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Player:
    """A WebSocket client of one seat (or a spectator); ``messages`` keeps all it got."""

    def __init__(self, ws_url: str, token: str, name: str = "") -> None:
        self.ws_url = ws_url
        self.token = token
        self.name = name
        self.ws: ClientConnection | None = None
        self.messages: list[dict[str, Any]] = []
        self.inbox: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None  # the last update
        self.events: list[dict[str, Any]] = []  # every event seen, in order
        self.redirects: list[dict[str, Any]] = []  # the redirects followed

    async def connect(
        self, match: str | None = None, index: int | None = None, follow: bool = False
    ) -> dict[str, Any]:
        """Say hello (``follow``: following a ``redirect`` to the room's owner, as often
        as it comes, up to three times); the welcome."""
        hello: dict[str, Any] = {"type": "hello", "token": self.token}
        if match is not None:
            hello["match"] = match
        if index is not None:
            hello["index"] = index
        if follow:
            hello["follow"] = True
        for _ in range(4):
            self.ws = await connect(self.ws_url, max_size=None)
            await self.send(hello)
            first = await self.recv()
            if first["type"] != "redirect":
                self.inbox.append(first)
                return await self.expect("welcome")
            self.redirects.append(first)
            await self.close()
            self.ws_url = first["url"]
        raise AssertionError(f"{self.name}: redirected again and again: {self.redirects}")

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def send_raw(self, text: str | bytes) -> None:
        assert self.ws is not None
        await self.ws.send(text)

    async def recv(self, timeout: float = 20) -> dict[str, Any]:
        assert self.ws is not None
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.messages.append(message)
        if message["type"] == "update":
            if message["since"] == 0:
                self.events = []
            self.events.extend(message["events"])
            self.last = message
        return message

    async def wait_for(
        self, check: Callable[[dict[str, Any]], bool], timeout: float = 20
    ) -> dict[str, Any]:
        """The first message (already received and unread, or coming) that ``check`` likes."""
        for i, message in enumerate(self.inbox):
            if check(message):
                del self.inbox[: i + 1]
                return message
        self.inbox.clear()
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no such message; last: {self.messages[-3:]}")
            try:
                message = await self.recv(left)
            except TimeoutError as quiet:
                last = self.messages[-3:]
                raise TimeoutError(f"{self.name}: no such message; last: {last}") from quiet
            if check(message):
                return message

    async def expect(self, kind: str, timeout: float = 20) -> dict[str, Any]:
        return await self.wait_for(lambda m: m["type"] == kind, timeout)

    async def drain(self, quiet: float = 0.2) -> None:
        """Read what arrives until nothing comes for ``quiet`` seconds."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.inbox.append(await self.recv(quiet))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None


def as_json(data: Any) -> Any:
    """``data`` as a client receives it (tuples become lists, keys strings)."""
    return json.loads(json.dumps(data))


def rebuild(game: Any, replay: dict[str, Any]) -> tuple[list[Any], list[int], Any]:
    """Every position of a finished match from its replay: the states (copies), where
    each index's events start, and the rebuilt ``Match``."""
    import copy

    from rumizi.engine import Match

    match = Match(game, replay["players"], replay["seed"], replay["options"])
    states = [copy.deepcopy(match.state)]
    marks = [len(match.events)]
    for seat, action in replay["log"]:
        match.apply(seat, action)
        states.append(copy.deepcopy(match.state))
        marks.append(len(match.events))
    return states, marks, match


def full_replay(http: httpx.Client, match: str, headers: dict[str, str]) -> dict[str, Any]:
    """A whole replay, its pages put together (``positions`` of every page, in order)."""
    start: int | None = 0
    whole: dict[str, Any] = {}
    positions: list[Any] = []
    while start is not None:
        reply = http.get(f"/api/matches/{match}/replay", params={"start": start}, headers=headers)
        assert reply.status_code == 200, reply.text
        body = reply.json()
        assert body["start"] == start == len(positions)
        positions.extend(body["positions"])
        whole, start = body, body["next"]
    whole["positions"] = positions
    assert len(positions) == whole["total"]
    return whole
