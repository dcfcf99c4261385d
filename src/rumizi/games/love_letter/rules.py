"""Love Letter, classic 16-card edition, as ``../shared/rules/love-letter.md`` states it.

An action is ``{"card": id}`` plus ``"target"`` (a seat) for cards that choose a player
and ``"guess"`` (a card id) for the Guard. A turn's draw happens by itself when the turn
starts, and a new round is dealt by itself when the previous one ends.

This module holds the game object (setup and its options, views, determinizing) and
plays through the plain rules, one rule a function: ``legal.py`` (what may be played, and
why an action is refused), ``effects.py`` (playing a card) and ``rounds.py`` (the deal,
the turns, the end of a round), or through the same written for speed (``fast.py``).
"""

from __future__ import annotations

from collections import Counter
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
from .cards import DECK_COUNTS, FULL_DECK, GUARD, IDS, PRINCESS, VALUE
from .description import DESCRIPTION
from .legal import ONLY, _moves, _refusal
from .moves import MOVES, RECORDS
from .rounds import DealRound, TakeTurn, _deal_round, _deal_told, _take_turn, _turn_told
from .state import LoveLetterState

TOKENS_TO_WIN = {2: 7, 3: 5, 4: 4}


class LoveLetter(BaseGame):
    description = DESCRIPTION

    def __init__(
        self, take_turn: TakeTurn | None = None, deal_round: DealRound | None = None
    ) -> None:
        self.take_turn: TakeTurn = take_turn or _take_turn
        """How a legal move is played: ``rounds._take_turn``, through the small functions
        that state the rules, or the same written for speed (``fast.take_turn``)."""
        self.deal_round: DealRound = deal_round or _deal_round
        """How a round is dealt: ``rounds._deal_round``, or ``fast.deal_round``."""

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> LoveLetterState:
        options = self.check_setup(players, options)
        state = LoveLetterState(
            players=players,
            tokens_to_win=options.get("tokens_to_win", TOKENS_TO_WIN[players]),
            tokens=[0] * players,
            starter=first_seat(options, players, rng),
            stacked=stacked_decks(
                options, _read_card, DECK_COUNTS, ", ".join(IDS[1:]), DECK_CONTENTS
            ),
        )
        self.deal_round(state, rng, [])
        return state

    def opening(self, state: LoveLetterState) -> list[Event]:
        """What the first deal tells (``setup`` returns only the state): the same events as
        every later round's deal and first turn."""
        return _deal_told(state) + _turn_told(state, state.current)

    # ------------------------------------------------------------- queries
    def to_act(self, state: LoveLetterState) -> frozenset[int]:
        return frozenset() if state.current < 0 else ONLY[state.current]

    def legal(self, state: LoveLetterState, seat: int) -> list[Action]:
        """The legal actions, sorted by card: read-only and shared (``FrozenAction``), the
        caller's to keep; change a copy."""
        if seat != state.current:
            return []
        assert state.moves is not None
        return list(state.moves.actions)

    def outcome(self, state: LoveLetterState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores(state.tokens, state.winners)

    # -------------------------------------------------------------- acting
    def apply(self, state: LoveLetterState, seat: int, action: Action, rng: Rng) -> list[Event]:
        """Play a legal action (anything else is refused, saying why, with nothing changed)."""
        if seat != state.current:
            raise self.not_your_turn(state, seat)
        moves = state.moves
        assert moves is not None
        number = moves.find(action)
        if number is None:
            raise _refusal(state, seat, action)
        return self.take_turn(state, MOVES[number], RECORDS[number].copy(), rng)

    # --------------------------------------------------------------- views
    def view(self, state: LoveLetterState, seat: int | None) -> dict[str, Any]:
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "round": state.round,
            "tokens": list(state.tokens),
            "tokens_to_win": state.tokens_to_win,
            "starter": state.starter,
            "turn": state.current if state.current >= 0 else None,
            "deck": len(state.deck),
            "set_aside": state.set_aside is not None,
            "face_up": [IDS[c] for c in state.face_up],
            "hand": [] if seat is None else [IDS[c] for c in state.hands[seat]],
            "hand_sizes": [len(h) for h in state.hands],
            "discards": [[IDS[c] for c in d] for d in state.discards],
            "out": list(state.out),
            "protected": list(state.protected),
            "known": [None] * n if seat is None else [IDS[c] or None for c in state.known[seat]],
            "not_holding": [sorted(IDS[c] for c in s) for s in state.not_holding],
            "notes": [] if seat is None else [dict(x) for x in state.notes[seat]],
            "history": [dict(h) for h in state.history],
            "last_round": None if state.last_round is None else copy_record(state.last_round),
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------- determinizing
    def determinize(self, state: LoveLetterState, seat: int, rng: Rng) -> LoveLetterState:
        """Resample every card ``seat`` has not seen, keeping what it knows.

        Other seats' private knowledge is dropped: ``seat`` cannot know it. Coming stacked
        decks are dropped too (coming rounds are shuffled).
        """
        world = state.copy()
        world.stacked = []
        for p in range(world.players):
            if p != seat:
                world.known[p] = [0] * world.players
                world.notes[p] = []
        pinned = {
            p: world.known[seat][p]
            for p in range(world.players)
            if p != seat and not world.out[p] and world.known[seat][p]
        }
        pool = Counter(FULL_DECK)
        pool.subtract(world.hands[seat])
        pool.subtract(world.face_up)
        for row in world.discards:
            pool.subtract(row)
        pool.subtract(pinned.values())
        unseen = list(pool.elements())
        hidden_hands = [p for p in range(world.players) if p != seat and world.hands[p]]
        for _ in range(1000):
            shuffle(rng, unseen)
            if _deal_unseen(world, hidden_hands, pinned, unseen):
                if world.current >= 0:  # the player to play may hold other cards now
                    world.moves = _moves(world, world.current)
                return world
        raise RuntimeError("no deal consistent with the view was found")  # pragma: no cover


# ---------------------------------------------------------------- options
DECK_CONTENTS = ", ".join(f"{n} {IDS[v]}" for v, n in sorted(DECK_COUNTS.items()))


def _read_card(card: object) -> int | None:
    """A card of the ``deck`` option: its id (any case) or its value 1–8."""
    if isinstance(card, str):
        return VALUE.get(card.lower())
    if isinstance(card, int) and not isinstance(card, bool) and GUARD <= card <= PRINCESS:
        return card
    return None


def _deal_unseen(
    world: LoveLetterState, hidden_hands: list[int], pinned: dict[int, int], unseen: list[int]
) -> bool:
    """Deal ``unseen`` into the hidden places; False if a public 'not holding' is broken."""
    cards = iter(unseen)
    for p in hidden_hands:
        fixed = [pinned[p]] if p in pinned else []
        hand = fixed + [next(cards) for _ in range(len(world.hands[p]) - len(fixed))]
        if all(c in world.not_holding[p] for c in hand):
            return False
        world.hands[p] = hand
    world.deck = [next(cards) for _ in range(len(world.deck))]
    if world.set_aside is not None:
        world.set_aside = next(cards)
    return True


PLAIN = LoveLetter()
"""Love Letter played through the small functions of ``rounds``, ``effects`` and
``legal``, one rule each."""

GAME = LoveLetter(fast.take_turn, fast.deal_round)
"""Love Letter as everyone plays it: turns taken and rounds dealt by ``fast``, which tests
prove equal to ``PLAIN``'s."""
