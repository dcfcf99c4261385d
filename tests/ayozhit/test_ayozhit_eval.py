"""The evaluation of the similarity table and the rough round simulation."""

from __future__ import annotations

import numpy as np
import pytest

from rumizi.content.ayozhit.evaluate import EvalItem, evaluate, load_eval, recall_at_k, top_overlap
from rumizi.content.ayozhit.simulate import (
    BotProfile,
    mark,
    play_round,
    simulate,
    standardise,
)
from rumizi.games.ayozhit.content import Word, load_pictures, load_words
from rumizi.games.ayozhit.similarity import SimilarityTable, load_table


def test_eval_set_is_forty_deck_words_with_real_pictures() -> None:
    items = load_eval()
    assert len(items) == 40
    assert len({item.word.key for item in items}) == 40
    ids = {p.id for p in load_pictures()}
    for item in items:
        assert 3 <= len(item.pictures) <= 10
        assert set(item.pictures) <= ids, item.word.en


def _tiny_table() -> tuple[SimilarityTable, list[Word]]:
    words = [Word("w001.0", "a", "آ"), Word("w001.1", "b", "ب")]
    avg = np.array([[0.9, 0.8, 0.1, 0.0], [0.0, 0.1, 0.2, 0.9]], dtype=np.float16)
    fa = np.array([[0.9, 0.0, 0.8, 0.1], [0.0, 0.1, 0.2, 0.9]], dtype=np.float16)
    table = SimilarityTable(
        ("w001.0", "w001.1"), ("p", "q", "r", "s"), {"avg": avg, "fa": fa, "en": avg}, "x", {}
    )
    return table, words


def test_recall_and_overlap_arithmetic() -> None:
    table, words = _tiny_table()
    items = [EvalItem(words[0], ("p", "r")), EvalItem(words[1], ("s",))]
    mean, by_word = recall_at_k(table, items, k=2)
    assert by_word == {"a": 0.5, "b": 1.0}
    assert mean == pytest.approx(0.75)
    mean, by_word = top_overlap(table, words, k=2)
    assert by_word == {"a": 0.5, "b": 1.0}


def test_shipped_table_meets_the_bar_on_the_eval_set() -> None:
    report = evaluate(load_table())
    assert report.recall >= 0.45
    assert report.overlap_eval >= 0.5
    assert len(report.weakest(report.recall_by_word, 3)) == 3


def test_standardise_and_mark_rank_within_the_table() -> None:
    z = standardise(np.array([0.81, 0.8, 0.79, 0.83], dtype=np.float32))
    assert z.mean() == pytest.approx(0.0, abs=1e-9) and z.std() == pytest.approx(1.0)
    rng = np.random.default_rng(1)
    assert mark(z, BotProfile(noise=0.0, marks=2), rng) == [3, 0]


# Stacked marks for single rounds (4 players, seat 0 first dreamer; marks surest first).


def test_a_picture_nobody_else_marked_fails_the_dreamer() -> None:
    result = play_round([[5], [1], [1], [1]])
    # seat 0 announces 5: no one else -> fails; seat 1 announces 1: seats 2, 3 -> two-spark
    assert (result.fails, result.two_sparks, result.three_sparks) == (1, 1, 0)
    assert result.scores == [0, 2, 2, 2]
    assert not result.all_failed


def test_exactly_one_other_is_a_three_spark() -> None:
    result = play_round([[1], [1], [2], [2]])
    assert result.three_sparks == 2 and result.fails == 0
    assert result.scores == [3, 3, 3, 3]


def test_a_failed_player_who_marked_the_picture_scores_nothing_for_it() -> None:
    # seat 0 fails on 9 first; then seat 1 announces 1, which seat 0 (failed) also marked:
    # seat 0 counts as the one other (three-spark) but scores nothing.
    result = play_round([[9, 1], [1], [3], [3]])
    assert result.three_sparks == 2
    assert result.scores == [0, 3, 3, 3]


