"""Love Letter's turn written for speed: the plain rules of ``rules.py``, in one function.

``rules.py`` states each rule once, in small functions (``_play``, each card's effect on a
``Play`` record, ``_start_turn``, …). A turn is played thousands of times a second (bots
searching, programs learning, the benchmark) and those calls cost more than the rules
themselves, so ``GAME`` plays its turns here: the play, each card's effect and the start of
the next turn written out in one function, with the same state changes and the same events
in the same order. What happens at most a few times a round is left to the plain rules: a
knock-out, the end of the round and the next deal.

``PLAIN`` (in ``rules.py``) plays every turn through the small functions.
``tests/love_letter/test_love_letter_fast.py`` plays random games through both, side by
side, and checks that state and events are equal after every action.
"""

from __future__ import annotations

from typing import Any

from rumizi.engine import Event, Rng, make_event

from .cards import BARON, GUARD, HANDMAID, IDS, KING, PRIEST, PRINCE, PRINCESS
from .moves import Move
from .state import LoveLetterState

_new_event = object.__new__


def take_turn(state: LoveLetterState, move: Move, record: dict[str, Any], rng: Rng) -> list[Event]:
    """Play ``move`` (one of the turn's legal moves) and start the next turn, or end the
    round; ``record`` is the play's public record to complete. Returns the events."""
    seat, card, target = move.seat, move.card, move.target
    hands, known, notes = state.hands, state.known, state.notes
    hands[seat].remove(card)
    state.discards[seat].append(card)
    for row in known:  # what was known of the card played is forgotten
        if row[seat] == card:
            row[seat] = 0
    state.not_holding[seat].clear()
    played = _new_event(Event)  # the three events of every turn, made as make_event does
    played.kind, played.data, played.to = "played", dict(record), None
    events = [played]
    if target is None:
        if card == PRINCESS:
            record["result"] = "out"
            rules._knock_out(state, seat, "princess", events)
        elif card == HANDMAID:
            state.protected[seat] = True
    elif card == GUARD:
        guess = move.guess
        assert guess is not None
        hit = hands[target][0] == guess
        record["result"] = "hit" if hit else "miss"
        told = {"seat": seat, "target": target, "guess": IDS[guess], "hit": hit}
        events.append(make_event("guessed", told))
        if hit:
            rules._knock_out(state, target, "guard", events)
        else:
            state.not_holding[target].add(guess)
    elif card == PRIEST:
        seen = hands[target][0]
        known[seat][target] = seen
        notes[seat].append({"kind": "peek", "target": target, "card": IDS[seen]})
        events.append(make_event("peek", {"target": target, "card": IDS[seen]}, rules.ONLY[seat]))
    elif card == BARON:
        _baron(state, seat, target, record, events)
    elif card == PRINCE:
        _prince(state, target, record, events)
    elif card == KING:
        _king(state, seat, target, events)
    state.history.append(record)
    out, deck = state.out, state.deck
    if not deck or out.count(False) == 1:
        rules._end_round(state, rng, events)
        return events
    n = state.players  # the next player still in the round starts their turn
    seat = (seat + 1) % n
    while out[seat]:
        seat = (seat + 1) % n
    state.current = seat
    protected = state.protected
    protected[seat] = False
    hand = hands[seat]
    drawn = deck.pop()
    hand.append(drawn)
    moves = rules._TURNS.get((*hand, seat, *out, *protected))
    state.moves = moves if moves is not None else rules._moves(state, seat)
    turn, drew = _new_event(Event), _new_event(Event)
    turn.kind, turn.data, turn.to = "turn", {"seat": seat, "deck": len(deck)}, None
    drew.kind, drew.data, drew.to = "drew", {"card": IDS[drawn]}, rules.ONLY[seat]
    events.append(turn)
    events.append(drew)
    return events


def _baron(
    state: LoveLetterState, seat: int, target: int, record: dict[str, Any], events: list[Event]
) -> None:
    mine, theirs = state.hands[seat][0], state.hands[target][0]
    state.known[seat][target] = theirs
    state.known[target][seat] = mine
    mine_id, theirs_id = IDS[mine], IDS[theirs]
    state.notes[seat].append(
        {"kind": "compare", "with": target, "mine": mine_id, "theirs": theirs_id}
    )
    state.notes[target].append(
        {"kind": "compare", "with": seat, "mine": theirs_id, "theirs": mine_id}
    )
    cards = {str(seat): mine_id, str(target): theirs_id}
    events.append(make_event("compared", {"cards": cards}, frozenset((seat, target))))
    if mine == theirs:
        record["result"] = "tie"
        events.append(make_event("baron_tie", {"seat": seat, "target": target}))
        return
    loser = seat if mine < theirs else target
    record["result"] = "out"
    record["loser"] = loser
    rules._knock_out(state, loser, "baron", events)


def _prince(
    state: LoveLetterState, target: int, record: dict[str, Any], events: list[Event]
) -> None:
    hand = state.hands[target]
    dropped = hand.pop()
    state.discards[target].append(dropped)
    for row in state.known:
        row[target] = 0
    state.not_holding[target].clear()
    record["discarded"] = IDS[dropped]
    events.append(make_event("discarded", {"seat": target, "card": IDS[dropped]}))
    if dropped == PRINCESS:
        record["result"] = "out"
        rules._knock_out(state, target, "princess", events)
        return
    deck = state.deck
    if deck:
        new = deck.pop()
        from_set_aside = False
    else:
        assert state.set_aside is not None
        new, state.set_aside = state.set_aside, None
        record["from_set_aside"] = from_set_aside = True
    hand.append(new)
    told = {"seat": target, "from_set_aside": from_set_aside, "deck": len(deck)}
    events.append(make_event("redrew", told))
    events.append(make_event("drew", {"card": IDS[new]}, rules.ONLY[target]))


def _king(state: LoveLetterState, seat: int, target: int, events: list[Event]) -> None:
    hands, known, not_holding = state.hands, state.known, state.not_holding
    mine, theirs = hands[seat][0], hands[target][0]
    hands[seat][0], hands[target][0] = theirs, mine
    for row in known:
        row[seat], row[target] = row[target], row[seat]
    known[seat][target] = mine
    known[target][seat] = theirs
    not_holding[seat], not_holding[target] = not_holding[target], not_holding[seat]
    mine_id, theirs_id = IDS[mine], IDS[theirs]
    state.notes[seat].append({"kind": "trade", "with": target, "gave": mine_id, "got": theirs_id})
    state.notes[target].append({"kind": "trade", "with": seat, "gave": theirs_id, "got": mine_id})
    cards = {str(seat): theirs_id, str(target): mine_id}
    events.append(make_event("traded", {"cards": cards}, frozenset((seat, target))))


# Last: rules.py imports this module to make GAME, and this one reads the plain rules'
# helpers (knock-outs, the end of a round, the moves of a turn) only when a turn is played.
from . import rules  # noqa: E402
