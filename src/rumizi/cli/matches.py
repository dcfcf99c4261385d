"""``rumizi replay`` and ``rumizi analyse``: a finished match — one you played with
``rumizi play`` (your games file), one from the server's database, or a replay file (the
JSON of ``GET /api/matches/{id}/replay``) — told in words from the game's catalogue, in
``--lang``, every seat by its name."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from rumizi import games
from rumizi.engine import Match

from .i18n import digits, listed, number, say, say_as_is
from .keep import bot_name, games_file
from .language import language

LAST = "last"
"""The match id that means your latest game."""


@dataclass
class Finished:
    """What a replay needs: the game, the seed, the options, the log and who sat where."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    log: list[list[Any]]
    seats: list[tuple[str, str | None, str]] = field(default_factory=list)
    """Each seat's kind (person, bot), bot level and stored name (none from a file)."""


def seat_names(done: Finished, lang: str) -> list[str]:
    """Every seat's name: a person's as stored, a bot the server named by its level as
    "Bot 1", "Bot 2"… in ``lang`` (as ``rumizi play`` showed them), else as stored."""
    if not done.seats:
        return [say(lang, "player", n=s + 1) for s in range(done.players)]
    names, bots = [], 0
    for kind, level, name in done.seats:
        if kind == "bot":
            bots += 1
            names.append(say(lang, "bot", n=bots) if name == bot_name(level or "") else name)
        else:
            names.append(name)
    return names


def load(match_id: str, db: str | None, file: str | None) -> Finished:
    """A finished match from a replay file or a database (by default your games file, then
    ./rumizi.db, the server's); ``BadParameter`` with a clear word otherwise."""
    if file is not None:
        return _from_file(match_id, file)
    if db is not None:
        if "://" not in db and not Path(db).exists():
            raise typer.BadParameter(f"no database file {db}", param_hint="--db")
        found = asyncio.run(_from_store(match_id, db))
        assert found is not None  # not quiet: a missing match raised
        return found
    places = [str(p) for p in (games_file(), Path("rumizi.db")) if p.exists()]
    if not places:
        raise typer.BadParameter(
            f"no games kept yet ({games_file()} does not exist); play one with `rumizi play`",
            param_hint="--db",
        )
    for place in places:
        found = asyncio.run(_from_store(match_id, place, quiet=True))
        if found is not None:
            return found
    raise typer.BadParameter(f"no match {match_id!r} in {' or '.join(places)}", param_hint="MATCH")


def _from_file(match_id: str, file: str) -> Finished:
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


async def _from_store(match_id: str, db: str, *, quiet: bool = False) -> Finished | None:
    from rumizi.server.store.archive import LATEST, read_game

    found = await read_game(db, LATEST if match_id == LAST else match_id)
    if found is None:
        if quiet:
            return None
        raise typer.BadParameter(f"no match {match_id!r} in {db}", param_hint="MATCH")
    if not found.finished:
        raise typer.BadParameter("the match is still being played", param_hint="MATCH")
    log = [[seat, action] for seat, action in found.log]
    seats = [(s.kind, s.bot, s.name) for s in found.seats]
    return Finished(found.id, found.game, found.players, found.seed, found.options, log, seats)


