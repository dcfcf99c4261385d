"""The one "hear, then choose" loop: a bot in a seat is told the events its seat may see
since it last heard, then chooses from its view and the legal actions. Every host uses it:
the arena (``rumizi simulate``), the terminal (``rumizi play``) and the server."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rumizi.engine import Action, Event, Rng

from . import Bot, Worlds, decide, searches


@dataclass(frozen=True)
class News:
    """What a seat may see of a game's events up to ``end``, taken at one moment (each with
    its index, so that news taken twice is still heard once)."""

    end: int
    events: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


class BotSeat:
    """A bot in one seat of one game, and how far it has heard that seat's events.

    A bot with a memory has ``hear(events)``; it is told each event its seat may see once,
    in order, before the choice that follows it. Give each game fresh bots.
    """

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self._hear: Callable[[list[dict[str, Any]]], None] | None = getattr(bot, "hear", None)
        self.listens = self._hear is not None
        self.searches = searches(bot)
        """The bot plans over possible worlds: hosts pass it its seat's ``worlds_for``."""
        self.heard = 0
        """How many of the game's events (of every seat) the bot has been told about."""

    def news(self, events: Sequence[Event]) -> News:
        """The events of ``events`` (the game's events so far) this seat may see and has not
        heard, as JSON; nothing to copy for a bot that does not listen."""
        if not self.listens:
            return News(len(events))
        seat = self.seat
        fresh = [
            (i, e.to_json())
            for i, e in enumerate(events[self.heard :], self.heard)
            if e.visible_to(seat)
        ]
        return News(len(events), fresh)

    def hear(self, news: News) -> None:
        """Tell the bot what of ``news`` it has not heard yet."""
        if self._hear is not None and news.end > self.heard:
            self._hear([e for i, e in news.events if i >= self.heard])
            self.heard = news.end

    def choose(
        self,
        view: dict[str, Any],
        legal: list[Action],
        rng: Rng,
        news: News | None = None,
        worlds: Worlds | None = None,
    ) -> Action:
        """Hear ``news`` (if given), then choose one of ``legal`` from ``view`` (a bot that
        searches, from its seat's ``worlds`` too)."""
        if news is not None:
            self.hear(news)
        return decide(self.bot, view, legal, rng, worlds)
