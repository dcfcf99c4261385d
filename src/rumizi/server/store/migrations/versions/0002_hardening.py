"""Tokens kept as hashes; who made a room and whether only bots play in it; aborted matches.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN (SQLite can): a batch copy of ``rooms`` would trip
    # over the seats' and matches' foreign keys to it.
    op.add_column("rooms", sa.Column("owner", sa.String(32), nullable=True))
    op.add_column(
        "rooms", sa.Column("bots_only", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("matches", sa.Column("aborted", sa.String(200), nullable=True))
    op.create_index("ix_rooms_bots", "rooms", ["bots_only", "status"])
    conn = op.get_bind()
    rooms = sa.table(
        "rooms",
        sa.column("id", sa.String),
        sa.column("host_token", sa.String),
        sa.column("spectator_token", sa.String),
    )
    seats = sa.table(
        "seats", sa.column("room_id", sa.String), sa.column("seat", sa.Integer),
        sa.column("token", sa.String), sa.column("kind", sa.String),
    )  # fmt: skip
    for row in conn.execute(sa.select(rooms)).all():
        conn.execute(
            sa.update(rooms)
            .where(rooms.c.id == row.id)
            .values(host_token=_hash(row.host_token), spectator_token=_hash(row.spectator_token))
        )
    for row in conn.execute(sa.select(seats).where(seats.c.token.is_not(None))).all():
        conn.execute(
            sa.update(seats)
            .where(seats.c.room_id == row.room_id, seats.c.seat == row.seat)
            .values(token=_hash(row.token))
        )
    # Rooms made before this revision with only bot seats count as all-bot rooms.
    people = sa.select(seats.c.room_id).where(seats.c.kind == "person")
    conn.execute(
        sa.update(sa.table("rooms", sa.column("id"), sa.column("bots_only")))
        .where(sa.column("id").not_in(people))
        .values(bots_only=True)
    )


def downgrade() -> None:
    op.drop_index("ix_rooms_bots", "rooms")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("aborted")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("bots_only")
        batch.drop_column("owner")
