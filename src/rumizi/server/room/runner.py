"""A room's actions and what each client is told of them (a part of ``room.Room``).

People (WebSocket or HTTP), bots, move clocks and game deadlines all submit actions
through ``_apply``, under the room's lock: check the index and the turn, apply it to the
match (the engine checks legality), **store it**, and only then tell every client of the
room what its seat may see. The lock makes the order of arrival the order of the log,
and keeps unstored positions from ever being shown.
"""

from __future__ import annotations

import logging
from typing import Any

from rumizi.engine import SYSTEM, Action, IllegalAction

from .. import protocol
from ..errors import RoomError
from ..store import StoreError
from .clients import Client
from .live import LiveMatch
from .state import RoomBase, spawn
from .telling import Telling, with_ack

log = logging.getLogger("rumizi.server")


class RoomActions(RoomBase):
    """Actions and broadcast."""

    # ------------------------------------------------------------------ telling
    def telling(self) -> Telling:
        """The position now, as the room tells it: one for all the clients told of it at
        this moment (the clock's seconds left are of this moment)."""
        clock = None if self.clocks is None else self.clocks.info()
        return Telling(self._live(), self.words, clock)

    def update(
        self, seat: int | None, since: int, ack: Any = None, retold: bool = False
    ) -> dict[str, Any]:
        """The ``update`` message for ``seat``: its events since log index ``since`` and view
        (``retold``: for a client that was not listening; see ``LiveMatch.events_since``)."""
        message = self.telling().message(seat, since, retold)
        if ack is not None:
            message["ack"] = ack
        return message

    def _send_update(
        self, client: Client, since: int, ack: Any = None, retold: bool = False
    ) -> None:
        assert self.live is not None
        client.send(self.update(client.seat, since, ack, retold))
        client.match_id, client.index = self.live.id, self.live.index

    def _broadcast_room(self, skip: Client | None = None) -> None:
        text = protocol.dump({"type": "room", "room": self.info()})
        for client in self.clients():
            if client is not skip:
                client.send_text(text)

    def _broadcast_update(self, mover: Client | None, ack: Any, skip: Client | None = None) -> None:
        """Each client gets what its seat may see of everything since its last update:
        one text per audience and starting point, made once (``Telling.text``)."""
        live = self._live()
        telling = self.telling()
        match_id, index = live.id, live.index
        for client in list(self.clients()):
            if client is skip:
                continue
            since = client.index if client.match_id == match_id else 0
            text = telling.text(client.seat, since)
            if client is mover and ack is not None:
                text = with_ack(text, ack)
            client.send_text(text)
            client.match_id, client.index = match_id, index

    # ---------------------------------------------------------------- actions
    async def act(
        self, seat: int, action: Action, index: int, ref: Any = None, client: Client | None = None
    ) -> dict[str, Any]:
        """A person's action for ``seat``, made on the position after ``index`` entries.

        Returns the seat's ``update`` (the acknowledgement); ``RoomError`` changes nothing.
        """
        held = self.seats[seat]
        if held.standin:
            async with self.lock:
                self._take_back(held)
                self._broadcast_room()
        return await self._apply(seat, action, index, ref, client)

    async def sync(self, client: Client, index: int | None, ref: Any = None) -> None:
        """Send the client its view again, with the events since ``index`` (default: its last)."""
        async with self.lock:
            self._send_update(client, client.index if index is None else index, ref, retold=True)

    async def state(self, seat: int | None, since: int) -> dict[str, Any] | None:
        """The seat's ``update`` now (None before the first match), for the HTTP API."""
        async with self.lock:
            return None if self.live is None else self.update(seat, since, retold=True)

    async def _bot_act(self, seat: int, action: Action, index: int | None) -> None:
        if self.level_of(seat) is None:
            return  # a person took the seat back meanwhile
        await self._apply(seat, action, index, None, None, bot=True)

    async def _clock_act(self, seat: int, action: Action, index: int | None) -> None:
        """The move a stand-in chose for a person whose move clock ran out."""
        await self._apply(seat, action, index, None, None, bot=True, for_person=True)

    async def _apply(
        self,
        seat: int,
        action: Action,
        index: int | None,
        ref: Any,
        client: Client | None,
        bot: bool = False,
        for_person: bool = False,
    ) -> dict[str, Any]:
        async with self.lock:
            live = self._live()
            match = live.match
            if bot and not for_person and seat != SYSTEM and self.level_of(seat) is None:
                raise RoomError("not_a_bot", "a person plays this seat now", 409)
            if match.over or live.row.aborted is not None:
                raise RoomError("over", "the match is over: no more actions are accepted", 409)
            if index is not None and index != live.index:
                if index < live.index:
                    raise RoomError(
                        "stale",
                        f"stale index {index}: the match is at index {live.index}; "
                        "look at the new position and act again",
                        409,
                        index=live.index,
                    )
                raise RoomError(
                    "bad_index",
                    f"index {index} is ahead of the match, which is at index {live.index}",
                    409,
                    index=live.index,
                )
            if seat != SYSTEM and seat not in match.to_act():
                waiting = ", ".join(f"seat {s}" for s in sorted(match.to_act())) or "nobody"
                raise RoomError(
                    "not_your_turn",
                    f"seat {seat} cannot act now: waiting for {waiting}",
                    409,
                    index=live.index,
                )
            try:
                match.apply(seat, action)
            except IllegalAction as e:
                raise RoomError("illegal", str(e), 422, index=live.index) from None
            except Exception:
                log.exception("game %s failed on an action; rebuilding the match", self.row.game)
                await self._rebuild(live)
                raise RoomError("illegal", "the game could not apply this action", 422) from None
            live.marks.append(len(match.events))
            try:
                await self.store.append(live.id, live.index - 1, seat, action, self.fence)
            except StoreError:
                log.exception("could not store an action of match %s", live.id)
                await self._rebuild(live)
                raise RoomError(
                    "storage", "the server could not store the action: nothing changed", 503
                ) from None
            if match.over:
                await self._finish(live)
            elif self.row.bots_only and live.index >= self.rooms.limits.bot_match_moves:
                spawn(self._cap_reached("moves"))
            self._after_change(seat)
            self._broadcast_update(client, ref)
            if client is None and not bot:  # an HTTP caller: the reply is its update
                return self.update(seat, index or 0, ref)
            return {}

    async def _rebuild(self, live: LiveMatch) -> None:
        """Put the match back to what the database holds (after a failed write)."""
        try:
            entries = await self.store.log(live.id)
        except StoreError:
            entries = [(e.seat, e.action) for e in live.match.log[:-1]]
        fresh = LiveMatch(self.game, live.row, entries)
        live.match, live.marks = fresh.match, fresh.marks
