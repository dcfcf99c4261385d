"""Tuki («توکی»): the real-time 3D stacking race — rules on the engine, plus the voxel
geometry, statics, matching and card decks they stand on.

See ``shared/rules/tuki.md`` and ``docs/tuki.md``. ``GAME`` is loaded on first use, so that
reading the description (``--help``, ``/api/games``) imports no numpy.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GAME", "Tuki", "TukiState"]


def __getattr__(name: str) -> Any:
    if name in ("GAME", "Tuki"):
        from . import rules

        return getattr(rules, name)
    if name == "TukiState":
        from .state import TukiState

        return TukiState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
