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
import socket
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
    from rumizi.server.store import database_url

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
    from rumizi.server.store import Store

    async def probe() -> None:
        store = await Store.open(url)
        await store.close()

    try:
        asyncio.run(probe())
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


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = DEFAULT_DB) -> str:
    """Check the settings (``ServeError``), then serve on ``host:port`` over ``db`` (an
    SQLite file path, made on first start in WAL mode, or a URL such as
    ``postgresql+asyncpg://user@host/name``) until Ctrl-C. Returns the page address."""
    check_port(port)
    url = check_database(db)
    check_address(host, port)
    check_reachable(url)
    address = page_address(host, port)
    print(f"Rumizi is starting: open {address} in a browser (Ctrl-C stops).", flush=True)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: a clean stop, exit status 0
        run(host, port, db)
    return address


__all__ = ["DEFAULT_DB", "ServeError", "serve"]
