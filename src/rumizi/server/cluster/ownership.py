"""Who owns a room: the interface the room core depends on, and its one-server form.

A room lives in the memory of one server process at a time, its *owner*. With one
server that is always this process (``LocalOwnership``); with several workers over one
database a room is leased through Redis (``leases.RedisOwnership``), and every write the
owner makes carries the lease's number (its *fence*), so an owner that lost the room
without noticing can write nothing more. The room core (``rooms.Rooms``) sees only this
interface: it never imports the cluster.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..store import Fence


class Elsewhere(Exception):
    """The room is owned by another worker (several workers share one site): the request
    goes to ``owner``, at ``address`` when it is known (the owner's own HTTP address)."""

    def __init__(self, room_id: str, owner: str | None, address: str | None = None) -> None:
        super().__init__(f"room {room_id} is owned by worker {owner}")
        self.room_id = room_id
        self.owner = owner
        self.address = address


class Holder(Protocol):
    """What an ownership needs of the rooms it keeps (``rooms.Rooms``)."""

    def owned(self) -> list[str]:
        """The ids of the rooms in memory here."""
        ...

    def drop(self, room_id: str) -> None:
        """The lease on the room is lost: let it go (its clients reconnect)."""
        ...

    async def take(self, room_id: str) -> None:
        """Load a room in play that has no owner (its worker died)."""
        ...

    async def take_many(self, room_ids: list[str]) -> None:
        """Load rooms in play whose worker died, together (``Ownership.acquire_many``)."""
        ...


class Ownership(Protocol):
    """Room leases, as the room core uses them."""

    async def acquire(self, room_id: str) -> Fence | None:
        """Own the stored room from now on and return its fence (None: nothing to fence,
        one server); ``Elsewhere`` when another worker holds it, ``RoomError``
        ``not_found`` when there is no such room. From this moment on, a write by the
        room's previous owner is refused: what is read next is all there is."""
        ...

    def held(self, room_id: str) -> bool:
        """Whether this process still holds the room (a lease can be lost while the room
        is being loaded)."""
        ...

    async def acquire_new(self, room_id: str) -> Fence | None:
        """Own a room being made (its first lease: epoch 1, or None with one server)."""
        ...

    async def acquire_many(self, room_ids: list[str]) -> dict[str, Fence | None]:
        """Own those of ``room_ids`` that are free or held by a dead worker, in a few
        round trips for all of them (a dead worker's rooms); their fences."""
        ...

    async def release(self, room_id: str) -> None:
        """Let the room go (it left memory, or could not be loaded)."""
        ...

    async def holder(self, room_id: str) -> str | None:
        """The worker that holds the room now, if any."""
        ...

    async def renew(self, room_ids: list[str]) -> list[str]:
        """Keep the leases of ``room_ids``; returns those that were lost."""
        ...

    def note_playing(self, room_id: str, playing: bool) -> None:
        """A match is in play in the room (or no longer is): if this process dies, other
        workers take the rooms in play over."""
        ...

    def note_clock(self, room_id: str, clock: Callable[[], dict[str, Any] | None]) -> None:
        """The room's running timers changed: ``clock()`` says them (``match``, ``index``,
        ``deadline_at``, ``moves_at``; None: none run), for the worker that may take the
        room over (one server: never called, so a move pays nothing for it)."""
        ...

    async def stored_clock(self, room_id: str) -> dict[str, Any] | None:
        """The timers the room's previous owner noted (``note_clock``)."""
        ...

    async def adopt(self, room_ids: list[str]) -> list[str]:
        """Unfinished matches' rooms found at start: returns those this process resumes
        itself now (one server: all of them; several workers: none, they are offered to
        every worker, and the first to find each takes it)."""
        ...

    def start(self, rooms: Holder) -> None:
        """Begin keeping the leases of ``rooms``."""
        ...


class LocalOwnership:
    """One server: it owns every room, and nothing is leased or fenced."""

    async def acquire(self, room_id: str) -> Fence | None:
        return None

    async def acquire_new(self, room_id: str) -> Fence | None:
        return None

    async def acquire_many(self, room_ids: list[str]) -> dict[str, Fence | None]:
        return dict.fromkeys(room_ids)

    def held(self, room_id: str) -> bool:
        return True

    async def release(self, room_id: str) -> None:
        return None

    async def holder(self, room_id: str) -> str | None:
        return None

    async def renew(self, room_ids: list[str]) -> list[str]:
        return []

    def note_playing(self, room_id: str, playing: bool) -> None:
        return None

    def note_clock(self, room_id: str, clock: Callable[[], dict[str, Any] | None]) -> None:
        return None

    async def stored_clock(self, room_id: str) -> dict[str, Any] | None:
        return None

    async def adopt(self, room_ids: list[str]) -> list[str]:
        return list(room_ids)

    def start(self, rooms: Holder) -> None:
        return None
