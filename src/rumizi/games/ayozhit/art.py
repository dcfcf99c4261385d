"""The pictures a host serves for Ayozhit's table (``/art/ayozhit/<name>``): every picture
card as SVG, drawn by the one card renderer from the same records as the contact sheet,
and the picture titles in both languages.

``art(name)`` returns ``(body, media type)`` or ``None`` for a name it does not know.
"""

from __future__ import annotations

import json
from functools import cache

from .content import load_pictures
from .render import render_card

SVG = "image/svg+xml"
JSON = "application/json"


@cache
def _pictures() -> dict[str, int]:
    return {p.id: i for i, p in enumerate(load_pictures())}


@cache
def titles() -> str:
    """``{picture id: {"fa": title, "en": title}}`` as JSON."""
    records = {p.id: {"fa": p.title("fa"), "en": p.title("en")} for p in load_pictures()}
    return json.dumps(records, ensure_ascii=False, separators=(",", ":"))


@cache
def picture_svg(picture_id: str) -> str:
    """A picture card as a standalone SVG file (its shadows included)."""
    picture = load_pictures()[_pictures()[picture_id]]
    return render_card(picture, standalone=True)


def art(name: str) -> tuple[str, str] | None:
    if name == "pictures.json":
        return titles(), JSON
    if name.endswith(".svg") and name[: -len(".svg")] in _pictures():
        return picture_svg(name[: -len(".svg")]), SVG
    return None
