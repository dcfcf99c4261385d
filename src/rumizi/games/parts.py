"""A registered game: one record of all its parts (``rumizi.games.register`` makes it).

Each part is loaded on first use from the game's package (or the module named at
registration), so that reading one game's description imports no rules, no bots and no
numpy. A part a game does not have is ``None`` (a lesson, RL observations, pictures, a
terminal renderer); the rules (``GAME``) are the one part every game has.

This module and the registry above it are the only places that load a game's parts by
name (``import_module``); every face reads the record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from types import ModuleType
from typing import Any, Protocol

from rumizi.engine import Action, Game
from rumizi.engine.description import Description
from rumizi.engine.lesson import Lesson
from rumizi.engine.texts import addressed


class Terminal(Protocol):
    """What a face outside the terminal may ask of a game's terminal renderer (the RL
    faces' ``render``): its board. The terminal's own faces know the whole renderer."""

    board: Callable[..., Any]


@dataclass(frozen=True)
class Observing:
    """A game's RL parts: the functions of its ``observe`` module (docs/rl.md)."""

    num_actions: Callable[[int], int]
    encode: Callable[[Mapping[str, Any], int, int], int]
    decode: Callable[[int, int, int], Action]
    observation_size: Callable[[int], int]
    observe: Callable[[dict[str, Any], int, int], Any]
    legal_codes: Callable[[Any, int, int], list[int]] | None = None
    observe_state: Callable[[Any, int, int], Any] | None = None
    legal_mask: Callable[[Any, int, int], Any] | None = None
    tick: float | None = None
    """Seconds of one step for a game played against its clock (``TICK_SECONDS``)."""


OBSERVING = ("num_actions", "encode", "decode", "observation_size", "observe")
"""The functions an ``observe`` module must have (the others are optional)."""


