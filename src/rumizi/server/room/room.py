"""A room: a table, its seats, its clients, and the match in play.

``Room`` is put together from its parts, one per concern (see ``room_base``): seats and
presence (``room_seats``), actions and broadcast (``room_actions``), the life of a match
(``room_life``) and clocks (``room_clocks``).
"""

from __future__ import annotations

from .life import RoomLife
from .runner import RoomActions
from .seats import RoomSeats
from .state import Seat
from .timing import RoomClocks

__all__ = ["Room", "Seat"]


class Room(RoomSeats, RoomActions, RoomLife, RoomClocks):
    """A table: its seats, its clients, and the current match (if one was started)."""
