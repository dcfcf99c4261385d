"""Tuki bots that build in real time.

A bot sees its seat's view: the card (public content), the die, the turn and its own
build. It builds the card's stored witness for the task piece by piece, bottom up, then
declares done. Each action takes it a think time — ``think(view, action, rng)`` seconds —
that depends on its level and on the task: more stones, more snow to lift them, and the
white square make it slower. Hosts play a bot's action when its time has passed (the
server in real time, ``rumizi simulate`` on a simulated clock), so the order in which
builders declare follows the bots' times.

The easy level sometimes builds the card with two stones' colours swapped and declares it
anyway: a wrong build.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rumizi.engine import Action, Rng

from .cards import Card, cards

Piece = list[Any]
"""``[piece, axis, x, y, z]``, as in views and witnesses."""


@dataclass(frozen=True)
class Level:
    """How fast and how careful a bot is."""

    id: str
    seconds_per_piece: float
    """Think time for one piece of an easy task (3 stones, no snow, plain die)."""
    check_seconds: float
    """Time to look the build over before declaring done."""
    mistake_rate: float
    """The chance, per round, of building the card with two colours swapped."""


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 8.0, 5.0, 0.3),
    "medium": Level("medium", 6.0, 3.5, 0.0),
    "hard": Level("hard", 4.5, 2.5, 0.0),
}
"""Calibrated so that a careful person (about 6–8 s a piece) races the medium bot."""


def task_factor(plan: list[Piece], rule: str) -> float:
    """How much harder than the easiest task: +15% per stone beyond three, +8% per snow
    cube that lifts or props, +30% under the white square."""
    stones = sum(1 for p in plan if not str(p[0]).startswith("snow"))
    snow_cubes = sum(int(str(p[0])[4:]) for p in plan if str(p[0]).startswith("snow"))
    return 1.0 + 0.15 * (stones - 3) + 0.08 * snow_cubes + (0.3 if rule == "white" else 0.0)


def bottom_up(build: list[Piece]) -> list[Piece]:
    """The pieces in an order a person would put them down: lowest first."""
    return sorted(build, key=lambda p: (p[4], str(p[0]).startswith("snow") is False, p[0]))


def swap_two_colours(plan: list[Piece], rng: Rng) -> list[Piece]:
    """The plan with the colours of two stones swapped (a wrong build)."""
    stones = [i for i, p in enumerate(plan) if not str(p[0]).startswith("snow")]
    a, b = rng.sample(stones, 2)
    out = [list(p) for p in plan]
    out[a][0], out[b][0] = plan[b][0], plan[a][0]
    return out


class BuilderBot:
    """Builds the witness of the task, one piece per action, at its level's speed."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.name = level.id
        self._round: tuple[int, str] | None = None
        self._plan: list[Piece] = []
        self._factor = 1.0

    def _plan_for(self, view: dict[str, Any], rng: Rng) -> list[Piece]:
        """This round's build, decided once per round."""
        key = (int(view["round"]), str(view["card"]["id"]))
        if key != self._round:
            card: Card = cards(view["level"])[view["card"]["id"]]
            rule = view["die"]["rule"]
            plan = bottom_up(card.witnesses[f"{view['turn']}/{rule}"].to_json())
            if rng.random() < self.level.mistake_rate:
                plan = swap_two_colours(plan, rng)
            self._round, self._plan = key, plan
            self._factor = task_factor(plan, rule)
        return self._plan

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        plan = self._plan_for(view, rng)
        mine = {p[0]: p[1:] for p in view["builds"][view["seat"]]}
        for piece, axis, x, y, z in plan:
            if mine.get(piece) == [axis, x, y, z]:
                continue
            if piece in mine:
                return {"type": "remove", "piece": piece}
            return {"type": "place", "piece": piece, "axis": axis, "x": x, "y": y, "z": z}
        wanted = {p[0] for p in plan}
        for piece in mine:
            if piece not in wanted:
                return {"type": "remove", "piece": piece}
        return {"type": "done"}

    def think(self, view: dict[str, Any], action: Action, rng: Rng) -> float:
        """Seconds this action takes: per piece by level and task, ±60%."""
        self._plan_for(view, rng)
        spread = 0.4 + 1.2 * rng.random()
        if action.get("type") == "done":
            return self.level.check_seconds * spread
        return self.level.seconds_per_piece * self._factor * spread


def _maker(level: Level) -> Callable[[], BuilderBot]:
    return lambda: BuilderBot(level)


BOTS: dict[str, Callable[[], BuilderBot]] = {name: _maker(lv) for name, lv in LEVELS.items()}
"""The bot levels, weakest first (``random`` is generic)."""
