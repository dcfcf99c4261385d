"""Ugha Bugha (اوگا بوگا): the memory chain game of caveman words, with turn clocks and the
"Ho!" challenge variant, for 3–8 players.

The package loads its rules on first use of ``GAME`` (or the other names below), so that
reading the game's description (``rumizi --help``, ``/api/games``) imports no rules.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import GAME, UghaBugha
    from .state import UghaBughaState

__all__ = ["GAME", "UghaBugha", "UghaBughaState"]

_HOMES = {"GAME": "rules", "UghaBugha": "rules", "UghaBughaState": "state"}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
