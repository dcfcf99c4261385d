"""Ayozhit's announcing: clockwise from the first dreamer, each player still able names
one of their marked pictures and scores sparks with everyone else who marked it — or
fails. When nobody can announce, the round ends."""

from __future__ import annotations

from rumizi.engine import Event, copy_record, public

from .cards import picture_ids
from .rounds import end_round
from .state import AyozhitState

THREE_SPARK, TWO_SPARK = 3, 2


def next_dreamer(state: AyozhitState, start: int, events: list[Event]) -> None:
    """From ``start`` clockwise, the first player still able to announce becomes dreamer;
    if nobody is, the round is scored."""
    n = state.players
    for step in range(n):
        seat = (start + step) % n
        if state.can_announce(seat):
            state.dreamer = seat
            events.append(public("dreamer", seat=seat))
            return
    end_round(state, events)


def announce(state: AyozhitState, seat: int, position: int, events: list[Event]) -> None:
    """The dreamer names a picture; everyone else who marked it reveals so (failed players
    included). None: the dreamer fails. One: three-spark. Two or more: two-spark. Failed
    players score nothing. The picture is turned face down for the rest of the round."""
    markers = [
        s
        for s in range(state.players)
        if s != seat and state.playing[s] and position in state.marks[s]
    ]
    if not markers:
        result, points = "fail", 0
        state.failed[seat] = True
        scorers: list[int] = []
    else:
        result, points = ("three", THREE_SPARK) if len(markers) == 1 else ("two", TWO_SPARK)
        scorers = [s for s in (seat, *markers) if not state.failed[s]]
        for s in scorers:
            state.sparks[s].append(points)
    record = {
        "position": position,
        "picture": picture_ids()[state.table[position]],
        "dreamer": seat,
        "markers": markers,
        "result": result,
        "points": points,
        "scorers": scorers,
    }
    state.announced.append(record)
    events.append(public("announced", **copy_record(record)))
    next_dreamer(state, (seat + 1) % state.players, events)
