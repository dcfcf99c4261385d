"""A line answered on the clock: the seconds left redrawn in place while the person types
(line mode's timed turns, e.g. an Ugha Bugha recitation).

The redrawn line never outgrows the terminal: a prompt too long to share the line with
the clock is printed once above it, and a long answer shows its end, so each redraw
replaces the line instead of wrapping into new ones.
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from .i18n import number

CLOCK_WORDS = {
    "en": {"left": "{secs} s left", "time_up": "Time is up!", "clock_off": ""},
    "fa": {"left": "{secs} ثانیه مانده", "time_up": "وقت تمام شد!", "clock_off": ""},
}
"""The clock's words."""


def in_place(console: Console, line: Text) -> None:
    """``line`` written without ending it (to be redrawn or erased): in display order
    for a Persian console, whose own ``print`` ends every line (issue 36)."""
    bidi = getattr(console, "bidi", "none")
    if bidi != "none":
        from .bidi import shape

        line = Text(shape(line.plain, bidi), style=line.style)
    Console.print(console, line, end="")


class Keys(Protocol):
    """Where keystrokes come from: the terminal, or a script in tests."""

    def session(self) -> Any:
        """A context manager for the time of one answer (e.g. unbuffered keys)."""

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for a key; True if one is ready."""

    def read(self) -> str:
        """One ready key ('' at the end of input)."""


class TerminalKeys:
    """Keys from standard input: one at a time on a terminal, else whole lines."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream or sys.stdin
        self.fd = self.stream.fileno()
        self.tty = os.isatty(self.fd)
        self._pending = ""

    @contextmanager
    def session(self) -> Iterator[None]:
        if not self.tty:
            yield
            return
        import termios
        import tty

        saved = termios.tcgetattr(self.fd)
        try:
            tty.setcbreak(self.fd)
            yield
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)

    def wait(self, seconds: float) -> bool:
        if self._pending:
            return True
        ready, _, _ = select.select([self.fd], [], [], max(0.0, seconds))
        return bool(ready)

    def read(self) -> str:
        if not self._pending:
            data = os.read(self.fd, 64)
            if not data:
                return ""
            self._pending = data.decode("utf-8", errors="replace")
        key, self._pending = self._pending[0], self._pending[1:]
        return key


class Countdown:
    """Reads an answer while showing the seconds left, redrawn every ``tick``.

    Returns the line typed, or ``None`` when the time runs out first. The line is erased
    once answered: what was typed (a recitation) does not stay on the screen. Where the
    output is no terminal (a pipe) or the input no real file (a test runner's), it asks
    plainly with ``ask``, showing the seconds left, and an answer that comes too late
    counts as none.
    """

    def __init__(
        self,
        console: Console,
        clock: Callable[[], float] = time.monotonic,
        lang: str = "en",
        keys: Keys | None = None,
        tick: float = 0.1,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.console = console
        self.clock = clock
        self.lang = lang
        self.keys = keys
        self.tick = tick
        self.ask = ask or console.input

    def __call__(self, prompt: str, seconds: float) -> str | None:
        if self.keys is None:
            if not self.console.is_terminal:
                return self.plain(prompt, seconds)  # no redrawn line into a pipe
            try:
                self.keys = TerminalKeys()
            except (AttributeError, OSError, ValueError):
                return self.plain(prompt, seconds)
        keys = self.keys
        end = self.clock() + seconds
        typed = ""
        if cell_len(self.clock_text(seconds) + prompt) + 12 > self.console.width:
            self.console.print(prompt.rstrip())  # once, above the redrawn line
            prompt = "› "
        with keys.session():
            while True:
                left = end - self.clock()
                if left <= 0:
                    self.erase()
                    return None
                self.draw(prompt, left, typed)
                if not keys.wait(min(self.tick, left)):
                    continue
                key = keys.read()
                if key in ("", "\x04"):
                    self.erase()
                    raise EOFError
                if key == "\x03":
                    self.erase()
                    raise KeyboardInterrupt
                if key in ("\n", "\r"):
                    self.erase()
                    return typed
                if key in ("\x7f", "\b"):
                    typed = typed[:-1]
                elif key.isprintable():
                    typed += key

    def plain(self, prompt: str, seconds: float) -> str | None:
        end = self.clock() + seconds
        secs = number(f"{seconds:.1f}", self.lang)
        answer = self.ask(f"⏳ {CLOCK_WORDS[self.lang]['left'].format(secs=secs)} {prompt}")
        return answer if self.clock() < end else None

    def clock_text(self, left: float) -> str:
        secs = number(f"{max(left, 0.0):.1f}", self.lang)
        return f"⏳ {CLOCK_WORDS[self.lang]['left'].format(secs=secs)} "

    def draw(self, prompt: str, left: float, typed: str) -> None:
        """The clock, the prompt and what is typed, on one line narrower than the terminal
        (a long answer shows its end)."""
        line = Text(self.clock_text(left), style="bold yellow")
        line.append(prompt)
        room = self.console.width - 1 - cell_len(line.plain)
        if cell_len(typed) > room:
            typed = "…" + typed[len(typed) - max(room - 1, 0) :]
        line.append(typed)
        self.console.file.write("\r\x1b[2K")
        in_place(self.console, line)
        self.console.file.flush()

    def erase(self) -> None:
        self.console.file.write("\r\x1b[2K")
        self.console.file.flush()
