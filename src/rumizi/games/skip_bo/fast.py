"""Skip-Bo's integer fast path: the legal moves of a seat as ints, by table look-ups.

The rules say what may move where in named moves (``rules.legal_moves``); this module
works out the same list from the building piles' sizes and the seat's tops and hand
without building any object but the result. Bots, the RL API and the benchmark use it
(through ``GAME.legal_codes``); a property test proves it equal to ``legal_moves``.
"""

from __future__ import annotations

from .cards import PILES, SKIP_BO, next_card
from .encode import DISCARD, END_TURN, PARTNER_DISCARD, PARTNER_STOCK, SOURCES, STOCK, TO_DISCARD
from .state import SkipBoState

_CODES = tuple(
    tuple(tuple(source * 8 + d for d in range(PILES) if mask >> d & 1) for mask in range(16))
    for source in range(SOURCES)
)
"""``_CODES[source][mask]``: the codes moving ``source`` to the building piles in ``mask``."""
_ACCEPTS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""By the building piles' sizes: for each card value, the mask of piles that take it."""


def _open_piles(filled: int) -> tuple[int, ...]:
    """The discard piles a card may go on, given the bit mask of the non-empty ones: every
    non-empty pile and the first empty one (empty piles are interchangeable)."""
    piles = [i for i in range(PILES) if filled >> i & 1]
    empty = [i for i in range(PILES) if not filled >> i & 1]
    return tuple(sorted(piles + empty[:1]))


_HAND_DISCARDS = tuple(
    tuple(tuple(v * 8 + TO_DISCARD + i for i in _open_piles(filled)) for filled in range(16))
    for v in range(SKIP_BO + 1)
)
"""``_HAND_DISCARDS[v][filled]``: the codes putting hand card v on a discard pile, given the
bit mask of one's non-empty discard piles."""
_OWN = tuple(_CODES[DISCARD + i] for i in range(PILES))
_MATES = tuple(_CODES[PARTNER_DISCARD + i] for i in range(PILES))


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
    """Every legal action of ``seat`` as an int: plays from the stock first, then from
    the discard piles, the partner's piles and the hand, then the closing discards (or,
    with an empty hand and nothing to draw, ``END_TURN``).

    This is the hot path of bots and the benchmark: table look-ups, no allocation but
    the result.
    """
    if seat != state.current:
        return []
    b = state.build
    key = (len(b[0]), len(b[1]), len(b[2]), len(b[3]))
    accepts = _ACCEPTS.get(key) or _accepts(key)
    out: list[int] = []
    stock = state.stocks[seat]
    if stock:
        m = accepts[stock[-1]]
        if m:
            out += _CODES[STOCK][m]
    filled = 0
    bit = 1
    for pile, codes in zip(state.discards[seat], _OWN, strict=True):
        if pile:
            filled |= bit
            m = accepts[pile[-1]]
            if m:
                out += codes[m]
        bit <<= 1
    mate = state.partner[seat]
    if mate >= 0:
        stock = state.stocks[mate]
        if stock:
            m = accepts[stock[-1]]
            if m:
                out += _CODES[PARTNER_STOCK][m]
        for pile, codes in zip(state.discards[mate], _MATES, strict=True):
            if pile:
                m = accepts[pile[-1]]
                if m:
                    out += codes[m]
    values = sorted(set(state.hands[seat]))
    for v in values:
        m = accepts[v]
        if m:
            out += _CODES[v][m]
    for v in values:
        out += _HAND_DISCARDS[v][filled]
    if not values and not state.draw:
        out.append(END_TURN)
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
