"""Golden playthroughs: exact behaviour for a fixed seed, one file per player count.

Set RUMIZI_UPDATE_GOLDEN=1 to rewrite them after an intended rules change, and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from love_letter_helpers import GAME
from rumizi.testing import playthrough

GOLDEN = Path(__file__).parent.parent / "golden"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_playthrough(players: int) -> None:
    path = GOLDEN / f"love-letter-{players}p.txt"
    text = playthrough(GAME, players, seed=2026)
    if os.environ.get("RUMIZI_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
