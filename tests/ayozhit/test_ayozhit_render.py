"""The Ayozhit card renderer and the contact-sheet command."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from rumizi.cli import app
from rumizi.content.ayozhit.sheet import contact_sheet
from rumizi.games.ayozhit import render
from rumizi.games.ayozhit.content import Layer, Picture, Text, icon_body, load_pictures, load_words

SVG = "{http://www.w3.org/2000/svg}"


def _picture(kind: str = "icon", **kw: object) -> Picture:
    text = {"fa": Text("جغد", ("شب",) * 4), "en": Text("Owl", ("night",) * 4)}
    base: dict[str, object] = {
        "id": "test-card",
        "kind": kind,
        "group": "animal",
        "layers": (Layer("owl", 0.5, 0.47, 0.62),),
        "text": text,
    }
    base.update(kw)
    return Picture(**base)  # type: ignore[arg-type]


def test_every_card_renders_to_well_formed_card_sized_svg() -> None:
    for picture in load_pictures():
        root = ET.fromstring(render.render_card(picture, standalone=True))
        assert root.tag == f"{SVG}svg"
        assert root.get("viewBox") == f"0 0 {render.CARD_W} {render.CARD_H}"
        nested = root.findall(f".//{SVG}svg")
        assert len(nested) == len(picture.layers)
        ids = [el.get("id") for el in root.iter() if el.get("id")]
        assert len(ids) == len(set(ids)), picture.id


def test_a_dream_card_draws_its_scene_and_places_layers_where_the_data_says() -> None:
    dream = _picture(
        "dream",
        scene="night",
        layers=(Layer("owl", 0.5, 0.6, 0.5), Layer("crescent-moon", 0.8, 0.2, 0.2, -20)),
    )
    root = ET.fromstring(render.render_card(dream))
    hero, small = root.findall(f".//{SVG}svg")
    assert float(hero.get("width", "0")) == 0.5 * render.CARD_W
    assert float(hero.get("x", "0")) + 0.25 * render.CARD_W == 0.5 * render.CARD_W
    assert float(small.get("y", "0")) + 0.1 * render.CARD_W == 0.2 * render.CARD_H
    stars = [c for c in root.iter(f"{SVG}circle") if c.get("fill") == "#fffbe6"]
    assert len(stars) == render.SCENES["night"].stars
    groups = [g for g in root.iter(f"{SVG}g") if "ayz-small" in (g.get("class") or "")]
    assert groups[0].get("transform", "").startswith("rotate(-20 ")


def test_single_icon_colour_stands_apart_from_the_icon() -> None:
    # the card colour for a strongly coloured icon is at least 90 degrees round the wheel
    import colorsys

    for picture in load_pictures():
        if picture.kind != "icon" or picture.color:
            continue
        found = render.dominant_hue(picture.layers[0].icon)
        if found is None or found[1] < 0.15:
            continue
        color = render.card_color(picture)
        r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
        hue = colorsys.rgb_to_hls(r, g, b)[0]
        distance = min(abs(hue - found[0]), 1 - abs(hue - found[0]))
        assert distance >= 0.25, picture.id


def test_icon_ids_are_scoped_per_card() -> None:
    with_ids = [p for p in load_pictures() if 'id="' in icon_body(p.layers[0].icon)]
    assert with_ids, "the deck has icons with internal ids (gradients); this test needs one"
    picture = with_ids[0]
    a = render.render_card(picture, uid="one")
    b = render.render_card(picture, uid="two")
    ids_a = set(re.findall(r'id="([^"]+)"', a))
    ids_b = set(re.findall(r'id="([^"]+)"', b))
    assert not ids_a & ids_b
    for ref in re.findall(r"url\(#([^)]+)\)", a):
        assert ref in ids_a


def test_card_carries_no_words_unless_labelled() -> None:
    picture = load_pictures()[0]
    plain = render.render_card(picture)
    assert picture.title("en") not in plain and picture.title("fa") not in plain
    assert 'aria-label="Sun"' in render.render_card(picture, label="Sun")


def test_contact_sheet_lists_every_card_and_word() -> None:
    pictures, cards = load_pictures(), load_words()
    page = contact_sheet(pictures, cards)
    assert page.count('class="ayz-card"') == len(pictures)
    for card in cards:
        for word in card.words:
            assert word.fa in page and word.en in page
    assert pictures[-1].title("fa") in page


def test_sheet_command_writes_html_and_svgs(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["ayozhit", "sheet", "--out", str(tmp_path / "sheet")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "sheet" / "index.html").is_file()
    svgs = list((tmp_path / "sheet" / "cards").glob("*.svg"))
    assert len(svgs) == len(load_pictures())
    ET.parse(svgs[0])
