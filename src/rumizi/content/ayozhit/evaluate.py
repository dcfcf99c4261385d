"""How good is the similarity table? Recall on the team's labelled set, and whether the
Persian and English rows agree.

- ``recall@k``: for each labelled word, the share of its obvious pictures that are among
  the k pictures of the whole deck the table ranks closest to it; averaged over words.
- ``overlap@k``: for a word, the share of its k closest pictures by the Persian table
  that are also among its k closest by the English table; averaged over words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from rumizi.games.ayozhit.content import (
    DATA_DIR,
    ContentError,
    Word,
    all_words,
    find_word,
    load_words,
)
from rumizi.games.ayozhit.similarity import SimilarityTable

EVAL_FILE = "eval.yaml"


@dataclass(frozen=True)
class EvalItem:
    """One labelled word and the pictures a person would obviously associate with it."""

    word: Word
    pictures: tuple[str, ...]


def load_eval(data_dir: Path = DATA_DIR) -> tuple[EvalItem, ...]:
    """The labelled set; words are named by their English form and must be in the deck."""
    raw = yaml.safe_load((data_dir / EVAL_FILE).read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ContentError(f"{EVAL_FILE}: expected a mapping of word to pictures")
    cards = load_words(data_dir)
    items = []
    for text, pictures in raw.items():
        try:
            word = find_word(cards, str(text))
        except KeyError as exc:
            raise ContentError(f"{EVAL_FILE}: {exc.args[0]}") from None
        if not isinstance(pictures, list) or not pictures:
            raise ContentError(f"{EVAL_FILE}: {text!r} needs a list of picture ids")
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

    def weakest(self, scores: dict[str, float], n: int = 5) -> list[tuple[str, float]]:
        return sorted(scores.items(), key=lambda kv: (kv[1], kv[0]))[:n]


def evaluate(table: SimilarityTable, data_dir: Path = DATA_DIR, k: int = 10) -> EvalReport:
    items = load_eval(data_dir)
    recall, by_word = recall_at_k(table, items, k, "avg")
    recall_fa, _ = recall_at_k(table, items, k, "fa")
    recall_en, _ = recall_at_k(table, items, k, "en")
    overlap_eval, overlap_by_word = top_overlap(table, [item.word for item in items], k)
    overlap_all, overlap_all_by_word = top_overlap(table, all_words(load_words(data_dir)), k)
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
    )


def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0
