"""A round of Love Letter as the plain rules run it: the deal, each turn (the draw, the
play, the next player still in), and the end of the round (last one standing or the
showdown, tokens, the game's end or the next round's deal). ``fast.py`` writes the same
for speed; ``LoveLetter`` plays through either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rumizi.engine import Event, Rng, copy_record, make_event, shuffle

from .cards import FULL_DECK, IDS
from .effects import _play
from .legal import ONLY, _moves
from .moves import Move
from .state import LoveLetterState

# ------------------------------------------------------------------ turns
TakeTurn = Callable[[LoveLetterState, Move, dict[str, Any], Rng], list[Event]]
DealRound = Callable[[LoveLetterState, Rng, list[Event]], None]


def _take_turn(state: LoveLetterState, move: Move, record: dict[str, Any], rng: Rng) -> list[Event]:
    """Play ``move``, then start the next player's turn or end the round."""
    events: list[Event] = []
    _play(state, move, record, events)
    if _round_is_over(state):
        _end_round(state, rng, events)
    else:
        _start_turn(state, _next_alive(state, move.seat), events)
    return events


# ----------------------------------------------------------------- rounds
def round_cards(state: LoveLetterState, rng: Rng) -> list[int]:
    """The round's cards in dealing order: the next stacked deck, or the whole deck shuffled."""
    if state.stacked:
        return state.stacked.pop(0)
    cards = list(FULL_DECK)
    shuffle(rng, cards)
    return cards


def _deal_round(state: LoveLetterState, rng: Rng, events: list[Event]) -> None:
    """Set aside one card (and three face up with 2 players), deal one each, start."""
    n = state.players
    cards = round_cards(state, rng)
    state.round += 1
    state.set_aside = cards[0]
    up = 3 if n == 2 else 0
    state.face_up = cards[1 : 1 + up]
    dealt = 1 + up
    state.hands = [[] for _ in range(n)]
    for i in range(n):
        state.hands[(state.starter + i) % n].append(cards[dealt + i])
    state.deck = cards[dealt + n :][::-1]
    state.discards = [[] for _ in range(n)]
    state.out = [False] * n
    state.protected = [False] * n
    state.known = [[0] * n for _ in range(n)]
    state.not_holding = [set() for _ in range(n)]
    state.notes = [[] for _ in range(n)]
    state.history = []
    events += _deal_told(state)
    _start_turn(state, state.starter, events)


def _deal_told(state: LoveLetterState) -> list[Event]:
    """What a deal tells: the round, its starter and face-up cards to all, each card to its
    holder (the first card of each hand: the starter's draw comes after)."""
    face_up = [IDS[c] for c in state.face_up]
    told = [
        make_event(
            "round_started", {"round": state.round, "starter": state.starter, "face_up": face_up}
        )
    ]
    for p in range(state.players):
        told.append(make_event("dealt", {"card": IDS[state.hands[p][0]]}, ONLY[p]))
    return told


def _start_turn(state: LoveLetterState, seat: int, events: list[Event]) -> None:
    """The Handmaid's protection ends, and the player draws the top card."""
    state.current = seat
    state.protected[seat] = False
    state.hands[seat].append(state.deck.pop())
    state.moves = _moves(state, seat)
    events += _turn_told(state, seat)


def _turn_told(state: LoveLetterState, seat: int) -> list[Event]:
    """What a turn's start tells: whose turn and the deck's size to all, the card drawn
    (the last of the hand) to its player."""
    return [
        make_event("turn", {"seat": seat, "deck": len(state.deck)}),
        make_event("drew", {"card": IDS[state.hands[seat][-1]]}, ONLY[seat]),
    ]


def _next_alive(state: LoveLetterState, seat: int) -> int:
    n = state.players
    nxt = (seat + 1) % n
    while state.out[nxt]:
        nxt = (nxt + 1) % n
    return nxt


def _round_is_over(state: LoveLetterState) -> bool:
    return not state.deck or state.out.count(False) == 1


def _end_round(state: LoveLetterState, rng: Rng, events: list[Event]) -> None:
    """Give tokens to the round's winners; end the game or deal the next round."""
    alive = state.alive()
    if len(alive) == 1:
        winners, reason = alive, "last_standing"
    else:
        winners, reason = _showdown(state, alive), "showdown"
    for w in winners:
        state.tokens[w] += 1
    state.last_round = {
        "round": state.round,
        "winners": winners,
        "reason": reason,
        "hands": [
            IDS[state.hands[p][0]] if not state.out[p] else None for p in range(state.players)
        ],
        "discard_totals": [sum(d) for d in state.discards],
        "tokens": list(state.tokens),
    }
    events.append(make_event("round_over", copy_record(state.last_round)))
    champions = [p for p in range(state.players) if state.tokens[p] >= state.tokens_to_win]
    if champions:
        state.winners = champions
        state.current = -1
        events.append(
            make_event("game_over", {"winners": list(champions), "tokens": list(state.tokens)})
        )
        return
    state.starter = _next_starter(state, winners)
    _deal_round(state, rng, events)


def _showdown(state: LoveLetterState, alive: list[int]) -> list[int]:
    """Highest card wins; then highest discard total; a tie after that is shared."""
    best = max(state.hands[p][0] for p in alive)
    tied = [p for p in alive if state.hands[p][0] == best]
    if len(tied) == 1:
        return tied
    top = max(sum(state.discards[p]) for p in tied)
    return [p for p in tied if sum(state.discards[p]) == top]


def _next_starter(state: LoveLetterState, winners: list[int]) -> int:
    """The round's winner; of several, the first clockwise from the last starter."""
    n = state.players
    return min(winners, key=lambda w: (w - state.starter) % n)
