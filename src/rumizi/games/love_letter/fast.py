"""Love Letter's turns and rounds written for speed: the plain rules of ``rounds.py`` and
``effects.py``, in few functions.

Those modules state each rule once, in small functions (``_play``, each card's effect on a
``Play`` record, ``_start_turn``, ``_knock_out``, ``_end_round``, ``_deal_round``, …). A
turn is played thousands of times a second (bots searching, programs learning, the
benchmark) and those calls cost more than the rules themselves, so ``GAME`` plays its turns
here: the play, each card's effect, a knock-out, the start of the next turn, the end of the
round and the next deal written out, with the same state changes and the same events in the
same order. Only the first deal (``setup``) and what is worked out once per situation (the
legal moves, the showdown) are left to the plain rules.

``PLAIN`` (in ``rules.py``) plays every turn through the small functions.
``tests/love_letter/test_love_letter_fast.py`` plays random games through both, side by
side, and checks that state and events are equal after every action.
"""

from __future__ import annotations

from typing import Any

from rumizi.engine import Event, Rng

from .cards import BARON, GUARD, HANDMAID, IDS, KING, PRIEST, PRINCE, PRINCESS
from .legal import _TURNS, ONLY, _moves
from .moves import Move
from .rounds import _next_starter, round_cards
from .rounds import _showdown as _tied_showdown
from .state import LoveLetterState

_new_event = object.__new__
"""Events are made as ``engine.make_event`` makes them, without the call."""


def take_turn(state: LoveLetterState, move: Move, record: dict[str, Any], rng: Rng) -> list[Event]:
    """Play ``move`` (one of the turn's legal moves) and start the next turn, or end the
    round; ``record`` is the play's public record to complete. Returns the events."""
    seat, card, target = move.seat, move.card, move.target
    hands = state.hands
    hands[seat].remove(card)
    state.discards[seat].append(card)
    for row in state.known:  # what was known of the card played is forgotten
        if row[seat] == card:
            row[seat] = 0
    state.not_holding[seat].clear()
    played = _new_event(Event)
    played.kind, played.data, played.to = "played", record.copy(), None
    events = [played]
    if target is None:
        if card == PRINCESS:
            record["result"] = "out"
            _knock_out(state, seat, "princess", events)
        elif card == HANDMAID:
            state.protected[seat] = True
    elif card == GUARD:
        guess = move.guess
        assert guess is not None
        hit = hands[target][0] == guess
        record["result"] = "hit" if hit else "miss"
        guessed = _new_event(Event)
        guessed.kind, guessed.to = "guessed", None
        guessed.data = {"seat": seat, "target": target, "guess": IDS[guess], "hit": hit}
        events.append(guessed)
        if hit:
            _knock_out(state, target, "guard", events)
        else:
            state.not_holding[target].add(guess)
    elif card == PRIEST:
        seen = IDS[hands[target][0]]
        state.known[seat][target] = hands[target][0]
        state.notes[seat].append({"kind": "peek", "target": target, "card": seen})
        peek = _new_event(Event)
        peek.kind, peek.data, peek.to = "peek", {"target": target, "card": seen}, ONLY[seat]
        events.append(peek)
    elif card == BARON:
        _baron(state, seat, target, record, events)
    elif card == PRINCE:
        _prince(state, target, record, events)
    elif card == KING:
        _king(state, seat, target, events)
    state.history.append(record)
    out, deck = state.out, state.deck
    if not deck or out.count(False) == 1:
        _end_round(state, rng, events)
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
    turns = _TURNS.get((seat, *out, *protected))  # the moves, as legal._moves finds them
    moves = None if turns is None else turns.get(hand[0] * 10 + drawn)
    state.moves = moves if moves is not None else _moves(state, seat)
    turn, drew = _new_event(Event), _new_event(Event)
    turn.kind, turn.data, turn.to = "turn", {"seat": seat, "deck": len(deck)}, None
    drew.kind, drew.data, drew.to = "drew", {"card": IDS[drawn]}, ONLY[seat]
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
    compared = _new_event(Event)
    compared.kind, compared.to = "compared", frozenset((seat, target))
    compared.data = {"cards": {str(seat): mine_id, str(target): theirs_id}}
    events.append(compared)
    if mine == theirs:
        record["result"] = "tie"
        tie = _new_event(Event)
        tie.kind, tie.data, tie.to = "baron_tie", {"seat": seat, "target": target}, None
        events.append(tie)
        return
    loser = seat if mine < theirs else target
    record["result"] = "out"
    record["loser"] = loser
    _knock_out(state, loser, "baron", events)


