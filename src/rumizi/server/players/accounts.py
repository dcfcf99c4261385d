"""Accounts: a guest's history claimed by the account it signs in to, and an account
deleted (its matches stay, under "a deleted player")."""

from __future__ import annotations

import time

import sqlalchemy as sa

from ..store import Store, schema
from .identity import Player
from .tables import passkeys, player_seats, players, sessions


async def claim(store: Store, guest: Player | None, account_id: str) -> None:
    """A guest that signs in to an account brings its seats (its history and unfinished
    tables) to the account, and its session ends: the browser is the account's now."""
    if guest is None or guest.account or guest.id == account_id:
        return
    ps, s = player_seats, sessions
    async with store.engine.begin() as conn:
        await conn.execute(
            sa.update(ps).where(ps.c.player_id == guest.id).values(player_id=account_id)
        )
        await conn.execute(
            sa.update(s).where(s.c.player_id == guest.id).values(ended_at=time.time())
        )


async def delete(store: Store, player: Player) -> None:
    """Delete the player's account: its name, passkeys and sessions go; the seats it held
    in matches that are over keep their place in those matches, named as nobody's (the
    pages call such a seat by its number), and its unfinished seats are no longer its."""
    now = time.time()
    ps, r, st = player_seats, schema.rooms, schema.seats
    over = sa.select(r.c.id).where(r.c.status == "over").scalar_subquery()
    async with store.engine.begin() as conn:
        held = (
            await conn.execute(
                sa.select(ps.c.room_id, ps.c.seat).where(
                    ps.c.player_id == player.id, ps.c.room_id.in_(over)
                )
            )
        ).all()
        for room_id, seat in held:
            await conn.execute(
                sa.update(st)
                .where(st.c.room_id == room_id, st.c.seat == seat)
                .values(name=f"player {seat + 1}")
            )
        await conn.execute(
            sa.delete(ps).where(ps.c.player_id == player.id, ps.c.room_id.not_in(over))
        )
        await conn.execute(sa.delete(passkeys).where(passkeys.c.player_id == player.id))
        await conn.execute(
            sa.update(sessions)
            .where(sessions.c.player_id == player.id, sessions.c.ended_at.is_(None))
            .values(ended_at=now)
        )
        await conn.execute(
            sa.update(players)
            .where(players.c.id == player.id)
            .values(name=None, email=None, deleted_at=now)
        )


async def by_email(store: Store, email: str, asking: str | None) -> str | None:
    """The account an e-mail link signs in to: the one with this address; else the guest
    that asked for the link becomes an account with it. None: neither is there."""
    p = players
    async with store.engine.begin() as conn:
        found = (
            await conn.execute(
                sa.select(p.c.id).where(p.c.email == email, p.c.deleted_at.is_(None))
            )
        ).scalar()
        if found is not None:
            return str(found)
        if asking is None:
            return None
        made = await conn.execute(
            sa.update(p)
            .where(p.c.id == asking, p.c.email.is_(None), p.c.deleted_at.is_(None))
            .values(email=email, account_at=sa.func.coalesce(p.c.account_at, time.time()))
        )
        return asking if made.rowcount else None
