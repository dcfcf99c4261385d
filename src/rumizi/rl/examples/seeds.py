"""What the examples that learn share: evaluation seeds never trained on, and intervals."""

from __future__ import annotations

import math
import secrets

FRESH = 2**32
"""Evaluation seeds drawn afresh lie above every training and check seed."""


def fresh_seed() -> int:
    """A first evaluation seed no run has trained on (from the system's entropy)."""
    return FRESH + secrets.randbelow(2**40)


def unseen(first: int, count: int, *used: range) -> range:
    """The evaluation seeds ``first …``, checked to meet none of the ranges ``used``."""
    seeds = range(first, first + count)
    for seen in used:
        if seeds.start < seen.stop and seen.start < seeds.stop:
            raise ValueError(f"evaluation seeds {seeds} meet seeds used in training {seen}")
    return seeds


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share observed in ``n`` trials."""
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half
