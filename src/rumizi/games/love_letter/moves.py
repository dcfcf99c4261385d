"""A player's legal moves for a turn, worked out once when the turn starts.

A move is one legal way to play a card: whom it chooses and, for the Guard, the card it
names. Every move is made once (``known``): one ``Move``, one read-only JSON action and one
public record, each numbered, shared by all the turns that may play it. ``Moves`` keeps a
turn's moves as those shared objects and their numbers as bits, so that accepting an
action is finding its number (by the action object's identity when ``legal`` handed it
out, else by its fields) and checking its bit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from threading import Lock
from typing import Any

from rumizi.engine import FrozenAction

from .cards import IDS, TARGETS_ANOTHER

ActionKey = tuple[object, object, object, int]


@dataclass(frozen=True, slots=True)
class Move:
    """Play ``card`` as ``seat``, choosing ``target`` and, for the Guard, naming ``guess``."""

    seat: int
    card: int
    target: int | None = None
    guess: int | None = None

    def action(self) -> dict[str, Any]:
        """The action as JSON (a new dict)."""
        action: dict[str, Any] = {"card": IDS[self.card]}
        if self.target is not None:
            action["target"] = self.target
        if self.guess is not None:
            action["guess"] = IDS[self.guess]
        return action

    def record(self) -> dict[str, Any]:
        """The public record of the play as it starts (a new dict): who played which card
        on whom, naming what, and ``no_target`` for a card that found nobody to choose."""
        record = {"seat": self.seat, **self.action()}
        if self.target is None and self.card in TARGETS_ANOTHER:
            record["result"] = "no_target"
        return record


def action_key(action: Mapping[str, Any]) -> ActionKey:
    """What identifies an action among the legal ones: its card, target, guess and how
    many fields it has (so that an extra field, even a ``None``, matches nothing)."""
    return (action.get("card"), action.get("target"), action.get("guess"), len(action))


MOVES: list[Move] = []
"""Every move met so far, by its number (a few hundred at most: 41 per seat)."""
ACTIONS: list[FrozenAction] = []
"""Each move's action (read-only, so ``legal`` may hand it out), by number."""
RECORDS: list[dict[str, Any]] = []
"""Each move's public record as the play starts, by number (templates: copy before use)."""
_NUMBERS: dict[Move, int] = {}
_BY_ID: dict[int, int] = {}
"""Each move's number by the identity of its action (kept alive by ``ACTIONS``)."""
_BY_KEY: dict[tuple[int, ActionKey], int] = {}
"""Each move's number by its seat and the key of its action (an action names no seat)."""


_NUMBERING = Lock()
"""Held while a new move is numbered: bots may think in threads, and two numbers for one
move would make an equal action of one of them refused."""


def known(move: Move) -> int:
    """The number of ``move``, made and numbered the first time it is met."""
    number = _NUMBERS.get(move)
    if number is None:
        with _NUMBERING:
            number = _NUMBERS.get(move)
            if number is None:
                number = len(MOVES)
                action = FrozenAction(move.action())
                MOVES.append(move)
                ACTIONS.append(action)
                RECORDS.append(move.record())
                _BY_ID[id(action)] = number
                _BY_KEY[move.seat, action_key(action)] = number
                _NUMBERS[move] = number
    return number


@dataclass(frozen=True, slots=True)
class Moves:
    """A turn's legal moves, sorted by card: the shared ones of ``known``. Never changed."""

    moves: tuple[Move, ...]
    actions: tuple[FrozenAction, ...] = field(init=False)
    """Each move's action, in order (read-only: safe to hand out)."""
    bits: int = field(init=False)
    """Bit ``n`` is set when move number ``n`` is one of these."""

    def __post_init__(self) -> None:
        numbers = [known(move) for move in self.moves]
        object.__setattr__(self, "moves", tuple(MOVES[n] for n in numbers))
        object.__setattr__(self, "actions", tuple(ACTIONS[n] for n in numbers))
        object.__setattr__(self, "bits", sum(1 << n for n in numbers))

    def find(self, action: Mapping[str, Any]) -> int | None:
        """The number of the move ``action`` asks for, or ``None`` when it is none of these."""
        number = _BY_ID.get(id(action))
        if number is not None and self.bits >> number & 1:
            return number
        # an equal action, or one handed out for another seat's move (an action names no seat)
        try:
            number = _BY_KEY.get((self.moves[0].seat, action_key(action)))
        except TypeError:  # an unhashable value: a list or an object is no card or seat
            return None
        if number is None or type(action.get("target", 0)) is not int:  # True is no seat 1
            return None
        return number if self.bits >> number & 1 else None
