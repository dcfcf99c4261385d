"""Starting an Ugha Bugha chain and a turn, and the clock a turn or a "Ho!" window runs on."""

from __future__ import annotations

from rumizi.engine import Event, public

from .state import FLIP, RECITE, WINDOW, UghaBughaState

READY_SECONDS = 3.0
"""The "get ready" pause before the clock of a new chain's first turn runs (timed play,
every chain after the first): the player who starts it sees the new situation first."""


def ready_pause(state: UghaBughaState) -> float:
    """The "get ready" seconds of this turn: a new chain's first turn after a chain ended
    (the chain's starter was pointed at by nobody), when turns are timed."""
    first_turn_of_a_later_chain = state.pointed_by is None and state.chain_no > 1
    timed = state.turn_base is not None
    return READY_SECONDS if first_turn_of_a_later_chain and timed else 0.0


def deadline(state: UghaBughaState) -> float | None:
    """The turn's seconds (base + per card of the chain, the new card counted, after
    the "get ready" pause on a new chain's first turn), the window's seconds, or
    ``None`` when nothing is timed."""
    if state.phase in (FLIP, RECITE):
        if state.turn_base is None:
            return None
        length = len(state.pile) + (1 if state.phase == FLIP else 0)
        return ready_pause(state) + state.turn_base + state.turn_per_card * length
    if state.phase == WINDOW:
        return state.window_seconds
    return None


def deal_at_setup(state: UghaBughaState) -> None:
    """One card at a time around the table from seat 0, until everyone has their hand."""
    state.hands = [[] for _ in range(state.players)]
    for _ in range(state.hand_size):
        for hand in state.hands:
            hand.append(state.deck.pop())


def start_chain(state: UghaBughaState, seat: int, events: list[Event]) -> None:
    state.chain_no += 1
    events.append(public("chain_started", chain_no=state.chain_no, seat=seat))
    start_turn(state, seat, None, events)


def start_turn(
    state: UghaBughaState, seat: int, pointed_by: int | None, events: list[Event]
) -> None:
    state.current = seat
    state.pointed_by = pointed_by
    state.phase = FLIP
    state.recited = []
    state.call = state.point = None
    state.passed = []
    state.clock_phase += 1
    seconds = deadline(state)
    events.append(
        public("turn", seat=seat, pointed_by=pointed_by, chain=len(state.pile), seconds=seconds)
    )
