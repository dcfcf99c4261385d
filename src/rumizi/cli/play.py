"""``rumizi play``: people at the keyboard against bots, each seeing only their own seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.rule import Rule

from rumizi.bots import Bot, make
from rumizi.engine import Match, make_rng

from .i18n import digits, say
from .render import renderer

_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


class Quit(Exception):
    """The person asked to leave the game."""


def seat_names(humans: int, players: int, lang: str) -> list[str]:
    if humans == 1:
        people = [say(lang, "you")]
    else:
        people = [say(lang, "player", n=i + 1) for i in range(humans)]
    return people + [say(lang, "bot", n=i + 1) for i in range(players - humans)]


class TerminalTable:
    """Runs a match in the terminal. People sit first, bots after them."""

    def __init__(
        self,
        match: Match,
        humans: int,
        bots: list[Bot],
        lang: str,
        console: Console,
        ask: Callable[[str], str],
        bot_seed: int = 0,
    ) -> None:
        self.match = match
        self.humans = humans
        self.bots = bots
        self.lang = lang
        self.console = console
        self.ask = ask
        self.names = seat_names(humans, match.players, lang)
        self.render = renderer(match.game.id)
        self.seen = [0] * match.players
        self.bot_rng = make_rng(bot_seed)
        self.last_human: int | None = None

    def run(self) -> None:
        """Play until the game is over or a person quits (``Quit``)."""
        while not self.match.over:
            for seat in sorted(self.match.to_act()):
                if seat < self.humans:
                    self.human_turn(seat)
                else:
                    self.bot_turn(seat)
        self.finish()

    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat - self.humans]
        action = bot.choose(self.match.view(seat), self.match.legal(seat), self.bot_rng)
        self.match.apply(seat, action)

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
        for i, action in enumerate(legal, 1):
            text = self.render.action_text(action, view, self.names, self.lang)
            self.console.print(f"  [cyan]{digits(i, self.lang)}[/cyan]. {text}")
        self.match.apply(seat, legal[self.pick(len(legal)) - 1])

    def pick(self, n: int) -> int:
        """Ask until the answer is a number from 1 to n (Persian digits welcome)."""
        while True:
            answer = self.ask(say(self.lang, "choose", n=n) + ": ").strip()
            if answer.lower() in ("q", "quit", "exit"):
                raise Quit
            latin = answer.translate(_TO_LATIN)
            if latin.isdigit() and 1 <= int(latin) <= n:
                return int(latin)
            self.console.print(say(self.lang, "bad_choice", n=n), style="red")

    def show_news(self, seat: int, public_only: bool = False) -> None:
        """Tell ``seat`` in words what it may see of what happened since it last looked."""
        view = self.match.view(seat)
        lines = []
        for event in self.match.events[self.seen[seat] :]:
            if event.public if public_only else event.visible_to(seat):
                text = self.render.event_text(event.to_json(), view, self.names, self.lang)
                if text:
                    lines.append(text)
        self.seen[seat] = len(self.match.events)
        if lines:
            self.console.print(Rule(say(self.lang, "happened")))
            for line in lines:
                self.console.print("• " + line)

    def finish(self) -> None:
        if self.humans:
            self.show_news(0, public_only=self.humans > 1)
        outcome = self.match.outcome()
        assert outcome is not None
        self.console.print(Rule(say(self.lang, "over")))
        names = ", ".join(self.names[w] for w in outcome.winners)
        self.console.print(say(self.lang, "winners", names=names), style="bold green")


def play(
    game_id: str,
    players: int,
    bots: int,
    seed: int | None,
    lang: str,
    level: str,
    options: dict[str, Any],
    console: Console,
    ask: Callable[[str], str],
) -> None:
    from rumizi.games import load

    game = load(game_id)
    seed = seed if seed is not None else make_rng(None).randrange(2**31)
    match = Match(game, players, seed=seed, options=options)
    table = TerminalTable(
        match,
        players - bots,
        [make(game_id, level) for _ in range(bots)],
        lang,
        console,
        ask,
        bot_seed=seed + 1,
    )
    try:
        table.run()
    except (Quit, EOFError, KeyboardInterrupt):
        console.print()
        console.print(say(lang, "bye"))