def _prince(
    state: LoveLetterState, target: int, record: dict[str, Any], events: list[Event]
) -> None:
    hand = state.hands[target]
    dropped = hand.pop()
    state.discards[target].append(dropped)
    for row in state.known:
        row[target] = 0
    state.not_holding[target].clear()
    dropped_id = record["discarded"] = IDS[dropped]
    discarded = _new_event(Event)
    discarded.kind, discarded.to = "discarded", None
    discarded.data = {"seat": target, "card": dropped_id}
    events.append(discarded)
    if dropped == PRINCESS:
        record["result"] = "out"
        _knock_out(state, target, "princess", events)
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
    redrew, drew = _new_event(Event), _new_event(Event)
    redrew.kind, redrew.to = "redrew", None
    redrew.data = {"seat": target, "from_set_aside": from_set_aside, "deck": len(deck)}
    drew.kind, drew.data, drew.to = "drew", {"card": IDS[new]}, ONLY[target]
    events.append(redrew)
    events.append(drew)


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
    traded = _new_event(Event)
    traded.kind, traded.to = "traded", frozenset((seat, target))
    traded.data = {"cards": {str(seat): theirs_id, str(target): mine_id}}
    events.append(traded)


def _knock_out(state: LoveLetterState, seat: int, reason: str, events: list[Event]) -> None:
    dropped = state.hands[seat]
    state.hands[seat] = []
    state.discards[seat] += dropped
    state.out[seat] = True
    state.protected[seat] = False
    for row in state.known:
        row[seat] = 0
    state.not_holding[seat].clear()
    knocked = _new_event(Event)
    knocked.kind, knocked.to = "knocked_out", None
    told = list(map(IDS.__getitem__, dropped))
    knocked.data = {"seat": seat, "reason": reason, "discarded": told}
    events.append(knocked)


def _end_round(state: LoveLetterState, rng: Rng, events: list[Event]) -> None:
    n, out, hands, tokens = state.players, state.out, state.hands, state.tokens
    if out.count(False) == 1:
        winners, reason = [out.index(False)], "last_standing"
    else:
        winners, reason = _showdown(state), "showdown"
    for w in winners:
        tokens[w] += 1
    shown = [None if out[p] else IDS[hands[p][0]] for p in range(n)]
    totals = list(map(sum, state.discards))
    state.last_round = {
        "round": state.round,
        "winners": winners,
        "reason": reason,
        "hands": shown,
        "discard_totals": totals,
        "tokens": tokens[:],
    }
    over = _new_event(Event)
    over.kind, over.to = "round_over", None
    over.data = {
        "round": state.round,
        "winners": winners[:],
        "reason": reason,
        "hands": shown[:],
        "discard_totals": totals[:],
        "tokens": tokens[:],
    }
    events.append(over)
    to_win = state.tokens_to_win
    if max(tokens) >= to_win:
        champions = [p for p in range(n) if tokens[p] >= to_win]
        state.winners = champions
        state.current = -1
        game_over = _new_event(Event)
        game_over.kind, game_over.to = "game_over", None
        game_over.data = {"winners": champions[:], "tokens": tokens[:]}
        events.append(game_over)
        return
    if len(winners) == 1:
        state.starter = winners[0]
    else:
        state.starter = _next_starter(state, winners)
    deal_round(state, rng, events)


def _showdown(state: LoveLetterState) -> list[int]:
    """The one player with the highest card; the plain rules break a tie."""
    alive = [p for p in range(state.players) if not state.out[p]]
    held = [state.hands[p][0] for p in alive]
    best = max(held)
    if held.count(best) == 1:
        return [alive[held.index(best)]]
    return _tied_showdown(state, alive)


def deal_round(state: LoveLetterState, rng: Rng, events: list[Event]) -> None:
    """Deal a round and start its first turn (``rounds._deal_round``)."""
    n, starter = state.players, state.starter
    cards = round_cards(state, rng)
    state.round += 1
    state.set_aside = cards[0]
    first = 4 if n == 2 else 1  # the first card dealt, after those set aside and face up
    face_up = state.face_up = cards[1:first]
    hands = state.hands = [[cards[first + (p - starter) % n]] for p in range(n)]
    deck = state.deck = cards[first + n :][::-1]
    drawn = deck.pop()
    # fresh rows for each seat (n is at most 4): faster than a comprehension each
    discards: list[list[int]] = [[], [], [], []]
    not_holding: list[set[int]] = [set(), set(), set(), set()]
    notes: list[list[dict[str, Any]]] = [[], [], [], []]
    state.discards, state.not_holding, state.notes = discards[:n], not_holding[:n], notes[:n]
    state.known = [[0] * n, [0] * n, [0] * n, [0] * n][:n]
    state.out = [False] * n
    state.protected = [False] * n
    state.history = []
    started = _new_event(Event)
    started.kind, started.to = "round_started", None
    started.data = {"round": state.round, "starter": starter, "face_up": [IDS[c] for c in face_up]}
    events.append(started)
    only = ONLY
    for p in range(n):
        dealt = _new_event(Event)
        dealt.kind, dealt.data, dealt.to = "dealt", {"card": IDS[hands[p][0]]}, only[p]
        events.append(dealt)
    hands[starter].append(drawn)
    state.current = starter
    state.moves = _moves(state, starter)
    turn, drew = _new_event(Event), _new_event(Event)
    turn.kind, turn.data, turn.to = "turn", {"seat": starter, "deck": len(deck)}, None
    drew.kind, drew.data, drew.to = "drew", {"card": IDS[drawn]}, only[starter]
    events.append(turn)
    events.append(drew)
