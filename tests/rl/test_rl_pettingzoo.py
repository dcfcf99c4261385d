"""PettingZoo's own API and seed tests for every game in the RL face, and the env's rules."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (make test installs it)")

from pettingzoo.test import api_test, parallel_api_test, seed_test

from rumizi import bots
from rumizi.engine import IllegalAction, make_rng
from rumizi.rl import pettingzoo as pz
from rumizi.rl import spec as rl_spec

SHORT = {
    "love-letter": {"tokens_to_win": 1},
    "skip-bo": {"stock_size": 3, "rounds": 1},
    "ugha-bugha": {"tokens_to_win": 1, "variant": "challenges"},
}


TURN_BASED = [g for g in rl_spec.ids() if rl_spec.load(g).tick is None]
"""The games played turn by turn (Tuki, played against its clock, has test_rl_tuki.py)."""


def _cases() -> list[tuple[str, int, dict]]:
    cases = []
    for game_id in TURN_BASED:
        game = rl_spec.load(game_id).game
        cases.append((game_id, game.min_players, {}))
        cases.append((game_id, game.max_players, SHORT.get(game_id, {})))
    return cases


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game_id", "players", "options"), _cases())
def test_pettingzoo_api_and_seed_tests_pass(game_id, players, options) -> None:
    api_test(pz.env(game_id, players, options), num_cycles=200)
    seed_test(lambda: pz.env(game_id, players, options), num_cycles=200)


@pytest.mark.parametrize(("game_id", "players", "options"), _cases())
def test_parallel_api_test_passes(game_id, players, options) -> None:
    parallel_api_test(pz.parallel_env(game_id, players, options), num_cycles=300)


def test_the_parallel_env_is_fixed_by_its_seed() -> None:
    """(PettingZoo's parallel_seed_test samples unmasked actions, which a card game
    refuses; this is the same check with masked ones.)"""
    runs = []
    for _ in range(2):
        env = pz.parallel_env("ugha-bugha", 4, SHORT["ugha-bugha"])
        obs, _ = env.reset(seed=9)
        rng = np.random.default_rng(1)
        trace = []
        while env.agents:
            actions = {
                a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                for a, o in obs.items()
                if o["action_mask"].any()
            }
            obs, rewards, *_ = env.step(actions)
            trace.append(
                (sorted(actions.items()), [o["observation"].tolist() for o in obs.values()])
            )
        runs.append((trace, rewards))
    assert runs[0] == runs[1] and len(runs[0][0]) > 20


def _play_out(env, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total


def test_rewards_come_at_the_end_and_name_the_winner() -> None:
    env = pz.env("love-letter", 3, {"tokens_to_win": 1})
    winners_seen = 0
    for seed in range(8):
        total = _play_out(env, seed)
        outcome = env.table.outcome()
        assert outcome is not None and env.agents == []
        assert sum(total.values()) == pytest.approx(0)
        for seat, agent in enumerate(env.possible_agents):
            if outcome.winners == (seat,):
                assert total[agent] == pytest.approx(1.0)
                winners_seen += 1
            elif seat not in outcome.winners:
                assert total[agent] < 0
    assert winners_seen >= 6


def test_a_seed_fixes_the_game_and_other_seeds_change_it() -> None:
    first = pz.env("skip-bo", 2)
    second = pz.env("skip-bo", 2)
    first.reset(seed=5)
    second.reset(seed=5)
    a, b = first.observe("player_0"), second.observe("player_0")
    assert np.array_equal(a["observation"], b["observation"])
    second.reset(seed=6)
    assert not np.array_equal(a["observation"], second.observe("player_0")["observation"])


def test_an_illegal_code_is_refused_and_changes_nothing() -> None:
    env = pz.env("love-letter", 2)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.table.state.copy()
    with pytest.raises(IllegalAction):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.table.state == before and env.agent_selection == agent


def test_only_the_seat_to_act_has_legal_codes() -> None:
    env = pz.env("love-letter", 4)
    env.reset(seed=1)
    for agent in env.agents:
        assert env.observe(agent)["action_mask"].any() == (agent == env.agent_selection)


def test_render_ansi_shows_the_table_without_hidden_cards() -> None:
    """The text is the spectator's table: the same in any world a seat could imagine."""
    env = pz.env("love-letter", 2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "player_0" in text and "player_1" in text
    assert "Your hand" not in text
    true_state = env.table.state
    for seat in (0, 1):
        env.table.state = env.table.game.determinize(true_state, seat, make_rng(seat))
        assert env.render() == text
    assert pz.env("love-letter", 2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        pz.env("love-letter", 2, render_mode="human")


def test_the_parallel_env_lets_every_other_player_call_in_the_window() -> None:
    """Ugha Bugha, challenges: after a right closing word, every other player may act."""
    env = pz.parallel_env("ugha-bugha", 4, {"variant": "challenges"})
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(400):
        acting = [a for a in env.agents if obs[a]["action_mask"].any()]
        if len(acting) > 1:
            assert env.table.game.view(env.table.state, 0)["phase"] == "window"
            assert len(acting) == 3
            return
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in acting}
        obs, *_ = env.step(actions)
    pytest.fail("no Ho! window opened in 400 steps")


STRONGEST = [(g, bots.names(g)[-1]) for g in TURN_BASED]
"""Each game with the last of its levels (the descriptions list them weakest first)."""


@pytest.mark.parametrize(("game_id", "level"), STRONGEST)
def test_a_game_against_its_strongest_level_in_both_forms(game_id, level) -> None:
    """The bots sit in the seats given, in the bot seat every host uses (a search bot
    gets its worlds); the agents are the other seats and are asked only when they may
    act; both forms pass PettingZoo's API tests with bots in them."""
    players = rl_spec.load(game_id).game.min_players
    options = SHORT.get(game_id, {})
    opponents = {0: level} if players == 2 else {0: level, 2: level}
    aec = pz.env(game_id, players, options, opponents=opponents)
    assert aec.possible_agents == [f"player_{s}" for s in range(players) if s not in opponents]
    api_test(aec, num_cycles=15)
    aec.reset(seed=3)
    for steps, agent in enumerate(aec.agent_iter(max_iter=12)):
        observation, _, done, _, _ = aec.last()
        if done:
            aec.step(None)
            continue
        seat = int(agent.removeprefix("player_"))
        assert seat not in opponents and seat in aec.table.to_act()
        aec.step(int(np.flatnonzero(observation["action_mask"])[steps % 2 - 1]))
    parallel_api_test(pz.parallel_env(game_id, players, options, opponents=opponents), 15)


def test_bot_seats_are_fixed_by_the_seed_and_leave_a_seat_to_the_agents() -> None:
    traces = []
    for _ in range(2):
        env = pz.env(
            "love-letter", 3, {"tokens_to_win": 1}, opponents={1: "search", 2: "heuristic"}
        )
        traces.append(_play_out(env, 4))
        traces[-1]["history"] = [e.to_json() for e in env.table.events]
    assert traces[0] == traces[1]
    with pytest.raises(ValueError, match="every seat"):
        pz.env("love-letter", 2, opponents={0: "random", 1: "random"})
    with pytest.raises(KeyError, match="no bot"):
        pz.parallel_env("skip-bo", 2, opponents={1: "grandmaster"})
    with pytest.raises(ValueError, match="no seat 5"):
        pz.env("love-letter", 2, opponents={5: "random"})
