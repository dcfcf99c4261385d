"""What a learning program sees of Ugha Bugha: a seat's view as a fixed-size vector.

Built from ``view(state, seat)`` alone, which never holds the chain below the top card:
a learner that wants to recite must remember the top cards it saw go by (the parallel
environment gives every seat a vector after every action, so a recurrent policy can).
Seats are relative to the observer (block 0 is the observer).

==========  =================================================================
index       meaning (all values in 0–1)
==========  =================================================================
0–19        the top card of the chain, one-hot by card number (``cards.IDS``)
20          1 when the chain is empty
21          cards in the chain / 52
22          items recited so far this turn / 52
23          cards in the deck / 52
24          set-aside cards / 52
25–28       the phase, one-hot: flip, recite, window (the "Ho!" window), over
29          1 in the challenges variant
30, 31      the closing word of an open window: "Ha!", "Ugha Bugha!"
32 + 8·o    for the player at offset ``o``, 8 numbers:
 +0          face-down cards / 10 (at most 1)
 +1          1 when they hold no card
 +2          tokens / tokens to win
 +3          it is their turn (the reciter)
 +4          they pointed at the reciter
 +5          the reciter's "Ha!" points at them (in a window)
 +6          they passed in the window
 +7          they may act now
==========  =================================================================

``observation_size(players)`` = 32 + 8 × players: 56 with three players, 96 with eight.

``observe_state`` is the same vector read straight off the state, without building the
view (the RL faces use it for speed); the tests prove it equal to ``observe`` of the view
at every step of random games, for every seat.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

from .cards import IDS, NUMBER
from .encode import decode, encode, num_actions
from .rules import GAME
from .state import FLIP, OVER, RECITE, WINDOW, UghaBughaState

__all__ = ["decode", "encode", "num_actions", "observation_size", "observe", "observe_state"]

TOP, EMPTY, CHAIN, RECITED, DECK, SET_ASIDE = 0, len(IDS), 21, 22, 23, 24
PHASES: Final = {FLIP: 25, RECITE: 26, WINDOW: 27, OVER: 28}
CHALLENGES, CALL_HA, CALL_UGHA_BUGHA = 29, 30, 31
SEATS: Final = 32
PER_SEAT: Final = 8
HELD, EMPTY_HAND, TOKENS, TURN, POINTED_BY, POINTED_AT, PASSED, TO_ACT = range(8)


def observation_size(players: int) -> int:
    return SEATS + PER_SEAT * players


def observe(view: dict[str, Any], seat: int, players: int) -> npt.NDArray[np.float32]:
    """The vector of ``view`` (seat ``seat``'s view of a ``players``-player game)."""
    vector = np.zeros(SEATS + PER_SEAT * players, _F32)
    obs = cast("memoryview[float]", vector.data)  # (written through: quicker)
    top = view["top"]
    obs[EMPTY if top is None else TOP + NUMBER[top]] = 1.0
    obs[CHAIN] = view["chain"] / 52
    obs[RECITED] = view["recited"] / 52
    obs[DECK] = view["deck"] / 52
    obs[SET_ASIDE] = view["set_aside"] / 52
    obs[PHASES[view["phase"]]] = 1.0
    if view["variant"] == "challenges":
        obs[CHALLENGES] = 1.0
    call = view["call"]
    if call is not None:
        obs[CALL_HA if call == "ha" else CALL_UGHA_BUGHA] = 1.0
    _write_seats(
        obs,
        _ORDER[players][seat],
        view["hands"],
        view["tokens"],
        view["tokens_to_win"],
        (view["turn"], view["pointed_by"], view["point"]),
        view["passed"],
        view["to_act"],
    )
    return vector


def observe_state(state: UghaBughaState, seat: int, players: int) -> npt.NDArray[np.float32]:
    """``observe(GAME.view(state, seat), seat, players)``, read off the state (where a
    card is its number): what the view shows of each thing, in the same order."""
    vector = np.zeros(SEATS + PER_SEAT * players, _F32)
    obs = cast("memoryview[float]", vector.data)  # (written through: quicker)
    pile = state.pile
    obs[TOP + pile[-1] if pile else EMPTY] = 1.0
    obs[CHAIN] = len(pile) / 52
    obs[RECITED] = len(state.recited) / 52
    obs[DECK] = len(state.deck) / 52
    obs[SET_ASIDE] = len(state.set_aside) / 52
    phase = state.phase
    obs[PHASES[phase]] = 1.0
    if state.variant == "challenges":
        obs[CHALLENGES] = 1.0
    window = phase == WINDOW
    call = state.call if window else None
    if call is not None:
        obs[CALL_HA if call == "ha" else CALL_UGHA_BUGHA] = 1.0
    roles = (
        state.current if phase != OVER else None,
        state.pointed_by,
        state.point if window else None,
    )
    _write_seats(
        obs,
        _ORDER[players][seat],
        [len(hand) for hand in state.hands],
        state.tokens,
        state.tokens_to_win,
        roles,
        state.passed if window else None,
        GAME.to_act(state),
    )
    return vector


def _write_seats(
    obs: memoryview[float],
    order: tuple[int, ...],
    held: Sequence[int],
    tokens: Sequence[int],
    to_win: int,
    roles: tuple[int | None, int | None, int | None],
    passed: Sequence[bool] | None,
    to_act: Collection[int],
) -> None:
    """Each seat's block, in ``order`` (the observer's first): the same from a view and
    from a state. ``held``: each seat's face-down cards; ``roles``: the reciter, who
    pointed at them, whom the "Ha!" points at; ``passed``: who passed in the window."""
    turn, pointed_by, point = roles
    base = SEATS
    for p in order:
        cards = held[p]
        obs[base + HELD] = cards / 10 if cards < 10 else 1.0
        if cards == 0:
            obs[base + EMPTY_HAND] = 1.0
        share = tokens[p] / to_win
        obs[base + TOKENS] = share if share < 1.0 else 1.0
        if turn == p:
            obs[base + TURN] = 1.0
        if pointed_by == p:
            obs[base + POINTED_BY] = 1.0
        if point == p:
            obs[base + POINTED_AT] = 1.0
        if passed and passed[p]:
            obs[base + PASSED] = 1.0
        if p in to_act:
            obs[base + TO_ACT] = 1.0
        base += PER_SEAT


_F32: Final = np.dtype(np.float32)
_ORDER: Final = {
    n: tuple((*range(seat, n), *range(seat)) for seat in range(n)) for n in range(3, 9)
}
"""The seats from each observer clockwise, by player count."""
