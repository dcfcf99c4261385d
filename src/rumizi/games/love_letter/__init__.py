"""Love Letter (نامه‌ای به گیلاس): the classic 16-card edition for 2–4 players."""

from .rules import GAME, LoveLetter
from .state import LoveLetterState

__all__ = ["GAME", "LoveLetter", "LoveLetterState"]
