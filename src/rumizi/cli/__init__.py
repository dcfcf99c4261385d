"""The ``rumizi`` command: play, replay, analyse, simulate, serve, and per-game tools.

Start-up is kept light: this module imports Typer and the game registry only; each
command imports what it needs when it runs (Rich, the rules, the bots, Textual, the
store), and the games' part of ``play --help`` is written only when that help is shown
(``games_help.GamesHelp``). Help is plain text (no Rich): ``rumizi --help`` costs little
more than importing Typer (``bench/cli_startup.py``).
"""

from __future__ import annotations

from typing import Annotated

import typer

from rumizi import games

from . import ayozhit, tuki
from .games_help import GamesHelp, PlayHelp, QuickHelpGroup

app = typer.Typer(
    name="rumizi",
    cls=QuickHelpGroup,
    help="Rumizi (رومیزی): a digital tabletop. Play in the terminal, replay and analyse "
    "your games, simulate bots, build content.",
    invoke_without_command=True,
    add_completion=False,
    rich_markup_mode=None,
)
app.add_typer(tuki.app, name="tuki")
app.add_typer(ayozhit.app, name="ayozhit")


@app.callback()
def start(ctx: typer.Context) -> None:
    """``rumizi`` alone: the launcher on a terminal, else this help."""
    if ctx.invoked_subcommand is not None:
        return
    import sys

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        typer.echo(ctx.get_help())
        raise typer.Exit()
    from .bidi import resolve
    from .language import language
    from .tui.launcher import run_launcher

    lang = language(None)
    run_launcher(lang, resolve("auto", lang))


GameArg = Annotated[
    str, typer.Argument(help=f"Game id: {', '.join(games.ids())}.", show_default=False)
]
OptionsOpt = Annotated[
    str, typer.Option("--options", help="Game options as JSON, e.g. '{\"tokens_to_win\": 2}'.")
]
LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="Language: fa or en (default: lang in ~/.config/rumizi/config.toml, else the "
        "locale's, else en).",
        show_default=False,
    ),
]
DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="The SQLite file (or database URL) games are kept in. Default: your games "
        "file ($XDG_DATA_HOME/rumizi/rumizi.db, i.e. ~/.local/share/rumizi/rumizi.db).",
        show_default=False,
    ),
]


@app.command("play", cls=PlayHelp)
def play_command(
    game_id: Annotated[str, typer.Argument(help="The game (listed below).", show_default=False)],
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
    length: Annotated[
        str | None,
        typer.Option(
            "--length",
            help="Game length: quick, standard or long (default: the game's solo length, "
            "listed below); --options can still change any option.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for a repeatable game.")] = None,
    lang: LangOpt = None,
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
    db: DbOpt = None,
    name: Annotated[
        str | None,
        typer.Option(
            "--name",
            help="Your name in the kept game's replay (default: your login name).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against bots, seeing only your own seat. The game is
    kept (--db): `rumizi replay ID` and `rumizi analyse ID` show it again."""
    from .launch import Setup, launch

    launch(Setup(game_id, players, bots, bot, length, seed, lang, options, plain, bidi, db, name))


@app.command("learn")
def learn_command(
    game_id: GameArg,
    lang: LangOpt = None,
    bidi: Annotated[
        str, typer.Option("--bidi", help="Persian text order: on, off or auto (see play).")
    ] = "auto",
) -> None:
    """Learn to play a game: a guided first game at the full-screen table, a coach saying
    what happens and what to do (Tuki's lesson is in the browser)."""
    from .learn import learn

    learn(game_id, lang, bidi)


@app.command(cls=GamesHelp)
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
    lang: LangOpt = None,
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
    from .simulate import simulate as run

    run(game_id, games_count, bot, players, seed, lang, options, rotate_seats)


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
    from .simulate import tournament as run

    run(game_id, bots, games_count, players, seed, workers, backend, out, options)


MatchArg = Annotated[
    str,
    typer.Argument(
        help="The match id (printed when you leave a game; 'last' for your latest game).",
        show_default=False,
    ),
]
FileOpt = Annotated[
    str | None, typer.Option("--file", help="A replay file instead (GET /api/matches/ID/replay).")
]


@app.command()
def replay(
    match_id: MatchArg,
    seat: Annotated[
        int | None, typer.Option("--seat", help="See the match as this seat saw it (from 0).")
    ] = None,
    upto: Annotated[
        int | None, typer.Option("--to", help="Stop after this many log entries.")
    ] = None,
    db: DbOpt = None,
    file: FileOpt = None,
    lang: LangOpt = None,
) -> None:
    """Step through a finished match: every event as one seat saw it (or, by default, every
    event with every card shown, each private one saying whose it is), then the table."""
    from .matches import replay as run

    run(match_id, seat, upto, db, file, lang)


@app.command()
def analyse(
    match_id: MatchArg,
    seat: Annotated[int, typer.Option("--seat", help="Whose decisions (0 is the first seat).")] = 0,
    level: Annotated[
        str | None,
        typer.Option(
            "--level",
            help="The search level that judges (default: the game's quickest).",
            show_default=False,
        ),
    ] = None,
    db: DbOpt = None,
    file: FileOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    lang: LangOpt = None,
) -> None:
    """The search bot weighs each decision of one seat, from that seat's knowledge only:
    the estimated chance of the move played and of the best move; ✗ marks the costliest."""
    from .matches import analyse as run

    run(match_id, seat, level, db, file, as_json, lang)


@app.command("games")
def games_command(db: DbOpt = None, lang: LangOpt = None) -> None:
    """List your kept games, newest first: game, date, seats, result, id."""
    from .kept_list import list_games

    list_games(db, lang)


@app.command()
def resume(
    match_id: Annotated[
        str,
        typer.Argument(
            help="The id of a game you left part-way ('last': the latest one).",
            show_default=False,
        ),
    ],
    db: DbOpt = None,
    lang: LangOpt = None,
    plain: Annotated[bool, typer.Option("--plain", help="Line mode (see play).")] = False,
    bidi: Annotated[
        str, typer.Option("--bidi", help="Persian text order: on, off or auto (see play).")
    ] = "auto",
) -> None:
    """Play on a game left part-way against bots, exactly where you left it."""
    from .kept_list import resume as run

    run(match_id, db, lang, plain, bidi)


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
    from rich.console import Console

    from .serve import ServeError
    from .serve import serve as run_server

    try:
        run_server(host, port, db, redis, workers, lease)
    except ServeError as e:
        Console(stderr=True).print(
            f"rumizi serve: {e}", style="red", markup=False, highlight=False, soft_wrap=True
        )
        raise typer.Exit(2) from None


def main() -> None:
    import sys

    if sys.argv[1:] == ["--version"]:  # read here: a group option would cost every command
        from importlib.metadata import version

        print(f"rumizi {version('rumizi')}")
        return
    app()
