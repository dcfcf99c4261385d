"""The word × picture similarity table the Ayozhit bots use: the shipped table and how to
tell whether it is fresh. Reading it needs numpy only.

The table is built once, offline, by ``rumizi ayozhit build-similarity`` (the builder is a
content tool: ``rumizi.content.ayozhit.similarity``, with the embedding model of the
optional extra ``rumizi[content]``). The package ships the result:

- ``similarity.npz``: float16 tables ``avg``, ``fa`` and ``en`` (rows: every word of the
  word deck, ``w001.0``, ``w001.1``, …; columns: every picture, in deck order);
- ``similarity.json``: the row and column ids, the recipe and ``content_hash``, a hash of
  the content files the table was built from, so a stale table fails the tests.

Values are only comparable within one row: rank, don't threshold.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from .content import (
    ASSOCIATIONS_FILE,
    DATA_DIR,
    PICTURES_FILE,
    WORDS_FILE,
    Picture,
    Word,
    all_words,
    load_pictures,
    load_words,
)

TABLE_FILE = "similarity.npz"
META_FILE = "similarity.json"
#: The content files the table is built from.
CONTENT_FILES: tuple[str, ...] = (PICTURES_FILE, ASSOCIATIONS_FILE, WORDS_FILE)
#: Bump when the recipe changes, so that the shipped table counts as stale.
RECIPE_VERSION = 3
TABLES: tuple[str, ...] = ("avg", "fa", "en")

Matrix = NDArray[np.float32]


def content_hash(data_dir: Path = DATA_DIR) -> str:
    """SHA-256 over the recipe version and everything the table is built from, read from
    the content files: each picture's id, titles, keywords and associations and each word, in deck
    order. A change to any of these (not to a card's layout or colour) stales the table."""
    pictures = load_pictures(data_dir)
    words = all_words(load_words(data_dir))
    canonical = {
        "recipe": RECIPE_VERSION,
        "pictures": [[p.id, *(_names(p, lang) for lang in ("fa", "en"))] for p in pictures],
        "words": [[w.key, w.fa, w.en] for w in words],
    }
    blob = json.dumps(canonical, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()


def _names(picture: Picture, lang: str) -> list[object]:
    return [picture.title(lang), picture.keywords(lang), picture.associations(lang)]


def picture_text(picture: Picture, lang: str) -> str:
    """The passage a picture is embedded as: its title, then its keywords and its
    associations."""
    sep = "، " if lang == "fa" else ", "
    names = (*picture.keywords(lang), *picture.associations(lang))
    return f"{picture.title(lang)}: {sep.join(names)}"


def word_text(word: Word, lang: str) -> str:
    return word[lang]


@dataclass(frozen=True)
class SimilarityTable:
    """Word × picture similarities: ``avg`` (language-neutral), ``fa`` and ``en``."""

    word_keys: tuple[str, ...]
    picture_ids: tuple[str, ...]
    tables: dict[str, NDArray[np.float16]]
    content_hash: str
    recipe: dict[str, object]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rows", {key: i for i, key in enumerate(self.word_keys)})
        object.__setattr__(self, "_cols", {pid: i for i, pid in enumerate(self.picture_ids)})

    def row(self, word_key: str, table: str = "avg") -> Matrix:
        """One word's similarity to every picture (float32, deck order)."""
        rows: dict[str, int] = self.__dict__["_rows"]
        out: Matrix = self.tables[table][rows[word_key]].astype(np.float32)
        return out

    def scores(self, word_key: str, picture_ids: Sequence[str], table: str = "avg") -> Matrix:
        """One word's similarity to the given pictures, in the given order."""
        cols: dict[str, int] = self.__dict__["_cols"]
        index = np.fromiter((cols[pid] for pid in picture_ids), dtype=np.intp)
        return self.row(word_key, table)[index]

    def top(self, word_key: str, k: int = 10, table: str = "avg") -> list[str]:
        """The k pictures of the whole deck closest to the word, best first."""
        row = self.row(word_key, table)
        order = np.argsort(-row, kind="stable")[:k]
        return [self.picture_ids[i] for i in order]

    def is_fresh(self, data_dir: Path = DATA_DIR) -> bool:
        return self.content_hash == content_hash(data_dir)


def load_table(data_dir: Path | None = None) -> SimilarityTable:
    """The shipped (or given directory's) table; numpy only."""
    if data_dir is None:
        return _default_table()
    return _read_table(data_dir)


@cache
def _default_table() -> SimilarityTable:
    return _read_table(DATA_DIR)


def _read_table(data_dir: Path) -> SimilarityTable:
    meta = json.loads((data_dir / META_FILE).read_text(encoding="utf-8"))
    with np.load(data_dir / TABLE_FILE, allow_pickle=False) as npz:
        tables = {name: np.asarray(npz[name], dtype=np.float16) for name in TABLES}
    words, pictures = tuple(meta["words"]), tuple(meta["pictures"])
    for name, matrix in tables.items():
        if matrix.shape != (len(words), len(pictures)):
            raise ValueError(
                f"similarity table {name!r} has shape {matrix.shape}, expected "
                f"{(len(words), len(pictures))}"
            )
    return SimilarityTable(words, pictures, tables, str(meta["content_hash"]), dict(meta["recipe"]))
