"""The game-agnostic core: the Game contract, Match, events, seeded randomness.

It knows no game, socket, file or clock. See docs/engine.md.
"""

from .actions import FrozenAction, action_kind
from .description import BotLevel, Choice, Description, OptionSpec
from .errors import BadOptions, IllegalAction, shown
from .events import Event, copy_record, make_event, private, public, visible
from .game import SYSTEM, TIMEOUT, Action, BaseGame, Game, Outcome, is_timeout
from .match import LogEntry, Match
from .options import first_seat, positive_int, stacked_decks
from .rng import Rng, derive, make_rng, shuffle

__all__ = [
    "SYSTEM",
    "TIMEOUT",
    "Action",
    "BadOptions",
    "BaseGame",
    "BotLevel",
    "Choice",
    "Description",
    "Event",
    "FrozenAction",
    "Game",
    "IllegalAction",
    "LogEntry",
    "Match",
    "OptionSpec",
    "Outcome",
    "Rng",
    "action_kind",
    "copy_record",
    "derive",
    "first_seat",
    "is_timeout",
    "make_event",
    "make_rng",
    "positive_int",
    "private",
    "public",
    "shown",
    "shuffle",
    "stacked_decks",
    "visible",
]
