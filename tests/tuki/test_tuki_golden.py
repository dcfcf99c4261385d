"""Golden playthrough: exact behaviour of a seeded 3-player game of builder bots (easy ones
now and then swap two colours; with the lowest acting seat acting first, the third
builder is the slowest), recorded view by view and
event by event, with the words each event says to seat 0 in fa and en.

Set RUMIZI_UPDATE_GOLDEN=1 to rewrite the file after an intended change of rules, views,
events, bots or words, and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from rumizi import games
from rumizi.engine import Action, Match, make_rng
from rumizi.engine.texts import Formatter
from rumizi.games.tuki.bots import BOTS
from rumizi.games.tuki.rules import GAME
from rumizi.games.tuki.texts import CATALOGUE
from rumizi.testing import playthrough

GOLDEN = Path(__file__).parent.parent / "golden" / "tuki-3p.txt"
OPTIONS = {"round_seconds": None}
SEED = 2032
PLAYERS = 3
NAMES = {"en": ["Ann", "Bob", "Cy"], "fa": ["آنا", "بابک", "سارا"]}


def bots_choose(seed: int):  # type: ignore[no-untyped-def]
    bots = [BOTS["easy"](), BOTS["hard"](), BOTS["easy"]()]
    rng = make_rng(seed)

    def choose(match: Match, seat: int, legal: list[Action]) -> Action:
        return bots[seat].choose(match.view(seat), legal, rng)

    return choose


def told(text: str) -> str:
    """The playthrough, then what every event said to seat 0, in fa and en."""
    match = Match(GAME, PLAYERS, seed=SEED, options=OPTIONS)
    choose = bots_choose(SEED)
    while not match.over:
        seat = sorted(match.to_act())[0]
        match.apply(seat, choose(match, seat, match.legal(seat)))
    lines = [text]
    for lang in ("fa", "en"):
        say = Formatter(CATALOGUE, lang, NAMES[lang])
        for event in match.events_for(0, 0):
            data = games.told("tuki", event.to_json(), 0)
            if "message" in data:
                lines.append(f"{lang}: {say(data['message'])}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_3p() -> None:
    text = told(playthrough(GAME, PLAYERS, seed=SEED, options=OPTIONS, choose=bots_choose(SEED)))
    if os.environ.get("RUMIZI_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
