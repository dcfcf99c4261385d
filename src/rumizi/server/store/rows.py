"""The rows the store reads and writes (rooms, seats, matches), the errors of a write,
and the conversions between rows and the database's columns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token: str | None
    joined: bool = False
    ready: bool = False


@dataclass
class RoomRow:
    id: str
    game: str
    options: dict[str, Any]
    public: bool
    title: str
    settings: dict[str, Any]
    host_token: str
    spectator_token: str
    status: str
    match_id: str | None
    created_at: float
    seats: list[SeatRow] = field(default_factory=list)
    owner: str | None = None
    """A hash of the address the room was made from (for per-address limits)."""
    bots_only: bool = False
    epoch: int = 0
    """The lease number of the worker that owns the room (0: one server, no leases)."""


@dataclass
class MatchRow:
    id: str
    room_id: str
    number: int
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    started_at: float
    finished_at: float | None = None
    outcome: dict[str, Any] | None = None
    aborted: str | None = None
    """Why the match was stopped before its end (by its host, an admin or a limit)."""


Step = tuple[Any, Any]
"""A SQLAlchemy Core statement and its parameters (a list of rows, or None)."""


Fence = tuple[str, int]
"""A room id and the lease number (epoch) its writer holds: with several workers, a write
is committed only while the room's stored epoch is still that number."""


class StoreError(RuntimeError):
    """The database did not take a write."""


class FencedOut(StoreError):
    """A write from a worker whose lease on the room was taken over by another worker."""


def room_values(room: RoomRow) -> dict[str, Any]:
    return {
        "id": room.id,
        "game": room.game,
        "options": room.options,
        "public": room.public,
        "title": room.title,
        "settings": room.settings,
        "host_token": room.host_token,
        "spectator_token": room.spectator_token,
        "status": room.status,
        "match_id": room.match_id,
        "created_at": room.created_at,
        "owner": room.owner,
        "bots_only": room.bots_only,
        "epoch": room.epoch,
    }


def seat_values(room_id: str, seat: SeatRow) -> dict[str, Any]:
    return {
        "room_id": room_id,
        "seat": seat.seat,
        "kind": seat.kind,
        "bot": seat.bot,
        "name": seat.name,
        "token": seat.token,
        "joined": seat.joined,
        "ready": seat.ready,
    }


def match_values(match: MatchRow) -> dict[str, Any]:
    return {
        "id": match.id,
        "room_id": match.room_id,
        "number": match.number,
        "game": match.game,
        "players": match.players,
        "seed": match.seed,
        "options": match.options,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "outcome": match.outcome,
        "aborted": match.aborted,
    }


def room_from(row: Any, seat_rows: Sequence[Any]) -> RoomRow:
    return RoomRow(
        id=row["id"],
        game=row["game"],
        options=dict(row["options"]),
        public=bool(row["public"]),
        title=row["title"],
        settings=dict(row["settings"]),
        host_token=row["host_token"],
        spectator_token=row["spectator_token"],
        status=row["status"],
        match_id=row["match_id"],
        created_at=float(row["created_at"]),
        seats=[
            SeatRow(
                seat=int(s.seat),
                kind=s.kind,
                bot=s.bot,
                name=s.name,
                token=s.token,
                joined=bool(s.joined),
                ready=bool(s.ready),
            )
            for s in seat_rows
        ],
        owner=row["owner"],
        bots_only=bool(row["bots_only"]),
        epoch=int(row["epoch"]),
    )


def match_from(row: Any) -> MatchRow:
    return MatchRow(
        id=row["id"],
        room_id=row["room_id"],
        number=int(row["number"]),
        game=row["game"],
        players=int(row["players"]),
        seed=int(row["seed"]),
        options=dict(row["options"]),
        started_at=float(row["started_at"]),
        finished_at=None if row["finished_at"] is None else float(row["finished_at"]),
        outcome=row["outcome"],
        aborted=row["aborted"],
    )
