"""Ayozhit's lesson: the first round with Sara and Babak (docs/engine.md, "Lessons"; the
coach's words are ``lesson.*`` in ``texts.json``).

You choose the word, Winter, and mark four pictures in secret; Sara and Babak mark two each.
The counts make you dreamt-deep. You name the Snowflake: only Sara had it too, a
three-spark. Sara names the Sled: you and Babak had it, a two-spark. Babak names the Polar
bear, which nobody else marked: he fails. You name the Hazelnut and fail too — and, being
dreamt-deep, pay a point of each spark. The match then goes on for its other rounds.
"""

from __future__ import annotations

from rumizi.engine.lesson import Lesson, bot, line, you

SARA, BABAK = 1, 2
A, B = {"seat": SARA}, {"seat": BABAK}

TABLE = [
    "sun", "snowflake", "rose", "sled", "camel",
    "guitar", "polar-bear", "cat", "chestnut", "rocket",
    "hot-beverage", "watermelon", "anchor", "books", "hourglass-not-done",
]  # fmt: skip
"""The 15 pictures, row by row from the top."""
SNOWFLAKE, SLED, POLAR_BEAR, HAZELNUT, HOT_DRINK = (
    TABLE.index(p) for p in ("snowflake", "sled", "polar-bear", "chestnut", "hot-beverage")
)


def pic(position: int) -> dict[str, str]:
    """A picture of the table as a line's argument (its title)."""
    return {"card": TABLE[position]}


def mark(position: int) -> dict[str, object]:
    return {"type": "mark", "picture": position}


def announce(position: int) -> dict[str, object]:
    return {"type": "announce", "picture": position}


READY = {"type": "ready"}
WINTER = {"text": "word.w010.0"}

STEPS = (
    you(
        {"type": "word", "word": 0},
        line("lesson.welcome", point="pictures"),
        line("lesson.word", point="word", winter=WINTER, rules=["word"]),
        wrong="lesson.word.wrong",
    ),
    you(
        mark(SNOWFLAKE),
        line("lesson.marking", point="pictures", rules=["marking"]),
        line("lesson.mark1", p=pic(SNOWFLAKE)),
        wrong="lesson.mark.wrong",
    ),
    you(mark(SLED), line("lesson.mark2", p=pic(SLED)), wrong="lesson.mark.wrong"),
    you(mark(HAZELNUT), line("lesson.mark3", p=pic(HAZELNUT)), wrong="lesson.mark.wrong"),
    you(mark(HOT_DRINK), line("lesson.mark4", p=pic(HOT_DRINK)), wrong="lesson.mark.wrong"),
    you(READY, line("lesson.ready"), wrong="lesson.ready.wrong"),
    bot(SARA, mark(SNOWFLAKE)),
    bot(SARA, mark(SLED)),
    bot(SARA, READY),
    bot(BABAK, mark(SLED)),
    bot(BABAK, mark(POLAR_BEAR)),
    bot(BABAK, READY),
    you(
        announce(SNOWFLAKE),
        line("lesson.counting", point="seat:1", a=A, b=B, rules=["counting"]),
        line("lesson.deep", rules=["deep"]),
        line("lesson.announce", p=pic(SNOWFLAKE), rules=["announcing"]),
        wrong="lesson.announce.wrong",
    ),
    bot(
        SARA,
        announce(SLED),
        line(
            "lesson.sparks",
            point="pictures",
            a=A,
            b=B,
            p=pic(SNOWFLAKE),
            q=pic(SLED),
            rules=["sparks"],
        ),
    ),
    bot(
        BABAK,
        announce(POLAR_BEAR),
        line("lesson.babak_fails", point="seat:2", b=B, p=pic(POLAR_BEAR), rules=["failing"]),
    ),
    you(
        announce(HAZELNUT),
        line("lesson.announce_again", p=pic(HAZELNUT)),
        wrong="lesson.announce_again.wrong",
    ),
)

LESSON = Lesson(
    players=3,
    options={"deck": TABLE, "words": ["w010"], "first": 0, "select_seconds": None},
    steps=STEPS,
    rules=("word", "marking", "counting", "deep", "announcing", "sparks", "failing"),
    done=line("lesson.done", p=pic(HAZELNUT), rules=["failing"]),
    then="steady",
)
