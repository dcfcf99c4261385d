"""A rough simulation of Ayozhit rounds with simple similarity bots.

Not the game on the engine (that comes later): it plays only the parts of a round that
decide how often sparks and failures happen, following ``rules/ayozhit.md``: 15 pictures,
a word card whose first dreamer picks one of the two words, secret marking (1-10 pictures
each), announcing clockwise from the first dreamer until everyone has failed or nobody has
an unannounced mark, and scoring with the dreamt-deep penalty.

A bot ranks the 15 pictures on the table by the averaged similarity row, standardised
within those 15 (the table's values are compressed and only comparable within a row), adds
its own Gaussian noise, and marks its top few; how many is its marking habit. It announces
its marks from the one it is surest of to the one it is least sure of, so the picture it
may fail on comes last. Identical noiseless bots mark identical sets and so never score a
three-spark; noise and habits are what make the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from rumizi.games.ayozhit.content import Picture, WordCard
from rumizi.games.ayozhit.similarity import SimilarityTable

TABLE_SIZE = 15
MAX_MARKS = 10


@dataclass(frozen=True)
class BotProfile:
    """A bot's character: how noisy its sense of the word is (in standard deviations of
    the 15 similarities) and how many pictures it usually marks."""

    noise: float = 0.7
    marks: int = 3

    def __post_init__(self) -> None:
        if self.noise < 0:
            raise ValueError("noise must be at least 0")
        if not 1 <= self.marks <= MAX_MARKS:
            raise ValueError(f"marks must be between 1 and {MAX_MARKS}")


def standardise(row: NDArray[np.floating]) -> NDArray[np.float64]:
    """Similarities of the pictures on the table as z-scores within those pictures."""
    values: NDArray[np.float64] = np.asarray(row, dtype=np.float64)
    spread = float(values.std())
    out: NDArray[np.float64] = (values - values.mean()) / (spread if spread > 1e-9 else 1.0)
    return out


def mark(scores: NDArray[np.float64], profile: BotProfile, rng: np.random.Generator) -> list[int]:
    """A bot's marks, surest first: its habit count (±1 at random, jitter only when it
    is noisy) of its top pictures by standardised similarity plus its noise."""
    noisy = scores + profile.noise * rng.standard_normal(scores.shape)
    count = profile.marks
    if profile.noise > 0:
        count += int(rng.integers(-1, 2))
    count = max(1, min(MAX_MARKS, count, len(scores)))
    order = np.argsort(-noisy, kind="stable")
    return [int(i) for i in order[:count]]


@dataclass
class RoundResult:
    announcements: int = 0
    three_sparks: int = 0
    two_sparks: int = 0
    fails: int = 0
    all_failed: bool = False
    scores: list[int] = field(default_factory=list)


def play_round(marks: Sequence[Sequence[int]], first: int = 0) -> RoundResult:
    """Announce and score one round from every player's marks (each surest first)."""
    n = len(marks)
    marked = [set(m) for m in marks]
    queue = [list(m) for m in marks]
    failed = [False] * n
    sparks: list[list[int]] = [[] for _ in range(n)]
    announced: set[int] = set()
    result = RoundResult()

    def able(seat: int) -> bool:
        return not failed[seat] and any(p not in announced for p in queue[seat])

    seat = first
    while any(able(s) for s in range(n)):
        while not able(seat):
            seat = (seat + 1) % n
        picture = next(p for p in queue[seat] if p not in announced)
        announced.add(picture)
        result.announcements += 1
        others = [s for s in range(n) if s != seat and picture in marked[s]]
        if not others:
            failed[seat] = True
            result.fails += 1
        else:
            value = 3 if len(others) == 1 else 2
            if value == 3:
                result.three_sparks += 1
            else:
                result.two_sparks += 1
            for s in (seat, *others):
                if not failed[s]:
                    sparks[s].append(value)
        seat = (seat + 1) % n

    counts = [len(m) for m in marks]
    most = max(counts)
    deep = counts.index(most) if counts.count(most) == 1 else None
    for s in range(n):
        penalty = 1 if s == deep and failed[s] else 0
        result.scores.append(sum(v - penalty for v in sparks[s]))
    result.all_failed = all(failed)
    return result


@dataclass(frozen=True)
class SimStats:
    rounds: int
    players: int
    announcements: int
    three_sparks: int
    two_sparks: int
    fails: int
    all_failed_rounds: int
    mean_round_score: float

    @property
    def three_spark_share(self) -> float:
        return self.three_sparks / self.announcements if self.announcements else 0.0

    @property
    def fail_share(self) -> float:
        return self.fails / self.announcements if self.announcements else 0.0

    @property
    def all_failed_share(self) -> float:
        return self.all_failed_rounds / self.rounds if self.rounds else 0.0


#: Bots for 3-6 seats, in seat order: different marking habits (a cautious player who
#: marks one picture, a generous one who marks five) are what make pictures that exactly
#: two players marked, and so three-sparks; noise is how loosely each reads the word.
DEFAULT_PROFILES: tuple[BotProfile, ...] = (
    BotProfile(noise=0.55, marks=1),
    BotProfile(noise=0.75, marks=4),
    BotProfile(noise=0.65, marks=2),
    BotProfile(noise=0.65, marks=5),
    BotProfile(noise=0.7, marks=3),
    BotProfile(noise=0.8, marks=2),
)


def choose_word(card: WordCard, table: SimilarityTable, columns: Sequence[str]) -> str:
    """The first dreamer's pick: the word whose closest picture on the table stands out
    most from the rest (its top z-score)."""
    best = max(card.words, key=lambda w: float(standardise(table.scores(w.key, columns)).max()))
    return best.key


def simulate(
    table: SimilarityTable,
    pictures: Sequence[Picture],
    cards: Sequence[WordCard],
    rounds: int = 1000,
    players: int = 4,
    profiles: Sequence[BotProfile] | None = None,
    seed: int = 0,
) -> SimStats:
    """Play ``rounds`` independent rounds (fresh 15 pictures and word card each) and count."""
    if not 3 <= players <= 6:
        raise ValueError("Ayozhit is for 3-6 players")
    bots = list(profiles if profiles is not None else DEFAULT_PROFILES[:players])
    if len(bots) != players:
        raise ValueError(f"need {players} bot profiles, got {len(bots)}")
    rng = np.random.default_rng(seed)
    ids = [p.id for p in pictures]
    totals = RoundResult()
    all_failed = 0
    score_sum = 0
    for index in range(rounds):
        columns = [ids[i] for i in rng.choice(len(ids), size=TABLE_SIZE, replace=False)]
        card = cards[int(rng.integers(len(cards)))]
        word = choose_word(card, table, columns)
        scores = standardise(table.scores(word, columns))
        marks = [mark(scores, bot, rng) for bot in bots]
        result = play_round(marks, first=index % players)
        totals.announcements += result.announcements
        totals.three_sparks += result.three_sparks
        totals.two_sparks += result.two_sparks
        totals.fails += result.fails
        all_failed += result.all_failed
        score_sum += sum(result.scores)
    return SimStats(
        rounds=rounds,
        players=players,
        announcements=totals.announcements,
        three_sparks=totals.three_sparks,
        two_sparks=totals.two_sparks,
        fails=totals.fails,
        all_failed_rounds=all_failed,
        mean_round_score=score_sum / (rounds * players) if rounds else 0.0,
    )
