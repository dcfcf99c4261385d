"""The full-screen table's panels: a round that ended, the help, leaving, and the totals."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button

from rumizi import games
from rumizi.engine import Outcome

from ..i18n import digits, number, say
from .rules import rules_text
from .widgets import Choice, Shown


def _lang(screen: ModalScreen[Any]) -> str:
    return str(getattr(screen.app, "lang", "en"))


def fit_body(screen: ModalScreen[Any]) -> None:
    """Give the panel's scrolling body the height of what it holds, at most what leaves
    the title and the button on the screen (Textual would size an auto-height panel by its
    body's whole content, past the screen's edge)."""
    for body in screen.query(".panel-body"):
        natural = body.virtual_size.height
        room = max(3, screen.size.height - 8)
        if natural:
            body.styles.height = min(natural, room)


class RoundOver(ModalScreen[None]):
    """A round's end: the round that ended, scrollable, waiting for Enter (Continue)."""

    BINDINGS: ClassVar = [Binding("enter,space", "dismiss_panel", show=False)]

    def __init__(self, lines: list[RenderableType]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        lang = _lang(self)
        with Vertical(classes="panel"):
            yield Shown(Text(say(lang, "tui_round_over"), style="bold"), classes="panel-title")
            with VerticalScroll(classes="panel-body"):
                for line in _pieces(self.lines):
                    yield Shown(line, classes="panel-line")
            yield Choice(say(lang, "tui_continue"), id="continue", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#continue", Button).focus()
        self.call_after_refresh(fit_body, self)

    def on_resize(self) -> None:
        fit_body(self)

    @on(Button.Pressed, "#continue")
    def action_dismiss_panel(self) -> None:
        self.dismiss(None)


def _pieces(lines: list[RenderableType]) -> list[RenderableType]:
    """Groups taken apart, so that each text fills the width (and a Persian one ends at
    the right edge) while each table keeps its own width."""
    out: list[RenderableType] = []
    for line in lines:
        if isinstance(line, Group):
            out += _pieces(list(line.renderables))
        else:
            out.append(line)
    return out


class HelpScreen(ModalScreen[None]):
    """The keys, then the game's rules in the game's language; Escape, Enter or ? closes."""

    BINDINGS: ClassVar = [
        Binding("escape,enter,question_mark,؟,f1,q,ض", "close", show=False, priority=True)
    ]

    def __init__(self, game_id: str, lang: str) -> None:
        super().__init__()
        self.game_id, self.lang = game_id, lang

    def compose(self) -> ComposeResult:
        description = games.describe(self.game_id)
        title = description.title.get(self.lang, self.game_id)
        body: list[RenderableType] = [
            Text(say(self.lang, "tui_help_keys"), style="bold"),
            Text(say(self.lang, "tui_help_lines")),
            Text(""),
            Text(say(self.lang, "tui_help_rules"), style="bold"),
            Text(description.pitch.get(self.lang, ""), style="italic"),
        ]
        rules = rules_text(self.game_id, self.lang)
        if rules is not None:
            body += [Text(""), rules]
        with Vertical(classes="panel"):
            yield Shown(
                Text(say(self.lang, "tui_help", title=title), style="bold"), classes="panel-title"
            )
            with VerticalScroll(classes="panel-body", id="help-body"):
                yield Shown(Group(*body), classes="panel-line")
            yield Choice(say(self.lang, "tui_close"), id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#help-body", VerticalScroll).focus()
        self.call_after_refresh(fit_body, self)

    def on_resize(self) -> None:
        fit_body(self)

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


class PauseScreen(ModalScreen[None]):
    """The game paused (P): no clock runs and no bot moves until any key."""

    def compose(self) -> ComposeResult:
        lang = _lang(self)
        with Vertical(classes="panel small"):
            yield Shown(Text(say(lang, "tui_paused"), style="bold"), classes="panel-title")
            yield Choice(say(lang, "tui_continue"), id="resume", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#resume", Button).focus()

    def on_key(self, event: Any) -> None:
        event.stop()
        self.dismiss(None)

    @on(Button.Pressed, "#resume")
    def resume(self) -> None:
        self.dismiss(None)


class LeaveScreen(ModalScreen[bool]):
    """ "Leave the game?" — Leave (y) or Stay (n, Escape)."""

    BINDINGS: ClassVar = [
        Binding("y,غ", "answer(True)", show=False),
        Binding("n,د,escape", "answer(False)", show=False),
    ]

    def __init__(self, question: str = "tui_leave_ask") -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        lang = _lang(self)
        with Vertical(classes="panel small"):
            yield Shown(Text(say(lang, self.question), style="bold"), classes="panel-title")
            with Horizontal(classes="buttons"):
                yield Choice(say(lang, "tui_leave_yes"), id="yes", variant="error")
                yield Choice(say(lang, "tui_leave_no"), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)


def final_totals(outcome: Outcome, names: list[str], lang: str) -> Table:
    """Every player's total and rank at the game's end, the winners starred."""
    totals = Table(title=say(lang, "tui_totals"))
    for key in ("tui_player", "tui_score", "tui_rank"):
        totals.add_column(say(lang, key))
    for seat in sorted(range(len(names)), key=lambda s: outcome.ranks[s]):
        won = seat in outcome.winners
        totals.add_row(
            Text(names[seat] + (" ★" if won else ""), style="bold" if won else ""),
            number(f"{outcome.scores[seat]:g}", lang),
            digits(outcome.ranks[seat], lang),
        )
    return totals
