"""The state of an Ayozhit game: plain lists and ints, copied cheaply."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

WORD, SELECT, ANNOUNCE, OVER = "word", "select", "announce", "over"
"""The phases: the first dreamer chooses the word; everyone marks in secret; dreamers
announce in turn; the end. Counting and scoring happen between phases, by themselves."""

ROWS, COLUMNS = 3, 5
TABLE_SIZE = ROWS * COLUMNS
ROUNDS = 4
MAX_MARKS = 10


@dataclass(slots=True)
class AyozhitState:
    """The true state. Pictures and word cards are indices into the decks of ``cards``;
    ``deck`` and ``words`` have their top card last; marks are table positions 0–14
    (row by row from the top left).

    No seat ever sees another's ``marks`` except, for an announced picture, who marked it.
    """

    players: int
    select_seconds: float | None
    """How long the secret marking may last; ``None``: until everyone is ready."""
    tiebreak: bool
    """Whether a tie after round 4 is broken by one extra round among the tied players."""
    scores: list[int]
    first: int
    """The first dreamer of the current round (holder of the first-dreamer marker)."""
    table: list[int] = field(default_factory=list)
    """The 15 pictures, by position: row 0 is 0–4, row 1 is 5–9, row 2 is 10–14."""
    deck: list[int] = field(default_factory=list)
    words: list[int] = field(default_factory=list)
    round: int = 0
    tiebreak_round: bool = False
    phase: str = WORD
    card: int = -1
    """The round's word card."""
    word: int | None = None
    """Which of its two words the first dreamer chose (0 or 1)."""
    playing: list[bool] = field(default_factory=list)
    """Who takes part in this round (everyone, except in a tie-break round)."""
    marks: list[list[int]] = field(default_factory=list)
    """Each player's secret board: the positions they marked, in increasing order."""
    ready: list[bool] = field(default_factory=list)
    counts: list[int] | None = None
    """How many pictures each player marked; public from the counting on."""
    deep: int | None = None
    """The dreamt-deep player of this round (the single player with most marks)."""
    failed: list[bool] = field(default_factory=list)
    dreamer: int = -1
    announced: list[dict[str, Any]] = field(default_factory=list)
    """This round's announcements: position, picture, dreamer, markers, result, points."""
    sparks: list[list[int]] = field(default_factory=list)
    """The sparks (3 or 2) each player scored this round."""
    last_round: dict[str, Any] | None = None
    """The public summary of the previous round."""
    clock_phase: int = 0
    """Counts the timed phases begun so far; hosts restart their clock when it changes."""
    winners: list[int] | None = None

    def copy(self) -> AyozhitState:
        """A deep copy, much faster than ``copy.deepcopy``."""
        return AyozhitState(
            players=self.players,
            select_seconds=self.select_seconds,
            tiebreak=self.tiebreak,
            scores=list(self.scores),
            first=self.first,
            table=list(self.table),
            deck=list(self.deck),
            words=list(self.words),
            round=self.round,
            tiebreak_round=self.tiebreak_round,
            phase=self.phase,
            card=self.card,
            word=self.word,
            playing=list(self.playing),
            marks=[list(m) for m in self.marks],
            ready=list(self.ready),
            counts=None if self.counts is None else list(self.counts),
            deep=self.deep,
            failed=list(self.failed),
            dreamer=self.dreamer,
            announced=[_copy_announcement(a) for a in self.announced],
            sparks=[list(s) for s in self.sparks],
            last_round=None if self.last_round is None else _copy_deep(self.last_round),
            clock_phase=self.clock_phase,
            winners=None if self.winners is None else list(self.winners),
        )

    def announced_positions(self) -> set[int]:
        """The pictures turned face down this round."""
        return {a["position"] for a in self.announced}

    def can_announce(self, seat: int) -> bool:
        """Still able to announce: playing, not failed, with an unannounced marked picture."""
        if not self.playing[seat] or self.failed[seat]:
            return False
        done = self.announced_positions()
        return any(p not in done for p in self.marks[seat])


def _copy_announcement(record: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in record.items()}


def _copy_deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_deep(v) for v in value]
    return value
