"""Ayozhit («آیوژیت»): the association game's content — picture deck, word deck, the card
renderer and the word × picture similarity table the bots use.

The rules on the engine are in ``rules`` (``GAME``), the state in ``state``, the bots in
``bots``. The similarity table needs numpy: import it from
``rumizi.games.ayozhit.similarity``. The names below load on first use, so that reading
the game's description (``rumizi --help``, ``/api/games``) imports no rules, no content
and no numpy.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOMES = {
    "GAME": "rules",
    "Ayozhit": "rules",
    "render_card": "render",
    **{
        name: "content"
        for name in (
            "LANGS",
            "ContentError",
            "Layer",
            "Picture",
            "Text",
            "Word",
            "WordCard",
            "check_content",
            "load_pictures",
            "load_words",
        )
    },
}

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


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
