"""Skip-Bo's search bot (the ``search`` level): the generic ISMCTS (``rumizi.bots.ismcts``)
over int actions, as a check on the heuristic bot's moves.

A round lasts hundreds of moves, too many to play out for every decision, so a playout
stops after the next opponent's turn (``TurnsAhead``) and scores the stock cards each side
got rid of meanwhile; a round won inside the horizon scores 1. The heuristic bot plays the
playouts from each seat's own view of the world.

Such short playouts are noisy, and most moves differ little in them: taking whichever move
scored best played *weaker* than the heuristic bot (40% of single rounds in tuning). So the
bot keeps the heuristic's own move unless another scored at least ``MARGIN`` better in the
same worlds (``SearchBot``'s ``tie``): the search only overrules the heuristic where its
playouts see a clear gain (65% of single rounds against it in tuning; figures in
docs/bots.md).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

from rumizi.bots.ismcts import SearchBot
from rumizi.engine import Action, Rng

from .bots import Table, decide
from .encode import encode
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


def heuristic_policy(
    world: SkipBoState, seat: int, moves: Sequence[Hashable], rng: Rng
) -> Hashable:
    """The heuristic bot's move, read from ``seat``'s view of the world."""
    if len(moves) == 1:
        return moves[0]
    return decide(Table.read(GAME.view(world, seat)), {m for m in moves if isinstance(m, int)})


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


def search_bot(name: str, iterations: int, margin: float = MARGIN) -> SearchBot:
    """Each legal action tried in the same worlds, played on by the heuristic bot until the
    next opponent's turn is over; the heuristic's move unless another is clearly better."""
    return SearchBot(
        name,
        CodeRules(),
        TurnsAhead(),
        heuristic_policy,
        iterations=iterations,
        tree=False,
        tie=margin,
    )
