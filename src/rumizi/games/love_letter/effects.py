"""Playing a Love Letter card: it leaves the hand for the discard row, then its text is
resolved (each card's effect on the player it chose, the Princess's and the Handmaid's on
the one who plays them), and what each seat knew of the hands changed is forgotten.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rumizi.engine import Event, make_event

from .cards import BARON, GUARD, HANDMAID, IDS, KING, PRIEST, PRINCE, PRINCESS
from .legal import ONLY
from .moves import Move
from .state import LoveLetterState


@dataclass(slots=True)
class Play:
    """A card choosing a player: who plays it, whom it chooses, what a Guard names, the
    public record of the play (its result added as the card resolves) and the events."""

    state: LoveLetterState
    seat: int
    target: int
    guess: int | None
    record: dict[str, Any]
    events: list[Event]


def _play(state: LoveLetterState, move: Move, record: dict[str, Any], events: list[Event]) -> None:
    """Move the card from hand to the discard row, then resolve its text."""
    seat, card, target = move.seat, move.card, move.target
    state.hands[seat].remove(card)
    state.discards[seat].append(card)
    _forget_played(state, seat, card)
    events.append(make_event("played", dict(record)))
    if card == PRINCESS:
        record["result"] = "out"
        _knock_out(state, seat, "princess", events)
    elif card == HANDMAID:
        state.protected[seat] = True
    elif target is not None:
        EFFECTS[card](Play(state, seat, target, move.guess, record, events))
    state.history.append(record)


def _guard(play: Play) -> None:
    """If the chosen player holds the named card, they are out of the round."""
    state, seat, target, guess = play.state, play.seat, play.target, play.guess
    assert guess is not None
    hit = state.hands[target][0] == guess
    play.record["result"] = "hit" if hit else "miss"
    told = {"seat": seat, "target": target, "guess": IDS[guess], "hit": hit}
    play.events.append(make_event("guessed", told))
    if hit:
        _knock_out(state, target, "guard", play.events)
    else:
        state.not_holding[target].add(guess)


def _priest(play: Play) -> None:
    """Look at the chosen player's hand (only you see it)."""
    state, seat, target = play.state, play.seat, play.target
    seen = state.hands[target][0]
    state.known[seat][target] = seen
    state.notes[seat].append({"kind": "peek", "target": target, "card": IDS[seen]})
    play.events.append(make_event("peek", {"target": target, "card": IDS[seen]}, ONLY[seat]))


def _baron(play: Play) -> None:
    """Compare hands in secret: the lower card is out; on a tie nothing happens."""
    state, seat, target = play.state, play.seat, play.target
    mine, theirs = state.hands[seat][0], state.hands[target][0]
    state.known[seat][target] = theirs
    state.known[target][seat] = mine
    state.notes[seat].append(
        {"kind": "compare", "with": target, "mine": IDS[mine], "theirs": IDS[theirs]}
    )
    state.notes[target].append(
        {"kind": "compare", "with": seat, "mine": IDS[theirs], "theirs": IDS[mine]}
    )
    cards = {str(seat): IDS[mine], str(target): IDS[theirs]}
    play.events.append(make_event("compared", {"cards": cards}, frozenset((seat, target))))
    if mine == theirs:
        play.record["result"] = "tie"
        play.events.append(make_event("baron_tie", {"seat": seat, "target": target}))
        return
    loser = seat if mine < theirs else target
    play.record["result"] = "out"
    play.record["loser"] = loser
    _knock_out(state, loser, "baron", play.events)


def _prince(play: Play) -> None:
    """The chosen player discards their hand without effect and draws a new card (the
    set-aside card if the deck is empty); discarding the Princess knocks them out."""
    state, target, record, events = play.state, play.target, play.record, play.events
    dropped = state.hands[target].pop()
    state.discards[target].append(dropped)
    _forget_hand(state, target)
    record["discarded"] = IDS[dropped]
    events.append(make_event("discarded", {"seat": target, "card": IDS[dropped]}))
    if dropped == PRINCESS:
        record["result"] = "out"
        _knock_out(state, target, "princess", events)
        return
    if state.deck:
        new = state.deck.pop()
    else:
        assert state.set_aside is not None
        new, state.set_aside = state.set_aside, None
        record["from_set_aside"] = True
    state.hands[target].append(new)
    from_set_aside = record.get("from_set_aside", False)
    told = {"seat": target, "from_set_aside": from_set_aside, "deck": len(state.deck)}
    events.append(make_event("redrew", told))
    events.append(make_event("drew", {"card": IDS[new]}, ONLY[target]))


def _king(play: Play) -> None:
    """Trade hands with the chosen player."""
    state, seat, target = play.state, play.seat, play.target
    mine, theirs = state.hands[seat][0], state.hands[target][0]
    state.hands[seat][0], state.hands[target][0] = theirs, mine
    for row in state.known:
        row[seat], row[target] = row[target], row[seat]
    state.known[seat][target] = mine
    state.known[target][seat] = theirs
    state.not_holding[seat], state.not_holding[target] = (
        state.not_holding[target],
        state.not_holding[seat],
    )
    state.notes[seat].append(
        {"kind": "trade", "with": target, "gave": IDS[mine], "got": IDS[theirs]}
    )
    state.notes[target].append(
        {"kind": "trade", "with": seat, "gave": IDS[theirs], "got": IDS[mine]}
    )
    cards = {str(seat): IDS[theirs], str(target): IDS[mine]}
    play.events.append(make_event("traded", {"cards": cards}, frozenset((seat, target))))


EFFECTS: dict[int, Callable[[Play], None]] = {
    GUARD: _guard,
    PRIEST: _priest,
    BARON: _baron,
    PRINCE: _prince,
    KING: _king,
}
"""What each card that chooses a player does to the one it chose."""


def _knock_out(state: LoveLetterState, seat: int, reason: str, events: list[Event]) -> None:
    """The player discards their hand face up, without effect, and leaves the round."""
    dropped = state.hands[seat]
    state.discards[seat].extend(dropped)
    state.hands[seat] = []
    state.out[seat] = True
    state.protected[seat] = False
    _forget_hand(state, seat)
    told = {"seat": seat, "reason": reason, "discarded": [IDS[c] for c in dropped]}
    events.append(make_event("knocked_out", told))


def _forget_played(state: LoveLetterState, seat: int, card: int) -> None:
    """After a play, only a known card of another value is surely still in hand."""
    for row in state.known:
        if row[seat] == card:
            row[seat] = 0
    state.not_holding[seat].clear()


def _forget_hand(state: LoveLetterState, seat: int) -> None:
    """The hand of ``seat`` was replaced: what anyone knew of it is gone."""
    for row in state.known:
        row[seat] = 0
    state.not_holding[seat].clear()
