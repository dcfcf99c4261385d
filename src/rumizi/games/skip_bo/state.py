"""The state of a Skip-Bo game: flat lists of ints, cheap to copy and fast to read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class SkipBoState:
    """The true state. Every pile keeps its top card at the end of its list."""

    players: int
    stock_size: int
    target: int
    max_rounds: int
    """Rounds after which the game ends whatever the scores (0: no limit)."""
    partner: list[int]
    """Each seat's partner in the team variant; -1 everyone in the solo game."""
    scores: list[int]
    starter: int
    """Who started the current round."""
    round: int = 0
    current: int = -1
    """The seat whose turn it is; -1 once the game is over."""
    turns: int = 0
    """Turns begun in this round (turns skipped for an empty hand included)."""
    played: bool = False
    """The current player has played a card to a building pile this turn."""
    dry: bool = False
    """The current turn began with nothing left to draw."""
    idle: int = 0
    """Consecutive turns that began with nothing to draw and saw no building play (the
    stall: a full cycle of them ends the round)."""
    draw: list[int] = field(default_factory=list)
    segments: list[int] = field(default_factory=list)
    """Sizes of the completed piles put under the draw pile and not yet reached by drawing,
    bottom first: everyone saw which cards they hold, not their order."""
    build: list[list[int]] = field(default_factory=list)
    """The four building piles, bottom first; a pile's value is its length."""
    stocks: list[list[int]] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    discards: list[list[list[int]]] = field(default_factory=list)
    """``discards[seat][pile]``: each player's four discard piles, bottom first."""
    stalls: int = 0
    """Rounds in a row that ended in a stall."""
    last_round: dict[str, Any] | None = None
    """The public result of the previous round."""
    winners: list[int] | None = None
    """The game's winners once it is over (empty: nobody won)."""
    stacked: list[list[int]] = field(default_factory=list)
    """Stacked decks still to be used by coming rounds (top first); hidden from every seat."""

    def copy(self) -> SkipBoState:
        """A deep copy, much faster than ``copy.deepcopy``."""
        return SkipBoState(
            players=self.players,
            stock_size=self.stock_size,
            target=self.target,
            max_rounds=self.max_rounds,
            partner=list(self.partner),
            scores=list(self.scores),
            starter=self.starter,
            round=self.round,
            current=self.current,
            turns=self.turns,
            played=self.played,
            dry=self.dry,
            idle=self.idle,
            stalls=self.stalls,
            draw=list(self.draw),
            segments=list(self.segments),
            build=[list(b) for b in self.build],
            stocks=[list(s) for s in self.stocks],
            hands=[list(h) for h in self.hands],
            discards=[[list(p) for p in seat] for seat in self.discards],
            last_round=None if self.last_round is None else dict(self.last_round),
            winners=None if self.winners is None else list(self.winners),
            stacked=[list(d) for d in self.stacked],
        )

    @property
    def teams(self) -> bool:
        return self.partner[0] >= 0

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats that win (and score) together with ``seat``: itself and its partner."""
        mate = self.partner[seat]
        return (seat,) if mate < 0 else tuple(sorted((seat, mate)))
