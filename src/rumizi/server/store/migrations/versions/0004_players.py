"""Players: lasting identities, their server-side sessions, the seats they hold, and
accounts' passkeys with the WebAuthn challenges in flight.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("avatar", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("account_at", sa.Float, nullable=True),
        sa.Column("deleted_at", sa.Float, nullable=True),
        sa.Column("email", sa.String(254), nullable=True, unique=True),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
        sa.Column("user_agent", sa.String(200), nullable=False),
        sa.Column("ended_at", sa.Float, nullable=True),
    )
    op.create_index("ix_sessions_player", "sessions", ["player_id"])
    op.create_table(
        "player_seats",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_player_seats_player", "player_seats", ["player_id", "at"])
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(1400), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
    )
    op.create_index("ix_passkeys_player", "passkeys", ["player_id"])
    op.create_table(
        "webauthn_challenges",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("challenge", sa.LargeBinary, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_webauthn_challenges_expires", "webauthn_challenges", ["expires_at"])
    op.create_index("ix_matches_room", "matches", ["room_id"])
    op.create_table(
        "email_links",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_index("ix_email_links_expires", "email_links", ["expires_at"])


def downgrade() -> None:
    op.drop_table("email_links")
    op.drop_index("ix_matches_room", "matches")
    op.drop_table("webauthn_challenges")
    op.drop_table("passkeys")
    op.drop_table("player_seats")
    op.drop_table("sessions")
    op.drop_table("players")
