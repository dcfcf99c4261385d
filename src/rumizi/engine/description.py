"""How a game describes itself, once: player counts, options, bots, clocks.

Each game package has a ``description.py`` with ``DESCRIPTION = Description(...)``. The
engine validates options from it (``Description.validate``); the server serves it
(``to_json``) and the web setup form, the solo defaults and the CLI's ``--help`` are built
from it. See docs/engine.md ("Describing a game").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from .errors import BadOptions, shown

Text: TypeAlias = Mapping[str, str]
"""The same words in each language: ``{"fa": "…", "en": "…"}``."""

LANGUAGES = ("fa", "en")

OptionType: TypeAlias = Literal["int", "seconds", "bool", "choice", "seat", "data"]
"""``int``: a whole number within bounds; ``seconds``: a positive number of seconds within
bounds; ``bool``: true or false; ``choice``: one of ``choices``; ``seat``: ``"random"`` or
a seat number; ``data``: JSON the game reads itself (stacked decks, compound clocks), not
shown in the setup form."""

NUMERIC: tuple[OptionType, ...] = ("int", "seconds")


def _check_text(text: Text, what: str) -> None:
    missing = [lang for lang in LANGUAGES if not text.get(lang)]
    if missing:
        raise ValueError(f"{what} lacks the {' and '.join(missing)} text")


def _alternatives(values: list[str]) -> str:
    quoted = [shown(v) for v in values]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of a ``choice`` option, with its label."""

    value: str
    label: Text

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "label": dict(self.label)}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts.

    ``default`` is the value used when the option is absent; ``None`` means the game
    decides (e.g. it depends on the player count, as ``help`` then says). Numeric options
    always have both bounds; ``nullable`` options also accept ``null`` (e.g. "no clock").
    """

    name: str
    type: OptionType
    label: Text
    help: Text
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Choice, ...] = ()
    nullable: bool = False
    players: int | None = None
    """For a ``bool`` option: when it is on, the game is for exactly this many players
    (Tuki's practice is played alone); the setup form sets the count by itself."""

    def __post_init__(self) -> None:
        _check_text(self.label, f"option {self.name!r} label")
        _check_text(self.help, f"option {self.name!r} help")
        if self.players is not None and self.type != "bool":
            raise ValueError(f"option {self.name!r}: players goes with the 'bool' type only")
        if self.type in NUMERIC and (self.minimum is None or self.maximum is None):
            raise ValueError(f"numeric option {self.name!r} needs a minimum and a maximum")
        if (self.type == "choice") != bool(self.choices):
            raise ValueError(f"option {self.name!r}: choices go with the 'choice' type only")
        for choice in self.choices:
            _check_text(choice.label, f"option {self.name!r} choice {choice.value!r}")

    @property
    def in_form(self) -> bool:
        """Whether the setup form offers it (``data`` options are for the API and tests)."""
        return self.type != "data"

    def check(self, value: Any, players: int | None) -> None:
        """Raise ``BadOptions`` with a clear message when ``value`` is not acceptable."""
        if value is None and self.nullable:
            return
        if self.type == "int":
            self._check_int(value)
        elif self.type == "seconds":
            self._check_seconds(value)
        elif self.type == "bool":
            if not isinstance(value, bool):
                raise BadOptions(f"{self.name} must be true or false, not {shown(value)}")
        elif self.type == "choice":
            self._check_choice(value)
        elif self.type == "seat":
            self._check_seat(value, players)

    def _check_int(self, value: Any) -> None:
        low, high = self.minimum, self.maximum
        assert low is not None and high is not None
        whole = not isinstance(value, bool) and isinstance(value, int)
        if not whole or value < low:
            kind = "a positive whole number" if low == 1 else f"a whole number of at least {low:g}"
            raise BadOptions(f"{self.name} must be {kind}, not {shown(value)}")
        if value > high:
            raise BadOptions(f"{self.name} must be at most {high:g}, not {shown(value)}")

    def _check_seconds(self, value: Any) -> None:
        low, high = self.minimum, self.maximum
        assert low is not None and high is not None
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
            raise BadOptions(f"{self.name} must be a number of seconds, not {shown(value)}")
        if value <= 0:
            raise BadOptions(
                f"{self.name} must be a positive number of seconds, not {shown(value)}"
            )
        if not low <= value <= high:
            raise BadOptions(
                f"{self.name} must be from {low:g} to {high:g} seconds, not {shown(value)}"
            )

    def _check_choice(self, value: Any) -> None:
        values = [c.value for c in self.choices]
        if value in values and isinstance(value, str):
            return
        if len(values) == 1:
            raise BadOptions(
                f"{self.name} {shown(value)} is not available: only {shown(values[0])} is"
            )
        raise BadOptions(f"{self.name} must be {_alternatives(values)}, not {shown(value)}")

    def _check_seat(self, value: Any, players: int | None) -> None:
        if value == "random":
            return
        whole = not isinstance(value, bool) and isinstance(value, int)
        top = (players - 1) if players is not None else None
        if not whole or value < 0 or (top is not None and value > top):
            seats = f"a seat from 0 to {top}" if top is not None else "a seat number"
            raise BadOptions(f'{self.name} must be "random" or {seats}, not {shown(value)}')

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "label": dict(self.label),
            "help": dict(self.help),
            "default": self.default,
            "nullable": self.nullable,
            "form": self.in_form,
        }
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.choices:
            out["choices"] = [c.to_json() for c in self.choices]
        if self.players is not None:
            out["players"] = self.players
        return out


