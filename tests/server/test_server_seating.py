"""Server-side bots with a memory hear their seat's events: each once, in order, and only
what the seat may see, even when a turn is dropped or two turns race."""

from __future__ import annotations

import random
from typing import Any

from rumizi import games
from rumizi.engine import Action, Match
from rumizi.server.room.seating import SeatedBot


class Ear:
    """A bot that remembers every event it hears and plays the first legal action."""

    name = "ear"

    def __init__(self) -> None:
        self.heard: list[dict[str, Any]] = []

    def hear(self, events: list[dict[str, Any]]) -> None:
        self.heard.extend(events)

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        return legal[0]


def test_a_bot_hears_each_visible_event_once_in_order() -> None:
    match = Match(games.load("love-letter"), 3, seed=11, options={"tokens_to_win": 2})
    ear = Ear()
    seated = SeatedBot(ear)
    rng = random.Random(1)
    turns = 0
    while not match.over:
        seat = next(iter(match.to_act()))
        legal = match.legal(seat)
        if seat != 1:
            match.apply(seat, legal[rng.randrange(len(legal))])
            continue
        turns += 1
        if turns % 3 == 0:
            seated.decision(match, 1, legal)  # a turn dropped before it ran: nothing heard
            match.apply(1, seated.decision(match, 1, legal)(rng))
        elif turns % 3 == 1:
            first, second = seated.decision(match, 1, legal), seated.decision(match, 1, legal)
            action = first(rng)
            assert second(rng) == action  # two turns raced on one position: heard once
            match.apply(1, action)
        else:
            match.apply(1, seated.decision(match, 1, legal)(rng))
    assert turns > 5
    expected = [e.to_json() for e in match.events[: seated.heard] if e.visible_to(1)]
    assert ear.heard == expected
    assert any(e["kind"] == "drew" for e in ear.heard)  # its own private events too
    hidden = [e for e in match.events[: seated.heard] if not e.visible_to(1)]
    assert hidden  # others' private events happened, and were not in what it heard
    assert len(ear.heard) == sum(1 for e in match.events[: seated.heard] if e.visible_to(1))
