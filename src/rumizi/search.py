"""A search bot for any turn-based game: information-set Monte Carlo tree search (ISMCTS).

The bot never sees the true state. Its host hands it, with its seat's view and legal
actions, a *determinizer* (``Worlds``): a function that, given a random generator, draws a
full state consistent with everything the bot's seat knows (``game.determinize`` from that
seat). Each iteration of the search draws a new world, walks one shared tree down it and
plays the rest out, so the statistics average over every world the seat cannot rule out.

This is *single-observer* ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree, seen
from the searcher's seat, whose nodes are the searcher's information sets; opponents'
moves are edges chosen by the same bandit rule, among those available in the current
world. docs/bots.md says why we chose it over the multiple-observer variant.

With ``tree=False`` the tree stops at the root: every legal action is tried in the same
worlds, with the same random numbers after it (common random numbers), and the rollout
policy plays every seat on from there. With a good rollout policy (a heuristic bot that
decides from each seat's own view) this depth-one search is the stronger one for the same
time in short games such as Love Letter: the measured figures are in docs/bots.md.

Games plug in through ``Rules`` (how to list, play and key moves fast: ``GameRules`` wraps
any ``Game``), a rollout ``Policy`` (random, or the game's heuristic bot) and a
``Horizon`` (where a playout stops and what each seat scored: the end of the game by
default, the end of a round or a few turns for long games).
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

from rumizi.engine import Action, Event, Outcome, Rng

Worlds = Callable[[Rng], Any]
"""A seat's determinizer: each call draws a full state consistent with what it knows."""


class Playable(Protocol):
    """The part of the ``Game`` contract the search plays through."""

    def to_act(self, state: Any) -> frozenset[int]: ...
    def legal(self, state: Any, seat: int) -> list[Action]: ...
    def apply(self, state: Any, seat: int, action: Action, rng: Rng) -> list[Event]: ...
    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...
    def outcome(self, state: Any) -> Outcome | None: ...


class Rules(Protocol):
    """The moves of a game as the search walks them (hashable moves, no events)."""

    def actor(self, state: Any) -> int | None:
        """The one seat to move, or None when the game is over (or not turn-based here)."""

    def moves(self, state: Any, seat: int) -> Sequence[Hashable]:
        """The legal moves of ``seat``."""

    def play(self, state: Any, seat: int, move: Hashable, rng: Rng) -> None:
        """Carry out ``move`` on ``state``."""

    def move_of(self, action: Action) -> Hashable:
        """The move of a legal action (to find the bot's choice among ``legal``)."""

    def copy(self, state: Any) -> Any:
        """An independent copy of a world."""


def action_key(action: Action) -> Hashable:
    """A hashable key of a flat JSON action, e.g. ``(("card", "guard"), ("guess", "baron"))``."""
    return tuple(sorted(action.items()))


class GameRules:
    """``Rules`` for any turn-based ``Game`` through its JSON API (moves are action keys)."""

    def __init__(self, game: Playable) -> None:
        self.game = game

    def actor(self, state: Any) -> int | None:
        seats = self.game.to_act(state)
        return next(iter(seats)) if len(seats) == 1 else None

    def moves(self, state: Any, seat: int) -> Sequence[Hashable]:
        return [action_key(a) for a in self.game.legal(state, seat)]

    def play(self, state: Any, seat: int, move: Hashable, rng: Rng) -> None:
        assert isinstance(move, tuple)
        self.game.apply(state, seat, dict(move), rng)

    def move_of(self, action: Action) -> Hashable:
        return action_key(action)

    def copy(self, state: Any) -> Any:
        fast = getattr(state, "copy", None)
        return fast() if fast is not None else copy.deepcopy(state)


Policy = Callable[[Any, int, Sequence[Hashable], Rng], Hashable]
"""A rollout policy: ``(world, seat, moves, rng) -> one of moves``."""


def random_policy(world: Any, seat: int, moves: Sequence[Hashable], rng: Rng) -> Hashable:
    return moves[rng.randrange(len(moves))]


class Horizon(Protocol):
    """Where a playout stops, and what each seat scored there (0 to 1, more is better)."""

    def start(self, world: Any) -> Any:
        """A mark taken from the world at the root (e.g. the round and the scores)."""

    def value(self, world: Any, mark: Any) -> Sequence[float] | None:
        """Each seat's reward if the playout stops here, else None to play on."""


class GameEnd:
    """Play to the end of the game; the winners share a reward of 1."""

    def __init__(self, game: Playable) -> None:
        self.game = game

    def start(self, world: Any) -> Any:
        return None

    def value(self, world: Any, mark: Any) -> Sequence[float] | None:
        outcome = self.game.outcome(world)
        if outcome is None:
            return None
        rewards = [0.0] * len(outcome.scores)
        for w in outcome.winners:
            rewards[w] = 1.0 / len(outcome.winners)
        return rewards


