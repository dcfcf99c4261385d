"""Carrying out a checked Skip-Bo move, and what follows by itself: a stock pile emptied
(the round won), a building pile completed (put under the draw pile), an emptied hand
refilled, the turn ending on a discard or when nothing more can be done."""

from __future__ import annotations

from rumizi.engine import Event, Rng, make_event, public, shuffle

from . import fast
from .cards import JSON, SKIP_BO, TOP_VALUE
from .encode import (
    DISCARD,
    END_TURN,
    PARTNER_DISCARD,
    PARTNER_STOCK,
    PLAYED_FIELDS,
    STOCK,
    TO_DISCARD,
)
from .rounds import draw, end_round, end_turn, tell_draw
from .state import SkipBoState


def move(
    state: SkipBoState, seat: int, code: int, card: int, rng: Rng, events: list[Event] | None
) -> None:
    """Move the (checked) card, then whatever follows by itself."""
    if code == END_TURN:
        if events is not None:
            events.append(public("turn_over", seat=seat, reason="end_turn"))
        end_turn(state, rng, events)
        return
    source, dest = code >> 3, code & 7
    owner = seat
    if 1 <= source <= SKIP_BO:
        state.hands[seat].remove(card)
    elif source == STOCK:
        state.stocks[seat].pop()
    elif source < PARTNER_STOCK:
        state.discards[seat][source - DISCARD].pop()
    elif source == PARTNER_STOCK:
        owner = state.partner[seat]
        state.stocks[owner].pop()
    else:
        state.discards[state.partner[seat]][source - PARTNER_DISCARD].pop()
    if dest >= TO_DISCARD:
        state.discards[seat][dest - TO_DISCARD].append(card)
        if events is not None:
            told = {"seat": seat, "card": JSON[card], "to_pile": dest - TO_DISCARD}
            events.append(make_event("discarded", told))
        end_turn(state, rng, events)
        return
    pile = state.build[dest]
    pile.append(card)
    state.played = True
    from_stock = source in (STOCK, PARTNER_STOCK)
    if events is not None:
        _played_event(state, seat, code, card, owner if from_stock else -1, events)
    if from_stock and not state.stocks[owner]:
        mate = state.partner[owner]
        if mate < 0 or not state.stocks[mate]:
            end_round(state, rng, state.team_of(owner), events)
            return
    if len(pile) == TOP_VALUE:
        _complete(state, dest, rng, events)
    hand = state.hands[seat]
    if not hand:
        drawn = draw(state, seat)
        if events is not None and (drawn or 1 <= source <= SKIP_BO):
            tell_draw(state, "refilled", seat, drawn, events)
        if not hand and not fast.can_build(state, seat):
            if events is not None:
                events.append(public("turn_over", seat=seat, reason="empty_hand"))
            end_turn(state, rng, events)


def _played_event(
    state: SkipBoState, seat: int, code: int, card: int, owner: int, events: list[Event]
) -> None:
    """``played``: the source as the action names it, the building pile, the card and the
    pile's new value; from a stock pile (``owner`` ≥ 0), also its owner, its cards left and
    the card it reveals."""
    data = PLAYED_FIELDS[code].copy()  # (quicker than a new dict unpacking it)
    data["seat"] = seat
    data["card"] = JSON[card]
    data["value"] = len(state.build[code & 7])
    if owner >= 0:
        stock = state.stocks[owner]
        data["owner"] = owner
        data["stock_left"] = len(stock)
        data["revealed"] = JSON[stock[-1]] if stock else None
    events.append(make_event("played", data))


def _complete(state: SkipBoState, dest: int, rng: Rng, events: list[Event] | None) -> None:
    """A pile that reached 12 is shuffled and put under the draw pile; its place is free."""
    cards = state.build[dest]
    state.build[dest] = []
    shuffle(rng, cards)
    state.draw[:0] = cards
    state.segments.insert(0, len(cards))
    if events is not None:
        events.append(
            public("pile_completed", pile=dest, cards=_sorted_json(cards), draw=len(state.draw))
        )


def _sorted_json(cards: list[int]) -> list[int | str]:
    return [JSON[c] for c in sorted(cards)]
