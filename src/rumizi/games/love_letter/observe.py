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
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .cards import COPIES, VALUE
from .encode import decode, encode, num_actions

__all__ = ["decode", "encode", "num_actions", "observation_size", "observe"]

HAND, UNSEEN, FACE_UP = 0, 8, 16
DECK, SET_ASIDE, MY_TURN = 24, 25, 26
SEATS: Final = 27
PER_SEAT: Final = 30
OUT, PROTECTED, TOKENS, TURN, STARTER, HAND_SIZE = range(6)
DISCARDS, KNOWN, NOT_HOLDING = 6, 14, 22
PER_COPY: Final = np.array([1.0 / COPIES[v] for v in range(1, 9)], dtype=np.float32)


def observation_size(players: int) -> int:
    return SEATS + PER_SEAT * players


def observe(view: dict[str, Any], seat: int, players: int) -> npt.NDArray[np.float32]:
    """The vector of ``view`` (seat ``seat``'s view of a ``players``-player game)."""
    obs = np.zeros(observation_size(players), dtype=np.float32)
    seen = np.zeros(8, dtype=np.float32)
    for card in view["hand"]:
        obs[HAND + VALUE[card] - 1] += 0.5
        seen[VALUE[card] - 1] += 1
    for card in view["face_up"]:
        obs[FACE_UP + VALUE[card] - 1] += 1
        seen[VALUE[card] - 1] += 1
    obs[FACE_UP : FACE_UP + 8] *= PER_COPY
    obs[DECK] = view["deck"] / 16
    obs[SET_ASIDE] = float(view["set_aside"])
    obs[MY_TURN] = float(view["turn"] == seat)
    to_win = view["tokens_to_win"]
    for offset in range(players):
        p = (seat + offset) % players
        base = SEATS + PER_SEAT * offset
        obs[base + OUT] = float(view["out"][p])
        obs[base + PROTECTED] = float(view["protected"][p])
        obs[base + TOKENS] = min(view["tokens"][p] / to_win, 1.0)
        obs[base + TURN] = float(view["turn"] == p)
        obs[base + STARTER] = float(view["starter"] == p)
        obs[base + HAND_SIZE] = view["hand_sizes"][p] / 2
        for card in view["discards"][p]:
            obs[base + DISCARDS + VALUE[card] - 1] += 1
            seen[VALUE[card] - 1] += 1
        obs[base + DISCARDS : base + DISCARDS + 8] *= PER_COPY
        known = view["known"][p]
        if known is not None and p != seat:
            obs[base + KNOWN + VALUE[known] - 1] = 1
            seen[VALUE[known] - 1] += 1
        for card in view["not_holding"][p]:
            obs[base + NOT_HOLDING + VALUE[card] - 1] = 1
    obs[UNSEEN : UNSEEN + 8] = np.maximum(1 - seen * PER_COPY, 0)
    return obs
