"""Tuki («توکی»): the real-time 3D stacking race — rules on the engine, plus the voxel
geometry, statics, matching, solver and card decks they stand on.

See ``shared/rules/tuki.md`` and ``docs/tuki.md``.
"""

from .rules import GAME, Tuki
from .state import TukiState

__all__ = ["GAME", "Tuki", "TukiState"]
