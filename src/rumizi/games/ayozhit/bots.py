"""Ayozhit bots: players who associate words with pictures through the similarity table.

A bot sees only its view and its legal actions. It reads the chosen word's row of the
shipped word × picture table (``similarity.avg``: the same in Persian and English) for the
15 pictures on the table, standardises it within those 15 (the table's values are
compressed and only comparable within a row), adds its own noise and marks its top few —
how many is its marking habit. Identical noiseless bots would mark identical sets and never
score a three-spark: noise and habits differ from level to level.

When announcing, a bot estimates from what it knows (the word, the counts everyone
revealed, every announcement so far) how likely each of its unannounced pictures is to be
marked by exactly one other player, by at least two, or by nobody, imagining the others
as players like itself; it announces the picture worth most, keeping the riskiest for last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rumizi.engine import Action, Rng

from .similarity import SimilarityTable, load_table
from .state import MAX_MARKS, TABLE_SIZE

Scores = NDArray[np.float64]
#: How many imagined tables the announcing estimate draws.
SAMPLES = 256
#: The noise a bot imagines in the others' reading of the word (standard deviations).
IMAGINED_NOISE = 0.7


@dataclass(frozen=True)
class Habit:
    """A bot's character: its noise (in standard deviations of the 15 similarities), how
    many pictures it usually marks, and whether it weighs its announcements."""

    noise: float
    marks: int
    spread: int = 1
    """The count varies by up to this much either way from round to round."""
    weighs: bool = True
    """Announce by expected points (True) or simply surest first (False)."""

    def __post_init__(self) -> None:
        if self.noise < 0:
            raise ValueError("noise must be at least 0")
        if not 1 <= self.marks <= MAX_MARKS:
            raise ValueError(f"marks must be between 1 and {MAX_MARKS}")


def standardise(row: NDArray[np.floating]) -> Scores:
    """Similarities of the pictures on the table as z-scores within those pictures."""
    values: Scores = np.asarray(row, dtype=np.float64)
    spread = float(values.std())
    out: Scores = (values - values.mean()) / (spread if spread > 1e-9 else 1.0)
    return out


class AssociationBot:
    """A player whose sense of a word is the similarity table, blurred by its own noise."""

    def __init__(self, name: str, habit: Habit, table: SimilarityTable | None = None) -> None:
        self.name = name
        self.habit = habit
        self._table = table
        self._plan_key: tuple[Any, ...] | None = None
        self._plan: list[int] = []
        self._sureness: Scores = np.zeros(TABLE_SIZE)

    @property
    def table(self) -> SimilarityTable:
        if self._table is None:
            self._table = load_table()
        return self._table

    def scores(self, word_key: str, pictures: Sequence[str]) -> Scores:
        """The word's similarity to the 15 pictures, standardised within them."""
        return standardise(self.table.scores(word_key, list(pictures)))

    # ---------------------------------------------------------------- choosing
    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        phase = view["phase"]
        if phase == "word":
            return {"type": "word", "word": self.choose_word(view, rng)}
        if phase == "select":
            return self.next_mark(view, legal, rng)
        if phase == "announce":
            return {"type": "announce", "picture": self.choose_announcement(view, legal, rng)}
        return legal[0]

    def choose_word(self, view: Mapping[str, Any], rng: Rng) -> int:
        """The word whose closest picture on the table stands out most (its top z-score,
        as this bot reads it)."""
        best, best_value = 0, -np.inf
        for slot, word in enumerate(view["card"]["words"]):
            z = self.scores(word["key"], view["table"])
            value = float(z.max()) + self.habit.noise * 0.3 * rng.gauss(0.0, 1.0)
            if value > best_value:
                best, best_value = slot, value
        return best

    def plan(self, view: Mapping[str, Any], rng: Rng) -> list[int]:
        """This round's marks, surest first: its habit count (± its spread) of its top
        pictures by standardised similarity plus its own noise. Made once a round."""
        key = (view["round"], view["word"]["key"], tuple(view["table"]))
        if key != self._plan_key:
            z = self.scores(view["word"]["key"], view["table"])
            noisy = z + self.habit.noise * np.array([rng.gauss(0.0, 1.0) for _ in z])
            count = self.habit.marks + rng.randint(-self.habit.spread, self.habit.spread)
            count = max(1, min(MAX_MARKS, count))
            order = np.argsort(-noisy, kind="stable")
            self._plan_key = key
            self._plan = [int(p) for p in order[:count]]
            self._sureness = noisy
        return self._plan

    def next_mark(self, view: Mapping[str, Any], legal: list[Action], rng: Rng) -> Action:
        """One step towards the planned board: mark, unmark, then ready."""
        wanted = self.plan(view, rng)
        mine = set(view["marks"])
        for p in wanted:
            if p not in mine:
                return {"type": "mark", "picture": p}
        for p in sorted(mine - set(wanted)):
            return {"type": "unmark", "picture": p}
        return {"type": "ready"}

    def choose_announcement(self, view: Mapping[str, Any], legal: list[Action], rng: Rng) -> int:
        options = [int(a["picture"]) for a in legal]
        key = (view["round"], view["word"]["key"], tuple(view["table"]))
        if key != self._plan_key:  # a bot that joined mid-round: its noiseless reading
            self._plan_key = key
            self._plan = sorted(view["marks"])
            self._sureness = self.scores(view["word"]["key"], view["table"])
        if not self.habit.weighs or len(options) == 1:
            return max(options, key=lambda p: float(self._sureness[p]))
        value = expected_points(view, options, self.scores(view["word"]["key"], view["table"]), rng)
        return max(options, key=lambda p: (value[p], float(self._sureness[p])))


