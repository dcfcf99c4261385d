"""``rumizi learn <game>``: the game's lesson at the full-screen table (``tui.lesson``);
a game the terminal does not play (Tuki) says where its lesson is."""

from __future__ import annotations

import sys

import typer

from rumizi import lessons

from .i18n import say
from .language import language
from .launch import game


def learn(game_id: str, lang: str | None, bidi: str) -> None:
    """Check, then play the lesson full screen (a terminal is needed)."""
    from .bidi import resolve as resolve_bidi
    from .render import renderer

    the_game = game(game_id)
    lang = language(lang)
    try:
        renderer(game_id)
    except KeyError:  # played only in the browser: its lesson too
        title = the_game.title.get(lang, game_id)
        typer.echo(say(lang, "learn_browser", game=title, id=game_id))
        raise typer.Exit(1) from None
    if not lessons.has(game_id):
        raise typer.BadParameter(f"{game_id} has no lesson yet", param_hint="GAME")
    try:
        shown = resolve_bidi(bidi, lang, terminal=sys.stdout.isatty())
    except ValueError as e:
        raise typer.BadParameter(str(e).split(": ", 1)[-1], param_hint="--bidi") from None
    from .tui.lesson import LessonApp

    LessonApp(game_id, lang, bidi=shown).run()
