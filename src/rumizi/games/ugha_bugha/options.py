"""Ugha Bugha's options read at setup: the variant, the hand size, the turn clock, the "Ho!"
window and a stacked ``deck``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rumizi.engine import BadOptions
from rumizi.engine.errors import shown

from .cards import NUMBER
from .description import CLOCKS, MOST_SECONDS

REFEREE, CHALLENGES = "referee", "challenges"
CHALLENGE_SECONDS = 3.0
"""How long the "Ho!" window stays open by default (when turns are timed)."""


def hand_size(players: int) -> int:
    """Three face-down cards with 3–6 players, two with 7–8."""
    return 3 if players <= 6 else 2


def _seconds(value: Any, name: str, zero_ok: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadOptions(f"{name} must be a number of seconds, not {shown(value)}")
    if value < 0 or (value == 0 and not zero_ok) or value != value:
        raise BadOptions(f"{name} must be a positive number of seconds, not {shown(value)}")
    if value > MOST_SECONDS:
        raise BadOptions(f"{name} must be at most {MOST_SECONDS:g} seconds, not {shown(value)}")
    return float(value)


def turn_option(options: Mapping[str, Any], clock_given: bool) -> tuple[float | None, float]:
    """The turn clock ``(base, per_card)``, ``base`` ``None`` for untimed play: from
    ``turn_seconds`` (``{"base": s, "per_card": s}``, a flat number of seconds, or ``null``)
    when given, else from the ``clock`` preset."""
    if "turn_seconds" not in options:
        preset = CLOCKS[options["clock"]]
        return (None, 0.0) if preset is None else preset
    if clock_given:
        raise BadOptions("give clock or turn_seconds, not both")
    value = options["turn_seconds"]
    if value is None:
        return None, 0.0
    if isinstance(value, Mapping):
        extra = set(value) - {"base", "per_card"}
        if extra:
            raise BadOptions(
                f"turn_seconds takes base and per_card, not {', '.join(sorted(extra))}"
            )
        normal_base, normal_per_card = CLOCKS["normal"] or (0.0, 0.0)
        base = _seconds(value.get("base", normal_base), "turn_seconds.base")
        per_card = _seconds(
            value.get("per_card", normal_per_card), "turn_seconds.per_card", zero_ok=True
        )
        return base, per_card
    return _seconds(value, "turn_seconds"), 0.0


def window_option(options: Mapping[str, Any], variant: str, timed: bool) -> float | None:
    if "challenge_seconds" in options and variant != CHALLENGES:
        raise BadOptions("challenge_seconds applies only to the 'challenges' variant")
    if "challenge_seconds" not in options:
        return CHALLENGE_SECONDS if timed else None
    seconds: float | None = options["challenge_seconds"]
    return seconds


DECK_CONTENTS = "3 of each of the 16 words and one of each gesture (bang, clap, tongue, repeat)"


def read_card(card: object) -> int | None:
    """A card of the ``deck`` option: its id."""
    return NUMBER.get(card) if isinstance(card, str) else None
