"""The load benchmarks' game, "bench-tally": two seats take turns saying the next number.

Registered only in the servers the benchmarks start (never listed by a real server). An
action that is not exactly the next number is illegal, so a duplicate could never be
applied. Each action makes a public event and a private one, and the game has a text
catalogue (``texts``) like every real game, so a move costs what a real game's
telling costs: catalogue references for each seat, with "you" for the mover.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rumizi.engine import BaseGame, Event, IllegalAction, Outcome, Rng, private, public

GAME_ID = "bench-tally"


class TallyGame(BaseGame):
    """Two seats take turns saying the next number, up to ``moves`` (option, default 200)."""

    id = GAME_ID
    min_players = 2
    max_players = 2
    options_known = frozenset({"moves"})

    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> list[int]:
        self.check_setup(players, options)
        return [0, int(options.get("moves", 200))]  # [count, moves]

    def to_act(self, state: list[int]) -> frozenset[int]:
        return frozenset() if state[0] >= state[1] else frozenset({state[0] % 2})

    def legal(self, state: list[int], seat: int) -> list[dict[str, Any]]:
        return [{"n": state[0] + 1}] if seat in self.to_act(state) else []

    def apply(self, state: list[int], seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
        if seat not in self.to_act(state):
            raise self.not_your_turn(state, seat)
        if action != {"n": state[0] + 1}:
            raise IllegalAction(f"say {state[0] + 1}")
        state[0] += 1
        return [public("said", seat=seat, n=state[0]), private((seat,), "noted", n=state[0])]

    def view(self, state: list[int], seat: int | None) -> dict[str, Any]:
        return {"count": state[0], "moves": state[1]}

    def outcome(self, state: list[int]) -> Outcome | None:
        return Outcome.from_scores([0.0, 0.0]) if state[0] >= state[1] else None

    def determinize(self, state: list[int], seat: int, rng: Rng) -> list[int]:
        return list(state)


GAME = TallyGame()
