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

from . import Bot, worlds_for
from .seat import BotSeat


@dataclass
class GameResult:
    outcome: Outcome
    actions: int
    events: list[Event] = field(default_factory=list)
    seconds: float = 0.0
    """How long the game took on the simulated clock (timed games only)."""
    """Every event, in order (kept by the simulated clock; empty otherwise)."""


def play_game(
    game: Game, bots: Sequence[Bot], seed: int, options: Mapping[str, Any] | None = None
) -> GameResult:
    """One game, each seat played by its bot from its own view; returns the outcome.

    Bots with a ``hear(events)`` method are told, before each choice, the events (JSON
    form) their seat may see since they last heard (``BotSeat``): a bot with a memory
    needs them.
    Give each game fresh bots: a bot's memory belongs to one game.
    """
    if any(hasattr(bot, "think") for bot in bots):
        return play_timed_game(game, bots, seed, options)
    rng = make_rng(seed)
    state = game.setup(len(bots), rng, dict(options or {}))
    bot_rng = make_rng(seed ^ 0x5EED)
    seats = [BotSeat(bot, seat) for seat, bot in enumerate(bots)]
    anyone_listens = any(s.listens for s in seats)
    events: list[Event] = []
    actions = 0
    while (outcome := game.outcome(state)) is None:
        acting = sorted(game.to_act(state))
        if not acting:
            if game.deadline(state) is None:
                raise RuntimeError(f"{game.id}: nobody may act and nothing is on the clock")
            events.extend(game.apply(state, SYSTEM, dict(TIMEOUT), rng))
            continue
        for seat in acting:
            if seat not in game.to_act(state):
                continue
            seats[seat].hear(seats[seat].news(events))
            view = game.view(state, seat)
            new = _act(game, state, seat, seats[seat], view, bot_rng, rng)
            if anyone_listens:
                events.extend(new)
            actions += 1
    return GameResult(outcome, actions)


DEFAULT_THINK = 1.0
"""Seconds a bot without its own ``think`` takes per action on the simulated clock."""


def play_timed_game(
    game: Game, bots: Sequence[Bot], seed: int, options: Mapping[str, Any] | None = None
) -> GameResult:
    """One game on a simulated clock, for real-time games whose bots state their think
    time (``think(view, action, rng) -> seconds``; others take ``DEFAULT_THINK``).

    Each seat to act decides from its view and is due at now + its think time; the
    earliest due action is applied first (ties by seat), so the order of arrival follows
    the bots' times. A decision is dropped when its seat no longer acts or the phase
    (``game.phase``) changes; the phase's deadline applies ``timeout`` when it comes first.
    """
    rng = make_rng(seed)
    state = game.setup(len(bots), rng, dict(options or {}))
    bot_rng = make_rng(seed ^ 0x5EED)
    phase_of = game.phase
    phase = phase_of(state) if phase_of is not None else None
    now = started = 0.0
    due: dict[int, tuple[float, Action]] = {}
    events: list[Event] = []
    seats = [BotSeat(bot, seat) for seat, bot in enumerate(bots)]
    actions = 0
    while (outcome := game.outcome(state)) is None:
        acting = game.to_act(state)
        for seat in [s for s in due if s not in acting]:
            del due[seat]
        for seat in sorted(acting - set(due)):
            view = game.view(state, seat)
            news = seats[seat].news(events)
            worlds = worlds_for(game, state, seat) if seats[seat].searches else None
            action = seats[seat].choose(view, game.legal(state, seat), bot_rng, news, worlds)
            think = getattr(bots[seat], "think", None)
            seconds = think(view, action, bot_rng) if think else DEFAULT_THINK
            due[seat] = (now + seconds, action)
        limit = game.deadline(state)
        first = min(due, key=lambda s: (due[s][0], s), default=None)
        if limit is not None and (first is None or started + limit <= due[first][0]):
            now = started + limit
            events.extend(game.apply(state, SYSTEM, dict(TIMEOUT), rng))
        elif first is None:
            raise RuntimeError(f"{game.id}: nobody may act and nothing is on the clock")
        else:
            now, action = due.pop(first)
            try:
                events.extend(game.apply(state, first, action, rng))
            except IllegalAction:
                if not any(params.is_kind(e) for e in game.legal(state, first)):
                    raise
                continue  # a refused random instance: the seat decides again
        actions += 1
        if phase_of is not None and phase_of(state) != phase:
            phase, started = phase_of(state), now
            due.clear()
    return GameResult(outcome, actions, events, now)


def _act(game: Game, state: Any, seat: int, bot: BotSeat, view: Any, bot_rng: Rng, rng: Rng) -> Any:
    """The bot chooses and the game applies; a sampled instance of a parametric kind that
    the game refuses is chosen again (``params.MAX_TRIES`` times)."""
    legal = game.legal(state, seat)
    sampled = any(params.is_kind(entry) for entry in legal)
    worlds = worlds_for(game, state, seat) if bot.searches else None
    for _ in range(params.MAX_TRIES if sampled else 1):
        action: Action = bot.choose(view, legal, bot_rng, None, worlds)
        try:
            return game.apply(state, seat, action, rng)
        except IllegalAction:
            if not sampled:
                raise
    raise IllegalAction(f"{game.id}: seat {seat}'s bot found no action the game accepts")


@dataclass
class Tally:
    """Outcome statistics over many games, per player (a bot that may change seats)."""

    players: int
    games: int = 0
    actions: int = 0
    wins: list[float] = field(default_factory=list)
    """Games won, a game won by k players together counting 1/k for each."""
    shared: list[int] = field(default_factory=list)
    """Games won together with other players."""
    scores: list[float] = field(default_factory=list)
    ranks: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.shared = [0] * self.players
        self.scores = [0.0] * self.players
        self.ranks = [0.0] * self.players

    def add(self, result: GameResult, order: Sequence[int] | None = None) -> None:
        """Count a game; ``order[seat]`` is the player who sat there (default: seat i is
        player i)."""
        who = list(order) if order is not None else list(range(self.players))
        self.games += 1
        self.actions += result.actions
        winners = result.outcome.winners
        for w in winners:
            self.wins[who[w]] += 1 / len(winners)
            self.shared[who[w]] += len(winners) > 1
        for seat in range(self.players):
            self.scores[who[seat]] += result.outcome.scores[seat]
            self.ranks[who[seat]] += result.outcome.ranks[seat]

    def win_share(self, player: int) -> float:
        """The share of games this player won (a shared win split between its winners)."""
        return self.wins[player] / self.games if self.games else 0.0