def test_dreamt_deep_loses_one_per_spark_after_failing() -> None:
    # seat 0 marks most (3 pictures): three-spark on 1 (with seat 1), two-spark on 2
    # (announced by seat 1; seats 0 and 2 marked it too), then fails on 7.
    result = play_round([[1, 2, 7], [1, 2], [2], [4, 5]])
    assert result.scores == [(3 - 1) + (2 - 1), 3 + 2, 2, 0]
    # the same when seat 1 ties for most marks: nobody is dreamt-deep, nobody loses points
    tied = play_round([[1, 2, 7], [1, 2, 8], [2], [4]])
    assert tied.scores == [3 + 2, 3 + 2, 2, 0]


def test_every_player_failing_is_an_all_failed_round() -> None:
    result = play_round([[1], [2], [3], [4]])
    assert result.all_failed and result.fails == 4 and result.scores == [0, 0, 0, 0]


def test_identical_noiseless_bots_never_three_spark() -> None:
    same = [BotProfile(noise=0.0, marks=3)] * 4
    stats = simulate(load_table(), load_pictures(), load_words(), rounds=200, profiles=same, seed=3)
    assert stats.announcements > 0
    assert stats.three_sparks == 0 and stats.fails == 0


def test_rough_simulation_meets_the_bar() -> None:
    stats = simulate(load_table(), load_pictures(), load_words(), rounds=1000, players=4, seed=0)
    assert stats.rounds == 1000
    assert stats.three_spark_share >= 0.25
    assert stats.all_failed_share <= 0.05
    assert stats.three_sparks + stats.two_sparks + stats.fails == stats.announcements


def test_simulation_validates_players_and_profiles() -> None:
    table, pictures, cards = load_table(), load_pictures(), load_words()
    with pytest.raises(ValueError, match="3-6 players"):
        simulate(table, pictures, cards, rounds=1, players=2)
    with pytest.raises(ValueError, match="need 4 bot profiles"):
        simulate(table, pictures, cards, rounds=1, profiles=[BotProfile()])
    with pytest.raises(ValueError, match="marks must be"):
        BotProfile(marks=11)


def test_heldout_sets_are_apart_from_the_tuning_set_and_each_other() -> None:
    from rumizi.content.ayozhit.evaluate import HELDOUT_SETS

    seen = {item.word.key for item in load_eval()}
    ids = {p.id for p in load_pictures()}
    sizes = {}
    for name, file in HELDOUT_SETS.items():
        heldout = load_eval(name=file)
        keys = {item.word.key for item in heldout}
        assert len(keys) == len(heldout) and not seen & keys, name
        seen |= keys
        sizes[name] = len(heldout)
        for item in heldout:
            assert 4 <= len(item.pictures) <= 8 and set(item.pictures) <= ids, item.word.en
            assert len(set(item.pictures)) == len(item.pictures), item.word.en
    assert sizes == {"A": 35, "B": 47, "C": 41, "D": 40}


def test_unnamed_keeps_only_pictures_whose_texts_do_not_contain_the_word() -> None:
    from rumizi.content.ayozhit.evaluate import unnamed

    pictures = {p.id: p for p in load_pictures()}
    night = next(item for item in load_eval() if item.word.en == "night").word
    assert "night" in pictures["owl"].keywords("en")  # named by a keyword
    assert "شب" in pictures["zzz"].associations("fa")  # named by an association only
    assert not any("night" in t.casefold() for t in pictures["carrot"].associations("en"))
    item = EvalItem(night, ("owl", "zzz", "carrot"))
    assert unnamed([item], list(pictures.values())) == (EvalItem(night, ("carrot",)),)
    # a word whose every labelled picture names it drops out
    assert unnamed([EvalItem(night, ("owl",))], list(pictures.values())) == ()


def test_report_has_both_heldout_sets_per_table() -> None:
    report = evaluate(load_table())
    assert set(report.heldout) == {"A", "B", "C", "D"}
    for held in report.heldout.values():
        assert set(held.recall) == set(held.unnamed) == {"avg", "fa", "en"}
        assert len(held.by_word) == held.words
        assert all(0.0 <= v <= 1.0 for v in (*held.recall.values(), *held.unnamed.values()))
