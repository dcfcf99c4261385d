"""Tuki in the RL face: its codes and masks against the rules, its vector against the view,
and its environments on the clock (PettingZoo parallel and AEC, Gymnasium)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (make test installs it)")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from rumizi.engine import IllegalAction, Match, make_rng
from rumizi.games.tuki import encode as codes
from rumizi.games.tuki import observe as obs_mod
from rumizi.games.tuki.cards import cards
from rumizi.games.tuki.geometry import turn_structure
from rumizi.games.tuki.rules import GAME
from rumizi.rl import pettingzoo as pz
from rumizi.rl import spec as rl_spec
from rumizi.rl.gymnasium import SingleAgentEnv
from rumizi.testing import random_playout

QUICK = {"round_seconds": 10}
"""Ten-tick rounds: a random 2-player game ends within about 50 ticks."""
WAIT = codes.NUM_ACTIONS


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


# ------------------------------------------------------------------ codes and masks
def test_every_code_decodes_to_an_action_that_encodes_back_to_it() -> None:
    refused = 0
    for code in range(codes.NUM_ACTIONS):
        try:
            action = codes.decode(code, 0, 2)
        except IllegalAction as error:
            assert "snow cube is placed along z" in str(error)
            refused += 1
            continue
        assert codes.encode(action, 0, 2) == code
    assert refused == 2 * codes.CELLS  # snow1 along x and along y
    assert codes.NUM_ACTIONS == 46_114 and codes.DONE == 46_112
    place = {"type": "place", "piece": "blue", "axis": "y", "x": 3, "y": 4, "z": 2}
    assert codes.encode(place, 1, 3) == (1 * 3 + 1) * 1440 + (3 * 12 + 4) * 10 + 2
    cube = {"type": "place", "piece": "snow1", "axis": "x", "x": 0, "y": 0, "z": 0}
    assert codes.decode(codes.encode(cube, 0, 2), 0, 2) == {**cube, "axis": "z"}


@pytest.mark.parametrize(
    "action",
    [
        {"type": "jump"},
        {"type": "place", "piece": "green", "axis": "x", "x": 0, "y": 0, "z": 0},
        {"type": "place", "piece": "blue", "axis": "w", "x": 0, "y": 0, "z": 0},
        {"type": "move", "piece": "blue", "x": 12, "y": 0, "z": 0},
        {"type": "move", "piece": "blue", "x": 1.5, "y": 0, "z": 0},
        {"type": "turn", "piece": "blue"},
    ],
)
def test_actions_without_a_code_are_refused(action) -> None:
    with pytest.raises(IllegalAction):
        codes.encode(action, 0, 2)
    for bad in (-1, codes.NUM_ACTIONS, True, "3"):
        with pytest.raises(IllegalAction, match="action code"):
            codes.decode(bad, 0, 2)


def _accepted(state, seat: int, code: int) -> bool:
    try:
        GAME.apply(state.copy(), seat, codes.decode(code, seat, state.players), make_rng(0))
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("players", [2, 4])
def test_the_mask_is_exactly_what_the_rules_accept(players: int) -> None:
    """Along random builds: every turn, remove, done and hint code, and samples of the
    placements and moves — those next to the pieces down among them — are accepted by
    the rules exactly when the mask has them."""
    table = rl_spec.Table(rl_spec.load("tuki"), players, {})
    table.reset(5)
    rng = np.random.default_rng(players)
    checked = 0
    for step in range(40):
        seat = sorted(table.to_act())[step % len(table.to_act())]
        mask = table.mask(seat)
        for other in range(players):
            if other not in table.to_act():
                assert not table.mask(other).any()
        near = _codes_near_the_build(table.state.builds[seat])
        sample = [
            *range(codes.TURN, codes.NUM_ACTIONS),
            *rng.choice(np.flatnonzero(mask), 6),
            *rng.choice(np.flatnonzero(mask == 0), 12),
            *rng.choice(near, min(len(near), 12), replace=False),
        ]
        for code in sample:
            code = int(code)
            try:
                codes.decode(code, seat, players)
            except IllegalAction:
                assert not mask[code]
                continue
            assert _accepted(table.state, seat, code) == bool(mask[code]), codes.decode(
                code, seat, players
            )
            checked += 1
        legal = np.flatnonzero(mask[: codes.DONE])
        table.act(seat, int(rng.choice(legal)))
    assert checked > 40 * 40


def _codes_near_the_build(build) -> list[int]:
    """Placements and moves of each piece from cells next to the cells already filled
    (where overlaps and the volume's edge decide)."""
    filled = [
        cell
        for piece, (axis, x, y, z) in build.items()
        for cell in codes.line_cells(piece, axis, x, y, z)
    ]
    out = []
    for x, y, z in filled:
        for dx, dy, dz in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
            at = (x + dx, y + dy, z + dz)
            if not all(0 <= v < n for v, n in zip(at, (12, 12, 10), strict=True)):
                continue
            c = codes.cell_index(*at)
            for p in range(len(codes.PIECES)):
                out.append(codes.MOVE + p * codes.CELLS + c)
                out.extend(codes.PLACE + (p * 3 + a) * codes.CELLS + c for a in range(3))
    return out


def test_the_mask_offers_no_hint_outside_practice_and_the_hints_left_in_it() -> None:
    table = rl_spec.Table(rl_spec.load("tuki"), 1, {"practice": True})
    table.reset(0)
    assert table.mask(0)[codes.HINT] == 1
    given = 0
    while table.mask(0)[codes.HINT]:
        table.act(0, codes.HINT)
        given += 1
    assert given == len(table.state.hints) > 0
    assert not _accepted(table.state, 0, codes.HINT)
    duel = rl_spec.Table(rl_spec.load("tuki"), 2, {})
    duel.reset(0)
    assert duel.mask(0)[codes.HINT] == 0 and not _accepted(duel.state, 0, codes.HINT)


# --------------------------------------------------------------------------- vectors
def test_the_vector_is_the_views_and_leaks_nothing_along_random_games() -> None:
    """The engine's own random playout (with its leak checks on views), and at each step:
    every seat's vector from the state equals the vector of its view, lies in 0–1, and
    is the same in worlds determinized for that seat (the deck's order is all they
    change)."""
    rng = make_rng(3)
    steps = 0

    def check(match: Match) -> None:
        nonlocal steps
        steps += 1
        if steps % 3:
            return
        n = match.players
        for seat in range(n):
            vector = obs_mod.observe_state(match.state, seat, n)
            assert vector.shape == (obs_mod.observation_size(n),) and vector.dtype == np.float32
            assert vector.min() >= 0 and vector.max() <= 1
            view = GAME.view(match.state, seat)
            assert np.array_equal(vector, obs_mod.observe(view, seat, n))
            world = GAME.determinize(match.state, seat, rng)
            assert world.deck != match.state.deck or len(world.deck) < 2
            assert np.array_equal(vector, obs_mod.observe_state(world, seat, n))

    for players, seed in ((2, 1), (3, 2), (4, 3)):
        random_playout(GAME, players, seed, on_step=check, timeout_every=9)
    assert steps > 100


def test_the_vector_shows_the_turned_card_the_build_and_the_others() -> None:
    options = {"deck": ["N01"], "dice": ["walrus/white"]}
    table = rl_spec.Table(rl_spec.load("tuki"), 3, options)
    table.reset(0)
    state = table.state
    card = cards("normal")["N01"]
    target = turn_structure(card.stones, state.turn)
    table.act(
        1,
        codes.encode({"type": "place", "piece": "blue", "axis": "z", "x": 2, "y": 3, "z": 4}, 1, 3),
    )
    table.act(2, codes.DONE)
    vector = table.observe(1)
    cells = codes.CELLS
    for colour, axis, at in target:
        k = codes.SLOT[colour]
        filled = {int(i) for i in np.flatnonzero(vector[cells * k : cells * (k + 1)])}
        assert filled == {codes.cell_index(*c) for c in codes.line_cells(colour, axis, *at)}
        stone = vector[obs_mod.STONES + 7 * k : obs_mod.STONES + 7 * (k + 1)]
        assert stone[0] == 1 and stone[1 + "xyz".index(axis)] == 1
        assert stone[4:] == pytest.approx([at[0] / 11, at[1] / 11, at[2] / 9])
    assert vector[cells * 3 : cells * 4].sum() == 0  # no orange stone at the normal level
    blue = vector[obs_mod.BUILD + cells * 1 : obs_mod.BUILD + cells * 2]
    assert {int(i) for i in np.flatnonzero(blue)} == {
        codes.cell_index(2, 3, z) for z in range(4, 9)
    }
    assert vector[obs_mod.BUILD : obs_mod.STONES].sum() == 5
    assert vector[obs_mod.WHITE] == 1 and vector[obs_mod.PLAIN] == 0
    me = vector[obs_mod.SEATS : obs_mod.SEATS + obs_mod.PER_SEAT]
    assert me[obs_mod.BUILDING] == 1 and me[obs_mod.STANDS] == 0  # the blue stone floats
    blue_block = me[8 + 13 * 1 : 8 + 13 * 2]
    assert blue_block[0] == 1 and blue_block[7] == 1 and blue_block[8] == 1  # floats
    after = vector[obs_mod.SEATS + obs_mod.PER_SEAT : obs_mod.SEATS + 2 * obs_mod.PER_SEAT]
    assert after[obs_mod.DONE] == 1 and after[obs_mod.ORDER] == pytest.approx(1 / 3)
    assert after[obs_mod.BUILDING] == 0 and after[obs_mod.DOWN] == 0
    assert vector[obs_mod.SEATS + 2 * obs_mod.PER_SEAT + obs_mod.SCOUT] == 1  # seat 0


# ------------------------------------------------------------------- environments
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_parallel_api_and_seed_tests_pass(players: int) -> None:
    parallel_api_test(pz.parallel_env("tuki", players, QUICK), num_cycles=60)
    api_test(pz.env("tuki", players, QUICK), num_cycles=30)
    seed_test(lambda: pz.env("tuki", players, QUICK), num_cycles=30)


def _random_game(env, seed: int) -> tuple[list, dict]:
    """A seeded random policy over the masks to the end of the game."""
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace, rewards = [], {}
    while env.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()
        }
        observations, rewards, *_ = env.step(actions)
        trace.append(sorted(actions.items()))
    return trace, rewards


