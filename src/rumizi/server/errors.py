"""The error a refused request gets: a code, a readable message, an HTTP status."""

from __future__ import annotations

from typing import Any

from . import protocol


class RoomError(Exception):
    """A request refused, with an error code, a readable message and an HTTP status."""

    def __init__(self, code: str, message: str, status: int = 400, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.extra = extra

    def to_message(self, ref: Any = None) -> dict[str, Any]:
        return protocol.error(self.code, self.message, ref, **self.extra)
