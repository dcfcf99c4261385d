"""Per-game terminal presentation: each game played in the terminal has a module here,
named in its registration (``games.register(..., terminal=...)``), whose ``RENDERER`` is a
``Renderer`` (below): what every game draws, and the optional hooks with their defaults.

The words of events and actions come from the game's text catalogue (``told`` and
``action_told`` below), the same the browser uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table

from rumizi import games
from rumizi.engine import Action
from rumizi.engine.texts import Formatter, addressed


def _no_typing(
    text: str, view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> list[Action]:
    raise ValueError("this game is played from a menu")


@dataclass(frozen=True)
class Renderer:
    """A game's terminal presentation. Every game draws:

    - ``board(view, names, lang, *, compact=False, with_hand=True)``: the table, a Rich
      renderable (``compact`` for a small screen);
    - ``hand(view, names, lang, *, compact=False)``: your hand alone, or ``None``;
    - ``action_text(action, view, names, lang)``: how a legal action reads;
    - ``event_text(event, view, names, lang)``: what an event says (``None``: quiet).

    The optional hooks (``None``: the game has none, and the faces do without):

    - ``round_result(event, names, lang)``: a ``round_over`` event as a table (what the
      round that ended showed and brought);
    - ``text_input(view, legal, names, lang, *, compact=False)`` → ``(help, prompt)`` or
      ``None``: ask for a line of text instead of a menu, which ``parse_input(text, view,
      legal, names, lang)`` turns into the actions to apply in order (``ValueError``:
      ask again); ``typed_answer(actions, view, legal, names, lang)`` is the line it reads
      as ``actions`` (what a lesson says to type);
    - ``flash_text(event, view, names, lang)``: events shown for a moment, then erased (a
      recitation); a game that has them is narrated live;
    - ``choice_text(key, value, view, names, lang)``: a step's choice in words;
    - ``card(card, lang)``: a card's name, for a step that chooses a card;
    - ``retold(event, view, names, lang)``: an event as a replay tells it, where that
      says more than the table's log (which is no memory aid): the card flipped;
    - ``words``: the renderer's own words (``{"fa": {...}, "en": {...}}``).
    """

    board: Callable[..., RenderableType]
    hand: Callable[..., RenderableType | None]
    action_text: Callable[[dict[str, Any], dict[str, Any], list[str], str], str]
    event_text: Callable[[dict[str, Any], dict[str, Any], list[str], str], str | None]
    round_result: Callable[[dict[str, Any], list[str], str], RenderableType] | None = None
    text_input: Callable[..., tuple[RenderableType, str] | None] | None = None
    parse_input: Callable[[str, dict[str, Any], list[Action], list[str], str], list[Action]] = (
        _no_typing
    )
    typed_answer: Callable[..., str] | None = None
    flash_text: Callable[[dict[str, Any], dict[str, Any], list[str], str], str | None] | None = None
    choice_text: Callable[..., str | None] | None = None
    card: Callable[[Any, str], str] | None = None
    retold: Callable[[dict[str, Any], dict[str, Any], list[str], str], str | None] | None = None
    words: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


def renderer(game_id: str) -> Renderer:
    """The terminal renderer of ``game_id`` (its record's); ``KeyError`` saying where to
    play a game that has none (Tuki is a 3D table: it is played in the browser)."""
    found = games.record(game_id).terminal
    if not isinstance(found, Renderer):
        title = games.load(game_id).title.get("en", game_id)
        raise KeyError(
            f"{title} is played in the browser: start the server with `rumizi serve` "
            "and open http://127.0.0.1:8000/"
        )
    return found


def told(
    texts: ModuleType, event: dict[str, Any], view: dict[str, Any], names: Sequence[str], lang: str
) -> str | None:
    """What ``event`` says to the view's seat, from the game's catalogue (``None``: quiet)."""
    me = view.get("seat")
    ref = texts.event_message(event, me)
    return None if ref is None else Formatter(texts.CATALOGUE, lang, names)(addressed(ref, me))


def action_told(
    texts: ModuleType, action: dict[str, Any], view: dict[str, Any], names: Sequence[str], lang: str
) -> str:
    """How a legal action reads, from the game's catalogue."""
    return Formatter(texts.CATALOGUE, lang, names)(texts.action_message(action, view))


def frameless() -> Table:
    """A table without a frame (a line under its heading), for compact boards and panels:
    its rows take one line each and read right to left as a whole in Persian."""
    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
