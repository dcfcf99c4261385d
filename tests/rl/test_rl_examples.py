"""The two examples run and do what they claim, at a small scale."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the rl extra is not installed")

from open_spiel.python.algorithms import ismcts, mcts

from rumizi.rl import openspiel
from rumizi.rl.examples import ismcts_love_letter, reinforce_love_letter


def test_reinforce_learns_to_beat_random_at_love_letter() -> None:
    """A short training run (its seeds are fixed, so the run is the same every time)."""
    policy, curve = reinforce_love_letter.train(1500, lr=0.02, check_every=1500, seed=1)
    assert curve["check_win"][0] == pytest.approx(0.5, abs=0.08)  # an untrained policy
    result = reinforce_love_letter.evaluate(policy, 1, 300, first_seed=3_000_000)
    assert result["ci95"][0] > 0.55, result


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
