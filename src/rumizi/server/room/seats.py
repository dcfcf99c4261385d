"""A room's seats and who is there (a part of ``room.Room``): joining, leaving,
connecting, readiness, grace periods and stand-ins.

Every change of a seat is stored before the room in memory changes (``save_seat``); a
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
from ..store import StoreError
from ..tokens import new_token, token_hash
from .clients import TAKEN_OVER, Client
from .clock import Timer
from .state import Registry, Seat, Table, spawn
from .telling import Audience
from .timing import Timing

log = logging.getLogger("rumizi.server")


class Presence:
    """Seats and presence: given the room's state, the server's rooms (to store a seat's
    new token and let an idle room go), what the room tells (``Audience``) and its
    clocks (``Timing``: a stand-in coming or going re-arms them)."""

    def __init__(self, table: Table, rooms: Registry, audience: Audience, timing: Timing) -> None:
        self.table = table
        self.rooms = rooms
        self.audience = audience
        self.timing = timing

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
        table = self.table
        async with table.lock:
            if seat is not None and table.seats[seat].person and not table.seats[seat].row.joined:
                await self.save_seat(table.seats[seat], joined=True)
            client.role, client.seat, client.name = role, seat, name
            given = 0.0
            if seat is None:
                table.spectators.add(client)
            else:
                held = table.seats[seat]
                for old in list(held.clients):
                    held.clients.discard(old)
                    old.send(TAKEN_OVER)
                    old.close(4409, "taken_over")
                held.clients.add(client)
                self.cancel_grace(held)
                if held.standin:
                    self.take_back(held)
                given = self.timing.give_back(held)
            client.send(
                {
                    "type": "welcome",
                    "v": protocol.PROTOCOL_VERSION,
                    "role": role,
                    "seat": seat,
                    "room": table.info(),
                    "now": time.time(),
                }
            )
            if table.live is not None:
                same = match_id is None or match_id == table.live.id
                since = index if index is not None and same else 0
                self.audience.send_update(client, since, retold=True)
                if given:
                    self.audience.updates(None, None, skip=client)  # the clock moved
            self.audience.room(skip=client)

    async def disconnect(self, client: Client) -> None:
        table = self.table
        async with table.lock:
            if client.seat is None:
                table.spectators.discard(client)
            else:
                seat = table.seats[client.seat]
                seat.clients.discard(client)
                if not seat.clients:
                    seat.away_since = time.monotonic()
                    self.start_grace(seat)
            self.audience.room()
        if table.idle():
            self.rooms.linger(table)

    async def touch(self, seat: int) -> None:
        """An HTTP call from a seat: it is here for another grace period."""
        table = self.table
        held = table.seats[seat]
        if held.clients or not held.person:
            return
        async with table.lock:
            if held.standin:
                self.take_back(held)
                self.audience.room()
            self.start_grace(held)

    # ------------------------------------------------------------------ seats
    async def save_seat(self, seat: Seat, **change: Any) -> None:
        """Store the seat's new values first; only then change the room in memory."""
        table = self.table
        row = dataclasses.replace(seat.row, **change)
        try:
            await table.store.save_seat(table.id, row, table.fence)
        except StoreError:
            log.exception("could not store seat %s of room %s", seat.index, table.id)
            raise RoomError(
                "storage", "the server could not store this: nothing changed", 503
            ) from None
        if row.token != seat.row.token:
            self.rooms.retoken(table.id, seat.row.token, row.token)
        seat.row = table.row.seats[seat.index] = row

    async def join(
        self, token: str | None, name: str | None, index: int | None = None
    ) -> tuple[Seat, str]:
        """Take the seat of ``token``; in a public room, without one, the first free seat;
        with ``index``, that seat (its player taking it back: ``players/routes.py``).

        Every join hands out a fresh token for the seat and makes the old one worthless:
        a seat has one owner, the last to join it.
        """
        table = self.table
        async with table.lock:
            if index is not None:
                seat = table.seats[index]
            elif token is not None:
                index = table.seat_for(token_hash(token))
                if index is None:
                    raise RoomError("unknown_token", "this token is no seat of this room", 401)
                seat = table.seats[index]
            else:
                if not table.row.public:
                    raise RoomError(
                        "private", "this room is private: join with your seat link", 403
                    )
                free = [s for s in table.seats if s.person and not s.row.joined]
                if not free:
                    raise RoomError("full", "every seat of this room is taken", 409)
                seat = free[0]
            fresh = new_token()
            change: dict[str, Any] = {"joined": True, "token": token_hash(fresh)}
            if name:
                change["name"] = name
            await self.save_seat(seat, **change)
            if seat.standin:
                self.take_back(seat)
            self.audience.room()
            return seat, fresh

    async def invite(self, seat: int, role: str = "host") -> str:
        """A fresh link for a free person seat (the host's): the old link stops working."""
        if role != "host":
            raise RoomError("forbidden", "only the host may invite", 403)
        table = self.table
        async with table.lock:
            if not 0 <= seat < len(table.seats) or not table.seats[seat].person:
                raise RoomError("bad_seats", f"seat {seat} is no person seat of this room", 422)
            held = table.seats[seat]
            if held.row.joined:
                raise RoomError("full", f"seat {seat} is taken", 409)
            fresh = new_token()
            await self.save_seat(held, token=token_hash(fresh))
            return fresh

    async def ready(self, seat: int, ready: bool) -> None:
        """The seat is ready (or not) to play; under the room's lock (``Room.set_ready``)."""
        table = self.table
        held = table.seats[seat]
        if table.row.status != "open":
            raise RoomError("started", "the match has already started", 409)
        await self.save_seat(held, joined=True, ready=ready)
        self.audience.room()

    async def leave(self, seat: int | None) -> None:
        """Before the match: free the seat. During it: a bot takes over at once.

        Either way the seat's token is revoked and its sockets are closed: whoever takes
        the seat next gets a new token (the host can make a new link with ``invite``)."""
        if seat is None:
            raise RoomError("forbidden", "only a seat can leave", 403)
        table = self.table
        async with table.lock:
            held = table.seats[seat]
            await self.save_seat(held, joined=False, ready=False, token=token_hash(new_token()))
            if table.row.status == "playing":
                self.cancel_grace(held)
                self.stand_in(held)
            for client in list(held.clients):
                client.send(protocol.error("left", "you left this seat: its link is revoked"))
                client.close()
            self.audience.room()

    def all_ready(self) -> bool:
        return all(s.row.joined and s.row.ready for s in self.table.seats if s.person)

    # ---------------------------------------------------------- stand-ins
    def cover_absent(self) -> None:
        """A match begins (or goes on after a restart): each person away gets a grace
        period if they had joined, else a stand-in at once."""
        for seat in self.table.seats:
            if seat.person and not seat.clients:
                if seat.row.joined:
                    self.start_grace(seat)
                else:
                    seat.standin = True

    def start_grace(self, seat: Seat) -> None:
        table = self.table
        if not seat.person or table.row.status != "playing" or seat.standin:
            return
        self.cancel_grace(seat)
        seat.grace = Timer(table.settings.grace_seconds, lambda: spawn(self._grace_over(seat)))

    def cancel_grace(self, seat: Seat) -> None:
        if seat.grace is not None:
            seat.grace.cancel()
            seat.grace = None

    async def _grace_over(self, seat: Seat) -> None:
        table = self.table
        async with table.lock:
            seat.grace = None
            if seat.clients or table.row.status != "playing":
                return
            self.stand_in(seat)
            self.audience.room()

    def stand_in(self, seat: Seat) -> None:
        """A bot takes the seat of a person who is away."""
        if seat.standin:
            return
        seat.standin = True
        live = self.table.live
        if live is not None and not live.match.over:
            self.timing.after_change(None)

    def take_back(self, seat: Seat) -> None:
        """The person is back: the stand-in leaves the seat."""
        seat.standin = False
        table = self.table
        table.bots.cancel(seat.index)
        if table.live is not None and not table.live.match.over:
            self.timing.after_change(None)
