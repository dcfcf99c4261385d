"""``rumizi play``: its arguments checked (each mistake in one line), the game set up with
its length, played full screen or line by line, then kept and summed up in one line."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import typer

from rumizi import games

from .i18n import listed, number, say, say_as_is
from .keep import KeepError, Seat, bot_name, keep
from .language import language

if TYPE_CHECKING:
    from rich.console import Console

    from rumizi.engine import Match


@dataclass
class Setup:
    """What ``rumizi play`` was asked for, as typed."""

    game_id: str
    players: int
    bots: int | None
    bot: str | None
    length: str | None
    seed: int | None
    lang: str | None
    options: str
    plain: bool
    bidi: str
    db: str | None
    name: str | None


def game(game_id: str) -> Any:
    try:
        return games.load(game_id)
    except KeyError:
        import difflib

        near = difflib.get_close_matches(game_id.lower().replace("_", "-"), games.ids(), 1, 0.6)
        hint = f"did you mean {near[0]!r}? " if near else ""
        raise typer.BadParameter(
            f"unknown game {game_id!r}; {hint}choose from {', '.join(games.ids())}",
            param_hint="GAME",
        ) from None


def check_db(db: str | None) -> None:
    """A ``--db`` file's folder must exist before the game is played (a typo'd folder is
    not made, and a whole game is not played for nothing)."""
    if db is None or "://" in db:
        return
    from pathlib import Path

    folder = Path(db).expanduser().parent
    if not folder.is_dir():
        raise typer.BadParameter(f"no folder {folder} for {db}", param_hint="--db")
    if Path(db).expanduser().is_dir():
        raise typer.BadParameter(f"{db} is a folder, not a file", param_hint="--db")


def options(text: str) -> dict[str, Any]:
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError as e:
        raise typer.BadParameter(f"not valid JSON: {e}", param_hint="--options") from None
    if not isinstance(parsed, dict):
        raise typer.BadParameter("must be a JSON object", param_hint="--options")
    return parsed


def check_players(the_game: Any, players: int) -> None:
    if not the_game.min_players <= players <= the_game.max_players:
        raise typer.BadParameter(
            f"{the_game.id} is for {the_game.min_players}–{the_game.max_players} players",
            param_hint="--players",
        )


def with_length(game_id: str, length: str | None, given: dict[str, Any]) -> dict[str, Any]:
    """The options of the game length asked for (default: the solo one), under those
    given with ``--options``."""
    description = games.describe(game_id)
    ids = [p.id for p in description.presets]
    if length is None:
        chosen = description.solo_preset
    elif length.lower() in ids:
        chosen = length.lower()
    elif ids:
        raise typer.BadParameter(f"choose {', '.join(ids)}", param_hint="--length")
    else:
        raise typer.BadParameter(f"{game_id}'s length is fixed by its rules", param_hint="--length")
    preset = {} if chosen is None else dict(description.preset(chosen).options)
    return {**preset, **given}


def launch(setup: Setup) -> None:
    """Check everything, then play; the game is kept and summed up once it is left."""
    from rumizi import bots as bot_registry
    from rumizi.engine import BadOptions

    from .bidi import BidiConsole
    from .bidi import resolve as resolve_bidi
    from .render import renderer

    the_game = game(setup.game_id)
    try:
        renderer(setup.game_id)
    except KeyError as e:  # a game played only in the browser says so, in one line
        typer.echo(str(e.args[0]))
        raise typer.Exit(1) from None
    check_players(the_game, setup.players)
    check_db(setup.db)
    lang = language(setup.lang)
    bots = setup.players - 1 if setup.bots is None else setup.bots
    if not 0 <= bots < setup.players:
        raise typer.BadParameter(
            f"between 0 and {setup.players - 1} (at least one person plays)", param_hint="--bots"
        )
    level = setup.bot or games.describe(setup.game_id).solo_level
    if level not in bot_registry.names(setup.game_id):
        raise typer.BadParameter(
            f"choose from {', '.join(bot_registry.names(setup.game_id))}", param_hint="--bot"
        )
    try:
        shown = resolve_bidi(setup.bidi, lang, terminal=sys.stdout.isatty())
    except ValueError as e:
        raise typer.BadParameter(str(e).split(": ", 1)[-1], param_hint="--bidi") from None
    chosen = with_length(setup.game_id, setup.length, options(setup.options))
    humans = setup.players - bots
    full_screen = not setup.plain and humans == 1 and sys.stdin.isatty() and sys.stdout.isatty()
    console = BidiConsole(bidi=shown)
    try:
        play(
            setup.game_id,
            setup.players,
            bots,
            setup.seed,
            lang,
            level,
            chosen,
            console,
            console.input,
            full_screen=full_screen,
            bidi=shown,
            db=setup.db,
            person=setup.name,
        )
    except BadOptions as e:
        raise typer.BadParameter(str(e), param_hint="--options") from None


def play(
    game_id: str,
    players: int,
    bots: int,
    seed: int | None,
    lang: str,
    level: str,
    options: dict[str, Any],
    console: Console,
    ask: Callable[[str], str],
    *,
    full_screen: bool = False,
    bidi: str = "none",
    db: str | None = None,
    person: str | None = None,
) -> None:
    """Play in the terminal: full screen (one person) or line by line (``full_screen``
    False: pipes, screen readers, several people at one keyboard); then keep the game and
    say in one line how it went and how to see it again."""
    from rumizi.bots import make
    from rumizi.engine import Match, make_rng

    seed = seed if seed is not None else make_rng(None).randrange(2**31)
    match = Match(games.load(game_id), players, seed=seed, options=options)
    humans = players - bots
    seated = [make(game_id, level) for _ in range(bots)]
    seats = _seats(humans, bots, level, person)
    sit_and_play(match, humans, seated, seats, lang, console, ask, full_screen, bidi, db)


def sit_and_play(
    match: Match,
    humans: int,
    seated: list[Any],
    seats: list[Seat],
    lang: str,
    console: Console,
    ask: Callable[[str], str],
    full_screen: bool,
    bidi: str,
    db: str | None,
) -> None:
    """Play ``match`` on from where it is (a new one, or one resumed), people first and
    the ``seated`` bots after them; then keep it and sum it up."""
    from .play import Quit, TerminalTable, seat_names

    players, seed = match.players, match.seed
    try:
        if full_screen:
            from .tui import run_full_screen

            run_full_screen(match, seated, lang, seed + 1, bidi)
        else:
            try:
                TerminalTable(match, humans, seated, lang, console, ask, bot_seed=seed + 1).run()
            except (Quit, EOFError, KeyboardInterrupt):
                console.print()
                console.print(say(lang, "bye"))
    finally:
        console.print(summary(match, seat_names(humans, players, lang), lang))
        kept(match, seats, db, lang, console)


def _seats(humans: int, bots: int, level: str, person: str | None) -> list[Seat]:
    if humans == 1:
        people = [Seat(person or _login_name())]
    else:
        people = [Seat(f"Player {i + 1}") for i in range(humans)]
    return people + [Seat(bot_name(level), level) for _ in range(bots)]


def _login_name() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no login name to be had (a container's bare uid)
        return "player"


def summary(match: Match, names: list[str], lang: str) -> str:
    """One line: who won and the scores, or how far the person got before leaving."""
    title = match.game.title.get(lang, match.game.id)
    outcome = match.outcome()
    if outcome is None:
        return say(lang, "summary_left", title=title, moves=len(match.log))
    scores = listed(
        [f"{names[s]} {number(f'{outcome.scores[s]:g}', lang)}" for s in range(match.players)],
        lang,
    )
    said = say(lang, "summary_scores", scores=scores)
    if not outcome.winners:
        return say(lang, "summary_nobody", title=title, scores=said)
    winners = listed([names[w] for w in outcome.winners], lang)
    return say(lang, "summary_over", title=title, winners=winners, scores=said)


def kept(match: Match, seats: list[Seat], db: str | None, lang: str, console: Console) -> None:
    """Keep the game (one played without a move of a person is not) and say where."""
    people = sum(s.bot is None for s in seats)
    if not match.over and not any(0 <= entry.seat < people for entry in match.log):
        console.print(say(lang, "not_kept"), style="dim")
        return
    try:
        match_id = keep(match, seats, db)
    except KeepError as e:
        console.print(say_as_is(lang, "keep_failed", why=str(e)), style="yellow")
        return
    console.print(say_as_is(lang, "kept", id=match_id), style="dim")
