"""A room's state, shared by the parts of ``Room`` (``room.py``): its seats, its clients,
the match in play, its clocks and its lock; and what a room asks of the server that
holds it (``Registry``).

``Room`` is put together from one part per concern: seats and presence
(``room_seats``), actions and what each client is told of them (``room_actions``), the
life of a match (``room_life``) and its clocks (``room_clocks``). Each part calls the
others only through the methods declared at the end of ``RoomBase``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from rumizi import bots, games
from rumizi.engine import Action

from ..cluster.ownership import Ownership
from ..errors import RoomError
from ..limits import Limits
from ..protocol import RoomSettings
from ..store import Fence, RoomRow, SeatRow, Store
from .clients import Client
from .clock import Clocks, Timer
from .live import LiveMatch
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

    def linger(self, room: Any) -> None: ...

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


class RoomBase:
    """A table's state: its seats, its clients, and the current match (if one started)."""

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
        self._cap: Timer | None = None
        self.used = time.monotonic()
        self.evicted = False
        self.bots = BotSeats(
            row.game, self.settings.bot_delay, self._bot_act, self._clock_act, rooms.thinkers
        )
        self.words = games.Words(row.game)
        """The game's text hooks, looked up once."""

    def _live(self) -> LiveMatch:
        if self.live is None:
            raise RoomError("no_match", "no match has started in this room yet", 409)
        return self.live

    def clients(self) -> Iterator[Client]:
        yield from self.spectators
        for seat in self.seats:
            yield from seat.clients

    def _level(self, seat: Seat) -> str | None:
        """The bot level playing ``seat`` now, or None when a person does."""
        if not seat.person:
            return seat.row.bot or "random"
        return self.standin_level if seat.standin else None

    def level_of(self, seat: int) -> str | None:
        return self._level(self.seats[seat])

    def row_tokens(self) -> list[str]:
        """The hashes of the seats' tokens."""
        return [s.row.token for s in self.seats if s.row.token is not None]

    def idle(self) -> bool:
        """Over, and nobody connected: the room may leave memory."""
        return self.row.status == "over" and next(self.clients(), None) is None

    if TYPE_CHECKING:  # what the parts of a Room call of each other
        # seats and presence (room_seats)
        def info(self, match: Any = None) -> dict[str, Any]: ...
        def _cover_absent(self) -> None: ...
        def _start_grace(self, seat: Seat) -> None: ...
        def _cancel_grace(self, seat: Seat) -> None: ...
        def _stand_in(self, seat: Seat) -> None: ...
        def _take_back(self, seat: Seat) -> None: ...
        async def _save_seat(self, seat: Seat, **change: Any) -> None: ...

        # actions and broadcast (room_actions)
        def _broadcast_room(self, skip: Client | None = None) -> None: ...
        def _broadcast_update(
            self, mover: Client | None, ack: Any, skip: Client | None = None
        ) -> None: ...
        def _send_update(
            self, client: Client, since: int, ack: Any = None, retold: bool = False
        ) -> None: ...
        async def _apply(
            self,
            seat: int,
            action: Action,
            index: int | None,
            ref: Any,
            client: Client | None,
            bot: bool = False,
            for_person: bool = False,
        ) -> dict[str, Any]: ...
        async def _bot_act(self, seat: int, action: Action, index: int | None) -> None: ...
        async def _clock_act(self, seat: int, action: Action, index: int | None) -> None: ...

        # the life of a match (room_life)
        async def abort(self, reason: str) -> None: ...
        async def _start_match(self, number: int) -> None: ...
        async def _finish(self, live: LiveMatch) -> None: ...
        async def _end(
            self, live: LiveMatch, outcome: dict[str, Any] | None, aborted: str | None
        ) -> None: ...
        def _stopped(self) -> None: ...
        async def _cap_reached(self, what: str) -> None: ...
        def _arm_length_cap(self) -> None: ...

        # clocks (room_clocks)
        def _after_change(self, acted: int | None) -> None: ...
        def _give_back_time(self, seat: Seat) -> float: ...
        def _deadline_passed(self) -> None: ...
        def _move_clock_ran_out(self, seat: int) -> None: ...
