"""What a room tells its clients of a position, worked out once per audience.

After an action every client of the room gets an ``update``: the events its seat may see
since its last update, its view, its legal actions (with their words), who may act, the
clock and the outcome. A ``Telling`` is one position's: what is the same for everyone
(who may act, the outcome, the clock) is worked out once, each audience's part (a seat's,
or the spectators') once for that audience, and each distinct message is serialized once
— every client of the same audience gets the very same text, and the mover's
acknowledgement is that text with its ``ack`` added.

``games.Words`` are a game's text catalogue hooks, looked up once per room (not per event).
"""

from __future__ import annotations

from typing import Any

from rumizi.games import Words

from .. import protocol
from ..frames import shared
from .live import LiveMatch


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
