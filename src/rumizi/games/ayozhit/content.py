"""Ayozhit's own content: the picture deck, the word deck and the icons they draw on.

Everything lives in ``data/`` beside this module and is read with the standard library
and PyYAML only. ``rumizi.content.ayozhit.check`` lists every problem with the data in
plain words; the test suite and ``rumizi ayozhit sheet`` both run it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml

DATA_DIR = Path(__file__).resolve().parent / "data"
ICON_DIR = DATA_DIR / "icons"
PICTURES_FILE = "pictures.yaml"
WORDS_FILE = "words.yaml"
#: What each picture brings to mind beyond its keywords (optional per picture).
ASSOCIATIONS_FILE = "associations.yaml"

LANGS: tuple[str, ...] = ("fa", "en")
Lang = Literal["fa", "en"]
Kind = Literal["icon", "dream"]

#: Where a single-icon card's icon sits (centre height) and how big it is (fraction of
#: the card width) unless the card gives its own ``size`` (square scene icons do).
ICON_CARD_Y = 0.47
ICON_CARD_SIZE = 0.62
MIN_KEYWORDS = 4
MAX_KEYWORDS = 10
#: The picture deck (data file and every shipped icon) must stay below this many bytes.
PICTURE_DECK_BUDGET = 1_000_000
MIN_ICON_CARDS = 200
MIN_DREAM_CARDS = 30
MIN_WORD_CARDS = 120
#: A deck word may name (be the title or a keyword of) at most this many pictures: a
#: keyword says what sets a picture apart, and the similarity table puts every picture a
#: word names in that word's top 10 (``rumizi.content.ayozhit.similarity.lift_named``).
MAX_NAMED_PICTURES = 10

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_WORD_ID = re.compile(r"^w\d{3}$")


class ContentError(ValueError):
    """A data file does not have the shape this module expects."""


@dataclass(frozen=True)
class Text:
    """A picture's title, keywords and associations in one language. Keywords say what
    sets the picture apart (a deck word names at most ``MAX_NAMED_PICTURES`` pictures);
    associations are what else it brings to mind, with no such limit."""

    title: str
    keywords: tuple[str, ...]
    associations: tuple[str, ...] = ()


@dataclass(frozen=True)
class Layer:
    """One icon placed on a card: centre (x, y) as fractions of the card's width and
    height, size as a fraction of the card's width, rotation in degrees."""

    icon: str
    x: float = 0.5
    y: float = 0.5
    size: float = 0.6
    rotate: float = 0.0


@dataclass(frozen=True)
class Picture:
    """One picture card: a single icon on a coloured card, or an authored dream card."""

    id: str
    kind: Kind
    group: str
    layers: tuple[Layer, ...]
    text: Mapping[str, Text]
    scene: str | None = None
    color: str | None = None

    @property
    def icons(self) -> tuple[str, ...]:
        """The icon names this card draws, in drawing order, without repeats."""
        return tuple(dict.fromkeys(layer.icon for layer in self.layers))

    def title(self, lang: str) -> str:
        return self.text[lang].title

    def keywords(self, lang: str) -> tuple[str, ...]:
        return self.text[lang].keywords

    def associations(self, lang: str) -> tuple[str, ...]:
        return self.text[lang].associations


@dataclass(frozen=True)
class Word:
    """One word of a word card, in both languages."""

    key: str
    en: str
    fa: str

    def __getitem__(self, lang: str) -> str:
        if lang == "en":
            return self.en
        if lang == "fa":
            return self.fa
        raise KeyError(lang)


@dataclass(frozen=True)
class WordCard:
    """A word card: two words, of which the first dreamer chooses one."""

    id: str
    words: tuple[Word, Word]


# --- loading -------------------------------------------------------------------------


def _read_yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"missing data file {path}") from None
    except yaml.YAMLError as exc:
        raise ContentError(f"{path} is not valid YAML: {exc}") from None


