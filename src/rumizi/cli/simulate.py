"""``rumizi simulate`` and ``rumizi tournament``: bots only, many games, their figures."""

from __future__ import annotations

import time

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from rumizi import bots as bot_registry
from rumizi import games
from rumizi.bots.arena import Tally, play_game
from rumizi.bots.tournament import wilson
from rumizi.engine import BadOptions, make_rng

from .i18n import digits, number, say
from .language import language
from .launch import check_players, game, options


def _progress(console: Console) -> Progress:
    columns = (
        *Progress.get_default_columns()[:1],
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    return Progress(*columns, console=console, transient=True)


def _levels(game_id: str, bot: list[str] | None, players: int) -> list[str]:
    levels = bot or ["random"]
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise typer.BadParameter(f"give one level, or one per seat ({players})", param_hint="--bot")
    for level in levels:
        if level not in bot_registry.names(game_id):
            raise typer.BadParameter(
                f"{level!r}: choose from {', '.join(bot_registry.names(game_id))}",
                param_hint="--bot",
            )
    return levels


def simulate(
    game_id: str,
    games_count: int,
    bot: list[str] | None,
    players: int,
    seed: int,
    lang: str | None,
    options_text: str,
    rotate_seats: bool,
) -> None:
    """Bots play many games; print games/s and each bot's win share with its interval."""
    the_game = game(game_id)
    check_players(the_game, players)
    if games_count < 1:
        raise typer.BadParameter("at least 1", param_hint="-n")
    lang = language(lang)
    levels = _levels(game_id, bot, players)
    opts = options(options_text)
    tally = Tally(players)
    console = Console()
    start = time.perf_counter()
    with _progress(console) as progress:
        task = progress.add_task(say(lang, "games"), total=games_count)
        for i in range(games_count):
            turn = i % players if rotate_seats else 0
            order = [(seat - turn) % players for seat in range(players)]
            try:
                seats = [bot_registry.make(game_id, levels[p]) for p in order]
                tally.add(play_game(the_game, seats, seed + i, opts), order)
            except BadOptions as e:
                raise typer.BadParameter(str(e), param_hint="--options") from None
            progress.advance(task)
    secs = time.perf_counter() - start
    console.print(
        say(
            lang,
            "simulated",
            games=games_count,
            secs=number(f"{secs:.2f}", lang),
            rate=number(f"{games_count / secs:,.0f}", lang),
            actions=number(f"{tally.actions / secs:,.0f}", lang),
        )
    )
    table = Table()
    first = "entry" if rotate_seats else "seat"
    for key in (first, "bot_col", "win_share", "interval", "shared", "mean_score", "mean_rank"):
        table.add_column(say(lang, key), no_wrap=key in ("bot_col", "interval"))
    for p in range(players):
        low, high = wilson(tally.wins[p], games_count)
        table.add_row(
            digits(p, lang),
            levels[p],
            number(f"{tally.win_share(p):.1%}", lang),
            number(f"{low:.1%}–{high:.1%}", lang),
            digits(tally.shared[p], lang),
            number(f"{tally.scores[p] / games_count:.2f}", lang),
            number(f"{tally.ranks[p] / games_count:.2f}", lang),
        )
    console.print(table)
    if not any(tally.wins):
        stronger = games.describe(game_id).solo_level
        console.print(say(lang, "no_winner", games=games_count, level=stronger), style="yellow")
    console.print(say(lang, "shared_note"), style="dim")
    if rotate_seats:
        console.print(say(lang, "rotated_note", n=digits(players, lang)), style="dim")


def tournament(
    game_id: str,
    bots: str,
    games_count: int,
    players: int,
    seed: int,
    workers: int,
    backend: str,
    out: str,
    options_text: str,
) -> None:
    """Round robin of bot levels, seats rotated: win shares with 95% intervals, ratings."""
    from pathlib import Path

    from rumizi.bots import tournament as t

    the_game = game(game_id)
    check_players(the_game, players)
    levels = [b.strip() for b in bots.split(",") if b.strip()]
    known = bot_registry.names(game_id)
    for level in levels:
        if level not in known:
            raise typer.BadParameter(
                f"{level!r}: choose from {', '.join(known)}", param_hint="--bots"
            )
    if games_count < 1:
        raise typer.BadParameter("at least 1", param_hint="-n")
    if backend not in ("local", "ray"):
        raise typer.BadParameter("choose local or ray", param_hint="--backend")
    if backend == "ray" and not t.ray_available():
        raise typer.BadParameter(
            "ray is not installed here: pip install ray (or use --backend local)",
            param_hint="--backend",
        )
    try:
        jobs = t.schedule(levels, players, games_count, seed)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--bots") from None
    opts = options(options_text)
    try:
        the_game.setup(players, make_rng(0), opts)  # bad options fail here, not in a worker
    except BadOptions as e:
        raise typer.BadParameter(str(e), param_hint="--options") from None
    console = Console()
    start = time.perf_counter()
    with _progress(console) as progress:
        task = progress.add_task("games", total=len(jobs))
        records = t.run(
            game_id, jobs, opts, workers or None, backend, lambda n: progress.advance(task, n)
        )
    secs = time.perf_counter() - start
    console.print(f"{len(records)} games in {secs:.1f} s ({backend}, seeds {seed}–{jobs[-1].seed})")
    tables = t.tables(records)
    shown = Table(title="Win shares (shared wins split; 95% Wilson intervals)")
    for name in ("Table", "Bot", "Games", "Win share", "95% interval", "Shared wins"):
        shown.add_column(name, no_wrap=True)
    for i, tab in enumerate(tables):
        for s in tab.shares:
            low, high = s.interval
            shown.add_row(
                str(i),
                s.level,
                str(s.games),
                f"{s.share:.1%}",
                f"{low:.1%}–{high:.1%}",
                str(s.shared),
            )
        shown.add_section()
    console.print(shown)
    hint = escape("pip install 'rumizi[tournament]'")  # Rich would read [tournament] as a style
    rated = t.ratings(records)
    if rated is None:
        console.print(f"ratings: install openskill ({hint})", style="yellow")
    else:
        rt = Table(title="Ratings (openskill Plackett–Luce)")
        for name in ("Bot", "mu", "sigma", "mu − 3 sigma"):
            rt.add_column(name, no_wrap=True)
        for r in rated:
            rt.add_row(r.level, f"{r.mu:.2f}", f"{r.sigma:.2f}", f"{r.ordinal:.2f}")
        console.print(rt)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    t.write_csv(records, folder / "games.csv")
    t.write_json(t.summary(game_id, players, records, tables, rated), folder / "summary.json")
    wrote = ["games.csv", "summary.json"]
    if t.plot(game_id, tables, rated, levels, folder / "ratings.png"):
        wrote.append("ratings.png")
    else:
        console.print(f"plot: install matplotlib ({hint})", style="yellow")
    console.print(f"wrote {', '.join(str(folder / w) for w in wrote)}")
