"""A match in memory: the engine's ``Match``, where each log index's events start, and
the events a seat may see, told in its words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rumizi import games
from rumizi.engine import Action, Game, Match

from ..store import MatchRow


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
        self,
        seat: int | None,
        index: int,
        retold: bool = False,
        told: Callable[[dict[str, Any], int | None], dict[str, Any]] | None = None,
    ) -> list[dict[str, Any]]:
        """The events ``seat`` may see from log index ``index`` on (from 0: the setup's
        events too, the game's ``opening``: a client at 0 starts afresh). ``retold``: for a
        client that was not listening (it connects, reloads, syncs or starts watching), as the
        game retells them — what the seat may know *now*, never more (see ``retell``). Each
        event comes with its catalogue message, made from what the seat is told (``told``:
        the room's ``games.Words.told``; by default ``games.told``)."""
        start = self.marks[index] if index else 0
        events = [
            e.to_json()
            for e in self.match.events[start:]
            if e.to is None or (seat is not None and seat in e.to)
        ]
        if retold:
            events = retell(self.match.game, events)
        if told is None:
            game_id = self.row.game
            return [games.told(game_id, e, seat) for e in events]
        return [told(e, seat) for e in events]


def retell(game: Game, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events as told to a seat that was not listening: a game with a ``retell(events)``
    hook (a list of the same length: each event, a shorter copy, or None to leave it out)
    decides; other games tell their events as they were."""
    hook = game.retell
    if hook is None:
        return events
    return [e for e in hook(events) if e is not None]
