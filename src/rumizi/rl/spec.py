"""The RL protocol a game offers, read from its record in the registry, and a table that plays
a game in integer actions for the three faces (PettingZoo, OpenSpiel, Gymnasium).

A game takes part when its package has an ``observe`` module with five functions:

- ``num_actions(players) -> int``: the size of the action space;
- ``encode(action, seat, players) -> int`` and ``decode(code, seat, players) -> action``:
  the integer form of the JSON actions of ``seat`` (codes may be relative to ``seat``);
- ``observation_size(players) -> int``;
- ``observe(view, seat, players) -> np.ndarray``: the fixed-size float32 vector of
  ``view(state, seat)``, built from that view alone, so it leaks nothing.

No other code is needed: ``rumizi.rl.pettingzoo.env(game_id)`` and the other faces find it.
Two optional fast paths work straight from the state, for speed; the tests prove each
equal to what it stands for at every step of random games:

- ``legal_codes(state, seat, players) -> list[int]``: the codes of the legal actions, when
  the game has a faster way than encoding ``legal`` (Skip-Bo does);
- ``observe_state(state, seat, players) -> np.ndarray``: the vector without building the
  view. It must equal ``observe(view(state, seat), seat, players)`` (so what a seat sees
  is still said once, by the view), and the tests check it is the same in every world
  determinized for that seat;
- ``legal_mask(state, seat, players) -> np.ndarray``: the int8 mask itself, for a game
  whose legal codes are too many to list one by one (Tuki's placements: thousands).

A game played against its clock (Tuki: a race) says so with ``TICK_SECONDS``, the seconds
of one step: its faces run the clock (``rumizi.rl.clock``), every seat acts or waits once
a tick, and the round's deadline is applied as in every host.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from rumizi import games
from rumizi.engine import Action, Event, Game, Outcome, Rng, make_rng

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Spec:
    """A game's RL protocol (the functions of its ``observe`` module)."""

    game: Game
    num_actions: Callable[[int], int]
    encode: Callable[[Mapping[str, Any], int, int], int]
    decode: Callable[[int, int, int], Action]
    observation_size: Callable[[int], int]
    observe: Callable[[dict[str, Any], int, int], Vector]
    legal_codes: Callable[[Any, int, int], list[int]] | None = None
    observe_state: Callable[[Any, int, int], Vector] | None = None
    legal_mask: Callable[[Any, int, int], npt.NDArray[np.int8]] | None = None
    tick: float | None = None
    """Seconds of one step for a game played against its clock (``TICK_SECONDS``)."""


def load(game_id: str) -> Spec:
    """The RL protocol of ``game_id`` (its record's ``observing``); ``KeyError`` saying
    what is missing."""
    record = games.record(game_id)
    try:
        parts = record.observing
    except LookupError as lacking:
        raise KeyError(str(lacking)) from None
    if parts is None:
        raise KeyError(f"{game_id} has no observe module: it is not in the RL face yet")
    return Spec(
        record.game,
        num_actions=parts.num_actions,
        encode=parts.encode,
        decode=parts.decode,
        observation_size=parts.observation_size,
        observe=parts.observe,
        legal_codes=parts.legal_codes,
        observe_state=parts.observe_state,
        legal_mask=parts.legal_mask,
        tick=parts.tick,
    )


class _Known(NamedTuple):
    """A legal list the table has seen (kept so that its objects' ids stay theirs), its
    mask, and the code of each of its actions."""

    legal: list[Action]
    mask: npt.NDArray[np.int8]
    codes: list[int]


_NOTHING = _Known([], np.zeros(0, np.int8), [])


_INT8 = np.dtype(np.int8)


def _mask(size: int, codes: list[int]) -> npt.NDArray[np.int8]:
    """An int8 vector of ``size`` with 1 at ``codes`` (a bytearray is the quickest start)."""
    mask = bytearray(size)
    for code in codes:
        mask[code] = 1
    return np.frombuffer(mask, _INT8)


