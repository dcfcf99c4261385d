"""The 52 cards of Ugha Bugha: 16 caveman words (3 copies each) and 4 gesture cards.

The words are Rumizi's own: short, pronounceable, each with a Latin and a Persian
spelling, a picture (an emoji symbol and its name) and a colour of its own, so that
players tell them apart at a glance.

Inside the engine a card is a number: 0–15 the words, 16–18 the gestures one enters like a
word (bang, clap, tongue), 19 the *repeat* card. Outside (actions, views, events) a card
is its id. An *item* is what one says or does when reciting: a word or one of the three
gestures; the repeat card is never an item of its own, it copies the item under it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of card: how it is written, pictured and coloured."""

    id: str
    latin: str
    persian: str
    symbol: str
    picture: tuple[str, str]
    """What the symbol shows, in English and Persian."""
    colour: str
    """A hex colour for screens."""
    colour_name: tuple[str, str]
    """The colour's name in English and Persian."""

    def name(self, lang: str) -> str:
        return self.persian if lang == "fa" else self.latin


WORDS: Final = (
    Card("bunga", "Bunga", "بونگا", "🥁", ("drum", "طبل"), "#F77F00", ("orange", "نارنجی")),
    Card("drok", "Drok", "دروک", "🔥", ("fire", "آتش"), "#D62828", ("red", "قرمز")),
    Card("hupa", "Hupa", "هوپا", "💧", ("water", "آب"), "#4CC9F0", ("sky blue", "آبی آسمانی")),
    Card("kaza", "Kaza", "کازا", "🦴", ("bone", "استخوان"), "#8B5A2B", ("brown", "قهوه‌ای")),
    Card("lumo", "Lumo", "لومو", "🌙", ("moon", "ماه"), "#9AA0A6", ("grey", "خاکستری")),
    Card("mogo", "Mogo", "موگو", "🌞", ("sun", "خورشید"), "#FFD60A", ("yellow", "زرد")),
    Card("wuga", "Wuga", "ووگا", "🍖", ("meat", "گوشت"), "#FF70A6", ("pink", "صورتی")),
    Card("oktu", "Oktu", "اُکتو", "🌳", ("tree", "درخت"), "#2D6A4F", ("forest green", "سبز جنگلی")),
    Card("pafa", "Pafa", "پافا", "🐸", ("frog", "قورباغه"), "#9EF01A", ("lime", "سبز لیمویی")),
    Card("rakka", "Rakka", "راکا", "🐟", ("fish", "ماهی"), "#0F9D8F", ("teal", "سبزآبی")),
    Card("shuba", "Shuba", "شوبا", "🍄", ("mushroom", "قارچ"), "#9D4EDD", ("violet", "بنفش")),
    Card("tonk", "Tonk", "تونک", "🐻", ("bear", "خرس"), "#1D4ED8", ("blue", "آبی")),
    Card("urgh", "Urgh", "اورغ", "🐍", ("snake", "مار"), "#808000", ("olive", "زیتونی")),
    Card("vumba", "Vumba", "وومبا", "🐺", ("wolf", "گرگ"), "#800020", ("maroon", "زرشکی")),
    Card("yiki", "Yiki", "ییکی", "⭐", ("star", "ستاره"), "#111111", ("black", "سیاه")),
    Card("zog", "Zog", "زوگ", "🥚", ("egg", "تخم"), "#3A0CA3", ("indigo", "نیلی")),
)

GESTURES: Final = (
    Card(
        "bang",
        "Bang the table",
        "مشت بکوب",
        "👊",
        ("fist on the table", "مشت روی میز"),
        "#E5E5E5",
        ("white", "سفید"),
    ),
    Card(
        "clap", "Clap", "دست بزن", "👏", ("clapping hands", "دست زدن"), "#C9ADA7", ("stone", "سنگی")
    ),
    Card(
        "tongue",
        "Stick out the tongue",
        "زبان دربیاور",
        "😛",
        ("tongue out", "زبان درآوردن"),
        "#F4A261",
        ("peach", "هلویی"),
    ),
    Card(
        "repeat",
        "Repeat the previous item",
        "تکرار قبلی",
        "🔁",
        ("arrows in a circle", "پیکان‌های چرخان"),
        "#ADB5BD",
        ("silver", "نقره‌ای"),
    ),
)

CARDS: Final = WORDS + GESTURES
"""Every kind of card by number: 0–15 words, 16 bang, 17 clap, 18 tongue, 19 repeat."""

BANG, CLAP, TONGUE, REPEAT = 16, 17, 18, 19
COPIES_OF_A_WORD: Final = 3

IDS: Final = tuple(c.id for c in CARDS)
NUMBER: Final = {cid: n for n, cid in enumerate(IDS)}

ITEMS: Final = tuple(range(REPEAT))
"""What may be said or done when reciting: the 16 words and the 3 gestures (not repeat)."""

ITEM_IDS: Final = tuple(IDS[i] for i in ITEMS)

FULL_DECK: Final = tuple(
    [w for w in range(len(WORDS)) for _ in range(COPIES_OF_A_WORD)] + [BANG, CLAP, TONGUE, REPEAT]
)
"""The 52 cards, in a fixed order."""

DECK_COUNTS: Final = Counter(FULL_DECK)


def is_word(card: int) -> bool:
    return card < len(WORDS)


def recitation(pile: list[int] | tuple[int, ...]) -> list[int]:
    """What must be said for ``pile`` (bottom first): one item per card, bottom to top.

    A repeat card copies the item said for the card directly under it; as the first card
    of a chain (or over a card that was itself skipped) it means nothing and is skipped.
    """
    items: list[int] = []
    previous: int | None = None
    for card in pile:
        item = previous if card == REPEAT else card
        if item is not None:
            items.append(item)
        previous = item
    return items
