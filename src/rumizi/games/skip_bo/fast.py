"""Skip-Bo's fast path: the legal moves of a seat by table look-ups, as ints or as the
shared read-only JSON actions.

The rules say what may move where in named moves (``moves.legal_moves``); this module
works out the same list from the building piles' sizes and the seat's tops and hand
without building any object but the result. It is written once, over a set of tables
(``Tables``) that give, for each source and each set of piles, the moves as codes
(``CODES``) or as the actions of those codes (``ACTIONS``): ``legal`` walks either.
Bots, the RL API and the benchmark use the codes (``GAME.legal_codes``), ``GAME.legal``
the actions; property tests prove both equal to ``legal_moves``.
"""

from __future__ import annotations

from typing import Generic, NamedTuple, TypeVar

from rumizi.engine import Action

from . import encode
from .cards import PILES, SKIP_BO, next_card
from .encode import DISCARD, END_TURN, PARTNER_DISCARD, PARTNER_STOCK, SOURCES, STOCK, TO_DISCARD
from .state import SkipBoState

T = TypeVar("T")

_ACCEPTS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""By the building piles' sizes: for each card value, the mask of piles that take it."""


def _open_piles(filled: int) -> tuple[int, ...]:
    """The discard piles a card may go on, given the bit mask of the non-empty ones: every
    non-empty pile and the first empty one (empty piles are interchangeable)."""
    piles = [i for i in range(PILES) if filled >> i & 1]
    empty = [i for i in range(PILES) if not filled >> i & 1]
    return tuple(sorted(piles + empty[:1]))


class Tables(NamedTuple, Generic[T]):
    """The moves of each source, by a bit mask of piles: ``build[source][mask]`` moves
    ``source``'s card onto the building piles in ``mask``; ``discard[v][filled]`` puts
    hand card v on a discard pile, given the mask of one's non-empty discard piles."""

    build: tuple[tuple[tuple[T, ...], ...], ...]
    discard: tuple[tuple[tuple[T, ...], ...], ...]
    end_turn: T


CODES: Tables[int] = Tables(
    build=tuple(
        tuple(tuple(source * 8 + d for d in range(PILES) if mask >> d & 1) for mask in range(16))
        for source in range(SOURCES)
    ),
    discard=tuple(
        tuple(tuple(v * 8 + TO_DISCARD + i for i in _open_piles(filled)) for filled in range(16))
        for v in range(SKIP_BO + 1)
    ),
    end_turn=END_TURN,
)
"""The moves as codes."""
ACTIONS: Tables[Action] = Tables(
    build=tuple(
        tuple(tuple(encode.ACTIONS[c] for c in codes) for codes in by_mask)
        for by_mask in CODES.build
    ),
    discard=tuple(
        tuple(tuple(encode.ACTIONS[c] for c in codes) for codes in by_filled)
        for by_filled in CODES.discard
    ),
    end_turn=encode.ACTIONS[END_TURN],
)
"""The moves as ``legal``'s shared read-only actions (``encode.ACTIONS``)."""


def _accepts(sizes: tuple[int, ...]) -> tuple[int, ...]:
    """Which building piles take each card, for piles of these sizes (cached).

    Started piles take their next value; of the empty places only the first one is offered
    (they are interchangeable), for a 1; a SKIP-BO goes on any of those.
    """
    masks = [0] * (SKIP_BO + 1)
    fresh = True
    for d, size in enumerate(sizes):
        if size or fresh:
            masks[next_card(size)] |= 1 << d
            masks[SKIP_BO] |= 1 << d
            fresh = fresh and size > 0
    result = _ACCEPTS[sizes] = tuple(masks)
    return result


def legal_codes(state: SkipBoState, seat: int) -> list[int]:
    """Every legal action of ``seat`` as an int (``legal`` over ``CODES``)."""
    return legal(state, seat, CODES)


def legal(state: SkipBoState, seat: int, tables: Tables[T]) -> list[T]:
    """Every legal move of ``seat`` in the form of ``tables``: plays from the stock first,
    then from the discard piles, the partner's piles and the hand, then the closing
    discards (or, with an empty hand and nothing to draw, the end of the turn).

    This is the hot path of bots, the JSON API and the benchmark: table look-ups, no
    allocation but the result.
    """
    if seat != state.current:
        return []
    build = tables.build
    b = state.build
    key = (len(b[0]), len(b[1]), len(b[2]), len(b[3]))
    accepts = _ACCEPTS.get(key) or _accepts(key)
    out: list[T] = []
    stock = state.stocks[seat]
    if stock:
        m = accepts[stock[-1]]
        if m:
            out += build[STOCK][m]
    filled = 0
    bit = 1
    source = DISCARD
    for pile in state.discards[seat]:
        if pile:
            filled |= bit
            m = accepts[pile[-1]]
            if m:
                out += build[source][m]
        bit <<= 1
        source += 1
    mate = state.partner[seat]
    if mate >= 0:
        stock = state.stocks[mate]
        if stock:
            m = accepts[stock[-1]]
            if m:
                out += build[PARTNER_STOCK][m]
        source = PARTNER_DISCARD
        for pile in state.discards[mate]:
            if pile:
                m = accepts[pile[-1]]
                if m:
                    out += build[source][m]
            source += 1
    values = sorted(set(state.hands[seat]))
    for v in values:
        m = accepts[v]
        if m:
            out += build[v][m]
    discard = tables.discard
    for v in values:
        out += discard[v][filled]
    if not values and not state.draw:
        out.append(tables.end_turn)
    return out


def can_build(state: SkipBoState, seat: int) -> bool:
    """Whether ``seat`` can play a stock or discard-pile top (its own or, in partnerships,
    its partner's) to a building pile: all that is left to an empty hand."""
    b = state.build
    key = (len(b[0]), len(b[1]), len(b[2]), len(b[3]))
    accepts = _ACCEPTS.get(key) or _accepts(key)
    mate = state.partner[seat]
    for p in (seat,) if mate < 0 else (seat, mate):
        stock = state.stocks[p]
        if stock and accepts[stock[-1]]:
            return True
        if any(pile and accepts[pile[-1]] for pile in state.discards[p]):
            return True
    return False
