"""The table's moving keys: Up and Down between the choices, Page Up and Page Down
through the log (issue 36: the keys the help names)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App
from textual.binding import Binding

from .widgets import Choice, TableLog


class KeyedApp(App[None]):
    """An app whose main screen has choices (``#choices``) and a log (``#log``)."""

    BINDINGS: ClassVar = [
        Binding("up", "move_focus(-1)", show=False, priority=True),
        Binding("down", "move_focus(1)", show=False, priority=True),
        Binding("pageup", "scroll_log(-1)", show=False, priority=True),
        Binding("pagedown", "scroll_log(1)", show=False, priority=True),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The arrows and Page keys are the table's only while no panel is up (a panel
        scrolls with them)."""
        if action in ("move_focus", "scroll_log"):
            return len(self.screen_stack) == 1
        return True

    def action_move_focus(self, step: int) -> None:
        """Up and Down: the previous or next choice (round from the ends)."""
        buttons = list(self.query("#choices Choice").results(Choice))
        if not buttons:
            return
        at = buttons.index(self.focused) if self.focused in buttons else -step
        buttons[(at + step) % len(buttons)].focus()

    def action_scroll_log(self, pages: int) -> None:
        """Page Up and Page Down: the log, a page at a time (it follows the end again
        once scrolled back down)."""
        log = self.query_one("#log", TableLog)
        if pages < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)