def expected_points(
    view: Mapping[str, Any], options: Sequence[int], z: Scores, rng: Rng
) -> dict[int, float]:
    """For each picture in ``options``, the points the dreamer expects from announcing it
    (3 × P(exactly one other marked it) + 2 × P(two or more)), imagining each other
    player as marking the top of their own noisy reading, consistent with their revealed
    count and with every announcement so far."""
    seat = view["seat"]
    counts = view["counts"] or [0] * view["players"]
    done = {a["position"] for a in view["announced"]}
    open_positions = np.array([p for p in range(TABLE_SIZE) if p not in done], dtype=np.intp)
    gen = np.random.default_rng(rng.getrandbits(32))
    hits = {p: np.zeros(SAMPLES, dtype=np.int64) for p in options}
    for other in range(view["players"]):
        if other == seat or not view["playing"][other]:
            continue
        revealed = sum(
            1 for a in view["announced"] if other in a["markers"] or a["dreamer"] == other
        )
        hidden = counts[other] - revealed
        if hidden <= 0 or not len(open_positions):
            continue
        noisy = z[open_positions] + IMAGINED_NOISE * gen.standard_normal(
            (SAMPLES, len(open_positions))
        )
        top = np.argsort(-noisy, axis=1)[:, :hidden]
        marked = open_positions[top]
        for p in options:
            hits[p] += (marked == p).any(axis=1)
    value = {}
    for p in options:
        exactly_one = float(np.mean(hits[p] == 1))
        several = float(np.mean(hits[p] >= 2))
        value[p] = 3 * exactly_one + 2 * several
    return value


#: The levels (named in ``description.LEVELS``). They differ in habit more than in
#: strength: a careful reader who marks two pictures, and looser readers who mark four,
#: five or six to ten. Tuned on seeds apart from those the benchmark reports
#: (docs/ayozhit.md): one noise for all gave fewer three-sparks; a careful two-marker keeps
#: rounds where every player fails rare, and a generous marker, who gives the others'
#: announcements someone to spark with, keeps them rarer still.
HABITS: Mapping[str, Habit] = MappingProxyType(
    {
        "cautious": Habit(noise=0.4, marks=2),
        "steady": Habit(noise=0.9, marks=4),
        "dreamy": Habit(noise=1.0, marks=5),
        "generous": Habit(noise=1.1, marks=8, spread=2),
    }
)


def _factory(level: str) -> Any:
    def make() -> AssociationBot:
        return AssociationBot(level, HABITS[level])

    return make


BOTS = {level: _factory(level) for level in HABITS}
