"""The Game contract: a stateless object of small functions over a state it defines.

A game never does I/O and never reads the clock. The host (a ``Match``, the server, the
CLI) owns the state, the random generator and the time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeAlias, runtime_checkable

from .description import Description
from .errors import BadOptions, IllegalAction, shown
from .events import Event
from .rng import Rng

Action: TypeAlias = dict[str, Any]
"""A JSON object: what a seat does, e.g. ``{"card": "guard", "target": 2, "guess": "priest"}``."""

SYSTEM: Final = -1
"""The pseudo-seat of the host. Its only action is ``TIMEOUT``."""

TIMEOUT: Final[Mapping[str, str]] = {"type": "timeout"}
"""The system action applied by the host when a game's deadline has passed."""


def is_timeout(action: Mapping[str, Any]) -> bool:
    return action.get("type") == "timeout" and len(action) == 1


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. Seats are indices; ``ranks[i]`` is 1 for the winners."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]

    @classmethod
    def from_scores(cls, scores: Sequence[float], winners: Sequence[int] | None = None) -> Outcome:
        """Rank seats by score (equal scores share a rank); winners default to the top score."""
        top = max(scores)
        won = (
            tuple(sorted(winners))
            if winners is not None
            else tuple(i for i, s in enumerate(scores) if s == top)
        )
        ranks = tuple(
            1
            if i in won
            else 1 + len(won) + sum(1 for j, t in enumerate(scores) if t > s and j not in won)
            for i, s in enumerate(scores)
        )
        return cls(tuple(scores), won, ranks)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranks": list(self.ranks),
        }


Retelling: TypeAlias = Callable[[Sequence[Mapping[str, Any]]], list[dict[str, Any] | None]]
"""A game's ``retell(events)``: each event as told to a seat that was not listening (the
same, a shorter copy, or ``None`` to leave it out)."""


@runtime_checkable
class Game(Protocol):
    """What every game provides. See docs/engine.md for the meaning of each function."""

    id: str
    title: Mapping[str, str]
    min_players: int
    max_players: int

    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> Any:
        """A new state; raises ``BadOptions`` for a player count or options it does not accept."""

    def to_act(self, state: Any) -> frozenset[int]:
        """The seats that may act now: several in a simultaneous phase, none when it is over."""

    def legal(self, state: Any, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it may not act)."""

    def apply(self, state: Any, seat: int, action: Action, rng: Rng) -> list[Event]:
        """Carry out ``action``, mutating ``state``; ``IllegalAction`` leaves it unchanged."""

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Exactly what ``seat`` (``None``: a spectator) may see, as JSON-able data."""

    def outcome(self, state: Any) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        """A new full state consistent with all ``seat`` knows, hidden parts resampled."""

    def deadline(self, state: Any) -> float | None:
        """Seconds the current phase may last from its start, or ``None`` for no clock."""

    def opening(self, state: Any) -> list[Event]:
        """What the setup itself tells, before any action (``BaseGame``: nothing)."""

    @property
    def phase(self) -> Callable[[Any], Hashable] | None:
        """The hook naming the current timed phase, or ``None`` (see ``BaseGame.phase``)."""

    @property
    def retell(self) -> Retelling | None:
        """The hook retelling history to a seat, or ``None`` (see ``BaseGame.retell``)."""


class BaseGame:
    """Defaults shared by the games: its name and player counts from its description,
    player-count and option checks, no clock, and the optional hooks' defaults.

    A game with a ``description`` takes its ``id``, ``title``, ``min_players`` and
    ``max_players`` from it (said once, there) and has its options checked against that
    schema; a game without one (small test games) sets those itself and lists the option
    names it takes in ``options_known``.
    """

    id: str = ""
    title: Mapping[str, str] = {}
    min_players: int = 2
    max_players: int = 2
    description: Description | None = None
    options_known: frozenset[str] = frozenset()

    phase: Callable[[Any], Hashable] | None = None
    """``phase(state)`` names the current timed phase: a host restarts its clock when it
    changes. ``None`` (the default): the game names none, and hosts infer its phases from
    ``deadline`` and ``to_act``."""

    retell: Retelling | None = None
    """``retell(events)``: what a seat that was not listening (a reload, a new spectator)
    is told of the events it may see. ``None`` (the default): they are told as they were,
    and a replay of a match in play may show every past position."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        described = cls.description
        if described is not None:
            cls.id = described.id
            cls.title = described.title
            cls.min_players = described.min_players
            cls.max_players = described.max_players

    def check_setup(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Raise ``BadOptions`` for a player count or option this game does not take.

        Returns the options, with the description's defaults filled in when it has one.
        """
        if self.description is not None:
            return self.description.validate(options, players)
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"players must be a whole number, not {shown(players)}")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.id} is for {self.min_players}–{self.max_players} players, not {players}"
            )
        if not isinstance(options, Mapping):
            raise BadOptions("options must be a JSON object")
        unknown = sorted(set(options) - self.options_known)
        if unknown:
            known = ", ".join(sorted(self.options_known)) or "none"
            raise BadOptions(
                f"unknown option(s) for {self.id}: {', '.join(unknown)} (known: {known})"
            )
        return dict(options)

    def deadline(self, state: Any) -> float | None:
        return None

    def opening(self, state: Any) -> list[Event]:
        """The events of the setup itself (a first deal), told before any action: none."""
        return []

    def not_your_turn(self, state: Any, seat: int) -> IllegalAction:
        """The error for a seat that may not act now."""
        waiting = sorted(self.to_act(state))
        if not waiting:
            return IllegalAction("the game is over: no more actions are accepted")
        who = ", ".join(f"seat {s}" for s in waiting)
        return IllegalAction(f"seat {seat} cannot act now: waiting for {who}")

    def is_timeout_now(self, state: Any, seat: int, action: Any) -> bool:
        """The checks every action shares, said once: a JSON object, from a seat that may act
        now; or, from ``SYSTEM``, the timeout while a clock runs (then True). Anything else
        raises ``IllegalAction`` with the reason."""
        if not isinstance(action, Mapping):
            raise IllegalAction("an action must be a JSON object")
        if seat == SYSTEM:
            if not is_timeout(action):
                raise IllegalAction("the only system action is timeout")
            if self.deadline(state) is None:
                raise IllegalAction("timeout refused: nothing is on the clock now")
            return True
        if seat not in self.to_act(state):
            raise self.not_your_turn(state, seat)
        return False

    def to_act(self, state: Any) -> frozenset[int]:  # pragma: no cover - every game defines it
        raise NotImplementedError
