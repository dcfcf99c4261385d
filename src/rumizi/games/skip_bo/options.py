"""Skip-Bo's options read at setup beyond the schema: the stock pile's size for the number
of players, and partnerships."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rumizi.engine import BadOptions

from .cards import FULL_DECK, HAND_SIZE

DECK_SIZE = len(FULL_DECK)


def default_stock_size(players: int) -> int:
    """30 cards each with 2–4 players, 20 with 5–6."""
    return 30 if players <= 4 else 20


def stock_size_option(options: Mapping[str, Any], players: int) -> int:
    """``stock_size`` (already a whole number within the schema's bounds), checked against
    the player count: every player must be able to draw a full hand."""
    size: int = options.get("stock_size", default_stock_size(players))
    most = min(30, DECK_SIZE // players - HAND_SIZE)
    if size > most:
        raise BadOptions(
            f"stock_size must be at most {most} with {players} players "
            "(30 at most, and every player must be able to draw a full hand)"
        )
    return size


def teams_option(options: Mapping[str, Any], players: int) -> bool:
    """``teams`` (already true or false): only 4 or 6 players form teams of two."""
    teams: bool = options["teams"]
    if teams and players not in (4, 6):
        raise BadOptions(f"teams are for 4 or 6 players (teams of two), not {players}")
    return teams
