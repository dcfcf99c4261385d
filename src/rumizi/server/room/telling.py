"""What a room tells its clients of a position, worked out once per audience.

After an action every client of the room gets an ``update``: the events its seat may see
since its last update, its view, its legal actions (with their words), who may act, the
clock and the outcome. A ``Telling`` is one position's: what is the same for everyone
(who may act, the outcome, the clock) is worked out once, each audience's part (a seat's,
or the spectators') once for that audience, and each distinct message is serialized once
— every client of the same audience gets the very same text, and the mover's
acknowledgement is that text with its ``ack`` added.

``games.Words`` are a game's text catalogue hooks, looked up once per room (not per event).
``Audience`` is the room's part that tells: the ``update`` for one client, and the
``room`` and ``update`` messages for every client of the room.
"""

from __future__ import annotations

from typing import Any

from rumizi.games.parts import Words

from .. import protocol
from ..frames import shared
from .clients import Client
from .live import LiveMatch
from .state import Table


class Telling:
    """One position of a match, as its ``update`` messages tell it."""

    __slots__ = (
        "_acting",
        "_texts",
        "clock",
        "index",
        "live",
        "outcome",
        "over",
        "to_act",
        "words",
    )

    def __init__(self, live: LiveMatch, words: Words, clock: dict[str, Any] | None) -> None:
        match = live.match
        self.live = live
        self.index = live.index
        """The position's log index: a new action makes a new ``Telling``."""
        self.words = words
        self._acting = match.to_act()
        self.to_act = sorted(self._acting)
        outcome = match.outcome()
        self.over = outcome is not None
        self.outcome = None if outcome is None else outcome.to_json()
        self.clock = clock
        self._texts: dict[tuple[int | None, int], str] = {}

    def message(self, seat: int | None, since: int, retold: bool = False) -> dict[str, Any]:
        """The ``update`` for ``seat``: its events since log index ``since`` (``retold``:
        as told to a client that was not listening, ``LiveMatch.events_since``), its view
        and what it may do."""
        live = self.live
        match = live.match
        index = self.index
        if not 0 <= since <= index:
            since = 0
        view = match.view(seat)
        legal = (
            match.game.legal(match.state, seat) if seat is not None and seat in self._acting else []
        )
        return {
            "type": "update",
            "match": live.id,
            "index": index,
            "since": since,
            "events": live.events_since(seat, since, retold, self.words.told),
            "view": view,
            "to_act": self.to_act,
            "legal": legal,
            "said": self.words.said(legal, view),
            "over": self.over,
            "outcome": self.outcome,
            "clock": self.clock,
        }

    def text(self, seat: int | None, since: int) -> str:
        """The ``update`` for ``seat`` since ``since`` as text, made once for all the
        clients that get the same one."""
        key = (seat, since)
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = shared(protocol.dump_bytes(self.message(seat, since)))
        return found


def with_ack(text: str, ack: Any) -> str:
    """An ``update``'s text with ``"ack"`` added (the mover's acknowledgement): the same
    as dumping the message with ``ack`` as its last field."""
    return shared(b"".join((text[:-1].encode(), b',"ack":', protocol.dump_bytes(ack), b"}")))


class Audience:
    """What a room's clients are told (a part of ``room.Room``): given the room's state."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def telling(self) -> Telling:
        """The position now, as the room tells it: one for all the clients told of it at
        this moment (the clock's seconds left are of this moment)."""
        table = self.table
        clock = None if table.clocks is None else table.clocks.info()
        return Telling(table.live_match(), table.words, clock)

    def update(
        self, seat: int | None, since: int, ack: Any = None, retold: bool = False
    ) -> dict[str, Any]:
        """The ``update`` message for ``seat``: its events since log index ``since`` and view
        (``retold``: for a client that was not listening; see ``LiveMatch.events_since``)."""
        message = self.telling().message(seat, since, retold)
        if ack is not None:
            message["ack"] = ack
        return message

    def send_update(
        self, client: Client, since: int, ack: Any = None, retold: bool = False
    ) -> None:
        """The client's ``update`` (``no_match`` before the room's first match: the
        socket stays open)."""
        live = self.table.live_match()
        client.send(self.update(client.seat, since, ack, retold))
        client.match_id, client.index = live.id, live.index

    def room(self, skip: Client | None = None) -> None:
        """Every client (but ``skip``) gets the room object again."""
        table = self.table
        text = protocol.dump({"type": "room", "room": table.info()})
        for client in table.clients():
            if client is not skip:
                client.send_text(text)

    def updates(self, mover: Client | None, ack: Any, skip: Client | None = None) -> None:
        """Each client gets what its seat may see of everything since its last update:
        one text per audience and starting point, made once (``Telling.text``)."""
        table = self.table
        live = table.live_match()
        telling = self.telling()
        match_id, index = live.id, live.index
        for client in list(table.clients()):
            if client is skip:
                continue
            since = client.index if client.match_id == match_id else 0
            text = telling.text(client.seat, since)
            if client is mover and ack is not None:
                text = with_ack(text, ack)
            client.send_text(text)
            client.match_id, client.index = match_id, index

    def everyone(self, message: dict[str, Any]) -> None:
        """Every client of the room gets ``message`` (a notice)."""
        for client in self.table.clients():
            client.send(message)
