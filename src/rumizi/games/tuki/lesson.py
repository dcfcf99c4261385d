"""Tuki's lesson: one round against Sara (docs/engine.md, "Lessons"; the coach's words are
``lesson.*`` in ``texts.json``).

The die rolls the walrus, plain: card N01 is turned until the walrus is at the bottom, and
a stone must touch the table. You lay the grey stone across the top — it would fall, with
nothing under it — then hold it up with the 1-cube snow block, turn the blue stone upright
and stand it in front, the purple beside it, and declare done. Sara builds the same, a step
behind you; she is the slowest, both builds are right, so she takes the card.
"""

from __future__ import annotations

from typing import Any

from rumizi.engine.lesson import Lesson, Step, bot, line, you

SARA = 1
A = {"seat": SARA}

BUILD = [
    ("grey", "x", 3, 6, 1),
    ("snow1", "z", 5, 6, 0),
    ("blue", "z", 3, 5, 0),
    ("purple", "z", 4, 5, 0),
]
"""N01 turned 90°, on a plain die: the stored witness, in the lesson's order."""


def place(piece: str, axis: str, x: int, y: int, z: int) -> dict[str, Any]:
    return {"type": "place", "piece": piece, "axis": axis, "x": x, "y": y, "z": z}


GREY, SNOW, BLUE, PURPLE = (place(*p) for p in BUILD)


def sara(action: dict[str, Any], *lines: Any) -> Step:
    """Sara builds the same, on her own area, a step behind you."""
    return bot(SARA, action, *lines)


STEPS = (
    you(
        GREY,
        line("lesson.welcome", point="build"),
        line("lesson.card", point="card", rules=["card"]),
        line("lesson.die", point="die", rules=["die"]),
        line("lesson.grey", rules=["place_turn"]),
        wrong="lesson.grey.wrong",
    ),
    sara(GREY, line("lesson.sara", point="seat:1", a=A)),
    you(
        SNOW,
        line("lesson.falls", point="statics", rules=["falls"]),
        line("lesson.snow"),
        wrong="lesson.snow.wrong",
    ),
    sara(SNOW),
    you(
        BLUE, line("lesson.blue", point="statics", rules=["place_turn"]), wrong="lesson.blue.wrong"
    ),
    sara(BLUE),
    you(PURPLE, line("lesson.purple"), wrong="lesson.purple.wrong"),
    sara(PURPLE),
    you(
        {"type": "done"},
        line("lesson.done_build", point="card", rules=["done"]),
        wrong="lesson.done_build.wrong",
    ),
)

LESSON = Lesson(
    players=2,
    options={"deck": ["N01"], "dice": ["walrus/plain"], "first": 0, "round_seconds": None},
    steps=STEPS,
    rules=("card", "die", "place_turn", "falls", "done", "taker"),
    done=line("lesson.done", a=A, rules=["taker"]),
    then="easy",
)
