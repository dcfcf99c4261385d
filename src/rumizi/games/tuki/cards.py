"""Cards and decks: a card's structure, its animal icons, its six tasks and their stored
witness builds; loading and saving decks as JSON; the committed decks by card id."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from rumizi.engine.errors import shown

from .geometry import (
    LEVEL_COLOURS,
    TURNS,
    Build,
    Stone,
    Structure,
    TukiError,
    Turn,
    normalize,
    parse_axis,
)
from .matching import RULES, MatchResult, Rule, Task, match, parse_key
from .state import TukiState

ANIMALS: tuple[str, ...] = ("polar-bear", "walrus", "arctic-fox")
"""The die's three Arctic animals. Each card carries them on its bottom (0°), right (90°)
and left (270°) edges in its own order."""

FORMAT = 1
"""Version of the deck file format."""


@dataclass(frozen=True)
class Card:
    """One card: its stones (at 0°, normalized), which animal sits on which edge, and a
    witness build for each of its six tasks."""

    id: str
    level: str
    stones: Structure
    icons: Mapping[int, str]
    witnesses: Mapping[str, Build]
    attempt: int

    def task(self, turn: Turn, rule: Rule) -> Task:
        """The task this card sets for a turn and a table rule."""
        return Task(self.stones, turn, rule)

    def tasks(self) -> list[Task]:
        """The six tasks: three turns × two table rules."""
        return [self.task(turn, rule) for turn in TURNS for rule in RULES]

    def turn_for(self, animal: str) -> Turn:
        """The turn given by a rolled animal (the edge it sits on goes to the bottom)."""
        for turn, icon in self.icons.items():
            if icon == animal:
                return cast(Turn, turn)
        raise TukiError(f"unknown animal {shown(animal)}; the die shows {', '.join(ANIMALS)}")

    def verify(self) -> dict[str, MatchResult]:
        """Re-check every stored witness against its task."""
        return {task.key: match(self.witnesses[task.key], task) for task in self.tasks()}

    def to_json(self) -> dict[str, Any]:
        """The card as plain JSON data."""
        return {
            "id": self.id,
            "attempt": self.attempt,
            "stones": [[c, a, *at] for c, a, at in sorted(self.stones)],
            "icons": {str(turn): self.icons[turn] for turn in TURNS},
            "witnesses": {key: self.witnesses[key].to_json() for key in task_keys()},
        }

    @staticmethod
    def from_json(data: Mapping[str, Any], level: str) -> Card:
        """The inverse of :meth:`to_json`, with clear errors for malformed data."""
        try:
            stones = normalize(stone_from_json(s) for s in data["stones"])
            icons = {int(turn): str(animal) for turn, animal in data["icons"].items()}
            witnesses = {
                key: Build.from_json(build, level) for key, build in data["witnesses"].items()
            }
            card = Card(str(data["id"]), level, stones, icons, witnesses, int(data["attempt"]))
        except (KeyError, TypeError, AttributeError) as error:
            raise TukiError(f"malformed card data: {shown(error)}") from None
        for key in witnesses:
            parse_key(key)
        if set(witnesses) != set(task_keys()):
            raise TukiError(f"card {card.id} must have a witness for each of {task_keys()}")
        if sorted(icons) != sorted(TURNS) or sorted(icons.values()) != sorted(ANIMALS):
            raise TukiError(f"card {card.id} must put each animal on one of the 3 edges")
        return card


def stone_from_json(data: Sequence[Any]) -> Stone:
    """``[colour, axis, x, y, z]`` as a Stone."""
    colour, axis, x, y, z = data
    return (str(colour), parse_axis(str(axis)), (int(x), int(y), int(z)))


def task_keys() -> list[str]:
    """The six task keys in their fixed order: ``0/plain``, ``0/white``, ``90/plain`` …"""
    return [f"{turn}/{rule}" for turn in TURNS for rule in RULES]


@dataclass(frozen=True)
class Deck:
    """A level's deck, with how it was made (so it can be made again)."""

    level: str
    seed: int
    node_limit: int
    cards: tuple[Card, ...]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, card_id: str) -> Card:
        """The card with this id, or a clear error."""
        for card in self.cards:
            if card.id.lower() == card_id.lower():
                return card
        raise TukiError(f"no card {shown(card_id)} in the {self.level} deck")

    def to_json(self) -> dict[str, Any]:
        """The deck as plain JSON data."""
        return {
            "format": FORMAT,
            "game": "tuki",
            "level": self.level,
            "seed": self.seed,
            "node_limit": self.node_limit,
            "cards": [card.to_json() for card in self.cards],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Deck:
        """The inverse of :meth:`to_json`."""
        if data.get("game") != "tuki" or data.get("format") != FORMAT:
            raise TukiError(f"not a Tuki deck of format {FORMAT}")
        level = str(data["level"])
        if level not in LEVEL_COLOURS:
            raise TukiError(f"unknown level {shown(level)} in deck")
        cards = tuple(Card.from_json(card, level) for card in data["cards"])
        return Deck(level, int(data["seed"]), int(data["node_limit"]), cards)


def deck_json(deck: Deck) -> str:
    """The deck as compact, diff-friendly JSON text: one line per card."""
    head = deck.to_json()
    cards = head.pop("cards")
    lines = [json.dumps(card, separators=(",", ":")) for card in cards]
    body = ",\n".join(f"  {line}" for line in lines)
    header = json.dumps(head)[:-1]
    return f'{header}, "cards": [\n{body}\n]}}\n'


def save_deck(deck: Deck, path: Path) -> None:
    """Write a deck file."""
    path.write_text(deck_json(deck), encoding="utf-8")


def read_deck(path: Path) -> Deck:
    """Read a deck file."""
    return Deck.from_json(json.loads(path.read_text(encoding="utf-8")))


def load_deck(level: str) -> Deck:
    """The committed deck of a level (``normal`` or ``advanced``)."""
    if level not in LEVEL_COLOURS:
        raise TukiError(f"unknown level {shown(level)}: use normal or advanced")
    text = resources.files(__package__).joinpath("data", f"{level}.json").read_text("utf-8")
    return Deck.from_json(json.loads(text))


def find_card(card_id: str) -> Card:
    """A card of either committed deck by id (``N07``, ``A12``)."""
    level = "advanced" if card_id.upper().startswith("A") else "normal"
    return load_deck(level).card(card_id)


@cache
def cards(level: str) -> Mapping[str, Card]:
    """The committed deck of a level, by card id (loaded once)."""
    return MappingProxyType({card.id: card for card in load_deck(level)})


def card_of(state: TukiState) -> Card:
    """The card turned over this round."""
    return cards(state.level)[state.card]
