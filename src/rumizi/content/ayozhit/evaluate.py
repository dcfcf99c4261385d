"""How good is the similarity table? Recall on the team's labelled sets, whether the
Persian and English rows agree, whether keywords are found, and how hub-like pictures are.

- ``recall@k``: for each labelled word, the share of its obvious pictures that are among
  the k pictures of the whole deck the table ranks closest to it; averaged over words.
- ``overlap@k``: for a word, the share of its k closest pictures by the Persian table
  that are also among its k closest by the English table; averaged over words.
- ``unnamed recall@k``: the same, counting only the labelled pictures whose title,
  keywords and associations do not contain the word (either language, after
  ``normalise``): association the table has to make, not look up.
- ``keyword hits``: of the (word, picture) pairs where the word (in either language) is
  one of the picture's keywords or its title, the share with the picture in the word's
  top 10 of the whole deck (the keyword rule makes it 100% by construction).
- ``hub share``: for each picture, the share of all deck words that have it in their
  top 5; a good table has no picture above 3%.

Five labelled sets: ``eval.yaml`` (the team's first 40 words, the tuning set: keywords
were written with these words in mind and the recipe was chosen on it) and four held-out
sets never used to write keywords or associations nor to choose the recipe:
``eval_heldout.yaml`` (A, 35 words), ``eval_heldout_b.yaml`` (B, 47 words drawn at random
from the rest of the deck) and ``eval_heldout_c.yaml`` (C, 41 more drawn at random,
labelled after recipe 3 was shipped) and ``eval_heldout_d.yaml`` (D, 40 more drawn at
random, labelled before any later change and measured only before and after it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from rumizi.games.ayozhit.content import (
    DATA_DIR,
    ContentError,
    Picture,
    Word,
    all_words,
    find_word,
    load_pictures,
    load_words,
    named_pairs,
    normalise,
)
from rumizi.games.ayozhit.similarity import TABLES, SimilarityTable

EVAL_FILE = "eval.yaml"
HELDOUT_FILE = "eval_heldout.yaml"
HELDOUT_B_FILE = "eval_heldout_b.yaml"
HELDOUT_C_FILE = "eval_heldout_c.yaml"
HELDOUT_D_FILE = "eval_heldout_d.yaml"
#: The held-out sets by name.
HELDOUT_SETS: dict[str, str] = {
    "A": HELDOUT_FILE,
    "B": HELDOUT_B_FILE,
    "C": HELDOUT_C_FILE,
    "D": HELDOUT_D_FILE,
}


@dataclass(frozen=True)
class EvalItem:
    """One labelled word and the pictures a person would obviously associate with it."""

    word: Word
    pictures: tuple[str, ...]


def load_eval(data_dir: Path = DATA_DIR, name: str = EVAL_FILE) -> tuple[EvalItem, ...]:
    """A labelled set; words are named by their English form and must be in the deck."""
    raw = yaml.safe_load((data_dir / name).read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ContentError(f"{name}: expected a mapping of word to pictures")
    cards = load_words(data_dir)
    items = []
    for text, pictures in raw.items():
        try:
            word = find_word(cards, str(text))
        except KeyError as exc:
            raise ContentError(f"{name}: {exc.args[0]}") from None
        if not isinstance(pictures, list) or not pictures:
            raise ContentError(f"{name}: {text!r} needs a list of picture ids")
        items.append(EvalItem(word, tuple(str(p) for p in pictures)))
    return tuple(items)


def recall_at_k(
    table: SimilarityTable, items: Iterable[EvalItem], k: int = 10, which: str = "avg"
) -> tuple[float, dict[str, float]]:
    """Mean recall@k over the items, and each word's own recall (by English word)."""
    per_word: dict[str, float] = {}
    for item in items:
        top = set(table.top(item.word.key, k, which))
        per_word[item.word.en] = len(top.intersection(item.pictures)) / len(item.pictures)
    return _mean(per_word.values()), per_word


def unnamed(items: Iterable[EvalItem], pictures: Sequence[Picture]) -> tuple[EvalItem, ...]:
    """The items with only the labelled pictures that do not name the word: neither
    title, keyword nor association contains it (either language, after ``normalise``)."""
    texts = {
        p.id: {
            lang: {normalise(t) for t in (p.title(lang), *p.keywords(lang), *p.associations(lang))}
            for lang in ("fa", "en")
        }
        for p in pictures
    }
    out = []
    for item in items:
        left = tuple(
            pid
            for pid in item.pictures
            if not any(normalise(item.word[lang]) in texts[pid][lang] for lang in ("fa", "en"))
        )
        if left:
            out.append(EvalItem(item.word, left))
    return tuple(out)


