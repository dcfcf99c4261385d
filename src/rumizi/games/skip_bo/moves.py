"""What may move where in Skip-Bo, as the rulebook says it, in named moves
(``legal_moves``): the rules' own statement, which the fast path (``fast.py``) is proven
equal to."""

from __future__ import annotations

from rumizi.engine import Action

from .cards import JSON, SKIP_BO, next_card
from .encode import END_TURN_ACTION
from .state import SkipBoState


def legal_moves(state: SkipBoState, seat: int) -> list[Action]:
    """What ``seat`` may do now, as the rulebook says it, in named moves: the top card of
    its stock pile, of one of its discard piles or (in partnerships) of its partner's, or a
    card from its hand, onto a building pile that takes it; or a hand card onto one of its
    discard piles, which ends the turn. With no card in hand and nothing to draw it may end
    the turn as it is. (The order is ``legal``'s; ``fast.legal_codes`` is the same list as
    ints, worked out by table look-ups; a property test proves the two equal.)"""
    if seat != state.current:
        return []
    moves: list[Action] = []
    mate = state.partner[seat]
    tops: list[tuple[Action, list[int]]] = [({"from": "stock"}, state.stocks[seat])]
    tops += [({"from": "discard", "from_pile": i}, p) for i, p in enumerate(state.discards[seat])]
    if mate >= 0:
        tops.append(({"from": "partner_stock"}, state.stocks[mate]))
        tops += [
            ({"from": "partner_discard", "from_pile": i}, pile)
            for i, pile in enumerate(state.discards[mate])
        ]
    for source, pile in tops:
        if pile:
            moves += _onto_building_piles(state, source, pile[-1])
    hand = sorted(set(state.hands[seat]))
    for card in hand:
        moves += _onto_building_piles(state, {"from": "hand", "card": JSON[card]}, card)
    for card in hand:
        moves += [
            {"from": "hand", "card": JSON[card], "to": "discard", "to_pile": pile}
            for pile in _open_discard_piles(state.discards[seat])
        ]
    if not hand and not state.draw:
        moves.append(dict(END_TURN_ACTION))
    return moves


def _onto_building_piles(state: SkipBoState, source: Action, card: int) -> list[Action]:
    """``source``'s card onto each building pile that takes it: a started pile whose next
    card it is, or the first empty place for a 1 (empty places are interchangeable); a
    SKIP-BO stands for any card."""
    piles = [
        i for i, pile in enumerate(state.build) if pile and card in (next_card(len(pile)), SKIP_BO)
    ]
    first = first_empty(state.build)
    if first >= 0 and card in (next_card(0), SKIP_BO):
        piles = sorted([*piles, first])
    return [{**source, "to": "build", "to_pile": pile} for pile in piles]


def _open_discard_piles(piles: list[list[int]]) -> list[int]:
    """The discard piles a hand card may go on: every started one and the first empty one
    (empty piles are interchangeable)."""
    first = first_empty(piles)
    return sorted([i for i, pile in enumerate(piles) if pile] + ([first] if first >= 0 else []))


def first_empty(piles: list[list[int]]) -> int:
    for i, pile in enumerate(piles):
        if not pile:
            return i
    return -1
