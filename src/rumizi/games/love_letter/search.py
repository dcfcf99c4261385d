"""Love Letter's search bot: the generic ISMCTS (``rumizi.search``) with three things
of this game's own.

- **Moves as values.** The search walks moves as ``(card, target, guess)`` tuples of card
  values and plays them through the game's own legal actions (no JSON parsing).
- **The heuristic as rollout policy, read from the world.** ``heuristic_policy`` makes the
  heuristic bot's choice for the seat to move from what that seat knows in the world (its
  hand, the cards face up and discarded, what it learned this round): the same choice as
  ``HeuristicBot`` reading that seat's view, without building the view (a test checks they
  agree). Playouts stop at the end of the round (``RoundEnd``).
- **Reading the opponents' choices** (``inferred``). A uniform redeal of the unseen cards
  ignores what an opponent's last play says about the card it kept: a player who played a
  Guard rather than the other card usually kept something worth more. Each drawn world is
  kept with the probability that a heuristic player holding the world's card would have
  made that play (mixed with ``slack`` of a player who plays anything, so that no world the
  seat cannot rule out is ever impossible). The play is public and the model is the
  heuristic bot's own scoring, so nothing but the seat's view goes into it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from rumizi.engine import Action, Rng
from rumizi.search import SearchBot, Worlds

from .cards import COPIES, GUARD, GUESSABLE, KING, PRINCE, VALUE
from .heuristic import Belief, Play, best_of, odds_of_hands, score
from .legal import playable, targets
from .moves import Moves
from .rules import GAME
from .state import LoveLetterState

_KEYS: dict[int, tuple[Moves, tuple[Play, ...]]] = {}
"""Each turn's moves as values, by the identity of its (shared, cached) ``Moves``."""


def keys(moves: Moves) -> tuple[Play, ...]:
    """The turn's moves as ``(card, target, guess)`` values, in the legal actions' order."""
    known = _KEYS.get(id(moves))
    if known is None or known[0] is not moves:
        known = _KEYS[id(moves)] = (moves, tuple((m.card, m.target, m.guess) for m in moves.moves))
    return known[1]


class MoveRules:
    """The search's moves are card values, played through the game's legal actions."""

    def actor(self, state: LoveLetterState) -> int | None:
        return state.current if state.current >= 0 else None

    def moves(self, state: LoveLetterState, seat: int) -> Sequence[Hashable]:
        assert state.moves is not None
        return keys(state.moves)

    def play(self, state: LoveLetterState, seat: int, move: Hashable, rng: Rng) -> None:
        assert state.moves is not None
        i = keys(state.moves).index(move)
        GAME.apply(state, seat, state.moves.actions[i], rng)

    def move_of(self, action: Action) -> Hashable:
        guess = action.get("guess")
        return (VALUE[action["card"]], action.get("target"), guess and VALUE[guess])

    def copy(self, state: LoveLetterState) -> LoveLetterState:
        return state.copy()


def unseen(state: LoveLetterState, seat: int) -> dict[int, int]:
    """How many of each card ``seat`` has not seen (not in its hand, face up or discarded)."""
    pool = dict(COPIES)
    for c in state.hands[seat]:
        pool[c] -= 1
    for c in state.face_up:
        pool[c] -= 1
    for row in state.discards:
        for c in row:
            pool[c] -= 1
    return pool


def seat_beliefs(state: LoveLetterState, seat: int) -> dict[int, Belief]:
    """The heuristic's odds of each opponent's hand, from what ``seat`` knows in ``state``."""
    return odds_of_hands(unseen(state, seat), seat, state.known[seat], state.out, state.not_holding)


def heuristic_policy(
    world: LoveLetterState, seat: int, moves: Sequence[Hashable], rng: Rng
) -> Hashable:
    """The heuristic bot's move for ``seat``, from what that seat knows in ``world``."""
    assert world.moves is not None
    plays = keys(world.moves)
    if len(plays) == 1:
        return plays[0]
    belief = seat_beliefs(world, seat)
    hand, deck, tokens = world.hands[seat], len(world.deck), world.tokens
    return plays[best_of([score(p, hand, seat, deck, tokens, belief) for p in plays], rng)]


class RoundEnd:
    """The search's horizon: a playout stops when the round ends; its token winners score 1.

    Rounds are short and mostly independent, so the token of the round at hand is what a
    move changes; playing on to the end of the game would only add noise.
    """

    def start(self, world: LoveLetterState) -> tuple[int, list[int]]:
        # The playout's world is the search's own copy: any token now ends its game, so
        # that the round's end ends the playout instead of dealing a round nobody plays.
        world.tokens_to_win = min(world.tokens) + 1
        return world.round, list(world.tokens)

    def value(self, world: LoveLetterState, mark: tuple[int, list[int]]) -> list[float] | None:
        round_, tokens = mark
        if world.round == round_ and world.winners is None:
            return None
        return [float(now - before) for now, before in zip(world.tokens, tokens, strict=True)]


# -------------------------------------------------------------- inference
Clue = tuple[int, int, int]
"""An opponent's last play that says something about the card it kept: (seat, card
played, the deck's size when it chose)."""


