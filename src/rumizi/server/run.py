"""Run the server under uvicorn (what ``rumizi serve`` does)."""

from __future__ import annotations

import gc
import logging
import resource
from typing import Any

import uvicorn

from .app import create_app
from .cluster.worker import ClusterSettings
from .http.reading import guarded_http
from .limits import Limits
from .protocol import MAX_MESSAGE_BYTES

DEFAULT_DB = "rumizi.db"
"""The SQLite file in the current folder, made on first start."""

FULL_ADDRESSES = 32
"""How many addresses the open-file limit should let hold ``sockets_per_address``
sockets each (besides the server's own files), without a warning at start."""
OWN_FILES = 256
"""Files the server holds itself: the database, its processes' pipes, logs, listeners."""

log = logging.getLogger("rumizi.server")


def files_wanted(limits: Limits) -> int:
    """The open-file limit ``rumizi serve`` asks for: every socket is a file."""
    return FULL_ADDRESSES * max(1, limits.sockets_per_address) + OWN_FILES


def check_open_files(limits: Limits) -> int:
    """Raise the soft open-file limit towards the hard one, up to what the connection
    limits want (``files_wanted``), and warn when it stays below that: with the common
    1,024, a few addresses holding their sockets (or silent connections) use every file
    and the server can accept no one. Returns the soft limit now."""
    wanted = files_wanted(limits)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
        if raised > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
                soft = raised
            except (ValueError, OSError):
                pass
    if soft != resource.RLIM_INFINITY and soft < wanted:
        log.warning(
            "the open-file limit is %d, low for the connection limits (%d sockets per address: "
            "%d files wanted): %d addresses can take every file; raise it "
            "(systemd: LimitNOFILE=65536; a shell: ulimit -n)",
            soft,
            limits.sockets_per_address,
            wanted,
            max(1, soft // max(1, limits.sockets_per_address)),
        )
    return int(soft)


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = DEFAULT_DB,
    *,
    access_log: bool = False,
    limits: Limits | None = None,
    redis: str | None = None,
    lease: float | None = None,
) -> None:
    """Serve HTTP and WebSockets on ``host:port`` over the database ``db`` until stopped.

    ``db`` is an SQLite file path or a URL (``postgresql+asyncpg://user@host/name``).
    uvloop and httptools carry the traffic; the WebSocket layer closes a connection that
    sends a frame over 1 MiB (code 1009), and the app answers anything over
    ``MAX_MESSAGE_BYTES`` with an error message. Request heads are limited in size and
    time (``limits.header_bytes``, ``limits.header_seconds``): see ``guarded_http``.

    With ``redis`` (a URL such as ``redis://host:6379/0``) this process is one worker of
    several sharing the database ``db`` (PostgreSQL), with leases of ``lease`` seconds
    (default: ``RUMIZI_LEASE_SECONDS`` or 5): see ``cluster/worker.py`` and ``docs/deploy.md``.
    """
    limits = Limits.from_env() if limits is None else limits
    _short_collections()
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("alembic").setLevel(logging.WARNING)
    check_open_files(limits)
    cluster = None if redis is None else ClusterSettings.from_env(redis, lease)
    config = uvicorn.Config(
        create_app(db, limits, cluster),
        host=host,
        port=port,
        loop="uvloop",
        http=guarded_http(limits),
        ws="websockets-sansio",
        ws_max_size=max(MAX_MESSAGE_BYTES * 64, 1 << 20),
        ws_per_message_deflate=False,
        access_log=access_log,
        log_level="info",
        timeout_graceful_shutdown=5,
        timeout_keep_alive=max(1, round(limits.keep_alive_seconds)),
    )
    uvicorn.Server(config).run()


def _short_collections() -> None:
    """Keep the garbage collector's full passes short.

    The matches in play hold many small objects (events, log entries) that live as long
    as their match. A full collection scans every object, and with thousands of moves
    stored it stalled every client for 100 ms and more. After each full pass, what
    survived it is moved out of the collector's sight (``gc.freeze``), so the next pass
    scans only what is new. Those objects are still freed by reference counting when
    their match or room goes; the server breaks its own reference cycles when a client
    leaves.
    """
    gc.collect()
    gc.freeze()

    def after(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info.get("generation") == 2:
            gc.freeze()

    gc.callbacks.append(after)
