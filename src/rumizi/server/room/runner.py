"""A room's match runner (a part of ``room.Room``): the single path every action takes,
and the life of a match around it (start, rematch, the end, the all-bot length cap, the
timers that run out, a match resumed after a restart or a takeover).

People (WebSocket or HTTP), bots, move clocks and game deadlines all submit actions
through ``apply``, under the room's lock: check the index and the turn, apply it to the
match (the engine checks legality), **store it**, and only then tell every client of the
room what its seat may see. The lock makes the order of arrival the order of the log,
and keeps unstored positions from ever being shown.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from typing import Any

from rumizi.engine import SYSTEM, TIMEOUT, Action, BadOptions, IllegalAction

from ..errors import RoomError
from ..store import MatchRow, StoreError
from .clients import Client
from .clock import Clocks, Timer
from .live import LiveMatch
from .seats import Presence
from .state import Registry, Table, spawn
from .telling import Audience
from .timing import Timing

log = logging.getLogger("rumizi.server")


class Runner:
    """The match in play: given the room's state, the server's rooms (limits, what an
    all-bot match may start, an idle room let go), and the parts it moves on a change:
    what the room tells (``Audience``), its clocks (``Timing``), its seats
    (``Presence``: stand-ins)."""

    def __init__(
        self,
        table: Table,
        rooms: Registry,
        audience: Audience,
        timing: Timing,
        presence: Presence,
    ) -> None:
        self.table = table
        self.rooms = rooms
        self.audience = audience
        self.timing = timing
        self.presence = presence
        self.cap: Timer | None = None
        """The length cap of an all-bot match, while it runs."""

    # ---------------------------------------------------------------- actions
    async def act(
        self,
        seat: int | None,
        action: Action,
        index: int,
        ref: Any = None,
        client: Client | None = None,
    ) -> dict[str, Any]:
        """A person's action for ``seat``, made on the position after ``index`` entries.

        Returns the seat's ``update`` (the acknowledgement); ``RoomError`` changes nothing.
        """
        if seat is None:
            raise RoomError("forbidden", "spectators cannot act", 403)
        table = self.table
        held = table.seats[seat]
        if held.standin:
            async with table.lock:
                self.presence.take_back(held)
                self.audience.room()
        return await self.apply(seat, action, index, ref, client)

    async def sync(self, client: Client, index: int | None, ref: Any = None) -> None:
        """Send the client its view again, with the events since ``index`` (default: its last)."""
        async with self.table.lock:
            since = client.index if index is None else index
            self.audience.send_update(client, since, ref, retold=True)

    async def state(self, seat: int | None, since: int) -> dict[str, Any] | None:
        """The seat's ``update`` now (None before the first match), for the HTTP API."""
        table = self.table
        async with table.lock:
            return None if table.live is None else self.audience.update(seat, since, retold=True)

    async def bot_act(self, seat: int, action: Action, index: int | None) -> None:
        if self.table.level_of(seat) is None:
            return  # a person took the seat back meanwhile
        await self.apply(seat, action, index, None, None, bot=True)

    async def clock_act(self, seat: int, action: Action, index: int | None) -> None:
        """The move a stand-in chose for a person whose move clock ran out."""
        await self.apply(seat, action, index, None, None, bot=True, for_person=True)

    async def apply(
        self,
        seat: int,
        action: Action,
        index: int | None,
        ref: Any,
        client: Client | None,
        bot: bool = False,
        for_person: bool = False,
    ) -> dict[str, Any]:
        table = self.table
        async with table.lock:
            live = table.live_match()
            match = live.match
            if bot and not for_person and seat != SYSTEM and table.level_of(seat) is None:
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
                log.exception("game %s failed on an action; rebuilding the match", table.row.game)
                await self._rebuild(live)
                raise RoomError("illegal", "the game could not apply this action", 422) from None
            live.marks.append(len(match.events))
            try:
                await table.store.append(live.id, live.index - 1, seat, action, table.fence)
            except StoreError:
                log.exception("could not store an action of match %s", live.id)
                await self._rebuild(live)
                raise RoomError(
                    "storage", "the server could not store the action: nothing changed", 503
                ) from None
            if match.over:
                await self.finish(live)
            elif table.row.bots_only and live.index >= self.rooms.limits.bot_match_moves:
                spawn(self._cap_reached("moves"))
            self.timing.after_change(seat)
            self.audience.updates(client, ref)
            if client is None and not bot:  # an HTTP caller: the reply is its update
                return self.audience.update(seat, index or 0, ref)
            return {}

    async def _rebuild(self, live: LiveMatch) -> None:
        """Put the match back to what the database holds (after a failed write)."""
        table = self.table
        try:
            entries = await table.store.log(live.id)
        except StoreError:
            entries = [(e.seat, e.action) for e in live.match.log[:-1]]
        fresh = LiveMatch(table.game, live.row, entries)
        live.match, live.marks = fresh.match, fresh.marks

    # ------------------------------------------------------------ timers run out
    def _deadline_passed(self) -> None:
        spawn(self._timeout())

    async def _timeout(self) -> None:
        try:
            await self.apply(SYSTEM, dict(TIMEOUT), None, None, None, bot=True)
        except RoomError as e:
            log.info("timeout in room %s not applied: %s", self.table.id, e.message)

    def _move_clock_ran_out(self, seat: int) -> None:
        spawn(self._auto_move(seat))

    async def _auto_move(self, seat: int) -> None:
        """The seat's move clock ran out: a stand-in bot makes this one move for it."""
        table = self.table
        async with table.lock:
            live = table.live
            if live is None or live.match.over or table.level_of(seat) is not None:
                return
            self.audience.everyone({"type": "notice", "kind": "move_clock", "seat": seat})
            table.bots.move_now(live.match, seat, table.standin_level)

    # ------------------------------------------------------------- start and stop
    async def start(self, role: str, seat: int | None) -> None:
        table = self.table
        async with table.lock:
            if role == "spectator":
                raise RoomError("forbidden", "spectators cannot start the match", 403)
            if table.row.status != "open":
                raise RoomError("started", "the match has already started", 409)
            if not all(s.row.joined and s.row.ready for s in table.seats if s.person):
                waiting = [str(s.index) for s in table.seats if s.person and not s.row.ready]
                raise RoomError(
                    "not_ready",
                    f"waiting for seat(s) {', '.join(waiting)} to join and be ready",
                    409,
                )
            await self.start_match(number=1)

    async def rematch(self, role: str) -> None:
        """A new match with the same seats, options and settings, and a new shuffle."""
        table = self.table
        async with table.lock:
            if role == "spectator":
                raise RoomError("forbidden", "spectators cannot ask for a rematch", 403)
            if table.row.status != "over":
                raise RoomError("not_over", "a rematch can start only when the match is over", 409)
            number = 1 if table.live is None else table.live.row.number + 1
            await self.start_match(number)

    async def stop(self, role: str) -> None:
        """The host stops the match now, without a result."""
        if role != "host":
            raise RoomError("forbidden", "only the host may stop the match", 403)
        await self.abort("stopped by the host")

    async def abort(self, reason: str) -> None:
        """Stop the match now, without a result (the host, an admin, or a limit)."""
        table = self.table
        async with table.lock:
            live = table.live
            if live is None or table.row.status != "playing":
                raise RoomError("not_playing", "no match is being played in this room", 409)
            await self._end(live, None, reason)

    async def start_match(self, number: int) -> None:
        """Start match ``number`` (under the room's lock)."""
        table = self.table
        if table.evicted:  # a newer copy of this room is (or will be) loaded: ask again
            raise RoomError("storage", "the room was busy: try again", 503)
        if not table.row.bots_only:
            await self._start_checked(number)
            return
        starting = self.rooms.bots_starting
        starting.add(table.id)
        try:
            await self.rooms.check_bot_match(table.row)
            await self._start_checked(number)
        finally:
            starting.discard(table.id)

    async def _start_checked(self, number: int) -> None:
        table = self.table
        row = MatchRow(
            id=secrets.token_hex(8),
            room_id=table.id,
            number=number,
            game=table.row.game,
            players=len(table.seats),
            seed=secrets.randbits(63),
            options=table.row.options,
            started_at=time.time(),
        )
        try:
            live = LiveMatch(table.game, row, [])
        except BadOptions as e:  # pragma: no cover - checked when the room was made
            raise RoomError("bad_options", str(e), 422) from None
        try:
            await table.store.start_match(row, "playing", table.fence)
        except StoreError:
            log.exception("could not store a new match of room %s", table.id)
            raise RoomError(
                "storage", "the server could not store the match: try again", 503
            ) from None
        table.row.status, table.row.match_id = "playing", row.id
        self.rooms.owners.note_playing(table.id, True)
        self.install(live)
        self.presence.cover_absent()
        self._arm_length_cap()
        self.timing.after_change(None)
        self.audience.room()
        self.audience.updates(None, None)

    def install(self, live: LiveMatch) -> None:
        """``live`` is the room's match from now on, with clocks of its own."""
        table = self.table
        if table.clocks is not None:
            table.clocks.stop()
        if self.cap is not None:
            self.cap.cancel()
            self.cap = None
        table.live = live
        table.bots.reset()  # a bot's memory belongs to one match
        table.clocks = Clocks(
            self._deadline_passed, self._move_clock_ran_out, table.settings.move_seconds
        )

    async def resume(self, clock: dict[str, Any] | None = None) -> bool:
        """Set a stored match in play going again: stand-ins, grace periods, bots and
        clocks (continued from ``clock``, the timers as stored, when it is of this very
        position). False if it turned out over (it is finished now)."""
        table = self.table
        live = table.live_match()
        async with table.lock:
            if live.match.over:
                await self.finish(live)
                return False
            if table.row.bots_only and live.index >= self.rooms.limits.bot_match_moves:
                await self._end(live, None, "the all-bot match reached its length limit")
                return False
            self.presence.cover_absent()
            self._arm_length_cap()
            self.timing.after_change(None)
            self.timing.resume(clock)
        return True

    # ------------------------------------------------------------- length cap
    def _arm_length_cap(self) -> None:
        """An all-bot match is stopped after ``bot_match_seconds`` of play."""
        table = self.table
        if not table.row.bots_only or table.live is None:
            return
        left = table.live.row.started_at + self.rooms.limits.bot_match_seconds - time.time()
        self.cap = Timer(max(0.0, left), lambda: spawn(self._cap_reached("time")))

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
    async def finish(self, live: LiveMatch) -> None:
        outcome = live.match.outcome()
        assert outcome is not None
        try:
            await self._end(live, outcome.to_json(), None)
        except RoomError:  # the log is stored: a restart finds the match over again
            self.table.row.status = "over"
            self.stopped()

    async def _end(
        self, live: LiveMatch, outcome: dict[str, Any] | None, aborted: str | None
    ) -> None:
        """The match is over (``outcome``) or stopped (``aborted``): store it, then say so."""
        table = self.table
        try:
            await table.store.finish_match(table.id, live.id, outcome, aborted, table.fence)
        except StoreError:
            log.exception("could not mark match %s finished", live.id)
            raise RoomError(
                "storage", "the server could not store this: nothing changed", 503
            ) from None
        table.row.status = "over"
        self.rooms.owners.note_playing(table.id, False)
        live.row.finished_at, live.row.outcome, live.row.aborted = time.time(), outcome, aborted
        self.stopped()
        self.audience.room()
        if aborted is not None:
            self.audience.everyone({"type": "notice", "kind": "aborted", "reason": aborted})
        self.rooms.linger(table)

    def stopped(self) -> None:
        """No more moves: stop the clocks, the bots and the length cap."""
        table = self.table
        if table.clocks is not None:
            table.clocks.stop()
        table.bots.cancel()
        if self.cap is not None:
            self.cap.cancel()
            self.cap = None
