"""Persian in terminals: reorder right-to-left text for terminals that cannot.

A terminal shows characters in the order they are written, left to right, unless it
implements the Unicode bidirectional algorithm itself. Most do not: there every Persian
word reads backwards. ``--bidi`` says who reorders:

- ``on``: Rumizi does (python-bidi), and the terminal must not. Lines are reordered
  piece by piece *between* the frame's borders, so a table keeps its borders and columns
  where they are while the Persian inside each cell reads right to left.
- ``off``: the terminal does (Konsole, mlterm, VTE-based terminals such as GNOME
  Terminal, mintty). Every line then starts with a left-to-right mark, so the terminal
  keeps the frame and the columns in their places and reorders only the Persian runs
  inside them.
- ``auto`` (default): ``off`` where the terminal is known to reorder by itself, else
  ``on`` for Persian; output that is no terminal keeps the stored order. English is
  never touched.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

MODES = ("auto", "on", "off")
LRM = "\u200e"
ZWNJ = "\u200c"
_ZWNJ_STAND_IN = "\u06ff"
"""ARABIC LETTER HEH WITH INVERTED V: right to left like a letter, and unused in Persian."""
_RULE = set("─━═ ")
_FRAME = set("│┃║┆┊╎╏|─━═┌┐└┘├┤┬┴┼╭╮╯╰╔╗╚╝╠╣╦╩╬┏┓┗┛┣┫┳┻╋")


def terminal_reorders(env: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal we run in is known to apply the bidirectional algorithm."""
    env = os.environ if env is None else env
    if env.get("KONSOLE_VERSION") or env.get("MLTERM"):
        return True
    if env.get("TERM_PROGRAM", "").lower() == "mintty":
        return True
    vte = env.get("VTE_VERSION", "")
    return vte.isdigit() and int(vte) >= 5800  # VTE 0.58 brought BiDi, on by default


def resolve(
    mode: str, lang: str, env: Mapping[str, str] | None = None, *, terminal: bool = True
) -> str:
    """``on`` (we reorder), ``off`` (the terminal does), or ``none`` (text as stored).

    Output that is no terminal (a file, a pipe, a screen reader's feed) keeps the stored,
    logical order under ``auto``: reordering is for eyes on a screen."""
    if mode not in MODES:
        raise ValueError(f"--bidi must be one of {', '.join(MODES)}, not {mode!r}")
    if lang != "fa" or (mode == "auto" and not terminal):
        return "none"
    if mode == "auto":
        return "off" if terminal_reorders(env) else "on"
    return mode


def _is_rtl(char: str) -> bool:
    return "\u0590" <= char <= "\u08ff" or "\ufb1d" <= char <= "\ufeff"


def has_rtl(text: str) -> bool:
    return any(_is_rtl(c) for c in text)


def _is_frame(text: str) -> bool:
    return bool(text.strip()) and all(c in _FRAME or c.isspace() for c in text)


def visual(text: str) -> str:
    """``text`` in display order for a terminal that does not reorder (one line), its
    brackets and guillemets mirrored where they read right to left: "بارون (۳)" shows as
    "(۳) نوراب". (python-bidi's Rust ``get_display`` leaves them unmirrored, ")۳(";
    its Python algorithm mirrors them, but drops the zero-width non-joiner of «کارت‌ها»,
    which therefore stands in as a letter no Persian text uses while it reorders.)"""
    from bidi.algorithm import get_display

    if not has_rtl(text):
        return text
    leading = len(text) - len(text.lstrip(" "))
    trailing = len(text) - len(text.rstrip(" "))
    core = text.strip(" ").replace(ZWNJ, _ZWNJ_STAND_IN)
    shown: str = get_display(core, base_dir="R").replace(_ZWNJ_STAND_IN, ZWNJ)
    # Right to left, the padding that followed the words now comes before them.
    return " " * trailing + shown + " " * leading


