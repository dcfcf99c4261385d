"""Ugha Bugha's lesson: two chains with Sara and Babak (docs/engine.md, "Lessons"; the
coach's words are ``lesson.*`` in ``texts.json``).

Chain 1: you flip the Sun and recite it, point at Sara; she adds the Water; Babak flips the
Repeat card and says the Water twice; you recite the four items and add the Bear; Sara then
says a wrong item and loses the chain. Chain 2: Sara starts with the Egg and points at you;
you flip your last card, recite the two items and win with "Ugha Bugha!". The turn clock
runs, generously: the coach shows what it does.
"""

from __future__ import annotations

from typing import Any

from rumizi.engine.lesson import Lesson, Step, bot, full_deck, line, you

from .cards import FULL_DECK, IDS

SARA, BABAK = 1, 2
A, B = {"seat": SARA}, {"seat": BABAK}

DEAL = ["mogo", "hupa", "repeat", "tonk", "drok", "lumo", "bang", "zog", "kaza"]
"""One card at a time around the table from you: yours are the Sun, the Bear and the Fist."""


def name(card: str) -> dict[str, str]:
    """A card's name as a line's argument."""
    return {"text": f"name.{card}"}


def says(seat: int, *items: str) -> list[Step]:
    """A bot's recitation, item by item."""
    return [bot(seat, {"type": "say", "item": item}) for item in items]


def ha(point: int) -> dict[str, Any]:
    return {"type": "ha", "point": point}


FLIP = {"type": "flip", "position": 0}

STEPS = (
    you(
        FLIP,
        line("lesson.welcome", point="top"),
        line("lesson.flip", rules=["flip"]),
        wrong="lesson.flip.wrong",
    ),
    you(
        {"type": "say", "item": "mogo"},
        line("lesson.clock", point="clock", rules=["clock"]),
        line("lesson.recite", point="palette", sun=name("mogo"), rules=["recite"]),
        wrong="lesson.recite.wrong",
    ),
    you(ha(SARA), line("lesson.ha", a=A, rules=["point"]), wrong="lesson.ha.wrong"),
    bot(SARA, FLIP),
    *says(SARA, "mogo", "hupa"),
    bot(SARA, ha(BABAK), line("lesson.sara", point="seat:1", a=A, b=B, water=name("hupa"))),
    bot(BABAK, FLIP),
    *says(BABAK, "mogo", "hupa", "hupa"),
    bot(BABAK, ha(0), line("lesson.babak", point="top", b=B, water=name("hupa"), rules=["repeat"])),
    you(FLIP, line("lesson.flip_again"), wrong="lesson.flip.wrong"),
    you(
        {"type": "say", "item": "mogo"},
        line("lesson.chain1", sun=name("mogo")),
        wrong="lesson.recite.wrong",
    ),
    you(
        {"type": "say", "item": "hupa"},
        line("lesson.chain2", water=name("hupa")),
        wrong="lesson.recite.wrong",
    ),
    you(
        {"type": "say", "item": "hupa"},
        line("lesson.chain3", water=name("hupa")),
        wrong="lesson.recite.wrong",
    ),
    you(
        {"type": "say", "item": "tonk"},
        line("lesson.chain4", bear=name("tonk")),
        wrong="lesson.recite.wrong",
    ),
    you(ha(SARA), line("lesson.ha_again", a=A, b=B), wrong="lesson.ha_again.wrong"),
    bot(SARA, FLIP),
    bot(SARA, {"type": "say", "item": "mogo"}),
    bot(
        SARA,
        {"type": "say", "item": "drok"},
        line(
            "lesson.sara_lost",
            point="seat:1",
            a=A,
            fire=name("drok"),
            water=name("hupa"),
            rules=["lose_chain"],
        ),
    ),
    bot(SARA, FLIP),
    *says(SARA, "zog"),
    bot(SARA, ha(0), line("lesson.sara_again", point="top", a=A, egg=name("zog"))),
    you(FLIP, line("lesson.flip_last"), wrong="lesson.flip.wrong"),
    you(
        {"type": "say", "item": "zog"},
        line("lesson.chain_egg", egg=name("zog")),
        wrong="lesson.recite.wrong",
    ),
    you(
        {"type": "say", "item": "bang"},
        line("lesson.chain_fist", fist=name("bang")),
        wrong="lesson.recite.wrong",
    ),
    you(
        {"type": "ugha_bugha"},
        line("lesson.ugha_bugha", rules=["closing"]),
        wrong="lesson.ugha_bugha.wrong",
    ),
)

LESSON = Lesson(
    players=3,
    options={
        "deck": full_deck(DEAL, (IDS[c] for c in FULL_DECK)),
        "first": 0,
        "tokens_to_win": 1,
        "turn_seconds": {"base": 60, "per_card": 15},
    },
    steps=STEPS,
    rules=("flip", "clock", "recite", "point", "repeat", "lose_chain", "closing"),
    done=line("lesson.done"),
    then="heuristic",
)
