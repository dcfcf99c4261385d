"""Ugha Bugha bots with a human-like memory. They see only their seat's view, the legal
actions and the events their seat hears — never the true state.

The memory model (docs/ugha-bugha.md): a bot hears every card as it is flipped, but when
it must recite a chain of ``n`` cards it recalls the whole chain correctly only with
probability

    recall(n) = exp(-((n - 1) / span) ** shape)

so a single visible card is never forgotten and longer chains slip away, faster for the
lower levels. Checking a recitation one hears (the challenges variant) is easier than
reciting it: there the same curve applies with a span ``recognition`` times longer.

When recall fails, the bot's recollection differs from the chain by one human slip: a
card swapped with its neighbour, another card in its place, or a card forgotten — more
often in the middle of the chain than at its ends. The top card is in plain view and
never misremembered.

In the challenges variant a bot calls "Ho!" exactly when what it heard differs from what
it itself remembers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from rumizi.engine import Action, Rng

from .cards import IDS, ITEMS, NUMBER, REPEAT, WORDS, recitation


@dataclass(frozen=True, slots=True)
class Memory:
    """How well a level remembers: ``span`` sets the length it still recalls well,
    ``shape`` how sharply recall falls after it."""

    span: float
    shape: float = 2.0
    recognition: float = 2.0
    """Checking a recitation one hears is easier than reciting: it is as good as recalling
    with a span this many times longer."""

    def recall(self, n: int) -> float:
        """The chance of recalling a chain of ``n`` cards exactly."""
        return _curve(n, self.span, self.shape)

    def recognize(self, n: int) -> float:
        """The chance of remembering a chain of ``n`` cards exactly while hearing it."""
        return _curve(n, self.span * self.recognition, self.shape)


def _curve(n: int, span: float, shape: float) -> float:
    if n <= 1:
        return 1.0
    return math.exp(-(((n - 1) / span) ** shape))


LEVELS: Mapping[str, Memory] = {
    "easy": Memory(span=4.0),
    "heuristic": Memory(span=7.0),
    "hard": Memory(span=11.0),
}
"""The levels, weakest first. ``heuristic`` is the middle one (the terminal's default)."""

SLIPS = (("swap", 0.4), ("substitute", 0.4), ("forget", 0.2))
"""The kinds of memory slip and how often each happens when recall fails."""


def recollect(cards: list[int], chance: float, rng: Rng) -> list[int]:
    """The chain as memory brings it back: exactly ``cards`` with probability ``chance``,
    else one slip away (a recitation that differs)."""
    if rng.random() < chance:
        return list(cards)
    return slip(cards, rng)


def slip(cards: list[int], rng: Rng) -> list[int]:
    """``cards`` with one human memory slip below the (visible) top card, chosen so that
    the recitation it gives differs from the true one."""
    if len(cards) < 2:
        return list(cards)
    truth = recitation(cards)
    below = len(cards) - 1
    weights = [1.0 + min(i, below - 1 - i) for i in range(below)]
    for _ in range(8):
        kind = _weighted([k for k, _ in SLIPS], [w for _, w in SLIPS], rng)
        i = _weighted(list(range(below)), weights, rng)
        wrong = list(cards)
        if kind == "swap" and below >= 2:
            j = i + 1 if i + 1 < below else i - 1
            wrong[i], wrong[j] = wrong[j], wrong[i]
        elif kind == "forget":
            del wrong[i]
        else:
            wrong[i] = rng.choice([c for c in (*ITEMS, REPEAT) if c != cards[i]])
        if recitation(wrong) != truth:
            return wrong
    # A sure slip: another word in the bottom place always changes the recitation.
    wrong = list(cards)
    wrong[0] = rng.choice([w for w in range(len(WORDS)) if w != cards[0]])
    return wrong


def _weighted(options: list[Any], weights: list[float], rng: Rng) -> Any:
    return rng.choices(options, weights=weights)[0]


class MemoryBot:
    """Recites from a fallible memory, points at whoever is furthest from winning, and in
    the challenges variant calls "Ho!" on what it remembers differently."""

    def __init__(self, level: str = "heuristic") -> None:
        self.name = level
        self.memory = LEVELS[level]
        self.chain_no: int | None = None
        """The chain heard now (``None``: not known yet, e.g. the first chain of a game, which
        starts before any event)."""
        self.cards: dict[int, int] = {}
        """What this bot saw flipped in the current chain, by position."""
        self.heard: list[int] = []
        """The items heard in the current turn's recitation."""
        self.plan: tuple[tuple[int, int], list[int]] | None = None
        """(chain_no, clock_phase) and the recitation the bot recalled for that turn."""

    # ---------------------------------------------------------- hearing
    def hear(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Take in events this seat may see (their JSON form), in order."""
        for event in events:
            kind = event.get("kind")
            if kind == "chain_started":
                self._new_chain(int(event["chain_no"]))
            elif kind == "flipped":
                if event["chain"] == 1:  # a first card: a new chain (or a new game)
                    self._new_chain(None)
                self.cards[int(event["chain"]) - 1] = NUMBER[event["card"]]
            elif kind == "turn":
                self.heard = []
            elif kind == "said":
                self._heard_item(int(event["index"]), NUMBER[event["item"]])

    def _new_chain(self, chain_no: int | None) -> None:
        self.chain_no = chain_no
        self.cards = {}
        self.heard = []
        self.plan = None

    def _heard_item(self, index: int, item: int) -> None:
        while len(self.heard) < index:
            self.heard.append(-1)
        self.heard[index:] = [item]

    def _sync(self, view: Mapping[str, Any]) -> None:
        """What the view shows: a new chain, and the top card in plain sight."""
        stale = any(position >= view["chain"] for position in self.cards)
        if self.chain_no is None and not stale:
            self.chain_no = view["chain_no"]
        elif view["chain_no"] != self.chain_no or stale:
            self._new_chain(view["chain_no"])
        if view["top"] is not None:
            self.cards[view["chain"] - 1] = NUMBER[view["top"]]

    def remembered(self, length: int, rng: Rng, hearing: bool = False) -> list[int]:
        """The recitation of the chain as stored (cards never seen are guessed), recalled
        (or, while ``hearing`` it recited, recognized) through this bot's memory."""
        stored = [
            self.cards[i] if i in self.cards else rng.randrange(len(WORDS)) for i in range(length)
        ]
        chance = self.memory.recognize(length) if hearing else self.memory.recall(length)
        return recitation(recollect(stored, chance, rng))

    # ---------------------------------------------------------- choosing
    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        self._sync(view)
        phase = view["phase"]
        if phase == "recite":
            return self._recite(view, legal, rng)
        if phase == "window":
            return self._judge(view, rng)
        return legal[rng.randrange(len(legal))]

    def _recite(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        key = (view["chain_no"], view["clock_phase"])
        if self.plan is None or self.plan[0] != key:
            self.plan = (key, self.remembered(view["chain"], rng))
        items = self.plan[1]
        done = view["recited"]
        if done < len(items):
            return {"type": "say", "item": IDS[items[done]]}
        if view["hands"][view["seat"]] == 0:
            return {"type": "ugha_bugha"}
        return self._point(view, [a for a in legal if a["type"] == "ha"], rng)

    @staticmethod
    def _point(view: dict[str, Any], options: list[Action], rng: Rng) -> Action:
        """Point at whoever is furthest from winning: most cards, then fewest tokens."""

        def distance(a: Action) -> tuple[int, int]:
            p = a["point"]
            return (view["hands"][p], -view["tokens"][p])

        best = max(distance(a) for a in options)
        tied = [a for a in options if distance(a) == best]
        return tied[rng.randrange(len(tied))]

    def _judge(self, view: dict[str, Any], rng: Rng) -> Action:
        """Call "Ho!" only when the recitation heard differs from this bot's own memory.

        A bot that did not hear the recitation (a host that passes it no events) lets it
        pass.
        """
        if len(self.heard) != view["recited"] or -1 in self.heard:
            return {"type": "pass"}
        mine = self.remembered(view["chain"], rng, hearing=True)
        return {"type": "ho"} if self.heard != mine else {"type": "pass"}


BOTS = {level: partial(MemoryBot, level) for level in LEVELS}
