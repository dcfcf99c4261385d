"""The database engines: URLs, SQLite's settings, and the schema's migrations."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from .engines_head import HEAD, MIGRATIONS

__all__ = ["HEAD", "MIGRATIONS"]


MIGRATION_LOCK = 0x72756D697A69
"""The PostgreSQL advisory lock held while the schema is made or upgraded."""


def database_url(db: str) -> str:
    """An async SQLAlchemy URL for ``db``: a URL, or a path to an SQLite file."""
    if "://" not in db:
        return f"sqlite+aiosqlite:///{Path(db).expanduser().resolve()}"
    scheme, rest = db.split("://", 1)
    if scheme == "sqlite":
        return f"sqlite+aiosqlite://{rest}"
    if scheme in ("postgresql", "postgres"):
        return f"postgresql+asyncpg://{rest}"
    return db


def private_file(url: str) -> None:
    """An SQLite database file readable by its owner only (0600), made so if new.

    SQLite gives its ``-wal`` and ``-shm`` files the database file's permissions."""
    if not url.startswith("sqlite"):
        return
    path = url.split("///", 1)[-1]
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.chmod(path + suffix, 0o600)


def to_json(value: Any) -> str:
    """JSON columns' text (actions, options, outcomes): orjson, several times quicker
    than ``json.dumps`` on every action the writer stores; ``json.dumps`` for what orjson
    refuses (an integer over 64 bits). Reading stays ``json.loads``: orjson would read
    such an integer back as a float."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def make_engine(url: str) -> AsyncEngine:
    sqlite = url.startswith("sqlite")
    engine = create_async_engine(
        url,
        connect_args={"timeout": 30} if sqlite else {},
        pool_pre_ping=not sqlite,
        json_serializer=to_json,
    )
    if sqlite:
        sa.event.listen(engine.sync_engine, "connect", sqlite_pragmas)
    return engine


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def schema_version(connection: sa.Connection) -> str | None:
    """The revision the database's schema is at (None: no schema yet)."""
    if not sa.inspect(connection).has_table("alembic_version"):
        return None
    found = connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
    return None if found is None else str(found)


def migrate(connection: sa.Connection) -> None:
    """Make or upgrade the schema, only where it is behind (Alembic, its import included,
    costs a second on every open otherwise)."""
    if schema_version(connection) == HEAD:
        return
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