def ids() -> list[str]:
    """The registered games that offer the RL protocol."""
    found = []
    for game_id in games.ids():
        try:
            load(game_id)
        except KeyError:
            continue
        found.append(game_id)
    return found


def returns(outcome: Outcome, players: int) -> list[float]:
    """Zero-sum returns in [-1, 1]: with one winner, +1 to it and -1/(n-1) to the others;
    shared wins split it (a 2-player tie is 0 for both)."""
    share = len(outcome.winners) / players
    scale = players / (players - 1)
    won = set(outcome.winners)
    return [scale * ((1.0 if p in won else 0.0) - share) for p in range(players)]


class Table:
    """One game played in integer actions: the true state, its rng, masks and vectors.

    Clocks do not run here: the game's ``deadline`` is ignored and no timeout is applied,
    so a phase waits for every seat that may act.
    """

    def __init__(self, spec: Spec, players: int, options: Mapping[str, Any] | None = None):
        game = spec.game
        if not game.min_players <= players <= game.max_players:
            raise ValueError(
                f"{game.id} is for {game.min_players}–{game.max_players} players, not {players}"
            )
        self.spec = spec
        self.game = game
        self.players = players
        self.options = dict(options or {})
        self.num_actions = spec.num_actions(players)
        self.observation_size = spec.observation_size(players)
        self.rng: Rng = make_rng(0)
        self._state: Any = None
        self._acting: frozenset[int] | None = None
        self.events: list[Event] = []
        self._masks: dict[tuple[int, ...], _Known] = {}
        self._code_of: list[dict[int, int]] = [{} for _ in range(players)]
        self._kept: list[list[Action]] = [[] for _ in range(players)]
        self._offered: list[_Known] = [_NOTHING] * players
        self._remember = True
        self._lookups = self._hits = 0

    _MASKS = 4096
    """At most this many legal lists are remembered with their masks (see ``mask``)."""
    _CODES = 65536
    """At most this many actions are remembered with their codes."""

    def reset(self, seed: int) -> None:
        """A new game from ``seed``; its events start with what the setup told (the game's
        ``opening``, as in every host)."""
        self.rng = make_rng(seed)
        self.state = self.game.setup(self.players, self.rng, self.options)
        self._offered = [_NOTHING] * self.players
        self.events = list(self.game.opening(self._state))

    @property
    def state(self) -> Any:
        """The true state (setting another one is fine: what is known of it is forgotten)."""
        return self._state

    @state.setter
    def state(self, state: Any) -> None:
        self._state = state
        self._acting = None

    def to_act(self) -> frozenset[int]:
        """The seats that may act now (asked of the game once per state)."""
        acting = self._acting
        if acting is None:
            acting = self._acting = self.game.to_act(self._state)
        return acting

    def codes(self, seat: int) -> list[int]:
        """The codes of ``seat``'s legal actions, in the game's order (empty when it may
        not act)."""
        if seat not in self.to_act():
            return []
        if self.spec.legal_mask is not None:
            return np.flatnonzero(self.spec.legal_mask(self._state, seat, self.players)).tolist()
        if self.spec.legal_codes is not None:
            return self.spec.legal_codes(self._state, seat, self.players)
        legal = self.game.legal(self._state, seat)
        if self._remember:
            return self._codes_of(legal, seat)
        encode, n = self.spec.encode, self.players
        return [encode(a, seat, n) for a in legal]

    def legal_codes(self, seat: int) -> list[int]:
        """The codes of ``seat``'s legal actions, ascending."""
        return sorted(self.codes(seat))

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """1 for the codes of ``seat``'s legal actions, else 0.

        Games that hand out the same action objects again (read-only ones) skip the
        encoding: a list made of the same objects has the same mask, and an object the
        same code. The objects are kept with their mask or code, so that their ids cannot
        be reused meanwhile. For a game that makes new objects each time the memory never
        helps: after 200 lists without a single object seen before, it is no longer used.
        """
        if seat not in self.to_act():
            return np.zeros(self.num_actions, np.int8)
        if self.spec.legal_mask is not None:
            return self.spec.legal_mask(self._state, seat, self.players)
        if self.spec.legal_codes is not None:
            return _mask(self.num_actions, self.spec.legal_codes(self._state, seat, self.players))
        legal = self.game.legal(self._state, seat)
        if not self._remember:
            encode, n = self.spec.encode, self.players
            return _mask(self.num_actions, [encode(a, seat, n) for a in legal])
        key = (seat, *map(id, legal))
        known = self._masks.get(key)
        self._lookups += 1
        if known is None:
            codes = self._codes_of(legal, seat)
            if len(self._masks) >= self._MASKS:
                self._masks.clear()
            known = self._masks[key] = _Known(legal, _mask(self.num_actions, codes), codes)
        else:
            self._hits += 1
        if self._lookups == 200 and self._hits == 0:
            self._remember = False
            self._masks.clear()
            for code_of, kept in zip(self._code_of, self._kept, strict=True):
                code_of.clear()
                kept.clear()
        else:
            self._offered[seat] = known
        return known.mask.copy()

    def _codes_of(self, legal: list[Action], seat: int) -> list[int]:
        """The codes of ``seat``'s ``legal`` actions, each remembered by its object's id
        (see ``mask``; the objects are kept, so that their ids stay theirs)."""
        code_of = self._code_of[seat]
        found = list(map(code_of.get, map(id, legal)))
        if None not in found:
            self._hits += len(found)
            return found  # type: ignore[return-value]  # (no None in it)
        kept = self._kept[seat]
        if len(kept) >= self._CODES:
            code_of.clear()
            kept.clear()
            found = [None] * len(legal)
        encode, n = self.spec.encode, self.players
        codes = []
        for action, code in zip(legal, found, strict=True):
            if code is None:
                code = code_of[id(action)] = encode(action, seat, n)
                kept.append(action)
            else:
                self._hits += 1
            codes.append(code)
        return codes

    def observe(self, seat: int) -> Vector:
        """``seat``'s vector (the game's ``observe_state`` where it has one: the same
        vector as ``observe`` of the view, faster)."""
        if self.spec.observe_state is not None:
            return self.spec.observe_state(self._state, seat, self.players)
        return self.spec.observe(self.game.view(self._state, seat), seat, self.players)

    def act(self, seat: int, code: int) -> list[Event]:
        """Apply ``seat``'s action ``code``; ``IllegalAction`` (nothing changed) if illegal.

        The action is ``decode``'s, or the equal object of the legal list the seat's last
        mask came from (the game knows its own objects at once): every legal action
        decodes back to itself, whatever the state (a test checks it for every game).
        """
        code = int(code)
        offered = self._offered[seat]
        if code in offered.codes:
            action = offered.legal[offered.codes.index(code)]
        else:
            action = self.spec.decode(code, seat, self.players)
        return self.apply(seat, action)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s JSON action (a bot's, the clock's ``timeout``);
        ``IllegalAction`` (nothing changed) if the rules refuse it."""
        events = self.game.apply(self._state, seat, action, self.rng)
        self._acting = None
        self.events.extend(events)
        return events

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self._state)

    def returns(self) -> list[float]:
        """Each seat's return: zero until the game is over."""
        outcome = self.game.outcome(self._state)
        return [0.0] * self.players if outcome is None else returns(outcome, self.players)

    def render(self, names: list[str]) -> str:
        """The spectator's table (no hidden card) in English, as plain text, from the
        game's terminal renderer (its record's); ``KeyError`` for a game without one."""
        from rich.console import Console

        terminal = games.record(self.game.id).terminal
        if terminal is None:
            raise KeyError(f"{self.game.id} has no terminal renderer")
        view = self.game.view(self._state, None)
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, force_terminal=False)
        console.print(terminal.board(view, names, "en"))
        return buffer.getvalue()
