"""Readers for the options many games share, with the same clear errors everywhere."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .errors import BadOptions, shown
from .rng import Rng


def first_seat(options: Mapping[str, Any], players: int, rng: Rng, default: int = 0) -> int:
    """Option ``first``: the seat that starts, or ``"random"``."""
    first = options.get("first", default)
    if first == "random":
        return rng.randrange(players)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise BadOptions(
            f'first must be "random" or a seat from 0 to {players - 1}, not {shown(first)}'
        )
    return first


def positive_int(options: Mapping[str, Any], key: str, default: int) -> int:
    """A whole-number option of at least 1."""
    value = options.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise BadOptions(f"{key} must be a positive whole number, not {shown(value)}")
    return value


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str)


def stacked_decks(
    options: Mapping[str, Any],
    read_card: Callable[[Any], int | None],
    counts: Counter[int],
    cards_hint: str,
    contents: str,
    *,
    rounds: bool = True,
) -> list[list[int]]:
    """Option ``deck``: the card order after the shuffle, top first, for stacked tests.

    ``read_card`` turns a JSON card into the game's card (``None``: unknown); the deck must
    hold exactly ``counts``. With ``rounds``, a list of such decks stacks consecutive rounds.
    Returns the decks in order ([] when the option is absent).
    """
    deck = options.get("deck")
    if deck is None:
        return []
    size = sum(counts.values())
    if not _is_list(deck) or not deck:
        more = ", or a list of such lists for consecutive rounds" if rounds else ""
        raise BadOptions(f"deck must be a list of the {size} cards (top first){more}")
    several = rounds and all(_is_list(d) for d in deck)
    decks = deck if several else [deck]
    result = []
    for number, cards in enumerate(decks, 1):
        where = f"deck for round {number}" if several else "deck"
        values = []
        for card in cards:
            value = read_card(card)
            if value is None:
                raise BadOptions(f"{where}: unknown card {shown(card)} (cards: {cards_hint})")
            values.append(value)
        if Counter(values) != counts:
            raise BadOptions(f"{where} must hold exactly the {size} cards ({contents})")
        result.append(values)
    return result
