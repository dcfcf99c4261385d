"""The dream cards read as one scene: the hero (the first layer, drawn first) is never a
single card's icon, every icon touches another (sits on it, in it, hangs from it), and
the layouts vary (measured by ``rumizi.content.ayozhit.layout``)."""

from __future__ import annotations

from collections import Counter

from rumizi.content.ayozhit.layout import gap, layout, loose, relation
from rumizi.games.ayozhit.content import Layer, Picture, Text, load_pictures

PICTURES = load_pictures()
DREAMS = [p for p in PICTURES if p.kind == "dream"]
SINGLE_ICONS = {p.layers[0].icon for p in PICTURES if p.kind == "icon"}


def test_no_hero_is_a_single_card() -> None:
    heroes = {p.id: p.layers[0].icon for p in DREAMS}
    assert {pid: icon for pid, icon in heroes.items() if icon in SINGLE_ICONS} == {}


def test_every_icon_touches_another() -> None:
    assert {p.id: loose(p) for p in DREAMS if loose(p)} == {}


def test_layouts_vary() -> None:
    layouts = Counter(layout(p) for p in DREAMS)
    assert len(layouts) >= 12, layouts
    assert max(layouts.values()) <= len(DREAMS) // 6, layouts.most_common(3)


def card(*layers: Layer) -> Picture:
    text = {lang: Text("t", ("a", "b", "c", "d")) for lang in ("fa", "en")}
    return Picture("x", "dream", "dream", layers, text, scene="day")


def test_the_measures_themselves() -> None:
    hero = Layer("moon", x=0.5, y=0.5, size=0.5)  # drawn 45 units each way of (100, 130)
    on = Layer("owl", x=0.5, y=0.5 - 60 / 260, size=0.2)  # 18 each way of (100, 70)
    far = Layer("owl", x=0.9, y=0.1, size=0.1)  # 50 units above the moon's drawing
    inside = Layer("ship", x=0.5, y=0.5, size=0.1)
    assert gap(hero, on) == 0.0 and gap(hero, far) == 50.0
    assert relation(hero, on) == "on" and relation(hero, inside) == "in"
    assert relation(hero, Layer("fox", x=0.5, y=0.8, size=0.2)) == "under"
    assert relation(hero, Layer("fox", x=0.85, y=0.5, size=0.2)) == "beside"
    assert loose(card(hero, on)) == [] and loose(card(hero, far)) == ["moon", "owl"]
    assert layout(card(hero, on, inside)) == "centre-middle: in+on"
