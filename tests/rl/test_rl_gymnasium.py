"""The single-agent Gymnasium wrapper: one seat learns, our bots play the others."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed")

from gymnasium.utils.env_checker import check_env

from rumizi import bots
from rumizi.engine import IllegalAction
from rumizi.rl import spec as rl_spec
from rumizi.rl.gymnasium import SingleAgentEnv

LEVELS = [(g, level) for g in rl_spec.ids() for level in bots.names(g)]


@pytest.mark.parametrize(("game_id", "level"), LEVELS)
def test_gymnasium_env_checker_passes_against_every_level(game_id, level) -> None:
    """Every game against each of its levels, the strongest (the last) included, from
    seat 1, so that a bot acts before the learner. (The checker steps with unmasked
    random codes: an illegal one ends the episode.)"""
    env = SingleAgentEnv(game_id, opponents=level, seat=1, illegal="lose")
    check_env(env, skip_render_check=True)


def test_a_search_bot_is_given_its_worlds() -> None:
    """The search bots plan over their seat's worlds: the env seats them as the server and
    the arena do (before, a search bot to act first raised "its host must pass worlds=")."""
    env = SingleAgentEnv("love-letter", 2, "search", seat=1, options={"tokens_to_win": 1})
    _, info = env.reset(seed=0)
    assert info["seat"] == 1 and env.table.game.to_act(env.table.state) == {1}
    assert [e.kind for e in env.table.events if e.kind == "played"]  # the bot played first


def test_an_illegal_code_raises_or_loses_as_asked() -> None:
    env = SingleAgentEnv("love-letter", 2)
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.table.state.copy()
    with pytest.raises(IllegalAction):
        env.step(bad)
    assert env.table.state == before
    env = SingleAgentEnv("love-letter", 2, illegal="lose")
    env.reset(seed=1)
    obs, reward, done, _, info = env.step(bad)
    assert (reward, done) == (-1.0, True) and "illegal" in info
    assert env.table.state == before
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def _episode(env: SingleAgentEnv, seed: int) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, reward, done = 0, 0.0, False
    while not done:
        assert obs["action_mask"].any(), "the learner is only asked when it may act"
        assert env.table.game.to_act(env.table.state) >= {info["seat"]}
        code = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(code)
        assert not truncated
        steps += 1
    return reward, steps


@pytest.mark.parametrize(
    ("game_id", "players", "opponents", "options"),
    [
        ("love-letter", 3, "heuristic", {"tokens_to_win": 2}),
        ("love-letter", 2, "search-hard", {"tokens_to_win": 1}),
        ("skip-bo", 2, "greedy", {"stock_size": 5, "rounds": 1}),
        ("skip-bo", 2, "search", {"stock_size": 2, "rounds": 1}),
        ("ugha-bugha", 4, "hard", {"tokens_to_win": 1, "variant": "challenges"}),
        ("ayozhit", 3, "generous", {}),
    ],
)
def test_whole_games_against_our_bots(game_id, players, opponents, options) -> None:
    env = SingleAgentEnv(game_id, players, opponents, seat=None, options=options)
    seats, rewards = set(), []
    for seed in range(6):
        reward, steps = _episode(env, seed)
        seats.add(env.seat)
        rewards.append(reward)
        outcome = env.table.outcome()
        assert outcome is not None and steps > 0
        assert reward == pytest.approx(rl_spec.returns(outcome, players)[env.seat])
    assert len(seats) > 1, "seat=None draws the learner's seat at each reset"


def test_the_heuristic_bot_beats_a_random_learner_more_often_than_not() -> None:
    """The opponents really are the chosen bots: against the Love Letter heuristic, a
    random learner loses most single rounds (it wins about half against random)."""
    losses = {}
    for level in ("random", "heuristic"):
        env = SingleAgentEnv("love-letter", 2, level, seat=None, options={"tokens_to_win": 1})
        lost = sum(_episode(env, seed)[0] < 0 for seed in range(600))
        losses[level] = (lost + sum(r < 0 for r in env.skipped)) / (600 + len(env.skipped))
    assert losses["random"] == pytest.approx(0.5, abs=0.08)
    assert losses["heuristic"] > losses["random"] + 0.1


def test_bad_settings_are_refused() -> None:
    with pytest.raises(KeyError, match="no bot"):
        SingleAgentEnv("love-letter", 2, "grandmaster")
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv("love-letter", 2, seat=2)
    with pytest.raises(ValueError, match="one per other seat"):
        SingleAgentEnv("love-letter", 4, ["random", "heuristic"])
