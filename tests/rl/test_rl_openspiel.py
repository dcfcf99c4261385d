"""OpenSpiel's random simulation test for every game in the RL face, and how each game is
put to OpenSpiel (sampled chance, perfect-recall information states, resampling)."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed")

from rumizi.rl import openspiel  # noqa: E402
from rumizi.rl import spec as rl_spec  # noqa: E402

SHORT = {
    "love-letter": {"tokens_to_win": 2},
    "skip-bo": {"stock_size": 3, "rounds": 1},
    "ugha-bugha": {"variant": "challenges", "tokens_to_win": 1},
}


TURN_BASED = [g for g in rl_spec.ids() if rl_spec.load(g).tick is None]


def _cases() -> list[tuple[str, int, dict]]:
    """Every game at its smallest table (short games: OpenSpiel's test asks every seat's
    information state at every step), and Love Letter at four."""
    cases = [("love-letter", 4, {})]
    for game_id in TURN_BASED:
        game = rl_spec.load(game_id).game
        cases.append((game_id, game.min_players, SHORT.get(game_id, {})))
    return cases


@pytest.mark.parametrize(("game_id", "players", "options"), _cases())
def test_openspiel_random_simulation_test_passes(game_id, players, options) -> None:
    game = openspiel.load_game(game_id, players, options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_game_is_declared_as_it_is_played() -> None:
    game = openspiel.load_game("love-letter", 3)
    kind = game.get_type()
    assert kind.short_name == "python_rumizi_love_letter"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert game.num_players() == 3 and game.num_distinct_actions() == 8 + 11 * 3
    assert game.information_state_tensor_shape() == [27 + 30 * 3]


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_the_type_and_parameters_come_from_the_description(game_id) -> None:
    described = rl_spec.load(game_id).game.description
    game = openspiel.load_game(game_id)
    kind = game.get_type()
    assert kind.long_name == f"Rumizi {described.title['en']}"
    assert (kind.min_num_players, kind.max_num_players) == (
        described.min_players,
        described.max_players,
    )
    parameters = game.get_parameters()
    for option in described.options:
        if option.type == "data":
            assert option.name not in parameters
        elif option.default is None and option.type in ("int", "seconds"):
            assert parameters[option.name] == 0  # the game decides
        elif option.default is not None:
            assert parameters[option.name] == option.default


def test_options_are_parameters_and_the_json_says_the_rest() -> None:
    openspiel.register("skip-bo")
    game = pyspiel.load_game("python_rumizi_skip_bo(players=3,stock_size=5,rounds=1)")
    assert game.num_players() == 3
    assert game.options == {"stock_size": 5, "rounds": 1, "target": 500, "teams": False, "first": 0}
    state = game.new_initial_state()
    assert state.view(0)["stock_sizes"] == [5, 5, 5]
    short = openspiel.load_game("skip-bo", 2, {"rounds": 1, "first": "random"})
    assert short.options["first"] == "random" and "stock_size" not in short.options
    with pytest.raises(ValueError, match="clock"):
        openspiel.load_game("tuki", 2)


def test_states_show_each_seat_only_its_own_cards() -> None:
    game = openspiel.load_game("love-letter", 2)
    state = game.new_initial_state()
    first = state.current_player()
    view = json.loads(state.observation_string(first))
    assert len(view["hand"]) == 2 and view["seat"] == first
    other = json.loads(state.observation_string(1 - first))
    assert len(other["hand"]) == 1
    vector = np.array(state.observation_tensor(first), dtype=np.float32)
    expected = rl_spec.load("love-letter").observe(state.view(first), first, 2)
    assert np.array_equal(vector, expected)
    assert state.information_state_tensor(first) == state.observation_tensor(first)


def test_information_states_remember_and_survive_resampling() -> None:
    """The string grows with what the seat saw (perfect recall), and a world resampled
    for a seat looks the same to it, but not necessarily to the other seat."""
    game = openspiel.load_game("love-letter", 2, {"tokens_to_win": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    lengths = []
    differs = 0
    while not state.is_terminal() and len(lengths) < 12:
        seat = state.current_player()
        info = state.information_state_string(seat)
        lengths.append(len(info.splitlines()))
        for _ in range(3):
            world = state.resample_from_infostate(seat, None)
            assert world.information_state_string(seat) == info
            assert world.legal_actions() == state.legal_actions()
            differs += world.information_state_string(1 - seat) != state.information_state_string(
                1 - seat
            )
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert lengths == sorted(lengths) and lengths[-1] > lengths[0]
    assert differs > 0


def test_a_clone_has_the_same_future() -> None:
    game = openspiel.load_game("skip-bo", 2, {"stock_size": 5})
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    twin = state.clone()
    for _ in range(40):
        if state.is_terminal():
            break
        action = state.legal_actions()[-1]
        state.apply_action(action)
        twin.apply_action(action)
        assert str(state) == str(twin)


def test_a_game_past_max_moves_ends_without_a_winner() -> None:
    game = openspiel.load_game("love-letter", 2, max_moves=3)
    state = game.new_initial_state()
    for _ in range(3):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert game.max_game_length() == 3


def test_returns_name_the_winner() -> None:
    game = openspiel.load_game("love-letter", 4, {"tokens_to_win": 1})
    rng = np.random.default_rng(3)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        assert sum(returns) == pytest.approx(0) and max(returns) > 0
        assert min(returns) < 0
