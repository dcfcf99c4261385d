"""A tiny two-seat game with a clock, for the server's clock tests (registered only there).

Seats take turns saying a number; each turn has ``turn_seconds`` (option, default 0.3).
When the time runs out the turn passes to the other seat. The game ends after ``moves``
numbers (option, default 4). Seat views show a private secret the other may not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rumizi.engine import BaseGame, Event, IllegalAction, Outcome, Rng, is_timeout, private, public
from rumizi.engine.description import Description, OptionSpec

TEXT = {"fa": "آزمون ساعت", "en": "Clock test"}
DESCRIPTION = Description(
    id="test-clock",
    title=TEXT,
    pitch=TEXT,
    length=TEXT,
    min_players=2,
    max_players=2,
    options=(
        OptionSpec("turn_seconds", "seconds", TEXT, TEXT, minimum=0.01, maximum=60, nullable=True),
        OptionSpec("moves", "int", TEXT, TEXT, default=4, minimum=1, maximum=100),
    ),
    solo_seats=2,
    solo_level="random",
    clocks=True,
)


@dataclass
class ClockState:
    players: int
    turn_seconds: float | None
    moves: int
    secrets: list[int] = field(default_factory=list)
    said: list[int] = field(default_factory=list)
    current: int = 0
    timeouts: int = 0


class ClockGame(BaseGame):
    description = DESCRIPTION
    id = DESCRIPTION.id
    title = DESCRIPTION.title
    min_players = DESCRIPTION.min_players
    max_players = DESCRIPTION.max_players

    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> ClockState:
        self.check_setup(players, options)
        return ClockState(
            players=players,
            turn_seconds=options.get("turn_seconds", 0.3),
            moves=int(options.get("moves", 4)),
            secrets=[rng.randrange(1000) for _ in range(players)],
        )

    def to_act(self, state: ClockState) -> frozenset[int]:
        return frozenset() if len(state.said) >= state.moves else frozenset({state.current})

    def legal(self, state: ClockState, seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        return [{"say": n} for n in (1, 2, 3)]

    def apply(self, state: ClockState, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
        if seat == -1 and is_timeout(action):
            timed_out = state.current
            state.timeouts += 1
            state.current = 1 - state.current
            return [public("timed_out", seat=timed_out)]
        if seat not in self.to_act(state):
            raise self.not_your_turn(state, seat)
        if action not in self.legal(state, seat):
            raise IllegalAction("say 1, 2 or 3")
        state.said.append(action["say"])
        state.current = 1 - state.current
        return [public("said", seat=seat, n=action["say"]), private((seat,), "note", n=seat)]

    def view(self, state: ClockState, seat: int | None) -> dict[str, Any]:
        return {
            "seat": seat,
            "said": list(state.said),
            "turn": state.current,
            "timeouts": state.timeouts,
            "secret": None if seat is None else state.secrets[seat],
        }

    def outcome(self, state: ClockState) -> Outcome | None:
        if len(state.said) < state.moves:
            return None
        return Outcome.from_scores([0.0, 0.0])

    def determinize(self, state: ClockState, seat: int, rng: Rng) -> ClockState:
        world = ClockState(**{**state.__dict__, "secrets": list(state.secrets)})
        world.secrets[1 - seat] = rng.randrange(1000)
        return world

    def deadline(self, state: ClockState) -> float | None:
        return None if len(state.said) >= state.moves else state.turn_seconds


GAME = ClockGame()
