"""Checking a Skip-Bo move before anything changes: the card it moves must be there, and
the building or discard pile it goes to must take it."""

from __future__ import annotations

from rumizi.engine import IllegalAction

from .cards import SKIP_BO, next_card
from .encode import (
    DISCARD,
    END_TURN,
    NUM_ACTIONS,
    PARTNER_DISCARD,
    PARTNER_STOCK,
    STOCK,
    TO_DISCARD,
)
from .moves import first_empty
from .state import SkipBoState


def check_move(state: SkipBoState, seat: int, code: int) -> int:
    """Validate the action ``code`` of the seat to act without touching the state; return
    the card it moves."""
    if type(code) is not int or not 0 <= code < NUM_ACTIONS:
        raise IllegalAction(f"an action code is a whole number from 0 to {NUM_ACTIONS - 1}")
    if code == END_TURN:
        _check_end_turn(state, seat)
        return 0
    source = code >> 3
    if 1 <= source <= SKIP_BO:
        if source not in state.hands[seat]:
            raise IllegalAction(f"you hold no {_say(source)}")
        card = source
    else:
        card = _source_card(state, seat, source)
    dest = code & 7
    if dest >= TO_DISCARD:
        _check_discard(state, seat, source, dest - TO_DISCARD)
        return card
    pile = state.build[dest]
    if pile:
        need = next_card(len(pile))
    else:
        first = first_empty(state.build)
        if dest != first:
            raise IllegalAction(
                f"start a new building pile in the first empty place: building pile {first}"
            )
        need = 1
    if card != need and card != SKIP_BO:
        raise IllegalAction(
            f"building pile {dest} needs a {need} (or a SKIP-BO), not a {_say(card)}"
        )
    return card


def _say(card: int) -> str:
    return "SKIP-BO" if card == SKIP_BO else str(card)


def _source_card(state: SkipBoState, seat: int, source: int) -> int:
    """The card ``source`` would move; ``IllegalAction`` if there is none."""
    if source == STOCK:
        stock = state.stocks[seat]
        if not stock:
            raise IllegalAction("your stock pile is empty")
        return stock[-1]
    if source <= SKIP_BO:
        if source not in state.hands[seat]:
            raise IllegalAction(f"you hold no {_say(source)}")
        return source
    if source < PARTNER_STOCK:
        pile = state.discards[seat][source - DISCARD]
        if not pile:
            raise IllegalAction(f"your discard pile {source - DISCARD} is empty")
        return pile[-1]
    mate = state.partner[seat]
    if mate < 0:
        raise IllegalAction("this game has no partners: play from your own piles")
    if source == PARTNER_STOCK:
        stock = state.stocks[mate]
        if not stock:
            raise IllegalAction("your partner's stock pile is empty")
        return stock[-1]
    pile = state.discards[mate][source - PARTNER_DISCARD]
    if not pile:
        raise IllegalAction(f"your partner's discard pile {source - PARTNER_DISCARD} is empty")
    return pile[-1]


def _check_end_turn(state: SkipBoState, seat: int) -> None:
    """Ending a turn without a discard is for an empty hand with nothing to draw."""
    if state.hands[seat]:
        raise IllegalAction(
            "you hold cards: end your turn by putting one from your hand on a discard pile"
        )
    if state.draw:
        raise IllegalAction("you can still draw: your hand is refilled first")


def _check_discard(state: SkipBoState, seat: int, source: int, pile: int) -> None:
    if not 1 <= source <= SKIP_BO:
        raise IllegalAction(
            "only a card from your hand can go on a discard pile "
            "(stock and discard-pile cards go to the building piles)"
        )
    piles = state.discards[seat]
    if not piles[pile]:
        first = first_empty(piles)
        if pile != first:
            raise IllegalAction(
                f"start a new discard pile in the first empty place: discard pile {first}"
            )
