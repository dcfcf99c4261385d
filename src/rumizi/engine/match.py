"""A Match: one game played from a seed, with its options and its action log.

The log is the save file, the replay and the crash-recovery record:
``Match.replay(game, players, seed, options, log)`` rebuilds the exact position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from .errors import IllegalAction, shown
from .events import Event
from .game import SYSTEM, TIMEOUT, Action, Game, Outcome, is_timeout
from .rng import make_rng


class LogEntry(NamedTuple):
    """One accepted action: who did what. JSON form: ``[seat, action]``."""

    seat: int
    action: Action


class Match:
    """A game in progress: the true state, its random generator and what happened so far."""

    def __init__(
        self, game: Game, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        self._rng = make_rng(seed)
        self.state: Any = game.setup(players, self._rng, self.options)
        self.log: list[LogEntry] = []
        self.events: list[Event] = list(game.opening(self.state))
        """Every event so far: what setup told (the game's ``opening``), then each action's."""

    @classmethod
    def replay(
        cls,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None,
        log: Iterable[Sequence[Any] | Mapping[str, Any]],
    ) -> Match:
        """Rebuild a match from its log: pairs ``[seat, action]`` or ``{"seat", "action"}``."""
        match = cls(game, players, seed, options)
        for entry in log:
            if isinstance(entry, Mapping):
                seat, action = entry["seat"], entry["action"]
            else:
                seat, action = entry
            match.apply(int(seat), dict(action))
        return match

    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    def legal(self, seat: int) -> list[Action]:
        if seat not in self.game.to_act(self.state):
            return []
        return self.game.legal(self.state, seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat``; log it and return its events. Raises ``IllegalAction``."""
        if not isinstance(action, dict):
            raise IllegalAction(f"an action must be a JSON object, not {type(action).__name__}")
        if seat == SYSTEM:
            if not is_timeout(action):
                raise IllegalAction("the only system action is timeout")
            if self.game.deadline(self.state) is None:
                raise IllegalAction("timeout refused: nothing is on the clock now")
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"no seat {shown(seat)} in a {self.players}-player match")
        events = self.game.apply(self.state, seat, action, self._rng)
        self.log.append(LogEntry(seat, dict(action)))
        self.events.extend(events)
        return events

    def timeout(self) -> list[Event]:
        """The host's clock ran out for the current phase: apply the system ``timeout``."""
        return self.apply(SYSTEM, dict(TIMEOUT))

    def deadline(self) -> float | None:
        return self.game.deadline(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """The events from index ``since`` on that ``seat`` may see."""
        return [e for e in self.events[since:] if e.visible_to(seat)]

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None
