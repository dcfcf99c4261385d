"""What the table's pictures are drawn from: ``art.art(name)`` serves every picture card
as the card renderer draws it (the contact sheet's records), every word card, and nothing
else."""

from __future__ import annotations

from rumizi.games.ayozhit.art import art
from rumizi.games.ayozhit.content import load_pictures
from rumizi.games.ayozhit.render import render_card


def test_every_picture_is_served_as_the_renderer_draws_it() -> None:
    pictures = load_pictures()
    for picture in (pictures[0], pictures[-1], *(p for p in pictures if p.kind == "dream")):
        found = art(f"{picture.id}.svg")
        assert found == (render_card(picture, standalone=True), "image/svg+xml")


def test_unknown_names_are_refused() -> None:
    for name in (
        "nothing.svg",
        "owl.png",
        "../content.py",
        "owl",
        "",
        "pictures.yaml",
        "pictures.json",
    ):
        assert art(name) is None


def test_word_cards_are_real_cards_with_both_words_in_both_languages() -> None:
    import xml.etree.ElementTree as ET

    from rumizi.content.ayozhit.sheet import contact_sheet
    from rumizi.games.ayozhit.content import load_words
    from rumizi.games.ayozhit.render import CARD_H, CARD_W, render_word_card

    cards = load_words()
    for card in cards:
        svg = render_word_card(card, standalone=True)
        root = ET.fromstring(svg)
        assert root.get("viewBox") == f"0 0 {CARD_W} {CARD_H}"  # a card, as a picture card
        texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        for word in card.words:
            assert word.fa in texts and word.en in texts
    first = cards[0]
    assert art(f"word-{first.id}.svg") == (
        render_word_card(first, standalone=True),
        "image/svg+xml",
    )
    assert art("word-w999.svg") is None
    sheet = contact_sheet(load_pictures()[:2], cards[:3])
    assert sheet.count('class="ayz-card ayz-word-card"') == 3
