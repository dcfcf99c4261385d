"""``rumizi play`` full screen: the table, the log and the choices, redrawn in place.

Built with Textual. The rules loop is the line mode's (``TerminalTable``: clocks, bots
that hear, timeouts); this module only draws. A choice is made in steps — the card, then
its target, then the guess — so a long menu never pushes the table off the screen: the
legal actions are split on the first field in which they differ, and a step that leaves
one action names it whole. Digits (Latin or Persian) pick, Escape goes back a step, ``q``
(``ض`` on the Persian layout) leaves. A round's end waits in a panel for "Continue"; the
game's end shows everyone's totals.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Header, Input, RichLog, Static

from rumizi.bots import Bot
from rumizi.engine import Action, Match

from .bidi import Bidi
from .i18n import digits, number, say
from .play import CLOCK_WORDS, TerminalTable

_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")
QUIT_KEYS = ("q", "ض")
"""Leave: q, and the key in q's place on the Persian layout."""
SEAT_KEYS = ("target", "seat", "player", "partner")
CARD_KEYS = ("card", "guess")
FLAT_MENU = 7
"""Up to this many actions are listed whole; more are chosen in steps."""

_MISSING = object()


# ---------------------------------------------------------------- choice steps
def split(actions: Sequence[Action]) -> tuple[str | None, list[tuple[Any, list[Action]]]]:
    """The first field in which ``actions`` differ, and the actions grouped by its value
    (in the order they come). ``(None, [(None, actions)])`` when they do not differ."""
    keys: list[str] = []
    for action in actions:
        keys.extend(k for k in action if k not in keys)
    for key in keys:
        groups: dict[str, tuple[Any, list[Action]]] = {}
        for action in actions:
            value = action.get(key, _MISSING)
            groups.setdefault(repr(value), (value, []))[1].append(action)
        if len(groups) > 1:
            return key, list(groups.values())
    return None, [(None, list(actions))]


class Steps:
    """A choice among legal actions, narrowed one field at a time."""

    def __init__(self, legal: Sequence[Action]) -> None:
        self.path: list[list[Action]] = [list(legal)]

    @property
    def candidates(self) -> list[Action]:
        return self.path[-1]

    def options(self) -> tuple[str | None, list[tuple[Any, list[Action]]]]:
        """The field asked now (``None``: whole actions) and the choices."""
        candidates = self.candidates
        if len(self.path) == 1 and len(candidates) <= FLAT_MENU:
            return None, [(None, [a]) for a in candidates]
        key, groups = split(candidates)
        if key is None:
            return None, [(None, [a]) for a in candidates]
        return key, groups

    def narrow(self, actions: list[Action]) -> Action | None:
        """Take a choice: the action when one is left, else ``None`` (another step)."""
        if len(actions) == 1:
            return actions[0]
        self.path.append(actions)
        return None

    def back(self) -> bool:
        if len(self.path) == 1:
            return False
        self.path.pop()
        return True


# ------------------------------------------------------------------ the driver
class ScreenTable(TerminalTable):
    """The line mode's rules loop, with its printing left out: the app draws instead."""

    def __init__(self, match: Match, bots: list[Bot], lang: str, bot_seed: int) -> None:
        quiet = Console(file=io.StringIO())
        super().__init__(match, 1, bots, lang, quiet, lambda _prompt: "", bot_seed)


