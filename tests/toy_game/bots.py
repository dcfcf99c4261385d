"""The toy game's one level of its own: ``steady`` says the last number when it can."""

from __future__ import annotations

from typing import Any

from rumizi.engine import Action, Rng


class SteadyBot:
    name = "steady"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        return max(legal, key=lambda a: a["say"])


BOTS = {"steady": SteadyBot}
