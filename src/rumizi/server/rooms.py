"""Rooms: seats, tokens, the match in play, and the one path every action takes.

An action (from a person over the WebSocket or HTTP, a bot, a move clock or a game
deadline) goes through ``Room._apply`` under the room's lock: check the index and the
turn, apply it to the match (the engine checks legality), **store it**, and only then
tell every client of the room what its seat may see. The lock makes the order of
arrival the order of the log, and keeps unstored positions from ever being shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import math
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rumizi import bots, games
from rumizi.engine import SYSTEM, TIMEOUT, Action, BadOptions, Event, Game, IllegalAction, Match

from . import protocol
from .clock import Clocks, Timer
from .limits import Limits, address_key
from .protocol import CreateRoom, RoomSettings
from .seating import BotSeats
from .store import Fence, MatchRow, RoomRow, SeatRow, Store, StoreError
from .thinking import Thinkers
from .tokens import matches, new_token, seed_hash, token_hash

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("rumizi.server")

TAKEN_OVER = protocol.error(
    "taken_over", "this seat was opened in another tab or browser: this one no longer plays it"
)
"""What an older connection of a seat is told when a newer one takes the seat over."""

MAX_QUEUED = 1000
"""Messages waiting for one slow client before it is disconnected (it may reconnect)."""


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


class Elsewhere(Exception):
    """The room is owned by another worker (several workers share one site: see
    ``cluster.py``): the request goes to ``owner``."""

    def __init__(self, room_id: str, owner: str | None) -> None:
        super().__init__(f"room {room_id} is owned by worker {owner}")
        self.room_id = room_id
        self.owner = owner


MOVED = protocol.error("moved", "this room moved to another server process: reconnect to continue")
"""What a client of a room is told when its worker no longer holds the room."""


def _nowhere(text: str) -> None:
    pass


class Client:
    """One connection (a WebSocket, or an HTTP caller for one reply) to a room."""

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


@dataclass
class Seat:
    """A seat and who plays it now."""

    row: SeatRow
    clients: set[Client] = field(default_factory=set)
    standin: bool = False
    grace: Timer | None = None
    away_since: float | None = None
    """When its last connection closed (monotonic seconds), while nobody is connected."""

    @property
    def index(self) -> int:
        return self.row.seat

    @property
    def person(self) -> bool:
        return self.row.kind == "person"


class LiveMatch:
    """A match in memory: the engine's ``Match``, and where each log index's events start."""

    def __init__(self, game: Game, row: MatchRow, log_entries: list[tuple[int, Action]]) -> None:
        self.row = row
        self.id = row.id
        self.match = Match(game, row.players, row.seed, row.options)
        self.marks = [len(self.match.events)]
        for seat, action in log_entries:  # Match.replay, keeping each entry's event count
            self.match.apply(seat, action)
            self.marks.append(len(self.match.events))

    @property
    def index(self) -> int:
        return len(self.match.log)

    def events_since(
        self, seat: int | None, index: int, retold: bool = False
    ) -> list[dict[str, Any]]:
        """The events ``seat`` may see from log index ``index`` on (from 0: the setup's
        events too, the game's ``opening``: a client at 0 starts afresh). ``retold``: for a
        client that was not listening (it connects, reloads, syncs or starts watching), as the
        game retells them — what the seat may know *now*, never more (see ``retell``). Each
        event comes with its catalogue message, made from what the seat is told."""
        start = self.marks[index] if index else 0
        events = [e.to_json() for e in self.match.events[start:] if e.visible_to(seat)]
        told = retell(self.match.game, events) if retold else events
        return [games.told(self.row.game, e, seat) for e in told]


def retell(game: Game, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events as told to a seat that was not listening: a game with a ``retell(events)``
    hook (a list of the same length: each event, a shorter copy, or None to leave it out)
    decides; other games tell their events as they were."""
    hook = getattr(game, "retell", None)
    if not callable(hook):
        return events
    return [e for e in hook(events) if e is not None]


def replay_positions(
    game: Game, row: MatchRow, entries: list[tuple[int, Action]], seat: int | None, full: bool
) -> Iterator[dict[str, Any]]:
    """Every position of a match: its events and views (every seat's when ``full``, each
    event with its audience ``to`` and the message that tells it to that audience)."""
    match = Match(game, row.players, row.seed, row.options)
    seats: list[int | None] = [None, *range(row.players)] if full else [seat]
    first = 0
    for i in range(len(entries) + 1):
        if i:
            match.apply(*entries[i - 1])
        new = match.events[first:]
        first = len(match.events)
        position: dict[str, Any] = {"index": i}
        if full:
            position["events"] = [_as_told(row.game, e) for e in new]
            position["views"] = {"spectator" if s is None else str(s): match.view(s) for s in seats}
        else:
            position["events"] = [
                games.told(row.game, e.to_json(), seat) for e in new if e.visible_to(seat)
            ]
            position["view"] = match.view(seat)
        position["to_act"] = sorted(match.to_act())
        yield position


def _as_told(game_id: str, event: Event) -> dict[str, Any]:
    """An event of a full replay: its audience ``to`` and, when the game tells it, the
    message as told to that audience (a private event: to its first seat)."""
    to = None if event.to is None else sorted(event.to)
    told = games.told(game_id, event.to_json(), None if to is None else to[0])
    message = told.pop("message", None)
    found: dict[str, Any] = {"to": to, "event": told}
    if message is not None:
        found["message"] = message
    return found


def replay_in_play(
    game: Game, row: MatchRow, entries: list[tuple[int, Action]], seat: int | None
) -> list[dict[str, Any]]:
    """A match still in play, for one seat: its view of every position and its events.

    A game that retells history (``retell``) gets no step-by-step replay while in play —
    each past view would show a card the seat is not to remember — only the position now,
    with every event of the match retold (a replay is no memory aid)."""
    positions = list(replay_positions(game, row, entries, seat, False))
    if not callable(getattr(game, "retell", None)):
        return positions
    now = positions[-1]
    now["events"] = retell(game, [e for p in positions for e in p["events"]])
    return [now]


class Room:
    """A table: its seats, its clients, and the current match (if one was started)."""

    def __init__(self, rooms: Rooms, row: RoomRow) -> None:
        self.rooms = rooms
        self.store = rooms.store
        self.row = row
        self.id = row.id
        self.game = games.load(row.game)
        self.settings = RoomSettings(**row.settings)
        self.standin_level = self.settings.standin or bots.quickest_strong(row.game)
        self.seats = [Seat(s) for s in row.seats]
        self.spectators: set[Client] = set()
        self.live: LiveMatch | None = None
        self.clocks: Clocks | None = None
        self.fence: Fence | None = None
        """The room's lease (id, epoch) when several workers share the site: every write."""
        self.lock = asyncio.Lock()
        self._cap: Timer | None = None
        self.used = time.monotonic()
        self.evicted = False
        self.bots = BotSeats(
            row.game, self.settings.bot_delay, self._bot_act, self._clock_act, rooms.thinkers
        )

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

    def _level(self, seat: Seat) -> str | None:
        """The bot level playing ``seat`` now, or None when a person does."""
        if not seat.person:
            return seat.row.bot or "random"
        return self.standin_level if seat.standin else None

    def level_of(self, seat: int) -> str | None:
        return self._level(self.seats[seat])

    def update(
        self, seat: int | None, since: int, ack: Any = None, retold: bool = False
    ) -> dict[str, Any]:
        """The ``update`` message for ``seat``: its events since log index ``since`` and view
        (``retold``: for a client that was not listening; see ``LiveMatch.events_since``)."""
        live = self._live()
        match = live.match
        index = live.index
        if not 0 <= since <= index:
            since = 0
        to_act = match.to_act()
        outcome = match.outcome()
        view = match.view(seat)
        legal = match.game.legal(match.state, seat) if seat is not None and seat in to_act else []
        message: dict[str, Any] = {
            "type": "update",
            "match": live.id,
            "index": index,
            "since": since,
            "events": live.events_since(seat, since, retold),
            "view": view,
            "to_act": sorted(to_act),
            "legal": legal,
            "said": games.said(self.row.game, legal, view),
            "over": outcome is not None,
            "outcome": None if outcome is None else outcome.to_json(),
            "clock": None if self.clocks is None else self.clocks.info(),
        }
        if ack is not None:
            message["ack"] = ack
        return message

    def _live(self) -> LiveMatch:
        if self.live is None:
            raise RoomError("no_match", "no match has started in this room yet", 409)
        return self.live

    # ---------------------------------------------------------------- clients
    def clients(self) -> Iterator[Client]:
        yield from self.spectators
        for seat in self.seats:
            yield from seat.clients

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
        """Each client gets what its seat may see of everything since its last update."""
        live = self._live()
        cache: dict[tuple[int | None, int], str] = {}
        for client in list(self.clients()):
            if client is skip:
                continue
            since = client.index if client.match_id == live.id else 0
            if client is mover:
                client.send(self.update(client.seat, since, ack))
            else:
                key = (client.seat, since)
                if key not in cache:
                    cache[key] = protocol.dump(self.update(client.seat, since))
                client.send_text(cache[key])
            client.match_id, client.index = live.id, live.index

    # ------------------------------------------------------------------ seats
    def seat_for(self, hashed: str) -> int | None:
        """The seat whose token hashes to ``hashed``."""
        for seat in self.seats:
            if matches(seat.row.token, hashed):
                return seat.index
        return None

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

    async def abort(self, reason: str) -> None:
        """Stop the match now, without a result (the host, an admin, or a limit)."""
        async with self.lock:
            live = self.live
            if live is None or self.row.status != "playing":
                raise RoomError("not_playing", "no match is being played in this room", 409)
            await self._end(live, None, reason)

    def _all_ready(self) -> bool:
        return all(s.row.joined and s.row.ready for s in self.seats if s.person)

    async def start(self, role: str, seat: int | None) -> None:
        async with self.lock:
            if role == "spectator":
                raise RoomError("forbidden", "spectators cannot start the match", 403)
            if self.row.status != "open":
                raise RoomError("started", "the match has already started", 409)
            if not self._all_ready():
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

    async def _start_match(self, number: int) -> None:
        if not self.row.bots_only:
            await self._start_checked(number)
            return
        starting = self.rooms._bots_starting
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
        self.rooms.note_playing(self.id, True)
        self._install(live)
        for seat in self.seats:
            if seat.person and not seat.clients:
                if seat.row.joined:
                    self._start_grace(seat)
                else:
                    seat.standin = True
        self._arm_length_cap()
        self._after_change(None)
        self._broadcast_room()
        self._broadcast_update(None, None)

    def _arm_length_cap(self) -> None:
        """An all-bot match is stopped after ``bot_match_seconds`` of play."""
        if not self.row.bots_only or self.live is None:
            return
        left = self.live.row.started_at + self.rooms.limits.bot_match_seconds - time.time()
        self._cap = Timer(max(0.0, left), lambda: _spawn(self._cap_reached("time")))

    async def _cap_reached(self, what: str) -> None:
        limits = self.rooms.limits
        reason = (
            f"an all-bot match may last {limits.bot_match_seconds:g} seconds"
            if what == "time"
            else f"an all-bot match may last {limits.bot_match_moves} moves"
        )
        with contextlib.suppress(RoomError):  # over or stopped meanwhile
            await self.abort(reason)

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
                _spawn(self._cap_reached("moves"))
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
        self.rooms.note_playing(self.id, False)
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

    def _after_change(self, acted: int | None) -> None:
        """Start the clocks and the bots for the new position."""
        live = self._live()
        if self.clocks is not None:
            self.clocks.update(live.match, acted, lambda s: self.level_of(s) is None)
            if self.rooms.cluster is not None:
                self.rooms.cluster.note_clock(self)
        self.bots.schedule(live.match, self.level_of, acted)

    def _deadline_passed(self) -> None:
        _spawn(self._timeout())

    async def _timeout(self) -> None:
        try:
            await self._apply(SYSTEM, dict(TIMEOUT), None, None, None, bot=True)
        except RoomError as e:
            log.info("timeout in room %s not applied: %s", self.id, e.message)

    def _move_clock_ran_out(self, seat: int) -> None:
        _spawn(self._auto_move(seat))

    async def _auto_move(self, seat: int) -> None:
        """The seat's move clock ran out: a stand-in bot makes this one move for it."""
        async with self.lock:
            live = self.live
            if live is None or live.match.over or self.level_of(seat) is not None:
                return
            notice = {"type": "notice", "kind": "move_clock", "seat": seat}
            for client in self.clients():
                client.send(notice)
            self.bots.move_now(live.match, seat, self.standin_level)

    def _give_back_time(self, seat: Seat) -> float:
        """A person is back at ``seat``: its clocks get back the time they ran while it was
        away (``Clocks.give_back``: once a turn, at most 5 s). Returns the seconds given."""
        away, seat.away_since = seat.away_since, None
        if away is None or self.clocks is None or self.live is None or self.live.match.over:
            return 0.0
        given = self.clocks.give_back(seat.index, away)
        if given and self.rooms.cluster is not None:
            self.rooms.cluster.note_clock(self)
        return given

    # ---------------------------------------------------------- stand-ins
    def _start_grace(self, seat: Seat) -> None:
        if not seat.person or self.row.status != "playing" or seat.standin:
            return
        self._cancel_grace(seat)
        seat.grace = Timer(self.settings.grace_seconds, lambda: _spawn(self._grace_over(seat)))

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

    def row_tokens(self) -> list[str]:
        """The hashes of the seats' tokens."""
        return [s.row.token for s in self.seats if s.row.token is not None]

    def idle(self) -> bool:
        """Over, and nobody connected: the room may leave memory."""
        return self.row.status == "over" and next(self.clients(), None) is None

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


class Rooms:
    """Every room this server knows: loaded from the database when first asked for, and
    let go of again once its match is over and nobody is connected."""

    def __init__(
        self, store: Store, limits: Limits | None = None, cluster: Cluster | None = None
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.cluster = cluster
        """With several workers: the leases and messages between them (else None)."""
        self._rooms: dict[str, Room] = {}
        self._tokens: dict[str, str] = {}  # token hash → room id
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._lingering: dict[str, Timer] = {}
        self._bots_starting: set[str] = set()
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
        """A new room; returns it and the secrets its creator hands out (tokens)."""
        try:
            game = games.load(body.game)
        except KeyError as e:
            raise RoomError("unknown_game", str(e.args[0]), 404) from None
        players = len(body.seats)
        levels = bots.names(body.game)
        choose = ", ".join(levels)
        if body.settings.standin is not None and body.settings.standin not in levels:
            raise RoomError(
                "bad_settings",
                f"no bot {body.settings.standin!r} for {body.game}; choose from {choose}",
                422,
            )
        if body.public and "deck" in body.options:
            raise RoomError(
                "bad_options",
                "a stacked deck (the deck option) is for private rooms only: "
                "the deal of a public room is always a fair shuffle",
                422,
            )
        seats = []
        tokens: dict[int, str] = {}
        sat = not body.sit
        for i, plan in enumerate(body.seats):
            if plan.kind == "bot":
                level = plan.bot or "random"
                if level not in levels:
                    raise RoomError(
                        "bad_seats",
                        f"seat {i}: no bot {level!r} for {body.game}; choose from {choose}",
                        422,
                    )
                seats.append(
                    SeatRow(i, "bot", level, plan.name or f"bot {level}", None, True, True)
                )
            else:
                if plan.bot is not None:
                    raise RoomError("bad_seats", f"seat {i}: a person seat takes no bot level", 422)
                tokens[i] = new_token()
                mine = not sat  # the creator's own seat is theirs from creation
                sat = True
                name = plan.name or f"player {i + 1}"
                seats.append(SeatRow(i, "person", None, name, token_hash(tokens[i]), mine))
        try:
            if not game.min_players <= players <= game.max_players:
                raise BadOptions(
                    f"{body.game} is for {game.min_players}–{game.max_players} players, "
                    f"not {players}"
                )
            check_options(body.game, body.options, players, self.limits)
            Match(game, players, 0, body.options)
        except BadOptions as e:
            raise RoomError("bad_options", str(e), 422) from None
        host, spectator = new_token(), new_token()
        room_id = secrets.token_hex(6)
        fence = await self._lease_new(room_id)
        row = RoomRow(
            id=room_id,
            game=body.game,
            options=dict(body.options),
            public=body.public,
            title=body.title or "",
            settings=body.settings.model_dump(),
            host_token=token_hash(host),
            spectator_token=token_hash(spectator),
            status="open",
            match_id=None,
            created_at=time.time(),
            seats=seats,
            owner=None if address is None else address_key(address),
            bots_only=not tokens,
            epoch=0 if fence is None else fence[1],
        )
        try:
            await self.store.create_room(row)
        except StoreError:
            log.exception("could not store a new room")
            if self.cluster is not None:
                await self.cluster.release(room_id)
            raise RoomError(
                "storage", "the server could not store the room: try again", 503
            ) from None
        room = Room(self, row)
        room.fence = fence
        self._register(room)
        secrets_out = {
            "host_token": host,
            "spectator_token": spectator,
            "seats": [{"seat": s.seat, "kind": s.kind, "token": tokens.get(s.seat)} for s in seats],
        }
        return room, secrets_out

    async def check_bot_match(self, row: RoomRow) -> None:
        """Refuse to start one more all-bot match than the limits allow (429)."""
        limits = self.limits
        others = len(self._bots_starting - {row.id})
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
            raise RoomError("not_found", f"no room {room_id!r}", 404)
        return found

    async def _load(self, room_id: str) -> Room | None:
        if self.cluster is None:
            return await self._read(room_id)
        await self._lease(room_id)
        try:
            # The new epoch is stored before anything is read: from here on, a write by
            # the room's previous owner is refused, so the log read below is the whole log.
            epoch = await self.store.next_epoch(room_id)
            if epoch is None:
                await self.cluster.release(room_id)
                return None
            clock = await self.cluster.stored_clock(room_id)
            room = await self._read(room_id, (room_id, epoch))
        except BaseException:
            await self.cluster.release(room_id)
            raise
        if room is None:
            await self.cluster.release(room_id)
        elif room.live is not None and room.row.status == "playing":
            await self._resume(room, clock)
            log.info("took over room %s at log index %d", room_id, room.live.index)
        return room

    async def _read(self, room_id: str, fence: Fence | None = None) -> Room | None:
        """The room as stored, registered in memory (its match rebuilt from the log)."""
        row = await self.store.load_room(room_id)
        if row is None:
            return None
        room = Room(self, row)
        room.fence = fence
        if row.match_id is not None:
            match_row = await self.store.match(row.match_id)
            if match_row is not None:
                live = LiveMatch(room.game, match_row, await self.store.log(match_row.id))
                room._install(live)
        self._register(room)
        if room.row.status == "over":
            self.note_playing(room_id, False)
            self.linger(room)
        return room

    async def _lease(self, room_id: str) -> None:
        """Take the lease on the room for this worker (``Elsewhere``: another holds it)."""
        assert self.cluster is not None
        if not await self.cluster.acquire(room_id):
            raise Elsewhere(room_id, await self.cluster.holder(room_id))

    async def _lease_new(self, room_id: str) -> Fence | None:
        """The lease on a room being made, its first (None with one server)."""
        if self.cluster is None:
            return None
        try:
            await self._lease(room_id)
            return room_id, 1
        except Elsewhere:  # pragma: no cover - a fresh random id is nobody's
            raise RoomError(
                "storage", "the server could not make the room: try again", 503
            ) from None

    def note_playing(self, room_id: str, playing: bool) -> None:
        """Tell the other workers a match is in play in the room (or no longer is): if
        this worker dies, they take the rooms in play over."""
        if self.cluster is not None:
            self.cluster.note_playing(room_id, playing)

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
                raise RoomError("not_found", f"no room {room_id!r}", 404)
            row = loaded
            match_row = None if row.match_id is None else await self.store.match(row.match_id)
            info = Room(self, row).info(match_row)
        if not row.public and (token is None or _role(row, token_hash(token)) is None):
            raise RoomError("not_found", f"no room {room_id!r}", 404)
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
        role = None if room is None else _role(room.row, hashed)
        if room is None or role is None:
            raise RoomError("unknown_token", "unknown token: use the link you were given", 401)
        room.used = time.monotonic()
        return room, role[0], role[1]

    def is_admin(self, token: str | None) -> bool:
        admin = self.limits.admin_token
        return bool(admin and token is not None and matches(token_hash(admin), token_hash(token)))

    # ---------------------------------------------------------------- memory
    def linger(self, room: Room) -> None:
        """Let an idle finished room go after ``linger_seconds`` (at once if 0)."""
        old = self._lingering.pop(room.id, None)
        if old is not None:
            old.cancel()
        delay = max(0.0, self.limits.linger_seconds)
        self._lingering[room.id] = Timer(delay, lambda: self._evict(room))

    def _evict(self, room: Room) -> None:
        self._lingering.pop(room.id, None)
        if self._rooms.get(room.id) is not room or not room.idle():
            return  # gone already, or someone is connected (their leaving calls linger)
        if room.lock.locked():  # busy this moment: look again later
            self._lingering[room.id] = Timer(
                max(0.05, self.limits.linger_seconds), lambda: self._evict(room)
            )
            return
        self._forget(room)
        if self.cluster is not None:
            _spawn(self.cluster.release(room.id))

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
            self.note_playing(room_id, True)
        self._forget(room)

    async def restore(self) -> int:
        """Bring back every unfinished match after a (re)start; returns how many. With
        several workers, the rooms in play are offered to all of them instead (each is
        taken by the first worker that finds it without an owner)."""
        unfinished = await self.store.unfinished_matches()
        if self.cluster is not None:
            await self.cluster.adopt([m.room_id for m in unfinished])
            return 0
        count = 0
        for match_row in unfinished:
            try:
                room = await self.get(match_row.room_id)
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
        live = room.live
        assert live is not None
        async with room.lock:
            if live.match.over:
                await room._finish(live)
                return False
            if room.row.bots_only and live.index >= self.limits.bot_match_moves:
                await room._end(live, None, "the all-bot match reached its length limit")
                return False
            for seat in room.seats:
                if seat.person:
                    if seat.row.joined:
                        room._start_grace(seat)
                    else:
                        seat.standin = True
            room._arm_length_cap()
            room._after_change(None)
            if (
                clock is not None
                and room.clocks is not None
                and clock.get("match") == live.id
                and clock.get("index") == live.index
            ):
                room.clocks.resume(clock.get("deadline_at"), clock.get("moves_at") or {})
                if self.cluster is not None:
                    self.cluster.note_clock(room)
        self.note_playing(room.id, True)
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


def check_options(game_id: str, options: dict[str, Any], players: int, limits: Limits) -> None:
    """Bounds on a room's options: the game description's schema (when it has one), and
    ``option_maximum`` on every number anywhere in them. ``BadOptions`` says which."""
    describe = getattr(games, "describe", None)
    if describe is not None:
        try:
            description = describe(game_id)
        except LookupError:  # a game without a description yet
            description = None
        if description is not None:
            description.validate(options, players)
    _bounded(options, limits.option_maximum, "")


def _bounded(value: Any, limit: int, where: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        if not (isinstance(value, int) or math.isfinite(value)) or abs(value) > limit:
            raise BadOptions(f"option {where.strip('.')}: {value} is out of bounds (±{limit})")
    elif isinstance(value, dict):
        for k, v in value.items():
            _bounded(v, limit, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _bounded(v, limit, f"{where}[{i}]")


def room_head(row: RoomRow, match: MatchRow | None) -> dict[str, Any]:
    """The room object's fields that do not depend on who is connected.

    ``seed_hash`` is published when a match starts; ``seed`` only once it is over."""
    over = match is not None and match.finished_at is not None
    return {
        "id": row.id,
        "game": row.game,
        "title": row.title,
        "options": row.options,
        "public": row.public,
        "stacked": "deck" in row.options,
        "status": row.status,
        "match": None if match is None else match.id,
        "number": None if match is None else match.number,
        "seed_hash": None if match is None else seed_hash(match.id, match.seed),
        "seed": match.seed if over and match is not None else None,
        "aborted": None if match is None else match.aborted,
    }


async def _no_act(seat: int, action: Action, index: int | None) -> None:
    """What the bots of a room that left memory do: nothing."""


_tasks: set[asyncio.Task[None]] = set()


def _spawn(coro: Any) -> None:
    """Run ``coro`` as a task kept alive until it ends (timer callbacks start these)."""
    task = asyncio.get_running_loop().create_task(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def _role(row: RoomRow, hashed: str) -> tuple[str, int | None] | None:
    """The role of the token hashing to ``hashed`` in the room ``row``."""
    if matches(row.host_token, hashed):
        return "host", None
    if matches(row.spectator_token, hashed):
        return "spectator", None
    for seat in row.seats:
        if matches(seat.token, hashed):
            return "seat", seat.seat
    return None
