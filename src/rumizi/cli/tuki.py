"""``rumizi tuki …``: card generation, checking and pictures for Tuki."""

import typer

app = typer.Typer(help="Tuki: generate, check and show the card decks.", no_args_is_help=True)
