"""The life of a room's matches: start, rematch, the end (a result, or stopped), the
length cap of all-bot matches, and the room leaving memory (a part of ``room.Room``)."""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from typing import Any

from rumizi.engine import Action, BadOptions

from ..errors import RoomError
from ..store import MatchRow, StoreError
from .clock import Clocks, Timer
from .live import LiveMatch
from .seating import BotSeats
from .state import RoomBase, spawn

log = logging.getLogger("rumizi.server")


async def _no_act(seat: int, action: Action, index: int | None) -> None:
    """What the bots of a room that left memory do: nothing."""


class RoomLife(RoomBase):
    """The life of a match."""

    async def start(self, role: str, seat: int | None) -> None:
        async with self.lock:
            if role == "spectator":
                raise RoomError("forbidden", "spectators cannot start the match", 403)
            if self.row.status != "open":
                raise RoomError("started", "the match has already started", 409)
            if not all(s.row.joined and s.row.ready for s in self.seats if s.person):
                waiting = [str(s.index) for s in self.seats if s.person and not s.row.ready]
                raise RoomError(
                    "not_ready",
                    f"waiting for seat(s) {', '.join(waiting)} to join and be ready",
                    409,
                )
            await self._start_match(number=1)

    async def rematch(self, role: str) -> None:
        """A new match with the same seats, options and settings, and a new shuffle."""
        async with self.lock:
            if role == "spectator":
                raise RoomError("forbidden", "spectators cannot ask for a rematch", 403)
            if self.row.status != "over":
                raise RoomError("not_over", "a rematch can start only when the match is over", 409)
            if self.evicted:  # a newer copy of this room is loaded: ask again
                raise RoomError("storage", "the room was busy: try again", 503)
            number = 1 if self.live is None else self.live.row.number + 1
            await self._start_match(number)

    async def abort(self, reason: str) -> None:
        """Stop the match now, without a result (the host, an admin, or a limit)."""
        async with self.lock:
            live = self.live
            if live is None or self.row.status != "playing":
                raise RoomError("not_playing", "no match is being played in this room", 409)
            await self._end(live, None, reason)

    async def _start_match(self, number: int) -> None:
        if not self.row.bots_only:
            await self._start_checked(number)
            return
        starting = self.rooms.bots_starting
        starting.add(self.id)
        try:
            await self.rooms.check_bot_match(self.row)
            await self._start_checked(number)
        finally:
            starting.discard(self.id)

    async def _start_checked(self, number: int) -> None:
        row = MatchRow(
            id=secrets.token_hex(8),
            room_id=self.id,
            number=number,
            game=self.row.game,
            players=len(self.seats),
            seed=secrets.randbits(63),
            options=self.row.options,
            started_at=time.time(),
        )
        try:
            live = LiveMatch(self.game, row, [])
        except BadOptions as e:  # pragma: no cover - checked when the room was made
            raise RoomError("bad_options", str(e), 422) from None
        try:
            await self.store.start_match(row, "playing", self.fence)
        except StoreError:
            log.exception("could not store a new match of room %s", self.id)
            raise RoomError(
                "storage", "the server could not store the match: try again", 503
            ) from None
        self.row.status, self.row.match_id = "playing", row.id
        self.rooms.owners.note_playing(self.id, True)
        self._install(live)
        self._cover_absent()
        self._arm_length_cap()
        self._after_change(None)
        self._broadcast_room()
        self._broadcast_update(None, None)

    def _install(self, live: LiveMatch) -> None:
        if self.clocks is not None:
            self.clocks.stop()
        if self._cap is not None:
            self._cap.cancel()
            self._cap = None
        self.live = live
        self.bots.reset()  # a bot's memory belongs to one match
        self.clocks = Clocks(
            self._deadline_passed, self._move_clock_ran_out, self.settings.move_seconds
        )

    # ------------------------------------------------------------- length cap
    def _arm_length_cap(self) -> None:
        """An all-bot match is stopped after ``bot_match_seconds`` of play."""
        if not self.row.bots_only or self.live is None:
            return
        left = self.live.row.started_at + self.rooms.limits.bot_match_seconds - time.time()
        self._cap = Timer(max(0.0, left), lambda: spawn(self._cap_reached("time")))

    async def _cap_reached(self, what: str) -> None:
        limits = self.rooms.limits
        reason = (
            f"an all-bot match may last {limits.bot_match_seconds:g} seconds"
            if what == "time"
            else f"an all-bot match may last {limits.bot_match_moves} moves"
        )
        with contextlib.suppress(RoomError):  # over or stopped meanwhile
            await self.abort(reason)

    # ---------------------------------------------------------------- the end
    async def _finish(self, live: LiveMatch) -> None:
        outcome = live.match.outcome()
        assert outcome is not None
        try:
            await self._end(live, outcome.to_json(), None)
        except RoomError:  # the log is stored: a restart finds the match over again
            self.row.status = "over"
            self._stopped()

    async def _end(
        self, live: LiveMatch, outcome: dict[str, Any] | None, aborted: str | None
    ) -> None:
        """The match is over (``outcome``) or stopped (``aborted``): store it, then say so."""
        try:
            await self.store.finish_match(self.id, live.id, outcome, aborted, self.fence)
        except StoreError:
            log.exception("could not mark match %s finished", live.id)
            raise RoomError(
                "storage", "the server could not store this: nothing changed", 503
            ) from None
        self.row.status = "over"
        self.rooms.owners.note_playing(self.id, False)
        live.row.finished_at, live.row.outcome, live.row.aborted = time.time(), outcome, aborted
        self._stopped()
        self._broadcast_room()
        if aborted is not None:
            for client in self.clients():
                client.send({"type": "notice", "kind": "aborted", "reason": aborted})
        self.rooms.linger(self)

    def _stopped(self) -> None:
        """No more moves: stop the clocks, the bots and the length cap."""
        if self.clocks is not None:
            self.clocks.stop()
        self.bots.cancel()
        if self._cap is not None:
            self._cap.cancel()
            self._cap = None

    # ---------------------------------------------------------------- memory
    def close(self) -> None:
        self._stopped()
        for seat in self.seats:
            self._cancel_grace(seat)

    def dispose(self) -> None:
        """The room leaves memory: close it, and break the reference cycles between it
        and its bots and clocks (their callbacks are its methods), so that reference
        counting frees it at once; the collector may never look (``run.py`` freezes
        what survives a full collection). A request still holding it finds idle bots."""
        self.close()
        self.bots = BotSeats(self.row.game, self.settings.bot_delay, _no_act, _no_act)
        self.clocks = None
