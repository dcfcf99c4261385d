"""The store read without SQLAlchemy: a kept game, or the list of them, straight from an
SQLite file whose schema is current (the standard library's ``sqlite3``, read only).

``rumizi replay``, ``analyse`` and ``games`` read a file of a few games: importing
SQLAlchemy and starting the writer cost them more than a second each time. Where the
schema is behind (or the file is no SQLite file of ours) these say so with ``BEHIND``,
and the caller opens the ``Store``, which upgrades it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

BEHIND = object()
"""What a read returns when the file's schema is not the newest (or not ours)."""


def sqlite_path(db: str) -> Path | None:
    """The file ``db`` names, where it is an SQLite file (a path, or ``sqlite:///path``)."""
    if "://" not in db:
        return Path(db).expanduser()
    scheme, rest = db.split("://", 1)
    if scheme.split("+", 1)[0] == "sqlite" and rest.startswith("/") and rest != "/:memory:":
        return Path(rest[1:]).expanduser()
    return None


def _connect(path: Path) -> sqlite3.Connection | None:
    """The file opened read only, or None where its schema is behind (or not ours)."""
    from .engines_head import HEAD

    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        version = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error:
        return None
    if version is None or version[0] != HEAD:
        conn.close()
        return None
    conn.row_factory = sqlite3.Row
    return conn


def read_match(path: Path, match_id: str, latest: bool) -> Any:
    """``(match row, seats, log)`` of a match (``latest``: the one finished last), None
    where there is none, ``BEHIND`` where the schema is behind."""
    conn = _connect(path)
    if conn is None:
        return BEHIND
    try:
        if latest:
            found = conn.execute(
                "SELECT id FROM matches WHERE finished_at IS NOT NULL "
                "ORDER BY started_at DESC LIMIT 1"
            ).fetchone()
            match_id = found["id"] if found is not None else match_id
        row = conn.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            return None
        seats = conn.execute(
            "SELECT kind, bot, name FROM seats WHERE room_id = ? ORDER BY seat", (row["room_id"],)
        ).fetchall()
        log = [
            (int(a["seat"]), json.loads(a["action"]))
            for a in conn.execute(
                "SELECT seat, action FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)
            )
        ]
        return dict(row), [tuple(s) for s in seats], log
    finally:
        conn.close()


def list_matches(path: Path) -> Any:
    """Every match of the file, newest first: ``(match row, seats, moves)``; ``BEHIND``
    where the schema is behind."""
    conn = _connect(path)
    if conn is None:
        return BEHIND
    try:
        rows = conn.execute(
            "SELECT m.*, (SELECT count(*) FROM actions a WHERE a.match_id = m.id) AS moves "
            "FROM matches m ORDER BY m.started_at DESC"
        ).fetchall()
        out = []
        for row in rows:
            seats = conn.execute(
                "SELECT kind, bot, name FROM seats WHERE room_id = ? ORDER BY seat",
                (row["room_id"],),
            ).fetchall()
            out.append((dict(row), [tuple(s) for s in seats], int(row["moves"])))
        return out
    finally:
        conn.close()
