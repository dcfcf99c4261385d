"""Ugha Bugha (اوگا بوگا), as ``../shared/rules/ugha-bugha.md`` states it.

A turn is a few actions by the player pointed at, all on one clock:

- ``{"type": "flip", "position": i}`` — flip the face-down card at position ``i``;
- ``{"type": "say", "item": id}`` — the next item of the recitation (a word or a gesture),
  heard by everyone as a ``said`` event and never kept in any view;
- ``{"type": "ha", "point": seat}`` — "Ha!", pointing at who goes next; or
  ``{"type": "ugha_bugha"}`` on the last card.

In the ``challenges`` variant the closing word opens a window in which every other player
may ``{"type": "ho"}`` or ``{"type": "pass"}``. The host applies ``{"type": "timeout"}``
when ``deadline`` has passed since the phase began; a new phase begins whenever ``phase``
changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rumizi.engine import (
    Action,
    BaseGame,
    Event,
    FrozenAction,
    Outcome,
    Rng,
    first_seat,
    stacked_decks,
)

from .cards import DECK_COUNTS, FULL_DECK, IDS, ITEM_IDS
from .description import DESCRIPTION
from .ho_window import ho, pass_
from .options import DECK_CONTENTS, hand_size, read_card, turn_option, window_option
from .state import FLIP, OVER, RECITE, WINDOW, UghaBughaState
from .turn_start import deadline, deal_at_setup, ready_pause, start_chain
from .turns import flip, ha, say, timeout, ugha_bugha
from .validation import check_action, targets

FLIPS = tuple(FrozenAction(type="flip", position=i) for i in range(len(FULL_DECK)))
SAYS = tuple(FrozenAction(type="say", item=item) for item in ITEM_IDS)
HAS = tuple(FrozenAction(type="ha", point=p) for p in range(DESCRIPTION.max_players))
HO, PASS = FrozenAction(type="ho"), FrozenAction(type="pass")
UGHA_BUGHA = FrozenAction(type="ugha_bugha")
"""The actions ``legal`` hands out: shared and read-only (copy one to change it)."""


class UghaBugha(BaseGame):
    description = DESCRIPTION

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> UghaBughaState:
        clock_given = isinstance(options, Mapping) and "clock" in options
        options = self.check_setup(players, options)
        variant = options["variant"]
        base, per_card = turn_option(options, clock_given)
        state = UghaBughaState(
            players=players,
            hand_size=hand_size(players),
            tokens_to_win=options["tokens_to_win"],
            variant=variant,
            turn_base=base,
            turn_per_card=per_card,
            window_seconds=window_option(options, variant, timed=base is not None),
            tokens=[0] * players,
        )
        first = first_seat(options, players, rng)
        stacked = next(
            iter(
                stacked_decks(
                    options, read_card, DECK_COUNTS, ", ".join(IDS), DECK_CONTENTS, rounds=False
                )
            ),
            None,
        )
        if stacked is None:
            cards = list(FULL_DECK)
            rng.shuffle(cards)
        else:
            cards = stacked
        state.deck = cards[::-1]
        deal_at_setup(state)
        start_chain(state, first, [])
        return state

    # ------------------------------------------------------------- queries
    def to_act(self, state: UghaBughaState) -> frozenset[int]:
        if state.phase == WINDOW:
            return frozenset(p for p in state.others(state.current) if not state.passed[p])
        if state.phase == OVER:
            return frozenset()
        return frozenset((state.current,))

    def legal(self, state: UghaBughaState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == FLIP:
            return list(FLIPS[: len(state.hands[seat])])
        if state.phase == WINDOW:
            return [HO, PASS]
        actions: list[Action] = []
        if len(state.recited) < len(state.pile):
            actions.extend(SAYS)
        actions.extend(HAS[p] for p in targets(state, seat))
        actions.append(UGHA_BUGHA)
        return actions

    def outcome(self, state: UghaBughaState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores(state.tokens, state.winners)

    def deadline(self, state: UghaBughaState) -> float | None:
        """The turn's seconds (base + per card of the chain, the new card counted, after
        the "get ready" pause on a new chain's first turn), the window's seconds, or
        ``None`` when nothing is timed."""
        return deadline(state)

    def phase(self, state: UghaBughaState) -> int:
        """Changes whenever a new timed phase (a turn, a "Ho!" window) begins.

        A turn spans several actions on one clock, so hosts (the server, the terminal)
        restart their clock when this value changes, not after every action.
        """
        return state.clock_phase

    # -------------------------------------------------------------- acting
    def apply(self, state: UghaBughaState, seat: int, action: Action, rng: Rng) -> list[Event]:
        kind, value = self._check(state, seat, action)
        events: list[Event] = []
        RULES[kind](state, seat, value, rng, events)
        return events

    def _check(self, state: UghaBughaState, seat: int, action: Any) -> tuple[str, Any]:
        """Validate an action without touching the state; return (kind, its value)."""
        if self.is_timeout_now(state, seat, action):
            return "timeout", None
        return check_action(state, seat, action)

    # --------------------------------------------------------------- views
    def view(self, state: UghaBughaState, seat: int | None) -> dict[str, Any]:
        """What a seat may know: the top card, counts, tokens, turn and clock — never the
        chain below the top card, and nobody's face-down cards (not even their own)."""
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        window = state.phase == WINDOW
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "variant": state.variant,
            "hand_size": state.hand_size,
            "tokens": list(state.tokens),
            "tokens_to_win": state.tokens_to_win,
            "hands": [len(h) for h in state.hands],
            "deck": len(state.deck),
            "set_aside": len(state.set_aside),
            "chain_no": state.chain_no,
            "chain": len(state.pile),
            "top": IDS[state.pile[-1]] if state.pile else None,
            "phase": state.phase,
            "turn": state.current if state.phase != OVER else None,
            "pointed_by": state.pointed_by,
            "recited": len(state.recited),
            "call": state.call if window else None,
            "point": state.point if window else None,
            "passed": list(state.passed) if window else [],
            "to_act": sorted(self.to_act(state)),
            "deadline": self.deadline(state),
            "ready": ready_pause(state) if state.phase in (FLIP, RECITE) else 0.0,
            "clock_phase": state.clock_phase,
            "last": None if state.last is None else dict(state.last),
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------------ history
    def retell(self, events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any] | None]:
        """What a seat that was not listening is told of ``events`` (the events it may see
        from some index up to now, when it connects, reloads or starts watching): nothing
        of the current chain below its top card. Its recitations are not told (``None``)
        and its flips are told without their card; earlier chains are told as they were."""
        starts = [i for i, e in enumerate(events) if e.get("kind") == "chain_started"]
        current = starts[-1] if starts else 0
        told: list[dict[str, Any] | None] = [dict(e) for e in events[:current]]
        for event in events[current:]:
            if event.get("kind") == "said":
                told.append(None)
            elif event.get("kind") == "flipped":
                told.append({k: v for k, v in event.items() if k != "card"})
            else:
                told.append(dict(event))
        return told

    # ------------------------------------------------------- determinizing
    def determinize(self, state: UghaBughaState, seat: int, rng: Rng) -> UghaBughaState:
        """Resample every face-down card: all hands (the seat's own too) and the deck.

        The centre pile and the set-aside cards were all seen face up, so they stay.
        """
        world = state.copy()
        unseen = [c for hand in world.hands for c in hand] + world.deck
        rng.shuffle(unseen)
        cards = iter(unseen)
        world.hands = [[next(cards) for _ in hand] for hand in world.hands]
        world.deck = list(cards)
        return world


Rule = Callable[[UghaBughaState, int, Any, Rng, list[Event]], None]
RULES: Mapping[str, Rule] = MappingProxyType(
    {
        "flip": flip,
        "say": say,
        "ha": ha,
        "ugha_bugha": ugha_bugha,
        "ho": ho,
        "pass": pass_,
        "timeout": timeout,
    }
)

GAME = UghaBugha()
