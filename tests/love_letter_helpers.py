"""Stacked decks for Love Letter scenario tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rumizi.engine import Match
from rumizi.games import load
from rumizi.games.love_letter.cards import DECK_COUNTS, IDS, VALUE

GAME = load("love-letter")


def stack(*top: str) -> list[str]:
    """A full deck whose first cards (top first) are ``top``; the rest follow lowest first.

    Order: the set-aside card, the three face-up cards with 2 players, one card per seat
    from the starter clockwise, then the draws.
    """
    rest = Counter(DECK_COUNTS)
    rest.subtract(VALUE[c] for c in top)
    if any(n < 0 for n in rest.values()):
        raise ValueError(f"more copies than the deck holds in {top}")
    return [*top, *(IDS[v] for v in sorted(rest.elements()))]


def match(players: int, *top: str, **options: Any) -> Match:
    return Match(GAME, players, seed=7, options={"deck": stack(*top), **options})


def hand(m: Match, seat: int) -> list[str]:
    return sorted(IDS[c] for c in m.state.hands[seat])


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]
