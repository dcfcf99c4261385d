"""``rumizi play`` full screen: the table, the log and the choices, redrawn in place.

Built with Textual. The rules loop is the line mode's (``TerminalTable``: clocks, bots
that hear, timeouts); this module only draws. Choices come in steps (``steps.Steps``);
digits (Latin or Persian) pick, Escape goes back a step, ``?``/F1 open the help, ``q`` (``ض``
on the Persian layout) or Ctrl+C asks before leaving. A round's end waits in a panel that
shows the round that ended; the next round is drawn only after it. Every word on the
screen goes through ``widgets`` (one text path: ``--bidi``). Below 100 columns or 32 rows
the layout is compact: the log under the table, the render modules' compact boards, the
hand kept in view above the choices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input

from rumizi.bots import Bot
from rumizi.engine import Action, Match

from ..countdown import CLOCK_WORDS
from ..i18n import digits, listed, number, say
from .holding import HeldClock, ScreenTable
from .keys import KeyedApp
from .panels import HelpScreen, LeaveScreen, PauseScreen, RoundOver, final_totals
from .steps import Steps, choice_label, chosen_so_far, step_prompt
from .widgets import Choice, Shown, TableLog, flat

_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")
QUIT_KEYS = ("q", "ض")
"""Leave: q, and the key in q's place on the Persian layout."""
HELD_SCREENS = (HelpScreen, LeaveScreen, PauseScreen)
"""Screens behind which the clock stands still and no bot moves."""
COMPACT_BELOW = (100, 32)
"""Columns and rows under which the layout is compact."""


