"""Tokens: unguessable secrets handed out once, and kept only as hashes.

The server stores and compares SHA-256 hashes of tokens, never the tokens themselves: a
copy of the database lets nobody take a seat. Any text hashes (a token with characters
outside ASCII is simply one that matches nothing).
"""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    """A fresh token: 24 random bytes, URL-safe."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """The hash the server keeps of ``token`` (64 hex digits)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(stored: str | None, token_hashed: str) -> bool:
    """Whether a stored hash is the hash of the token asked about (in constant time)."""
    return stored is not None and secrets.compare_digest(stored, token_hashed)


def seed_hash(match_id: str, seed: int) -> str:
    """The commitment a match publishes when it starts: its seed, hashed with its id.

    Once the match is over the seed is revealed; anyone can check
    ``sha256(f"rumizi-seed:{match}:{seed}")`` against the hash shown at the start.
    """
    return hashlib.sha256(f"rumizi-seed:{match_id}:{seed}".encode()).hexdigest()
