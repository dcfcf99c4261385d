"""The tables: rooms, their seats, the matches played in them and each match's action log.

The log (``actions``) is the save file: a match is rebuilt from its seed, options and
log with ``Match.replay``. ``(match_id, idx)`` is the primary key, so one log index can
never hold two actions. Tokens are kept as SHA-256 hashes (``server/tokens.py``).
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

rooms = sa.Table(
    "rooms",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("public", sa.Boolean, nullable=False),
    sa.Column("title", sa.String(120), nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("host_token", sa.String(64), nullable=False, unique=True),
    sa.Column("spectator_token", sa.String(64), nullable=False, unique=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("match_id", sa.String(32), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("owner", sa.String(32), nullable=True),
    sa.Column("bots_only", sa.Boolean, nullable=False, server_default=sa.false()),
    # The lease number of the worker that owns the room (several workers, see cluster/worker.py):
    # a write from an older owner is refused.
    sa.Column("epoch", sa.BigInteger, nullable=False, server_default=sa.text("0")),
    sa.Index("ix_rooms_lobby", "public", "status"),
    sa.Index("ix_rooms_bots", "bots_only", "status"),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("bot", sa.String(64), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token", sa.String(64), nullable=True, unique=True),
    sa.Column("joined", sa.Boolean, nullable=False),
    sa.Column("ready", sa.Boolean, nullable=False),
)

matches = sa.Table(
    "matches",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("started_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("outcome", sa.JSON, nullable=True),
    sa.Column("aborted", sa.String(200), nullable=True),
    sa.Index("ix_matches_unfinished", "finished_at"),
    sa.Index("ix_matches_room", "room_id"),  # a player's history (players/profiles.py)
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
