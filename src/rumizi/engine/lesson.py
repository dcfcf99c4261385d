"""A lesson: a guided first game, as data (docs/engine.md, "Lessons").

A lesson is a real match on the engine, its cards stacked by the options (``deck``),
played step by step: each ``Step`` is one entry of the match's log, in order. A step of
the person's seat says which legal action the person must make (``do``: the fields it
must have) and what the coach says first; a step of a bot's seat says what that bot plays
(scripted) and, optionally, what the coach tells about it. The coach's lines are keys of
the game's text catalogue (fa and en), and each names the rules it shows.

Each game's package has ``lesson.py`` with ``LESSON``; the faces play every lesson with
one runner each (``rumizi.lessons`` replays and checks it; the web shell and the terminal
show it): nothing here knows a face, and a face knows no lesson.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

YOU = 0
"""The person's seat in every lesson (the others are scripted bots)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One thing the coach says: a catalogue key and its arguments (the catalogue's
    argument format: ``{"seat": 1}``, ``{"card": "guard"}``, numbers…), the place of the
    table it points at while it is said (``point``: a name the faces know, e.g. ``seat:1``,
    ``deck``, ``clock``), and the rules it shows (ids; each named ``lesson.rule.<id>``)."""

    say: str
    args: Mapping[str, Any] = field(default_factory=dict)
    point: str | None = None
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"say": self.say}
        if self.args:
            out["args"] = dict(self.args)
        if self.point:
            out["point"] = self.point
        if self.rules:
            out["rules"] = list(self.rules)
        return out


@dataclass(frozen=True, slots=True)
class Step:
    """One action of the lesson's match: by ``seat``, the legal action whose fields include
    ``do``; the coach says ``lines`` before it (the person's step: the last line is what to
    do now; earlier ones are read first). ``wrong`` (a catalogue key) says why another move
    is not this one."""

    seat: int
    do: Mapping[str, Any]
    lines: tuple[Line, ...] = ()
    wrong: str | None = None


@dataclass(frozen=True, slots=True)
class Lesson:
    """A guided first game: the match (``players``, ``options``: the stacked deck and
    whatever makes it short), its ``steps`` from the first action on, the ``rules`` it
    shows (in the order of the lesson), the coach's closing line, and the bot level that
    plays on if the match outlives the lesson (``then``). The person sits at ``YOU``."""

    players: int
    options: Mapping[str, Any]
    steps: tuple[Step, ...]
    rules: tuple[str, ...]
    done: Line
    then: str = "random"

    def shown(self) -> list[str]:
        """The rules the lesson's lines show, each once, in order."""
        seen: list[str] = []
        for step in self.steps:
            for line in step.lines:
                seen += [r for r in line.rules if r not in seen]
        return seen + [r for r in self.done.rules if r not in seen]


def line(say: str, *, point: str | None = None, rules: Iterable[str] = (), **args: Any) -> Line:
    """A coach's line (see ``Line``); keyword arguments are the message's arguments."""
    return Line(say, args, point, tuple(rules))


def you(do: Mapping[str, Any], *lines: Line, wrong: str | None = None) -> Step:
    """The person's step: make the action with the fields ``do``, after the coach's lines."""
    return Step(YOU, do, lines, wrong)


def bot(seat: int, do: Mapping[str, Any], *lines: Line) -> Step:
    """A bot's step: the bot at ``seat`` plays the action with the fields ``do``."""
    return Step(seat, do, lines)


def matches(do: Mapping[str, Any], action: Mapping[str, Any]) -> bool:
    """Whether ``action`` has every field of ``do`` with the same value."""
    return all(key in action and action[key] == value for key, value in do.items())


def full_deck(top: Iterable[Any], every: Iterable[Any]) -> list[Any]:
    """A whole stacked deck from the cards a lesson names on top: ``top``, then the rest of
    ``every`` (the game's whole deck, each card as often as it has it) in its own order.
    ``ValueError`` when ``top`` holds a card more often than the deck has it."""
    top, every = list(top), list(every)
    rest = Counter(every)
    rest.subtract(Counter(top))
    over = sorted(str(card) for card, n in rest.items() if n < 0)
    if over:
        raise ValueError(f"the deck has fewer of these cards than the lesson stacks: {over}")
    out = list(top)
    for card in every:
        if rest[card] > 0:
            out.append(card)
            rest[card] -= 1
    return out
