"""A room: a table, its seats, its clients, and the match in play — one object that owns
its parts, each given what it needs when the room is made:

* ``state.Table``: what every part reads (the row, seats, clients, match, clocks, bots,
  lock) and what anyone may know of the room (``info``);
* ``telling.Audience``: what the room's clients are told;
* ``timing.Timing``: clocks and bots after each change;
* ``seats.Presence``: seats and presence (connect, join, leave, ready, grace, stand-ins);
* ``runner.Runner``: the single action path and the life of a match.

The state calls no part, and no part calls one made after it: ``Runner`` uses
``Presence``, which uses ``Timing`` and ``Audience``. Only the bots and the clocks call
back into the runner (their moves and timeouts are actions); ``dispose`` breaks those
references when the room leaves memory. The room's commands are its parts' own methods
(no wrapper per call); ``commands.COMMANDS`` maps each client message to one.
"""

from __future__ import annotations

import time

from rumizi.engine import Action

from ..errors import RoomError
from ..store import Fence, RoomRow
from .clock import Clocks
from .live import LiveMatch
from .runner import Runner
from .seating import BotSeats
from .seats import Presence
from .state import Registry, Seat, Table
from .telling import Audience
from .timing import Timing

__all__ = ["Room", "Seat"]


async def _no_act(seat: int, action: Action, index: int | None) -> None:
    """What the bots of a room that left memory do: nothing."""


class Room:
    """A table: its seats, its clients, and the current match (if one was started)."""

    def __init__(self, rooms: Registry, row: RoomRow) -> None:
        self.table = table = Table(rooms, row)
        self.rooms = rooms
        self.row, self.id, self.game, self.settings = row, table.id, table.game, table.settings
        self.seats, self.spectators, self.lock = table.seats, table.spectators, table.lock
        self.used = time.monotonic()
        self.audience = Audience(table)
        self.timing = Timing(table, rooms.owners)
        self.presence = presence = Presence(table, rooms, self.audience, self.timing)
        self.runner = runner = Runner(table, rooms, self.audience, self.timing, presence)
        table.bots = BotSeats(
            row.game, self.settings.bot_delay, runner.bot_act, runner.clock_act, rooms.thinkers
        )
        # what the room offers: its parts' own methods
        self.info, self.seat_for, self.clients = table.info, table.seat_for, table.clients
        self.level_of, self.row_tokens, self.idle = table.level_of, table.row_tokens, table.idle
        self.update, self.clock_record = self.audience.update, self.timing.clock_record
        self.connect, self.disconnect = presence.connect, presence.disconnect
        self.touch = presence.touch
        self.join, self.invite, self.leave = presence.join, presence.invite, presence.leave
        self.act, self.sync, self.state = runner.act, runner.sync, runner.state
        self.start, self.rematch = runner.start, runner.rematch
        self.abort, self.stop = runner.abort, runner.stop

    # the state a part may rebind, read (and for the rooms, set) through the room
    @property
    def live(self) -> LiveMatch | None:
        return self.table.live

    @property
    def clocks(self) -> Clocks | None:
        return self.table.clocks

    @property
    def bots(self) -> BotSeats:
        return self.table.bots

    @property
    def fence(self) -> Fence | None:
        return self.table.fence

    @fence.setter
    def fence(self, fence: Fence | None) -> None:
        self.table.fence = fence

    @property
    def evicted(self) -> bool:
        return self.table.evicted

    @evicted.setter
    def evicted(self, evicted: bool) -> None:
        self.table.evicted = evicted

    async def set_ready(self, seat: int | None, ready: bool) -> None:
        """The seat is ready (or not); with ``autostart``, the last one ready starts the
        match."""
        if seat is None:
            raise RoomError("forbidden", "only a seat can be ready", 403)
        async with self.lock:
            await self.presence.ready(seat, ready)
            if self.settings.autostart and self.presence.all_ready():
                await self.runner.start_match(number=1)

    # ---------------------------------------------------------------- memory
    def close(self) -> None:
        self.runner.stopped()
        for seat in self.seats:
            self.presence.cancel_grace(seat)

    def dispose(self) -> None:
        """The room leaves memory: close it, and break the reference cycles between it
        and its bots and clocks (their callbacks are its runner's methods), so that
        reference counting frees it at once; the collector may never look (``run.py``
        freezes what survives a full collection). A request still holding it finds idle
        bots."""
        self.close()
        self.table.bots = BotSeats(self.row.game, self.settings.bot_delay, _no_act, _no_act)
        self.table.clocks = None
