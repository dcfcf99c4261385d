"""Keeping the games played with ``rumizi play``, in the store ``rumizi serve`` uses.

A game is written once it is left (over, or left part-way): a room of its own (private,
over), its seats with their names and bot levels, the match (seed, options, outcome, or
why it stopped) and its whole log, the log's entries committed together. By default the
file is your games file, ``$XDG_DATA_HOME/rumizi/rumizi.db`` (``~/.local/share/…``), so
``rumizi replay ID`` finds a game from any folder; ``--db rumizi.db`` keeps it beside the
server's matches instead, where the browser's replay viewer shows it too.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from pathlib import Path

from rumizi.engine import Match

LEFT = "left the table before the end"
"""Why a game left part-way stopped (the store's ``aborted``)."""


@dataclass(frozen=True)
class Seat:
    """Who sat where: a person (``bot`` None) or a bot of that level."""

    name: str
    bot: str | None = None


class KeepError(RuntimeError):
    """The game could not be written (the message is one line for a person)."""


def games_file(env: dict[str, str] | None = None) -> Path:
    """Your games file: ``$XDG_DATA_HOME/rumizi/rumizi.db``, else under ``~/.local/share``."""
    env = dict(os.environ) if env is None else env
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rumizi" / "rumizi.db"


def bot_name(level: str) -> str:
    """A bot seat's stored name, as the server names its bots ("bot heuristic")."""
    return f"bot {level}"


def keep(match: Match, seats: list[Seat], db: str | None = None) -> str:
    """Write ``match`` with its ``seats``; returns its id. ``KeepError`` if it cannot be."""
    target = db or str(games_file())
    if "://" not in target:
        try:
            Path(target).expanduser().parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise KeepError(f"cannot make the folder for {target}: {e.strerror}") from None
    try:
        return asyncio.run(_write(match, seats, target))
    except KeepError:
        raise
    except Exception as e:  # the store says why in its own words; one line for a person
        raise KeepError(f"could not keep the game in {target}: {e}") from None


async def _write(match: Match, seats: list[Seat], db: str) -> str:
    from rumizi.server.store.archive import KeptSeat, keep_game

    outcome = match.outcome()
    return await keep_game(
        db,
        match.game.id,
        match.players,
        match.seed,
        dict(match.options),
        [KeptSeat("person" if s.bot is None else "bot", s.bot, s.name) for s in seats],
        [(entry.seat, dict(entry.action)) for entry in match.log],
        None if outcome is None else outcome.to_json(),
        None if outcome else LEFT,
    )
