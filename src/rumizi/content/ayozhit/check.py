"""Ayozhit's content check: every problem with the shipped picture and word decks, in
plain words (``check_content``), run by the tests and by ``rumizi ayozhit sheet``. A
content tool: the rules never import it (it needs the card renderer's scene names).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from rumizi.games.ayozhit.content import (
    _ID,
    _WORD_ID,
    ASSOCIATIONS_FILE,
    DATA_DIR,
    LANGS,
    MAX_KEYWORDS,
    MAX_NAMED_PICTURES,
    MIN_DREAM_CARDS,
    MIN_ICON_CARDS,
    MIN_KEYWORDS,
    MIN_WORD_CARDS,
    PICTURE_DECK_BUDGET,
    ContentError,
    _associations,
    _read_yaml,
    all_words,
    deck_bytes,
    icon_path,
    load_pictures,
    load_words,
    named_pairs,
    normalise,
)
from rumizi.games.ayozhit.render import SCENES  # the renderer owns the scene names


def _duplicates(values: Iterable[str]) -> list[str]:
    return sorted(value for value, count in Counter(values).items() if count > 1)


def check_content(data_dir: Path = DATA_DIR) -> list[str]:
    """Every problem with the shipped content, in plain words; empty when all is well."""
    problems: list[str] = []
    try:
        pictures = load_pictures(data_dir)
        cards = load_words(data_dir)
    except ContentError as exc:
        return [str(exc)]

    problems += [f"duplicate picture id {d!r}" for d in _duplicates(p.id for p in pictures)]
    for lang in LANGS:
        titles = (p.title(lang).casefold() for p in pictures)
        problems += [f"duplicate {lang} picture title {d!r}" for d in _duplicates(titles)]
    icon_cards = [p for p in pictures if p.kind == "icon"]
    dream_cards = [p for p in pictures if p.kind == "dream"]
    if len(icon_cards) < MIN_ICON_CARDS:
        problems.append(f"only {len(icon_cards)} single-icon cards; need {MIN_ICON_CARDS}")
    if len(dream_cards) < MIN_DREAM_CARDS:
        problems.append(f"only {len(dream_cards)} dream cards; need {MIN_DREAM_CARDS}")
    for p in pictures:
        if not _ID.match(p.id):
            problems.append(f"picture id {p.id!r} is not lower-case-with-dashes")
        for lang in LANGS:
            text = p.text[lang]
            if not text.title:
                problems.append(f"picture {p.id!r} has no {lang} title")
            if not MIN_KEYWORDS <= len(text.keywords) <= MAX_KEYWORDS:
                problems.append(
                    f"picture {p.id!r} has {len(text.keywords)} {lang} keywords; "
                    f"need {MIN_KEYWORDS}-{MAX_KEYWORDS}"
                )
            if any(not k for k in text.keywords):
                problems.append(f"picture {p.id!r} has an empty {lang} keyword")
            for d in _duplicates(normalise(k) for k in text.keywords):
                problems.append(f"picture {p.id!r} repeats the {lang} keyword {d!r}")
        for icon in p.icons:
            if not icon_path(icon, data_dir / "icons").is_file():
                problems.append(f"picture {p.id!r} uses icon {icon!r}, which is not shipped")
        if p.kind == "dream":
            if p.scene not in SCENES:
                problems.append(f"dream card {p.id!r} has unknown scene {p.scene!r}")
            if not 2 <= len(p.layers) <= 3:
                problems.append(f"dream card {p.id!r} needs a hero and one or two small icons")
            for layer in p.layers:
                if not (0 <= layer.x <= 1 and 0 <= layer.y <= 1 and 0 < layer.size <= 1):
                    problems.append(f"dream card {p.id!r}: layer {layer.icon!r} is off the card")
    size = deck_bytes(pictures, data_dir)
    if size >= PICTURE_DECK_BUDGET:
        problems.append(f"picture deck is {size} bytes; budget {PICTURE_DECK_BUDGET}")

    problems += [f"duplicate word card id {d!r}" for d in _duplicates(c.id for c in cards)]
    if len(cards) < MIN_WORD_CARDS:
        problems.append(f"only {len(cards)} word cards; need {MIN_WORD_CARDS}")
    words = all_words(cards)
    for lang in LANGS:
        texts = (w[lang].casefold() for w in words)
        problems += [f"the {lang} word {d!r} is on two cards" for d in _duplicates(texts)]
    extra = data_dir / ASSOCIATIONS_FILE
    if extra.is_file():
        ids = {p.id for p in pictures}
        for pid in _associations(_read_yaml(extra)):
            if pid not in ids:
                problems.append(f"{ASSOCIATIONS_FILE} has associations for no picture {pid!r}")
    for p in pictures:
        for lang in LANGS:
            if any(not a for a in p.associations(lang)):
                problems.append(f"picture {p.id!r} has an empty {lang} association")
    named = Counter(key for key, *_ in named_pairs(pictures, words))
    english = {w.key: w.en for w in words}
    problems += [
        f"the word {english[key]!r} names {n} pictures (title or keyword); at most "
        f"{MAX_NAMED_PICTURES}: keep it where it is most distinctive"
        for key, n in sorted(named.items())
        if n > MAX_NAMED_PICTURES
    ]
    for card in cards:
        if not _WORD_ID.match(card.id):
            problems.append(f"word card id {card.id!r} is not like w001")
        for word in card.words:
            for lang in LANGS:
                if not word[lang]:
                    problems.append(f"word card {card.id!r} has an empty {lang} word")
    return problems
