"""Love Letter's bot levels, as its description names them: ``heuristic`` (it counts
cards and scores each move: ``heuristic``) and the search levels, ISMCTS over that
heuristic (``search``). Every bot reads only its seat's view: never the true state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .heuristic import HeuristicBot
from .search import search_bot

SEARCH_LEVELS = {"search": 200, "search-hard": 1000}
"""Playouts per decision of each search level (``rumizi.games.love_letter.search``)."""

BOTS: dict[str, Callable[[], Any]] = {
    "heuristic": HeuristicBot,
    **{name: partial(search_bot, name, n) for name, n in SEARCH_LEVELS.items()},
}
