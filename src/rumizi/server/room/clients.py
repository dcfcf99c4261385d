"""A room's clients: one per connection (a WebSocket, or an HTTP caller for one reply),
and the messages a room tells a client when it loses its seat or its server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import protocol

TAKEN_OVER = protocol.error(
    "taken_over", "this seat was opened in another tab or browser: this one no longer plays it"
)
"""What an older connection of a seat is told when a newer one takes the seat over."""

MOVED = protocol.error("moved", "this room moved to another server process: reconnect to continue")
"""What a client of a room is told when its worker no longer holds the room."""

MAX_QUEUED = 1000
"""Messages waiting for one slow client before it is disconnected (it may reconnect)."""


def _nowhere(text: str) -> None:
    pass


class Client:
    """One connection to a room: what it is (role, seat) and how far it has seen the match
    (``match_id``, ``index``: its last update)."""

    __slots__ = ("_close", "_push", "index", "match_id", "name", "role", "seat")

    def __init__(
        self, push: Callable[[str], None], close: Callable[[int, str], None] | None = None
    ):
        self._push = push
        self._close = close
        self.role = "spectator"
        self.seat: int | None = None
        self.match_id: str | None = None
        self.index = 0
        self.name: str | None = None

    def send(self, message: dict[str, Any]) -> None:
        self._push(protocol.dump(message))

    def send_text(self, text: str) -> None:
        self._push(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self._close is not None:
            self._close(code, reason)

    def detach(self) -> None:
        """Forget the connection (it is closed): later sends go nowhere."""
        self._push = _nowhere
        self._close = None
