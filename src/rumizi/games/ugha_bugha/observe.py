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
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .cards import IDS, NUMBER
from .encode import decode, encode, num_actions
from .state import FLIP, OVER, RECITE, WINDOW

__all__ = ["decode", "encode", "num_actions", "observation_size", "observe"]

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
    obs = np.zeros(observation_size(players), dtype=np.float32)
    top = view["top"]
    obs[EMPTY if top is None else TOP + NUMBER[top]] = 1
    obs[CHAIN] = view["chain"] / 52
    obs[RECITED] = view["recited"] / 52
    obs[DECK] = view["deck"] / 52
    obs[SET_ASIDE] = view["set_aside"] / 52
    obs[PHASES[view["phase"]]] = 1
    obs[CHALLENGES] = float(view["variant"] == "challenges")
    obs[CALL_HA] = float(view["call"] == "ha")
    obs[CALL_UGHA_BUGHA] = float(view["call"] == "ugha_bugha")
    to_act, passed = set(view["to_act"]), set(view["passed"])
    for offset in range(players):
        p = (seat + offset) % players
        base = SEATS + PER_SEAT * offset
        held = view["hands"][p]
        obs[base + HELD] = min(held / 10, 1.0)
        obs[base + EMPTY_HAND] = float(held == 0)
        obs[base + TOKENS] = min(view["tokens"][p] / view["tokens_to_win"], 1.0)
        obs[base + TURN] = float(view["turn"] == p)
        obs[base + POINTED_BY] = float(view["pointed_by"] == p)
        obs[base + POINTED_AT] = float(view["point"] == p)
        obs[base + PASSED] = float(p in passed)
        obs[base + TO_ACT] = float(p in to_act)
    return obs
