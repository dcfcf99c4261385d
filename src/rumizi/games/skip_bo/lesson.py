"""Skip-Bo's lesson: one short round against Sara, two of your turns and one of hers
(docs/engine.md, "Lessons"; the coach's words are ``lesson.*`` in ``texts.json``).

You start a building pile with a 1, play your stock's 2, 5 and SKIP-BO as you go, and end
your turn by discarding a 9. Sara plays on your pile. Your next turn starts with a full hand
again: the 9 from your discard pile, a 10, your stock's 11 and a 12 complete the pile, which
is cleared, and your stock's last card, a 1, wins the round.
"""

from __future__ import annotations

from rumizi.engine.lesson import Lesson, bot, full_deck, line, you

from .cards import FULL_DECK, JSON

SARA = 1
A = {"seat": SARA}
K = 5
"""Cards in each stock pile."""

YOURS = [2, 5, "skip-bo", 11, 1]
SARAS = [7, 12, 3, 4, 6]
"""The stock piles, top first."""
HANDS = [1, 3, 4, 9, 12]
SARAS_HAND = [8, 6, 6, 2, 3]
REFILL = [10, 7, 7, 5]
"""Your first hand, Sara's, then what tops your hand up to five again."""


def play(source: str, **fields: object) -> dict[str, object]:
    """A card from ``source`` onto the first building pile."""
    return {"from": source, "to": "build", "to_pile": 0, **fields}


STEPS = (
    you(
        play("hand", card=1),
        line("lesson.welcome", point="stock"),
        line("lesson.building", point="build", rules=["building"]),
        line("lesson.one"),
        wrong="lesson.one.wrong",
    ),
    you(
        play("stock"),
        line("lesson.stock", point="stock", rules=["stock_first"]),
        wrong="lesson.stock.wrong",
    ),
    you(play("hand", card=3), line("lesson.three"), wrong="lesson.three.wrong"),
    you(play("hand", card=4), line("lesson.four"), wrong="lesson.four.wrong"),
    you(play("stock"), line("lesson.five"), wrong="lesson.stock.wrong"),
    you(play("stock"), line("lesson.wild", rules=["wild"]), wrong="lesson.wild.wrong"),
    you(
        {"from": "hand", "card": 9, "to": "discard", "to_pile": 0},
        line("lesson.discard", point="discards", rules=["discard_ends"]),
        wrong="lesson.discard.wrong",
    ),
    bot(SARA, play("stock"), line("lesson.sara_stock", point="build", a=A)),
    bot(SARA, play("hand", card=8), line("lesson.sara_eight", a=A)),
    bot(
        SARA,
        {"from": "hand", "card": 6, "to": "discard", "to_pile": 0},
        line("lesson.sara_discard", point="seat:1", a=A),
    ),
    you(
        {"from": "discard", "from_pile": 0, "to": "build", "to_pile": 0},
        line("lesson.refill", point="hand", rules=["refill"]),
        line("lesson.discard_top", point="discards", rules=["discard_tops"]),
        wrong="lesson.discard_top.wrong",
    ),
    you(play("hand", card=10), line("lesson.ten"), wrong="lesson.ten.wrong"),
    you(play("stock"), line("lesson.eleven", point="stock"), wrong="lesson.stock.wrong"),
    you(
        play("hand", card=12),
        line("lesson.twelve", rules=["full_pile"]),
        wrong="lesson.twelve.wrong",
    ),
    you(
        {"from": "stock", "to": "build", "to_pile": 0},
        line("lesson.cleared", point="build"),
        line("lesson.last"),
        wrong="lesson.stock.wrong",
    ),
)

LESSON = Lesson(
    players=2,
    options={
        "deck": full_deck(
            [*YOURS, *SARAS, *HANDS, *SARAS_HAND, *REFILL], (JSON[c] for c in FULL_DECK)
        ),
        "stock_size": K,
        "rounds": 1,
        "first": 0,
    },
    steps=STEPS,
    rules=(
        "building",
        "stock_first",
        "wild",
        "discard_ends",
        "refill",
        "discard_tops",
        "full_pile",
    ),
    done=line("lesson.done"),
    then="heuristic",
)
