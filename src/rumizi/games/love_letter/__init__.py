"""Love Letter (نامه‌ای به گیلاس): the classic 16-card edition for 2–4 players.

The package loads its rules on first use of ``GAME`` (or the other names below), so that
reading the game's description (``rumizi --help``, ``/api/games``) imports no rules.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import GAME, LoveLetter
    from .state import LoveLetterState

__all__ = ["GAME", "LoveLetter", "LoveLetterState"]

_HOMES = {"GAME": "rules", "LoveLetter": "rules", "LoveLetterState": "state"}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
