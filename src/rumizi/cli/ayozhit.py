"""``rumizi ayozhit …``: content tools for Ayozhit."""

import typer

app = typer.Typer(help="Ayozhit: contact sheet and similarity table.", no_args_is_help=True)
