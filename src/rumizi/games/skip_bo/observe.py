"""What a learning program sees of Skip-Bo: a seat's view as a fixed-size vector, and the
integer actions in the shape every game's RL protocol has (see docs/rl.md).

The action codes are Skip-Bo's own (``encode.py``, 185 codes, already relative to the
player acting: "my stock", "my partner's discard pile 2"); the ``seat`` and ``players``
arguments are there for the common protocol and change nothing. ``decode`` gives the
shared read-only action ``legal`` hands out.

The vector is built from ``view(state, seat)`` alone. A card's slot is its value 1–12, or
13 for a SKIP-BO. Seats are relative to the observer (block 0 is the observer).

==========  =================================================================
index       meaning (all values in 0–1)
==========  =================================================================
0–12        the observer's hand by card / 5
13–60       building pile ``i`` (12 numbers each, ``13 + 12·i``): one-hot of the
            number it needs next (1–12)
61          cards in the draw pile / 162
62          1 on the observer's turn
63          1 when the player to move has already made a play this turn
64          turns in a row without a building play (the stall count) / players
65          stalled rounds in a row / 3
66          1 in the partnership game
67 + 74·o   for the player at offset ``o``, 74 numbers:
 +0          cards in the stock / 30
 +1–13       the stock's top card (one-hot; zeros when the stock is empty)
 +14         cards in hand / 5
 +15         score / target (at most 1)
 +16         the observer's partner
 +17         it is their turn
 +18 + 14·j  discard pile ``j``: its top card one-hot (13), then its size / 20
==========  =================================================================

``observation_size(players)`` = 67 + 74 × players: 215 with two players, 363 with four.

``observe_state`` is the same vector read straight off the state, without building the
view (the RL faces use it for speed); the tests prove it equal to ``observe`` of the view
at every step of random games, for every seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

from rumizi.engine import Action

from . import encode as codes
from . import fast
from .cards import HAND_SIZE, PILES, WILD_ID
from .rules import GAME
from .state import SkipBoState

CARDS: Final = 13
HAND, BUILD = 0, 13
DRAW, MY_TURN, PLAYED, IDLE, STALLS, TEAMS = 61, 62, 63, 64, 65, 66
SEATS: Final = 67
PER_SEAT: Final = 74
STOCK, STOCK_TOP, HAND_SIZE_AT, SCORE, PARTNER, TURN, DISCARDS = 0, 1, 14, 15, 16, 17, 18
PER_PILE: Final = CARDS + 1


def num_actions(players: int) -> int:
    return GAME.num_actions(players)


def encode(action: Mapping[str, Any], seat: int, players: int) -> int:
    return codes.encode(action)  # (one of legal's own actions is known by its identity)


def decode(code: int, seat: int, players: int) -> Action:
    """The action of ``code``, shared and read-only as ``legal`` hands it out (so that
    ``apply`` knows it at once)."""
    return codes.shared(code)


def legal_codes(state: SkipBoState, seat: int, players: int) -> list[int]:
    """The legal codes straight from the state: Skip-Bo's own fast path
    (``GAME.legal_codes``)."""
    return fast.legal(state, seat, fast.CODES)


def observation_size(players: int) -> int:
    return SEATS + PER_SEAT * players


def _slot(card: int | str) -> int:
    return CARDS - 1 if card == WILD_ID else int(card) - 1


def observe(view: dict[str, Any], seat: int, players: int) -> npt.NDArray[np.float32]:
    """The vector of ``view`` (seat ``seat``'s view of a ``players``-player game)."""
    vector = np.zeros(SEATS + PER_SEAT * players, _F32)
    obs = cast("memoryview[float]", vector.data)  # (written through: quicker)
    for card in view["hand"]:
        obs[HAND + _slot(card)] += 1 / HAND_SIZE
    for i, pile in enumerate(view["building"]):
        obs[BUILD + 12 * i + len(pile)] = 1.0
    obs[DRAW] = view["draw"] / 162
    turn = view["turn"]
    obs[MY_TURN] = 1.0 if turn == seat else 0.0
    obs[PLAYED] = 1.0 if view["played"] else 0.0
    obs[IDLE] = view["idle"] / players
    obs[STALLS] = view["stalls"] / 3
    teams = view["teams"]
    partner = -1
    if teams is not None:
        obs[TEAMS] = 1.0
        partner = next(p for team in teams if seat in team for p in team if p != seat)
    target = view["target"]
    sizes, tops, hand_sizes = view["stock_sizes"], view["stock_tops"], view["hand_sizes"]
    scores, discards = view["scores"], view["discards"]
    base = SEATS
    for p in (*range(seat, players), *range(seat)):
        obs[base + STOCK] = sizes[p] / 30
        top = tops[p]
        if top is not None:
            obs[base + STOCK_TOP + _slot(top)] = 1.0
        obs[base + HAND_SIZE_AT] = hand_sizes[p] / HAND_SIZE
        obs[base + SCORE] = min(scores[p] / target, 1.0)
        if p == partner:
            obs[base + PARTNER] = 1.0
        if turn == p:
            obs[base + TURN] = 1.0
        at = base + DISCARDS
        for pile in discards[p]:
            if pile:
                obs[at + _slot(pile[-1])] = 1.0
                obs[at + CARDS] = min(len(pile) / 20, 1.0)
            at += PER_PILE
        base += PER_SEAT
    return vector


def observe_state(state: SkipBoState, seat: int, players: int) -> npt.NDArray[np.float32]:
    """``observe(GAME.view(state, seat), seat, players)``, read off the state: what the
    view shows of each thing, in the same order (a card's slot is its value − 1)."""
    vector = np.zeros(SEATS + PER_SEAT * players, _F32)
    obs = cast("memoryview[float]", vector.data)  # (written through: quicker)
    for card in state.hands[seat]:
        obs[HAND - 1 + card] += _PER_HAND_CARD
    for at, pile in zip(_BUILD_AT, state.build, strict=True):
        obs[at + len(pile)] = 1.0
    obs[DRAW] = len(state.draw) / 162
    turn = state.current
    if turn == seat:
        obs[MY_TURN] = 1.0
    if state.played:
        obs[PLAYED] = 1.0
    obs[IDLE] = state.idle / players
    obs[STALLS] = state.stalls / 3
    partner = state.partner[seat]
    if partner >= 0:
        obs[TEAMS] = 1.0
    target, scores, stocks = state.target, state.scores, state.stocks
    hands, discards = state.hands, state.discards
    base = SEATS
    for p in _ORDER[players][seat]:
        stock = stocks[p]
        if stock:
            obs[base + STOCK] = len(stock) / 30
            obs[base + STOCK_TOP - 1 + stock[-1]] = 1.0
        obs[base + HAND_SIZE_AT] = len(hands[p]) / HAND_SIZE
        score = scores[p] / target
        obs[base + SCORE] = score if score < 1.0 else 1.0
        if p == partner:
            obs[base + PARTNER] = 1.0
        if p == turn:
            obs[base + TURN] = 1.0
        at = base + DISCARDS - 1
        for pile in discards[p]:
            if pile:
                obs[at + pile[-1]] = 1.0
                size = len(pile)
                obs[at + _PILE_SIZE] = size / 20 if size < 20 else 1.0
            at += PER_PILE
        base += PER_SEAT
    return vector


_F32: Final = np.dtype(np.float32)
_PER_HAND_CARD: Final = 1 / HAND_SIZE
_BUILD_AT: Final = tuple(BUILD + 12 * i for i in range(PILES))
_PILE_SIZE: Final = CARDS + 1
"""(From the top card's slot base − 1, where its size is.)"""
_ORDER: Final = {
    n: tuple((*range(seat, n), *range(seat)) for seat in range(n)) for n in range(2, 7)
}
"""The seats from each observer clockwise, by player count."""
