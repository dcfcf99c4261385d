"""The toy game's lesson: count to four, and win."""

from __future__ import annotations

from rumizi.engine.lesson import Lesson, bot, line, you

LESSON = Lesson(
    players=2,
    options={"target": 4},
    steps=(
        you({"say": 1}, line("lesson.start", rules=["count"]), wrong="lesson.start.wrong"),
        bot(1, {"say": 3}, line("lesson.bot", a={"seat": 1})),
        you({"say": 4}, line("lesson.win", rules=["win"])),
    ),
    rules=("count", "win"),
    done=line("lesson.done", rules=["win"]),
    then="steady",
)
