"""The state of a Love Letter game: plain lists and ints, copied cheaply."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .moves import Moves


@dataclass(slots=True)
class LoveLetterState:
    """The true state. Cards are values 1–8; ``deck`` has its top card at the end."""

    players: int
    tokens_to_win: int
    tokens: list[int]
    starter: int
    """Who started the current round."""
    round: int = 0
    current: int = -1
    """The seat whose turn it is; -1 once the game is over."""
    deck: list[int] = field(default_factory=list)
    set_aside: int | None = None
    """The face-down card removed at setup; ``None`` once a Prince made someone take it."""
    face_up: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    discards: list[list[int]] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    protected: list[bool] = field(default_factory=list)
    known: list[list[int]] = field(default_factory=list)
    """``known[s][p]``: the card seat s knows p holds now (0: unknown). Private to s."""
    not_holding: list[set[int]] = field(default_factory=list)
    """Cards each seat is publicly known not to hold (a Guard named it and missed)."""
    notes: list[list[dict[str, Any]]] = field(default_factory=list)
    """What each seat alone saw this round (peeks, comparisons, trades): private to it."""
    history: list[dict[str, Any]] = field(default_factory=list)
    """The public record of this round's plays."""
    last_round: dict[str, Any] | None = None
    """The public result of the previous round (winners, hands revealed)."""
    winners: list[int] | None = None
    """The game's winners once it is over."""
    stacked: list[list[int]] = field(default_factory=list)
    """Stacked decks (top first) still to be used by coming rounds; hidden from every seat."""
    moves: Moves | None = None
    """The current player's legal moves, worked out when the turn starts (shared, never
    changed). Change a hand or a player's protection only through the rules."""

    def copy(self) -> LoveLetterState:
        """A deep copy, much faster than ``copy.deepcopy``."""
        return LoveLetterState(
            players=self.players,
            tokens_to_win=self.tokens_to_win,
            tokens=list(self.tokens),
            starter=self.starter,
            round=self.round,
            current=self.current,
            deck=list(self.deck),
            set_aside=self.set_aside,
            face_up=list(self.face_up),
            hands=[list(h) for h in self.hands],
            discards=[list(d) for d in self.discards],
            out=list(self.out),
            protected=list(self.protected),
            known=[list(k) for k in self.known],
            not_holding=[set(n) for n in self.not_holding],
            notes=[[dict(n) for n in seat_notes] for seat_notes in self.notes],
            history=[dict(h) for h in self.history],
            last_round=None if self.last_round is None else dict(self.last_round),
            winners=None if self.winners is None else list(self.winners),
            stacked=[list(d) for d in self.stacked],
            moves=self.moves,
        )

    def alive(self) -> list[int]:
        """The seats still in the round."""
        return [p for p in range(self.players) if not self.out[p]]
