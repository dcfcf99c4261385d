"""The 16 cards of the classic edition, with their names and texts in Persian and English.

Inside the engine a card is its value (1–8); outside (actions, views, events) it is its id.
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

NAMES: Final = {
    "en": ("", "Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"),
    "fa": ("", "نگهبان", "کشیش", "بارون", "ندیمه", "شاهزاده", "شاه", "کنتس", "پرنسس"),
}

TEXTS: Final = {
    "en": (
        "",
        "Choose another player and name a card other than Guard. If they hold it, they are "
        "out of the round.",
        "Choose another player and look at their hand. Only you see it.",
        "Choose another player and compare hands in secret. The lower card is out of the "
        "round; on a tie nothing happens.",
        "Until the start of your next turn, other players' cards cannot target you.",
        "Choose any player still in the round, yourself included. They discard their hand "
        "without its effect and draw a new card (the set-aside card if the deck is empty). "
        "Discarding the Princess knocks them out.",
        "Choose another player and trade hands with them.",
        "No effect. You must play the Countess if your other card is the King or a Prince.",
        "If you play or discard the Princess for any reason, you are out of the round.",
    ),
    "fa": (
        "",
        "بازیکن دیگری را انتخاب کنید و نام کارتی به‌جز نگهبان را بگویید. اگر آن کارت در "
        "دستش باشد، از این دور بیرون می‌رود.",
        "بازیکن دیگری را انتخاب کنید و دستش را ببینید؛ فقط شما آن را می‌بینید.",
        "بازیکن دیگری را انتخاب کنید و پنهانی دست‌هایتان را مقایسه کنید. کارت کوچک‌تر از "
        "این دور بیرون می‌رود؛ اگر برابر باشند اتفاقی نمی‌افتد.",
        "تا شروع نوبت بعدی‌تان، کارت‌های بازیکنان دیگر نمی‌توانند شما را هدف بگیرند.",
        "یکی از بازیکنانِ درون دور را انتخاب کنید، خودتان هم می‌شود. او دستش را بی‌اثر کنار "
        "می‌گذارد و کارت تازه‌ای می‌کشد (اگر دسته تمام شده باشد، کارتِ کنارگذاشته را). اگر "
        "پرنسس را کنار بگذارد، بیرون می‌رود.",
        "بازیکن دیگری را انتخاب کنید و دستتان را با دست او عوض کنید.",
        "اثری ندارد. اگر کارت دیگرتان شاه یا شاهزاده باشد، باید کنتس را بازی کنید.",
        "اگر پرنسس را به هر دلیلی بازی کنید یا کنار بگذارید، از این دور بیرون می‌روید.",
    ),
}


def card_id(value: int) -> str:
    return IDS[value]


def name(value: int, lang: str = "en") -> str:
    return NAMES[lang][value]


def text(value: int, lang: str = "en") -> str:
    return TEXTS[lang][value]


def value(card: str) -> int:
    """The value (1–8) of the card with id ``card``, e.g. ``value("baron") == 3``."""
    return VALUE[card]


def chooses_another(card: str) -> bool:
    """Whether the card with id ``card`` chooses another player (Guard, Priest, Baron,
    King): played when nobody may be chosen, it has no effect."""
    return VALUE[card] in TARGETS_ANOTHER
