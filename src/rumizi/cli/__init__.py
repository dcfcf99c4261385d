"""The ``rumizi`` command: play, simulate, and per-game tools (``rumizi tuki``, ``rumizi ayozhit``)."""

from __future__ import annotations

import typer

from . import ayozhit, tuki

app = typer.Typer(
    name="rumizi",
    help="Rumizi (رومیزی): a digital tabletop. Play in the terminal, simulate bots, build content.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(tuki.app, name="tuki")
app.add_typer(ayozhit.app, name="ayozhit")


def main() -> None:
    app()
