"""Ayozhit («آیوژیت»): the association game's content — picture deck, word deck, the card
renderer and the word × picture similarity table the bots use.

The rules on the engine come later; this package holds no ``GAME`` yet.
"""

from __future__ import annotations

from .content import (
    LANGS,
    ContentError,
    Layer,
    Picture,
    Text,
    Word,
    WordCard,
    check_content,
    load_pictures,
    load_words,
)
from .render import render_card
from .similarity import SimilarityTable, load_table

__all__ = [
    "LANGS",
    "ContentError",
    "Layer",
    "Picture",
    "SimilarityTable",
    "Text",
    "Word",
    "WordCard",
    "check_content",
    "load_pictures",
    "load_table",
    "load_words",
    "render_card",
]
