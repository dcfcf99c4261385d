"""Golden playthrough: exact behaviour of a seeded 4-player game of the four bot levels,
recorded view by view and event by event.

Set RUMIZI_UPDATE_GOLDEN=1 to rewrite the file after an intended change of rules, views,
events or bots, and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from ayozhit_helpers import GAME

from rumizi.bots import make
from rumizi.engine import Action, Match, make_rng
from rumizi.games.ayozhit.bots import BOTS
from rumizi.testing import playthrough

GOLDEN = Path(__file__).parent.parent / "golden" / "ayozhit-4p.txt"
OPTIONS = {"select_seconds": 60}


def bots_choose(seed: int):  # type: ignore[no-untyped-def]
    bots = [make("ayozhit", level) for level in BOTS]
    rng = make_rng(seed)

    def choose(match: Match, seat: int, legal: list[Action]) -> Action:
        return bots[seat].choose(match.view(seat), legal, rng)

    return choose


def test_golden_playthrough_4p() -> None:
    text = playthrough(GAME, 4, seed=2031, options=OPTIONS, choose=bots_choose(2031))
    if os.environ.get("RUMIZI_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
