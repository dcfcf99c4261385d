"""Skip-Bo (اسکیپ‌بو): 162 cards, 2–6 players, solo or in partnerships."""

from .rules import GAME, SkipBo
from .state import SkipBoState

__all__ = ["GAME", "SkipBo", "SkipBoState"]
