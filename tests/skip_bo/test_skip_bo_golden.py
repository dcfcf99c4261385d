"""Golden playthroughs: exact behaviour for a fixed seed, greedy bots at every seat.

Two players (three rounds to 60 points) and four players in partnerships (to 100 points,
with plays from the partner's piles). Set RUMIZI_UPDATE_GOLDEN=1 to rewrite the files after
an intended change of rules, views, events or the greedy bot, and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from skip_bo_helpers import GAME

from rumizi.engine import Action, Match, make_rng
from rumizi.games.skip_bo.heuristic import GreedyBot
from rumizi.testing import playthrough

GOLDEN = Path(__file__).parent.parent / "golden"

CASES = {
    2: (2038, {"stock_size": 5, "target": 60}),
    4: (2040, {"stock_size": 4, "teams": True, "target": 100}),
}


@pytest.mark.parametrize("players", sorted(CASES))
def test_golden_playthrough(players: int) -> None:
    seed, options = CASES[players]
    rng = make_rng(seed)
    bot = GreedyBot()

    def choose(match: Match, seat: int, legal: list[Action]) -> dict[str, Any]:
        return bot.choose(match.view(seat), legal, rng)

    text = playthrough(GAME, players, seed, options, choose=choose)
    path = GOLDEN / f"skip-bo-{players}p.txt"
    if os.environ.get("RUMIZI_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    for feature in ("pile_completed", "refilled", "round_over", "game_over"):
        assert feature in text
    if players == 4:
        assert "partner_stock" in text and "partner_discard" in text
