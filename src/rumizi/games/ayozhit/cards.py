"""The two decks as the rules see them: pictures and word cards by index.

The content itself (titles, keywords, layouts) lives in ``content``; the rules need only
each picture's id and icons (no icon may show twice on the table) and each word card's
id and two words.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .content import load_pictures, load_words


@cache
def picture_ids() -> tuple[str, ...]:
    """Every picture id, in deck (file) order; a picture's number is its index here."""
    return tuple(p.id for p in load_pictures())


@cache
def picture_number() -> dict[str, int]:
    return {pid: i for i, pid in enumerate(picture_ids())}


@cache
def picture_icons() -> tuple[frozenset[str], ...]:
    """The icons each picture draws (a dream card's several icons all count)."""
    return tuple(frozenset(p.icons) for p in load_pictures())


@cache
def word_card_ids() -> tuple[str, ...]:
    return tuple(c.id for c in load_words())


@cache
def word_card_number() -> dict[str, int]:
    return {cid: i for i, cid in enumerate(word_card_ids())}


def word_card(number: int) -> dict[str, Any]:
    """A word card as views and events show it: its id and two words (key, fa, en)."""
    card = load_words()[number]
    return {
        "id": card.id,
        "words": [{"key": w.key, "fa": w.fa, "en": w.en} for w in card.words],
    }


def word(number: int, slot: int) -> dict[str, str]:
    """One word of a word card: key, fa, en."""
    w = load_words()[number].words[slot]
    return {"key": w.key, "fa": w.fa, "en": w.en}
