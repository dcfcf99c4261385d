"""The pictures a host serves for Ayozhit's table (``/art/ayozhit/<name>``): every picture
card as SVG (``<picture id>.svg``), drawn by the one card renderer from the same records
as the contact sheet, and every word card (``word-<card id>.svg``). The pictures' titles
are in the game's text catalogue (``texts.py``, served with the game).

``art(name)`` returns ``(body, media type)`` or ``None`` for a name it does not know.
"""

from __future__ import annotations

from functools import cache

from .content import load_pictures, load_words
from .render import render_card, render_word_card

SVG = "image/svg+xml"


@cache
def _pictures() -> dict[str, int]:
    return {p.id: i for i, p in enumerate(load_pictures())}


@cache
def picture_svg(picture_id: str) -> str:
    """A picture card as a standalone SVG file (its shadows included)."""
    picture = load_pictures()[_pictures()[picture_id]]
    return render_card(picture, standalone=True)


@cache
def word_card_svg(card_id: str) -> str | None:
    """A word card as a standalone SVG file, or None for an unknown id."""
    card = next((c for c in load_words() if c.id == card_id), None)
    return None if card is None else render_word_card(card, standalone=True)


def art(name: str) -> tuple[str, str] | None:
    if name.startswith("word-") and name.endswith(".svg"):
        svg = word_card_svg(name[len("word-") : -len(".svg")])
        return None if svg is None else (svg, SVG)
    if name.endswith(".svg") and name[: -len(".svg")] in _pictures():
        return picture_svg(name[: -len(".svg")]), SVG
    return None
