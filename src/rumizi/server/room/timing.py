"""A room's clocks: the game's deadlines, people's move clocks, the time given back to a
seat that was away, and the bots re-armed after every change (a part of ``room.Room``)."""

from __future__ import annotations

import logging
from typing import Any

from rumizi.engine import SYSTEM, TIMEOUT

from ..errors import RoomError
from .state import RoomBase, Seat, spawn

log = logging.getLogger("rumizi.server")


class RoomClocks(RoomBase):
    """Clocks and bots after each change."""

    def _after_change(self, acted: int | None) -> None:
        """Start the clocks and the bots for the new position."""
        live = self._live()
        if self.clocks is not None:
            self.clocks.update(live.match, acted, lambda s: self.level_of(s) is None)
            self.rooms.owners.note_clock(self.id, self.clock_record)
        self.bots.schedule(live.match, self.level_of, acted)

    def clock_record(self) -> dict[str, Any] | None:
        """The running timers of the match in play, for a worker that may take the room
        over (``ownership.Ownership.note_clock``)."""
        live, clocks = self.live, self.clocks
        if live is None or clocks is None or (clocks.phase is None and not clocks.moves):
            return None  # no timer runs
        info = clocks.info()
        return {
            "match": live.id,
            "index": live.index,
            "deadline_at": info["deadline_at"],
            "moves_at": info["moves_at"],
        }

    def _deadline_passed(self) -> None:
        spawn(self._timeout())

    async def _timeout(self) -> None:
        try:
            await self._apply(SYSTEM, dict(TIMEOUT), None, None, None, bot=True)
        except RoomError as e:
            log.info("timeout in room %s not applied: %s", self.id, e.message)

    def _move_clock_ran_out(self, seat: int) -> None:
        spawn(self._auto_move(seat))

    async def _auto_move(self, seat: int) -> None:
        """The seat's move clock ran out: a stand-in bot makes this one move for it."""
        async with self.lock:
            live = self.live
            if live is None or live.match.over or self.level_of(seat) is not None:
                return
            notice = {"type": "notice", "kind": "move_clock", "seat": seat}
            for client in self.clients():
                client.send(notice)
            self.bots.move_now(live.match, seat, self.standin_level)

    def _give_back_time(self, seat: Seat) -> float:
        """A person is back at ``seat``: its clocks get back the time they ran while it was
        away (``Clocks.give_back``: once a turn, at most 5 s). Returns the seconds given."""
        away, seat.away_since = seat.away_since, None
        if away is None or self.clocks is None or self.live is None or self.live.match.over:
            return 0.0
        given = self.clocks.give_back(seat.index, away)
        if given:
            self.rooms.owners.note_clock(self.id, self.clock_record)
        return given
