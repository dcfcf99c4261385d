"""The full-screen table's widgets. Every word they show goes one way: ``Shown`` and
``Choice`` keep the text in its logical order and draw it through ``Bidi`` with the app's
mode (``--bidi``), so a Persian title, button, panel line or footer reads right to left
like the table and the log; ``flat`` does the same for the few plain strings Textual
draws itself (an input's placeholder)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.events import Resize
from textual.widgets import Button, RichLog, Static

from ..bidi import Bidi, shape


def mode_of(widget: Any) -> str:
    """The bidi mode of the app the widget is in (``none`` outside a table app)."""
    return str(getattr(widget.app, "bidi", "none"))


def as_text(content: RenderableType | str) -> RenderableType:
    """A string as plain text (never read as markup); anything else as it is."""
    return Text(content) if isinstance(content, str) else content


class Shown(Static):
    """Static content drawn in the app's text order. ``said`` is what it says (logical).
    Its lines fill the width (``fill``): a Persian line, or a table without a frame, ends
    at the right edge (a framed table keeps its place: its frame is not reordered)."""

    def __init__(
        self, content: RenderableType | str = "", *, fill: bool = True, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.said: RenderableType | str = content
        self.fill = fill

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        self.said = content
        self.refresh(layout=layout)

    def render(self) -> RenderableType:
        said = as_text(self.said)
        return Bidi(said, mode_of(self), fill=self.fill)

    @property
    def plain(self) -> str:
        """What it says, as plain text in logical order (for reading it back)."""
        said = self.said
        return said if isinstance(said, str) else getattr(said, "plain", "")


class Choice(Button):
    """A button whose label is drawn in the app's text order, cut with … when too long."""

    def __init__(self, label: str, **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.said = label

    def render(self) -> RenderableType:
        style = "bold reverse" if self.has_focus else ""
        label = ("▸ " if self.has_focus else "  ") + self.said  # the focus, marked
        text = Text(label, style=style, no_wrap=True, overflow="ellipsis", end="")
        return Bidi(text, mode_of(self), fill=True)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class TableLog(RichLog):
    """The log: each line kept, so a resize writes them again at the new width."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, min_width=20, **kwargs)
        self.said: list[Text] = []
        self._written_width = 0

    def say(self, text: Text) -> None:
        self.said.append(text)
        self.write(Bidi(text, mode_of(self), fill=True))

    def on_resize(self, event: Resize) -> None:
        """At a new width, every line is written again (RichLog keeps them as wrapped)."""
        width = self.scrollable_content_region.width
        if self.said and width != self._written_width:
            self.clear()
            for text in self.said:
                self.write(Bidi(text, mode_of(self), fill=True))
        self._written_width = width


def flat(text: str, mode: str) -> str:
    """A one-line string Textual draws itself, in display order for ``mode``."""
    return shape(text, mode)
