"""Golden playthrough: exact behaviour of a seeded 4-player game of the four bot levels,
recorded view by view and event by event, with the words each event says to seat 0 in fa
and en.

Set RUMIZI_UPDATE_GOLDEN=1 to rewrite the file after an intended change of rules, views,
events, bots or words, and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from ayozhit_helpers import GAME

from rumizi import games
from rumizi.bots import make
from rumizi.engine import Action, Match, make_rng
from rumizi.engine.texts import Formatter
from rumizi.games.ayozhit.bots import BOTS
from rumizi.games.ayozhit.texts import CATALOGUE
from rumizi.testing import playthrough

GOLDEN = Path(__file__).parent.parent / "golden" / "ayozhit-4p.txt"
OPTIONS = {"select_seconds": 60}
SEED = 2031
NAMES = {"en": ["Ann", "Bob", "Cy", "Di"], "fa": ["آنا", "بابک", "سارا", "دینا"]}


def bots_choose(seed: int):  # type: ignore[no-untyped-def]
    bots = [make("ayozhit", level) for level in BOTS]
    rng = make_rng(seed)

    def choose(match: Match, seat: int, legal: list[Action]) -> Action:
        return bots[seat].choose(match.view(seat), legal, rng)

    return choose


def told(text: str) -> str:
    """The playthrough, then what every event said to seat 0, in fa and en."""
    match = Match(GAME, 4, seed=SEED, options=OPTIONS)
    choose = bots_choose(SEED)
    while not match.over:
        seat = sorted(match.to_act())[0]
        match.apply(seat, choose(match, seat, match.legal(seat)))
    lines = [text]
    for lang in ("fa", "en"):
        say = Formatter(CATALOGUE, lang, NAMES[lang])
        for event in match.events_for(0, 0):
            data = games.told("ayozhit", event.to_json(), 0)
            if "message" in data:
                lines.append(f"{lang}: {say(data['message'])}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_4p() -> None:
    text = told(playthrough(GAME, 4, seed=SEED, options=OPTIONS, choose=bots_choose(SEED)))
    if os.environ.get("RUMIZI_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
