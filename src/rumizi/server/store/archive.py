"""The store's small public API for the CLI: a whole finished game written in one go
(``keep_game``: a private room that is over, its seats, the match and its log), a
finished match read back (``read_game``), and a database checked to open
(``check_open``), and ``database_url``. The CLI uses only these; the rows, the writer and
``Store`` stay the server's."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import sqlite_reads

__all__ = [
    "LATEST",
    "KeptGame",
    "KeptSeat",
    "check_open",
    "database_url",
    "keep_game",
    "kept_games",
    "read_game",
]

LATEST = "last"
"""The match id ``read_game`` takes for the match finished last."""


@dataclass(frozen=True)
class KeptSeat:
    """Who sat where: ``kind`` ``person`` or ``bot`` (``bot``: its level), and a name."""

    kind: str
    bot: str | None
    name: str


@dataclass(frozen=True)
class KeptGame:
    """A match as the store holds it: enough to replay it from its seed and log."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    log: list[tuple[int, dict[str, Any]]]
    seats: list[KeptSeat] = field(default_factory=list)
    finished: bool = True
    started_at: float = 0.0
    outcome: dict[str, Any] | None = None
    aborted: str | None = None
    """Why it stopped before its end (``None``: played to the end, or still on)."""


def database_url(db: str) -> str:
    """An async SQLAlchemy URL for ``db``: a URL, or a path to an SQLite file."""
    from .engines import database_url as url_of

    return url_of(db)


async def keep_game(
    db: str,
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    seats: Sequence[KeptSeat],
    log: Sequence[tuple[int, dict[str, Any]]],
    outcome: dict[str, Any] | None,
    aborted: str | None,
) -> str:
    """Write a game played elsewhere (over, or stopped: ``aborted`` says why) into the
    store at ``db`` as a private room of its own; returns the match's id. The log's
    entries are committed together."""
    from . import Store
    from .rows import MatchRow, RoomRow, SeatRow

    room_id, match_id = secrets.token_hex(6), secrets.token_hex(8)
    now = time.time()
    room = RoomRow(
        id=room_id,
        game=game,
        options=dict(options),
        public=False,
        title="",
        settings={},
        host_token=secrets.token_hex(32),  # nobody holds these: the room is over
        spectator_token=secrets.token_hex(32),
        status="over",
        match_id=None,
        created_at=now,
        seats=[SeatRow(i, s.kind, s.bot, s.name, None, True, True) for i, s in enumerate(seats)],
    )
    row = MatchRow(
        id=match_id,
        room_id=room_id,
        number=1,
        game=game,
        players=players,
        seed=seed,
        options=dict(options),
        started_at=now,
    )
    store = await Store.open(db)
    try:
        await store.create_room(room)
        await store.start_match(row, "over")
        await asyncio.gather(
            *(store.append(match_id, i, seat, dict(action)) for i, (seat, action) in enumerate(log))
        )
        await store.finish_match(room_id, match_id, outcome, aborted)
    finally:
        await store.close()
    return match_id


async def read_game(db: str, match_id: str) -> KeptGame | None:
    """The match ``match_id`` (``LATEST``: the one finished last) in the store at ``db``,
    or None; ``finished`` is False while it is still being played (its log is not read).
    An SQLite file whose schema is current is read without SQLAlchemy (``sqlite_reads``)."""
    path = sqlite_reads.sqlite_path(db)
    if path is not None and path.exists():
        found = sqlite_reads.read_match(path, match_id, match_id == LATEST)
        if found is not sqlite_reads.BEHIND:
            return None if found is None else _kept(*found)
    import sqlalchemy as sa

    from . import Store, schema

    store = await Store.open(db)
    try:
        if match_id == LATEST:
            m = schema.matches
            latest = sa.select(m.c.id).where(m.c.finished_at.is_not(None))
            async with store.engine.connect() as conn:
                found = (await conn.execute(latest.order_by(m.c.started_at.desc()))).scalar()
            match_id = str(found) if found is not None else match_id
        row = await store.match(match_id)
        if row is None:
            return None
        if row.finished_at is None:
            return KeptGame(
                row.id, row.game, row.players, row.seed, dict(row.options), [], [], False
            )
        log = await store.log(match_id)
        room = await store.load_room(row.room_id)
    finally:
        await store.close()
    seats = [] if room is None else [KeptSeat(s.kind, s.bot, s.name) for s in room.seats]
    return KeptGame(
        row.id,
        row.game,
        row.players,
        row.seed,
        dict(row.options),
        log,
        seats,
        True,
        row.started_at,
        row.outcome,
        row.aborted,
    )


def _kept(
    row: dict[str, Any],
    seats: list[tuple[str, str | None, str]],
    log: list[tuple[int, dict[str, Any]]],
) -> KeptGame:
    import json

    finished = row["finished_at"] is not None
    return KeptGame(
        str(row["id"]),
        str(row["game"]),
        int(row["players"]),
        int(row["seed"]),
        json.loads(row["options"]),
        log if finished else [],
        [KeptSeat(*s) for s in seats],
        finished,
        float(row["started_at"]),
        None if row["outcome"] is None else json.loads(row["outcome"]),
        row["aborted"],
    )


async def kept_games(db: str) -> list[tuple[KeptGame, int]]:
    """Every match of the store at ``db``, newest first, with how many moves each had
    (their logs left out)."""
    path = sqlite_reads.sqlite_path(db)
    if path is None or not path.exists():
        return []
    listed = sqlite_reads.list_matches(path)
    if listed is sqlite_reads.BEHIND:
        await check_open(db)  # upgrades the schema
        listed = sqlite_reads.list_matches(path)
    if listed is sqlite_reads.BEHIND:
        return []
    return [(_kept(row, seats, []), moves) for row, seats, moves in listed]


async def check_open(db: str) -> None:
    """Open the store at ``db`` once (making or upgrading its schema) and close it again;
    the driver's error if it cannot be."""
    from . import Store

    store = await Store.open(db)
    await store.close()