def clues(view: dict[str, Any]) -> list[Clue]:
    """The opponents' last plays of this round whose kept card is still in their hand.

    A play tells nothing when its player's hand was replaced since (a Prince, a King) or
    when it was a King or a Prince on oneself (the hand held now came after the choice).
    """
    me, history = view["seat"], view["history"]
    found: list[Clue] = []
    for p in range(view["players"]):
        if p == me or view["out"][p]:
            continue
        last = max((i for i, r in enumerate(history) if r["seat"] == p), default=None)
        if last is None:
            continue
        record = history[last]
        card = VALUE[record["card"]]
        if card == KING or (card == PRINCE and record.get("target") == p):
            continue
        later = history[last + 1 :]
        if any(_replaces(r, p) for r in later):
            continue
        # The deck had then the cards drawn since: one per later turn (and this one), and
        # one per later Prince's redraw from the deck.
        redraws = sum(1 for r in later if "discarded" in r and r.get("result") != "out")
        found.append((p, card, view["deck"] + len(later) + 1 + redraws))
    return found


def _replaces(record: dict[str, Any], p: int) -> bool:
    """Whether the play of ``record`` replaced the hand of seat ``p``."""
    return record.get("target") == p and VALUE[record["card"]] in (KING, PRINCE)


def choice_odds(world: LoveLetterState, clue: Clue) -> float:
    """The chance that a heuristic player holding its hand in ``world`` and the card it
    played would have played that card (the world's deck and discards as the player's
    knowledge then, the played card back in hand)."""
    p, played, deck = clue
    kept = world.hands[p][0]
    if kept == played:
        return 1.0
    hand = [played, kept]
    pool = unseen(world, p)  # the played card counts as seen: it was in p's hand
    belief = odds_of_hands(pool, p, [0] * world.players, world.out, world.not_holding)
    scored: list[tuple[int, float]] = []
    for card in playable(tuple(sorted(hand))):
        options = _ways(world, p, card)
        scored.extend((card, score(o, hand, p, deck, world.tokens, belief)) for o in options)
    top = max(s for _, s in scored)
    best = [c for c, s in scored if s >= top - 1e-9]
    return best.count(played) / len(best)


def _ways(world: LoveLetterState, p: int, card: int) -> list[Play]:
    """The ways ``p`` could play ``card`` in ``world``."""
    chosen = targets(world, p, card)
    if not chosen:
        return [(card, None, None)]
    if card == GUARD:
        return [(card, t, g) for t in chosen for g in GUESSABLE]
    return [(card, t, None) for t in chosen]


def inferred(worlds: Worlds, view: dict[str, Any], slack: float, tries: int) -> Worlds:
    """Worlds drawn from ``worlds`` and kept with the odds that the opponents' last plays
    (``clues``) were made in them (rejection sampling, at most ``tries`` draws a world)."""
    found = clues(view)
    if not found or slack >= 1.0:
        return worlds

    def draw(rng: Rng) -> Any:
        world = worlds(rng)
        for _ in range(tries - 1):
            odds = 1.0
            for clue in found:
                odds *= slack + (1.0 - slack) * choice_odds(world, clue)
            if rng.random() < odds:
                return world
            world = worlds(rng)
        return world

    return draw


class LoveLetterSearch(SearchBot):
    """The search bot, its worlds weighted by what the opponents' plays say (``inferred``),
    and a Guard tried only with the likeliest guess at each target (``guesses`` worlds
    tell which): a guess's worth is mostly its chance to hit, so the playouts are spent
    on telling the cards and targets apart, not the seven names."""

    def __init__(
        self,
        name: str,
        iterations: int,
        slack: float = 0.05,
        tries: int = 8,
        guesses: int = 0,
    ) -> None:
        super().__init__(
            name, MoveRules(), RoundEnd(), heuristic_policy, iterations=iterations, tree=False
        )
        self.slack = slack
        self.tries = tries
        self.guesses = guesses

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: Rng, worlds: Worlds | None = None
    ) -> Action:
        if worlds is None:
            raise TypeError(f"the {self.name} bot searches: its host must pass worlds=")
        if len(legal) == 1:
            return legal[0]
        worlds = inferred(worlds, view, self.slack, self.tries)
        by_move = {self.rules.move_of(a): a for a in legal}
        moves = list(by_move)
        if self.guesses:
            moves = likeliest_guesses(moves, [worlds(rng) for _ in range(self.guesses)])
        if len(moves) == 1:
            return by_move[moves[0]]
        values = self.evaluate(view["seat"], moves, worlds, rng)
        return by_move[self._best(values, view["seat"], worlds, rng)]


def likeliest_guesses(moves: list[Hashable], worlds: list[LoveLetterState]) -> list[Hashable]:
    """``moves`` with each Guard's target named only its likeliest card in ``worlds`` (the
    first of the likeliest, in card order)."""
    kept: list[Hashable] = []
    best: dict[int, tuple[int, Hashable]] = {}
    for move in moves:
        assert isinstance(move, tuple)
        card, target, guess = move
        if card != GUARD or target is None:
            kept.append(move)
            continue
        hits = sum(1 for w in worlds if w.hands[target] and w.hands[target][0] == guess)
        if target not in best or hits > best[target][0]:
            best[target] = (hits, move)
    return kept + [move for _, move in best.values()]


def search_bot(name: str, iterations: int, slack: float = 0.05, guesses: int = 0) -> SearchBot:
    """Each legal action tried in the same (inferred) worlds of the seat's information set,
    the heuristic playing every seat to the end of the round."""
    return LoveLetterSearch(name, iterations, slack, guesses=guesses)
