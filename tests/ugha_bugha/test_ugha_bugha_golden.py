"""Golden playthrough: exact behaviour of a seeded 4-player game of memory bots (each
hearing only what its seat hears), recorded view by view and event by event.

Set RUMIZI_UPDATE_GOLDEN=1 to rewrite the file after an intended change of rules, views,
events or bots, and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from ugha_bugha_helpers import GAME

from rumizi.engine import Action, Match, make_rng
from rumizi.games.ugha_bugha.bots import MemoryBot
from rumizi.testing import playthrough

GOLDEN = Path(__file__).parent.parent / "golden" / "ugha-bugha-4p.txt"
OPTIONS = {"tokens_to_win": 2}


def bots_choose(players: int, seed: int):  # type: ignore[no-untyped-def]
    bots = [MemoryBot("heuristic") for _ in range(players)]
    heard = [0] * players
    rng = make_rng(seed)

    def choose(match: Match, seat: int, legal: list[Action]) -> Action:
        bots[seat].hear(e.to_json() for e in match.events_for(seat, heard[seat]))
        heard[seat] = len(match.events)
        return bots[seat].choose(match.view(seat), legal, rng)

    return choose


def test_golden_playthrough_4p() -> None:
    text = playthrough(GAME, 4, seed=2029, options=OPTIONS, choose=bots_choose(4, 2029))
    if os.environ.get("RUMIZI_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
