"""A game's rules for the help screen, in the game's language: the rules page the browser
shows (``web/rules/<game>.<lang>.html``), read as text — headings, paragraphs, numbered
and bulleted lists, and tables as one line per row."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from rich.text import Text

import rumizi

from ..i18n import digits

RULES = Path(rumizi.__file__).parent / "web" / "rules"
_BLOCKS = ("h1", "h2", "h3", "p", "li", "tr")


class _RulesText(HTMLParser):
    """The text of ``<main>``: one line per block, headings marked, links dropped."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.blocks: list[tuple[str, str]] = []
        self.inside_main = False
        self.block: str | None = None
        self.words: list[str] = []
        self.in_link = False
        self.numbers: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main":
            self.inside_main = True
        elif tag == "ol":
            self.numbers.append(0)
        elif tag == "ul":
            self.numbers.append(-1)
        elif tag == "a":
            self.in_link = True
        elif tag in ("td", "th") and self.words:
            self.words.append(" · ")
        elif tag in _BLOCKS and self.inside_main:
            self.block, self.words = tag, []

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self.inside_main = False
        elif tag in ("ol", "ul") and self.numbers:
            self.numbers.pop()
        elif tag == "a":
            self.in_link = False
        elif tag == self.block:
            text = " ".join("".join(self.words).split())
            if tag == "li" and self.numbers and self.numbers[-1] >= 0:
                self.numbers[-1] += 1
                text = f"{digits(self.numbers[-1], self.lang)}. {text}"
            elif tag == "li":
                text = f"• {text}"
            if text:
                self.blocks.append((tag, text))
            self.block = None

    def handle_data(self, data: str) -> None:
        if self.block is not None and not self.in_link:
            self.words.append(data)


def rules_text(game_id: str, lang: str) -> Text | None:
    """The rules of ``game_id`` in ``lang`` as Rich text, or ``None`` if it has no page."""
    page = RULES / f"{game_id}.{lang}.html"
    try:
        html = page.read_text(encoding="utf-8")
    except OSError:
        return None
    parser = _RulesText(lang)
    parser.feed(html)
    text = Text()
    for tag, line in parser.blocks:
        if tag == "h1":
            continue  # the help screen's title names the game already
        if text:
            text.append("\n\n" if tag in ("h2", "h3", "p") else "\n")
        text.append(line, style="bold" if tag in ("h2", "h3") else "")
    return text