@dataclass(frozen=True, slots=True)
class BotLevel:
    """A bot level: its id (as ``rumizi.bots.make`` takes it) and its name in each language."""

    id: str
    name: Text

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": dict(self.name)}


RANDOM_BOT = BotLevel("random", {"fa": "تصادفی", "en": "random"})
"""The generic level every game has: picks uniformly among the legal actions."""


PRESET_NAMES: Mapping[str, Text] = {
    "quick": {"fa": "کوتاه", "en": "Quick"},
    "standard": {"fa": "معمولی", "en": "Standard"},
    "long": {"fa": "بلند", "en": "Long"},
}
"""The names of the usual presets, so that every game calls them alike."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A game length the setup form offers in plain words (``quick``, ``standard``,
    ``long``): option values and what they mean in time (``length``: "one round, 15-card
    stock piles, about 5 minutes"). Options it does not give keep their defaults. ``name``
    defaults to the usual name of its id (``PRESET_NAMES``)."""

    id: str
    length: Text
    options: Mapping[str, Any] = field(default_factory=dict)
    name: Text = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.name and self.id in PRESET_NAMES:
            object.__setattr__(self, "name", PRESET_NAMES[self.id])

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": dict(self.name),
            "length": dict(self.length),
            "options": dict(self.options),
        }


