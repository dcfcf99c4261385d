"""Love Letter's lesson: one round with two bots, every card seen at work (docs/engine.md,
"Lessons"; the coach's words are ``lesson.*`` in ``texts.json``).

You (seat 0) peek with the Priest, must play the Countess, knock Babak out with a Guard
guess the Baron told you, are handed the Princess by Sara's King, hide behind the
Handmaid, and win the round with the Baron. Sara (seat 1) and Babak (seat 2) guess, compare,
protect, trade and play a Prince on the way.
"""

from __future__ import annotations

from rumizi.engine.lesson import Lesson, bot, full_deck, line, you

from .cards import FULL_DECK, IDS

SARA, BABAK = 1, 2
A, B = {"seat": SARA}, {"seat": BABAK}

DEAL = ["guard", "priest", "princess", "prince"]
"""Set aside, then one card each: you, Sara, Babak."""
DRAWS = [
    "prince",  # you
    "guard",  # Sara
    "baron",  # Babak
    "countess",  # you
    "handmaid",  # Sara
    "priest",  # Babak
    "guard",  # you
    "king",  # Sara
    "handmaid",  # you
    "guard",  # Sara (then her Prince's new card: the next one)
    "guard",
    "baron",  # you
]

STEPS = (
    you(
        {"card": "priest", "target": BABAK},
        line("lesson.welcome", point="hand"),
        line("lesson.draw_play", point="hand", rules=["draw_play"]),
        line("lesson.priest", b=B, rules=["priest"]),
        wrong="lesson.priest.wrong",
    ),
    bot(
        SARA,
        {"card": "guard", "target": 0, "guess": "baron"},
        line("lesson.sara_guard", point="seat:1", a=A, rules=["guard"]),
    ),
    bot(
        BABAK,
        {"card": "baron", "target": 0},
        line("lesson.babak_baron", point="seat:2", b=B, rules=["baron"]),
    ),
    you(
        {"card": "countess"},
        line("lesson.countess", point="hand", rules=["countess"]),
        wrong="lesson.countess.wrong",
    ),
    bot(
        SARA,
        {"card": "handmaid"},
        line("lesson.sara_handmaid", point="seat:1", a=A, rules=["handmaid"]),
    ),
    bot(BABAK, {"card": "priest", "target": 0}, line("lesson.babak_priest", point="seat:2", b=B)),
    you(
        {"card": "guard", "target": BABAK, "guess": "prince"},
        line("lesson.guard_knows", point="seat:2", a=A, b=B),
        line("lesson.guard", b=B, rules=["guard"]),
        wrong="lesson.guard.wrong",
    ),
    bot(
        SARA,
        {"card": "king", "target": 0},
        line("lesson.sara_king", point="hand", a=A, rules=["king"]),
    ),
    you(
        {"card": "handmaid"},
        line("lesson.princess", point="hand", rules=["princess"]),
        line("lesson.handmaid", a=A, rules=["handmaid"]),
        wrong="lesson.handmaid.wrong",
    ),
    bot(
        SARA,
        {"card": "prince", "target": SARA},
        line("lesson.sara_prince", point="seat:1", a=A, rules=["prince"]),
    ),
    you(
        {"card": "baron", "target": SARA},
        line("lesson.baron", a=A, rules=["baron"]),
        wrong="lesson.baron.wrong",
    ),
)

LESSON = Lesson(
    players=3,
    options={
        "deck": full_deck(DEAL + DRAWS, (IDS[v] for v in FULL_DECK)),
        "first": 0,
        "tokens_to_win": 1,
    },
    steps=STEPS,
    rules=(
        "draw_play",
        "priest",
        "guard",
        "baron",
        "countess",
        "handmaid",
        "king",
        "princess",
        "prince",
        "win_round",
    ),
    done=line("lesson.done", rules=["win_round"]),
    then="heuristic",
)
