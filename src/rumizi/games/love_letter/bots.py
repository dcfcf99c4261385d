"""Love Letter bots. They read only their seat's view: never the true state.

The heuristic bot counts cards: every card it has not seen (its hand, the discard rows and
the face-up cards are seen) may be in an opponent's hand, except what it knows for sure
(a Priest's peek, a Baron's comparison, a King's trade) and what a missed Guard ruled out.
It scores each legal action by its expected effect plus the worth of the card it keeps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

from rumizi.bots.ismcts import GameRules, SearchBot, view_policy
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
from .rules import GAME
from .state import LoveLetterState

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
    me = view["seat"]
    known = {p: VALUE[c] for p, c in enumerate(view["known"]) if c and not view["out"][p]}
    pool = unseen_cards(view)
    pool.subtract(known.values())
    result: dict[int, Belief] = {}
    for p in range(view["players"]):
        if p == me or view["out"][p]:
            continue
        if p in known:
            result[p] = {known[p]: 1.0}
            continue
        ruled_out = {VALUE[c] for c in view["not_holding"][p]}
        weights = {v: float(n) for v, n in pool.items() if n > 0 and v not in ruled_out}
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
        best: list[Action] = []
        best_score = float("-inf")
        for action in legal:
            score = self.score(view, hand, belief, action)
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))]

    def score(
        self, view: dict[str, Any], hand: list[int], belief: dict[int, Belief], action: Action
    ) -> float:
        card = VALUE[action["card"]]
        rest = list(hand)
        rest.remove(card)
        kept = rest[0]
        target = action.get("target")
        value = keep_worth(kept, view)
        if target is None:
            return value + self.untargeted(card, kept)
        odds = belief.get(target, {})
        leader_bonus = 0.15 * view["tokens"][target] if target != view["seat"] else 0.0
        if card == GUARD:
            return value + 10.0 * odds.get(VALUE[action["guess"]], 0.0) + leader_bonus
        if card == PRIEST:
            return value + (0.5 if len(odds) == 1 else 2.0) + leader_bonus
        if card == BARON:
            win = sum(p for v, p in odds.items() if v < kept)
            lose = sum(p for v, p in odds.items() if v > kept)
            return value + 10.0 * (win - lose) + leader_bonus
        if card == PRINCE:
            if target == view["seat"]:
                return value - (1000.0 if kept == PRINCESS else 1.0 + kept * 0.5)
            return value + 10.0 * odds.get(PRINCESS, 0.0) + 0.5 + leader_bonus
        if card == KING:
            mean = sum(v * p for v, p in odds.items())
            return keep_worth(round(mean), view) + 0.3 * (mean - kept) - 1.0 + leader_bonus
        return value  # pragma: no cover - every targeted card is handled above

    @staticmethod
    def untargeted(card: int, kept: int) -> float:
        """Cards played without a target (or with nobody to choose)."""
        if card == PRINCESS:
            return -1000.0
        if card == HANDMAID:
            return 3.0
        if card == COUNTESS:
            return 1.0 if kept == PRINCESS else 0.0
        return 0.0


def keep_worth(card: int, view: dict[str, Any]) -> float:
    """How good a card is to hold: high cards win showdowns, more so as the deck runs out."""
    deck: int = view["deck"]
    late = 1.0 + (6 - min(deck, 6)) * 0.2
    return 0.6 * card * late


# ------------------------------------------------------------------ search
class RoundEnd:
    """The search's horizon: a playout stops when the round ends; its token winners score 1.

    Rounds are short and mostly independent, so the token of the round at hand is what a
    move changes; playing on to the end of the game would only add noise.
    """

    def start(self, world: LoveLetterState) -> tuple[int, list[int]]:
        # The playout's world is the search's own copy: make its round the last one, so that
        # the round's end ends it at once instead of dealing a round nobody plays.
        world.tokens_to_win = max(world.tokens) + 1
        return world.round, list(world.tokens)

    def value(self, world: LoveLetterState, mark: tuple[int, list[int]]) -> list[float] | None:
        round_, tokens = mark
        if world.round == round_ and world.winners is None:
            return None
        return [float(now - before) for now, before in zip(world.tokens, tokens, strict=True)]


def search_bot(name: str, iterations: int) -> SearchBot:
    """Each legal action tried in the same worlds of the seat's information set, the
    heuristic bot playing every seat to the end of the round (depth one: measured stronger
    than a deeper tree for the same time, see docs/bots.md)."""
    return SearchBot(
        name,
        GameRules(GAME),
        RoundEnd(),
        view_policy(GAME, HeuristicBot()),
        iterations=iterations,
        tree=False,
    )


SEARCH_LEVELS = {"search": 200, "search-hard": 1000}
"""Playouts per decision of each search level."""

BOTS: dict[str, Callable[[], Any]] = {
    "heuristic": HeuristicBot,
    **{name: partial(search_bot, name, n) for name, n in SEARCH_LEVELS.items()},
}
