"""A room's seats and who is there: joining, leaving, connecting, readiness, grace
periods and stand-ins (a part of ``room.Room``).

Every change of a seat is stored before the room in memory changes (``_save_seat``); a
seat has one live connection (a newer one takes it over) and one owner (every join hands
out a fresh token and makes the old one worthless).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from typing import Any

from .. import protocol
from ..errors import RoomError
from ..store import MatchRow, StoreError
from ..tokens import matches, new_token, token_hash
from .clients import TAKEN_OVER, Client
from .clock import Timer
from .roles import room_head
from .state import RoomBase, Seat, spawn

log = logging.getLogger("rumizi.server")


class RoomSeats(RoomBase):
    """Seats and presence."""

    # ------------------------------------------------------------------ reading
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
            "bot": self._level(seat),
            "standin": seat.standin,
        }

    def seat_for(self, hashed: str) -> int | None:
        """The seat whose token hashes to ``hashed``."""
        for seat in self.seats:
            if matches(seat.row.token, hashed):
                return seat.index
        return None

    # ---------------------------------------------------------------- presence
    async def connect(
        self,
        client: Client,
        role: str,
        seat: int | None,
        match_id: str | None,
        index: int | None,
        name: str | None = None,
    ) -> None:
        """Welcome a client; send the position it missed since ``index`` of ``match_id``.

        A seat has one live connection: a newer one takes the seat over, and the older one
        is told so (``taken_over``) and closed (4409)."""
        async with self.lock:
            if seat is not None and self.seats[seat].person and not self.seats[seat].row.joined:
                await self._save_seat(self.seats[seat], joined=True)
            client.role, client.seat, client.name = role, seat, name
            given = 0.0
            if seat is None:
                self.spectators.add(client)
            else:
                held = self.seats[seat]
                for old in list(held.clients):
                    held.clients.discard(old)
                    old.send(TAKEN_OVER)
                    old.close(4409, "taken_over")
                held.clients.add(client)
                self._cancel_grace(held)
                if held.standin:
                    self._take_back(held)
                given = self._give_back_time(held)
            client.send(
                {
                    "type": "welcome",
                    "v": protocol.PROTOCOL_VERSION,
                    "role": role,
                    "seat": seat,
                    "room": self.info(),
                    "now": time.time(),
                }
            )
            if self.live is not None:
                same = match_id is None or match_id == self.live.id
                since = index if index is not None and same else 0
                self._send_update(client, since, retold=True)
                if given:
                    self._broadcast_update(None, None, skip=client)  # the clock moved
            self._broadcast_room(skip=client)

    async def disconnect(self, client: Client) -> None:
        async with self.lock:
            if client.seat is None:
                self.spectators.discard(client)
            else:
                seat = self.seats[client.seat]
                seat.clients.discard(client)
                if not seat.clients:
                    seat.away_since = time.monotonic()
                    self._start_grace(seat)
            self._broadcast_room()
        if self.idle():
            self.rooms.linger(self)

    async def touch(self, seat: int) -> None:
        """An HTTP call from a seat: it is here for another grace period."""
        held = self.seats[seat]
        if held.clients or not held.person:
            return
        async with self.lock:
            if held.standin:
                self._take_back(held)
                self._broadcast_room()
            self._start_grace(held)

    # ------------------------------------------------------------------ seats
    async def _save_seat(self, seat: Seat, **change: Any) -> None:
        """Store the seat's new values first; only then change the room in memory."""
        row = dataclasses.replace(seat.row, **change)
        try:
            await self.store.save_seat(self.id, row, self.fence)
        except StoreError:
            log.exception("could not store seat %s of room %s", seat.index, self.id)
            raise RoomError(
                "storage", "the server could not store this: nothing changed", 503
            ) from None
        if row.token != seat.row.token:
            self.rooms.retoken(self.id, seat.row.token, row.token)
        seat.row = self.row.seats[seat.index] = row

    async def join(self, token: str | None, name: str | None) -> tuple[Seat, str]:
        """Take the seat of ``token``; in a public room, without one, the first free seat.

        Every join hands out a fresh token for the seat and makes the old one worthless:
        a seat has one owner, the last to join it.
        """
        async with self.lock:
            if token is not None:
                index = self.seat_for(token_hash(token))
                if index is None:
                    raise RoomError("unknown_token", "this token is no seat of this room", 403)
                seat = self.seats[index]
            else:
                if not self.row.public:
                    raise RoomError(
                        "private", "this room is private: join with your seat link", 403
                    )
                free = [s for s in self.seats if s.person and not s.row.joined]
                if not free:
                    raise RoomError("full", "every seat of this room is taken", 409)
                seat = free[0]
            fresh = new_token()
            change: dict[str, Any] = {"joined": True, "token": token_hash(fresh)}
            if name:
                change["name"] = name
            await self._save_seat(seat, **change)
            if seat.standin:
                self._take_back(seat)
            self._broadcast_room()
            return seat, fresh

    async def invite(self, seat: int) -> str:
        """A fresh link for a free person seat (the host's): the old link stops working."""
        async with self.lock:
            if not 0 <= seat < len(self.seats) or not self.seats[seat].person:
                raise RoomError("bad_seats", f"seat {seat} is no person seat of this room", 422)
            held = self.seats[seat]
            if held.row.joined:
                raise RoomError("full", f"seat {seat} is taken", 409)
            fresh = new_token()
            await self._save_seat(held, token=token_hash(fresh))
            return fresh

    async def set_ready(self, seat: int, ready: bool) -> None:
        async with self.lock:
            held = self.seats[seat]
            if self.row.status != "open":
                raise RoomError("started", "the match has already started", 409)
            await self._save_seat(held, joined=True, ready=ready)
            self._broadcast_room()
            if self.settings.autostart and self._all_ready():
                await self._start_match(number=1)

    async def leave(self, seat: int) -> None:
        """Before the match: free the seat. During it: a bot takes over at once.

        Either way the seat's token is revoked and its sockets are closed: whoever takes
        the seat next gets a new token (the host can make a new link with ``invite``)."""
        async with self.lock:
            held = self.seats[seat]
            await self._save_seat(held, joined=False, ready=False, token=token_hash(new_token()))
            if self.row.status == "playing":
                self._cancel_grace(held)
                self._stand_in(held)
            for client in list(held.clients):
                client.send(protocol.error("left", "you left this seat: its link is revoked"))
                client.close()
            self._broadcast_room()

    def _all_ready(self) -> bool:
        return all(s.row.joined and s.row.ready for s in self.seats if s.person)

    # ---------------------------------------------------------- stand-ins
    def _cover_absent(self) -> None:
        """A match begins (or goes on after a restart): each person away gets a grace
        period if they had joined, else a stand-in at once."""
        for seat in self.seats:
            if seat.person and not seat.clients:
                if seat.row.joined:
                    self._start_grace(seat)
                else:
                    seat.standin = True

    def _start_grace(self, seat: Seat) -> None:
        if not seat.person or self.row.status != "playing" or seat.standin:
            return
        self._cancel_grace(seat)
        seat.grace = Timer(self.settings.grace_seconds, lambda: spawn(self._grace_over(seat)))

    def _cancel_grace(self, seat: Seat) -> None:
        if seat.grace is not None:
            seat.grace.cancel()
            seat.grace = None

    async def _grace_over(self, seat: Seat) -> None:
        async with self.lock:
            seat.grace = None
            if seat.clients or self.row.status != "playing":
                return
            self._stand_in(seat)
            self._broadcast_room()

    def _stand_in(self, seat: Seat) -> None:
        """A bot takes the seat of a person who is away."""
        if seat.standin:
            return
        seat.standin = True
        if self.live is not None and not self.live.match.over:
            self._after_change(None)

    def _take_back(self, seat: Seat) -> None:
        """The person is back: the stand-in leaves the seat."""
        seat.standin = False
        self.bots.cancel(seat.index)
        if self.live is not None and not self.live.match.over:
            self._after_change(None)
