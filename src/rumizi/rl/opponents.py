"""Our bots in some seats of an RL table, through the bot seat every host uses.

``Opponents(game_id, players, {1: "search", 2: "heuristic"})`` plays those seats with the
game's bots (``rumizi.bots``: ``random`` or the game's own levels) in the faces
(PettingZoo, Gymnasium). Each bot sits in a ``BotSeat`` (``rumizi.bots.seat``), as in the
server, the arena and the terminal: it hears its seat's events since it last chose, it
chooses from its seat's view and legal actions, and a bot that searches gets its seat's
worlds (``worlds_for``), never the state. A sampled instance of an action kind that the
rules refuse is chosen again, as in the arena.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rumizi import bots
from rumizi.bots import worlds_for
from rumizi.bots.arena import DEFAULT_THINK
from rumizi.bots.seat import BotSeat
from rumizi.engine import Action, IllegalAction, Rng, make_rng, params

from .spec import Table


def seat_levels(
    players: int, opponents: str | Iterable[str] | Mapping[int, str] | None, learners: Iterable[int]
) -> dict[int, str]:
    """Each bot seat's level: ``opponents`` as one level for every seat not a learner's,
    one level per such seat (in seat order), or a map from seat to level."""
    learning = sorted(set(learners))
    others = [s for s in range(players) if s not in learning]
    if opponents is None:
        return {}
    if isinstance(opponents, str):
        return dict.fromkeys(others, opponents)
    if isinstance(opponents, Mapping):
        levels = {int(s): str(lv) for s, lv in opponents.items()}
        for seat in levels:
            if not 0 <= seat < players:
                raise ValueError(f"no seat {seat} at a {players}-player table")
        return levels
    names = list(opponents)
    if len(names) == players:
        return {s: names[s] for s in others}
    if len(names) != len(others):
        raise ValueError(f"name one bot level, or one per other seat ({len(others)})")
    return dict(zip(others, names, strict=True))


class Opponents:
    """Bots in some seats of one table; ``deal`` gives them fresh bots for a new game."""

    def __init__(self, game_id: str, levels: Mapping[int, str]) -> None:
        for level in set(levels.values()):
            bots.make(game_id, level)  # KeyError naming the levels, now rather than later
        self.game_id = game_id
        self.levels = dict(sorted(levels.items()))
        self.seats: dict[int, BotSeat] = {}
        self.rng: Rng = make_rng(0)

    def __contains__(self, seat: object) -> bool:
        return seat in self.levels

    def deal(self, seed: int) -> None:
        """Fresh bots (a bot's memory belongs to one game) and their own generator."""
        self.seats = {s: BotSeat(bots.make(self.game_id, lv), s) for s, lv in self.levels.items()}
        self.rng = make_rng(seed)

    def decide(self, table: Table, seat: int) -> tuple[Action, float]:
        """The bot's choice for ``seat`` now, and the seconds it takes to make it (its own
        ``think``, else ``DEFAULT_THINK``; the clocked faces use them)."""
        bot, game, state = self.seats[seat], table.game, table.state
        view = game.view(state, seat)
        worlds = worlds_for(game, state, seat) if bot.searches else None
        news = bot.news(table.events)
        action = bot.choose(view, game.legal(state, seat), self.rng, news, worlds)
        think: Any = getattr(bot.bot, "think", None)
        return action, (float(think(view, action, self.rng)) if think else DEFAULT_THINK)

    def act(self, table: Table, seat: int) -> None:
        """The bot in ``seat`` chooses and the table applies it; a sampled instance of an
        action kind that the rules refuse is chosen again (``params.MAX_TRIES`` times)."""
        sampled = any(params.is_kind(e) for e in table.game.legal(table.state, seat))
        for _ in range(params.MAX_TRIES if sampled else 1):
            action, _ = self.decide(table, seat)
            try:
                table.apply(seat, action)
                return
            except IllegalAction:
                if not sampled:
                    raise
        raise IllegalAction(f"{self.game_id}: seat {seat}'s bot found no action the game accepts")

    def play(self, table: Table) -> None:
        """The bots act while the seat to act first (the lowest that may act, as the
        environments ask) is a bot's, until a learner's turn or the end of the game."""
        while table.outcome() is None:
            acting = table.to_act()
            if not acting or min(acting) not in self.levels:
                return
            self.act(table, min(acting))
