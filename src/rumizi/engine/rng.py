"""Seeded randomness. Every random choice in a game goes through an ``Rng`` handed to it."""

from __future__ import annotations

import random
from typing import TypeAlias

Rng: TypeAlias = random.Random


def make_rng(seed: int | str | None) -> Rng:
    """A generator that gives the same sequence for the same seed on every machine."""
    return random.Random(seed)


def derive(rng: Rng) -> Rng:
    """A new independent generator drawn from ``rng`` (for bots, determinization, sub-tasks)."""
    return random.Random(rng.getrandbits(64))
