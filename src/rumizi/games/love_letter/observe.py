"""What a learning program sees of Love Letter: a seat's view as a fixed-size vector.

Built from ``view(state, seat)`` alone, so it can hold nothing the seat may not know (the
leak check of the views covers it). Seats are relative to the observer, like the action
codes (``encode.py``): block 0 is the observer, block 1 the next player clockwise, …

==========  =================================================================
index       meaning (all values in 0–1)
==========  =================================================================
0–7         the observer's hand: how many of each value 1–8 it holds (0, 1 or 2) / 2
8–15        each value's copies not yet seen by the observer (not in its hand,
            face up, in a discard row, nor known in another hand) / its copies
16–23       the face-up cards (two players) by value / copies
24          cards left in the deck / 16
25          1 while the set-aside card is still set aside
26          1 on the observer's turn
27 + 30·o   for the player at offset ``o``, 30 numbers:
 +0          out of the round
 +1          protected by the Handmaid
 +2          tokens / tokens to win
 +3          it is their turn
 +4          they started this round
 +5          cards in hand / 2
 +6–13       their discard row by value / copies
 +14–21      the card the observer knows they hold (one-hot by value; Priest, Baron,
             King) — zeros for the observer's own block
 +22–29      values they are publicly known not to hold (a Guard missed)
==========  =================================================================

``observation_size(players)`` = 27 + 30 × players: 87 with two players, 147 with four.

``observe_state`` is the same vector read straight off the state, without building the
view (the RL faces use it for speed); the tests prove it equal to ``observe`` of the view
at every step of random games, for every seat.
"""

from __future__ import annotations

from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

from .cards import COPIES, VALUE
from .encode import decode, encode, num_actions
from .state import LoveLetterState

__all__ = ["decode", "encode", "num_actions", "observation_size", "observe", "observe_state"]

HAND, UNSEEN, FACE_UP = 0, 8, 16
DECK, SET_ASIDE, MY_TURN = 24, 25, 26
SEATS: Final = 27
PER_SEAT: Final = 30
OUT, PROTECTED, TOKENS, TURN, STARTER, HAND_SIZE = range(6)
DISCARDS, KNOWN, NOT_HOLDING = 6, 14, 22
INVERSE: Final = (0.0, *(1.0 / COPIES[v] for v in range(1, 9)))
"""One over the copies of each value (index 0 unused)."""
_F32: Final = np.dtype(np.float32)


def observation_size(players: int) -> int:
    return SEATS + PER_SEAT * players


def observe(view: dict[str, Any], seat: int, players: int) -> npt.NDArray[np.float32]:
    """The vector of ``view`` (seat ``seat``'s view of a ``players``-player game)."""
    vector = np.zeros(SEATS + PER_SEAT * players, _F32)
    obs = cast("memoryview[float]", vector.data)  # (written through: quicker)
    seen = [0] * 9
    for card in view["hand"]:
        value = VALUE[card]
        obs[HAND + value - 1] += 0.5
        seen[value] += 1
    for card in view["face_up"]:
        value = VALUE[card]
        obs[FACE_UP + value - 1] += INVERSE[value]
        seen[value] += 1
    obs[DECK] = view["deck"] / 16
    obs[SET_ASIDE] = 1.0 if view["set_aside"] else 0.0
    turn, starter = view["turn"], view["starter"]
    obs[MY_TURN] = 1.0 if turn == seat else 0.0
    to_win = view["tokens_to_win"]
    out, protected, tokens = view["out"], view["protected"], view["tokens"]
    hand_sizes, discards = view["hand_sizes"], view["discards"]
    known, not_holding = view["known"], view["not_holding"]
    base = SEATS
    for p in (*range(seat, players), *range(seat)):
        if out[p]:
            obs[base + OUT] = 1.0
        if protected[p]:
            obs[base + PROTECTED] = 1.0
        obs[base + TOKENS] = min(tokens[p] / to_win, 1.0)
        if turn == p:
            obs[base + TURN] = 1.0
        if starter == p:
            obs[base + STARTER] = 1.0
        obs[base + HAND_SIZE] = hand_sizes[p] / 2
        for card in discards[p]:
            value = VALUE[card]
            obs[base + DISCARDS - 1 + value] += INVERSE[value]
            seen[value] += 1
        if known[p] is not None and p != seat:
            value = VALUE[known[p]]
            obs[base + KNOWN - 1 + value] = 1.0
            seen[value] += 1
        for card in not_holding[p]:
            obs[base + NOT_HOLDING - 1 + VALUE[card]] = 1.0
        base += PER_SEAT
    for value in range(1, 9):
        left = 1.0 - seen[value] * INVERSE[value]
        obs[UNSEEN - 1 + value] = left if left > 0.0 else 0.0
    return vector


def observe_state(state: LoveLetterState, seat: int, players: int) -> npt.NDArray[np.float32]:
    """``observe(GAME.view(state, seat), seat, players)``, read off the state (where a
    card is its value): what the view shows of each thing, in the same order."""
    vector = np.zeros(SEATS + PER_SEAT * players, _F32)
    obs = cast("memoryview[float]", vector.data)  # (written through: quicker)
    seen = [0] * 9
    for value in state.hands[seat]:
        obs[HAND + value - 1] += 0.5
        seen[value] += 1
    for value in state.face_up:
        obs[FACE_UP + value - 1] += INVERSE[value]
        seen[value] += 1
    obs[DECK] = len(state.deck) / 16
    if state.set_aside is not None:
        obs[SET_ASIDE] = 1.0
    turn, starter, to_win = state.current, state.starter, state.tokens_to_win
    if turn == seat:
        obs[MY_TURN] = 1.0
    out, protected, tokens, hands = state.out, state.protected, state.tokens, state.hands
    discards, known, not_holding = state.discards, state.known[seat], state.not_holding
    base = SEATS
    for p in (*range(seat, players), *range(seat)):
        if out[p]:
            obs[base + OUT] = 1.0
        if protected[p]:
            obs[base + PROTECTED] = 1.0
        share = tokens[p] / to_win
        obs[base + TOKENS] = share if share < 1.0 else 1.0
        if turn == p:
            obs[base + TURN] = 1.0
        if starter == p:
            obs[base + STARTER] = 1.0
        obs[base + HAND_SIZE] = len(hands[p]) / 2
        for value in discards[p]:
            obs[base + DISCARDS - 1 + value] += INVERSE[value]
            seen[value] += 1
        value = known[p]
        if value and p != seat:
            obs[base + KNOWN - 1 + value] = 1.0
            seen[value] += 1
        for value in not_holding[p]:
            obs[base + NOT_HOLDING - 1 + value] = 1.0
        base += PER_SEAT
    for value in range(1, 9):
        left = 1.0 - seen[value] * INVERSE[value]
        obs[UNSEEN - 1 + value] = left if left > 0.0 else 0.0
    return vector
