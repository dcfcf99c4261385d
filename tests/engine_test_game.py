"""A tiny simultaneous game with a clock, to test what Love Letter does not use.

Each of 3 rounds, every seat secretly picks 1, 2 or 3 at once; when all have picked, or
the clock runs out (a seat that did not pick scores nothing), the picks are revealed and
the highest pick that nobody else made scores that many points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rumizi.engine import (
    SYSTEM,
    Action,
    BadOptions,
    BaseGame,
    Event,
    IllegalAction,
    Outcome,
    Rng,
    is_timeout,
    private,
    public,
)


@dataclass
class PickState:
    players: int
    seconds: float | None
    round: int = 1
    picks: list[int | None] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    over: bool = False

    def copy(self) -> PickState:
        return PickState(
            self.players, self.seconds, self.round, list(self.picks), list(self.scores), self.over
        )


class HighestUnique(BaseGame):
    id = "highest-unique"
    title = {"en": "Highest unique", "fa": "بزرگ‌ترینِ یکتا"}  # noqa: RUF012
    min_players = 2
    max_players = 4
    options_known = frozenset({"seconds"})

    def setup(self, players: int, rng: Rng, options: dict[str, Any]) -> PickState:
        self.check_setup(players, options)
        seconds = options.get("seconds", 10)
        if seconds is not None and (not isinstance(seconds, int | float) or seconds <= 0):
            raise BadOptions("seconds must be a positive number or null")
        return PickState(players, seconds, picks=[None] * players, scores=[0] * players)

    def to_act(self, state: PickState) -> frozenset[int]:
        if state.over:
            return frozenset()
        return frozenset(p for p in range(state.players) if state.picks[p] is None)

    def legal(self, state: PickState, seat: int) -> list[Action]:
        return [{"pick": n} for n in (1, 2, 3)] if seat in self.to_act(state) else []

    def deadline(self, state: PickState) -> float | None:
        return None if state.over else state.seconds

    def apply(self, state: PickState, seat: int, action: Action, rng: Rng) -> list[Event]:
        if seat == SYSTEM and is_timeout(action):
            return self._reveal(state, [public("timeout", round=state.round)])
        if seat not in self.to_act(state):
            raise self.not_your_turn(state, seat)
        if action not in self.legal(state, seat):
            raise IllegalAction("pick 1, 2 or 3")
        state.picks[seat] = action["pick"]
        events = [public("picked", seat=seat), private((seat,), "my_pick", pick=action["pick"])]
        if all(p is not None for p in state.picks):
            events = self._reveal(state, events)
        return events

    def _reveal(self, state: PickState, events: list[Event]) -> list[Event]:
        made = [p for p in state.picks if p is not None]
        unique = [p for p in made if made.count(p) == 1]
        if unique:
            best = max(unique)
            state.scores[state.picks.index(best)] += best
        events.append(public("revealed", round=state.round, picks=list(state.picks)))
        state.round += 1
        state.picks = [None] * state.players
        state.over = state.round > 3
        return events

    def view(self, state: PickState, seat: int | None) -> dict[str, Any]:
        return {
            "round": state.round,
            "scores": list(state.scores),
            "picked": [p is not None for p in state.picks],
            "mine": None if seat is None else state.picks[seat],
        }

    def outcome(self, state: PickState) -> Outcome | None:
        return Outcome.from_scores(state.scores) if state.over else None

    def determinize(self, state: PickState, seat: int, rng: Rng) -> PickState:
        world = state.copy()
        world.picks = [
            p if p is None or i == seat else rng.choice((1, 2, 3))
            for i, p in enumerate(world.picks)
        ]
        return world


GAME = HighestUnique()
