"""Shared helpers for the Ayozhit rules tests: stacked tables, marking and announcing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rumizi.engine import Event, Match
from rumizi.games import load
from rumizi.games.ayozhit.content import load_pictures, load_words
from rumizi.games.ayozhit.rules import Ayozhit

GAME: Ayozhit = load("ayozhit")  # type: ignore[assignment]
PICTURES = load_pictures()
ICONS = {p.id: set(p.icons) for p in PICTURES}
WORD_CARDS = [c.id for c in load_words()]


def distinct_pictures(count: int, avoid: Iterable[str] = ()) -> list[str]:
    """``count`` single-icon pictures, in deck order, no two sharing an icon (nor with
    ``avoid``)."""
    used: set[str] = set()
    for pid in avoid:
        used |= ICONS[pid]
    chosen = []
    for p in PICTURES:
        if p.kind == "icon" and ICONS[p.id].isdisjoint(used):
            chosen.append(p.id)
            used |= ICONS[p.id]
            if len(chosen) == count:
                return chosen
    raise AssertionError("not enough distinct pictures")


#: A picture deck, top first: 15 for the table, then 5 for each row replacement.
DECK = distinct_pictures(40)


def table(players: int = 4, deck: Sequence[str] = DECK, **options: Any) -> Match:
    """A match with the pictures of ``deck`` dealt in order (top row first) and the word
    cards in file order; untimed unless ``select_seconds`` is given."""
    opts: dict[str, Any] = {"deck": list(deck), "words": WORD_CARDS[:6], "select_seconds": None}
    opts.update(options)
    return Match(GAME, players, seed=3, options=opts)


def choose_word(match: Match, slot: int = 0) -> list[Event]:
    return match.apply(match.state.first, {"type": "word", "word": slot})


def mark(match: Match, seat: int, positions: Iterable[int], ready: bool = True) -> list[Event]:
    events: list[Event] = []
    for p in positions:
        events += match.apply(seat, {"type": "mark", "picture": p})
    if ready:
        events += match.apply(seat, {"type": "ready"})
    return events


def boards(match: Match, marks: Mapping[int, Sequence[int]], slot: int = 0) -> list[Event]:
    """Choose the word, then every seat marks its positions and is ready (seat order)."""
    events = choose_word(match, slot)
    for seat in sorted(marks):
        events += mark(match, seat, marks[seat])
    return events


def announce(match: Match, seat: int, position: int) -> list[Event]:
    assert match.state.dreamer == seat, f"dreamer is {match.state.dreamer}, not {seat}"
    return match.apply(seat, {"type": "announce", "picture": position})


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def only(events: Iterable[Event], kind: str) -> dict[str, Any]:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, (kind, found)
    return found[0].data
