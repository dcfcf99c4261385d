"""A player's legal moves for a turn, worked out once when the turn starts.

A move is one legal way to play a card: whom it chooses and, for the Guard, the card it
names. ``Moves`` keeps a turn's moves as read-only JSON actions (``legal`` hands out the
same ones every time) and by the key of their action, so that accepting an action is
looking it up among them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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
    many fields it has (so that an extra field, even a ``None``, matches nothing).
    ``Moves.find`` spells the same key out inline: it runs on every action."""
    return (action.get("card"), action.get("target"), action.get("guess"), len(action))


@dataclass(frozen=True, slots=True)
class Moves:
    """A turn's legal moves, sorted by card. Shared and never changed."""

    moves: tuple[Move, ...]
    actions: tuple[FrozenAction, ...] = field(init=False)
    """Each move's action, in order (read-only: safe to hand out)."""
    records: tuple[dict[str, Any], ...] = field(init=False)
    """Each move's public record as the play starts (templates: copy before use)."""
    _by_key: dict[ActionKey, int] = field(init=False)
    _by_id: dict[int, int] = field(init=False)
    """Each action's index by the identity of the action object (those kept alive by
    ``actions``): one of them handed back is found without reading it."""

    def __post_init__(self) -> None:
        actions = tuple(FrozenAction(move.action()) for move in self.moves)
        object.__setattr__(self, "actions", actions)
        object.__setattr__(self, "records", tuple(move.record() for move in self.moves))
        object.__setattr__(self, "_by_key", {action_key(a): i for i, a in enumerate(actions)})
        object.__setattr__(self, "_by_id", {id(a): i for i, a in enumerate(actions)})

    def find(self, action: Mapping[str, Any]) -> int | None:
        """The index of the move ``action`` asks for, or ``None`` when it is none of them."""
        index = self._by_id.get(id(action))
        if index is not None:
            return index
        get = action.get
        try:
            index = self._by_key.get((get("card"), get("target"), get("guess"), len(action)))
        except TypeError:  # an unhashable value: a list or an object is no card or seat
            return None
        if index is None or type(action.get("target", 0)) is not int:  # True is no seat 1
            return None
        return index
