"""Search bots think in the server's process pool, and decide there exactly as they would
in process: same view, same legal actions, same determinizer, same seed, same action."""

from __future__ import annotations

import asyncio
import random

from rumizi import bots, games
from rumizi.bots.seat import BotSeat
from rumizi.engine import Action, Match
from rumizi.server.room.seating import BotSeats
from rumizi.server.room.thinking import Thinkers, think, thought

GAME = games.load("love-letter")


def position(seed: int, moves: int) -> Match:
    """A two-player match after ``moves`` heuristic moves."""
    match = Match(GAME, 2, seed, {})
    heuristic, rng = bots.make("love-letter", "heuristic"), random.Random(seed)
    for _ in range(moves):
        seat = next(iter(match.to_act()))
        match.apply(seat, heuristic.choose(match.view(seat), match.legal(seat), rng))
    return match


def test_a_thought_decides_as_the_bot_does_in_process() -> None:
    for seed in range(4):
        match = position(seed, 3)
        seat = next(iter(match.to_act()))
        legal = match.legal(seat)
        due = thought(match, "search", seat, legal, seed=seed)
        here = BotSeat(bots.make("love-letter", "search"), seat).choose(
            match.view(seat),
            legal,
            random.Random(seed),
            worlds=bots.worlds_for(GAME, match.state, seat),
        )
        assert think(due) == here


def test_a_thought_is_the_position_when_it_was_due() -> None:
    match = position(7, 2)
    seat = next(iter(match.to_act()))
    legal = match.legal(seat)
    due = thought(match, "search", seat, legal, seed=1)
    expected = think(due)
    match.apply(seat, legal[0])  # the table moves on while the bot waits its turn
    assert think(due) == expected


def test_search_bots_play_a_match_through_the_pool_and_others_in_threads() -> None:
    async def play() -> tuple[Match, int]:
        match = Match(GAME, 2, 5, {"tokens_to_win": 2})
        thinkers = Thinkers(1)
        moved = asyncio.Event()

        async def act(seat: int, action: Action, index: int | None) -> None:
            assert index == len(match.log)
            match.apply(seat, action)
            moved.set()

        seats = BotSeats("love-letter", 0.0, act, act, thinkers)
        levels = {0: "search", 1: "heuristic"}
        try:
            while not match.over:
                moved.clear()
                seats.schedule(match, levels.get)
                await asyncio.wait_for(moved.wait(), 60)
        finally:
            thinkers.close()
        return match, thinkers.decisions

    match, pooled = asyncio.run(play())
    assert match.over
    searching = [entry for entry in match.log if entry.seat == 0]
    assert pooled == len(searching) > 0  # every move of the search seat came from the pool


def test_only_bots_that_search_without_a_memory_go_to_the_pool() -> None:
    thinkers = Thinkers(2)
    assert thinkers.takes(bots.make("love-letter", "search"))
    assert not thinkers.takes(bots.make("love-letter", "heuristic"))
    assert not Thinkers(0).takes(bots.make("love-letter", "search"))
