"""Events: what happened, and who may see it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class Event:
    """One thing that happened; ``to`` is ``None`` when public, else the seats that see it.

    The event owns ``data`` when it is given a dict (no copy: events are made on every
    action of every game); do not change that dict afterwards.
    """

    __slots__ = ("data", "kind", "to")

    def __init__(
        self, kind: str, data: Mapping[str, Any] | None = None, to: Iterable[int] | None = None
    ) -> None:
        self.kind = kind
        self.data: dict[str, Any] = data if type(data) is dict else dict(data) if data else {}
        self.to: frozenset[int] | None = None if to is None else frozenset(to)

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: int | None) -> bool:
        """Public events are seen by everyone (spectators too); private ones by their seats."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        """The JSON form sent to clients; the audience itself is not part of it."""
        return {"kind": self.kind, **self.data}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.data, self.to) == (other.kind, other.data, other.to)

    def __hash__(self) -> int:
        return hash((self.kind, self.to))

    def __repr__(self) -> str:
        audience = "public" if self.to is None else f"to={sorted(self.to)}"
        return f"Event({self.kind!r}, {self.data!r}, {audience})"


_new_object = object.__new__


def make_event(kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> Event:
    """``Event(kind, data, to)`` made without checks or conversions, for rules that make
    several events on every action: ``data`` must be a new dict the event may keep, and
    ``to`` a frozenset of seats (or ``None``: public). About a third cheaper than calling
    the class, whose ``__init__`` runs in a frame of its own."""
    event = _new_object(Event)
    event.kind = kind
    event.data = data
    event.to = to
    return event


def public(kind: str, **data: Any) -> Event:
    """An event every seat and spectator sees."""
    return Event(kind, data)


def private(seats: Iterable[int], kind: str, **data: Any) -> Event:
    """An event only ``seats`` see."""
    return Event(kind, data, seats)


def visible(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events of ``events`` that ``seat`` may see (``None``: a spectator)."""
    return [e for e in events if e.visible_to(seat)]


def copy_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a flat record (scalars and lists of scalars) for a view or an event, so
    that what leaves the engine never shares a list with the state."""
    return {k: list(v) if isinstance(v, list) else v for k, v in record.items()}
