"""What the table's pictures are drawn from: ``art.art(name)`` serves every picture card
as the card renderer draws it (the contact sheet's records) and the titles in both
languages, and nothing else."""

from __future__ import annotations

import json

from rumizi.games.ayozhit.art import art
from rumizi.games.ayozhit.content import load_pictures
from rumizi.games.ayozhit.render import render_card


def test_every_picture_is_served_as_the_renderer_draws_it() -> None:
    pictures = load_pictures()
    for picture in (pictures[0], pictures[-1], *(p for p in pictures if p.kind == "dream")):
        found = art(f"{picture.id}.svg")
        assert found == (render_card(picture, standalone=True), "image/svg+xml")


def test_titles_in_both_languages() -> None:
    found = art("pictures.json")
    assert found is not None and found[1] == "application/json"
    titles = json.loads(found[0])
    assert list(titles) == [p.id for p in load_pictures()]
    owl = next(p for p in load_pictures() if p.id == "owl")
    assert titles["owl"] == {"fa": owl.title("fa"), "en": owl.title("en")}


def test_unknown_names_are_refused() -> None:
    for name in ("nothing.svg", "owl.png", "../content.py", "owl", "", "pictures.yaml"):
        assert art(name) is None
