"""``rumizi play`` full screen (Textual): the table, the log and the choices, redrawn in
place; see ``app.TableApp``."""

from __future__ import annotations

from .app import TableApp, run_full_screen
from .steps import FLAT_MENU, Steps, split

__all__ = ["FLAT_MENU", "Steps", "TableApp", "run_full_screen", "split"]
