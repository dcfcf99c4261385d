"""Who a token is in a room (its host, its spectators, or one of its seats), and the room
object's fields that do not depend on who is connected."""

from __future__ import annotations

from typing import Any

from ..store import MatchRow, RoomRow
from ..tokens import matches, seed_hash


def role_of_hash(row: RoomRow, hashed: str) -> tuple[str, int | None] | None:
    """The role of the token hashing to ``hashed`` in the room ``row``."""
    if matches(row.host_token, hashed):
        return "host", None
    if matches(row.spectator_token, hashed):
        return "spectator", None
    for seat in row.seats:
        if matches(seat.token, hashed):
            return "seat", seat.seat
    return None


def room_head(row: RoomRow, match: MatchRow | None) -> dict[str, Any]:
    """The room object's fields that do not depend on who is connected.

    ``seed_hash`` is published when a match starts; ``seed`` only once it is over."""
    over = match is not None and match.finished_at is not None
    return {
        "id": row.id,
        "game": row.game,
        "title": row.title,
        "options": row.options,
        "public": row.public,
        "stacked": "deck" in row.options,
        "status": row.status,
        "match": None if match is None else match.id,
        "number": None if match is None else match.number,
        "seed_hash": None if match is None else seed_hash(match.id, match.seed),
        "seed": match.seed if over and match is not None else None,
        "aborted": None if match is None else match.aborted,
    }
