"""The toy game's rules: two seats take turns saying one or two more than the count; who
says the last number wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from rumizi.engine import Action, BaseGame, Event, IllegalAction, Outcome, Rng, public

from .description import DESCRIPTION


@dataclass
class CountState:
    target: int
    count: int = 0
    turn: int = 0
    winner: int | None = None


class CountTo(BaseGame):
    description = DESCRIPTION

    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> CountState:
        return CountState(self.check_setup(players, options)["target"])

    def to_act(self, state: CountState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.turn})

    def legal(self, state: CountState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [{"say": n} for n in (state.count + 1, state.count + 2) if n <= state.target]

    def apply(self, state: CountState, seat: int, action: Action, rng: Rng) -> list[Event]:
        self.is_timeout_now(state, seat, action)  # no clock: a timeout is refused
        if action not in self.legal(state, seat):
            raise IllegalAction("say one or two more than the count, up to the last number")
        state.count = action["say"]
        events = [public("said", seat=seat, n=state.count)]
        if state.count == state.target:
            state.winner = seat
            events.append(public("won", seat=seat))
        else:
            state.turn = 1 - seat
        return events

    def view(self, state: CountState, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "count": state.count, "target": state.target, "turn": state.turn}

    def outcome(self, state: CountState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome.from_scores([float(s == state.winner) for s in (0, 1)])

    def determinize(self, state: CountState, seat: int, rng: Rng) -> CountState:
        return replace(state)  # nothing is hidden


GAME = CountTo()
