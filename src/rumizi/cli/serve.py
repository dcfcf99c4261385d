"""``rumizi serve``: run the game server (FastAPI under uvicorn)."""

from __future__ import annotations

from rumizi.server.run import DEFAULT_DB, run


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = DEFAULT_DB) -> None:
    """Serve on ``host:port`` with the database ``db``: an SQLite file path (made on first
    start, WAL mode) or a URL such as ``postgresql+asyncpg://user@host/name``."""
    run(host, port, db)


__all__ = ["DEFAULT_DB", "serve"]
