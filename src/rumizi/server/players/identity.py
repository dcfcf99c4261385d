"""``Players``: who a request is. A guest player is made on the first visit, with a
server-side session behind an opaque cookie (its value is handed out once and kept only
as a hash, like a seat token); the player's name and avatar; the seats a player holds,
to take back from any device the player is signed in on.

Every read and write here is a short statement of its own on the store's engine, made
when a page asks who it is or a room is made, joined or left: never on a move's path.
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from typing import Any

import sqlalchemy as sa

from ..protocol import CreateRoom
from ..store import Store, schema
from ..tokens import new_token, token_hash
from .tables import player_seats, players, sessions

AVATARS = (
    "fox", "owl", "cat", "bear", "deer", "fish", "bird", "frog", "lion", "rabbit", "turtle",
    "whale",
)  # fmt: skip
"""The drawn set a player's avatar comes from (the web client draws each)."""

SEEN_EVERY = 300.0
"""A session's ``last_seen`` is written at most this often (seconds)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str | None
    avatar: str
    created_at: float
    session: str
    """The hash of the session the request came with (never sent anywhere)."""
    account: bool = False
    """An account (it has a passkey), not a guest."""

    def public(self) -> dict[str, Any]:
        """What the player's own pages show of them."""
        return {"id": self.id, "name": self.name, "avatar": self.avatar, "account": self.account}