def _check_seat(seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise typer.BadParameter(f"a seat from 0 to {players - 1}", param_hint="--seat")


def replay(
    match_id: str,
    seat: int | None,
    upto: int | None,
    db: str | None,
    file: str | None,
    lang: str | None,
) -> None:
    """Step through a finished match: every event as one seat saw it, or every event with
    every card shown, a private one saying whose it was; then the table at that point."""
    from .bidi import BidiConsole, resolve
    from .render import renderer

    lang = language(lang)
    done = load(match_id, db, file)
    game = games.load(done.game)
    if seat is not None:
        _check_seat(seat, done.players)
    render = renderer(done.game)
    names = seat_names(done, lang)
    console = BidiConsole(bidi=resolve("auto", lang, terminal=Console().is_terminal))
    title = game.title.get(lang, done.game)
    console.print(Text(f"{title} · {done.id} · {listed(names, lang)}", style="bold"))
    if seat is None:
        console.print(say(lang, "replay_all"), style="dim")
    else:
        console.print(say(lang, "replay_seat", name=names[seat]), style="dim")
    match = Match(game, done.players, done.seed, done.options)
    stop = len(done.log) if upto is None else max(0, min(upto, len(done.log)))
    shown = 0
    for index, (s, action) in enumerate(done.log[:stop]):
        before = match.view(int(s)) if int(s) >= 0 else None
        match.apply(int(s), dict(action))
        lines = []
        for event in match.events[shown:]:
            if seat is not None and not event.visible_to(seat):
                continue
            told = _told(render, event, match, seat, names, lang)
            if told:
                lines.append(told)
        if not lines and before is not None and seat in (None, int(s)):
            # a move the table tells nothing of: the move itself (no number skipped)
            lines.append(
                f"{names[int(s)]}: {render.action_text(dict(action), before, names, lang)}"
            )
        for told in lines:
            console.print(Text(digits(index + 1, lang) + " ", style="dim").append(told))
        shown = len(match.events)
    view = match.view(seat)
    console.print(render.board(view, names, lang))


def _said(render: Any, data: dict[str, Any], view: Any, names: list[str], lang: str) -> str | None:
    """An event as a replay tells it: the game's retelling, else its log line, else what
    was heard for a moment (a recitation's item)."""
    tell = render.retold or render.event_text
    text: str | None = tell(data, view, names, lang)
    if not text and render.flash_text is not None:
        text = render.flash_text(data, view, names, lang)
    return text


def _told(
    render: Any, event: Any, match: Match, seat: int | None, names: list[str], lang: str
) -> str:
    """An event in words: to ``seat``, or (every card shown) to everyone, a private event
    as told to its seat, after that seat's name."""
    data = event.to_json()
    if seat is not None or event.public:
        text: str | None = _said(render, data, match.view(seat), names, lang)
        return text or ""
    whose = min(event.to)
    text = _said(render, data, match.view(whose), names, lang)
    return say(lang, "told_to", name=names[whose]) + " " + text if text else ""


def analyse(
    match_id: str,
    seat: int,
    level: str | None,
    db: str | None,
    file: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """The search bot weighs each decision of one seat, from that seat's knowledge only:
    the estimated chance of the move played and of the best move; ✗ marks the costliest."""
    from rumizi.bots import analysis

    from .bidi import BidiConsole, resolve
    from .render import renderer

    lang = language(lang)
    done = load(match_id, db, file)
    game = games.load(done.game)
    _check_seat(seat, done.players)
    level = level or analysis.search_level(done.game)
    if level is None:  # in the language asked for, naming the games that can be
        can = [
            games.describe(g).title.get(lang, g) for g in games.ids() if analysis.search_level(g)
        ]
        title = game.title.get(lang, done.game)
        errors = BidiConsole(
            stderr=True, bidi=resolve("auto", lang, terminal=Console(stderr=True).is_terminal)
        )
        errors.print(say(lang, "analyse_none", game=title, games=listed(can, lang)), soft_wrap=True)
        raise typer.Exit(2)
    try:
        with Console(stderr=True).status(say(lang, "analysing", n=len(done.log))):
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
    render = renderer(done.game)
    names = seat_names(done, lang)
    views = _views_at(done, game, seat, {d.index for d in decisions})
    title = game.title.get(lang, done.game)
    judge = next(
        (b.name[lang] for b in games.describe(done.game).bot_levels if b.id == level), level
    )
    heading = say_as_is(
        lang, "analyse_title", game=title, id=done.id, name=names[seat], level=judge
    )
    table = Table(title=heading)
    for key in ("col_move", "col_played", "col_chance", "col_best", "col_chance", "col_cost"):
        table.add_column(say(lang, key))
    table.add_column("")

    def worded(action: dict[str, Any], index: int) -> str:
        return str(render.action_text(action, views[index], names, lang))

    for d in decisions:
        table.add_row(
            digits(d.index + 1, lang),
            worded(d.played, d.index),
            number(f"{d.played_value:.0%}", lang),
            "" if d.best == d.played else worded(d.best, d.index),
            number(f"{d.best_value:.0%}", lang),
            number(f"{d.cost:.0%}", lang),
            "✗" if d.index in marks else "",
        )
    console = BidiConsole(bidi=resolve("auto", lang, terminal=Console().is_terminal))
    console.print(table)


def _views_at(done: Finished, game: Any, seat: int, indices: set[int]) -> dict[int, Any]:
    """The seat's view before each log entry in ``indices`` (what its decisions read)."""
    match = Match(game, done.players, done.seed, done.options)
    views = {}
    for index, (s, action) in enumerate(done.log):
        if index in indices:
            views[index] = match.view(seat)
        match.apply(int(s), dict(action))
    return views
