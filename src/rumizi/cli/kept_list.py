"""``rumizi games``: your kept games (game, date, seats, result, id), newest first; and
``rumizi resume ID``: a game left part-way against bots, played on exactly where it was
left (its seed and options, its log applied again)."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from rumizi import games

from .i18n import digits, listed, say
from .keep import LEFT, Seat, games_file
from .language import language

if TYPE_CHECKING:
    from rumizi.server.store.archive import KeptGame

LAST = "last"


def _places(db: str | None) -> list[str]:
    if db is not None:
        if "://" not in db and not Path(db).exists():
            raise typer.BadParameter(f"no database file {db}", param_hint="--db")
        return [db]
    return [str(p) for p in (games_file(), Path("rumizi.db")) if p.exists()]


def _names(kept: KeptGame, lang: str) -> list[str]:
    from .matches import Finished, seat_names

    seats = [(s.kind, s.bot, s.name) for s in kept.seats]
    done = Finished(kept.id, kept.game, kept.players, kept.seed, {}, [], seats)
    return seat_names(done, lang)


def result(kept: KeptGame, moves: int, names: list[str], lang: str) -> str:
    """Who won, or that it was left (and can be resumed), in a few words."""
    if kept.outcome is not None:
        winners = kept.outcome.get("winners") or []
        if not winners:
            return say(lang, "games_nobody")
        return say(lang, "games_won", names=listed([names[w] for w in winners], lang))
    if kept.aborted == LEFT:
        return say(lang, "games_left", moves=moves)
    return say(lang, "games_stopped")


def list_games(db: str | None, lang: str | None, console: Any = None) -> None:
    """Print the kept games of your games file (and ./rumizi.db), or of ``--db``."""
    from rich.console import Console
    from rich.table import Table

    from rumizi.server.store.archive import kept_games

    from .bidi import BidiConsole, resolve

    lang = language(lang)
    if console is None:
        console = BidiConsole(bidi=resolve("auto", lang, terminal=Console().is_terminal))
    found: list[tuple[KeptGame, int]] = []
    for place in _places(db):
        found += asyncio.run(kept_games(place))
    if not found:
        console.print(say(lang, "games_none"))
        return
    found.sort(key=lambda pair: -pair[0].started_at)
    table = Table(box=None, pad_edge=False)
    for key in ("games_game", "games_date", "games_seats", "games_result", "games_id"):
        table.add_column(say(lang, key), no_wrap=key == "games_id")
    for kept, moves in found:
        title = games.describe(kept.game).title.get(lang, kept.game)
        names = _names(kept, lang)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(kept.started_at))
        table.add_row(
            title,
            digits(when, lang),
            listed(names, lang),
            result(kept, moves, names, lang),
            kept.id,
        )
    console.print(table)
    console.print(say(lang, "games_hint"), style="dim")


def _find(match_id: str, db: str | None) -> tuple[KeptGame, str]:
    from rumizi.server.store.archive import kept_games, read_game

    places = _places(db)
    for place in places:
        if match_id == LAST:
            left = [k for k, _ in asyncio.run(kept_games(place)) if k.aborted == LEFT]
            if not left:
                continue
            match_id = max(left, key=lambda k: k.started_at).id
        found = asyncio.run(read_game(place, match_id))
        if found is not None:
            return found, place
    where = " or ".join(places) or str(games_file())
    raise typer.BadParameter(f"no kept game {match_id!r} in {where}", param_hint="MATCH")


def resume(match_id: str, db: str | None, lang: str | None, plain: bool, bidi: str) -> None:
    """Play on a game left part-way against bots, from where it was left; it is kept
    again (under a new id) once left."""
    from rumizi.bots import make
    from rumizi.engine import IllegalAction, Match

    from .bidi import BidiConsole
    from .bidi import resolve as resolve_bidi
    from .launch import sit_and_play

    lang = language(lang)
    kept, place = _find(match_id, db)
    if kept.aborted != LEFT:
        raise typer.BadParameter("that game was played to its end", param_hint="MATCH")
    people = [s for s in kept.seats if s.kind == "person"]
    if len(people) != 1 or kept.seats[0].kind != "person":
        raise typer.BadParameter("only a game of one person against bots", param_hint="MATCH")
    match = Match(games.load(kept.game), kept.players, seed=kept.seed, options=kept.options)
    try:
        for seat, action in kept.log:
            match.apply(seat, dict(action))
    except IllegalAction as e:
        raise typer.BadParameter(f"its log no longer replays: {e}", param_hint="MATCH") from None
    seated: list[Any] = [make(kept.game, s.bot or "random") for s in kept.seats[1:]]
    seats = [Seat(s.name, s.bot if s.kind == "bot" else None) for s in kept.seats]
    try:
        shown = resolve_bidi(bidi, lang, terminal=sys.stdout.isatty())
    except ValueError as e:
        raise typer.BadParameter(str(e).split(": ", 1)[-1], param_hint="--bidi") from None
    full_screen = not plain and sys.stdin.isatty() and sys.stdout.isatty()
    console = BidiConsole(bidi=shown)
    console.print(say(lang, "games_resumed", moves=len(kept.log)), style="dim")
    sit_and_play(
        match, 1, seated, seats, lang, console, console.input, full_screen, shown, db or place
    )
