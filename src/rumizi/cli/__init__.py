"""The ``rumizi`` command: play, simulate, and per-game tools (tuki, ayozhit)."""

from __future__ import annotations

import json
import sys
import time
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from rumizi import bots as bot_registry
from rumizi import games
from rumizi.bots.arena import Tally, play_game
from rumizi.bots.tournament import wilson
from rumizi.engine import BadOptions, make_rng

from . import ayozhit, matches, tuki
from .bidi import BidiConsole
from .bidi import resolve as resolve_bidi
from .games_help import games_epilog
from .i18n import LANGS, digits, number, say
from .play import play as play_in_terminal
from .render import renderer

app = typer.Typer(
    name="rumizi",
    help="Rumizi (رومیزی): a digital tabletop. Play in the terminal, simulate bots, build content.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(tuki.app, name="tuki")
app.add_typer(ayozhit.app, name="ayozhit")

GameArg = Annotated[
    str, typer.Argument(help=f"Game id: {', '.join(games.ids())}.", show_default=False)
]
OptionsOpt = Annotated[
    str, typer.Option("--options", help="Game options as JSON, e.g. '{\"tokens_to_win\": 2}'.")
]


def _game(game_id: str) -> Any:
    try:
        return games.load(game_id)
    except KeyError:
        raise typer.BadParameter(
            f"unknown game {game_id!r}; choose from {', '.join(games.ids())}", param_hint="GAME"
        ) from None


def _options(text: str) -> dict[str, Any]:
    try:
        options = json.loads(text)
    except json.JSONDecodeError as e:
        raise typer.BadParameter(f"not valid JSON: {e}", param_hint="--options") from None
    if not isinstance(options, dict):
        raise typer.BadParameter("must be a JSON object", param_hint="--options")
    return options


def _check_players(game: Any, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise typer.BadParameter(
            f"{game.id} is for {game.min_players}–{game.max_players} players",
            param_hint="--players",
        )


@app.command(epilog=games_epilog())
def play(
    game_id: GameArg,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table.")] = 4,
    bots: Annotated[
        int | None,
        typer.Option(
            "--bots",
            "-b",
            help="How many seats bots take (the rest are people, seated first). "
            "Default: every seat but one.",
            show_default=False,
        ),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option("--bot", help="Bot level (default: the game's own, listed below)."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for a repeatable game.")] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language: fa or en.")] = "en",
    options: OptionsOpt = "{}",
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="Line mode: a numbered menu and a growing log, for pipes and screen readers "
            "(chosen by itself when input or output is not a terminal).",
        ),
    ] = False,
    bidi: Annotated[
        str,
        typer.Option(
            "--bidi",
            help="Persian text order: 'on' reorders it for terminals that cannot, 'off' "
            "leaves it to a terminal that can, 'auto' picks by the terminal.",
        ),
    ] = "auto",
) -> None:
    """Play a game in the terminal against bots, seeing only your own seat."""
    game = _game(game_id)
    try:
        renderer(game_id)
    except KeyError as e:  # a game played only in the browser says so, in one line
        typer.echo(str(e.args[0]))
        raise typer.Exit(1) from None
    _check_players(game, players)
    if lang not in LANGS:
        raise typer.BadParameter("choose fa or en", param_hint="--lang")
    if bots is None:
        bots = players - 1
    if not 0 <= bots < players:
        raise typer.BadParameter(
            f"between 0 and {players - 1} (at least one person plays)", param_hint="--bots"
        )
    bot = bot or games.describe(game_id).solo_level
    if bot not in bot_registry.names(game_id):
        raise typer.BadParameter(
            f"choose from {', '.join(bot_registry.names(game_id))}", param_hint="--bot"
        )
    try:
        shown = resolve_bidi(bidi, lang, terminal=sys.stdout.isatty())
    except ValueError as e:
        raise typer.BadParameter(str(e).split(": ", 1)[-1], param_hint="--bidi") from None
    full_screen = not plain and players - bots == 1 and sys.stdin.isatty() and sys.stdout.isatty()
    console = BidiConsole(bidi=shown)
    try:
        play_in_terminal(
            game_id,
            players,
            bots,
            seed,
            lang,
            bot,
            _options(options),
            console,
            console.input,
            full_screen=full_screen,
            bidi=shown,
        )
    except BadOptions as e:
        raise typer.BadParameter(str(e), param_hint="--options") from None
    except KeyError as e:
        console.print(str(e.args[0]), style="red")
        raise typer.Exit(1) from None


