"""Skip-Bo's bot levels, as its description names them: ``greedy`` and ``heuristic``
(``heuristic``) and ``search``, a search over the heuristic (``search``). Every bot reads
only its seat's view and the legal actions: never the state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .heuristic import GreedyBot, HeuristicBot
from .search import search_bot

BOTS: dict[str, Callable[[], Any]] = {
    "greedy": GreedyBot,
    "heuristic": HeuristicBot,
    "search": partial(search_bot, "search", 100),
}
