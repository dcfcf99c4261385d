"""``rumizi play``: people at the keyboard against bots, each seeing only their own seat.

The loop is generic. What a game adds, it adds through its terminal renderer (its
record's ``Renderer``, ``rumizi.cli.render``) and its Game object, all optional (each
hook's default: none):

- clocks: when ``match.deadline()`` is not ``None``, a person to act sees a countdown and
  ``match.timeout()`` is applied when it runs out. The clock of a phase starts when the
  phase begins, as the server reckons it: when ``game.phase(state)`` changes, for a game
  that defines it (e.g. a turn of several actions on one clock), else when the deadline
  changes, a seat starts to be asked to act, or after a timeout. Bots act at once, within
  the game's own timing; they never run out of time.
- ``text_input(view, legal, names, lang)`` → ``(help, prompt)`` or ``None``: ask for a line
  of text instead of a numbered menu; ``parse_input(text, view, legal, names, lang)``
  turns it into the actions to apply in order (``ValueError`` with a message: ask again).
- ``flash_text(event, view, names, lang)``: events shown for a moment and then erased (a
  recitation, heard item by item). A game that has them is narrated live: what every
  person may see is printed as it happens, not only at their next turn.
- bots with a ``hear(events)`` method are told, before they choose, the events their
  seat may see (JSON form) since they last heard.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from rumizi.bots import Bot, worlds_for
from rumizi.bots.seat import BotSeat
from rumizi.engine import SYSTEM, Action, Match, make_rng

from .countdown import CLOCK_WORDS, Countdown, Keys, TerminalKeys, in_place
from .i18n import PERSIAN_KEYS, digits, listed, say
from .render import renderer

__all__ = ["CLOCK_WORDS", "Countdown", "Keys", "Quit", "TerminalKeys", "TerminalTable"]

QUIT_WORDS = ("q", "quit", "exit")
"""What leaves the game (typed on either keyboard layout: ``ض`` is Persian ``q``)."""
_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


class Quit(Exception):
    """The person asked to leave the game."""


class _TimeUp(Exception):
    """The clock ran out while a person was answering."""


AskTimed = Callable[[str, float], "str | None"]
"""Ask with a visible countdown of ``seconds``; ``None`` when the time ran out."""


def seat_names(humans: int, players: int, lang: str) -> list[str]:
    if humans == 1:
        people = [say(lang, "you")]
    else:
        people = [say(lang, "player", n=i + 1) for i in range(humans)]
    return people + [say(lang, "bot", n=i + 1) for i in range(players - humans)]


class TerminalTable:
    """Runs a match in the terminal. People sit first, bots after them.

    ``clock`` (seconds, monotonic), ``ask_timed`` and ``pause`` are injectable so that
    tests drive the countdown with a fake clock and never wait.
    """

    def __init__(
        self,
        match: Match,
        humans: int,
        bots: list[Bot],
        lang: str,
        console: Console,
        ask: Callable[[str], str],
        bot_seed: int = 0,
        *,
        clock: Callable[[], float] = time.monotonic,
        ask_timed: AskTimed | None = None,
        pause: Callable[[float], None] = time.sleep,
        flash_seconds: float = 0.7,
    ) -> None:
        self.match = match
        self.humans = humans
        self.bots = [BotSeat(bot, humans + i) for i, bot in enumerate(bots)]
        self.lang = lang
        self.console = console
        self.ask = ask
        self.names = seat_names(humans, match.players, lang)
        self.render = renderer(match.game.id)
        self.seen = [0] * match.players
        self.bot_rng = make_rng(bot_seed)
        self.last_human: int | None = None
        self.clock = clock
        self.ask_timed: AskTimed = ask_timed or Countdown(console, clock, lang, ask=ask)
        self.pause = pause
        self.flash_seconds = flash_seconds
        self.live = self.render.flash_text is not None
        self.narrated = 0
        self._phase: Hashable = None
        self._phase_start = clock()
        self._shown_phase: Hashable = None
        self._to_act: frozenset[int] = frozenset()
        self._actions = 0

    # ------------------------------------------------------------ the loop
    def run(self) -> None:
        """Play until the game is over or a person quits (``Quit``)."""
        while not self.match.over:
            acting = sorted(self.match.to_act())
            if not acting:
                self.wait_for_clock()
                continue
            for seat in acting:
                if self.match.over or seat not in self.match.to_act():
                    continue
                if seat < self.humans:
                    self.human_turn(seat)
                else:
                    self.bot_turn(seat)
                self.narrate()
        self.finish()

    def wait_for_clock(self) -> None:
        """Nobody may act: the game waits only for time."""
        left = self.time_left()
        if left is None:
            raise RuntimeError("nobody may act and nothing is on the clock")
        if left > 0:
            self.pause(left)
        self.match.timeout()
        self.narrate()

    # -------------------------------------------------------------- clocks
    def phase_key(self) -> Hashable:
        """What identifies the current timed phase (see the module docstring)."""
        match = self.match
        marker = match.game.phase
        if marker is not None:
            return ("game", marker(match.state))
        deadline = match.deadline()
        to_act = match.to_act()
        new_seat = bool(to_act - self._to_act)
        self._to_act = to_act
        acted = len(match.log) != self._actions
        self._actions = len(match.log)
        previous = self._phase
        timed_out = acted and match.log[-1].seat == SYSTEM
        if timed_out or new_seat or not isinstance(previous, tuple) or previous[1] != deadline:
            return (len(match.log), deadline)
        return previous

    def time_left(self) -> float | None:
        """Seconds left in the current phase, or ``None`` when it has no clock."""
        deadline = self.match.deadline()
        key = self.phase_key()
        if key != self._phase:
            self._phase = key
            self._phase_start = self.clock()
        if deadline is None:
            return None
        return deadline - (self.clock() - self._phase_start)

    def clock_started(self) -> bool:
        """Whether the current phase's clock was started for the person to see."""
        self.time_left()
        return self._shown_phase == self._phase

    def start_clock_now(self) -> None:
        """The current phase's clock starts now: its question is on the person's screen
        (a full-screen table starts it at its first paint, not when the phase began)."""
        self.time_left()
        self._shown_phase = self._phase
        self._phase_start = self.clock()

    # --------------------------------------------------------------- bots
    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat - self.humans]
        self.time_left()
        news = bot.news(self.match.events)
        worlds = worlds_for(self.match.game, self.match.state, seat) if bot.searches else None
        view, legal = self.match.view(seat), self.match.legal(seat)
        action = bot.choose(view, legal, self.bot_rng, news, worlds)
        self.match.apply(seat, action)

    # ------------------------------------------------------------- people
    def human_turn(self, seat: int) -> None:
        if self.humans > 1 and self.last_human != seat:
            self.console.clear()
            self.ask(say(self.lang, "pass_to", name=self.names[seat]) + " ")
            self.console.clear()
        self.last_human = seat
        self.show_news(seat)
        view = self.match.view(seat)
        self.console.print(self.render.board(view, self.names, self.lang))
        legal = self.match.legal(seat)
        self.console.print(say(self.lang, "your_turn", name=self.names[seat]), style="bold")
        try:
            actions = self.read_actions(view, legal)
        except _TimeUp:
            self.console.print(CLOCK_WORDS[self.lang]["time_up"], style="bold red")
            self.match.timeout()
            return
        for action in actions:
            if action not in self.match.legal(seat):
                break
            if self.out_of_time():
                self.console.print(CLOCK_WORDS[self.lang]["time_up"], style="bold red")
                self.match.timeout()
                return
            self.match.apply(seat, action)

    def out_of_time(self) -> bool:
        left = self.time_left()
        return left is not None and left <= 0

    def read_actions(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        """The person's choice: a line of text where the game asks for one, else a number
        from the menu."""
        text_input = self.render.text_input
        wanted = text_input(view, legal, self.names, self.lang) if text_input else None
        if wanted is None:
            for i, action in enumerate(legal, 1):
                text = self.render.action_text(action, view, self.names, self.lang)
                self.console.print(f"  [cyan]{digits(i, self.lang)}[/cyan]. {text}")
            return [legal[self.pick(len(legal)) - 1]]
        help_text, prompt = wanted
        self.console.print(help_text)
        while True:
            answer = self.answer(prompt)
            if answer.strip().lower().translate(PERSIAN_KEYS) in QUIT_WORDS:
                raise Quit
            try:
                actions: list[Action] = self.render.parse_input(
                    answer, view, legal, self.names, self.lang
                )
                return actions
            except ValueError as e:
                self.console.print(str(e), style="red")

    def answer(self, prompt: str) -> str:
        """One answer: with a countdown when the phase is timed (``_TimeUp`` when it runs
        out), else a plain question."""
        left = self.time_left()
        if left is None:
            return self.ask(prompt)
        if left <= 0:
            raise _TimeUp
        reply = self.ask_timed(prompt, left)
        if reply is None or self.out_of_time():
            raise _TimeUp
        return reply

    def pick(self, n: int) -> int:
        """Ask until the answer is a number from 1 to n (Persian digits welcome)."""
        while True:
            answer = self.answer(say(self.lang, "choose", n=n) + ": ").strip()
            if answer.lower().translate(PERSIAN_KEYS) in QUIT_WORDS:
                raise Quit
            latin = answer.translate(_TO_LATIN)
            if latin.isdigit() and 1 <= int(latin) <= n:
                return int(latin)
            self.console.print(say(self.lang, "bad_choice", n=n), style="red")

    # --------------------------------------------------------------- news
    def show_news(self, seat: int, public_only: bool = False) -> None:
        """Tell ``seat`` in words what it may see of what happened since it last looked."""
        view = self.match.view(seat)
        lines = []
        for index in range(self.seen[seat], len(self.match.events)):
            event = self.match.events[index]
            if index < self.narrated and self.shared(event):
                continue
            if event.public if public_only else event.visible_to(seat):
                text = self.render.event_text(event.to_json(), view, self.names, self.lang)
                if text:
                    lines.append(text)
        self.seen[seat] = len(self.match.events)
        if lines:
            self.console.print(Rule(say(self.lang, "happened")))
            for line in lines:
                self.console.print("• " + line)

    def shared(self, event: Any) -> bool:
        """Whether every person at the keyboard may see ``event``."""
        return all(event.visible_to(s) for s in range(self.humans))

    def narrate(self) -> None:
        """In a live game, print at once what every person may see; flash the fleeting."""
        if not self.live or not self.humans:
            return
        events = self.match.events
        view = self.match.view(0 if self.humans == 1 else None)
        for event in events[self.narrated :]:
            if not self.shared(event):
                continue
            data = event.to_json()
            flash_text = self.render.flash_text
            flash = flash_text(data, view, self.names, self.lang) if flash_text else None
            if flash:
                self.flash(flash)
                continue
            text = self.render.event_text(data, view, self.names, self.lang)
            if text:
                self.console.print("• " + text)
        self.narrated = len(events)

    def flash(self, text: str) -> None:
        """Show ``text`` for a moment, then erase it (as a heard word fades).

        Output that is no terminal (a pipe, a screen reader's log) cannot be erased: there
        the text is a plain line and no control codes are written."""
        if not self.console.is_terminal:
            self.console.print(Text(text, style="bold"))
            self.pause(self.flash_seconds)
            return
        in_place(self.console, Text(text, style="bold"))
        self.console.file.flush()
        self.pause(self.flash_seconds)
        self.console.file.write("\r\x1b[2K")
        self.console.file.flush()

    def finish(self) -> None:
        if self.humans:
            self.show_news(0, public_only=self.humans > 1)
        outcome = self.match.outcome()
        assert outcome is not None
        self.console.print(Rule(say(self.lang, "over")))
        names = listed([self.names[w] for w in outcome.winners], self.lang)
        self.console.print(say(self.lang, "winners", names=names), style="bold green")
