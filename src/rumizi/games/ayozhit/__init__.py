"""Ayozhit («آیوژیت»): the association game's content — picture deck, word deck, the card
renderer and the word × picture similarity table the bots use.

The rules on the engine are in ``rules`` (``GAME``), the state in ``state``, the bots in
``bots``. The similarity table needs numpy: import it from
``rumizi.games.ayozhit.similarity`` (this package's top level stays light, so describing
the game imports no numpy).
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
from .rules import GAME, Ayozhit

__all__ = [
    "GAME",
    "LANGS",
    "Ayozhit",
    "ContentError",
    "Layer",
    "Picture",
    "Text",
    "Word",
    "WordCard",
    "check_content",
    "load_pictures",
    "load_words",
    "render_card",
]
