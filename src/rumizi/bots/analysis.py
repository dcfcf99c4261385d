"""Post-game analysis: the search bot weighs each decision of one seat in a finished match.

For every position where the seat had a choice, the search (``SearchBot.evaluate``) tries
each legal action in worlds drawn from **that seat's** determinizer at that moment — what
it knew then, nothing it learnt later and nothing it never saw — and estimates the reward
of each (for Love Letter: the chance of winning the round). A decision's *cost* is the
best action's estimate minus the played one's; the costliest are where the game was lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from rumizi.engine import Action, Game, Match, make_rng
from rumizi.search import SearchBot

from . import make, names, worlds_for


@dataclass(frozen=True)
class Decision:
    """One choice of the analysed seat."""

    index: int
    """Its place in the match log (the position before it has ``index`` entries)."""
    played: Action
    played_value: float
    best: Action
    best_value: float
    choices: int

    @property
    def cost(self) -> float:
        return max(0.0, self.best_value - self.played_value)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "cost": self.cost}


def positions(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    log: Iterable[Sequence[Any]],
    seat: int,
) -> Iterator[tuple[int, Any, Action]]:
    """Replay the match; yield ``(index, state, played action)`` at each of ``seat``'s
    choices with more than one legal action. The state is the true one: the analysis
    hands the search only ``worlds_for`` it, from ``seat``."""
    match = Match(game, players, seed, options)
    for index, (s, action) in enumerate(log):
        s = int(s)
        if s == seat and len(match.legal(seat)) > 1:
            yield index, match.state, dict(action)
        match.apply(s, dict(action))


def weigh(
    game: Game, bot: SearchBot, seat: int, index: int, state: Any, played: Action, seed: int = 0
) -> Decision:
    """The search's estimate of every legal action at one position, from ``seat``'s
    determinizer only (the same random numbers for a given ``seed`` and ``index``)."""
    legal = game.legal(state, seat)
    by_move = {bot.rules.move_of(a): a for a in legal}
    values = bot.evaluate(
        seat, list(by_move), worlds_for(game, state, seat), make_rng(seed * 1_000_003 + index)
    )
    best = max(values, key=lambda m: values[m])
    mine = bot.rules.move_of(played)
    return Decision(index, played, values[mine], by_move[best], values[best], len(legal))


def analyse(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    log: Iterable[Sequence[Any]],
    seat: int,
    level: str = "search",
    seconds: float | None = None,
) -> list[Decision]:
    """Every decision of ``seat`` in a finished match, weighed by the ``level`` search bot;
    ``seconds``: the whole analysis thinks about this long at most, each decision getting
    an equal share (its playouts stop there, as a search bot's do)."""
    bot = make(game.id, level)
    if not isinstance(bot, SearchBot):
        raise ValueError(f"{level!r} is not a search level of {game.id}")
    log = [list(entry) for entry in log]
    if seconds is not None:
        decisions = sum(1 for _ in positions(game, players, seed, options, log, seat))
        bot.seconds = seconds / max(1, decisions)
    return [
        weigh(game, bot, seat, index, state, played, seed)
        for index, state, played in positions(game, players, seed, options, log, seat)
    ]


def search_level(game_id: str) -> str | None:
    """The quickest search level of a game (the one that judges by default), if it has one."""
    found = [n for n in names(game_id) if isinstance(make(game_id, n), SearchBot)]
    return found[0] if found else None


def costliest(decisions: Sequence[Decision], count: int = 3, floor: float = 0.05) -> list[int]:
    """The log indices of the costliest decisions (at most ``count``, each costing at least
    ``floor``): where the game was lost."""
    ranked = sorted((d for d in decisions if d.cost >= floor), key=lambda d: -d.cost)
    return sorted(d.index for d in ranked[:count])
