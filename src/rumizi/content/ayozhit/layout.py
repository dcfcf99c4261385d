"""How a dream card is composed, measured from its layers (a content tool: the contact
sheet prints it and the tests check it).

Every icon is drawn in a 32×32 box; its drawing fills about nine tenths of the box, so an
icon is taken as the square ``DRAWN`` × its size around its centre. Two icons *touch* when
those squares overlap or are at most ``TOUCH`` card units apart (the card is 200 wide).
A card's *layout* names where its hero stands (left/centre/right, high/middle/low) and
where each other icon is put against the hero: ``on`` it, ``under`` it, ``beside`` it or
``in`` it.
"""

from __future__ import annotations

from rumizi.games.ayozhit.content import Layer, Picture
from rumizi.games.ayozhit.render import CARD_H, CARD_W

DRAWN = 0.9
TOUCH = 3.0

Box = tuple[float, float, float, float]


def drawn_box(layer: Layer) -> Box:
    """The square an icon's drawing covers on the card: (left, top, right, bottom)."""
    cx, cy, half = layer.x * CARD_W, layer.y * CARD_H, layer.size * CARD_W * DRAWN / 2
    return cx - half, cy - half, cx + half, cy + half


def gap(a: Layer, b: Layer) -> float:
    """How far apart two icons' drawings are (0 when they overlap)."""
    (al, at, ar, ab), (bl, bt, br, bb) = drawn_box(a), drawn_box(b)
    return max(al - br, bl - ar, at - bb, bt - ab, 0.0)


def loose(picture: Picture) -> list[str]:
    """The icons of a dream card that touch no other icon of it (none, on a good card)."""
    layers = picture.layers
    return [
        layer.icon
        for i, layer in enumerate(layers)
        if all(gap(layer, other) > TOUCH for j, other in enumerate(layers) if j != i)
    ]


def relation(hero: Layer, layer: Layer) -> str:
    """Where ``layer`` is put against the hero: in, on, under or beside it."""
    left, top, right, bottom = drawn_box(hero)
    margin = (right - left) / 4
    x, y = layer.x * CARD_W, layer.y * CARD_H
    if left + margin < x < right - margin and top + margin < y < bottom - margin:
        return "in"
    if y < top + margin:
        return "on"
    if y > bottom - margin:
        return "under"
    return "beside"


def layout(picture: Picture) -> str:
    """``"centre-low: on+on"``: where the hero stands and where the other icons are."""
    hero, *others = picture.layers
    column = ("left", "centre", "right")[min(2, int(hero.x * 3))]
    row = ("high", "middle", "low")[min(2, int(hero.y * 3))]
    return f"{column}-{row}: " + "+".join(sorted(relation(hero, o) for o in others))