# ---------------------------------------------------------------------- panels
class RoundOver(ModalScreen[None]):
    """A round's end: what happened, waiting for the person to go on."""

    BINDINGS: ClassVar = [Binding("enter", "dismiss_panel", show=False)]

    def __init__(self, title: str, lines: list[RenderableType], button: str) -> None:
        super().__init__()
        self.title_text, self.lines, self.button = title, lines, button

    def compose(self) -> ComposeResult:
        with Vertical(id="panel"):
            yield Static(self.title_text, id="panel-title")
            for line in self.lines:
                yield Static(line, classes="panel-line")
            yield Button(self.button, id="continue", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#continue", Button).focus()

    @on(Button.Pressed, "#continue")
    def action_dismiss_panel(self) -> None:
        self.dismiss(None)


class TableApp(App[None]):
    """One person (seat 0) against bots, full screen."""

    CSS = """
    #main { height: 1fr; }
    #board-scroll { width: 3fr; }
    #board { padding: 0 1; }
    #log { width: 2fr; border-left: solid $primary; padding: 0 1; }
    #status { height: auto; padding: 0 1; text-style: bold; }
    #clock { height: auto; padding: 0 1; color: $warning; }
    #flash { height: auto; padding: 0 1; text-style: bold; color: $accent; }
    #choices { height: auto; max-height: 16; padding: 0 1; }
    #choices Button { width: 100%; height: 1; border: none; margin: 0;
                      content-align: left middle; text-align: start; }
    #choices Button:focus { text-style: bold reverse; }
    #answer { display: none; }
    #answer.shown { display: block; }
    #panel { width: 80%; height: auto; padding: 1 2; border: thick $primary;
             background: $surface; }
    RoundOver { align: center middle; }
    #panel-title { text-style: bold; margin-bottom: 1; }
    """
    BINDINGS: ClassVar = [
        Binding("q", "leave", "Quit", show=False),
        Binding("ض", "leave", "Quit", show=False),
        Binding("escape", "step_back", "Back", show=False),
    ]

    def __init__(
        self,
        match: Match,
        bots: list[Bot],
        lang: str,
        bot_seed: int,
        *,
        bidi: str = "none",
        bot_delay: float = 0.5,
        flash_seconds: float = 1.2,
    ) -> None:
        super().__init__()
        self.table = ScreenTable(match, bots, lang, bot_seed)
        self.match = match
        self.lang = lang
        self.bidi = bidi
        self.bot_delay = bot_delay
        self.flash_seconds = flash_seconds
        self.render_module = self.table.render
        self.names = self.table.names
        self.logged = 0
        self.steps: Steps | None = None
        self.choice_actions: list[list[Action]] = []
        self.waiting_panel = False
        self.left = False

    # --------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="")
        with Horizontal(id="main"):
            with VerticalScroll(id="board-scroll"):
                yield Static(id="board")
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(id="flash")
        yield Static(id="clock")
        yield Static(id="status")
        yield Input(id="answer")
        yield VerticalScroll(id="choices")

    def on_mount(self) -> None:
        title = self.match.game.title
        self.title = title.get(self.lang, self.match.game.id)
        self.set_interval(0.1, self.tick)
        self.call_later(self.advance)

    def show(self, renderable: RenderableType) -> RenderableType:
        return Bidi(renderable, self.bidi)

    def words(self, key: str, **values: Any) -> str:
        return say(self.lang, key, **values)

    # ------------------------------------------------------------- the loop
    def advance(self) -> None:
        """Let bots and the clock play until the person must choose or the game ends."""
        if self.left or self.waiting_panel:
            return
        self.refresh_table()
        if self.match.over:
            self.show_final()
            return
        acting = sorted(self.match.to_act())
        if not acting:
            self.status(self.words("tui_waiting"))
            self.clear_choices()
            return  # the clock (tick) applies the timeout
        if 0 in acting:
            self.ask_person()
            return
        self.clear_choices()
        self.status(self.words("tui_waiting_for", name=self.names[acting[0]]))
        self.table.bot_turn(acting[0])
        self.after_move()

    def after_move(self) -> None:
        self.refresh_table()
        if self.round_panel():
            return
        if self.bot_delay > 0 and not self.match.over and 0 not in self.match.to_act():
            self.set_timer(self.bot_delay, self.advance)
        else:
            self.call_later(self.advance)

    def tick(self) -> None:
        """The countdown, redrawn from the phase's start; a timeout when it runs out."""
        clocks = self.query("#clock")
        if not clocks:
            return  # the table is closing (or a panel's screen is on top)
        clock = clocks.first(Static)
        if self.left or self.match.over or self.waiting_panel:
            clock.update("")
            return
        left = self.table.time_left()
        if left is None:
            clock.update("")
            return
        secs = number(f"{max(left, 0.0):.1f}", self.lang)
        clock.update(self.show(Text("⏳ " + CLOCK_WORDS[self.lang]["left"].format(secs=secs))))
        if left <= 0:
            self.match.timeout()
            self.log_line(Text(CLOCK_WORDS[self.lang]["time_up"], style="bold red"))
            self.after_move()

    # ------------------------------------------------------------- drawing
    def refresh_table(self) -> None:
        view = self.match.view(0)
        self.query_one("#board", Static).update(
            self.show(self.render_module.board(view, self.names, self.lang))
        )
        events = self.match.events
        flash_text = getattr(self.render_module, "flash_text", None)
        for event in events[self.logged :]:
            if not event.visible_to(0):
                continue
            data = event.to_json()
            fleeting = flash_text(data, view, self.names, self.lang) if flash_text else None
            if fleeting:
                self.flash(fleeting)
                continue
            text = self.render_module.event_text(data, view, self.names, self.lang)
            if text:
                self.log_line(Text("• " + text))
        self.logged = len(events)

    def flash(self, text: str) -> None:
        """Show a fleeting line (a word of a recitation, heard once) and let it fade: it
        never enters the log, which is no memory aid."""
        shown = self.query_one("#flash", Static)
        shown.update(self.show(Text(text)))
        self.flashed = text
        self.set_timer(self.flash_seconds, lambda: self._fade(text))

    def _fade(self, text: str) -> None:
        if self.flashed == text and self.query("#flash"):
            self.query_one("#flash", Static).update("")
            self.flashed = ""

    flashed = ""

    def log_line(self, text: Text) -> None:
        self.query_one("#log", RichLog).write(self.show(text))

    def status(self, text: str) -> None:
        self.query_one("#status", Static).update(self.show(Text(text)))

    def clear_choices(self) -> None:
        self.query_one("#choices", VerticalScroll).remove_children()
        answer = self.query_one("#answer", Input)
        answer.remove_class("shown")
        self.choice_actions = []

    # ------------------------------------------------------------- choosing
    def ask_person(self) -> None:
        view = self.match.view(0)
        legal = self.match.legal(0)
        self.status(self.words("your_turn", name=self.names[0]))
        text_input = getattr(self.render_module, "text_input", None)
        wanted = text_input(view, legal, self.names, self.lang) if text_input else None
        if wanted is not None:
            self.ask_text(*wanted)
            return
        self.steps = Steps(legal)
        self.show_step()

    def ask_text(self, help_text: RenderableType, prompt: str) -> None:
        """A line of text to type (a recitation), with the game's help (its palette) shown
        beside the input for as long as the question stands."""
        self.clear_choices()
        shown = Text(help_text) if isinstance(help_text, str) else help_text
        self.query_one("#choices", VerticalScroll).mount(Static(self.show(shown)))
        answer = self.query_one("#answer", Input)
        answer.placeholder = prompt
        answer.value = ""
        answer.add_class("shown")
        answer.focus()

    @on(Input.Submitted, "#answer")
    def typed(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text.lower() in QUIT_KEYS:
            self.action_leave()
            return
        view = self.match.view(0)
        legal = self.match.legal(0)
        try:
            actions = self.render_module.parse_input(text, view, legal, self.names, self.lang)
        except ValueError as e:
            self.log_line(Text(str(e), style="red"))
            return
        self.clear_choices()
        for action in actions:
            if action not in self.match.legal(0):
                break
            self.match.apply(0, action)
        self.after_move()

    def show_step(self) -> None:
        assert self.steps is not None
        view = self.match.view(0)
        key, groups = self.steps.options()
        self.status(self.words("your_turn", name=self.names[0]) + " " + self.step_prompt(key))
        box = self.query_one("#choices", VerticalScroll)
        box.remove_children()
        self.choice_actions = []
        buttons = []
        for i, (value, actions) in enumerate(groups, 1):
            label = self.choice_label(key, value, actions, view)
            self.choice_actions.append(actions)
            buttons.append(Button(f"{digits(i, self.lang)}. {label}", name=f"choice-{i}"))
        if len(self.steps.path) > 1:
            buttons.append(Button(self.words("tui_back"), name="choice-back"))
        box.mount_all(buttons)
        if buttons:
            self.call_after_refresh(buttons[0].focus)

    def step_prompt(self, key: str | None) -> str:
        """What the current step asks: a card, a player, a named card, or a move."""
        if key in CARD_KEYS[:1]:
            return self.words("tui_pick_card")
        if key in SEAT_KEYS:
            return self.words("tui_pick_player")
        if key in CARD_KEYS[1:]:
            return self.words("tui_pick_guess")
        return self.words("tui_pick")

    def choice_label(
        self, key: str | None, value: Any, actions: list[Action], view: dict[str, Any]
    ) -> str:
        """A step's choice: the field's value in words where the game says it (a player,
        a card), else the whole action when one is left, else the value itself."""
        whole: str = self.render_module.action_text(actions[0], view, self.names, self.lang)
        if key is None:
            return whole
        label = getattr(self.render_module, "choice_text", None)
        if label is not None:
            said = label(key, value, view, self.names, self.lang)
            if said:
                return str(said)
        if key in SEAT_KEYS and isinstance(value, int) and 0 <= value < len(self.names):
            return self.names[value]
        card = getattr(self.render_module, "card", None)
        if key in CARD_KEYS and card is not None and value is not _MISSING:
            return str(card(value, self.lang))
        return whole if len(actions) == 1 else digits(value, self.lang)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.name or ""
        if button_id == "choice-back":
            self.action_step_back()
        elif button_id.startswith("choice-"):
            self.choose(int(button_id.removeprefix("choice-")))

    def on_key(self, event: Any) -> None:
        char = (event.character or "").translate(_TO_LATIN)
        if char.isdigit() and self.choice_actions and not self.query("#answer.shown"):
            self.choose(int(char))
            event.stop()

    def choose(self, index: int) -> None:
        if not 1 <= index <= len(self.choice_actions) or self.steps is None:
            return
        action = self.steps.narrow(self.choice_actions[index - 1])
        if action is None:
            self.show_step()
            return
        self.clear_choices()
        self.steps = None
        if self.table.out_of_time():
            return  # the clock's timeout is on its way
        self.match.apply(0, action)
        self.after_move()

    def action_step_back(self) -> None:
        if self.steps is not None and self.steps.back():
            self.show_step()

    def action_leave(self) -> None:
        self.left = True
        self.exit()

    # -------------------------------------------------------- round and game
    def round_panel(self) -> bool:
        """After a round ends (and the game goes on), wait in a panel for "Continue"."""
        if self.match.over:
            return False
        view = self.match.view(0)
        ended = [
            e
            for e in self.match.events[self.panel_seen :]
            if e.visible_to(0) and e.kind == "round_over"
        ]
        self.panel_seen = len(self.match.events)
        if not ended:
            return False
        lines: list[RenderableType] = [
            self.show(Text(self.render_module.event_text(e.to_json(), view, self.names, self.lang)))
            for e in ended
        ]
        lines.append(self.show(self.render_module.board(view, self.names, self.lang)))
        self.waiting_panel = True
        self.push_screen(
            RoundOver(self.words("tui_round_over"), lines, self.words("tui_continue")),
            self.panel_closed,
        )
        return True

    panel_seen = 0

    def panel_closed(self, _result: None) -> None:
        self.waiting_panel = False
        self.call_later(self.advance)

    def show_final(self) -> None:
        outcome = self.match.outcome()
        assert outcome is not None
        self.clear_choices()
        totals = Table(title=self.words("tui_totals"))
        for key in ("tui_player", "tui_score", "tui_rank"):
            totals.add_column(self.words(key))
        order = sorted(range(self.match.players), key=lambda s: outcome.ranks[s])
        for seat in order:
            won = seat in outcome.winners
            totals.add_row(
                Text(self.names[seat] + (" ★" if won else ""), style="bold" if won else ""),
                number(f"{outcome.scores[seat]:g}", self.lang),
                digits(outcome.ranks[seat], self.lang),
            )
        names = ", ".join(self.names[w] for w in outcome.winners)
        self.status(self.words("over") + " " + self.words("winners", names=names))
        box = self.query_one("#choices", VerticalScroll)
        box.remove_children()
        box.mount(Static(self.show(totals), id="totals"))
        done = Button(self.words("tui_leave"), id="leave", variant="primary")
        box.mount(done)
        self.call_after_refresh(done.focus)

    @on(Button.Pressed, "#leave")
    def leave_pressed(self) -> None:
        self.action_leave()


def run_full_screen(
    match: Match,
    bots: list[Bot],
    lang: str,
    bot_seed: int,
    bidi: str,
    *,
    runner: Callable[[TableApp], None] | None = None,
) -> None:
    """Play ``match`` full screen until it ends or the person leaves."""
    app = TableApp(match, bots, lang, bot_seed, bidi=bidi)
    if runner is not None:
        runner(app)
    else:
        app.run()