def test_the_parallel_env_is_fixed_by_its_seed_and_a_random_game_ends() -> None:
    """(PettingZoo's parallel_seed_test samples unmasked codes; this one masks them.)"""
    first = _random_game(pz.parallel_env("tuki", 2, QUICK), 4)
    again = _random_game(pz.parallel_env("tuki", 2, QUICK), 4)
    other = _random_game(pz.parallel_env("tuki", 2, QUICK), 5)
    assert first == again and first != other
    trace, rewards = first
    assert sorted(rewards.values()) == [-1.0, 1.0]
    assert 50 <= len(trace) <= 10 * 9  # five to nine ten-tick rounds


def test_a_round_ends_at_its_deadline_in_ticks() -> None:
    """Builders who only wait: the round's clock runs out after round_seconds / tick
    ticks, everyone is done at that moment and the first in seat order after the scout
    takes the card."""
    env = pz.parallel_env("tuki", 2, {"round_seconds": 12}, tick=2.0)
    observations, _ = env.reset(seed=0)
    table = env.table
    assert observations["player_0"]["observation"][-2:].tolist() == [0.0, 1.0]
    for tick in range(1, 7):
        assert table.state.round_no == 1
        observations, *_ = env.step({"player_0": env.wait, "player_1": env.wait})
        gone = observations["player_0"]["observation"][-2]
        assert gone == pytest.approx(0.0 if tick == 6 else tick / 6)
    assert table.state.round_no == 2
    assert table.state.last["reason"] == "first_wrong" and table.state.last["taker"] == 1