@dataclass(frozen=True, slots=True)
class Description:
    """Everything a host needs to offer a game, stated once next to its rules.

    ``solo_seats`` and ``solo_level``: "play against bots" seats this many (the person
    included) with bots of that level, and plays the preset ``solo_preset`` (whose length
    is the game's ``length``, the one the home page states). ``presets``: the game lengths
    the setup form offers. ``bot_levels`` lists ``random`` and the game's own
    levels, weakest first: said only here (its ``bots.BOTS`` makes each). ``clocks``: some
    phase may have a deadline; ``simultaneous``: several seats may act at once.
    """

    id: str
    title: Text
    pitch: Text
    length: Text
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    solo_seats: int
    solo_level: str
    bot_levels: tuple[BotLevel, ...] = (RANDOM_BOT,)
    clocks: bool = False
    simultaneous: bool = False
    presets: tuple[Preset, ...] = ()
    solo_preset: str | None = None
    _by_name: Mapping[str, OptionSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for what, text in (("title", self.title), ("pitch", self.pitch), ("length", self.length)):
            _check_text(text, f"{self.id} {what}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: player counts must satisfy 1 <= min <= max")
        if not self.min_players <= self.solo_seats <= self.max_players:
            raise ValueError(f"{self.id}: solo_seats must be a valid player count")
        levels = [b.id for b in self.bot_levels]
        if self.solo_level not in levels:
            raise ValueError(f"{self.id}: solo_level {self.solo_level!r} is not a bot level")
        for level in self.bot_levels:
            _check_text(level.name, f"{self.id} bot level {level.id!r}")
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.id}: an option is declared twice")
        object.__setattr__(self, "_by_name", {o.name: o for o in self.options})
        self._check_presets()

    def _check_presets(self) -> None:
        """Each preset's words and options are right, and the solo game is one of them,
        of the length the home page states."""
        ids = [p.id for p in self.presets]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: a preset is declared twice")
        for preset in self.presets:
            _check_text(preset.name, f"{self.id} preset {preset.id!r} name")
            _check_text(preset.length, f"{self.id} preset {preset.id!r} length")
            try:
                self.validate(preset.options, self.solo_seats)
            except BadOptions as e:
                raise ValueError(f"{self.id} preset {preset.id!r}: {e}") from None
        if self.solo_preset is None:
            if self.presets:
                raise ValueError(f"{self.id}: choose the solo_preset among the presets")
            return
        if self.solo_preset not in ids:
            raise ValueError(f"{self.id}: solo_preset {self.solo_preset!r} is not a preset")
        if dict(self.preset(self.solo_preset).length) != dict(self.length):
            raise ValueError(f"{self.id}: length must be the solo preset's length")

    def preset(self, preset_id: str) -> Preset:
        """The preset ``preset_id`` (``KeyError`` if the game has none)."""
        for preset in self.presets:
            if preset.id == preset_id:
                return preset
        raise KeyError(preset_id)

    def solo_options(self) -> dict[str, Any]:
        """The options "play against bots" plays: the solo preset's (none without one)."""
        return {} if self.solo_preset is None else dict(self.preset(self.solo_preset).options)

    def option(self, name: str) -> OptionSpec:
        """The spec of option ``name`` (``KeyError`` if the game has none)."""
        return self._by_name[name]

    def check_players(self, players: Any) -> None:
        """Raise ``BadOptions`` for a player count this game does not take."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"players must be a whole number, not {shown(players)}")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.id} is for {self.min_players}–{self.max_players} players, not {players}"
            )

    def validate(self, options: Any, players: int | None = None) -> dict[str, Any]:
        """Check ``options`` against the schema (and ``players`` when given).

        Raises ``BadOptions`` naming the first problem; returns the options with the
        declared defaults filled in (options whose default is ``None`` stay absent).
        Rules the schema cannot state (a ``deck``'s contents, limits that depend on the
        player count) are left to the game's own readers.
        """
        if players is not None:
            self.check_players(players)
        if not isinstance(options, Mapping):
            raise BadOptions("options must be a JSON object")
        unknown = sorted(str(k) for k in options if k not in self._by_name)
        if unknown:
            known = ", ".join(sorted(self._by_name)) or "none"
            raise BadOptions(
                f"unknown option(s) for {self.id}: {', '.join(unknown)} (known: {known})"
            )
        for name, value in options.items():
            self._by_name[name].check(value, players)
        resolved = {o.name: o.default for o in self.options if o.default is not None}
        resolved.update(options)
        return resolved

    def to_json(self) -> dict[str, Any]:
        """The description as JSON, as ``/api/games`` serves it."""
        return {
            "id": self.id,
            "title": dict(self.title),
            "pitch": dict(self.pitch),
            "length": dict(self.length),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_json() for o in self.options],
            "solo": {
                "seats": self.solo_seats,
                "level": self.solo_level,
                "preset": self.solo_preset,
                "options": self.solo_options(),
            },
            "presets": [p.to_json() for p in self.presets],
            "bots": [b.id for b in self.bot_levels],
            "bot_levels": [b.to_json() for b in self.bot_levels],
            "clocks": self.clocks,
            "simultaneous": self.simultaneous,
        }


FIRST = OptionSpec(
    "first",
    "seat",
    label={"fa": "چه کسی شروع می‌کند", "en": "Who starts"},
    help={
        "fa": "کسی که نخستین نوبت را بازی می‌کند؛ یا به قرعه",
        "en": "who plays the first turn, or drawn by lot",
    },
    default=0,
)
"""The option ``first`` many games share (read with ``rumizi.engine.first_seat``)."""

DECK = OptionSpec(
    "deck",
    "data",
    label={"fa": "دستهٔ چیده‌شده", "en": "Stacked deck"},
    help={
        "fa": "ترتیب کارت‌ها پس از بُر زدن، از رو؛ برای آزمون‌ها",
        "en": "the card order after the shuffle, top first; for tests",
    },
)
"""The option ``deck`` many games share (read with ``rumizi.engine.stacked_decks``)."""
