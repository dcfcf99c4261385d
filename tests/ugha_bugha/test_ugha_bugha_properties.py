"""Seeded whole games through the engine contract: no leaks, cards conserved, replays,
refused bad actions — and no view or event ever holds the chain below the top card except
the recitation events themselves.

Random play almost never wins a chain (the games end when the cards run out), so most
games here are played by the memory bots, which hear only what their seat may hear.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from ugha_bugha_helpers import GAME, card_strings

from rumizi.bots import RandomBot
from rumizi.engine import Match, make_rng
from rumizi.games.ugha_bugha.bots import MemoryBot
from rumizi.games.ugha_bugha.cards import DECK_COUNTS, IDS
from rumizi.testing import assert_no_leak, assert_rejected, assert_replays, random_playout

Check = Callable[[Match, list[Any]], None]


def conserved(match: Match, new: list[Any]) -> None:
    state = match.state
    cards = [c for hand in state.hands for c in hand] + state.deck + state.pile + state.set_aside
    assert Counter(cards) == DECK_COUNTS


def play(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    level: str = "hard",
    checks: tuple[Check, ...] = (conserved,),
    views: bool = True,
    timeout_every: int = 0,
) -> Match:
    """A seeded game of bots (``level``, or ``random``), checking the contract each step."""
    match = Match(GAME, players, seed=seed, options=options)
    bots = [RandomBot() if level == "random" else MemoryBot(level) for _ in range(players)]
    heard = [0] * players
    rng = make_rng(seed ^ 0xC0FFEE)
    bot_rng = make_rng(seed)
    steps = 0
    first = 0
    while not match.over:
        steps += 1
        assert steps < 20_000, "the game did not end"
        for check in checks:
            check(match, match.events[first:])
        first = len(match.events)
        if views:
            assert_no_leak(GAME, match.state, rng, tries=1)
        acting = sorted(match.to_act())
        if timeout_every and steps % timeout_every == 0 and match.deadline() is not None:
            match.timeout()
            continue
        idle = [s for s in range(players) if s not in acting]
        if idle:
            assert_rejected(
                GAME, match.state, idle[steps % len(idle)], match.legal(acting[0])[0], rng
            )
        seat = acting[rng.randrange(len(acting))]
        assert_rejected(GAME, match.state, seat, {"no such": "field"}, rng)
        bot = bots[seat]
        if isinstance(bot, MemoryBot):
            bot.hear(e.to_json() for e in match.events_for(seat, heard[seat]))
            heard[seat] = len(match.events)
        match.apply(seat, bot.choose(match.view(seat), match.legal(seat), bot_rng))
    for check in checks:
        check(match, match.events[first:])
    assert_replays(match)
    return match


@pytest.mark.parametrize("variant", ["referee", "challenges"])
@pytest.mark.parametrize("players", range(3, 9))
def test_bot_games_keep_the_contract(players: int, variant: str) -> None:
    match = play(players, seed=players, options={"variant": variant, "tokens_to_win": 2})
    outcome = match.outcome()
    assert outcome is not None and max(outcome.scores) >= 1


def test_games_with_timeouts_keep_the_contract() -> None:
    for seed, variant in ((1, "referee"), (2, "challenges")):
        play(5, seed, {"variant": variant, "tokens_to_win": 1}, level="heuristic", timeout_every=9)


@pytest.mark.parametrize("variant", ["referee", "challenges"])
def test_the_shared_random_playout_passes(variant: str) -> None:
    """``rumizi.testing.random_playout``: random legal play (which ends when the cards run
    out), with bad actions of every kind refused and the state unchanged."""

    def bad(state: Any, seat: int) -> list[Any]:
        return [
            {"type": "flip", "position": 99},
            {"type": "say", "item": "repeat"},
            {"type": "ha", "point": seat},
            {"type": "shout"},
        ]

    for seed in range(2):
        match = random_playout(
            GAME,
            5,
            seed,
            {"variant": variant},
            bad_actions=bad,
            on_step=lambda m: conserved(m, []),
            timeout_every=5,
        )
        assert_replays(match)


def test_random_play_ends_when_the_cards_run_out() -> None:
    for seed in range(3):
        match = play(4, seed, {"variant": ("referee", "challenges")[seed % 2]}, level="random")
        assert match.events[-1].data["reason"] == "out_of_cards"


def test_games_end_for_every_level_and_variant() -> None:
    for level in ("easy", "heuristic", "hard"):
        for variant in ("referee", "challenges"):
            match = play(4, 3, {"variant": variant}, level=level, views=False)
            assert match.over


def scan(match: Match, new: list[Any]) -> None:
    """Views and events may name a card only as the top card, the card just flipped onto
    the pile, or an item of a recitation."""
    state = match.state
    for seat in [*range(match.players), None]:
        view = match.view(seat)
        found = card_strings(view)
        top = [(("top",), IDS[state.pile[-1]])] if state.pile else []
        assert found == top, (seat, found)
        for event in new:
            if not event.visible_to(seat):
                continue
            data = event.to_json()
            hits = card_strings(data)
            if data["kind"] == "said":
                assert [path for path, _ in hits] == [("item",)]
            elif data["kind"] == "flipped":
                assert [path for path, _ in hits] == [("card",)]
            else:
                assert hits == [], data


def flipped_cards_become_the_top(match: Match, new: list[Any]) -> None:
    """A flip is its own action: its card is the top card right after it."""
    if new and new[-1].kind == "flipped":
        assert new[-1].data["card"] == IDS[match.state.pile[-1]]
        assert new[-1].data["chain"] == len(match.state.pile)


@pytest.mark.parametrize("variant", ["referee", "challenges"])
def test_no_view_or_event_holds_the_chain_below_the_top_card(variant: str) -> None:
    for seed in range(3):
        match = play(
            4 + seed,
            seed,
            {"variant": variant, "tokens_to_win": 1},
            checks=(scan, flipped_cards_become_the_top),
            views=False,
            timeout_every=23,
        )
        said = [e for e in match.events if e.kind == "said"]
        assert said and all(e.public for e in said)  # heard by every seat, item by item
