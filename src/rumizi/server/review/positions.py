"""A match's positions one after another, as a replay shows them: each position's events
and views (every seat's, or one seat's), rebuilt from the seed and the log."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rumizi import games
from rumizi.engine import Action, Event, Game, Match

from ..room.live import retell
from ..store import MatchRow


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
    if game.retell is None:
        return positions
    now = positions[-1]
    now["events"] = retell(game, [e for p in positions for e in p["events"]])
    return [now]
