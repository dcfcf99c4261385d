"""Skip-Bo's greedy and heuristic bots (the search level builds on them: ``search``). They
read only their seat's view and the legal actions: never the state.

- ``greedy``: plays its stock card when it can, else a random building play, else a random
  discard (with an empty hand and nothing to draw: it ends the turn). ``greedy_code`` is
  the same policy over int actions, for the benchmark.
- ``heuristic``: plays its stock card whenever a chain of hand, discard-pile and SKIP-BO
  cards reaches it (using as few SKIP-BO cards as it can); otherwise it blocks an opponent
  whose stock card is next on a pile, plays the cards that give nobody their stock card,
  keeps its SKIP-BO cards for its stock, and discards so that its discard piles run
  downwards (the next card needed on top). With an empty hand and nothing to draw it plays
  the same way from its stock and discard piles, then ends the turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rumizi.engine import Action, Rng

from .cards import PILES, SKIP_BO, TOP_VALUE, from_json
from .encode import DISCARD, END_TURN, PARTNER_DISCARD, PARTNER_STOCK, STOCK, TO_DISCARD, encode

_PARTNER_STOCK_PLAYS = range(PARTNER_STOCK * 8, PARTNER_STOCK * 8 + PILES)


def greedy_code(codes: Sequence[int], rng: Rng) -> int:
    """The greedy policy over the int actions of ``legal_codes`` (stock plays and building
    plays come before the closing discards or ``END_TURN`` there)."""
    builds = 0
    for code in codes:
        if code & TO_DISCARD or code == END_TURN:
            break
        if code < 8 or code in _PARTNER_STOCK_PLAYS:
            return code
        builds += 1
    return codes[int(rng.random() * (builds or len(codes)))]


class GreedyBot:
    """Stock card when possible, else a random building play, else a random discard (or the
    end of the turn, with no card in hand and nothing to draw)."""

    name = "greedy"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """``greedy_code`` read from the JSON fields (``legal`` comes in the same order as
        ``legal_codes``: the same choice for the same random draw; a test checks it)."""
        builds = 0
        for action in legal:
            if action.get("to") != "build":
                break
            if action["from"] in ("stock", "partner_stock"):
                return action
            builds += 1
        return legal[int(rng.random() * (builds or len(legal)))]


# --------------------------------------------------------------- the table
@dataclass
class Table:
    """What the heuristic reads from a view, as engine ints."""

    me: int
    mate: int
    hand: list[int]
    """How many of each card (index = value, 13 = SKIP-BO) the bot holds."""
    sizes: list[int]
    """Building-pile sizes (a pile's value)."""
    stock: int
    """The bot's stock top (0: empty)."""
    mate_stock: int
    stacks: list[tuple[int, list[int]]]
    """(source, cards bottom first) of every discard pile the bot may play from."""
    own_piles: list[list[int]]
    rivals: list[tuple[int, int]]
    """(stock top, weight) of every opponent with a stock card; the next to play weighs most."""
    draw: int
    """Cards left in the draw pile."""

    @classmethod
    def read(cls, view: dict[str, Any]) -> Table:
        me: int = view["seat"]
        n: int = view["players"]
        mate = -1
        for team in view["teams"] or ():
            if me in team:
                mate = next(p for p in team if p != me)
        hand = [0] * (SKIP_BO + 1)
        for c in view["hand"]:
            hand[_card(c)] += 1
        tops = [_card(t) if t is not None else 0 for t in view["stock_tops"]]
        piles = [[_card(c) for c in pile] for pile in view["discards"][me]]
        stacks = [(DISCARD + i, list(pile)) for i, pile in enumerate(piles)]
        if mate >= 0:
            for i, pile in enumerate(view["discards"][mate]):
                stacks.append((PARTNER_DISCARD + i, [_card(c) for c in pile]))
        rivals = []
        nearest = True
        for step in range(1, n):
            p = (me + step) % n
            if p != mate and tops[p]:
                rivals.append((tops[p], 4 if nearest else 1))
                nearest = False
        return cls(
            me=me,
            mate=mate,
            hand=hand,
            sizes=[len(p) for p in view["building"]],
            stock=tops[me],
            mate_stock=tops[mate] if mate >= 0 else 0,
            stacks=stacks,
            own_piles=piles,
            rivals=rivals,
            draw=view["draw"],
        )

    def places(self) -> list[tuple[int, int]]:
        """(pile, the value it needs) for every started pile and the first empty place."""
        out = []
        fresh = True
        for d, size in enumerate(self.sizes):
            if size or fresh:
                out.append((d, size + 1))
                fresh = fresh and size > 0
        return out


def _card(c: Any) -> int:
    value = from_json(c)
    assert value is not None, f"not a card: {c!r}"
    return value


# ------------------------------------------------------------- heuristic
class HeuristicBot:
    """Chains to its stock card, blocks, plays safe cards, keeps SKIP-BOs, orders discards."""

    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        codes = [encode(a) for a in legal]
        code = decide(Table.read(view), set(codes))
        return legal[codes.index(code)]


def decide(t: Table, legal: set[int]) -> int:
    """The heuristic's move (one of ``legal``)."""
    for goal, stock_source in ((t.stock, STOCK), (t.mate_stock, PARTNER_STOCK)):
        if goal:
            code = _toward_stock(t, goal, stock_source, legal)
            if code is not None:
                return code
    code = _best_free_play(t, legal)
    if code is not None:
        return code
    if not t.draw:
        code = _complete_a_pile(t, legal)
        if code is not None:
            return code
    return _best_discard(t, legal)


def _toward_stock(t: Table, goal: int, stock_source: int, legal: set[int]) -> int | None:
    """The first move of the cheapest chain that ends with the stock card played: fewest
    SKIP-BO cards, then fewest cards; a stock card that fits now is played at once."""
    options: list[tuple[int, int, float, int]] = []
    for d, need in t.places():
        if goal == SKIP_BO or need == goal:
            options.append((0, 0, -_pile_worth(t, need), stock_source * 8 + d))
        else:
            steps = _chain(t, need, goal)
            if steps is not None:
                wild = sum(1 for _, card in steps if card == SKIP_BO)
                options.append((wild, len(steps), 0.0, steps[0][0] * 8 + d))
    options = [o for o in options if o[3] in legal]
    return min(options)[3] if options else None


def _pile_worth(t: Table, need: int) -> float:
    """How good it is to put a wild stock card on pile d: least help to the rivals."""
    after = need + 1
    return -sum(w for top, w in t.rivals if top == after)


def _chain(t: Table, need: int, goal: int) -> list[tuple[int, int]] | None:
    """(source, card) plays of the values need … goal-1, or None if they cannot be found.
    A pile past the goal is played up to 12 first: completed, its place starts again at 1.

    Prefers a discard-pile top (it uncovers the card below), then a hand card, then a
    SKIP-BO on a discard pile, then one from the hand.
    """
    hand = list(t.hand)
    stacks = [(s, list(cards)) for s, cards in t.stacks]
    steps: list[tuple[int, int]] = []
    values = range(need, goal) if need <= goal else [*range(need, TOP_VALUE + 1), *range(1, goal)]
    for value in values:
        step = _take(hand, stacks, value)
        if step is None:
            return None
        steps.append(step)
    return steps


def _take(
    hand: list[int], stacks: list[tuple[int, list[int]]], value: int
) -> tuple[int, int] | None:
    for source, cards in stacks:
        if cards and cards[-1] == value:
            cards.pop()
            return source, value
    if hand[value]:
        hand[value] -= 1
        return value, value
    for source, cards in stacks:
        if cards and cards[-1] == SKIP_BO:
            cards.pop()
            return source, SKIP_BO
    if hand[SKIP_BO]:
        hand[SKIP_BO] -= 1
        return SKIP_BO, SKIP_BO
    return None


def _best_free_play(t: Table, legal: set[int]) -> int | None:
    """A building play of a number card that gives no rival its stock card, best first."""
    best: tuple[float, int] | None = None
    places = t.places()
    needs = [need for _, need in places]
    for d, need in places:
        if need > TOP_VALUE:
            continue
        for source in _sources_of(t, need):
            code = source * 8 + d
            if code not in legal:
                continue
            score = _play_score(t, need, source, needs)
            if (score >= 0 or not t.draw) and (best is None or score > best[0]):
                best = (score, code)
    return None if best is None else best[1]


def _complete_a_pile(t: Table, legal: set[int]) -> int | None:
    """With nothing left to draw, the first play of the shortest way to complete a pile
    (completed piles refill the draw pile), SKIP-BO cards included."""
    options = []
    for d, need in t.places():
        steps = _chain(t, need, TOP_VALUE + 1)
        if steps and steps[0][0] * 8 + d in legal:
            options.append((len(steps), steps[0][0] * 8 + d))
    return min(options)[1] if options else None


def _sources_of(t: Table, value: int) -> list[int]:
    """The sources (discard-pile tops, then the hand) offering the number card ``value``."""
    out = [source for source, cards in t.stacks if cards and cards[-1] == value]
    if t.hand[value]:
        out.append(value)
    return out


def _play_score(t: Table, need: int, source: int, needs: list[int]) -> float:
    """Worth of playing the card ``need`` on a pile needing it (negative: don't).

    Giving a rival its stock card costs; covering the one pile where a rival's stock card
    would go next (blocking) pays, most against the next player.
    """
    after = need + 1 if need < TOP_VALUE else 1
    score = 1.5 if source >= DISCARD else 1.0
    for top, weight in t.rivals:
        if top == SKIP_BO:
            continue
        if after == top:
            score -= 3 * weight
        elif need == top and needs.count(top) == 1:
            score += 3 * weight
    goal = t.stock
    if goal and goal != SKIP_BO and need < goal < after:
        score -= 3  # pushes a pile past our own stock card
    return score


def _best_discard(t: Table, legal: set[int]) -> int:
    """The closing discard that keeps the discard piles running downwards; ``END_TURN``
    when the hand is empty (with nothing to draw)."""
    if END_TURN in legal:
        return END_TURN
    options = [c for c in legal if c & TO_DISCARD]
    numbers = [c for c in options if c >> 3 != SKIP_BO]
    options = numbers or options
    empties = sum(1 for pile in t.own_piles if not pile)
    best = max(
        options, key=lambda c: (_discard_score(t, c >> 3, (c & 7) - TO_DISCARD, empties), -c)
    )
    return best


def _discard_score(t: Table, card: int, pile: int, empties: int) -> float:
    cards = t.own_piles[pile]
    if card == SKIP_BO:
        return -20.0
    if not cards:
        return 1.0 + 0.4 * card - (3.0 if empties == 1 else 0.0)
    top = cards[-1]
    if top == SKIP_BO:
        return -8.0
    if top == card + 1:
        return 7.0
    if top == card:
        return 5.0
    if top > card:
        return 4.0 - 0.5 * (top - card - 1)
    return -4.0 - 0.5 * (card - top)
