"""``rumizi serve``: run the game server (FastAPI under uvicorn).

Before the server starts, what a person can get wrong is checked and reported in one
line (no traceback): the port, the database URL's kind, an SQLite file that cannot be
made or written, a database that cannot be reached, an address already in use.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from rumizi.server.run import DEFAULT_DB, run

SUPPORTED = ("sqlite+aiosqlite", "postgresql+asyncpg")
"""The database drivers the server is tested with."""


class ServeError(Exception):
    """A setting ``rumizi serve`` cannot start with; the message is one line for a person."""


def check_port(port: int) -> None:
    if not 1 <= port <= 65535:
        raise ServeError(f"--port must be from 1 to 65535, not {port}")


def check_database(db: str) -> str:
    """The async URL for ``db`` once its kind and (for SQLite) its file are usable."""
    from rumizi.server.store.archive import database_url

    url = database_url(db)
    scheme = url.split("://", 1)[0] if "://" in url else ""
    if scheme not in SUPPORTED:
        raise ServeError(
            f"--db {db!r}: unsupported database; give an SQLite file path "
            "or a URL such as postgresql://user@host/name"
        )
    if scheme.startswith("sqlite"):
        path = url.split(":///", 1)[1]
        if path and path != ":memory:":
            _check_sqlite_file(Path(path), db)
    return url


def _check_sqlite_file(path: Path, db: str) -> None:
    folder = path.parent
    if not folder.is_dir():
        raise ServeError(f"--db {db!r}: the folder {folder} does not exist")
    if path.exists():
        if path.is_dir():
            raise ServeError(f"--db {db!r}: {path} is a folder, not a database file")
        if not os.access(path, os.R_OK | os.W_OK):
            raise ServeError(f"--db {db!r}: {path} cannot be read and written")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise ServeError(f"--db {db!r}: cannot create a file in {folder}")


def check_reachable(url: str) -> None:
    """Open the store once (creating or upgrading its schema) and close it again."""
    from rumizi.server.store.archive import check_open

    try:
        asyncio.run(check_open(url))
    except Exception as e:  # any driver's error: shown in one line, not a traceback
        reason = " ".join(str(e).split()) or type(e).__name__
        raise ServeError(f"cannot open the database: {reason}") from None


def check_address(host: str, port: int) -> None:
    """Fail early when ``host:port`` cannot be listened on (in use, or not this machine's)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise ServeError(f"--host {host!r}: {e.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise ServeError(f"{host}:{port} is already in use (try another --port)") from None
            raise ServeError(f"cannot listen on {host}:{port}: {e.strerror}") from None


def page_address(host: str, port: int) -> str:
    """Where a person on this machine opens the page."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def check_cluster(url: str, redis: str | None, workers: int) -> None:
    """Several workers need Redis (to share rooms) and PostgreSQL (one database for all)."""
    if workers < 1:
        raise ServeError(f"--workers must be 1 or more, not {workers}")
    if redis is None:
        if workers > 1:
            raise ServeError("--workers needs --redis URL: the workers share rooms through Redis")
        return
    if not url.startswith("postgresql"):
        raise ServeError(
            "--redis needs a PostgreSQL --db (postgresql://user@host/name): every worker "
            "writes to the one database"
        )
    try:
        from redis import Redis
    except ImportError:
        raise ServeError("--redis needs the Redis client: pip install 'rumizi[cluster]'") from None
    try:
        client = Redis.from_url(redis, socket_connect_timeout=5)
        client.ping()
        client.close()
    except Exception as e:
        reason = " ".join(str(e).split()) or type(e).__name__
        raise ServeError(f"--redis {redis!r}: cannot reach Redis: {reason}") from None


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = DEFAULT_DB,
    redis: str | None = None,
    workers: int = 1,
    lease: float | None = None,
) -> str:
    """Check the settings (``ServeError``), then serve on ``host:port`` over ``db`` (an
    SQLite file path, made on first start in WAL mode, or a URL such as
    ``postgresql+asyncpg://user@host/name``) until Ctrl-C. Returns the page address.

    With ``redis`` this process is one worker of a cluster (``server/cluster/worker.py``); with
    ``workers`` > 1 it starts that many worker processes, on ports ``port`` to
    ``port + workers - 1``, and starts again any that dies."""
    check_port(port)
    check_port(port + workers - 1)
    url = check_database(db)
    check_cluster(url, redis, workers)
    for p in range(port, port + workers):
        check_address(host, p)
    check_reachable(url)
    address = page_address(host, port)
    if workers > 1:
        assert redis is not None
        last = page_address(host, port + workers - 1).rsplit(":", 1)[1]
        print(
            f"Rumizi is starting {workers} workers on {address} to :{last} "
            "(put a reverse proxy in front; Ctrl-C stops them).",
            flush=True,
        )
        run_workers(host, port, db, redis, workers, lease)
        return address
    print(f"Rumizi is starting: open {address} in a browser (Ctrl-C stops).", flush=True)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: a clean stop, exit status 0
        run(host, port, db, redis=redis, lease=lease)
    return address


def run_workers(
    host: str, port: int, db: str, redis: str, workers: int, lease: float | None
) -> None:
    """Run ``workers`` worker processes until Ctrl-C or SIGTERM; start a dead one again."""

    def start(i: int) -> subprocess.Popen[bytes]:
        args = ["serve", "--host", host, "--port", str(port + i), "--db", db, "--redis", redis]
        if lease is not None:
            args += ["--lease", str(lease)]
        return subprocess.Popen(
            [sys.executable, "-c", "from rumizi.cli import main; main()", *args]
        )

    children = [start(i) for i in range(workers)]
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping:
            time.sleep(0.5)
            for i, child in enumerate(children):
                if child.poll() is not None and not stopping:
                    print(
                        f"worker {i} (port {port + i}) ended ({child.returncode}): "
                        "starting it again"
                    )
                    children[i] = start(i)
    except KeyboardInterrupt:
        pass
    finally:
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGINT)
        for child in children:
            try:
                child.wait(15)
            except subprocess.TimeoutExpired:
                child.kill()


__all__ = ["DEFAULT_DB", "ServeError", "serve"]
