"""The one "hear, then choose" loop: each event a seat may see is heard once, in order,
before the choice that follows it; nothing for a bot that does not listen."""

from __future__ import annotations

from typing import Any

from rumizi.bots.seat import BotSeat
from rumizi.engine import Action, Event, Rng, make_rng, private, public


class Listener:
    name = "listener"

    def __init__(self) -> None:
        self.heard: list[list[dict[str, Any]]] = []
        self.chosen_after: list[int] = []

    def hear(self, events: list[dict[str, Any]]) -> None:
        self.heard.append(events)

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        self.chosen_after.append(sum(len(h) for h in self.heard))
        return legal[0]


class Deaf:
    name = "deaf"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        return legal[-1]


def test_a_seat_hears_what_it_may_see_once_and_in_order_then_chooses() -> None:
    bot = Listener()
    seat = BotSeat(bot, 1)
    events: list[Event] = [public("a", n=1), private((0,), "secret", card=5), public("b", n=2)]
    assert seat.choose({}, [{"x": 1}], make_rng(0), seat.news(events)) == {"x": 1}
    assert bot.heard == [[{"kind": "a", "n": 1}, {"kind": "b", "n": 2}]]
    assert bot.chosen_after == [2]
    events += [private((1,), "mine", card=3)]
    early = seat.news(events)  # taken now, heard later (the server's worker)
    late = seat.news([*events, public("c")])
    seat.hear(late)
    seat.hear(early)  # already heard: nothing again
    assert bot.heard[1:] == [[{"kind": "mine", "card": 3}, {"kind": "c"}]]
    seat.choose({}, [{"x": 2}], make_rng(0), seat.news([*events, public("c")]))
    assert len(bot.heard) == 2  # nothing new to hear


def test_a_bot_that_does_not_listen_costs_nothing_to_seat() -> None:
    seat = BotSeat(Deaf(), 0)
    news = seat.news([public("a")])
    assert not seat.listens and news.events == [] and news.end == 1
    assert seat.choose({}, [{"x": 1}, {"x": 2}], make_rng(0), news) == {"x": 2}
