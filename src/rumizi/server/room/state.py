"""A room's state, read by each of its parts (``room.Room`` puts them together): its
row, seats and clients, the match in play, its clocks and bots, its lock; what anyone in
the room may know of it (``info``); and what a room asks of the server that holds it
(``Registry``).

The state calls no part: a part is given the state and the other parts it needs when
the room is made, so each one can be read, and built, on its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from rumizi import bots, games

from ..cluster.ownership import Ownership
from ..errors import RoomError
from ..limits import Limits
from ..protocol import RoomSettings
from ..store import Fence, MatchRow, RoomRow, SeatRow, Store
from ..tokens import matches
from .clients import Client
from .clock import Clocks, Timer
from .live import LiveMatch
from .roles import room_head
from .seating import BotSeats
from .thinking import Thinkers


class Registry(Protocol):
    """What a room asks of the server's rooms (``rooms.Rooms``)."""

    store: Store
    limits: Limits
    thinkers: Thinkers
    owners: Ownership
    bots_starting: set[str]
    """Rooms starting an all-bot match this moment (counted against the limits)."""

    def linger(self, table: Table) -> None: ...

    def retoken(self, room_id: str, old: str | None, new: str | None) -> None: ...

    async def check_bot_match(self, row: RoomRow) -> None: ...


@dataclass
class Seat:
    """A seat and who plays it now."""

    row: SeatRow
    clients: set[Client] = field(default_factory=set)
    standin: bool = False
    grace: Timer | None = None
    away_since: float | None = None
    """When its last connection closed (monotonic seconds), while nobody is connected."""

    @property
    def index(self) -> int:
        return self.row.seat

    @property
    def person(self) -> bool:
        return self.row.kind == "person"


_tasks: set[asyncio.Task[None]] = set()


def spawn(coro: Any) -> None:
    """Run ``coro`` as a task kept alive until it ends (timer callbacks start these)."""
    task = asyncio.get_running_loop().create_task(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


class Table:
    """A table's state: its seats, its clients, and the current match (if one started)."""

    bots: BotSeats
    """The room's bots (``room.Room`` makes them: their moves go to its runner)."""

    def __init__(self, rooms: Registry, row: RoomRow) -> None:
        self.rooms = rooms
        self.store = rooms.store
        self.row = row
        self.id = row.id
        self.game = games.load(row.game)
        self.settings = RoomSettings(**row.settings)
        self.standin_level = self.settings.standin or bots.quickest_strong(row.game)
        self.seats = [Seat(s) for s in row.seats]
        self.spectators: set[Client] = set()
        self.live: LiveMatch | None = None
        self.clocks: Clocks | None = None
        self.fence: Fence | None = None
        """The room's lease (id, epoch) when several workers share the site: every write."""
        self.lock = asyncio.Lock()
        self.evicted = False
        self.words = games.record(row.game).words
        """The game's text hooks, looked up once."""

    def live_match(self) -> LiveMatch:
        """The match in play (or the last one), or ``no_match``."""
        if self.live is None:
            raise RoomError("no_match", "no match has started in this room yet", 409)
        return self.live

    def clients(self) -> Iterator[Client]:
        yield from self.spectators
        for seat in self.seats:
            yield from seat.clients

    def level(self, seat: Seat) -> str | None:
        """The bot level playing ``seat`` now, or None when a person does."""
        if not seat.person:
            return seat.row.bot or "random"
        return self.standin_level if seat.standin else None

    def level_of(self, seat: int) -> str | None:
        return self.level(self.seats[seat])

    def row_tokens(self) -> list[str]:
        """The hashes of the seats' tokens."""
        return [s.row.token for s in self.seats if s.row.token is not None]

    def idle(self) -> bool:
        """Over or not started, and nobody connected: the room may leave memory."""
        return self.row.status != "playing" and next(self.clients(), None) is None

    def seat_for(self, hashed: str) -> int | None:
        """The seat whose token hashes to ``hashed``."""
        for seat in self.seats:
            if matches(seat.row.token, hashed):
                return seat.index
        return None

    def info(self, match: MatchRow | None = None) -> dict[str, Any]:
        """What anyone in the room may know of it: no tokens, no seed until the end."""
        return {
            **room_head(self.row, match if self.live is None else self.live.row),
            "settings": self.settings.model_dump(),
            "seats": [self._seat_info(s) for s in self.seats],
            "spectators": len(self.spectators),
            "watchers": sorted(c.name or "" for c in self.spectators if c.role != "host"),
        }

    def _seat_info(self, seat: Seat) -> dict[str, Any]:
        row = seat.row
        return {
            "seat": row.seat,
            "kind": row.kind,
            "name": row.name,
            "joined": row.joined if seat.person else True,
            "ready": row.ready if seat.person else True,
            "connected": bool(seat.clients),
            "away_until": None if seat.grace is None else seat.grace.ends_at_epoch(),
            "bot": self.level(seat),
            "standin": seat.standin,
        }
