"""Skip-Bo's search bot (the ``search`` level): the generic ISMCTS (``rumizi.search``)
over int actions, as a check on the heuristic bot's moves.

A round lasts hundreds of moves, too many to play out for every decision, so a playout
stops after the next opponent's turn (``TurnsAhead``) and scores the stock cards each side
got rid of meanwhile; a round won inside the horizon scores 1. The heuristic bot plays the
playouts, each seat deciding from its own part of the world (``table_of``: what its view
shows, read off the state without building the view).

Such short playouts are noisy, and most moves differ little in them: taking whichever move
scored best played *weaker* than the heuristic bot (40% of single rounds in tuning). So the
bot keeps the heuristic's own move unless another scored at least ``MARGIN`` better in the
same worlds: the search only overrules the heuristic where its playouts see a clear gain.

Only moves that can change what the playouts see are searched (``candidates``): every
building play, and one way to end the turn now (the heuristic's own discard). Which card
goes to which discard pile changes nothing before the horizon (the opponent never plays
from one's discard piles), so the playouts after two discards are the same, move for move;
the heuristic chooses it, and a turn's closing discard with no building play left is the
heuristic's without a search. The playouts saved go to the moves that matter.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from rumizi.engine import Action, Rng
from rumizi.search import SearchBot, Worlds

from .encode import DISCARD, END_TURN, PARTNER_DISCARD, TO_DISCARD, encode
from .heuristic import Table, decide
from .rules import GAME
from .state import SkipBoState


class CodeRules:
    """The search's moves are Skip-Bo's int actions, played without building events."""

    def actor(self, state: SkipBoState) -> int | None:
        return state.current if state.current >= 0 else None

    def moves(self, state: SkipBoState, seat: int) -> Sequence[Hashable]:
        return GAME.legal_codes(state, seat)

    def play(self, state: SkipBoState, seat: int, move: Hashable, rng: Rng) -> None:
        assert isinstance(move, int)
        GAME.apply_code(state, seat, move, rng)

    def move_of(self, action: Action) -> Hashable:
        return encode(action)

    def copy(self, state: SkipBoState) -> SkipBoState:
        return state.copy()


def table_of(world: SkipBoState, seat: int) -> Table:
    """What the heuristic reads from ``seat``'s view of ``world`` (``Table.read``), taken
    straight from the state: only what that view shows (its own hand, the stock tops, the
    discard and building piles, the draw pile's size). A test checks it equals
    ``Table.read(view)``. The piles are the world's own lists: the heuristic reads them
    and copies what it changes."""
    n = world.players
    mate = world.partner[seat]
    hand = [0] * 14
    for c in world.hands[seat]:
        hand[c] += 1
    stocks = world.stocks
    piles = world.discards[seat]
    stacks = [(DISCARD + i, pile) for i, pile in enumerate(piles)]
    if mate >= 0:
        stacks += [(PARTNER_DISCARD + i, pile) for i, pile in enumerate(world.discards[mate])]
    rivals = []
    nearest = True
    for step in range(1, n):
        p = (seat + step) % n
        if p != mate and stocks[p]:
            rivals.append((stocks[p][-1], 4 if nearest else 1))
            nearest = False
    return Table(
        me=seat,
        mate=mate,
        hand=hand,
        sizes=[len(b) for b in world.build],
        stock=stocks[seat][-1] if stocks[seat] else 0,
        mate_stock=stocks[mate][-1] if mate >= 0 and stocks[mate] else 0,
        stacks=stacks,
        own_piles=piles,
        rivals=rivals,
        draw=len(world.draw),
    )


def heuristic_policy(
    world: SkipBoState, seat: int, moves: Sequence[Hashable], rng: Rng
) -> Hashable:
    """The heuristic bot's move, from what ``seat`` sees of the world."""
    if len(moves) == 1:
        return moves[0]
    return decide(table_of(world, seat), set(moves))  # type: ignore[arg-type]


def is_building_play(code: int) -> bool:
    return code != END_TURN and not code & TO_DISCARD


def candidates(table: Table, legal: Sequence[int]) -> list[int]:
    """The moves worth searching, the heuristic's first: every building play, and the
    heuristic's way to end the turn now (its discard, or ``END_TURN``)."""
    chosen = decide(table, set(legal))
    builds = [c for c in legal if is_building_play(c) and c != chosen]
    ends = [c for c in legal if not is_building_play(c)]
    out = [chosen, *builds]
    if ends and is_building_play(chosen):
        out.append(decide(table, set(ends)))
    return out


class TurnsAhead:
    """Stop when ``turns`` more turns have begun (or the round is over).

    A seat's reward is 1 if its side won the round; otherwise 0.5 moved by how many more
    stock cards its side played than the best other side, squashed into 0–1.
    """

    def __init__(self, turns: int = 2, scale: float = 0.5) -> None:
        self.turns = turns
        self.scale = scale

    def start(self, world: SkipBoState) -> tuple[int, int, list[int]]:
        return world.round, world.turns, [len(s) for s in world.stocks]

    def value(self, world: SkipBoState, mark: tuple[int, int, list[int]]) -> list[float] | None:
        round_, turns, stocks = mark
        n = world.players
        if world.round != round_ or world.winners is not None:
            won = (world.last_round or {}).get("winners", [])
            return [1.0 if p in won else 0.0 for p in range(n)]
        if world.turns < turns + self.turns:
            return None
        played = [stocks[p] - len(world.stocks[p]) for p in range(n)]
        side = [
            played[p] + (played[world.partner[p]] if world.partner[p] >= 0 else 0) for p in range(n)
        ]
        rewards = []
        for p in range(n):
            others = [side[q] for q in range(n) if q != p and q != world.partner[p]]
            lead = side[p] - max(others, default=0)
            rewards.append(0.5 + 0.5 * math.tanh(self.scale * lead))
        return rewards


MARGIN = 0.05
"""How much better (in the playouts' mean reward, 0 to 1) another move must score for the
search to play it instead of the heuristic's."""


class SkipBoSearch(SearchBot):
    """The depth-one search over ``candidates``, the heuristic's move unless another
    scored at least ``tie`` (the margin) better in the same worlds."""

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: Rng, worlds: Worlds | None = None
    ) -> Action:
        if worlds is None:
            raise TypeError(f"the {self.name} bot searches: its host must pass worlds=")
        by_move = {encode(a): a for a in legal}
        moves = candidates(Table.read(view), list(by_move))
        if len(moves) == 1:
            return by_move[moves[0]]
        values = self.evaluate(view["seat"], moves, worlds, rng)
        best = max(moves, key=lambda m: values[m])
        return by_move[best if values[best] > values[moves[0]] + self.tie else moves[0]]


def search_bot(name: str, iterations: int, margin: float = MARGIN) -> SearchBot:
    """Each candidate move tried in the same worlds, played on by the heuristic bot until
    the next opponent's turn is over; the heuristic's move unless another is clearly
    better."""
    return SkipBoSearch(
        name,
        CodeRules(),
        TurnsAhead(),
        heuristic_policy,
        iterations=iterations,
        tree=False,
        tie=margin,
    )
