"""The player layer's tables (made by migration 0004): players, their sessions and the
seats they hold. Session ids are kept as SHA-256 hashes, like seat tokens."""

from __future__ import annotations

import sqlalchemy as sa

from ..store.schema import metadata

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("avatar", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    # When it became an account (its first passkey), and when the account was deleted.
    sa.Column("account_at", sa.Float, nullable=True),
    sa.Column("deleted_at", sa.Float, nullable=True),
    # An account's e-mail address, where it signs in by a one-time link (never shown).
    sa.Column("email", sa.String(254), nullable=True, unique=True),
)

sessions = sa.Table(
    "sessions",
    metadata,
    # SHA-256 of the cookie's value: a copy of the database signs nobody in.
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
    sa.Column("user_agent", sa.String(200), nullable=False),
    sa.Column("ended_at", sa.Float, nullable=True),
    sa.Index("ix_sessions_player", "player_id"),
)

player_seats = sa.Table(
    "player_seats",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_player_seats_player", "player_id", "at"),
)

passkeys = sa.Table(
    "passkeys",
    metadata,
    # The credential's id (base64url, as WebAuthn sends it) and its public key (COSE).
    sa.Column("id", sa.String(1400), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("public_key", sa.LargeBinary, nullable=False),
    sa.Column("sign_count", sa.BigInteger, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_used", sa.Float, nullable=True),
    sa.Index("ix_passkeys_player", "player_id"),
)

challenges = sa.Table(
    "webauthn_challenges",
    metadata,
    # The SHA-256 of the handle the page holds; each challenge is used once.
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("challenge", sa.LargeBinary, nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("player_id", sa.String(32), nullable=True),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Index("ix_webauthn_challenges_expires", "expires_at"),
)

email_links = sa.Table(
    "email_links",
    metadata,
    # The SHA-256 of the link's token; the address it was sent to; the guest who asked.
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("email", sa.String(254), nullable=False),
    sa.Column("player_id", sa.String(32), nullable=True),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Column("used_at", sa.Float, nullable=True),
    sa.Index("ix_email_links_expires", "expires_at"),
)
