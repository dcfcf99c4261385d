"""A room's clocks after each change (a part of ``room.Room``): the game's deadlines and
people's move clocks started for the new position, the bots scheduled for it, the timers
noted for a worker that may take the room over, and the time given back to a seat that
was away. What happens when a timer runs out is an action: the runner's (``runner``)."""

from __future__ import annotations

from typing import Any

from ..cluster.ownership import Ownership
from .state import Seat, Table


class Timing:
    """Clocks and bots after each change."""

    def __init__(self, table: Table, owners: Ownership) -> None:
        self.table = table
        self.owners = owners

    def after_change(self, acted: int | None) -> None:
        """Start the clocks and the bots for the new position."""
        table = self.table
        live = table.live_match()
        if table.clocks is not None:
            table.clocks.update(live.match, acted, lambda s: table.level_of(s) is None)
            self.owners.note_clock(table.id, self.clock_record)
        table.bots.schedule(live.match, table.level_of, acted)

    def clock_record(self) -> dict[str, Any] | None:
        """The running timers of the match in play, for a worker that may take the room
        over (``ownership.Ownership.note_clock``)."""
        live, clocks = self.table.live, self.table.clocks
        if live is None or clocks is None or (clocks.phase is None and not clocks.moves):
            return None  # no timer runs
        info = clocks.info()
        return {
            "match": live.id,
            "index": live.index,
            "deadline_at": info["deadline_at"],
            "moves_at": info["moves_at"],
        }

    def resume(self, clock: dict[str, Any] | None) -> None:
        """The timers as a previous owner stored them (``clock``), when they are of this
        very position."""
        table = self.table
        live = table.live
        if (
            clock is not None
            and live is not None
            and table.clocks is not None
            and clock.get("match") == live.id
            and clock.get("index") == live.index
        ):
            table.clocks.resume(clock.get("deadline_at"), clock.get("moves_at") or {})
            self.owners.note_clock(table.id, self.clock_record)

    def give_back(self, seat: Seat) -> float:
        """A person is back at ``seat``: its clocks get back the time they ran while it was
        away (``Clocks.give_back``: once a turn, at most 5 s). Returns the seconds given."""
        table = self.table
        away, seat.away_since = seat.away_since, None
        if away is None or table.clocks is None or table.live is None or table.live.match.over:
            return 0.0
        given = table.clocks.give_back(seat.index, away)
        if given:
            self.owners.note_clock(table.id, self.clock_record)
        return given
