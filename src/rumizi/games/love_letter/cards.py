"""The 16 cards of the classic edition: values, copies and whom they choose.

Inside the engine a card is its value (1–8); outside (actions, views, events) it is its id.
Names and texts, in Persian and English, are in the text catalogue (``texts.json``).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

GUARD, PRIEST, BARON, HANDMAID, PRINCE, KING, COUNTESS, PRINCESS = range(1, 9)

IDS: Final = ("", "guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess")
"""Card id by value; index 0 is unused."""

VALUE: Final = {card_id: value for value, card_id in enumerate(IDS) if card_id}

COPIES: Final = {
    GUARD: 5,
    PRIEST: 2,
    BARON: 2,
    HANDMAID: 2,
    PRINCE: 2,
    KING: 1,
    COUNTESS: 1,
    PRINCESS: 1,
}

FULL_DECK: Final = tuple(value for value, n in COPIES.items() for _ in range(n))
"""All 16 cards, lowest first."""

DECK_COUNTS: Final = Counter(FULL_DECK)

TARGETS_ANOTHER: Final = frozenset({GUARD, PRIEST, BARON, KING})
"""Cards that choose another player (and fizzle when nobody can be chosen)."""

GUESSABLE: Final = tuple(range(PRIEST, PRINCESS + 1))
"""What a Guard may name: any card but the Guard."""


def value(card: str) -> int:
    """The value (1–8) of the card with id ``card``, e.g. ``value("baron") == 3``."""
    return VALUE[card]


def chooses_another(card: str) -> bool:
    """Whether the card with id ``card`` chooses another player (Guard, Priest, Baron,
    King): played when nobody may be chosen, it has no effect."""
    return VALUE[card] in TARGETS_ANOTHER
