"""The games part of ``rumizi play --help`` and ``simulate --help``, written from the games'
descriptions only when that help is shown, and the quick ``--help`` of the command group."""

from __future__ import annotations

from typing import Any

from typer._click.core import Context
from typer._click.formatting import HelpFormatter
from typer._coercion import PassThroughRuntimeParam
from typer.core import TyperCommand, TyperGroup, TyperOption

from rumizi import games
from rumizi.engine.description import Description, OptionSpec

"""The games' terminal tables (``render/<package>.py``)."""


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


def game_help(description: Description, *, lengths: bool = False) -> list[str]:
    """A game's lines: title, players, bot levels, (its lengths), then one line per option."""
    d = description
    players = (
        f"{d.min_players}" if d.min_players == d.max_players else f"{d.min_players}–{d.max_players}"
    )
    levels = ", ".join(b.id for b in d.bot_levels)
    lines = [
        f"{d.id}: {d.title['en']} ({d.title['fa']}), {players} players;"
        f" --bot {levels} (default {d.solo_level})"
    ]
    if lengths and d.presets:
        said = "; ".join(
            f"{p.id}{' (default)' if p.id == d.solo_preset else ''}: {p.length['en']}"
            for p in d.presets
        )
        lines.append(f"  --length {said}")
    lines += [f"  {o.name} ({_accepts(o)}): {o.help['en']}" for o in d.options]
    return lines


def playable_in_terminal(game_id: str) -> bool:
    """Whether the game has a terminal table (Tuki, a 3D table, is played in the browser)."""
    return games.record(game_id).terminal_module is not None  # named, not imported


def games_epilog(*, terminal_only: bool = False) -> str:
    """Every registered game (``terminal_only``: those with a terminal table) with its
    options and bot levels, kept as written (click's ``\\b`` stops re-wrapping)."""
    lines = ["Games, their --options and --bot levels:"]
    for description in games.described():
        if terminal_only and not playable_in_terminal(description.id):
            continue
        lines += game_help(description, lengths=terminal_only)
    return "\b\n" + "\n".join(_wrapped(lines))


def _wrapped(lines: list[str]) -> list[str]:
    """The lines wrapped to the terminal, inside click's indent of 2, each continued
    under its own start, indented (click's ``\\b`` keeps them as written)."""
    import shutil
    import textwrap

    width = max(40, shutil.get_terminal_size((80, 24)).columns - 3)
    out: list[str] = []
    for line in lines:
        lead = " " * (len(line) - len(line.lstrip()))
        out += textwrap.wrap(
            line, width, initial_indent="", subsequent_indent=lead + "    ", break_on_hyphens=False
        ) or [line]
    return out


class GamesHelp(TyperCommand):
    """A command whose help ends with the games, written only when the help is shown."""

    terminal_only = False

    def format_epilog(self, ctx: Context, formatter: HelpFormatter) -> None:
        self.epilog = games_epilog(terminal_only=self.terminal_only)
        super().format_epilog(ctx, formatter)


class PlayHelp(GamesHelp):
    """``rumizi play``: only the games with a terminal table."""

    terminal_only = True


class QuickHelpGroup(TyperGroup):
    """The command group, whose ``--help`` flag needs no Pydantic to read its own absence.

    Typer reads an option left out (``None``) through a Pydantic adapter; for the group's
    ``--help`` flag that alone imported Pydantic on every ``rumizi play --help``."""

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        option = super().get_help_option(ctx)
        if option is not None and option._runtime_param is None:
            info = option.type_descriptor.parameter_info
            option._runtime_param = PassThroughRuntimeParam(parameter_info=info, annotation=bool)
        return option

    def get_command(self, ctx: Context, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if isinstance(command, TyperGroup) and not isinstance(command, QuickHelpGroup):
            command.__class__ = QuickHelpGroup  # the per-game tools' groups too
        return command
