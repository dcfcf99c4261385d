"""Shared helpers for the Ugha Bugha tests: stacked decks, tables and correct turns.

The helpers that recite correctly read the true state: they play the part of a perfect
memory, which is what a scenario needs; bots and views are tested elsewhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from rumizi.engine import Event, Match
from rumizi.games import load
from rumizi.games.ugha_bugha.cards import FULL_DECK, IDS, recitation
from rumizi.games.ugha_bugha.rules import UghaBugha

GAME: UghaBugha = load("ugha-bugha")  # type: ignore[assignment]
ALL_IDS = [IDS[c] for c in FULL_DECK]


def deck(hands: Sequence[Sequence[str]], then: Sequence[str] = ()) -> list[str]:
    """A full deck, top first, that deals ``hands`` at setup (one card at a time around
    the table from seat 0), then has ``then`` on top; the other cards follow in a fixed
    order."""
    size = len(hands[0])
    top = [hands[p][r] for r in range(size) for p in range(len(hands))]
    used = Counter([*top, *then])
    missing = used - Counter(ALL_IDS)
    if missing:
        raise ValueError(f"more copies than the deck holds: {dict(missing)}")
    rest = list((Counter(ALL_IDS) - used).elements())
    rest.sort(key=ALL_IDS.index)
    return [*top, *then, *rest]


def table(hands: Sequence[Sequence[str]], then: Sequence[str] = (), **options: Any) -> Match:
    """A match whose players hold ``hands`` (positions in order) and whose deck deals
    ``then`` next."""
    return Match(GAME, len(hands), seed=7, options={"deck": deck(hands, then), **options})


def hand(match: Match, seat: int) -> list[str]:
    return [IDS[c] for c in match.state.hands[seat]]


def expected(match: Match) -> list[str]:
    """The recitation the current chain asks for (from the true state)."""
    return [IDS[i] for i in recitation(match.state.pile)]


def say(match: Match, seat: int, *items: str) -> list[Event]:
    events: list[Event] = []
    for item in items:
        events += match.apply(seat, {"type": "say", "item": item})
    return events


def recite(match: Match, seat: int) -> list[Event]:
    """Say the whole chain correctly (after the flip)."""
    return say(match, seat, *expected(match))


def link(
    match: Match, seat: int, point: int | None = None, position: int = 0, last: bool = False
) -> list[Event]:
    """A correct turn: flip, recite, then "Ha!" at ``point`` (or "Ugha Bugha!")."""
    events = match.apply(seat, {"type": "flip", "position": position})
    events += recite(match, seat)
    if last:
        return events + match.apply(seat, {"type": "ugha_bugha"})
    assert point is not None
    return events + match.apply(seat, {"type": "ha", "point": point})


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def only(events: Iterable[Event], kind: str) -> dict[str, Any]:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, (kind, found)
    return found[0].data


def card_strings(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], str]]:
    """Every string in a JSON value that names a card or an item, with where it is."""
    names = set(ALL_IDS)
    if isinstance(data, str):
        return [(path, data)] if data in names else []
    if isinstance(data, dict):
        return [hit for k, v in data.items() for hit in card_strings(v, (*path, k))]
    if isinstance(data, list | tuple):
        return [hit for i, v in enumerate(data) for hit in card_strings(v, (*path, i))]
    return []
