"""``rumizi play`` full screen (Textual): the table, the log and the choices, redrawn in
place; see ``app.TableApp``."""

from __future__ import annotations

from collections.abc import Callable

from rumizi.bots import Bot
from rumizi.engine import Match

from .app import TableApp
from .steps import FLAT_MENU, Steps, split


def run_full_screen(
    match: Match,
    bots: list[Bot],
    lang: str,
    bot_seed: int,
    bidi: str,
    *,
    runner: Callable[[TableApp], None] | None = None,
) -> None:
    """Play ``match`` full screen until it ends or the person leaves."""
    app = TableApp(match, bots, lang, bot_seed, bidi=bidi)
    if runner is not None:
        runner(app)
    else:
        app.run()


__all__ = ["FLAT_MENU", "Steps", "TableApp", "run_full_screen", "split"]
