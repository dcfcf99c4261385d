"""The games of the RL face as OpenSpiel Python games (``pyspiel``).

``register(game_id)`` registers ``python_rumizi_<id>`` (``-`` becomes ``_``) and
``load_game(game_id, players=2, options={...})`` loads it. Parameters: ``players``,
``options`` (the game's options as a JSON string), ``max_moves`` (a cap, see below).

How the game is put to OpenSpiel:

- **Chance is sampled** (``SAMPLED_STOCHASTIC``): shuffles and draws happen inside the
  rules with the state's own seeded generator, as in every Rumizi host; OpenSpiel never
  sees a chance node. A clone keeps the generator, so it has the same future;
  ``resample_from_infostate`` (used by ISMCTS) deals a new world with the game's
  ``determinize`` and gives it a fresh generator.
- **Simultaneous phases are asked in seat order** (Ugha Bugha's "Ho!" window): the
  current player is the lowest seat that may act; the first "Ho!" closes the window.
- **Rewards** come at the end (``spec.returns``: zero-sum, +1 for a sole winner). A game
  still going after ``max_moves`` moves (default 100,000: far beyond any game seen) ends
  there with all returns 0.
- **Information state** (perfect recall): the string is what the seat has seen since the
  deal: its first view, then every event it saw and every action it took, then its
  current view, as JSON lines. The tensor is the seat's observation vector (the game's
  ``observe``), which is *not* of perfect recall. The observation string is the current
  view as JSON, the observation tensor the same vector.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from rumizi import games
from rumizi.engine import make_rng
from rumizi.engine.description import NUMERIC, Description

from .spec import Spec, Table, load

MAX_MOVES = 100_000


def short_name(game_id: str) -> str:
    return "python_rumizi_" + game_id.replace("-", "_")


def _game_type(spec: Spec) -> pyspiel.GameType:
    """The OpenSpiel game type, read from the game's description: its names, player
    counts and options (each option with a default becomes a parameter of that default);
    how every Rumizi game is put to OpenSpiel is the same (module docstring)."""
    described = games.describe(spec.game.id)
    if spec.tick is not None:
        raise ValueError(
            f"{described.id} is played against its clock, which OpenSpiel's turn-based form "
            "cannot run: use rumizi.rl.pettingzoo.parallel_env or rumizi.rl.gymnasium"
        )
    return pyspiel.GameType(
        short_name=short_name(described.id),
        long_name=f"Rumizi {described.title['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=described.max_players,
        min_num_players=described.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": described.min_players,
            "options": "{}",
            "max_moves": MAX_MOVES,
            **option_parameters(described),
        },
    )


def option_parameters(described: Description) -> dict[str, Any]:
    """The game's options that OpenSpiel can carry as parameters, under their own names:
    whole numbers, seconds, true or false, choices and seats, each with the description's
    default — or, for a number whose default the game decides (``None``: it depends on
    the player count), 0, which means just that (0 is never a valid value of one)."""
    out: dict[str, Any] = {}
    for option in described.options:
        if option.name in _OWN or option.type == "data":
            continue
        default = option.default
        if option.type in NUMERIC:
            kind = float if option.type == "seconds" else int
            out[option.name] = kind(0 if default is None else default)
        elif default is not None:
            out[option.name] = default
    return out


_OWN = ("players", "options", "max_moves")
"""The parameters every Rumizi game has (an option may not take these names)."""


def _options(params: Mapping[str, Any], described: Description) -> dict[str, Any]:
    """The game's options from the parameters (a number left at 0 is left to the game),
    then the ``options`` JSON over them: it can say what a parameter can't (``null``, a
    stacked deck, a ``"random"`` seat)."""
    options = {
        name: params[name]
        for name in option_parameters(described)
        if name in params and not (described.option(name).type in NUMERIC and params[name] == 0)
    }
    options.update(json.loads(params.get("options", "{}")))
    return options


class RumiziGame(pyspiel.Game):  # type: ignore[misc]
    """One Rumizi game, with its player count and options fixed by the parameters."""

    spec: Spec

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", self.spec.game.min_players))
        self.options: dict[str, Any] = _options(params, games.describe(self.spec.game.id))
        self.max_moves = int(params.get("max_moves", MAX_MOVES))
        self.table = Table(self.spec, players, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_moves,
        )
        super().__init__(self._type, info, params)
        self._seeds = random.Random(0)

    _type: pyspiel.GameType

    def new_initial_state(self) -> RumiziState:
        """A new deal; each call draws the next seed from the game's own sequence."""
        return RumiziState(self, self._seeds.getrandbits(63))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> RumiziObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return RumiziObserver(self.table.observation_size, perfect_recall)


