"""Ayozhit's word and marking: the first dreamer chooses the word, everyone marks in
secret at once, and the counts are revealed (dreamt-deep, and failing with no mark)."""

from __future__ import annotations

from collections.abc import Sequence

from rumizi.engine import Event, private, public

from .announcing import next_dreamer
from .cards import word
from .state import ANNOUNCE, SELECT, AyozhitState


def choose_word(state: AyozhitState, seat: int, slot: int, events: list[Event]) -> None:
    """The first dreamer's choice; then everyone marks, in secret, at once."""
    state.word = slot
    state.phase = SELECT
    state.clock_phase += 1
    events.append(
        public(
            "word_chosen",
            seat=seat,
            word=word(state.card, slot),
            seconds=state.select_seconds,
        )
    )


def mark(state: AyozhitState, seat: int, position: int, events: list[Event]) -> None:
    state.marks[seat] = sorted([*state.marks[seat], position])
    events.append(private([seat], "marked", picture=position, marks=list(state.marks[seat])))


def unmark(state: AyozhitState, seat: int, position: int, events: list[Event]) -> None:
    state.marks[seat] = [p for p in state.marks[seat] if p != position]
    events.append(private([seat], "unmarked", picture=position, marks=list(state.marks[seat])))


def ready(state: AyozhitState, seat: int, value: None, events: list[Event]) -> None:
    """Done marking; when every player is ready the marking ends early."""
    state.ready[seat] = True
    events.append(public("ready", seat=seat))
    if all(state.ready[s] for s in range(state.players) if state.playing[s]):
        _count(state, events)


def timeout(state: AyozhitState, seat: int, value: None, events: list[Event]) -> None:
    """Time is up for the marking: every board stands as it is."""
    events.append(public("time_up"))
    _count(state, events)


def _count(state: AyozhitState, events: list[Event]) -> None:
    """Everyone reveals how many pictures they marked. The single player with most marks
    is dreamt-deep (nobody if several tie); a player with no mark fails the round."""
    n = state.players
    state.counts = [len(state.marks[s]) if state.playing[s] else 0 for s in range(n)]
    state.deep = dreamt_deep(state.counts, state.playing)
    for s in range(n):
        if state.playing[s] and not state.marks[s]:
            state.failed[s] = True
    events.append(
        public(
            "counted",
            counts=list(state.counts),
            deep=state.deep,
            failed=[s for s in range(n) if state.failed[s]],
        )
    )
    state.phase = ANNOUNCE
    next_dreamer(state, state.first, events)


def dreamt_deep(counts: Sequence[int], playing: Sequence[bool]) -> int | None:
    """The single player with most marks, or ``None`` when several tie for most."""
    seats = [s for s in range(len(counts)) if playing[s]]
    most = max(counts[s] for s in seats)
    top = [s for s in seats if counts[s] == most]
    return top[0] if len(top) == 1 else None
