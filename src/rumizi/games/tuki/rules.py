"""Tuki («توکی») on the engine, as ``shared/rules/tuki.md`` states it.

A round: the scout turns the top card and rolls the die (automatically, when the round
begins); every builder builds at once on their own area with these actions::

    {"type": "place", "piece": "blue", "axis": "x", "x": 3, "y": 5, "z": 0}
    {"type": "move", "piece": "blue", "x": 4, "y": 5, "z": 0}     # same axis
    {"type": "turn", "piece": "blue", "axis": "z"}                # same lowest cell
    {"type": "remove", "piece": "blue"}
    {"type": "done"}

A placement can't be listed (thousands per seat), so ``legal`` gives ``place``, ``move``
and ``turn`` as parametric kinds (``rumizi.engine.params``); ``apply`` refuses a piece
that leaves the 12 × 12 × 10 volume or overlaps another. A build may be unstable while it
is being built (``falls`` in the view says why); it is judged only when declared. The host
applies ``{"type": "timeout"}`` when ``round_seconds`` have passed since the round began.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rumizi.engine import Action, BaseGame, Event, Outcome, Rng, first_seat

from .actions import CELL_DOMAINS, build_rule, check_action
from .cards import card_of
from .description import DESCRIPTION
from .geometry import AXES, level_pieces, piece_length
from .hints import hint, next_hint
from .judging import done, timeout
from .options import deck_option, dice_option, practice_option
from .rounds import start_round
from .state import BUILD, OVER, TukiState, json_copy


class Tuki(BaseGame):
    description = DESCRIPTION

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> TukiState:
        options = self.check_setup(players, options)
        level = str(options["level"])
        practice = practice_option(options, players)
        seconds = None if practice else options["round_seconds"]
        state = TukiState(
            players=players,
            level=level,
            round_seconds=None if seconds is None else float(seconds),
            deck=deck_option(options, level, rng),
            dice=dice_option(options),
            taken=[[] for _ in range(players)],
            practice=practice,
        )
        start_round(state, first_seat(options, players, rng), rng, [])
        return state

    # ------------------------------------------------------------- queries
    def to_act(self, state: TukiState) -> frozenset[int]:
        if state.phase == OVER:
            return frozenset()
        return frozenset(state.building())

    def legal(self, state: TukiState, seat: int) -> list[Action]:
        """The build kinds with their parameter domains, each remove, and done."""
        if seat not in self.to_act(state):
            return []
        build = state.builds[seat]
        placed = list(build)
        unplaced = [p for p in level_pieces(state.level) if p not in build]
        turnable = [p for p in placed if piece_length(p) > 1]
        actions: list[Action] = []
        if unplaced:
            domains = {"piece": unplaced, "axis": list(AXES), **CELL_DOMAINS}
            actions.append({"type": "place", "params": json_copy(domains)})
        if placed:
            actions.append({"type": "move", "params": {"piece": placed, **json_copy(CELL_DOMAINS)}})
        if turnable:
            actions.append({"type": "turn", "params": {"piece": turnable, "axis": list(AXES)}})
        actions.extend({"type": "remove", "piece": p} for p in placed)
        if state.practice and next_hint(state, seat) is not None:
            actions.append({"type": "hint"})
        actions.append({"type": "done"})
        return actions

    def outcome(self, state: TukiState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores([-float(len(t)) for t in state.taken], state.winners)

    def deadline(self, state: TukiState) -> float | None:
        """The round's seconds while building (``None`` when rounds are untimed)."""
        return state.round_seconds if state.phase == BUILD else None

    def phase(self, state: TukiState) -> int:
        """The round number: hosts restart the clock when a new round begins."""
        return state.round_no

    # -------------------------------------------------------------- acting
    def apply(self, state: TukiState, seat: int, action: Action, rng: Rng) -> list[Event]:
        kind, value = self._check(state, seat, action)
        events: list[Event] = []
        RULES[kind](state, seat, value, rng, events)
        return events

    def _check(self, state: TukiState, seat: int, action: Any) -> tuple[str, Any]:
        """Validate an action without touching the state; return (kind, its value)."""
        if self.is_timeout_now(state, seat, action):
            return "timeout", None
        return check_action(state, seat, action)

    # --------------------------------------------------------------- views
    def view(self, state: TukiState, seat: int | None) -> dict[str, Any]:
        """Everything on the table: the card (turned), the die, every build live, who has
        declared, the cards taken — never the order of the deck."""
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        card = card_of(state)
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "level": state.level,
            "round": state.round_no,
            "scout": state.scout,
            "builders": list(state.builders),
            "card": {
                "id": card.id,
                "stones": [[c, a, *at] for c, a, at in sorted(card.stones)],
                "icons": {str(turn): animal for turn, animal in card.icons.items()},
            },
            "die": {"animal": state.animal, "rule": state.rule},
            "turn": state.turn,
            "builds": [[[piece, *spot] for piece, spot in b.items()] for b in state.builds],
            "falls": json_copy(state.falls),
            "done": list(state.done),
            "out": list(state.out),
            "final": state.final,
            "practice": state.practice,
            "hints": [list(h) for h in state.hints],
            "taken": [list(t) for t in state.taken],
            "deck": len(state.deck),
            "phase": state.phase,
            "to_act": sorted(self.to_act(state)),
            "deadline": self.deadline(state),
            "last": json_copy(state.last),
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------- determinizing
    def determinize(self, state: TukiState, seat: int, rng: Rng) -> TukiState:
        """Reshuffle the face-down deck: its order is all that is hidden."""
        world = state.copy()
        rng.shuffle(world.deck)
        return world


Rule = Callable[[TukiState, int, Any, Rng, list[Event]], None]
RULES: Mapping[str, Rule] = MappingProxyType(
    {
        "place": build_rule("placed"),
        "move": build_rule("moved"),
        "turn": build_rule("turned"),
        "remove": build_rule("removed"),
        "done": done,
        "hint": hint,
        "timeout": timeout,
    }
)

GAME = Tuki()
