"""Love Letter's heuristic bot and its scoring (the search levels build on it: ``search``).
It reads only its seat's view: never the true state.

The heuristic bot counts cards: every card it has not seen (its hand, the discard rows and
the face-up cards are seen) may be in an opponent's hand, except what it knows for sure
(a Priest's peek, a Baron's comparison, a King's trade) and what a missed Guard ruled out.
It scores each legal action by its expected effect plus the worth of the card it keeps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rumizi.engine import Action, Rng

from .cards import (
    BARON,
    COUNTESS,
    DECK_COUNTS,
    GUARD,
    HANDMAID,
    KING,
    PRIEST,
    PRINCE,
    PRINCESS,
    VALUE,
)

Belief = dict[int, float]
"""Probability of each card value being a player's hand."""


def unseen_cards(view: dict[str, Any]) -> Counter[int]:
    """The cards this seat has not seen anywhere: in other hands, the deck or set aside."""
    pool = Counter(DECK_COUNTS)
    pool.subtract(VALUE[c] for c in view["hand"])
    pool.subtract(VALUE[c] for c in view["face_up"])
    for row in view["discards"]:
        pool.subtract(VALUE[c] for c in row)
    return pool


def beliefs(view: dict[str, Any]) -> dict[int, Belief]:
    """For each opponent still in the round, the chance of each card being in their hand."""
    known = [VALUE[c] if c else 0 for c in view["known"]]
    ruled_out = [{VALUE[c] for c in cards} for cards in view["not_holding"]]
    return odds_of_hands(unseen_cards(view), view["seat"], known, view["out"], ruled_out)


def odds_of_hands(
    pool: Mapping[int, int],
    me: int,
    known: Sequence[int],
    out: Sequence[bool],
    ruled_out: Sequence[Collection[int]],
) -> dict[int, Belief]:
    """Each opponent's odds from the cards ``me`` has not seen (``pool``), what it knows for
    sure (``known[p]``, 0: nothing) and what a missed Guard ruled out."""
    sure = {p: v for p, v in enumerate(known) if v and p != me and not out[p]}
    left = dict(pool)
    for v in sure.values():
        left[v] -= 1
    result: dict[int, Belief] = {}
    for p in range(len(out)):
        if p == me or out[p]:
            continue
        if p in sure:
            result[p] = {sure[p]: 1.0}
            continue
        weights = {v: float(n) for v, n in left.items() if n > 0 and v not in ruled_out[p]}
        total = sum(weights.values()) or 1.0
        result[p] = {v: w / total for v, w in weights.items()}
    return result


class HeuristicBot:
    """Counts cards and scores each action by expected gain; plays the best."""

    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        belief = beliefs(view)
        hand = [VALUE[c] for c in view["hand"]]
        me, deck, tokens = view["seat"], view["deck"], view["tokens"]
        scores = []
        for action in legal:
            guess = action.get("guess")
            move = (VALUE[action["card"]], action.get("target"), guess and VALUE[guess])
            scores.append(score(move, hand, me, deck, tokens, belief))
        return legal[best_of(scores, rng)]


def best_of(scores: Sequence[float], rng: Rng) -> int:
    """The index of the best score; among equal ones (within 1e-9), one at random."""
    best: list[int] = []
    best_score = float("-inf")
    for i, s in enumerate(scores):
        if s > best_score + 1e-9:
            best, best_score = [i], s
        elif abs(s - best_score) <= 1e-9:
            best.append(i)
    return best[rng.randrange(len(best))]


Play = tuple[int, int | None, int | None]
"""A move as values: the card played, its target (or None), a Guard's guess (or None)."""


def score(
    move: Play,
    hand: Sequence[int],
    me: int,
    deck: int,
    tokens: Sequence[int],
    belief: dict[int, Belief],
) -> float:
    """The heuristic worth of playing ``move`` from ``hand``: its expected effect plus the
    worth of the card kept."""
    card, target, guess = move
    kept = hand[1] if hand[0] == card else hand[0]
    value = keep_worth(kept, deck)
    if target is None:
        return value + untargeted(card, kept)
    odds = belief.get(target, {})
    leader_bonus = 0.15 * tokens[target] if target != me else 0.0
    if card == GUARD:
        assert guess is not None
        return value + 10.0 * odds.get(guess, 0.0) + leader_bonus
    if card == PRIEST:
        return value + (0.5 if len(odds) == 1 else 2.0) + leader_bonus
    if card == BARON:
        win = sum(p for v, p in odds.items() if v < kept)
        lose = sum(p for v, p in odds.items() if v > kept)
        return value + 10.0 * (win - lose) + leader_bonus
    if card == PRINCE:
        if target == me:
            return value - (1000.0 if kept == PRINCESS else 1.0 + kept * 0.5)
        return value + 10.0 * odds.get(PRINCESS, 0.0) + 0.5 + leader_bonus
    if card == KING:
        mean = sum(v * p for v, p in odds.items())
        return keep_worth(round(mean), deck) + 0.3 * (mean - kept) - 1.0 + leader_bonus
    return value  # pragma: no cover - every targeted card is handled above


def untargeted(card: int, kept: int) -> float:
    """Cards played without a target (or with nobody to choose)."""
    if card == PRINCESS:
        return -1000.0
    if card == HANDMAID:
        return 3.0
    if card == COUNTESS:
        return 1.0 if kept == PRINCESS else 0.0
    return 0.0


def keep_worth(card: int, deck: int) -> float:
    """How good a card is to hold: high cards win showdowns, more so as the deck runs out
    (``deck``: the cards left in it)."""
    late = 1.0 + (6 - min(deck, 6)) * 0.2
    return 0.6 * card * late
