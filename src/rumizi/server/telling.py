"""What a room tells its clients of a position, worked out once per audience.

After an action every client of the room gets an ``update``: the events its seat may see
since its last update, its view, its legal actions (with their words), who may act, the
clock and the outcome. A ``Telling`` is one position's: what is the same for everyone
(who may act, the outcome, the clock) is worked out once, each audience's part (a seat's,
or the spectators') once for that audience, and each distinct message is serialized once
— every client of the same audience gets the very same text, and the mover's
acknowledgement is that text with its ``ack`` added.

``Words`` are a game's text catalogue hooks, looked up once per room (not per event).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rumizi import games
from rumizi.engine.texts import addressed

from . import protocol
from .link import shared
from .live import LiveMatch


class Words:
    """A game's ``texts`` hooks (``event_message``, ``action_message``), looked up once;
    ``told`` and ``said`` are ``games.told`` and ``games.said`` without the look-up."""

    __slots__ = ("action_message", "event_message", "texts")

    def __init__(self, game_id: str) -> None:
        try:
            module = games.texts(game_id)
        except ModuleNotFoundError as missing:
            if missing.name != games.package(game_id) + ".texts":
                raise
            module = None
        self.texts = module is not None
        self.event_message: Callable[..., Any] | None = getattr(module, "event_message", None)
        self.action_message: Callable[..., Any] | None = getattr(module, "action_message", None)

    def told(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """``event`` with the catalogue message that tells it to ``seat`` (if any)."""
        if self.event_message is None:
            return event
        try:
            ref = self.event_message(event, seat)
        except KeyError:  # an event retold without some field (a reload's shorter history)
            return event
        return event if ref is None else {**event, "message": addressed(ref, seat)}

    def said(self, actions: list[dict[str, Any]], view: dict[str, Any]) -> list[Any]:
        """How each of a seat's legal actions reads on a button (None: not in words)."""
        message = self.action_message
        if message is None:
            return [None] * len(actions)
        out: list[Any] = []
        for action in actions:
            try:
                out.append(message(action, view))
            except (KeyError, TypeError):  # an action kind (parameters still to choose)
                out.append(None)
        return out


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