class TableApp(KeyedApp):
    """One person (seat 0) against bots, full screen."""

    CSS_PATH = "table.tcss"
    LEAVE_QUESTION = "tui_leave_ask"
    ENABLE_COMMAND_PALETTE = False
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (COMPACT_BELOW[0], "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (COMPACT_BELOW[1], "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar = [
        Binding("q,ض", "leave", show=False),
        Binding("ctrl+c", "leave", show=False, priority=True),
        Binding("ctrl+q", "leave_now", show=False, priority=True),
        Binding("question_mark,؟,f1", "help", show=False, priority=True),
        Binding("escape", "step_back", show=False),
        Binding("p,ح", "pause", show=False),
        Binding("ctrl+p", "pause", show=False, priority=True),
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
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__()
        import time

        self.held_clock = HeldClock(clock or time.monotonic)
        self.table = ScreenTable(match, bots, lang, bot_seed, self.held_clock)
        self.match = match
        self.lang = lang
        self.bidi = bidi
        self.bot_delay = bot_delay
        self.flash_seconds = flash_seconds
        self.render_module = self.table.render
        self.names = self.table.names
        self.logged = 0
        self.panel_seen = 0
        self.steps: Steps | None = None
        self.choice_actions: list[list[Action]] = []
        self.waiting_panel = False
        self.left = False
        self.clock_waits = False
        """A timed question is up but not yet on the screen: its clock has not started."""
        self.flashed = ""
        self.stalled = False
        """A bot's move came due while the clock was held: it is made once released."""

    # --------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Shown(id="title")
        with Horizontal(id="main"):
            with VerticalScroll(id="board-scroll"):
                yield Shown(id="board")
            yield TableLog(id="log")
        yield Shown(id="hand")
        yield Shown(id="flash")
        with Horizontal(id="bar"):
            yield Shown(id="status")
            yield Shown(id="clock", fill=False)
        yield Input(id="answer")
        yield VerticalScroll(id="choices")
        yield Shown(id="keys")

    def on_mount(self) -> None:
        game = self.match.game
        title = game.title.get(self.lang, game.id)
        self.title = title
        self.query_one("#title", Shown).update(Text(title, style="bold"))
        self.keys("tui_keys")
        self.set_interval(0.1, self.tick)
        self.call_later(self.advance)

    @property
    def compact(self) -> bool:
        width, height = self.size
        return width < COMPACT_BELOW[0] or height < COMPACT_BELOW[1]

    def on_resize(self) -> None:
        if self.screen.is_mounted and not self.waiting_panel:
            self.refresh_table()

    def show(self, key: str, **values: Any) -> Text:
        return Text(say(self.lang, key, **values))

    def keys(self, key: str) -> None:
        self.query_one("#keys", Shown).update(Text(say(self.lang, key), style="dim"))

    # ------------------------------------------------------------- the loop
    def advance(self) -> None:
        """Let bots and the clock play until the person must choose or the game ends."""
        if self.left or self.waiting_panel:
            return
        if self.held_clock.held:
            self.stalled = True
            return
        self.refresh_table()
        if self.match.over:
            self.show_final()
            return
        acting = sorted(self.match.to_act())
        if not acting:
            self.status(self.show("tui_waiting"))
            self.clear_choices()
            return  # the clock (tick) applies the timeout
        if 0 in acting:
            self.ask_person()
            return
        self.clear_choices()
        self.status(self.show("tui_waiting_for", name=self.names[acting[0]]))
        self.table.bot_turn(acting[0])
        self.after_move()

    def after_move(self) -> None:
        """Tell what happened; at a round's end wait in its panel (the log too stops at the
        round's end: the next round's deal is told once the panel is closed), else go on."""
        ended = self.ended_round()
        self.log_news(None if ended is None else ended + 1)
        if ended is not None:
            self.round_panel(self.match.events[ended])
            return
        self.refresh_table()
        if self.bot_delay > 0 and not self.match.over and 0 not in self.match.to_act():
            self.set_timer(self.bot_delay, self.advance)
        else:
            self.call_later(self.advance)

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        """A frame goes to the terminal (Textual's one door to it; nothing is written while
        updates are held): a timed question now on the screen starts its clock."""
        super()._display(screen, renderable)
        if renderable is not None and not self._batch_count:
            self.painted()

    def painted(self) -> None:
        """The screen shows the question: its clock starts now."""
        if self.clock_waits:
            self.clock_waits = False
            self.table.start_clock_now()

    def tick(self) -> None:
        """The countdown, redrawn from the phase's start; a timeout when it runs out."""
        if not self.query("#clock"):
            return  # the table is closing
        clock = self.query_one("#clock", Shown)
        if self.left or self.match.over or self.waiting_panel:
            clock.update("")
            return
        if self.held_clock.held:
            return  # the clock stands still behind the help, the pause or the question
        left = self.match.deadline() if self.clock_waits else self.table.time_left()
        if left is None:
            clock.update("")
            return
        secs = number(f"{max(left, 0.0):.1f}", self.lang)
        clock.update(Text("⏳ " + CLOCK_WORDS[self.lang]["left"].format(secs=secs)))
        if left <= 0 and not self.clock_waits:
            self.match.timeout()
            self.log_line(Text(CLOCK_WORDS[self.lang]["time_up"], style="bold red"))
            self.steps = None
            self.clear_choices()  # the missed question goes: digits work again
            self.after_move()

    # ------------------------------------------------------------- drawing
    def refresh_table(self) -> None:
        view = self.match.view(0)
        module, compact = self.render_module, self.compact
        self.query_one("#board", Shown).update(
            module.board(view, self.names, self.lang, compact=compact, with_hand=False)
        )
        hand = module.hand(view, self.names, self.lang, compact=compact)
        shown = self.query_one("#hand", Shown)
        shown.update(hand or "")
        shown.set_class(hand is None, "empty")
        self.log_news()

    def log_news(self, upto: int | None = None) -> None:
        """Write what the person may see of what happened since last time (up to the
        event ``upto``, when given)."""
        view = self.match.view(0)
        flash_text = self.render_module.flash_text
        end = len(self.match.events) if upto is None else upto
        for event in self.match.events[self.logged : end]:
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
        self.logged = max(self.logged, end)

    def flash(self, text: str) -> None:
        """Show a fleeting line (a word of a recitation, heard once) and let it fade: it
        never enters the log, which is no memory aid."""
        shown = self.query_one("#flash", Shown)
        shown.update(Text(text, style="bold"))
        shown.remove_class("empty")
        self.flashed = text
        self.set_timer(self.flash_seconds, lambda: self._fade(text))

    def _fade(self, text: str) -> None:
        if self.flashed == text and self.query("#flash"):
            shown = self.query_one("#flash", Shown)
            shown.update("")
            shown.add_class("empty")
            self.flashed = ""

    def log_line(self, text: Text) -> None:
        self.query_one("#log", TableLog).say(text)

    def status(self, text: Text) -> None:
        self.query_one("#status", Shown).update(text)

    def clear_choices(self) -> None:
        self.query_one("#choices", VerticalScroll).remove_children()
        answer = self.query_one("#answer", Input)
        answer.remove_class("shown")
        self.screen.remove_class("typing")
        answer.value = ""
        self.choice_actions = []
        self.keys("tui_keys")

    # ------------------------------------------------------------- choosing
    def ask_person(self) -> None:
        view = self.match.view(0)
        legal = self.match.legal(0)
        text_input = self.render_module.text_input
        wanted = (
            text_input(view, legal, self.names, self.lang, compact=self.compact)
            if text_input
            else None
        )
        if wanted is not None:
            self.ask_text(*wanted)
        else:
            self.steps = Steps(legal)
            self.show_step()
        if self.match.deadline() is not None and not self.table.clock_started():
            self.clock_waits = True  # until the question is on the screen (painted)

    def ask_text(self, help_text: RenderableType, prompt: str) -> None:
        """A line of text to type (a recitation, pictures), with the game's help (its
        palette) shown above the input for as long as the question stands."""
        self.clear_choices()
        self.status(Text(say(self.lang, "your_turn", name=self.names[0]) + " " + prompt))
        box = self.query_one("#choices", VerticalScroll)
        box.mount(Shown(help_text, classes="help-text"))
        answer = self.query_one("#answer", Input)
        answer.placeholder = flat(say(self.lang, "tui_type"), self.bidi)
        answer.value = ""
        answer.add_class("shown")
        self.screen.add_class("typing")
        answer.focus()
        self.keys("tui_keys_typing")

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
        self.clear_choices()
        view = self.match.view(0)
        key, groups = self.steps.options()
        turn = say(self.lang, "your_turn", name=self.names[0])
        so_far = chosen_so_far(self.render_module, self.steps, view, self.names, self.lang)
        arrow = " ← " if self.lang == "fa" else " → "
        asked = (so_far + arrow if so_far else "") + step_prompt(key, self.lang)
        self.status(Text(turn + " " + asked))
        buttons: list[Button] = []
        for i, (value, actions) in enumerate(groups, 1):
            label = choice_label(
                self.render_module, key, value, actions, view, self.names, self.lang
            )
            self.choice_actions.append(actions)
            buttons.append(Choice(f"{digits(i, self.lang)}. {label}", name=f"choice-{i}"))
        if len(self.steps.path) > 1:
            buttons.append(Choice(say(self.lang, "tui_back"), name="choice-back"))
        self.query_one("#choices", VerticalScroll).mount_all(buttons)
        if buttons:
            self.call_after_refresh(buttons[0].focus)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.name or ""
        if button_id == "choice-back":
            self.action_step_back()
        elif button_id.startswith("choice-"):
            self.choose(int(button_id.removeprefix("choice-")))
        elif event.button.id == "leave":
            self.action_leave_now()

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
        """Escape: one step back, or a fresh start of what is being typed."""
        if self.query("#answer.shown"):
            self.query_one("#answer", Input).value = ""
        elif self.steps is not None and self.steps.back():
            self.show_step()

    # ------------------------------------------------------- help and leaving
    def holding(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        """Show ``screen`` with the clock held (and the bots waiting) until it closes."""
        self.held_clock.hold()

        def closed(result: Any) -> None:
            if not any(isinstance(s, HELD_SCREENS) for s in self.screen_stack):
                self.held_clock.release()
                if self.stalled:
                    self.stalled = False
                    self.call_later(self.advance)
            if then is not None:
                then(result)

        self.push_screen(screen, closed)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.holding(HelpScreen(self.match.game.id, self.lang))

    def action_pause(self) -> None:
        """P: the game stops (clocks and bots) until a key is pressed."""
        if not self.match.over and not isinstance(self.screen, HELD_SCREENS):
            self.holding(PauseScreen())

    def action_leave(self) -> None:
        """Leave, after asking while the game is on (it is kept either way)."""
        if self.match.over:
            self.action_leave_now()
        elif not isinstance(self.screen, LeaveScreen):
            self.holding(LeaveScreen(self.LEAVE_QUESTION), self._leave_answered)

    def _leave_answered(self, leave: bool | None) -> None:
        if leave:
            self.action_leave_now()

    def action_leave_now(self) -> None:
        self.left = True
        self.exit()

    # -------------------------------------------------------- round and game
    def ended_round(self) -> int | None:
        """Where the next round's end not yet shown in a panel is in the events (the game
        going on after it), or ``None``."""
        events = self.match.events
        if not self.match.over:
            for index in range(self.panel_seen, len(events)):
                if events[index].kind == "round_over" and events[index].visible_to(0):
                    self.panel_seen = index + 1
                    return index
        self.panel_seen = len(events)
        return None

    def round_panel(self, ended: Any) -> None:
        """Show the round that ended in a panel and wait; the table is drawn again only
        once the panel is closed."""
        self.waiting_panel = True
        self.clear_choices()
        self.status(self.show("tui_round_wait"))
        self.keys("tui_keys_panel")
        self.push_screen(RoundOver(self.round_lines([ended])), self.panel_closed)

    def round_lines(self, ended: list[Any]) -> list[RenderableType]:
        """The round that ended, from its ``round_over`` event: what the catalogue says of
        it, then the game's own account (hands shown, points or tokens)."""
        view = self.match.view(0)
        lines: list[RenderableType] = []
        result = self.render_module.round_result
        for event in ended:
            data = event.to_json()
            text = self.render_module.event_text(data, view, self.names, self.lang)
            parts: list[RenderableType] = [Text(text or "", style="bold")]
            if result is not None:
                parts.append(result(data, self.names, self.lang))
            lines.append(Group(*parts))
        return lines

    def panel_closed(self, _result: None) -> None:
        self.waiting_panel = False
        self.keys("tui_keys")
        self.after_move()

    def show_final(self) -> None:
        outcome = self.match.outcome()
        assert outcome is not None
        self.clear_choices()
        names = listed([self.names[w] for w in outcome.winners], self.lang)
        self.status(Text(say(self.lang, "over") + " " + say(self.lang, "winners", names=names)))
        box = self.query_one("#choices", VerticalScroll)
        last = [e for e in self.match.events if e.kind == "round_over"][-1:]
        done = Choice(say(self.lang, "tui_leave"), id="leave", variant="primary")
        box.mount(done)  # first: in view at 80×24 whatever the tables below it take
        box.mount(Shown(final_totals(outcome, self.names, self.lang), id="totals"))
        if last:
            box.mount(Shown(Group(*self.round_lines(last)), id="last-round"))
        self.keys("tui_keys_panel")
        self.call_after_refresh(done.focus)
