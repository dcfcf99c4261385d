"""Bots playing whole games against each other, for ``rumizi simulate`` and the tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rumizi.engine import (
    SYSTEM,
    TIMEOUT,
    Action,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Rng,
    make_rng,
    params,
)

from . import Bot


@dataclass
class GameResult:
    outcome: Outcome
    actions: int


def play_game(
    game: Game, bots: Sequence[Bot], seed: int, options: Mapping[str, Any] | None = None
) -> GameResult:
    """One game, each seat played by its bot from its own view; returns the outcome.

    Bots with a ``hear(events)`` method are told, before each choice, the events (JSON
    form) their seat may see since they last heard: a bot with a memory needs them.
    Give each game fresh bots: a bot's memory belongs to one game.
    """
    rng = make_rng(seed)
    state = game.setup(len(bots), rng, dict(options or {}))
    bot_rng = make_rng(seed ^ 0x5EED)
    listeners = [getattr(bot, "hear", None) for bot in bots]
    anyone_listens = any(listeners)
    heard = [0] * len(bots)
    events: list[Event] = []
    actions = 0
    while (outcome := game.outcome(state)) is None:
        seats = sorted(game.to_act(state))
        if not seats:
            if game.deadline(state) is None:
                raise RuntimeError(f"{game.id}: nobody may act and nothing is on the clock")
            events.extend(game.apply(state, SYSTEM, dict(TIMEOUT), rng))
            continue
        for seat in seats:
            if seat not in game.to_act(state):
                continue
            hear = listeners[seat]
            if hear is not None:
                hear([e.to_json() for e in events[heard[seat] :] if e.visible_to(seat)])
                heard[seat] = len(events)
            view = game.view(state, seat)
            new = _act(game, state, seat, bots[seat], view, bot_rng, rng)
            if anyone_listens:
                events.extend(new)
            actions += 1
    return GameResult(outcome, actions)


def _act(game: Game, state: Any, seat: int, bot: Bot, view: Any, bot_rng: Rng, rng: Rng) -> Any:
    """The bot chooses and the game applies; a sampled instance of a parametric kind that
    the game refuses is chosen again (``params.MAX_TRIES`` times)."""
    legal = game.legal(state, seat)
    sampled = any(params.is_kind(entry) for entry in legal)
    for _ in range(params.MAX_TRIES if sampled else 1):
        action: Action = bot.choose(view, legal, bot_rng)
        try:
            return game.apply(state, seat, action, rng)
        except IllegalAction:
            if not sampled:
                raise
    raise IllegalAction(f"{game.id}: seat {seat}'s bot found no action the game accepts")


@dataclass
class Tally:
    """Outcome statistics over many games."""

    players: int
    games: int = 0
    actions: int = 0
    wins: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    ranks: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.scores = [0.0] * self.players
        self.ranks = [0.0] * self.players

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.actions += result.actions
        for w in result.outcome.winners:
            self.wins[w] += 1
        for p in range(self.players):
            self.scores[p] += result.outcome.scores[p]
            self.ranks[p] += result.outcome.ranks[p]

    def win_share(self, seat: int) -> float:
        """The share of games this seat won (a shared win counts for each winner)."""
        return self.wins[seat] / self.games if self.games else 0.0
