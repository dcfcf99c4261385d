"""Skip-Bo as ``../shared/rules/skip-bo.md`` states it, solo or in partnerships.

An action moves one card from a source to a destination (see ``encode``): onto a building
pile, or from the hand onto one of one's own discard piles, which ends the turn. A player
with no card in hand and nothing to draw ends the turn with ``{"type": "end_turn"}``
instead, after the building plays they want. Drawing up to five cards at the start of a
turn, refilling an emptied hand, recycling completed building piles and dealing the next
round all happen by themselves.

What may move where is said once in named moves, ``moves.legal_moves``. Every action also has an
int form; ``legal_codes`` (the table-driven fast path of ``fast.py``, proven equal to
``legal_moves`` by a property test) and ``apply_code`` work on it directly (bots, the RL
API and the benchmark use them), and ``legal`` and ``apply`` are the same functions in
JSON form. Passing ``events=None`` to ``apply_code`` skips building the events.

Choices of this implementation beyond the spec's own [decision]s (see docs/skip-bo.md):
empty building and discard piles are interchangeable, so a new pile is always started in
the first empty place; a player whose hand is empty with nothing left to draw may still
play from the stock and discard piles, then ends the turn without a discard (the turn
passes by itself when no such play is possible), at the start of a turn as in the middle
of one; the next round is started by the next seat; and three stalled rounds in a row end
the game, so that every game ends (random play almost never empties a stock).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rumizi.engine import (
    Action,
    BaseGame,
    Event,
    Outcome,
    Rng,
    copy_record,
    first_seat,
    shuffle,
    stacked_decks,
)

from . import fast
from .cards import DECK_COUNTS, JSON, from_json
from .description import DESCRIPTION
from .encode import NUM_ACTIONS, decode, encode
from .options import stock_size_option, teams_option
from .playing import move
from .rounds import ONLY, deal_round, round_told, tell_draw
from .state import SkipBoState
from .validation import check_move


class SkipBo(BaseGame):
    description = DESCRIPTION

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> SkipBoState:
        options = self.check_setup(players, options)
        stock_size = stock_size_option(options, players)
        teams = teams_option(options, players)
        state = SkipBoState(
            players=players,
            stock_size=stock_size,
            target=options["target"],
            max_rounds=options.get("rounds", 0),
            partner=[(p + players // 2) % players if teams else -1 for p in range(players)],
            scores=[0] * players,
            starter=first_seat(options, players, rng),
            stacked=stacked_decks(
                options,
                from_json,
                DECK_COUNTS,
                '1–12 and "skip-bo"',
                "twelve each of 1–12 and 18 'skip-bo'",
            ),
        )
        deal_round(state, rng, [])
        return state

    def opening(self, state: SkipBoState) -> list[Event]:
        """What the first deal tells (``setup`` returns only the state): the same events as
        every later deal — the round, then the starter's first draw (their whole hand: the
        draw pile always holds a full hand at a deal), its cards to them alone."""
        drawn = list(state.hands[state.starter])
        events = [round_told(state, len(state.draw) + len(drawn))]
        tell_draw(state, "turn", state.starter, drawn, events)
        return events

    # ------------------------------------------------------------- queries
    def to_act(self, state: SkipBoState) -> frozenset[int]:
        return frozenset() if state.current < 0 else ONLY[state.current]

    def legal(self, state: SkipBoState, seat: int) -> list[Action]:
        """Every legal action, in the order of ``legal_codes``: shared and read-only
        (``encode.ACTIONS``), by the fast path (``fast.legal``), proven equal to
        ``legal_moves`` by a property test."""
        return fast.legal(state, seat, fast.ACTIONS)

    def legal_codes(self, state: SkipBoState, seat: int) -> list[int]:
        """Every legal action of ``seat`` as an int, in the order of ``legal``: the fast
        path (``fast.legal``), proven equal to ``legal_moves`` by a property test."""
        return fast.legal(state, seat, fast.CODES)

    def outcome(self, state: SkipBoState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores(state.scores, state.winners)

    # ------------------------------------------------------- the int API
    def encode(self, action: Action) -> int:
        return encode(action)

    def decode(self, code: int) -> Action:
        return decode(code)

    def num_actions(self, players: int) -> int:
        return NUM_ACTIONS

    # -------------------------------------------------------------- acting
    def apply(self, state: SkipBoState, seat: int, action: Action, rng: Rng) -> list[Event]:
        if seat != state.current:
            raise self.not_your_turn(state, seat)
        code = encode(action)
        events: list[Event] = []
        move(state, seat, code, self._check(state, seat, code), rng, events)
        return events

    def apply_code(
        self,
        state: SkipBoState,
        seat: int,
        code: int,
        rng: Rng,
        events: list[Event] | None = None,
    ) -> None:
        """Carry out the action ``code``; its events go to ``events`` unless it is None."""
        card = self._check(state, seat, code)
        move(state, seat, code, card, rng, events)

    def _check(self, state: SkipBoState, seat: int, code: int) -> int:
        """Validate an action without touching the state; return the card it moves."""
        if seat != state.current:
            raise self.not_your_turn(state, seat)
        return check_move(state, seat, code)

    # --------------------------------------------------------------- views
    def view(self, state: SkipBoState, seat: int | None) -> dict[str, Any]:
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "teams": _teams(state),
            "round": state.round,
            "rounds": state.max_rounds or None,
            "target": state.target,
            "scores": list(state.scores),
            "stalls": state.stalls,
            "starter": state.starter,
            "turn": state.current if state.current >= 0 else None,
            "turns": state.turns,
            "played": state.played,
            "idle": state.idle,
            "draw": len(state.draw),
            "building": [[JSON[c] for c in pile] for pile in state.build],
            "stock_tops": [JSON[s[-1]] if s else None for s in state.stocks],
            "stock_sizes": [len(s) for s in state.stocks],
            "discards": [[[JSON[c] for c in pile] for pile in piles] for piles in state.discards],
            "hand": [] if seat is None else [JSON[c] for c in sorted(state.hands[seat])],
            "hand_sizes": [len(h) for h in state.hands],
            "last_round": None if state.last_round is None else copy_record(state.last_round),
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------- determinizing
    def determinize(self, state: SkipBoState, seat: int, rng: Rng) -> SkipBoState:
        """Resample every card ``seat`` has not seen, keeping what it knows.

        Hidden: the other hands, every stock pile below its top, and the draw pile. The
        completed piles put under the draw pile and not yet reached keep their cards (all
        saw them), shuffled among themselves. Coming stacked decks are dropped.
        """
        world = state.copy()
        world.stacked = []
        kept = sum(world.segments)
        pool = list(world.draw[kept:])
        for p in range(world.players):
            pool.extend(world.stocks[p][:-1])
            if p != seat:
                pool.extend(world.hands[p])
        pool.sort()  # the draw depends on what the seat knows, not where the cards truly are
        shuffle(rng, pool)
        at = 0
        for p in range(world.players):
            below = len(world.stocks[p]) - 1
            if below > 0:
                world.stocks[p][:-1] = pool[at : at + below]
                at += below
            if p != seat:
                size = len(world.hands[p])
                world.hands[p] = pool[at : at + size]
                at += size
        world.draw[kept:] = pool[at:]
        start = 0
        for size in world.segments:
            segment = world.draw[start : start + size]
            shuffle(rng, segment)
            world.draw[start : start + size] = segment
            start += size
        return world


def _teams(state: SkipBoState) -> list[list[int]] | None:
    if not state.teams:
        return None
    return [list(state.team_of(p)) for p in range(state.players) if p < state.partner[p]]


GAME = SkipBo()