def _require(record: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in record or record[key] is None:
        raise ContentError(f"{where}: missing field {key!r}")
    return record[key]


def _text(record: Mapping[str, Any], lang: str, where: str) -> Text:
    block = _require(record, lang, where)
    if not isinstance(block, Mapping):
        raise ContentError(f"{where}: {lang!r} must be a mapping with title and keywords")
    title = _require(block, "title", f"{where}.{lang}")
    keywords = _require(block, "keywords", f"{where}.{lang}")
    if not isinstance(title, str) or not isinstance(keywords, list):
        raise ContentError(f"{where}.{lang}: title must be text and keywords a list")
    return Text(title.strip(), tuple(str(k).strip() for k in keywords))


def _layer(raw: Any, where: str) -> Layer:
    if not isinstance(raw, Mapping):
        raise ContentError(f"{where}: a layer must be a mapping")
    try:
        return Layer(
            icon=str(_require(raw, "icon", where)),
            x=float(raw.get("x", 0.5)),
            y=float(raw.get("y", 0.5)),
            size=float(raw.get("size", 0.6)),
            rotate=float(raw.get("rotate", 0.0)),
        )
    except (TypeError, ValueError):
        raise ContentError(f"{where}: x, y, size and rotate must be numbers") from None


def _associations(
    raw: Any, source: str = ASSOCIATIONS_FILE
) -> dict[str, dict[str, tuple[str, ...]]]:
    """Picture id → language → associations, from the parsed YAML mapping."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ContentError(f"{source}: expected a mapping of picture id to fa/en lists")
    out = {}
    for pid, block in raw.items():
        if not isinstance(block, Mapping) or not all(
            isinstance(block.get(lang, []), list) for lang in LANGS
        ):
            raise ContentError(f"{source}: {pid!r} needs lists under fa and en")
        out[str(pid)] = {lang: tuple(str(a).strip() for a in block.get(lang, [])) for lang in LANGS}
    return out


def parse_pictures(
    raw: Any, source: str = PICTURES_FILE, associations: Any = None
) -> tuple[Picture, ...]:
    """Pictures from the parsed YAML document (a list of records) and, optionally, the
    parsed associations file (picture id → fa/en lists)."""
    if not isinstance(raw, list):
        raise ContentError(f"{source}: expected a list of pictures")
    extra = _associations(associations)  # ids of no picture: check_content reports them
    pictures = []
    for index, record in enumerate(raw):
        if not isinstance(record, Mapping):
            raise ContentError(f"{source}[{index}]: expected a mapping")
        pid = str(_require(record, "id", f"{source}[{index}]"))
        where = f"{source}: picture {pid!r}"
        kind = _require(record, "kind", where)
        if kind not in ("icon", "dream"):
            raise ContentError(f"{where}: kind must be 'icon' or 'dream', not {kind!r}")
        if kind == "icon":
            icons = _require(record, "icons", where)
            if not isinstance(icons, list) or len(icons) != 1:
                raise ContentError(f"{where}: an icon card has exactly one icon")
            try:
                size = float(record.get("size", ICON_CARD_SIZE))
            except (TypeError, ValueError):
                raise ContentError(f"{where}: size must be a number") from None
            layers: tuple[Layer, ...] = (Layer(icon=str(icons[0]), y=ICON_CARD_Y, size=size),)
        else:
            raw_layers = _require(record, "layers", where)
            if not isinstance(raw_layers, list) or not raw_layers:
                raise ContentError(f"{where}: a dream card needs a list of layers")
            layers = tuple(_layer(item, where) for item in raw_layers)
        pictures.append(
            Picture(
                id=pid,
                kind=kind,
                group=str(record.get("group", kind)),
                layers=layers,
                text={
                    lang: _with(_text(record, lang, where), extra.get(pid, {}).get(lang, ()))
                    for lang in LANGS
                },
                scene=record.get("scene"),
                color=record.get("color"),
            )
        )
    return tuple(pictures)


def _with(text: Text, associations: tuple[str, ...]) -> Text:
    return Text(text.title, text.keywords, associations)


def parse_words(raw: Any, source: str = WORDS_FILE) -> tuple[WordCard, ...]:
    """Word cards from the parsed YAML document (a list of records)."""
    if not isinstance(raw, list):
        raise ContentError(f"{source}: expected a list of word cards")
    cards = []
    for index, record in enumerate(raw):
        if not isinstance(record, Mapping):
            raise ContentError(f"{source}[{index}]: expected a mapping")
        cid = str(_require(record, "id", f"{source}[{index}]"))
        where = f"{source}: card {cid!r}"
        words = _require(record, "words", where)
        if not isinstance(words, list) or len(words) != 2:
            raise ContentError(f"{where}: a word card has exactly two words")
        pair = []
        for slot, word in enumerate(words):
            if not isinstance(word, Mapping):
                raise ContentError(f"{where}: each word is a mapping with en and fa")
            en, fa = (str(_require(word, lang, where)).strip() for lang in ("en", "fa"))
            pair.append(Word(key=f"{cid}.{slot}", en=en, fa=fa))
        cards.append(WordCard(id=cid, words=(pair[0], pair[1])))
    return tuple(cards)


def load_pictures(data_dir: Path | None = None) -> tuple[Picture, ...]:
    """The picture deck, in file order."""
    if data_dir is None:
        return _default_pictures()
    return _pictures_from(data_dir)


def load_words(data_dir: Path | None = None) -> tuple[WordCard, ...]:
    """The word deck, in file order."""
    if data_dir is None:
        return _default_words()
    return parse_words(_read_yaml(data_dir / WORDS_FILE))


@cache
def _default_pictures() -> tuple[Picture, ...]:
    return _pictures_from(DATA_DIR)


def _pictures_from(data_dir: Path) -> tuple[Picture, ...]:
    extra = data_dir / ASSOCIATIONS_FILE
    associations = _read_yaml(extra) if extra.is_file() else None
    return parse_pictures(_read_yaml(data_dir / PICTURES_FILE), associations=associations)


@cache
def _default_words() -> tuple[WordCard, ...]:
    return parse_words(_read_yaml(DATA_DIR / WORDS_FILE))


def all_words(cards: Iterable[WordCard]) -> tuple[Word, ...]:
    """Every word of every card, two per card, in deck order."""
    return tuple(word for card in cards for word in card.words)


#: Persian letters written with Arabic code points, tatweel, diacritics and the hamza
#: above (ستارهٔ → ستاره) folded away; a zero-width non-joiner compares as a space.
_FOLD = str.maketrans(
    {"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9", "\u0640": None, "\u200c": " "}
    | {chr(c): None for c in (*range(0x064B, 0x0656), 0x0670)}
)


def normalise(text: str) -> str:
    """A word, title or keyword as compared: NFKC, case-folded, Persian letters folded
    (``_FOLD``), runs of spaces as one."""
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_FOLD)
    return " ".join(folded.split())


def named_pairs(
    pictures: Iterable[Picture], words: Iterable[Word]
) -> list[tuple[str, str, bool, bool]]:
    """(word key, picture id, named in Persian, named in English) for every word that is a
    picture's title or one of its keywords, in either language, after ``normalise``."""
    words = tuple(words)
    pairs = []
    for picture in pictures:
        names = {
            lang: {normalise(n) for n in (picture.title(lang), *picture.keywords(lang))}
            for lang in LANGS
        }
        for word in words:
            fa, en = (normalise(word[lang]) in names[lang] for lang in ("fa", "en"))
            if fa or en:
                pairs.append((word.key, picture.id, fa, en))
    return pairs


def find_word(cards: Iterable[WordCard], text: str, lang: str = "en") -> Word:
    """The word whose ``lang`` form is ``text`` (case-insensitive); KeyError if none."""
    wanted = text.strip().casefold()
    for word in all_words(cards):
        if word[lang].casefold() == wanted:
            return word
    raise KeyError(f"no word {text!r} ({lang}) in the word deck")


def icon_path(name: str, icon_dir: Path = ICON_DIR) -> Path:
    return icon_dir / f"{name}.svg"


@cache
def icon_body(name: str) -> str:
    """The inner markup of a shipped 32×32 icon (what goes inside ``<svg viewBox="0 0 32 32">``)."""
    text = icon_path(name).read_text(encoding="utf-8")
    start = text.index(">", text.index("<svg")) + 1
    end = text.rindex("</svg>")
    return text[start:end]


# --- checks --------------------------------------------------------------------------


def deck_bytes(pictures: Sequence[Picture], data_dir: Path = DATA_DIR) -> int:
    """Bytes of the picture deck: its data file and every icon it uses, counted once
    (a missing icon counts nothing; ``check_content`` reports it)."""
    icons = {icon for picture in pictures for icon in picture.icons}
    total = (data_dir / PICTURES_FILE).stat().st_size
    paths = (icon_path(icon, data_dir / "icons") for icon in icons)
    return total + sum(path.stat().st_size for path in paths if path.is_file())
