"""A Skip-Bo round: the deal, each turn's draw up to five cards, a turn passing (by
itself when nothing can be done), and the end of a round: its scoring, stalls, and the end
of the game."""

from __future__ import annotations

from rumizi.engine import Event, Rng, copy_record, make_event, public, shuffle

from . import fast
from .cards import FULL_DECK, HAND_SIZE, JSON, PILES
from .description import DESCRIPTION
from .state import SkipBoState

ROUND_POINTS = 25
"""The round winner's points, plus ``CARD_POINTS`` per card left in opposing stock piles."""
CARD_POINTS = 5
STALLS_TO_END = 3
"""Rounds in a row ending in a stall that end the game (the highest score wins)."""
ONLY = tuple(frozenset((seat,)) for seat in range(DESCRIPTION.max_players))
"""Each seat alone: who may act, who sees a private event."""


def deal_round(state: SkipBoState, rng: Rng, events: list[Event] | None) -> None:
    """Deal each stock pile (top face up) and leave the rest as the draw pile; start."""
    n, k = state.players, state.stock_size
    if state.stacked:
        cards = state.stacked.pop(0)
    else:
        cards = list(FULL_DECK)
        shuffle(rng, cards)
    state.round += 1
    state.turns = 0
    state.idle = 0
    state.stocks = [cards[p * k : (p + 1) * k][::-1] for p in range(n)]
    state.draw = cards[n * k :][::-1]
    state.segments = []
    state.build = [[] for _ in range(PILES)]
    state.hands = [[] for _ in range(n)]
    state.discards = [[[] for _ in range(PILES)] for _ in range(n)]
    if events is not None:
        events.append(round_told(state, len(state.draw)))
    begin_turn(state, state.starter, rng, events)


def round_told(state: SkipBoState, draw: int) -> Event:
    """The deal, for everyone: the round, who starts, each stock pile's top card and size,
    and the ``draw`` pile's size before the starter's first draw."""
    return public(
        "round_started",
        round=state.round,
        starter=state.starter,
        stock_tops=[JSON[s[-1]] for s in state.stocks],
        stock_sizes=[len(s) for s in state.stocks],
        draw=draw,
    )


def begin_turn(state: SkipBoState, seat: int, rng: Rng, events: list[Event] | None) -> None:
    """Draw up to five cards and play. With an empty hand and nothing to draw the seat still
    plays if a stock or discard-pile card fits a building pile; else its turn passes."""
    n = state.players
    while True:
        state.current = seat
        state.played = False
        state.dry = not state.draw
        state.turns += 1
        drawn = draw(state, seat)
        if events is not None:
            tell_draw(state, "turn", seat, drawn, events)
        if state.hands[seat] or fast.can_build(state, seat):
            return
        if events is not None:
            events.append(public("turn_over", seat=seat, reason="empty_hand"))
        if _close_turn(state):
            end_round(state, rng, (), events)
            return
        seat = (seat + 1) % n


def draw(state: SkipBoState, seat: int) -> list[int]:
    """Fill ``seat``'s hand up to five from the draw pile (nothing once it is empty)."""
    hand = state.hands[seat]
    draw = state.draw
    k = min(HAND_SIZE - len(hand), len(draw))
    if k <= 0:
        return []
    drawn = draw[-k:]
    del draw[-k:]
    drawn.reverse()
    hand.extend(drawn)
    segments = state.segments
    while segments and sum(segments) > len(draw):
        segments.pop()  # drawing reached into the completed pile put under last
    return drawn


def tell_draw(
    state: SkipBoState, kind: str, seat: int, drawn: list[int], events: list[Event]
) -> None:
    """``kind`` (``turn`` or ``refilled``): how many cards ``seat`` drew, for everyone; which
    ones (``drew``), for ``seat`` alone."""
    events.append(make_event(kind, {"seat": seat, "drew": len(drawn), "draw": len(state.draw)}))
    if drawn:
        events.append(make_event("drew", {"cards": [JSON[c] for c in drawn]}, ONLY[seat]))


def _close_turn(state: SkipBoState) -> bool:
    """Count the stall: True when a full cycle of turns began with nothing to draw and saw
    no building play, which ends the round without a winner."""
    if state.played or not state.dry:
        state.idle = 0
        return False
    state.idle += 1
    return state.idle >= state.players


def end_turn(state: SkipBoState, rng: Rng, events: list[Event] | None) -> None:
    if _close_turn(state):
        end_round(state, rng, (), events)
    else:
        begin_turn(state, (state.current + 1) % state.players, rng, events)


def end_round(
    state: SkipBoState, rng: Rng, winners: tuple[int, ...], events: list[Event] | None
) -> None:
    """Score the round (nothing after a stall); end the game or deal the next round."""
    n = state.players
    stocks_left = [len(s) for s in state.stocks]
    points = 0
    if winners:
        points = ROUND_POINTS + CARD_POINTS * sum(
            stocks_left[p] for p in range(n) if p not in winners
        )
        for w in winners:
            state.scores[w] += points
    state.last_round = {
        "round": state.round,
        "winners": list(winners),
        "reason": "stock" if winners else "stall",
        "points": points,
        "stocks_left": stocks_left,
        "turns": state.turns,
        "scores": list(state.scores),
    }
    if events is not None:
        events.append(public("round_over", **copy_record(state.last_round)))
    state.stalls = 0 if winners else state.stalls + 1
    top = max(state.scores)
    if (
        top >= state.target
        or (state.max_rounds and state.round >= state.max_rounds)
        or state.stalls >= STALLS_TO_END
    ):
        state.winners = [p for p in range(n) if state.scores[p] == top] if top > 0 else []
        state.current = -1
        if events is not None:
            events.append(
                public("game_over", winners=list(state.winners), scores=list(state.scores))
            )
        return
    state.starter = (state.starter + 1) % n
    deal_round(state, rng, events)