def test_the_quicker_builder_declares_first_and_the_slower_takes_the_card() -> None:
    """Speed matters as in the game: a learner that builds the witness one piece a tick
    declares before the hard bot (about five seconds a piece); with two builders the
    round ends there, and the bot's unfinished build takes the card."""
    env = pz.parallel_env("tuki", 2, {"deck": ["N01"]}, opponents={1: "hard"})
    observations, _ = env.reset(seed=2)
    state = env.table.state
    plan = cards("normal")[state.card].witnesses[f"{state.turn}/{state.rule}"].to_json()
    script = [
        codes.encode({"type": "place", "piece": p, "axis": a, "x": x, "y": y, "z": z}, 0, 2)
        for p, a, x, y, z in plan
    ] + [codes.DONE]
    for code in script:
        assert observations["player_0"]["action_mask"][code]
        observations, *_ = env.step({"player_0": code})
    last = env.table.state.last
    assert last["round"] == 1 and last["done"] == [0, 1]
    assert [r["ok"] for r in last["results"]] == [True, False]  # the bot was not finished
    assert last["taker"] == 1 and last["reason"] == "only_wrong"
    assert env.clock.ticks == len(script)


def test_actions_in_one_tick_are_applied_in_an_order_drawn_from_the_seed() -> None:
    """Two builders declaring in the same tick: either may be first, fixed by the seed."""
    firsts = set()
    for seed in range(12):
        env = pz.parallel_env("tuki", 3, {"deck": ["N02"]})
        env.reset(seed=seed)
        env.step({"player_0": codes.DONE, "player_1": codes.DONE, "player_2": WAIT})
        firsts.add(env.table.state.last["done"][0])
    assert firsts == {0, 1}


