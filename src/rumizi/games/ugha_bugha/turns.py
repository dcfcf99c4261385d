"""An Ugha Bugha turn's actions: flip a card, recite the chain item by item, close it with
"Ha!" (pointing at who goes next) or "Ugha Bugha!" (on the last card), or run out of time."""

from __future__ import annotations

from rumizi.engine import Event, Rng, public

from .cards import IDS, recitation
from .chain_ends import lose, win
from .ho_window import close_window, open_window
from .options import CHALLENGES, REFEREE
from .state import RECITE, WINDOW, UghaBughaState
from .turn_start import start_turn


def flip(state: UghaBughaState, seat: int, position: int, rng: Rng, events: list[Event]) -> None:
    """The card goes face up onto the pile: from now on it is the top card."""
    card = state.hands[seat].pop(position)
    state.pile.append(card)
    state.phase = RECITE
    events.append(
        public(
            "flipped",
            seat=seat,
            position=position,
            card=IDS[card],
            chain=len(state.pile),
            left=len(state.hands[seat]),
        )
    )


def say(state: UghaBughaState, seat: int, item: int, rng: Rng, events: list[Event]) -> None:
    """One item of the recitation, heard by all; the referee stops a wrong one at once."""
    index = len(state.recited)
    state.recited.append(item)
    events.append(public("said", seat=seat, index=index, item=IDS[item]))
    if state.variant != REFEREE:
        return
    expected = recitation(state.pile)
    if index >= len(expected):
        lose(state, seat, "extra_item", rng, events, index=index)
    elif expected[index] != item:
        lose(state, seat, "wrong_item", rng, events, index=index)


def ha(state: UghaBughaState, seat: int, point: int, rng: Rng, events: list[Event]) -> None:
    """ "Ha!" and a pointing finger: the one pointed at goes next."""
    if _closing_is_wrong(state, seat, "ha", rng, events):
        return
    events.append(public("called", seat=seat, call="ha", point=point))
    if state.variant == CHALLENGES:
        open_window(state, "ha", point, events)
    else:
        start_turn(state, point, seat, events)


def ugha_bugha(
    state: UghaBughaState, seat: int, value: None, rng: Rng, events: list[Event]
) -> None:
    """ "Ugha Bugha!" on the last card: the chain is won."""
    if _closing_is_wrong(state, seat, "ugha_bugha", rng, events):
        return
    events.append(public("called", seat=seat, call="ugha_bugha"))
    if state.variant == CHALLENGES:
        open_window(state, "ugha_bugha", None, events)
    else:
        win(state, seat, rng, events)


def _closing_is_wrong(
    state: UghaBughaState, seat: int, call: str, rng: Rng, events: list[Event]
) -> bool:
    """The mistakes a closing word reveals; if one is made, the chain is lost at once.

    The referee checks the recitation is complete. In both variants the closing word
    itself is checked at once: everybody sees how many cards the reciter holds.
    """
    if state.variant == REFEREE and len(state.recited) < len(recitation(state.pile)):
        lose(state, seat, "incomplete", rng, events, index=len(state.recited))
        return True
    cards_left = bool(state.hands[seat])
    if call == "ha" and not cards_left:
        lose(state, seat, "ha_on_last", rng, events)
        return True
    if call == "ugha_bugha" and cards_left:
        lose(state, seat, "too_soon", rng, events)
        return True
    return False


def timeout(state: UghaBughaState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
    """Time ran out: a mistake during a turn; the end of a quiet "Ho!" window."""
    if state.phase == WINDOW:
        close_window(state, rng, events)
    else:
        lose(state, state.current, "time", rng, events)
