"""``rumizi tuki …``: card generation, checking and pictures for Tuki.

Each command imports its tools when it runs (they need SciPy), so ``rumizi --help``
stays quick.
"""

from __future__ import annotations

import statistics
import time
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rumizi.content.tuki import DEFAULT_SEED, NODE_LIMIT

if TYPE_CHECKING:
    from rich.console import Console

    from rumizi.games.tuki.cards import Deck

app = typer.Typer(
    help="Tuki: generate, check and show the card decks.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@cache
def console() -> Console:
    """The Rich console, made on first use (importing Rich is kept out of start-up)."""
    from rich.console import Console

    return Console()


class LevelName(StrEnum):
    """The two levels (decks)."""

    normal = "normal"
    advanced = "advanced"


def fail(message: str) -> typer.Exit:
    """Print an error and give the exit to raise."""
    console().print(f"[bold red]error:[/] {message}")
    return typer.Exit(2)


@app.command()
def generate(
    level: Annotated[LevelName, typer.Option(help="Which deck: 3 stones or 4.")] = LevelName.normal,
    count: Annotated[int, typer.Option(min=1, max=500, help="How many cards.")] = 50,
    seed: Annotated[int, typer.Option(help="Deck seed (the committed decks use the default).")] = (
        DEFAULT_SEED
    ),
    node_limit: Annotated[
        int, typer.Option(min=10, help="Solver budget per task, in search nodes.")
    ] = NODE_LIMIT,
    out: Annotated[
        Path | None, typer.Option(help="Where to write the deck (default: tuki-LEVEL.json).")
    ] = None,
    compare: Annotated[
        bool, typer.Option(help="Compare with the committed deck of this level afterwards.")
    ] = False,
) -> None:
    """Make a deck: random structures, the acceptance rules, all six tasks solved."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    from rumizi.content.tuki.generator import GenerationStats, generate_deck
    from rumizi.games.tuki.cards import load_deck, save_deck
    from rumizi.games.tuki.geometry import TukiError

    path = out or Path(f"tuki-{level.value}.json")
    stats = GenerationStats()
    started = time.perf_counter()
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("attempts: {task.fields[attempts]}"),
        TimeElapsedColumn(),
        console=console(),
    ) as progress:
        bar = progress.add_task(f"{level.value} deck", total=count, attempts=0)

        def advance(cards: int, attempts: int) -> None:
            progress.update(bar, completed=cards, attempts=attempts)

        try:
            deck = generate_deck(level.value, count, seed, node_limit, advance, stats)
        except TukiError as error:
            raise fail(str(error)) from None
    elapsed = time.perf_counter() - started
    save_deck(deck, path)
    console().print(
        f"wrote {len(deck)} {level.value} cards to [bold]{path}[/] in {elapsed:.1f} s "
        f"({stats.attempts} attempts, {stats.solver_calls} solver runs, "
        f"{stats.solver_nodes} search nodes)"
    )
    from rich.table import Table

    table = Table("rejected because", "count", title="Rejections")
    for reason, n in sorted(stats.rejected.items(), key=lambda item: -item[1]):
        table.add_row(reason, str(n))
    console().print(table)
    if compare:
        committed = load_deck(level.value)
        same = [a.to_json() == b.to_json() for a, b in zip(deck, committed, strict=False)]
        if all(same):
            console().print(f"[green]identical[/] to the first {len(same)} committed cards")
        else:
            first = same.index(False)
            raise fail(f"differs from the committed deck at card {committed.cards[first].id}")


@app.command()
def check(
    level: Annotated[LevelName | None, typer.Option(help="Only this deck (default: both).")] = None,
    deck: Annotated[
        Path | None, typer.Option(help="Check this deck file instead of the committed decks.")
    ] = None,
) -> None:
    """Re-verify every stored witness build (arrangement, table rule, stability)."""
    from rumizi.games.tuki.cards import load_deck, read_deck

    try:
        if deck is not None:
            decks = [read_deck(deck)]
        else:
            levels = [level.value] if level else ["normal", "advanced"]
            decks = [load_deck(name) for name in levels]
    except (OSError, ValueError) as error:
        raise fail(str(error)) from None
    failures = 0
    from rich.table import Table

    table = Table("deck", "seed", "cards", "tasks", "wrong", "check median", "total")
    for one in decks:
        wrong, times, total = verify_deck(one)
        failures += wrong
        table.add_row(
            one.level,
            str(one.seed),
            str(len(one)),
            str(len(times)),
            f"[red]{wrong}[/]" if wrong else "0",
            f"{statistics.median(times) * 1e3:.2f} ms",
            f"{total:.2f} s",
        )
    console().print(table)
    if failures:
        raise fail(f"{failures} witness builds do not verify")
    console().print("[green]every witness verifies[/]")


def verify_deck(deck: Deck) -> tuple[int, list[float], float]:
    """Check each witness; print the wrong ones. Returns (wrong, per-task seconds, total)."""
    from rumizi.content.tuki.svg import told_in_english
    from rumizi.games.tuki.matching import match

    wrong = 0
    times: list[float] = []
    started = time.perf_counter()
    for card in deck:
        for task in card.tasks():
            t0 = time.perf_counter()
            result = match(card.witnesses[task.key], task)
            times.append(time.perf_counter() - t0)
            if not result.ok:
                wrong += 1
                console().print(f"[red]{card.id} {task.key}:[/] {told_in_english(result.problems)}")
    return wrong, times, time.perf_counter() - started


@app.command()
def show(
    card: Annotated[str, typer.Argument(help="Card id, e.g. N07 or A12.")],
    turn: Annotated[
        str, typer.Option(help="Which edge is at the bottom: 0, 90 (right) or 270 (left).")
    ] = "0",
    white: Annotated[bool, typer.Option("--white", help="The die shows the white square.")] = False,
    witness: Annotated[
        bool, typer.Option("--witness", help="Draw the stored witness build with its snow.")
    ] = False,
    out: Annotated[
        Path | None, typer.Option(help="Where to write the SVG (default: tuki-CARD-TURN.svg).")
    ] = None,
) -> None:
    """Write an SVG of a card, turned as the die says."""
    from rumizi.content.tuki.svg import card_svg
    from rumizi.games.tuki.cards import find_card
    from rumizi.games.tuki.geometry import TukiError
    from rumizi.games.tuki.matching import Rule, parse_turn

    try:
        found = find_card(card)
        angle = parse_turn(turn)
    except TukiError as error:
        raise fail(str(error)) from None
    rule: Rule = "white" if white else "plain"
    suffix = f"-{angle}" + ("-white" if white else "") + ("-witness" if witness else "")
    path = out or Path(f"tuki-{found.id}{suffix}.svg")
    path.write_text(card_svg(found, angle, rule, witness), encoding="utf-8")
    console().print(f"wrote [bold]{path}[/]")


@app.command()
def pictures(
    folder: Annotated[Path, typer.Argument(help="Folder to write the SVGs into.")] = Path(
        "docs/tuki"
    ),
) -> None:
    """Write the pictures of the docs: the statics reference cases and a few cards."""
    from rumizi.content.tuki.examples import EXAMPLES
    from rumizi.content.tuki.svg import build_svg, card_svg
    from rumizi.games.tuki.cards import load_deck
    from rumizi.games.tuki.statics import check_stability

    folder.mkdir(parents=True, exist_ok=True)
    for example in EXAMPLES:
        stability = check_stability(example.build)
        svg = build_svg(example.build, example.title, stability)
        (folder / f"statics-{example.name}.svg").write_text(svg, encoding="utf-8")
    normal = load_deck("normal")
    first = normal.cards[0]
    for turn in (0, 90, 270):
        (folder / f"card-{first.id}-{turn}.svg").write_text(card_svg(first, turn), "utf-8")
    (folder / f"card-{first.id}-0-white-witness.svg").write_text(
        card_svg(first, 0, "white", witness=True), "utf-8"
    )
    (folder / f"card-{first.id}-0-witness.svg").write_text(
        card_svg(first, 0, "plain", witness=True), "utf-8"
    )
    advanced = load_deck("advanced").cards[0]
    (folder / f"card-{advanced.id}-0.svg").write_text(card_svg(advanced, 0), "utf-8")
    console().print(f"wrote the pictures to [bold]{folder}[/]")
