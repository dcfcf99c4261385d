"""The card face in SVG: the three animals on their edges as the turned card shows them,
the die's face with its white square, letters on the stones, and the title in fa and en."""

from __future__ import annotations

import re

from rumizi.content.tuki.svg import card_svg
from rumizi.games.tuki.cards import find_card

ICON = re.compile(r'<g transform="translate\(([\d.]+) ([\d.]+)\)[^>]*><title>([\w ]+)</title>')


def icons(svg: str) -> list[tuple[float, float, str]]:
    return [(float(x), float(y), name) for x, y, name in ICON.findall(svg)]


def test_the_rolled_animal_is_at_the_bottom_and_the_others_turn_with_the_card() -> None:
    card = find_card("N01")  # fox at 0°, walrus at 90°, polar bear at 270°
    svg = card_svg(card, 90, "white")
    edge, die = [i for i in icons(svg) if i[2] == "walrus"], svg.count("<title>walrus</title>")
    assert die == 2  # on the card's bottom edge, and on the die
    bear = next(i for i in icons(svg) if i[2] == "polar bear")
    fox = next(i for i in icons(svg) if i[2] == "arctic fox")
    walrus = min(edge, key=lambda i: i[1])
    assert bear[1] < fox[1] < walrus[1]  # the left edge went up, the bottom edge went left
    assert fox[0] < walrus[0] and abs(bear[0] - walrus[0]) < 1
    assert 'fill="#fff" stroke="#334"' in svg  # the die's white square
    assert 'fill="#fff" stroke="#334"' not in card_svg(card, 90, "plain")


def test_stones_carry_letters_and_the_title_is_in_both_languages() -> None:
    svg = card_svg(find_card("N01"), 0, "plain")
    letters = re.findall(r'font-weight="bold" fill="#fff">([GBPO])</text>', svg)
    assert {"G", "B", "P"} <= set(letters)
    assert "Tuki · توکی · card N01" in svg
