"""Content checks for Ayozhit: the picture deck, the word deck, icons, licences, sizes."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from rumizi.content.ayozhit.check import check_content
from rumizi.games.ayozhit import content
from rumizi.games.ayozhit.content import (
    DATA_DIR,
    LANGS,
    ContentError,
    all_words,
    load_pictures,
    load_words,
    parse_pictures,
    parse_words,
)

PERSIAN = set("ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیآءئؤأ")
LATIN = set("abcdefghijklmnopqrstuvwxyz")


def test_shipped_content_has_no_problems() -> None:
    assert check_content() == []


def test_deck_sizes_meet_the_issue() -> None:
    pictures = load_pictures()
    kinds = Counter(p.kind for p in pictures)
    assert kinds["icon"] >= 200
    assert kinds["dream"] >= 30
    assert len(load_words()) >= 120


def test_ids_are_unique_and_titles_unique_per_language() -> None:
    pictures = load_pictures()
    assert len({p.id for p in pictures}) == len(pictures)
    for lang in LANGS:
        titles = [p.title(lang).casefold() for p in pictures]
        assert len(set(titles)) == len(titles), lang
    cards = load_words()
    assert len({c.id for c in cards}) == len(cards)
    for lang in LANGS:
        words = [w[lang].casefold() for w in all_words(cards)]
        assert len(set(words)) == len(words), lang


def test_every_field_is_present_in_both_languages_and_in_its_script() -> None:
    for p in load_pictures():
        for lang, script in (("fa", PERSIAN), ("en", LATIN)):
            text = p.text[lang]
            assert text.title and set(text.title.lower()) & script, (p.id, lang, text.title)
            assert 4 <= len(text.keywords) <= 10, (p.id, lang)
            for keyword in text.keywords:
                assert keyword and set(keyword.lower()) & script, (p.id, lang, keyword)
    for card in load_words():
        for word in card.words:
            assert set(word.fa) & PERSIAN and not set(word.fa.lower()) & LATIN, word
            assert set(word.en.lower()) & LATIN and not set(word.en) & PERSIAN, word


def test_every_referenced_icon_is_shipped_and_every_shipped_icon_is_used() -> None:
    used = {icon for p in load_pictures() for icon in p.icons}
    shipped = {path.stem for path in (DATA_DIR / "icons").glob("*.svg")}
    assert used <= shipped, sorted(used - shipped)
    assert shipped <= used, sorted(shipped - used)
    for name in shipped:
        text = (DATA_DIR / "icons" / f"{name}.svg").read_text(encoding="utf-8")
        assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">')
        assert "<script" not in text and 'href="http' not in text


def test_picture_deck_is_under_one_megabyte() -> None:
    pictures = load_pictures()
    files = [DATA_DIR / "pictures.yaml"] + [
        DATA_DIR / "icons" / f"{icon}.svg" for icon in {i for p in pictures for i in p.icons}
    ]
    total = sum(f.stat().st_size for f in files)
    assert total == content.deck_bytes(pictures)
    assert total < 1_000_000


def test_licences_are_shipped() -> None:
    mit = (DATA_DIR / "LICENSE-fluent-emoji.txt").read_text(encoding="utf-8")
    assert "MIT License" in mit and "Copyright (c) Microsoft Corporation" in mit
    unicode = (DATA_DIR / "LICENSE-unicode-cldr.txt").read_text(encoding="utf-8")
    assert "UNICODE LICENSE V3" in unicode and "Unicode, Inc." in unicode


def test_dropped_culturally_sensitive_items_stay_out() -> None:
    icons = {icon for p in load_pictures() for icon in p.icons}
    sensitive = {
        "pig",
        "pig-face",
        "boar",
        "bacon",
        "wine-glass",
        "beer-mug",
        "cocktail-glass",
        "bottle-with-popping-cork",
        "latin-cross",
        "star-of-david",
        "hamsa",
        "kaaba",
        "mosque",
        "thumbs-up",
        "dog",
        "bomb",
        "dagger",
        "skull",
    }
    assert not icons & sensitive
    keywords = {k.casefold() for p in load_pictures() for lang in LANGS for k in p.keywords(lang)}
    assert not keywords & {"gay", "lgbt", "queer", "wine", "pork", "halloween"}


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def test_check_content_reports_broken_data(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    raw = yaml.safe_load((data / "pictures.yaml").read_text(encoding="utf-8"))
    raw[1]["id"] = raw[0]["id"]
    raw[2]["fa"]["keywords"] = raw[2]["fa"]["keywords"][:2]
    raw[3]["en"]["title"] = raw[4]["en"]["title"]
    raw[5]["icons"] = ["no-such-icon"]
    dream = next(r for r in raw if r["kind"] == "dream")
    dream["scene"] = "nowhere"
    (data / "pictures.yaml").write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    words = yaml.safe_load((data / "words.yaml").read_text(encoding="utf-8"))
    words[1]["words"][0]["fa"] = words[0]["words"][0]["fa"]
    (data / "words.yaml").write_text(yaml.safe_dump(words, allow_unicode=True), encoding="utf-8")
    problems = "\n".join(check_content(data))
    assert f"duplicate picture id {raw[0]['id']!r}" in problems
    assert "has 2 fa keywords" in problems
    assert "duplicate en picture title" in problems
    assert "'no-such-icon', which is not shipped" in problems
    assert "unknown scene 'nowhere'" in problems
    assert "is on two cards" in problems


def test_parsers_give_clear_errors() -> None:
    with pytest.raises(ContentError, match="missing field 'fa'"):
        parse_pictures(
            [{"id": "x", "kind": "icon", "icons": ["owl"], "en": {"title": "X", "keywords": []}}]
        )
    with pytest.raises(ContentError, match="kind must be"):
        parse_pictures([{"id": "x", "kind": "photo"}])
    with pytest.raises(ContentError, match="exactly two words"):
        parse_words([{"id": "w001", "words": [{"en": "a", "fa": "ب"}]}])
    with pytest.raises(ContentError, match="a dream card needs a list of layers"):
        parse_pictures([{"id": "d", "kind": "dream", "layers": []}])


def test_word_keys_are_card_and_slot() -> None:
    cards = load_words()
    keys = [w.key for w in all_words(cards)]
    assert keys[:2] == [f"{cards[0].id}.0", f"{cards[0].id}.1"]
    assert len(keys) == 2 * len(cards) == len(set(keys))