class Players:
    """The player layer over the server's store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    async def by_session(self, cookie: str | None) -> Player | None:
        """The player of a session cookie, or None (no cookie, unknown or ended)."""
        if not cookie or len(cookie) > 64:
            return None
        hashed = token_hash(cookie)
        s, p = sessions, players
        query = (
            sa.select(p.c.id, p.c.name, p.c.avatar, p.c.created_at, p.c.account_at, s.c.last_seen)
            .join(s, s.c.player_id == p.c.id)
            .where(s.c.id == hashed, s.c.ended_at.is_(None))
        )
        async with self.store.quick.connect() as conn:
            row = (await conn.execute(query)).first()
        if row is None:
            return None
        now = time.time()
        if now - row.last_seen > SEEN_EVERY:
            async with self.engine.begin() as conn:
                await conn.execute(sa.update(s).where(s.c.id == hashed).values(last_seen=now))
        return Player(
            row.id, row.name, row.avatar, row.created_at, hashed, row.account_at is not None
        )

    async def new_guest(self, user_agent: str) -> tuple[Player, str]:
        """A new guest player with its first session; returns it and the cookie's value."""
        now = time.time()
        player_id = secrets.token_hex(8)
        avatar = secrets.choice(AVATARS)
        async with self.engine.begin() as conn:
            await conn.execute(
                sa.insert(players).values(id=player_id, name=None, avatar=avatar, created_at=now)
            )
            cookie = await _open(conn, player_id, user_agent, now)
        return Player(player_id, None, avatar, now, token_hash(cookie)), cookie

    async def open_session(self, player_id: str, user_agent: str) -> str:
        """A new session of the player (a sign-in on another device); its cookie's value."""
        async with self.engine.begin() as conn:
            return await _open(conn, player_id, user_agent, time.time())

    async def change(self, player: Player, name: str | None, avatar: str | None) -> Player:
        """The player's new name and avatar (None: unchanged)."""
        values: dict[str, Any] = {}
        if name is not None:
            values["name"] = name
        if avatar is not None:
            values["avatar"] = avatar
        if values:
            async with self.engine.begin() as conn:
                await conn.execute(
                    sa.update(players).where(players.c.id == player.id).values(values)
                )
        return dataclasses.replace(player, **values)

    async def name_for(self, player: Player | None, name: str | None) -> str | None:
        """The name a seat is taken under: the player's own; a player with none yet takes
        the one given as theirs (they pick a name once)."""
        if player is None or player.name is not None:
            return name if player is None else player.name
        if name is not None:
            await self.change(player, name, None)
        return name

    async def seating(
        self, player: Player | None, body: CreateRoom
    ) -> tuple[CreateRoom, int | None]:
        """A new room's plan with its creator's seat (the first person seat, when they
        sit) named for the player, and that seat's index; unchanged without a player."""
        if player is None or not body.sit:
            return body, None
        mine = next((i for i, s in enumerate(body.seats) if s.kind == "person"), None)
        if mine is None:
            return body, None
        name = await self.name_for(player, body.seats[mine].name)
        seats = list(body.seats)
        seats[mine] = seats[mine].model_copy(update={"name": name})
        return body.model_copy(update={"seats": seats}), mine

    # ---------------------------------------------------------------- sessions
    async def sessions(self, player: Player) -> list[dict[str, Any]]:
        """The player's live sessions, newest first: a handle to end each (a prefix of
        its hash, not the cookie), when made and last seen, the browser, this one or not."""
        s = sessions
        query = (
            sa.select(s.c.id, s.c.created_at, s.c.last_seen, s.c.user_agent)
            .where(s.c.player_id == player.id, s.c.ended_at.is_(None))
            .order_by(s.c.last_seen.desc())
        )
        async with self.store.quick.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [
            {
                "handle": row.id[:16],
                "created_at": row.created_at,
                "last_seen": row.last_seen,
                "user_agent": row.user_agent,
                "current": row.id == player.session,
            }
            for row in rows
        ]

    async def end_session(self, player: Player, handle: str) -> bool:
        """End one of the player's sessions by its handle; False when none matched."""
        if len(handle) != 16 or not all(c in "0123456789abcdef" for c in handle):
            return False
        s = sessions
        end = (
            sa.update(s)
            .where(s.c.player_id == player.id, s.c.id.startswith(handle, autoescape=True))
            .where(s.c.ended_at.is_(None))
            .values(ended_at=time.time())
        )
        async with self.engine.begin() as conn:
            return bool((await conn.execute(end)).rowcount)

    async def end_others(self, player: Player) -> int:
        """Sign out everywhere else: end every session of the player but this one."""
        s = sessions
        end = (
            sa.update(s)
            .where(s.c.player_id == player.id, s.c.id != player.session, s.c.ended_at.is_(None))
            .values(ended_at=time.time())
        )
        async with self.engine.begin() as conn:
            return int((await conn.execute(end)).rowcount)

    # ------------------------------------------------------------------- seats
    async def bind(self, room_id: str, seat: int, player_id: str | None) -> None:
        """The seat now belongs to ``player_id`` (None: to nobody, a token only)."""
        ps = player_seats
        async with self.engine.begin() as conn:
            await conn.execute(sa.delete(ps).where(ps.c.room_id == room_id, ps.c.seat == seat))
            if player_id is not None:
                await conn.execute(
                    sa.insert(ps).values(
                        room_id=room_id, seat=seat, player_id=player_id, at=time.time()
                    )
                )

    async def seat_in(self, player: Player, room_id: str) -> int | None:
        """The player's seat in the room, if they hold one."""
        ps = player_seats
        query = sa.select(ps.c.seat).where(ps.c.room_id == room_id, ps.c.player_id == player.id)
        async with self.store.quick.connect() as conn:
            seat = (await conn.execute(query)).scalar()
        return None if seat is None else int(seat)

    async def tables(self, player: Player, limit: int = 50) -> list[dict[str, Any]]:
        """The player's unfinished tables (open or in play) where their seat is still
        theirs (not left), the latest joined first."""
        ps, r, st = player_seats, schema.rooms, schema.seats
        query = (
            sa.select(r.c.id, r.c.game, r.c.title, r.c.status, ps.c.seat, ps.c.at)
            .join(r, r.c.id == ps.c.room_id)
            .join(st, sa.and_(st.c.room_id == ps.c.room_id, st.c.seat == ps.c.seat))
            .where(ps.c.player_id == player.id, r.c.status.in_(("open", "playing")))
            .where(st.c.joined.is_(True))
            .order_by(ps.c.at.desc())
            .limit(limit)
        )
        async with self.store.quick.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [
            {"room": row.id, "game": row.game, "title": row.title, "status": row.status,
             "seat": row.seat}
            for row in rows
        ]  # fmt: skip


async def _open(conn: Any, player_id: str, user_agent: str, now: float) -> str:
    cookie = new_token()
    values = {"id": token_hash(cookie), "player_id": player_id, "created_at": now}
    values.update(last_seen=now, user_agent=user_agent[:200])
    await conn.execute(sa.insert(sessions).values(values))
    return cookie