class Words:
    """A game's words: the hooks of its ``texts`` module (``event_message``,
    ``action_message``); a game without texts tells nothing in words. The server keeps
    one per room, so telling an event costs no look-up."""

    __slots__ = ("action_message", "event_message")

    def __init__(self, texts: ModuleType | None) -> None:
        self.event_message: Callable[..., Any] | None = getattr(texts, "event_message", None)
        self.action_message: Callable[..., Any] | None = getattr(texts, "action_message", None)

    def told(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """``event`` (JSON) with ``"message"``: the catalogue message that tells it to
        ``seat`` (``None``: a spectator), when the game has texts and the event is worth
        telling; the seat's own name is "you" in it (``rumizi.engine.texts.addressed``)."""
        if self.event_message is None:
            return event
        try:
            ref = self.event_message(event, seat)
        except KeyError:  # an event retold without some field (a reload's shorter history)
            return event
        return event if ref is None else {**event, "message": addressed(ref, seat)}

    def said(self, actions: list[dict[str, Any]], view: dict[str, Any]) -> list[Any]:
        """How each of ``actions`` (a seat's legal actions) reads on a button: the
        catalogue message of each (``action_message(action, view)``), or ``None`` for one
        the game does not tell in words (an action kind, or a game without texts)."""
        message = self.action_message
        if message is None:
            return [None] * len(actions)
        out: list[Any] = []
        for action in actions:
            try:
                out.append(message(action, view))
            except (KeyError, TypeError):  # an action kind (parameters still to choose)
                out.append(None)
        return out


class Record:
    """One registered game: its id, its package and every part of it, each loaded once.

    ``package`` is the game's package (``rumizi.games.love_letter``): its ``rules``
    module has ``GAME``, ``description`` has ``DESCRIPTION``, ``texts`` the catalogue,
    ``bots`` the ``BOTS`` factories, ``lesson`` its ``LESSON``, ``observe`` the RL parts and
    ``art`` the pictures it serves. A single-module game (a test's) may be that module,
    with ``GAME`` and ``DESCRIPTION`` in it. ``terminal`` names the module of its terminal
    renderer (``RENDERER`` in it), ``web`` its table module under ``rumizi/web``.
    """

    def __init__(
        self, game_id: str, package: str, *, terminal: str | None = None, web: str | None = None
    ) -> None:
        self.id = game_id
        self.package = package
        self.terminal_module = terminal
        self.web = web if web is not None else f"games/{game_id}.js"
        """The game's table module, as a path under ``rumizi/web``."""

    def __repr__(self) -> str:
        return f"Record({self.id!r}, {self.package!r})"

    # ------------------------------------------------------------ loading by name
    def module(self, part: str) -> ModuleType | None:
        """The package's module ``part``, or ``None`` when the game has none (an error
        inside the module is raised as it is)."""
        name = f"{self.package}.{part}"
        try:
            return import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
            return None

    # ------------------------------------------------------------------ the parts
    @cached_property
    def game(self) -> Game:
        """The rules: ``GAME`` of the package's ``rules`` module (or of the package)."""
        rules = self.module("rules") or import_module(self.package)
        game: Game = rules.GAME
        return game

    @cached_property
    def description(self) -> Description | None:
        """``DESCRIPTION`` of its ``description`` module (or of the package), light to
        read: no rules, no bots. ``None`` for a game that does not describe itself yet."""
        module = self.module("description") or import_module(self.package)
        found: Description | None = getattr(module, "DESCRIPTION", None)
        return found

    @cached_property
    def texts(self) -> ModuleType | None:
        """The game's words: its ``texts`` module, with ``CATALOGUE`` (``texts.json``, fa
        and en), ``event_message(event, me)``, ``action_message(action, view)`` and
        ``QUIET`` (see ``rumizi.engine.texts``); ``None`` for a game without."""
        return self.module("texts")

    @cached_property
    def words(self) -> Words:
        """The hooks of its texts, looked up once (see ``Words``)."""
        return Words(self.texts)

    @cached_property
    def levels(self) -> tuple[str, ...]:
        """The bot levels, weakest first: the description's alone (``random`` without)."""
        if self.description is None:
            return ("random",)
        return tuple(level.id for level in self.description.bot_levels)

    @cached_property
    def bots(self) -> Mapping[str, Callable[[], Any]]:
        """A factory for each of its own bot levels (``BOTS`` of its ``bots`` module;
        ``random`` is generic). ``LookupError`` for a level described without one."""
        module = self.module("bots")
        table: Mapping[str, Callable[[], Any]] = getattr(module, "BOTS", {})
        lacking = [level for level in self.levels if level != "random" and level not in table]
        if lacking:
            raise LookupError(f"{self.id} describes bot levels it cannot make: {lacking}")
        return {level: table[level] for level in self.levels if level in table}

    @cached_property
    def lesson(self) -> Lesson | None:
        """Its guided first game (``LESSON`` of its ``lesson`` module), or ``None``."""
        module = self.module("lesson")
        lesson: Lesson | None = None if module is None else module.LESSON
        return lesson

    @cached_property
    def observing(self) -> Observing | None:
        """Its RL parts (its ``observe`` module), or ``None`` when it has none;
        ``LookupError`` for a module that lacks a function it must have."""
        module = self.module("observe")
        if module is None:
            return None
        missing = [name for name in OBSERVING if not callable(getattr(module, name, None))]
        if missing:
            raise LookupError(f"{self.id}'s observe module lacks {', '.join(missing)}")
        return Observing(
            **{name: getattr(module, name) for name in OBSERVING},
            legal_codes=getattr(module, "legal_codes", None),
            observe_state=getattr(module, "observe_state", None),
            legal_mask=getattr(module, "legal_mask", None),
            tick=getattr(module, "TICK_SECONDS", None),
        )

    @cached_property
    def art(self) -> Callable[[str], tuple[str, str] | None] | None:
        """The pictures it draws for its table (``art(name)`` of its ``art`` module:
        ``(body, media type)`` or ``None``), or ``None`` for a game without pictures."""
        module = self.module("art")
        art: Callable[[str], tuple[str, str] | None] | None = None if module is None else module.art
        return art

    @cached_property
    def terminal(self) -> Terminal | None:
        """Its terminal renderer (``RENDERER`` of the module named at registration), or
        ``None`` for a game played in the browser only."""
        if self.terminal_module is None:
            return None
        found: Terminal = import_module(self.terminal_module).RENDERER
        return found
