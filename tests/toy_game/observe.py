"""The toy game for learning programs: say ``n`` is code ``n - 1``; three numbers seen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

MOST = 30


def num_actions(players: int) -> int:
    return MOST


def encode(action: Mapping[str, Any], seat: int, players: int) -> int:
    return int(action["say"]) - 1


def decode(code: int, seat: int, players: int) -> dict[str, Any]:
    return {"say": code + 1}


def observation_size(players: int) -> int:
    return 3


def observe(view: dict[str, Any], seat: int, players: int) -> npt.NDArray[np.float32]:
    mine = float(view["turn"] == seat)
    return np.array([view["count"] / MOST, view["target"] / MOST, mine], np.float32)