class Node:
    """An information set of the searcher: reached by a sequence of moves."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """Who made the move leading here (whose reward ``total`` adds up)."""
        self.visits = 0
        self.avail = 0
        """Iterations in which this move was legal where its parent was reached."""
        self.total = 0.0
        self.children: dict[Hashable, Node] = {}


class SearchBot:
    """ISMCTS from one seat: ``iterations`` playouts (or ``seconds`` of thinking, if less);
    ``tree=False`` for the depth-one search (each action tried in the same worlds).

    ``choose(view, legal, rng, worlds=...)`` needs the seat's determinizer: hosts pass it
    to bots whose ``searches`` is true (see ``rumizi.bots.decide``).
    """

    searches = True

    def __init__(
        self,
        name: str,
        rules: Rules,
        horizon: Horizon,
        policy: Policy = random_policy,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        tree: bool = True,
        tie: float = 0.01,
    ) -> None:
        self.name = name
        self.rules = rules
        self.horizon = horizon
        self.policy = policy
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.tree = tree
        self.tie = tie
        self.last_root: Node | None = None
        """The tree of the last decision (for analysis: each root move's visits and value)."""

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: Rng, worlds: Worlds | None = None
    ) -> Action:
        if worlds is None:
            raise TypeError(f"the {self.name} bot searches: its host must pass worlds=")
        if len(legal) == 1:
            return legal[0]
        by_move = {self.rules.move_of(a): a for a in legal}
        if not self.tree:
            values = self.evaluate(view["seat"], list(by_move), worlds, rng)
            return by_move[self._best(values, view["seat"], worlds, rng)]
        root = self.search(view["seat"], worlds, rng)
        best = max(
            (m for m in root.children if m in by_move),
            key=lambda m: (root.children[m].visits, root.children[m].total),
        )
        return by_move[best]

    def _best(self, values: dict[Hashable, float], seat: int, worlds: Worlds, rng: Rng) -> Hashable:
        """The best-valued move; among moves as good (within ``tie``), the rollout
        policy's own choice, as its playouts could not tell them apart."""
        top = max(values.values())
        good = [m for m, v in values.items() if v >= top - self.tie]
        if len(good) > 1:
            world = worlds(rng)
            preferred = self.policy(world, seat, self.rules.moves(world, seat), rng)
            if preferred in good:
                return preferred
        return max(good, key=lambda m: values[m])

    def evaluate(
        self, seat: int, moves: Sequence[Hashable], worlds: Worlds, rng: Rng
    ) -> dict[Hashable, float]:
        """Each move's mean reward for ``seat``, every move tried in the same worlds with the
        same random numbers after it (common random numbers: the differences between moves
        are measured, not the luck of the draw). ``iterations`` playouts in all."""
        totals = dict.fromkeys(moves, 0.0)
        rounds = max(1, self.iterations // len(moves))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        for _ in range(rounds):
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            world = worlds(rng)
            luck = rng.getrandbits(64)
            for move in moves:
                totals[move] += self._playout_after(world, seat, move, random.Random(luck))[seat]
            done += 1
        return {m: t / done for m, t in totals.items()}

    def _playout_after(self, world: Any, seat: int, move: Hashable, rng: Rng) -> Sequence[float]:
        rules, horizon, policy = self.rules, self.horizon, self.policy
        world = rules.copy(world)
        mark = horizon.start(world)
        rules.play(world, seat, move, rng)
        while (rewards := horizon.value(world, mark)) is None:
            actor = rules.actor(world)
            if actor is None:
                return [0.0] * _seats(world)
            rules.play(world, actor, policy(world, actor, rules.moves(world, actor), rng), rng)
        return rewards

    def search(self, seat: int, worlds: Worlds, rng: Rng) -> Node:
        """Grow the tree of ``seat``'s information set; return its root."""
        root = Node(seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for i in range(self.iterations):
            if deadline is not None and i % 16 == 0 and time.perf_counter() > deadline:
                break
            self._iterate(root, worlds(rng), rng)
        self.last_root = root
        return root

    def _iterate(self, root: Node, world: Any, rng: Rng) -> None:
        rules, horizon = self.rules, self.horizon
        mark = horizon.start(world)
        path = [root]
        node = root
        rewards = horizon.value(world, mark)
        # Selection and expansion: down the tree while every move here was tried.
        while rewards is None:
            seat = rules.actor(world)
            if seat is None:
                break
            moves = rules.moves(world, seat)
            untried = [m for m in moves if m not in node.children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = node.children[move] = Node(seat)
                for m in moves:
                    seen = node.children.get(m)
                    if seen is not None:
                        seen.avail += 1
                rules.play(world, seat, move, rng)
                path.append(child)
                rewards = horizon.value(world, mark)
                break
            move, child = self._select(node, moves)
            rules.play(world, seat, move, rng)
            path.append(child)
            node = child
            rewards = horizon.value(world, mark)
        # Playout with the rollout policy.
        policy = self.policy
        while rewards is None:
            seat = rules.actor(world)
            if seat is None:
                rewards = [0.0] * _seats(world)
                break
            moves = rules.moves(world, seat)
            rules.play(world, seat, policy(world, seat, moves, rng), rng)
            rewards = horizon.value(world, mark)
        for n in path:
            n.visits += 1
            if n is not root:
                n.total += rewards[n.seat]

    def _select(self, node: Node, moves: Sequence[Hashable]) -> tuple[Hashable, Node]:
        """UCB1 over the moves available in this world (availability counts, not visits
        of the parent, as ISMCTS needs: a move absent from some worlds is not penalised)."""
        c = self.exploration
        best: tuple[Hashable, Node] | None = None
        best_score = -math.inf
        children = node.children
        for m in moves:
            child = children[m]
            child.avail += 1
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = (m, child), score
        assert best is not None
        return best


def _seats(world: Any) -> int:
    return int(getattr(world, "players", 1))


def view_policy(game: Playable, bot: Any) -> Policy:
    """A rollout policy from a bot that reads views (a game's heuristic bot): it decides
    from the acting seat's view of the world, as it would at a table."""

    def policy(world: Any, seat: int, moves: Sequence[Hashable], rng: Rng) -> Hashable:
        legal = [dict(m) for m in moves if isinstance(m, tuple)]
        return action_key(bot.choose(game.view(world, seat), legal, rng))

    return policy
