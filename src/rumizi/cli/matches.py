"""``rumizi replay`` and ``rumizi analyse``: a finished match, from the server's database or
from a replay file (the JSON of ``GET /api/matches/{id}/replay``)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from rumizi import games
from rumizi.engine import Match

from .i18n import LANGS, number


@dataclass
class Finished:
    """What a replay needs: the game, the seed, the options and the log."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    log: list[list[Any]]


def load(match_id: str, db: str, file: str | None) -> Finished:
    """A finished match from a replay file or the database; ``BadParameter`` otherwise."""
    if file is not None:
        try:
            data = json.loads(Path(file).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise typer.BadParameter(f"cannot read {file}: {e}", param_hint="--file") from None
        if not data.get("finished", True) or "seed" not in data:
            raise typer.BadParameter("not the replay of a finished match", param_hint="--file")
        return Finished(
            data.get("match", match_id),
            data["game"],
            data["players"],
            data["seed"],
            data.get("options") or {},
            data["log"],
        )
    return asyncio.run(_from_store(match_id, db))


async def _from_store(match_id: str, db: str) -> Finished:
    from rumizi.server.store import Store

    if "://" not in db and not Path(db).exists():
        raise typer.BadParameter(f"no database file {db}", param_hint="--db")
    store = await Store.open(db)
    try:
        row = await store.match(match_id)
        if row is None:
            raise typer.BadParameter(f"no match {match_id!r} in {db}", param_hint="MATCH_ID")
        if row.finished_at is None:
            raise typer.BadParameter("the match is still being played", param_hint="MATCH_ID")
        log = [[seat, action] for seat, action in await store.log(match_id)]
    finally:
        await store.close()
    return Finished(row.id, row.game, row.players, row.seed, dict(row.options), log)


MatchArg = Annotated[str, typer.Argument(help="The match id (see the room page or the API).")]
DbOpt = Annotated[str, typer.Option("--db", help="The server's database (file or URL).")]
FileOpt = Annotated[
    str | None, typer.Option("--file", help="A replay file instead (GET /api/matches/ID/replay).")
]
SeatOpt = Annotated[int, typer.Option("--seat", help="Whose decisions (0 is the first seat).")]


def _check_seat(seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise typer.BadParameter(f"a seat from 0 to {players - 1}", param_hint="--seat")


def replay(
    match_id: MatchArg,
    seat: Annotated[
        int | None, typer.Option("--seat", help="See the match as this seat saw it.")
    ] = None,
    upto: Annotated[
        int | None, typer.Option("--to", help="Stop after this many log entries.")
    ] = None,
    db: DbOpt = "rumizi.db",
    file: FileOpt = None,
    lang: Annotated[str, typer.Option("--lang", help="Language: fa or en.")] = "en",
) -> None:
    """Step through a finished match: every event as one seat saw it (or, by default, with
    every card shown, the match being over), then the table at that point."""
    from .play import seat_names
    from .render import renderer

    if lang not in LANGS:
        raise typer.BadParameter("choose fa or en", param_hint="--lang")
    done = load(match_id, db, file)
    game = games.load(done.game)
    if seat is not None:
        _check_seat(seat, done.players)
    render = renderer(done.game)
    names = seat_names(0, done.players, lang)
    console = Console()
    match = Match(game, done.players, done.seed, done.options)
    stop = len(done.log) if upto is None else max(0, min(upto, len(done.log)))
    shown = 0
    for index, (s, action) in enumerate(done.log[:stop]):
        match.apply(int(s), dict(action))
        eye = 0 if seat is None else seat
        view = match.view(eye)
        for event in match.events[shown:]:
            if seat is not None and not event.visible_to(seat):
                continue
            text = render.event_text(event.to_json(), view, names, lang)
            if text:
                console.print(f"[dim]{number(str(index + 1), lang)}[/dim] {text}")
        shown = len(match.events)
    console.print(render.board(match.view(0 if seat is None else seat), names, lang))


def analyse(
    match_id: MatchArg,
    seat: SeatOpt = 0,
    level: Annotated[str, typer.Option("--level", help="The search level that judges.")] = "search",
    db: DbOpt = "rumizi.db",
    file: FileOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """The search bot weighs each decision of one seat, from that seat's knowledge only:
    the estimated chance of the move played and of the best move; ✗ marks the costliest."""
    from rumizi.bots import analysis

    done = load(match_id, db, file)
    game = games.load(done.game)
    _check_seat(seat, done.players)
    try:
        decisions = analysis.analyse(
            game, done.players, done.seed, done.options, done.log, seat, level
        )
    except (KeyError, ValueError) as e:
        raise typer.BadParameter(str(e.args[0]), param_hint="--level") from None
    marks = set(analysis.costliest(decisions))
    if as_json:
        rows = [{**d.to_json(), "costly": d.index in marks} for d in decisions]
        typer.echo(json.dumps({"match": done.id, "seat": seat, "decisions": rows}))
        return
    table = Table(title=f"{done.game} match {done.id}, seat {seat}, judged by the {level} bot")
    for name in ("Move", "Played", "Chance", "Best", "Chance", "Cost", ""):
        table.add_column(name)
    for d in decisions:
        table.add_row(
            str(d.index + 1),
            _action(d.played),
            f"{d.played_value:.0%}",
            "" if d.best == d.played else _action(d.best),
            f"{d.best_value:.0%}",
            f"{d.cost:.0%}",
            "✗" if d.index in marks else "",
        )
    Console().print(table)


def _action(action: dict[str, Any]) -> str:
    return " ".join(f"{v}" if k in ("card", "type") else f"{k}={v}" for k, v in action.items())
