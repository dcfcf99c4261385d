"""Ugha Bugha (اوگا بوگا): the memory chain game of caveman words, with turn clocks and the
"Ho!" challenge variant, for 3–8 players."""

from .rules import GAME, UghaBugha
from .state import UghaBughaState

__all__ = ["GAME", "UghaBugha", "UghaBughaState"]