def top_overlap(
    table: SimilarityTable,
    words: Sequence[Word],
    k: int = 10,
    first: str = "fa",
    second: str = "en",
) -> tuple[float, dict[str, float]]:
    """Mean share of the k closest pictures on which two tables agree, and each word's."""
    per_word: dict[str, float] = {}
    for word in words:
        a = set(table.top(word.key, k, first))
        b = set(table.top(word.key, k, second))
        per_word[word.en] = len(a & b) / k
    return _mean(per_word.values()), per_word


def keyword_pairs(
    pictures: Sequence[Picture], words: Sequence[Word]
) -> list[tuple[str, str, bool, bool]]:
    """(word key, picture id, matches in Persian, matches in English) for every pair where
    the word is one of the picture's keywords or its title, in either language
    (``named_pairs``, after ``normalise``)."""
    return named_pairs(pictures, words)


def keyword_hits(
    table: SimilarityTable,
    pairs: Sequence[tuple[str, str, bool, bool]],
    k: int = 10,
    which: str = "avg",
) -> float:
    """The share of keyword pairs whose picture is in the word's top k (for the ``fa`` or
    ``en`` table, only the pairs that match in that language)."""
    wanted = [(w, p) for w, p, fa, en in pairs if which == "avg" or (fa if which == "fa" else en)]
    hits = sum(1 for w, p in wanted if p in table.top(w, k, which))
    return hits / len(wanted) if wanted else 1.0


def hub_shares(table: SimilarityTable, k: int = 5, which: str = "avg") -> dict[str, float]:
    """For each picture, the share of the table's words that have it in their top k."""
    counts = dict.fromkeys(table.picture_ids, 0)
    for word in table.word_keys:
        for picture in table.top(word, k, which):
            counts[picture] += 1
    return {p: c / len(table.word_keys) for p, c in counts.items()}


@dataclass(frozen=True)
class HeldOut:
    """recall@k on one held-out set, per table, over all labelled pictures and over the
    unnamed ones only."""

    words: int
    recall: dict[str, float]
    unnamed: dict[str, float]
    by_word: dict[str, float]


@dataclass(frozen=True)
class EvalReport:
    k: int
    recall: float
    recall_by_word: dict[str, float]
    recall_fa: float
    recall_en: float
    overlap_eval: float
    overlap_by_word: dict[str, float]
    overlap_all: float
    overlap_all_by_word: dict[str, float]
    heldout: dict[str, HeldOut]
    """By set name (``HELDOUT_SETS``)."""
    keyword_hits: dict[str, float]
    """Share of keyword pairs found in the top 10, per table."""
    hub_shares: dict[str, float]

    def weakest(self, scores: dict[str, float], n: int = 5) -> list[tuple[str, float]]:
        return sorted(scores.items(), key=lambda kv: (kv[1], kv[0]))[:n]


def held_out(
    table: SimilarityTable, items: Sequence[EvalItem], pictures: Sequence[Picture], k: int = 10
) -> HeldOut:
    rest = unnamed(items, pictures)
    return HeldOut(
        len(items),
        {which: recall_at_k(table, items, k, which)[0] for which in TABLES},
        {which: recall_at_k(table, rest, k, which)[0] for which in TABLES},
        recall_at_k(table, items, k, "avg")[1],
    )


def evaluate(table: SimilarityTable, data_dir: Path = DATA_DIR, k: int = 10) -> EvalReport:
    items = load_eval(data_dir)
    recall, by_word = recall_at_k(table, items, k, "avg")
    recall_fa, _ = recall_at_k(table, items, k, "fa")
    recall_en, _ = recall_at_k(table, items, k, "en")
    overlap_eval, overlap_by_word = top_overlap(table, [item.word for item in items], k)
    words = all_words(load_words(data_dir))
    overlap_all, overlap_all_by_word = top_overlap(table, words, k)
    pictures = load_pictures(data_dir)
    heldout = {
        name: held_out(table, load_eval(data_dir, file), pictures, k)
        for name, file in HELDOUT_SETS.items()
    }
    pairs = keyword_pairs(pictures, words)
    return EvalReport(
        k,
        recall,
        by_word,
        recall_fa,
        recall_en,
        overlap_eval,
        overlap_by_word,
        overlap_all,
        overlap_all_by_word,
        heldout,
        {which: keyword_hits(table, pairs, k, which) for which in TABLES},
        hub_shares(table),
    )


def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0
