"""Skip-Bo (اسکیپ‌بو): 162 cards, 2–6 players, solo or in partnerships.

The package loads its rules on first use of ``GAME`` (or the other names below), so that
reading the game's description (``rumizi --help``, ``/api/games``) imports no rules.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import GAME, SkipBo
    from .state import SkipBoState

__all__ = ["GAME", "SkipBo", "SkipBoState"]

_HOMES = {"GAME": "rules", "SkipBo": "rules", "SkipBoState": "state"}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