def test_an_illegal_code_is_refused_and_nothing_changes() -> None:
    par = pz.parallel_env("tuki", 4, QUICK)
    par.reset(seed=1)
    scout = par.table.state.scout
    before = par.table.state.copy()
    with pytest.raises(IllegalAction, match="may only wait"):
        par.step({f"player_{scout}": codes.DONE})
    assert par.table.state == before and par.clock.ticks == 0
    aec = pz.env("tuki", 2, QUICK)
    aec.reset(seed=1)
    agent = aec.agent_selection
    mask = aec.observe(agent)["action_mask"]
    with pytest.raises(IllegalAction):
        aec.step(int(np.flatnonzero(mask == 0)[0]))
    assert aec.agent_selection == agent and aec.clock.ticks == 0


def test_in_the_aec_form_every_agent_chooses_on_the_ticks_observation() -> None:
    env = pz.env("tuki", 3, QUICK)
    env.reset(seed=0)
    seen = [env.observe(a)["observation"] for a in env.agents]
    env.step(codes.DONE)  # player_0 declares: nobody sees it before the tick is played
    assert np.array_equal(env.observe("player_1")["observation"], seen[1])
    env.step(WAIT)
    assert env.clock.ticks == 0
    env.step(WAIT)
    assert env.clock.ticks == 1 and env.agent_selection == "player_0"
    assert env.table.state.done == [0]


def test_a_random_policy_and_the_easy_medium_and_hard_bots_play_through_it() -> None:
    """A seeded random learner against the three levels, each in the bot seat the hosts
    use, to the end of a 4-player game: a bot wins, and the hard bot — quickest, never
    wrong — takes the fewest cards (the easy one is slow and wrong three rounds in ten,
    the random builder is never right)."""
    env = pz.parallel_env("tuki", 4, opponents={1: "easy", 2: "medium", 3: "hard"})
    assert env.possible_agents == ["player_0"]
    _, rewards = _random_game(env, 7)
    outcome = env.table.outcome()
    assert outcome is not None and 0 not in outcome.winners
    assert rewards["player_0"] < 0
    taken = [len(t) for t in env.table.state.taken]
    assert taken[3] == min(taken) < min(taken[0], taken[1])
    assert max(taken) == 5


def test_the_gymnasium_env_runs_the_clock_against_the_hard_bot() -> None:
    check_env(SingleAgentEnv("tuki", 2, "hard", seat=1, illegal="lose"), skip_render_check=True)
    env = SingleAgentEnv("tuki", 3, "hard", seat=None, max_steps=25)
    obs, _ = env.reset(seed=3)
    assert obs["action_mask"][WAIT] == 1 and env.action_space.n == WAIT + 1
    steps, done, cut = 0, False, False
    while not (done or cut):
        obs, reward, done, cut, _ = env.step(WAIT)
        steps += 1
    assert cut and not done and steps == 25 and reward == 0.0
    with pytest.raises(RuntimeError, match="reset"):
        env.step(WAIT)
    with pytest.raises(TypeError, match="clock"):
        SingleAgentEnv("love-letter", 2, tick=1.0)
