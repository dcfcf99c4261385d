"""Rooms: every room this server holds, loaded from the database when first asked for and
let go of once its match is over and nobody is connected.

A room is owned by one server process at a time (``ownership.Ownership``: always this
one with one server, leased through Redis with several workers); ``Rooms`` asks its
ownership before loading a room, and knows nothing else of the cluster. The room itself
is ``room.Room``; the one path every action takes is ``runner.Runner.apply``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from ..cluster.ownership import Elsewhere, LocalOwnership, Ownership
from ..errors import RoomError
from ..limits import Limits
from ..protocol import CreateRoom, as_json
from ..store import Fence, RoomRow, Store, StoreError, Whole
from ..tokens import matches, token_hash
from .clients import MOVED, Client
from .clock import Timer
from .live import LiveMatch, retell
from .making import check_options, plan_room
from .roles import role_of_hash
from .room import Room, Seat
from .state import Table, spawn
from .thinking import Thinkers

__all__ = [
    "MOVED",
    "Client",
    "Elsewhere",
    "LiveMatch",
    "Room",
    "RoomError",
    "Rooms",
    "Seat",
    "check_options",
    "retell",
]

log = logging.getLogger("rumizi.server")


class Rooms:
    """Every room this server knows: loaded from the database when first asked for, and
    let go of again once its match is over and nobody is connected."""

    def __init__(
        self, store: Store, limits: Limits | None = None, owners: Ownership | None = None
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.owners: Ownership = owners or LocalOwnership()
        """Who owns which room (with several workers: leases in Redis)."""
        self._rooms: dict[str, Room] = {}
        self._tokens: dict[str, str] = {}  # token hash → room id
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._lingering: dict[str, Timer] = {}
        self.bots_starting: set[str] = set()
        self.thinkers = Thinkers(self.limits.bot_processes)
        """The process pool search bots think in."""

    def __len__(self) -> int:
        return len(self._rooms)

    def _register(self, room: Room) -> None:
        self._rooms[room.id] = room
        for hashed in (room.row.host_token, room.row.spectator_token):
            self._tokens[hashed] = room.id
        for seat in room.seats:
            if seat.row.token is not None:
                self._tokens[seat.row.token] = room.id

    def retoken(self, room_id: str, old: str | None, new: str | None) -> None:
        """A seat's token changed (its hash ``old`` is worthless now)."""
        if old is not None and self._tokens.get(old) == room_id:
            del self._tokens[old]
        if new is not None and self._rooms.get(room_id) is not None:
            self._tokens[new] = room_id

    # ---------------------------------------------------------------- making
    async def create(
        self, body: CreateRoom, address: str | None = None
    ) -> tuple[Room, dict[str, Any]]:
        """A new room; returns it and the secrets its creator hands out (tokens). An
        address holding ``open_rooms_per_address`` open rooms in memory is refused (429
        ``limit``) until one starts or leaves memory."""
        row, secrets_out = plan_room(body, self.limits, address)
        self._check_open_rooms(row.owner)
        fence = await self.owners.acquire_new(row.id)
        row.epoch = 0 if fence is None else fence[1]
        try:
            await self.store.create_room(row)
        except StoreError:
            log.exception("could not store a new room")
            await self.owners.release(row.id)
            raise RoomError(
                "storage", "the server could not store the room: try again", 503
            ) from None
        room = Room(self, row)
        room.fence = fence
        self._register(room)
        self.linger(room.table)  # (an open room nobody connects to leaves memory)
        return room, secrets_out

    def _check_open_rooms(self, owner: str | None) -> None:
        """Refuse one more open room than ``open_rooms_per_address`` from one address
        (``owner``: its hash). Counted over the rooms in memory when a room is made, never
        per action; a room nobody connects to leaves memory (``linger``) and counts no
        more."""
        cap = self.limits.open_rooms_per_address
        if owner is None or cap <= 0:
            return
        rows = (r.row for r in self._rooms.values())
        held = sum(1 for row in rows if row.owner == owner and row.status == "open")
        if held >= cap:
            raise RoomError(
                "limit",
                f"at most {cap} open rooms at once from one address: start or leave one first",
                429,
            )

    async def check_bot_match(self, row: RoomRow) -> None:
        """Refuse to start one more all-bot match than the limits allow (429)."""
        limits = self.limits
        others = len(self.bots_starting - {row.id})
        if await self.store.bot_matches() + others >= limits.bot_matches:
            raise RoomError(
                "limit",
                f"this server plays at most {limits.bot_matches} all-bot matches at once: "
                "try again later",
                429,
            )
        if row.owner is not None:
            mine = await self.store.bot_matches(row.owner)
            if mine >= limits.bot_matches_per_address:
                raise RoomError(
                    "limit",
                    f"at most {limits.bot_matches_per_address} all-bot match(es) at once "
                    "from one address: stop one first",
                    429,
                )

    # ---------------------------------------------------------------- finding
    async def get(self, room_id: str) -> Room:
        room = self._rooms.get(room_id)
        if room is not None:
            room.used = time.monotonic()
            return room
        pending = self._loading.get(room_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[room_id] = pending
            try:
                pending.set_result(await self._load(room_id))
            except Exception as e:
                pending.set_exception(e)
            finally:
                del self._loading[room_id]
        found = await pending
        if found is None:
            raise RoomError("not_found", f"no room {as_json(room_id)}", 404)
        return found

    async def _load(self, room_id: str) -> Room | None:
        """Own the room (``Elsewhere``: another worker does), then read it; a match in
        play that another worker had is taken over (resumed from its stored log)."""
        owners = self.owners
        started = time.monotonic()
        # From here on, a write by the room's previous owner is refused: the log read
        # below is the whole log.
        fence = await owners.acquire(room_id)
        try:
            clock = await owners.stored_clock(room_id) if fence is not None else None
            room = await self._read(room_id, fence)
        except BaseException:
            await owners.release(room_id)
            raise
        if room is None:
            await owners.release(room_id)
        elif not owners.held(room_id):  # the lease was lost while the room was read
            self._forget(room)
            raise Elsewhere(room_id, await owners.holder(room_id))
        elif fence is not None and room.live is not None and room.row.status == "playing":
            await self._resume(room, clock)
            took = (time.monotonic() - started) * 1000
            log.info("took over room %s at log index %d (%.0f ms)", room_id, room.live.index, took)
        return room

    async def _read(self, room_id: str, fence: Fence | None = None) -> Room | None:
        """The room as stored, registered in memory (its match rebuilt from the log)."""
        found = await self.store.load_whole(room_id)
        return None if found is None else self._build(found, fence)

    def _build(self, whole: Whole, fence: Fence | None) -> Room:
        """A room as loaded, registered in memory (its match rebuilt from the log)."""
        row, match_row, entries = whole
        room = Room(self, row)
        room.fence = fence
        if match_row is not None:
            room.runner.install(LiveMatch(room.game, match_row, entries))
        self._register(room)
        if room.row.status == "over":
            self.owners.note_playing(row.id, False)
        if room.row.status != "playing":
            self.linger(room.table)
        return room

    def local(self, room_id: str) -> Room | None:
        """The room if this worker holds it in memory now."""
        return self._rooms.get(room_id)

    async def peek(self, room_id: str, token: str | None) -> dict[str, Any]:
        """The room object for ``GET /api/rooms/{id}``, without loading the room: a
        private room is shown only to a token of its own (else: no such room)."""
        room = self._rooms.get(room_id)
        if room is not None:
            info = room.info()
            row = room.row
        else:
            loaded = await self.store.load_room(room_id)
            if loaded is None:
                raise RoomError("not_found", f"no room {as_json(room_id)}", 404)
            row = loaded
            match_row = None if row.match_id is None else await self.store.match(row.match_id)
            info = Room(self, row).info(match_row)
        if not row.public and (token is None or role_of_hash(row, token_hash(token)) is None):
            raise RoomError("not_found", f"no room {as_json(room_id)}", 404)
        return info

    async def by_token(
        self, token: str, room_id: str | None = None
    ) -> tuple[Room, str, int | None]:
        """The room, role (``seat``, ``spectator`` or ``host``) and seat of a token."""
        hashed = token_hash(token)
        room: Room | None = None
        if room_id is not None:
            room = await self.get(room_id)
        else:
            found = self._tokens.get(hashed) or await self.store.room_for_token(hashed)
            if found is not None:
                room = await self.get(found)
        role = None if room is None else role_of_hash(room.row, hashed)
        if room is None or role is None:
            raise RoomError("unknown_token", "unknown token: use the link you were given", 401)
        room.used = time.monotonic()
        return room, role[0], role[1]

    def is_admin(self, token: str | None) -> bool:
        admin = self.limits.admin_token
        return bool(admin and token is not None and matches(token_hash(admin), token_hash(token)))

    # ---------------------------------------------------------------- memory
    def owned(self) -> list[str]:
        return list(self._rooms)

    def _delay(self, table: Table) -> float:
        """How long an idle room stays in memory: a finished one ``linger_seconds``, an
        open one (not started) ``open_seconds`` since anyone last asked for it."""
        limits = self.limits
        seconds = limits.open_seconds if table.row.status == "open" else limits.linger_seconds
        return max(0.0, seconds)

    def linger(self, table: Table, delay: float | None = None) -> None:
        """Let an idle finished or open room (its state: ``table``) go after its delay
        (``_delay``; at once if 0). It stays stored, and loads again when asked for."""
        old = self._lingering.pop(table.id, None)
        if old is not None:
            old.cancel()
        delay = self._delay(table) if delay is None else delay
        self._lingering[table.id] = Timer(delay, lambda: self._evict(table))

    def _evict(self, table: Table) -> None:
        self._lingering.pop(table.id, None)
        room = self._rooms.get(table.id)
        if room is None or room.table is not table or not table.idle():
            return  # gone already, or someone is connected (their leaving calls linger)
        if table.lock.locked():  # busy this moment: look again later
            self.linger(table, max(0.05, self._delay(table)))
            return
        if table.row.status == "open":  # asked for lately (HTTP): its time runs from then
            left = room.used + self._delay(table) - time.monotonic()
            if left > 0:
                self.linger(table, left)
                return
        self._forget(room)
        spawn(self.owners.release(room.id))

    def _forget(self, room: Room) -> None:
        del self._rooms[room.id]
        room.evicted = True
        for hashed in (room.row.host_token, room.row.spectator_token, *room.row_tokens()):
            if self._tokens.get(hashed) == room.id:
                del self._tokens[hashed]
        room.dispose()

    def drop(self, room_id: str) -> None:
        """This worker lost its lease on the room: its clients are told to reconnect (to
        the room's new owner, through any worker) and the room leaves memory."""
        room = self._rooms.get(room_id)
        if room is None:
            return
        log.warning("lost the lease on room %s: letting it go", room_id)
        for client in list(room.clients()):
            client.send(MOVED)
            client.close(1012, "moved")
        timer = self._lingering.pop(room_id, None)
        if timer is not None:
            timer.cancel()
        if room.row.status == "playing":  # still to be taken over (after a Redis restart too)
            self.owners.note_playing(room_id, True)
        self._forget(room)

    async def take(self, room_id: str) -> None:
        """Take over a room in play that has no owner (its worker died)."""
        try:
            room = await self.get(room_id)
        except (Elsewhere, RoomError):
            return
        except Exception:
            log.exception("could not take room %s over", room_id)
            return
        if room.row.status != "playing":
            self.owners.note_playing(room_id, False)

    async def take_many(self, room_ids: list[str]) -> None:
        """Take over, together, rooms in play whose worker died: their leases, epochs,
        rows and logs in a few round trips for all of them (``acquire_many``,
        ``Store.load_many``), however busy this worker is. A client asking for one of them
        meanwhile waits for it; one this worker did not get is asked for again."""
        loop = asyncio.get_running_loop()
        mine = [r for r in room_ids if r not in self._rooms and r not in self._loading]
        pending: dict[str, asyncio.Future[Room | None]] = {r: loop.create_future() for r in mine}
        self._loading.update(pending)
        started = time.monotonic()
        try:
            fences = await self.owners.acquire_many(mine) if mine else {}
            found = await self.store.load_many(list(fences)) if fences else {}
            for room_id, fence in fences.items():
                whole = found.get(room_id)
                if whole is None or not self.owners.held(room_id):
                    await self.owners.release(room_id)
                    continue
                try:
                    room = await self._taken(room_id, whole, fence, started)
                except Exception:
                    log.exception("could not take room %s over", room_id)
                    await self.owners.release(room_id)
                    continue
                pending[room_id].set_result(room)
        except Exception:
            log.exception("could not take rooms over")
        finally:
            for room_id, waiting in pending.items():
                if self._loading.get(room_id) is waiting:
                    del self._loading[room_id]
                if not waiting.done():  # not taken here: whoever waits asks again
                    waiting.set_exception(Elsewhere(room_id, None))
                    waiting.exception()

    async def _taken(self, room_id: str, whole: Whole, fence: Fence | None, since: float) -> Room:
        """A room taken over: registered, and its match in play going again."""
        clock = await self.owners.stored_clock(room_id)  # (read with the lease)
        room = self._build(whole, fence)
        if room.live is not None and room.row.status == "playing":
            await self._resume(room, clock)
            took = (time.monotonic() - since) * 1000
            log.info("took over room %s at log index %d (%.0f ms)", room_id, room.live.index, took)
        else:
            self.owners.note_playing(room_id, False)
        return room

    # ---------------------------------------------------------------- restart
    async def restore(self) -> int:
        """Bring back every unfinished match after a (re)start; returns how many. With
        several workers, the rooms in play are offered to all of them instead (each is
        taken by the first worker that finds it without an owner)."""
        unfinished = {m.room_id: m for m in await self.store.unfinished_matches()}
        count = 0
        for room_id in await self.owners.adopt(list(unfinished)):
            match_row = unfinished[room_id]
            try:
                room = await self.get(room_id)
                live = room.live
                if live is None or live.id != match_row.id:
                    continue
                if await self._resume(room):
                    count += 1
            except Exception:
                log.exception("could not restore match %s", match_row.id)
        return count

    async def _resume(self, room: Room, clock: dict[str, Any] | None = None) -> bool:
        """Set a stored match in play going again: stand-ins, grace periods, bots and
        clocks (continued from ``clock``, the timers as stored, when it is of this very
        position). False if it turned out over (it is finished now)."""
        assert room.live is not None
        if not await room.runner.resume(clock):
            return False
        self.owners.note_playing(room.id, True)
        return True

    async def lobby(self) -> list[dict[str, Any]]:
        rows = await self.store.lobby()
        out = []
        for row in rows:
            free = sum(1 for s in row.seats if s.kind == "person" and not s.joined)
            if free:
                out.append(
                    {
                        "id": row.id,
                        "game": row.game,
                        "title": row.title,
                        "seats": len(row.seats),
                        "free": free,
                        "bots": sum(1 for s in row.seats if s.kind == "bot"),
                        "created_at": row.created_at,
                    }
                )
        return out

    def close(self) -> None:
        for timer in self._lingering.values():
            timer.cancel()
        for room in self._rooms.values():
            room.close()
        self.thinkers.close()
