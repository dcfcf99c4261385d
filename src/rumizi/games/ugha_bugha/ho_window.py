"""The "Ho!" variant (``challenges``): after a closing word every other player may call
"Ho!" to have the recitation checked, or pass."""

from __future__ import annotations

from typing import Any

from rumizi.engine import Event, Rng, public

from .cards import recitation
from .chain_ends import lose, win, win_despite_wrong_call
from .state import WINDOW, UghaBughaState
from .turn_start import start_turn


def open_window(state: UghaBughaState, call: str, point: int | None, events: list[Event]) -> None:
    state.phase = WINDOW
    state.call = call
    state.point = point
    state.passed = [False] * state.players
    state.clock_phase += 1
    events.append(public("window", seat=state.current, seconds=state.window_seconds, call=call))


def ho(state: UghaBughaState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
    """ "Ho!": the recitation is checked. Right: the reciter loses; wrong: the caller does."""
    reciter = state.current
    expected = recitation(state.pile)
    right = state.recited != expected
    record: dict[str, Any] = {"seat": seat, "reciter": reciter, "right": right}
    if right:
        record["at"] = _first_difference(state.recited, expected)
    events.append(public("ho", **record))
    if right:
        lose(state, reciter, "ho", rng, events, caller=seat, index=record["at"])
    elif state.call == "ugha_bugha":
        win_despite_wrong_call(state, reciter, seat, rng, events)
    else:
        lose(state, seat, "wrong_ho", rng, events, reciter=reciter)


def pass_(state: UghaBughaState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
    state.passed[seat] = True
    events.append(public("passed", seat=seat))
    if all(state.passed[p] for p in state.others(state.current)):
        close_window(state, rng, events)


def close_window(state: UghaBughaState, rng: Rng, events: list[Event]) -> None:
    """Nobody called "Ho!": the recitation stands, right or wrong."""
    events.append(public("window_closed", seat=state.current))
    reciter = state.current
    if state.call == "ugha_bugha":
        win(state, reciter, rng, events)
    else:
        assert state.point is not None
        start_turn(state, state.point, reciter, events)


def _first_difference(said: list[int], expected: list[int]) -> int:
    for i, (a, b) in enumerate(zip(said, expected, strict=False)):
        if a != b:
            return i
    return min(len(said), len(expected))
