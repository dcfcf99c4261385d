"""Shared pieces of the full-screen table's pilot tests: building a table, reading the
screen line by line, and finding Persian that reads backwards."""

from __future__ import annotations

import html
import json
import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from typing import Any

from rich.console import Console
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import RichLog

from rumizi import games
from rumizi.bots import make
from rumizi.cli import i18n
from rumizi.cli.countdown import CLOCK_WORDS
from rumizi.cli.render import renderer
from rumizi.cli.tui import TableApp
from rumizi.cli.tui.rules import RULES
from rumizi.engine import Match

CELL = 12.2
"""Width of one cell in Textual's SVG screenshot."""
_TEXT = re.compile(r'<text[^>]*?x="([\d.]+)"[^>]*?line-(\d+)\)">(.*?)</text>', flags=re.S)


def table(
    game_id: str, players: int, lang: str, bidi: str = "none", seed: int = 3, **kw: Any
) -> TableApp:
    """A table for one person against bots of the game's own level, bots moving at once."""
    options = kw.pop("options", {})
    match = Match(games.load(game_id), players, seed=seed, options=options)
    level = games.describe(game_id).solo_level
    bots = [make(game_id, level) for _ in range(players - 1)]
    return TableApp(match, bots, lang, 5, bidi=bidi, bot_delay=kw.pop("bot_delay", 0), **kw)


def screen_lines(app: TableApp) -> list[str]:
    """The screen as it is now, one string per row (from Textual's own screenshot)."""
    rows: dict[int, list[tuple[float, str]]] = {}
    for x, line, text in _TEXT.findall(app.export_screenshot()):
        rows.setdefault(int(line), []).append((float(x), html.unescape(text)))
    height = app.size.height
    lines = []
    for row in range(height):
        line = ""
        for x, text in sorted(rows.get(row, [])):
            column = round(x / CELL) - 1
            line = line.ljust(column) + text.replace("\xa0", " ")
        lines.append(line.rstrip())
    return lines


def screen_text(app: TableApp) -> str:
    return "\n".join(screen_lines(app))


def widget_lines(widget: Widget) -> list[str]:
    """What one widget draws, all of it (a scrolled-away part too), as text rows."""
    if isinstance(widget, RichLog):
        return [strip.text for strip in widget.lines]
    width, height = widget.outer_size
    if not width or not height:
        return []
    return [strip.text for strip in widget.render_lines(Region(0, 0, width, height))]


def drawn(app: TableApp) -> Iterator[tuple[Widget, list[str]]]:
    """Every widget of every screen on the stack, with what it draws."""
    for screen in app.screen_stack:
        for widget in screen.walk_children(with_self=False):
            if widget.display:
                yield widget, widget_lines(widget)


class FakeClock:
    """Time the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# ------------------------------------------------------------ Persian order
def _persian_words(text: str) -> list[str]:
    """The Persian words of ``text``: runs of Arabic-script letters and marks (with ZWNJ)."""
    words, word = [], ""
    for char in text:
        arabic = "\u0600" <= char <= "\u06ff" or "\ufb50" <= char <= "\ufeff"
        if char == "\u200c" or (arabic and unicodedata.category(char) in ("Lo", "Mn")):
            word += char
            continue
        if word.strip("\u200c"):
            words.append(word.strip("\u200c"))
        word = ""
    if word.strip("\u200c"):
        words.append(word.strip("\u200c"))
    return words


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


@cache
def persian_vocabulary() -> frozenset[str]:
    """Every Persian word the terminal may show, in its stored (logical) order."""
    texts: list[str] = []
    texts += _strings(i18n.WORDS["fa"])
    texts += _strings(CLOCK_WORDS["fa"])
    for game_id in games.ids():
        texts += _strings(json.dumps(games.describe(game_id).to_json(), ensure_ascii=False))
        texts += _strings(dict(games.texts(game_id).CATALOGUE["fa"]))
        page = RULES / f"{game_id}.fa.html"
        if page.exists():
            texts.append(page.read_text(encoding="utf-8"))
        try:
            module = renderer(game_id)
        except KeyError:
            continue
        texts += _strings(dict(module.words.get("fa", {})))
    words: set[str] = set()
    for text in texts:
        words.update(_persian_words(text))
    return frozenset(words)


def backwards(lines: list[str], extra: frozenset[str] = frozenset()) -> list[str]:
    """The Persian words of ``lines`` (as shown by a terminal that does not reorder) that
    read backwards: known as stored, unknown reversed — never reordered for display."""
    known = persian_vocabulary() | extra
    found = []
    for line in lines:
        for word in _persian_words(line):
            if len(word) > 1 and word in known and word[::-1] not in known:
                found.append(f"{word!r} in {line.strip()!r}")
    return found


def rendered(renderable: Any, width: int = 40) -> list[str]:
    console = Console(width=width, color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get().splitlines()