def shape(text: str, mode: str) -> str:
    """One line as a terminal in ``mode`` should be given it: in display order (``on``),
    marked left to right so the terminal keeps the line's frame (``off``), or as it is.
    For the few plain strings drawn without Rich (an input's placeholder, a prompt)."""
    if mode == "on":
        return visual(text)
    if mode == "off" and has_rtl(text):
        return LRM + text
    return text


def reorder_line(segments: list[Segment]) -> list[Segment]:
    """One screen line, reordered between its frame characters (see the module doc). A
    line that is only a rule (a frameless table's line under its heading) and its padding
    is mirrored whole: it goes where the rows of its table go."""
    if "".join(s.text for s in segments).strip(" ") and all(
        set(s.text) <= _RULE for s in segments if not s.control
    ):
        return [Segment(s.text[::-1], s.style, s.control) for s in reversed(segments)]
    out: list[Segment] = []
    run: list[Segment] = []

    def flush() -> None:
        if not run:
            return
        text = "".join(s.text for s in run)
        if has_rtl(text):
            # The run reads right to left: its pieces swap places, each reordered inside.
            for seg in reversed(run):
                out.append(Segment(_flip(seg.text), seg.style, seg.control))
        else:
            out.extend(run)
        run.clear()

    for seg in segments:
        if seg.control or _is_frame(seg.text):
            flush()
            out.append(seg)
        else:
            run.append(seg)
    flush()
    return out


def _flip(text: str) -> str:
    """A piece of a right-to-left run: Persian reordered; a number or a Latin word keeps
    its own order, the spaces around it changing sides (" ◀" after a name goes before it)."""
    if has_rtl(text):
        return visual(text)
    core = text.strip(" ")
    if not core:
        return text
    leading = len(text) - len(text.lstrip(" "))
    trailing = len(text) - len(text.rstrip(" "))
    return " " * trailing + core + " " * leading


class Bidi:
    """Wraps any Rich renderable so that it comes out right for ``mode`` (see ``resolve``).

    ``fill`` (with ``on``): the renderable takes the whole width and each of its lines
    is padded to it before it is reordered, so a Persian paragraph or button ends at the
    right edge, where its reader starts. Tables and groups are not filled: a frame keeps
    its place and a table without one reads right to left within its own width."""

    def __init__(self, renderable: RenderableType, mode: str, *, fill: bool = False) -> None:
        self.renderable = renderable
        self.mode = mode
        self.fill = fill and mode == "on"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.mode == "none":
            yield self.renderable
            return
        lines = console.render_lines(self.renderable, options, pad=self.fill)
        for line in lines:
            if self.mode == "on":
                yield from reorder_line(line)
            else:
                yield Segment(LRM)
                yield from line
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        inner = Measurement.get(console, options, self.renderable)
        return Measurement(inner.minimum, options.max_width) if self.fill else inner


class BidiConsole(Console):
    """A Rich console whose printed output is made right for a bidi mode (line mode)."""

    def __init__(self, *args: Any, bidi: str = "none", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bidi = bidi

    def print(self, *objects: Any, **kwargs: Any) -> None:
        if self.bidi == "none" or not objects:
            super().print(*objects, **kwargs)
            return
        sep = kwargs.pop("sep", " ")
        parts: Iterable[RenderableType] = (
            Text.from_markup(o) if isinstance(o, str) else o for o in objects
        )
        joined: list[RenderableType] = list(parts)
        if all(isinstance(p, Text) for p in joined) and len(joined) > 1:
            text = Text(sep).join(p for p in joined if isinstance(p, Text))
            joined = [text]
        for part in joined:
            super().print(Bidi(part, self.bidi), **kwargs)

    def input(self, prompt: Any = "", **kwargs: Any) -> str:
        """Ask on one line: the prompt in display order, the answer typed after it.

        The prompt is written here, once (``print`` would reorder it a second time, back
        to the stored order, and end the line before the answer)."""
        if self.bidi == "none" or not prompt:
            return super().input(prompt, **kwargs)
        text = Text.from_markup(prompt) if isinstance(prompt, str) else Text(str(prompt))
        Console.print(self, Text(shape(text.plain, self.bidi)), end="")
        return super().input("", **kwargs)