class RumiziState(pyspiel.State):  # type: ignore[misc]
    """The true state of a deal, its generator, and what each seat has seen."""

    def __init__(self, game: RumiziGame, seed: int) -> None:
        super().__init__(game)
        self._max_moves = game.max_moves
        self._seed = seed
        self._rng: Any = None
        self._state: Any = None
        self._moves = 0
        self._seen: list[list[str]] = []

    @property
    def _table(self) -> Table:
        table: Table = self.get_game().table
        return table

    def _true(self) -> Any:
        """The true state, dealt on first use (a clone overwrites it with a copy first)."""
        if self._state is None:
            table = self._table
            self._rng = make_rng(self._seed)
            self._state = table.game.setup(table.players, self._rng, table.options)
            self._seen = [
                [json.dumps(table.game.view(self._state, p), sort_keys=True)]
                for p in range(table.players)
            ]
        return self._state

    # ------------------------------------------------------------ the game
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return min(self._table.game.to_act(self._true()))

    def _legal_actions(self, player: int) -> list[int]:
        with self._on_table() as table:
            return table.legal_codes(player)

    def _apply_action(self, action: int) -> None:
        seat = self.current_player()
        with self._on_table() as table:
            table.events = []
            table.act(seat, action)
            events = table.events
        self._moves += 1
        self._seen[seat].append("you: " + self._action_to_string(seat, action))
        for p, seen in enumerate(self._seen):
            seen.extend(json.dumps(e.to_json(), sort_keys=True) for e in events if e.visible_to(p))

    def _action_to_string(self, player: int, action: int) -> str:
        spec, n = self._table.spec, self._table.players
        return json.dumps(spec.decode(int(action), player, n), sort_keys=True)

    def is_terminal(self) -> bool:
        return self._moves >= self._max_moves or self._table.game.outcome(self._true()) is not None

    def returns(self) -> list[float]:
        with self._on_table() as table:
            return table.returns()

    def __str__(self) -> str:
        view = self._table.game.view(self._true(), None)
        return json.dumps(view, sort_keys=True)

    # --------------------------------------------------------- for search
    def resample_from_infostate(self, player: int, sampler: Any = None) -> RumiziState:
        """A world ``player`` cannot tell from this one, with a fresh random future."""
        world: RumiziState = self.clone()
        rng = random.Random(self._rng.random())
        world._state = self._table.game.determinize(self._true(), player, rng)
        world._rng = make_rng(rng.getrandbits(63))
        return world

    def view(self, player: int) -> dict[str, Any]:
        return self._table.game.view(self._true(), player)

    def information_lines(self, player: int) -> list[str]:
        return [*self._seen[player], json.dumps(self.view(player), sort_keys=True)]

    def vector(self, player: int) -> np.ndarray:
        return self._table.spec.observe(self.view(player), player, self._table.players)

    def _on_table(self) -> _OnTable:
        return _OnTable(self)


class _OnTable:
    """Lends the game's shared Table this state's true state and generator for one call."""

    def __init__(self, state: RumiziState) -> None:
        self.state = state

    def __enter__(self) -> Table:
        table = self.state._table
        table.state, table.rng = self.state._true(), self.state._rng
        return table

    def __exit__(self, *exc: object) -> None:
        table = self.state._table
        table.state = None


class RumiziObserver:
    """OpenSpiel's Python observer: the vector of the seat's view; the string is the
    seat's history (perfect recall) or its current view."""

    def __init__(self, size: int, perfect_recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: RumiziState, player: int) -> None:
        self.tensor[:] = state.vector(player)

    def string_from(self, state: RumiziState, player: int) -> str:
        if self.perfect_recall:
            return "\n".join(state.information_lines(player))
        return json.dumps(state.view(player), sort_keys=True)


def register(game_id: str) -> str:
    """Register ``game_id`` with pyspiel (once); returns its short name."""
    name = short_name(game_id)
    if name in pyspiel.registered_names():
        return name
    spec = load(game_id)
    game_type = _game_type(spec)
    cls = type(
        f"Rumizi_{game_id.replace('-', '_')}",
        (RumiziGame,),
        {"spec": spec, "_type": game_type},
    )
    pyspiel.register_game(game_type, cls)
    return name


def load_game(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    max_moves: int = MAX_MOVES,
) -> pyspiel.Game:
    """The pyspiel game of ``game_id`` (registered on first use)."""
    name = register(game_id)
    params: dict[str, Any] = {"options": json.dumps(dict(options or {})), "max_moves": max_moves}
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(name, params)
