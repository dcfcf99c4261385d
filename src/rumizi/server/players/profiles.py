"""A player's profile: games played and won per game, the last matches (with their
replays), and on the player's own page the unfinished tables. Read from the seats the
player held (``player_seats``) and the matches of those rooms (``ix_matches_room``)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from ..store import Store, schema
from .tables import player_seats, players

LAST = 20
"""How many of the last matches a profile lists."""
COUNTED = 1000
"""How many of the latest matches the counts per game are made of."""


async def profile(store: Store, player_id: str, own: bool) -> dict[str, Any] | None:
    """The profile of ``player_id`` (None: no such player). Another's profile shows only
    matches of public rooms; one's own, every match."""
    p, ps, m, r = players, player_seats, schema.matches, schema.rooms
    who = sa.select(p.c.name, p.c.avatar, p.c.account_at, p.c.deleted_at).where(p.c.id == player_id)
    played = (
        sa.select(
            m.c.id,
            m.c.game,
            m.c.players,
            m.c.finished_at,
            m.c.outcome,
            m.c.aborted,
            m.c.room_id,
            ps.c.seat,
        )
        .join(ps, ps.c.room_id == m.c.room_id)
        .join(r, r.c.id == m.c.room_id)
        .where(ps.c.player_id == player_id, m.c.finished_at.is_not(None))
        .order_by(m.c.finished_at.desc())
        .limit(COUNTED)
    )
    if not own:
        played = played.where(r.c.public.is_(True))
    async with store.quick.connect() as conn:
        row = (await conn.execute(who)).first()
        if row is None:
            return None
        rows = (await conn.execute(played)).all()
    per_game: dict[str, dict[str, int]] = {}
    last: list[dict[str, Any]] = []
    for match in rows:
        outcome = match.outcome or {}
        won = match.aborted is None and match.seat in outcome.get("winners", ())
        if match.aborted is None:
            counts = per_game.setdefault(match.game, {"played": 0, "won": 0})
            counts["played"] += 1
            counts["won"] += int(won)
        if len(last) < LAST:
            last.append(
                {
                    "match": match.id,
                    "room": match.room_id,
                    "game": match.game,
                    "players": match.players,
                    "seat": match.seat,
                    "finished_at": match.finished_at,
                    "won": won,
                    "aborted": match.aborted is not None,
                }
            )
    deleted = row.deleted_at is not None
    return {
        "player": {
            "id": player_id,
            "name": None if deleted else row.name,
            "avatar": row.avatar,
            "account": row.account_at is not None and not deleted,
            "deleted": deleted,
        },
        "games": [{"game": g, **c} for g, c in sorted(per_game.items())],
        "last": last,
        "own": own,
    }
