"""The games part of ``rumizi --help``, written from the games' descriptions."""

from __future__ import annotations

from rich.markup import escape

from rumizi import games
from rumizi.engine.description import Description, OptionSpec


def _accepts(spec: OptionSpec) -> str:
    """What values an option takes, in a few words."""
    if spec.type in ("int", "seconds"):
        kind = f"{spec.minimum:g}–{spec.maximum:g}" + (" s" if spec.type == "seconds" else "")
    elif spec.type == "bool":
        kind = "true/false"
    elif spec.type == "choice":
        kind = " | ".join(f'"{c.value}"' for c in spec.choices)
    elif spec.type == "seat":
        kind = 'a seat from 0, or "random"'
    else:
        kind = "JSON"
    if spec.nullable:
        kind += " | null"
    if spec.default is not None:
        kind += f", default {str(spec.default).lower() if spec.type == 'bool' else spec.default}"
    return kind


def game_help(description: Description) -> list[str]:
    """A game's lines: title, players, bot levels, then one line per option."""
    d = description
    players = (
        f"{d.min_players}" if d.min_players == d.max_players else f"{d.min_players}–{d.max_players}"
    )
    levels = ", ".join(b.id for b in d.bot_levels)
    lines = [
        f"{d.id}: {d.title['en']} ({d.title['fa']}), {players} players;"
        f" --bot {levels} (default {d.solo_level})"
    ]
    lines += [f"  {o.name} ({_accepts(o)}): {o.help['en']}" for o in d.options]
    return lines


def games_epilog() -> str:
    """Every registered game with its options and bot levels, for the help of a command."""
    lines = ["Games, their --options and --bot levels:"]
    for description in games.described():
        lines += game_help(description)
    return escape("\n".join(lines))
