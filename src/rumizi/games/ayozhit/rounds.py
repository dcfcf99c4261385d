"""Ayozhit's rounds from start to end: turning over the word card, adding up the sparks
(the dreamt-deep penalty), replacing a row and passing the marker, the tie-break round
and the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rumizi.engine import Event, copy_record, public

from .cards import picture_ids, word, word_card
from .state import OVER, ROUNDS, WORD, AyozhitState
from .table import ROW_AFTER_ROUND, replace_row


def start_round(state: AyozhitState, first: int, playing: list[bool], events: list[Event]) -> None:
    """Turn over the round's word card; the first dreamer will choose its word."""
    n = state.players
    state.round += 1
    state.first = first
    state.playing = playing
    state.card = state.words.pop()
    state.word = None
    state.phase = WORD
    state.marks = [[] for _ in range(n)]
    state.ready = [False] * n
    state.counts = None
    state.deep = None
    state.failed = [False] * n
    state.dreamer = -1
    state.announced = []
    state.sparks = [[] for _ in range(n)]
    events.append(round_told(state))


def round_told(state: AyozhitState) -> Event:
    """The start of the round, for everyone: who plays, who is first, the table and the
    word card."""
    ids = picture_ids()
    return public(
        "round_started",
        round=state.round,
        tiebreak=state.tiebreak_round,
        first=state.first,
        playing=[s for s in range(state.players) if state.playing[s]],
        table=[ids[p] for p in state.table],
        card=word_card(state.card),
    )


def end_round(state: AyozhitState, events: list[Event]) -> None:
    """Add up the sparks. The dreamt-deep player, if they failed this round, loses 1 point
    from each spark they scored. Then the next round, a tie-break round, or the end."""
    n = state.players
    penalty = [len(state.sparks[s]) if s == state.deep and state.failed[s] else 0 for s in range(n)]
    points = [sum(state.sparks[s]) - penalty[s] for s in range(n)]
    for s in range(n):
        state.scores[s] += points[s]
    summary = {
        "round": state.round,
        "tiebreak": state.tiebreak_round,
        "word": word(state.card, state.word if state.word is not None else 0),
        "deep": state.deep,
        "counts": list(state.counts or []),
        "failed": [s for s in range(n) if state.failed[s]],
        "sparks": [list(s) for s in state.sparks],
        "penalty": penalty,
        "points": points,
        "scores": list(state.scores),
        "announced": [copy_record(a) for a in state.announced],
    }
    state.last_round = summary
    events.append(public("round_over", **copy_summary(summary)))
    _after_round(state, events)


def _after_round(state: AyozhitState, events: list[Event]) -> None:
    """Rounds 1–3: replace a row, pass the marker to the left, next round. After round 4
    the most points win; with ``tiebreak``, tied leaders play one extra round first."""
    n = state.players
    leaders = _leaders(state.scores, state.playing)
    if state.tiebreak_round or state.round >= ROUNDS:
        if state.tiebreak and not state.tiebreak_round and len(leaders) > 1:
            state.tiebreak_round = True
            playing = [s in leaders for s in range(n)]
            replace_row(state, ROW_AFTER_ROUND[ROUNDS], events)
            first = next(
                (state.first + step) % n
                for step in range(1, n + 1)
                if playing[(state.first + step) % n]
            )
            start_round(state, first, playing, events)
            return
        _game_over(state, leaders, events)
        return
    replace_row(state, ROW_AFTER_ROUND[state.round], events)
    start_round(state, (state.first + 1) % n, [True] * n, events)


def _leaders(scores: Sequence[int], among: Sequence[bool]) -> list[int]:
    seats = [s for s in range(len(scores)) if among[s]]
    top = max(scores[s] for s in seats)
    return [s for s in seats if scores[s] == top]


def _game_over(state: AyozhitState, winners: list[int], events: list[Event]) -> None:
    state.winners = winners
    state.phase = OVER
    state.dreamer = -1
    events.append(public("game_over", winners=list(winners), scores=list(state.scores)))


def copy_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """A round's summary with nothing shared with the state's."""
    out = copy_record(summary)
    out["sparks"] = [list(s) for s in summary["sparks"]]
    out["announced"] = [copy_record(a) for a in summary["announced"]]
    out["word"] = dict(summary["word"])
    return out
