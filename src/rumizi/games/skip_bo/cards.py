"""The 162 Skip-Bo cards, their names in Persian and English, and stacked-deck helpers.

Inside the engine a card is an int: 1–12 for the number cards and ``SKIP_BO`` (13) for the
wild card, so that a hand sorts with its SKIP-BO cards last. Outside (actions, views,
events) a number card is its number and the wild card is the string ``"skip-bo"``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

SKIP_BO: Final = 13
"""The wild card: it counts as whatever value comes next on its building pile."""

TOP_VALUE: Final = 12
"""A building pile is complete when it reaches 12."""


def next_card(pile_size: int) -> int:
    """The value a building pile of ``pile_size`` cards takes next (or a SKIP-BO standing
    for it): piles are built up 1, 2, … 12."""
    return pile_size + 1


HAND_SIZE: Final = 5
PILES: Final = 4
"""Building piles (shared) and discard piles (each player's)."""

FULL_DECK: Final = tuple([v for v in range(1, 13) for _ in range(12)] + [SKIP_BO] * 18)
"""All 162 cards: twelve each of 1–12, then 18 SKIP-BO cards."""

DECK_COUNTS: Final = Counter(FULL_DECK)

WILD_ID: Final = "skip-bo"

JSON: Final[tuple[int | str, ...]] = (0, *range(1, 13), WILD_ID)
"""The JSON form of each card, by its engine value (index 0 is unused)."""

NAMES: Final = {
    "en": ("", *(str(v) for v in range(1, 13)), "SKIP-BO"),
    "fa": ("", "۱", "۲", "۳", "۴", "۵", "۶", "۷", "۸", "۹", "۱۰", "۱۱", "۱۲", "اسکیپ‌بو"),
}


def to_json(card: int) -> int | str:
    """The JSON form of an engine card: its number, or ``"skip-bo"``."""
    return JSON[card]


def from_json(card: object) -> int | None:
    """The engine value of a JSON card, or ``None`` if ``card`` is not one."""
    if isinstance(card, bool):
        return None
    if isinstance(card, int) and 1 <= card <= TOP_VALUE:
        return card
    if isinstance(card, str) and card.lower() in (WILD_ID, "skipbo", "sb"):
        return SKIP_BO
    return None


def name(card: int, lang: str = "en") -> str:
    return NAMES[lang][card]


def arrange(
    players: int,
    stock_size: int,
    stocks: Sequence[Sequence[int | str]] = (),
    draw: Iterable[int | str] = (),
) -> list[int | str]:
    """A full 162-card deck for the ``deck`` option, with the given cards where they matter.

    ``stocks[p]`` lists the first cards of seat p's stock pile, top (face up) first;
    ``draw`` the first cards of the draw pile, top first. Every other place is filled with
    the remaining cards, lowest first. The result is the ``deck`` option's layout: seat 0's
    stock pile (top first), then seat 1's, …, then the draw pile (top first).
    """
    left = Counter(DECK_COUNTS)
    chosen: list[list[int]] = [
        [_value(c) for c in (stocks[p] if p < len(stocks) else ())] for p in range(players)
    ]
    wanted = [_value(c) for c in draw]
    for cards in [*chosen, wanted]:
        for c in cards:
            left[c] -= 1
            if left[c] < 0:
                raise ValueError(f"more than {DECK_COUNTS[c]} cards of {JSON[c]!r} asked for")
    rest = iter(sorted(left.elements()))
    deck: list[int] = []
    for cards in chosen:
        if len(cards) > stock_size:
            raise ValueError(f"a stock pile holds {stock_size} cards, not {len(cards)}")
        deck.extend(cards)
        deck.extend(next(rest) for _ in range(stock_size - len(cards)))
    deck.extend(wanted)
    deck.extend(rest)
    return [JSON[c] for c in deck]


def _value(card: int | str) -> int:
    value = from_json(card)
    if value is None:
        raise ValueError(f"not a Skip-Bo card: {card!r}")
    return value
