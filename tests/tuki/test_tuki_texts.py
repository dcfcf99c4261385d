"""Tuki's words beyond random play: a practice game (hints, a kept card, the end of
practice), 4 players' pieces handed over, and concrete build actions as labels."""

from __future__ import annotations

import re
from typing import Any

from rumizi import games
from rumizi.engine import Match
from rumizi.engine.texts import Formatter
from rumizi.games.tuki.rules import GAME
from rumizi.games.tuki.texts import CATALOGUE, action_message

NAMES = {"en": ["Ann", "Bob", "Cy", "Di"], "fa": ["آنا", "بابک", "سارا", "دینا"]}


def said(match: Match, reader: int | None, lang: str = "en") -> list[str]:
    say = Formatter(CATALOGUE, lang, NAMES[lang][: match.players])
    out = []
    for event in match.events_for(reader):
        data = games.told("tuki", event.to_json(), reader)
        if "message" in data:
            out.append(say(data["message"]))
    return out


def test_practice_tells_the_hint_and_the_end() -> None:
    match = Match(GAME, 1, seed=3, options={"practice": True})
    match.apply(0, {"type": "hint"})
    for _ in range(10):
        match.apply(0, {"type": "done"})
    lines = said(match, 0)
    hint = next(line for line in lines if line.startswith("Hint: the "))
    assert "height" in hint
    assert lines.count("You are done (1).") == 10
    assert any(line.endswith("not right this time.") for line in lines)
    assert lines[-1] == "Practice over: you built 0 cards of 10 right."
    assert said(match, 0, "fa")[-1] == "تمرین تمام شد: ۰ کارت از ۱۰ کارت را درست ساختید."


def test_four_players_hand_over_pieces_in_the_second_person() -> None:
    match = Match(GAME, 4, seed=5, options={"round_seconds": None})
    while not any(e.kind == "pieces_handed" for e in match.events):
        match.apply(sorted(match.to_act())[0], {"type": "done"})
    handed = next(e for e in match.events if e.kind == "pieces_handed")
    giver, taker = handed.data["seat"], handed.data["to"]
    to_giver = f"You hand your pieces to {NAMES['en'][taker]}."
    assert to_giver in said(match, giver)
    assert f"{NAMES['en'][giver]} hands the pieces to you." in said(match, taker)


def test_concrete_build_actions_read_as_what_they_do() -> None:
    view: dict[str, object] = {}
    place = {"type": "place", "piece": "blue", "axis": "x", "x": 3, "y": 5, "z": 0}
    cases: dict[str, dict[str, Any]] = {
        "Place the blue stone along x at x 3, y 5, height 0": place,
        "Move the snow cube to x 4, y 5, height 1": {
            "type": "move",
            "piece": "snow1",
            "x": 4,
            "y": 5,
            "z": 1,
        },
        "Turn the grey stone to lie along z (upright)": {
            "type": "turn",
            "piece": "grey",
            "axis": "z",
        },
        "Remove the purple stone": {"type": "remove", "piece": "purple"},
        "Place a piece": {"type": "place", "params": {}},
        "Done!": {"type": "done"},
    }
    say = Formatter(CATALOGUE, "en", NAMES["en"])
    for text, action in cases.items():
        assert say(action_message(action, view)) == text
    fa = Formatter(CATALOGUE, "fa", NAMES["fa"])(action_message(place, view))
    assert fa == "سنگ آبی را خوابیده از چپ به راست بگذار، در ستون ۳، ردیف ۵، ارتفاع ۰"
    assert not re.search("[A-Za-z]", fa)  # Persian with no Latin letter (issue 23)
