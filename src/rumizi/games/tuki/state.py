"""The state of a Tuki game: plain lists, dicts and ints, copied cheaply."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BUILD, OVER = "build", "over"
"""The phases: everyone builds (the round's clock runs), the game is over."""

Spot = tuple[str, int, int, int]
"""Where a builder put a piece: its axis and its lowest cell (x, y, z)."""


@dataclass(slots=True)
class TukiState:
    """The true state. Only the order of ``deck`` is hidden: everything else is on the
    table for all to see (the builds too, as at a real table)."""

    players: int
    level: str
    round_seconds: float | None
    """The round's clock; ``None``: untimed (practice)."""
    deck: list[str]
    """The face-down cards, top last. Its order is the only secret of the game."""
    dice: list[tuple[str, str]]
    """Stacked die rolls (animal, rule) still to come, next first (tests, tutorials)."""
    taken: list[list[str]]
    """The cards each player has taken (fewer is better)."""
    round_no: int = 0
    scout: int = 0
    previous_scout: int | None = None
    card: str = ""
    animal: str = ""
    rule: str = "plain"
    turn: int = 0
    builders: list[int] = field(default_factory=list)
    builds: list[dict[str, Spot]] = field(default_factory=list)
    """Each seat's build: piece → where it lies, in the order the pieces were put down."""
    falls: list[list[dict[str, Any]]] = field(default_factory=list)
    """Each seat's live statics: why its build falls, as problems (catalogue message
    references, see ``matching.problem``; empty when it stands)."""
    done: list[int] = field(default_factory=list)
    """The builders who declared, in the order they did."""
    final: bool = False
    """The final round (3–4 players): the first correct build wins."""
    out: list[int] = field(default_factory=list)
    """Final round: builders whose declared build was wrong."""
    practice: bool = False
    """Practice: one player, no clock, hints; a correct build keeps the card."""
    hints: list[list[Any]] = field(default_factory=list)
    """Practice: the snow blocks of the witness shown so far this round."""
    phase: str = BUILD
    last: dict[str, Any] | None = None
    """The public result of the last round: the builds' verdicts and who took the card."""
    winners: list[int] | None = None

    def copy(self) -> TukiState:
        """A deep copy, much faster than ``copy.deepcopy``."""
        return TukiState(
            players=self.players,
            level=self.level,
            round_seconds=self.round_seconds,
            deck=list(self.deck),
            dice=list(self.dice),
            taken=[list(t) for t in self.taken],
            round_no=self.round_no,
            scout=self.scout,
            previous_scout=self.previous_scout,
            card=self.card,
            animal=self.animal,
            rule=self.rule,
            turn=self.turn,
            builders=list(self.builders),
            builds=[dict(b) for b in self.builds],
            falls=json_copy(self.falls),
            done=list(self.done),
            final=self.final,
            out=list(self.out),
            practice=self.practice,
            hints=[list(h) for h in self.hints],
            phase=self.phase,
            last=None if self.last is None else json_copy(self.last),
            winners=None if self.winners is None else list(self.winners),
        )

    def building(self) -> list[int]:
        """The builders still building: not declared, not out."""
        return [s for s in self.builders if s not in self.done and s not in self.out]


def json_copy(data: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, scalars) that shares nothing with it."""
    if isinstance(data, dict):
        return {k: json_copy(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [json_copy(v) for v in data]
    return data
