"""The state of an Ugha Bugha game: plain lists and ints, copied cheaply."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FLIP, RECITE, WINDOW, OVER = "flip", "recite", "window", "over"
"""The phases: flip a card, recite the chain (and close it), the "Ho!" window, the end."""


@dataclass(slots=True)
class UghaBughaState:
    """The true state. Cards are numbers (see ``cards``); ``deck`` has its top card last.

    Nothing here but the counts, the top of ``pile`` and the public results is ever shown
    to a seat: the chain below the top card lives only in ``pile`` and ``recited``.
    """

    players: int
    hand_size: int
    tokens_to_win: int
    variant: str
    """``referee`` (the system checks at once) or ``challenges`` (players call "Ho!")."""
    turn_base: float | None
    """Seconds of a turn before the per-card part; ``None``: turns are not timed."""
    turn_per_card: float
    window_seconds: float | None
    """How long the "Ho!" window stays open; ``None``: until every other player passed."""
    tokens: list[int]
    hands: list[list[int]] = field(default_factory=list)
    """Each player's face-down cards, by position. Nobody sees them, not even their owner."""
    deck: list[int] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)
    """The centre pile, bottom first: the chain. Only its last card is ever shown."""
    set_aside: list[int] = field(default_factory=list)
    phase: str = FLIP
    current: int = -1
    """The reciter: the seat whose turn it is (or whose recitation the window is about)."""
    pointed_by: int | None = None
    """Who pointed at the reciter ("Ha!"); ``None`` for the first link of a chain."""
    recited: list[int] = field(default_factory=list)
    """The items the reciter has said this turn (heard by all, never shown in a view)."""
    call: str | None = None
    """The reciter's closing word during the window: ``ha`` or ``ugha_bugha``."""
    point: int | None = None
    """Whom the reciter pointed at with "Ha!" (during the window)."""
    passed: list[bool] = field(default_factory=list)
    """In the window: who let the recitation pass."""
    chain_no: int = 0
    clock_phase: int = 0
    """Counts the timed phases begun so far; hosts restart their clock when it changes."""
    last: dict[str, Any] | None = None
    """The public result of the last chain: who won or lost it and why."""
    winners: list[int] | None = None

    def copy(self) -> UghaBughaState:
        """A deep copy, much faster than ``copy.deepcopy``."""
        return UghaBughaState(
            players=self.players,
            hand_size=self.hand_size,
            tokens_to_win=self.tokens_to_win,
            variant=self.variant,
            turn_base=self.turn_base,
            turn_per_card=self.turn_per_card,
            window_seconds=self.window_seconds,
            tokens=list(self.tokens),
            hands=[list(h) for h in self.hands],
            deck=list(self.deck),
            pile=list(self.pile),
            set_aside=list(self.set_aside),
            phase=self.phase,
            current=self.current,
            pointed_by=self.pointed_by,
            recited=list(self.recited),
            call=self.call,
            point=self.point,
            passed=list(self.passed),
            chain_no=self.chain_no,
            clock_phase=self.clock_phase,
            last=None if self.last is None else dict(self.last),
            winners=None if self.winners is None else list(self.winners),
        )

    def others(self, seat: int) -> list[int]:
        return [p for p in range(self.players) if p != seat]
