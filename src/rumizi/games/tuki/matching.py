"""Matching a build against a task: the card's stones, turned, up to translation and yaw;
the die's table rule; and stability. Snow blocks are free."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from rumizi.engine.errors import shown
from rumizi.engine.texts import MessageRef

from .geometry import (
    TURNS,
    Build,
    Structure,
    TukiError,
    Turn,
    mirror_structure,
    normalize,
    stones_of,
    turn_structure,
    yaw_variants,
)
from .statics import Stability, check_stability

Rule = Literal["plain", "white"]
RULES: tuple[Rule, ...] = ("plain", "white")
"""The die's table rules: ``plain`` (a stone touches the table) and ``white`` (the white
square: no stone touches the table)."""


def parse_turn(turn: int | str) -> Turn:
    """``turn`` as one of 0, 90, 270, or a clear error."""
    try:
        value = int(turn)
    except ValueError:
        value = -1
    if value not in TURNS:
        raise TukiError(f"unknown turn {shown(turn)}: a card is shown at 0, 90 or 270 degrees")
    return value


def parse_rule(rule: str) -> Rule:
    """``rule`` as a table rule, or a clear error."""
    if rule not in RULES:
        raise TukiError(f"unknown table rule {shown(rule)}: use plain or white")
    return rule


@dataclass(frozen=True)
class Task:
    """What builders must build in a round: a card's structure (at 0°), the turn its
    rolled animal gives, and the table rule of the die."""

    stones: Structure
    turn: Turn
    rule: Rule

    @property
    def key(self) -> str:
        """``"90/white"`` and the like: how witnesses are filed."""
        return f"{self.turn}/{self.rule}"

    @cached_property
    def target(self) -> Structure:
        """The turned structure, normalized."""
        return turn_structure(self.stones, self.turn)

    @cached_property
    def variants(self) -> frozenset[Structure]:
        """The target's four turns about the vertical axis."""
        return frozenset(yaw_variants(self.target))

    @cached_property
    def colourless(self) -> frozenset[tuple[tuple[str, tuple[int, int, int]], ...]]:
        """The target's turns with colours forgotten (to tell 'colours swapped')."""
        return frozenset(shape_only(v) for v in self.variants)


def parse_key(key: str) -> tuple[Turn, Rule]:
    """The inverse of :attr:`Task.key`."""
    turn, _, rule = key.partition("/")
    return parse_turn(turn), parse_rule(rule)


def shape_only(stones: Structure) -> tuple[tuple[str, tuple[int, int, int]], ...]:
    """The stones' axes and positions without their colours, in a fixed order."""
    return tuple(sorted((axis, at) for _, axis, at in stones))


def problem(code: str, **args: object) -> MessageRef:
    """A problem with a build: its code (the catalogue message ``problem.<code>``) and
    arguments; the words are the catalogue's (``texts.json``), in either language."""
    return {"key": f"problem.{code}", "args": args}


def _stones(pieces: list[str]) -> dict[str, object]:
    """Stones as message arguments: ``n`` (for the plural) and the ``stones`` list."""
    return {"n": len(pieces), "stones": {"list": [{"text": f"piece.{p}"} for p in pieces]}}


def stones_problem(build: Build, task: Task) -> MessageRef | None:
    """Why the build's stones do not show the task's arrangement, or ``None`` when they
    do (up to a translation and a turn about the vertical axis)."""
    mine = stones_of(build.placements)
    wanted = Counter(colour for colour, _, _ in task.target)
    have = Counter(colour for colour, _, _ in mine)
    missing = sorted((wanted - have).elements())
    extra = sorted((have - wanted).elements())
    if missing:
        return problem("missing", **_stones(missing))
    if extra:
        return problem("extra", **_stones(extra))
    shape = normalize(mine)
    if shape in task.variants:
        return None
    if mirror_structure(shape) in task.variants:
        return problem("mirror")
    if shape_only(shape) in task.colourless:
        return problem("swapped")
    return problem("arrangement")


def table_problem(build: Build, rule: Rule) -> MessageRef | None:
    """Why the build breaks the die's table rule, or ``None``."""
    on_table = sorted(p.piece for p in build.stones if any(c[2] == 0 for c in p.cells))
    if rule == "plain" and not on_table:
        return problem("no_table")
    if rule == "white" and on_table:
        return problem("on_table", **_stones(on_table))
    return None


def arrangement_matches(build: Build, task: Task) -> bool:
    """The cheap part of matching: the stones' arrangement and the table rule."""
    return stones_problem(build, task) is None and table_problem(build, task.rule) is None


@dataclass(frozen=True)
class MatchResult:
    """The verdict on a build: correct, or the list of what is wrong (catalogue message
    references, see :func:`problem`)."""

    problems: tuple[MessageRef, ...]
    stability: Stability | None = field(default=None)

    @property
    def ok(self) -> bool:
        """Whether the build is correct."""
        return not self.problems


def match(build: Build, task: Task) -> MatchResult:
    """Compare a build with a task: arrangement, table rule, stability."""
    problems = [p for p in (stones_problem(build, task), table_problem(build, task.rule)) if p]
    stability = check_stability(build)
    if not stability.stable:
        problems += stability.problems()
    return MatchResult(tuple(problems), stability)
