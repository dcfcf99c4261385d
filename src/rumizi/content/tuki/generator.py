"""The card generator: random connected structures of the level's stones, kept only when
they pass every acceptance rule of the spec and all six tasks are solved.

Attempt ``k`` of a deck draws from its own random stream, seeded by the level, the deck
seed and ``k``; the solver runs on a node budget, not a clock. So the same seed makes the
same deck on any machine, and any committed card can be made again from its attempt.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations

from rumizi.games.tuki.cards import ANIMALS, Card, Deck
from rumizi.games.tuki.geometry import (
    AXES,
    LEVEL_COLOURS,
    STONE_LENGTH,
    TURNS,
    UNIT,
    Cell,
    Stone,
    Structure,
    TukiError,
    add,
    canonical,
    extents,
    normalize,
    stone_cells,
    sub,
    turn_structure,
)
from rumizi.games.tuki.matching import RULES, Task

from . import DEFAULT_SEED, NODE_LIMIT
from .solver import solve

MAX_X = 7
MAX_Y = 10
MAX_Z = 7
"""Largest extents of a card's structure (x and z swap when the card is turned)."""

NEIGHBOURS: tuple[Cell, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


def attempt_rng(level: str, seed: int, attempt: int) -> random.Random:
    """The random stream of one attempt (string seeds hash the same on every platform)."""
    return random.Random(f"tuki:{level}:{seed}:{attempt}")


def random_structure(rng: random.Random, colours: tuple[str, ...]) -> Structure | None:
    """Stones of the given colours, each new one put face to face against a random cube
    of one already placed; ``None`` when the random placement keeps colliding."""
    order = list(colours)
    rng.shuffle(order)
    stones: list[Stone] = [(order[0], rng.choice(AXES), (0, 0, 0))]
    filled = set(stone_cells(stones[0]))
    for colour in order[1:]:
        for _ in range(50):
            anchor = rng.choice(stones)
            touching = add(rng.choice(stone_cells(anchor)), rng.choice(NEIGHBOURS))
            axis = rng.choice(AXES)
            shift = rng.randrange(STONE_LENGTH)
            du = UNIT[axis]
            stone: Stone = (
                colour,
                axis,
                sub(touching, (shift * du[0], shift * du[1], shift * du[2])),
            )
            cells = set(stone_cells(stone))
            if not cells & filled:
                stones.append(stone)
                filled |= cells
                break
        else:
            return None
    return normalize(stones)


# --- acceptance rules, one function each (each returns why it rejects, or None) ---------


def needs_standing_stones(stones: Structure) -> str | None:
    """An upright stone and one lying along x: every turn then has a standing stone."""
    axes = {axis for _, axis, _ in stones}
    return None if {"z", "x"} <= axes else "no upright stone or no stone along x"


def no_end_to_end(stones: Structure) -> str | None:
    """No two stones touch end to end: that would read as one 10-long stone."""
    for a, b in combinations(stones, 2):
        if a[1] != b[1]:
            continue
        ca, cb = stone_cells(a), stone_cells(b)
        step = UNIT[a[1]]
        if add(ca[-1], step) == cb[0] or add(cb[-1], step) == ca[0]:
            return f"the {a[0]} and {b[0]} stones touch end to end"
    return None


def needs_resting_stone(stones: Structure) -> str | None:
    """At least one stone rests on another."""
    owner = {
        cell: colour for colour, axis, at in stones for cell in stone_cells((colour, axis, at))
    }
    for (x, y, z), colour in owner.items():
        below = owner.get((x, y, z - 1))
        if below is not None and below != colour:
            return None
    return "no stone rests on another"


def fits_extents(stones: Structure) -> str | None:
    """Extents: x and z at most 7, y at most 10."""
    ex, ey, ez = extents(stones)
    if ex > MAX_X or ez > MAX_Z or ey > MAX_Y:
        return f"extents {ex}×{ey}×{ez} too large"
    return None


def connected(stones: Structure) -> str | None:
    """The stones form one structure through face contacts."""
    owner = {
        cell: colour for colour, axis, at in stones for cell in stone_cells((colour, axis, at))
    }
    touching: dict[str, set[str]] = {colour: set() for colour, _, _ in stones}
    for cell, colour in owner.items():
        for step in NEIGHBOURS:
            other = owner.get(add(cell, step))
            if other is not None and other != colour:
                touching[colour].add(other)
    start = next(iter(touching))
    seen = {start}
    todo = [start]
    while todo:
        for other in touching[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return None if len(seen) == len(touching) else "the stones are not one connected structure"


def distinct_turns(stones: Structure) -> str | None:
    """The three turns are three different tasks (not the same up to translation and yaw)."""
    forms = {canonical(turn_structure(stones, turn)) for turn in TURNS}
    return None if len(forms) == len(TURNS) else "two of its turns are the same task"


ACCEPTANCE: tuple[Callable[[Structure], str | None], ...] = (
    connected,
    needs_standing_stones,
    no_end_to_end,
    needs_resting_stone,
    fits_extents,
    distinct_turns,
)
"""The cheap acceptance rules, in the order they are checked (the solver comes last)."""


def rejection(stones: Structure) -> Rejection | None:
    """The first cheap acceptance rule that ``stones`` break, or ``None``."""
    for rule in ACCEPTANCE:
        reason = rule(stones)
        if reason is not None:
            return Rejection(rule.__name__.replace("_", " "), reason)
    return None


@dataclass(frozen=True)
class Rejection:
    """Why an attempt made no card: the rule (``fits extents``, ``solver`` …) and detail."""

    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.detail}"


def card_forms(stones: Structure) -> set[tuple[Stone, ...]]:
    """The canonical forms of a structure's three turns (two cards are the same card when
    they share one)."""
    return {canonical(turn_structure(stones, turn)) for turn in TURNS}


# --- making cards and decks ---------------------------------------------------------------


@dataclass
class GenerationStats:
    """What a generation run did: attempts, rejections by reason, solver work."""

    attempts: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    solver_nodes: int = 0
    solver_calls: int = 0

    def reject(self, rejection: Rejection) -> None:
        """Count one rejection under its rule."""
        self.rejected[rejection.rule] = self.rejected.get(rejection.rule, 0) + 1


def card_prefix(level: str) -> str:
    """``N`` for normal cards, ``A`` for advanced."""
    return "A" if level == "advanced" else "N"


def make_card(
    level: str,
    seed: int,
    attempt: int,
    card_id: str,
    node_limit: int = NODE_LIMIT,
    stats: GenerationStats | None = None,
) -> Card | Rejection:
    """Attempt ``attempt`` of a deck: the accepted card, or why it was rejected."""
    stats = stats if stats is not None else GenerationStats()
    if level not in LEVEL_COLOURS:
        raise TukiError(f"unknown level {level!r}: use normal or advanced")
    rng = attempt_rng(level, seed, attempt)
    stones = random_structure(rng, LEVEL_COLOURS[level])
    if stones is None:
        return Rejection("random placement", "the stones kept colliding")
    rejected = rejection(stones)
    if rejected is not None:
        return rejected
    icons = list(ANIMALS)
    rng.shuffle(icons)
    witnesses = {}
    for turn in TURNS:
        for rule in RULES:
            task = Task(stones, turn, rule)
            result = solve(task, node_limit=node_limit)
            stats.solver_calls += 1
            stats.solver_nodes += result.nodes
            if result.build is None:
                return Rejection("solver", f"task {task.key} not solved ({result.status})")
            witnesses[task.key] = result.build
    return Card(card_id, level, stones, dict(zip(TURNS, icons, strict=True)), witnesses, attempt)


def generate_deck(
    level: str,
    count: int,
    seed: int = DEFAULT_SEED,
    node_limit: int = NODE_LIMIT,
    progress: Callable[[int, int], None] | None = None,
    stats: GenerationStats | None = None,
    max_attempts: int | None = None,
) -> Deck:
    """A deck of ``count`` accepted cards, made attempt by attempt from ``seed``.
    A card the same as an earlier one (in any of its turns) is skipped.
    ``progress(cards, attempts)`` is called after every accepted card."""
    if count < 1:
        raise TukiError("a deck needs at least one card")
    stats = stats if stats is not None else GenerationStats()
    limit = max_attempts if max_attempts is not None else 200 * count + 1000
    cards: list[Card] = []
    seen: set[tuple[Stone, ...]] = set()
    attempt = 0
    while len(cards) < count:
        if attempt >= limit:
            raise TukiError(f"only {len(cards)} cards after {attempt} attempts")
        card_id = f"{card_prefix(level)}{len(cards) + 1:02d}"
        outcome = make_card(level, seed, attempt, card_id, node_limit, stats)
        attempt += 1
        stats.attempts = attempt
        if isinstance(outcome, Rejection):
            stats.reject(outcome)
            continue
        forms = card_forms(outcome.stones)
        if forms & seen:
            stats.reject(Rejection("unique", "the same as an earlier card"))
            continue
        seen |= forms
        cards.append(outcome)
        if progress is not None:
            progress(len(cards), attempt)
    return Deck(level, seed, node_limit, tuple(cards))