@app.command(epilog=games_epilog())
def simulate(
    game_id: GameArg,
    games_count: Annotated[int, typer.Option("-n", "--games", help="How many games.")] = 1000,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            help="Bot level; repeat to give each seat its own, e.g. --bot heuristic --bot random.",
        ),
    ] = None,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table.")] = 4,
    seed: Annotated[int, typer.Option("--seed", help="First seed; game i uses seed + i.")] = 0,
    lang: Annotated[str, typer.Option("--lang", help="Language: fa or en.")] = "en",
    options: OptionsOpt = "{}",
    rotate_seats: Annotated[
        bool,
        typer.Option(
            "--rotate-seats/--fixed-seats",
            help="Rotate the seats game after game, so that each bot plays every seat equally.",
        ),
    ] = True,
) -> None:
    """Bots play many games; print games/s and each bot's win share with its 95% interval."""
    game = _game(game_id)
    _check_players(game, players)
    if games_count < 1:
        raise typer.BadParameter("at least 1", param_hint="-n")
    if lang not in LANGS:
        raise typer.BadParameter("choose fa or en", param_hint="--lang")
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
    opts = _options(options)
    tally = Tally(players)
    console = Console()
    start = time.perf_counter()
    columns = (
        *Progress.get_default_columns()[:1],
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(say(lang, "games"), total=games_count)
        for i in range(games_count):
            turn = i % players if rotate_seats else 0
            order = [(seat - turn) % players for seat in range(players)]
            try:
                seats = [bot_registry.make(game_id, levels[p]) for p in order]
                tally.add(play_game(game, seats, seed + i, opts), order)
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
    console.print(say(lang, "shared_note"), style="dim")
    if rotate_seats:
        console.print(say(lang, "rotated_note", n=digits(players, lang)), style="dim")


@app.command()
def tournament(
    game_id: GameArg,
    bots: Annotated[
        str, typer.Option("--bots", help="Bot levels, comma-separated, e.g. random,heuristic.")
    ],
    games_count: Annotated[
        int, typer.Option("-n", "--games", help="Games per table (rounded up to full rotations).")
    ] = 100,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at each table.")] = 2,
    seed: Annotated[int, typer.Option("--seed", help="First seed; deal d uses seed + d.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-j", help="Processes (0: every core).")] = 0,
    backend: Annotated[
        str, typer.Option("--backend", help="local (a process pool) or ray (needs ray).")
    ] = "local",
    out: Annotated[
        str, typer.Option("--out", help="Folder for games.csv, summary.json and ratings.png.")
    ] = "tournament",
    options: OptionsOpt = "{}",
) -> None:
    """Round robin of bot levels, seats rotated: win shares with 95% intervals, ratings."""
    from pathlib import Path

    from rumizi.bots import tournament as t

    game = _game(game_id)
    _check_players(game, players)
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
    opts = _options(options)
    try:
        game.setup(players, make_rng(0), opts)  # bad options fail here, not in a worker
    except BadOptions as e:
        raise typer.BadParameter(str(e), param_hint="--options") from None
    console = Console()
    columns = (
        *Progress.get_default_columns()[:1],
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    start = time.perf_counter()
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("games", total=len(jobs))
        records = t.run(
            game_id,
            jobs,
            opts,
            workers or None,
            backend,
            lambda n: progress.advance(task, n),
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
    rated = t.ratings(records)
    if rated is None:
        console.print(
            "ratings: install openskill (pip install 'rumizi[tournament]')", style="yellow"
        )
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
        console.print("plot: install matplotlib (pip install 'rumizi[tournament]')", style="yellow")
    console.print(f"wrote {', '.join(str(folder / w) for w in wrote)}")


app.command("replay")(matches.replay)
app.command("analyse")(matches.analyse)


def main() -> None:
    app()


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(
            "--db", help="SQLite file, or a URL such as postgresql+asyncpg://user@host/name."
        ),
    ] = "rumizi.db",
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            help="Redis URL (redis://host:6379/0): be one of several workers sharing --db "
            "(PostgreSQL); see docs/deploy.md.",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            help="Start this many worker processes (needs --redis), on ports --port, "
            "--port+1, …; put a reverse proxy in front.",
        ),
    ] = 1,
    lease: Annotated[
        float | None,
        typer.Option(
            "--lease",
            help="Seconds a worker's hold on a room lasts unrenewed (default 5): a dead "
            "worker's rooms move this long after it stops.",
        ),
    ] = None,
) -> None:
    """Run the game server: rooms, bots, clocks; WebSocket at /ws, API docs at /docs."""
    from .serve import ServeError
    from .serve import serve as run_server

    try:
        run_server(host, port, db, redis, workers, lease)
    except ServeError as e:
        Console(stderr=True).print(
            f"rumizi serve: {e}", style="red", markup=False, highlight=False, soft_wrap=True
        )
        raise typer.Exit(2) from None
