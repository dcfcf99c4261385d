"""The two examples run and do what they claim, at a small scale."""

from __future__ import annotations

import json
import sys
import tempfile

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the rl extra is not installed")

from open_spiel.python.algorithms import ismcts, mcts

from rumizi.games.tuki import encode as codes
from rumizi.games.tuki.cards import cards
from rumizi.rl import openspiel, pettingzoo
from rumizi.rl.examples import cem_tuki, ismcts_love_letter, reinforce_love_letter, tuki_features


def test_reinforce_learns_to_beat_random_at_love_letter() -> None:
    """A short training run (its seeds are fixed, so the run is the same every time)."""
    policy, curve = reinforce_love_letter.train(1500, lr=0.02, check_every=1500, seed=1)
    assert curve["check_win"][0] == pytest.approx(0.5, abs=0.08)  # an untrained policy
    result = reinforce_love_letter.evaluate(policy, 1, 300, first_seed=3_000_000)
    assert result["ci95"][0] > 0.55, result


def test_reinforce_writes_to_its_out_folder_and_evaluates_on_unseen_seeds(
    tmp_path, monkeypatch, capsys
) -> None:
    """``--out`` is where the figures go, by default a new temporary folder (never the
    checkout's docs/rl); the evaluation seeds are drawn afresh and never trained on."""
    small = ["--episodes", "40", "--check-every", "40", "--eval-rounds", "20", "--eval-games", "2"]
    monkeypatch.setattr(sys, "argv", ["reinforce", *small, "--out", str(tmp_path / "out")])
    reinforce_love_letter.main()
    report = json.loads((tmp_path / "out" / "reinforce-love-letter.json").read_text())
    assert (tmp_path / "out" / "reinforce-love-letter.png").stat().st_size > 1000
    assert report["training"]["seeds"] == [1, 40] and report["eval_seed"] >= 2**32
    assert report["rounds"]["games"] == 20 and report["games_to_7"]["games"] == 2
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(sys, "argv", ["reinforce", *small])
    reinforce_love_letter.main()
    made = list(tmp_path.glob("rumizi-reinforce-*/reinforce-love-letter.json"))
    assert len(made) == 1 and f"written to {made[0].parent}" in capsys.readouterr().out
    with pytest.raises(ValueError, match="meet seeds used in training"):
        reinforce_love_letter.unseen(30, 100, reinforce_love_letter.training_seeds(0, 40))


def test_the_untrained_policy_is_uniform_over_the_legal_codes() -> None:
    policy = reinforce_love_letter.LinearPolicy(87, 30)
    mask = np.zeros(30, dtype=np.int8)
    mask[[3, 8, 20]] = 1
    p = policy.probabilities(np.ones(87), mask)
    assert list(np.flatnonzero(p)) == [3, 8, 20] and p[3] == pytest.approx(1 / 3)


def test_ismcts_plays_love_letter_rounds_through_openspiel() -> None:
    game = openspiel.load_game("love-letter", 2, {"tokens_to_win": 1})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(2)
    )
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player))
    rng = np.random.RandomState(0)
    results = [ismcts_love_letter.play(game, bot, seat, rng) for seat in (0, 1, 0, 1)]
    assert all(r in (-1.0, 0.0, 1.0) for r in results)
    assert ismcts_love_letter.wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    low, high = ismcts_love_letter.wilson(5, 10)
    assert low < 0.5 < high and high - 0.5 == pytest.approx(0.5 - low)


# ------------------------------------------------------------------ Tuki's example
def test_the_untrained_tuki_policy_is_the_uniformly_random_policy() -> None:
    env = pettingzoo.parallel_env("tuki", 1, {"practice": True})
    observations, _ = env.reset(seed=2)
    observation = observations["player_0"]
    told, p, others = cem_tuki.Builder(np.zeros(tuki_features.FEATURES + 1)).distribution(
        observation, env.wait
    )
    legal = int(observation["action_mask"].sum())
    assert len(told) + others == legal and len(told) >= 3
    assert p[:-1] == pytest.approx([1 / legal] * len(told))
    assert p[-1] == pytest.approx(others / legal)


def test_the_tuki_features_see_the_card_and_when_the_build_is_right() -> None:
    """Building the stored witness of N01 code by code: the first stone's right spots
    are told apart, the build is read back from the vector, and only the finished,
    standing build makes "done" the right declaration."""
    env = pettingzoo.parallel_env(
        "tuki", 1, {"practice": True, "deck": ["N01"], "dice": ["walrus/plain"]}
    )
    observations, _ = env.reset(seed=0)
    state = env.table.state
    plan = cards("normal")["N01"].witnesses[f"{state.turn}/plain"].to_json()
    first = tuki_features.candidates(
        observations["player_0"]["observation"], observations["player_0"]["action_mask"], env.wait
    )
    kept = [c for c, f in first.items() if f[tuki_features.FIT_KEPT]]
    assert 1 <= len(kept) <= 4 * 3  # each turn of the card, centred, for each stone
    for piece, axis, x, y, z in plan:
        vector = observations["player_0"]["observation"]
        assert not tuki_features.ready(tuki_features.read(vector))
        place = {"type": "place", "piece": piece, "axis": axis, "x": x, "y": y, "z": z}
        observations, *_ = env.step({"player_0": codes.encode(place, 0, 1)})
    vector = observations["player_0"]["observation"]
    seen = tuki_features.read(vector)
    assert seen.pieces == {p: (a, (x, y, z)) for p, a, x, y, z in plan}
    assert tuki_features.ready(seen) and tuki_features.progress(seen) == 1.0
    told = tuki_features.candidates(vector, observations["player_0"]["action_mask"], env.wait)
    assert told[codes.DONE][tuki_features.DONE_READY] == 1


def test_the_tuki_example_trains_and_writes_to_its_out_folder(tmp_path, monkeypatch) -> None:
    """A tiny run, for the machinery: the curve, the fresh-seed evaluation of the random
    and the learned policies, the files in --out."""
    small = ["--iterations", "1", "--population", "3", "--episodes", "1", "--ticks", "8"]
    small += ["--eval-cards", "3", "--checks", "2", "--out", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", ["cem_tuki", *small])
    cem_tuki.main()
    report = json.loads((tmp_path / "cem-tuki.json").read_text())
    assert (tmp_path / "cem-tuki.png").stat().st_size > 1000
    assert report["curve"]["iteration"] == [0, 1] and report["eval_seed"] >= 2**32
    assert set(report["evaluation"]) == {"random", "learned", "learned_greedy"}
    assert report["evaluation"]["random"]["cards"] == 3
    assert len(report["weights"]) == tuki_features.FEATURES + 1
