"""Ayozhit («آیوژیت»), as ``../shared/rules/ayozhit.md`` states it.

Four rounds. In each, the first dreamer turns over a word card and chooses one of its two
words; everyone then marks, in secret and all at once, 1–10 of the 15 pictures on the
table; the counts are revealed (the single player with most marks is dreamt-deep); then,
clockwise from the first dreamer, each player still able becomes dreamer and announces one
of their marked pictures, scoring with everyone else who marked it — or failing.

Actions (pictures are table positions 0–14, row by row from the top left):

- ``{"type": "word", "word": 0 | 1}`` — the first dreamer chooses the round's word;
- ``{"type": "mark", "picture": p}`` / ``{"type": "unmark", "picture": p}`` — change your
  secret board while marking; ``{"type": "ready"}`` — done marking (at least one mark);
- ``{"type": "announce", "picture": p}`` — the dreamer names one of their marked pictures.

The host applies ``{"type": "timeout"}`` when ``select_seconds`` have passed since the
marking began: it ends the marking for everyone, and a player with no mark fails the round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
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
)

from .actions import ANNOUNCES, WORDS, check_action, marking_actions
from .announcing import announce
from .cards import picture_ids, picture_number, word, word_card, word_card_number
from .description import DESCRIPTION
from .marking import choose_word, mark, ready, timeout, unmark
from .rounds import copy_summary, round_told, start_round
from .state import ANNOUNCE, ROUNDS, SELECT, TABLE_SIZE, WORD, AyozhitState
from .table import deal, stacked_deck


class Ayozhit(BaseGame):
    description = DESCRIPTION

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> AyozhitState:
        options = self.check_setup(players, options)
        seconds = options["select_seconds"]
        state = AyozhitState(
            players=players,
            select_seconds=None if seconds is None else float(seconds),
            tiebreak=options["tiebreak"],
            scores=[0] * players,
            first=first_seat(options, players, rng),
        )
        state.deck = stacked_deck(options, "deck", picture_number(), "picture", rng)
        state.words = stacked_deck(options, "words", word_card_number(), "word card", rng)
        deal(state, list(range(TABLE_SIZE)))
        start_round(state, state.first, [True] * players, [])
        return state

    def opening(self, state: AyozhitState) -> list[Event]:
        """What the first round's start tells (``setup`` returns only the state): the same
        event as every later round's start."""
        return [round_told(state)]

    # ------------------------------------------------------------- queries
    def to_act(self, state: AyozhitState) -> frozenset[int]:
        if state.phase == WORD:
            return frozenset((state.first,))
        if state.phase == SELECT:
            return frozenset(
                s for s in range(state.players) if state.playing[s] and not state.ready[s]
            )
        if state.phase == ANNOUNCE:
            return frozenset((state.dreamer,))
        return frozenset()

    def legal(self, state: AyozhitState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == WORD:
            return list(WORDS)
        if state.phase == SELECT:
            return marking_actions(state.marks[seat])
        done = state.announced_positions()
        return [ANNOUNCES[p] for p in state.marks[seat] if p not in done]

    def outcome(self, state: AyozhitState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores(state.scores, state.winners)

    def deadline(self, state: AyozhitState) -> float | None:
        """The marking's seconds (``select_seconds``); nothing else is timed."""
        return state.select_seconds if state.phase == SELECT else None

    def phase(self, state: AyozhitState) -> int:
        """Changes whenever a marking begins: hosts restart their clock then."""
        return state.clock_phase

    # -------------------------------------------------------------- acting
    def apply(self, state: AyozhitState, seat: int, action: Action, rng: Rng) -> list[Event]:
        kind, value = self._check(state, seat, action)
        events: list[Event] = []
        RULES[kind](state, seat, value, events)
        return events

    def _check(self, state: AyozhitState, seat: int, action: Any) -> tuple[str, Any]:
        """Validate an action without touching the state; return (kind, its value)."""
        if self.is_timeout_now(state, seat, action):
            return "timeout", None
        return check_action(state, seat, action)

    # --------------------------------------------------------------- views
    def view(self, state: AyozhitState, seat: int | None) -> dict[str, Any]:
        """What a seat may know: the table, the word, its own board, who is ready, the
        counts once counted, every announcement (with everyone who marked that picture),
        sparks and scores — never another player's unannounced marks."""
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        ids = picture_ids()
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "round": state.round,
            "rounds": ROUNDS,
            "tiebreak_round": state.tiebreak_round,
            "phase": state.phase,
            "first": state.first,
            "dreamer": state.dreamer if state.phase == ANNOUNCE else None,
            "table": [ids[p] for p in state.table],
            "card": word_card(state.card),
            "word": None if state.word is None else word(state.card, state.word),
            "playing": list(state.playing),
            "marks": [] if seat is None else list(state.marks[seat]),
            "ready": list(state.ready),
            "counts": None if state.counts is None else list(state.counts),
            "deep": state.deep,
            "failed": list(state.failed),
            "announced": [copy_record(a) for a in state.announced],
            "sparks": [list(s) for s in state.sparks],
            "scores": list(state.scores),
            "last_round": None if state.last_round is None else copy_summary(state.last_round),
            "to_act": sorted(self.to_act(state)),
            "deadline": self.deadline(state),
            "clock_phase": state.clock_phase,
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------- determinizing
    def determinize(self, state: AyozhitState, seat: int, rng: Rng) -> AyozhitState:
        """Resample what ``seat`` cannot know: both decks' order and, for every other
        player, which unannounced pictures they marked (how many stays the same)."""
        world = state.copy()
        shuffle(rng, world.deck)
        shuffle(rng, world.words)
        done = world.announced_positions()
        hidden = [p for p in range(TABLE_SIZE) if p not in done]
        for other in range(world.players):
            if other == seat:
                continue
            known = [p for p in world.marks[other] if p in done]
            unknown = len(world.marks[other]) - len(known)
            pool = list(hidden)
            shuffle(rng, pool)
            world.marks[other] = sorted(known + pool[:unknown])
        return world


Rule = Callable[[AyozhitState, int, Any, list[Event]], None]
RULES: Mapping[str, Rule] = MappingProxyType(
    {
        "word": choose_word,
        "mark": mark,
        "unmark": unmark,
        "ready": ready,
        "announce": announce,
        "timeout": timeout,
    }
)

GAME = Ayozhit()
