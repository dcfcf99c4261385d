"""The full-screen table's rules loop and its clock, which can be held: while the help,
the leave question or the pause is up, no clock runs and no bot moves (issue 36)."""

from __future__ import annotations

import io
from collections.abc import Callable

from rich.console import Console

from rumizi.bots import Bot
from rumizi.engine import Match

from ..play import TerminalTable


class HeldClock:
    """A monotonic clock that stands still while held: the time it was held is never
    counted, so a phase's seconds left are as they were when it was held."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.real = clock
        self.held_at: float | None = None
        self.held_for = 0.0

    def __call__(self) -> float:
        now = self.real() if self.held_at is None else self.held_at
        return now - self.held_for

    @property
    def held(self) -> bool:
        return self.held_at is not None

    def hold(self) -> None:
        if self.held_at is None:
            self.held_at = self.real()

    def release(self) -> None:
        if self.held_at is not None:
            self.held_for += self.real() - self.held_at
            self.held_at = None


class ScreenTable(TerminalTable):
    """The line mode's rules loop, with its printing left out: the app draws instead."""

    def __init__(
        self, match: Match, bots: list[Bot], lang: str, bot_seed: int, clock: HeldClock
    ) -> None:
        quiet = Console(file=io.StringIO())
        super().__init__(match, 1, bots, lang, quiet, lambda _prompt: "", bot_seed, clock=clock)
        self.held_clock = clock
