"""Stacked-deck matches and short action builders for the Skip-Bo tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rumizi.engine import Event, Match
from rumizi.games.skip_bo.cards import DECK_COUNTS, arrange
from rumizi.games.skip_bo.options import default_stock_size
from rumizi.games.skip_bo.rules import GAME
from rumizi.games.skip_bo.state import SkipBoState

SB = "skip-bo"

__all__ = ["GAME", "SB"]

END_TURN = {"type": "end_turn"}
RUN_OUT_HANDS: list[list[Any]] = [
    [1, 2, 3, 4, 12],
    [5, 6, 10, 10, 10],
    [11] * 5,
    [11] * 5,
    [10] * 5,
    [9] * 5,
]
"""The six first hands of ``run_out``; each seat discards the last card of its own."""


def match(
    players: int,
    stocks: list[list[Any]] | None = None,
    draw: list[Any] | None = None,
    seed: int = 0,
    **options: Any,
) -> Match:
    """A match on a stacked deck: ``stocks[p]`` top first, then the draw pile top first."""
    size = options.get("stock_size", default_stock_size(players))
    deck = arrange(players, size, stocks or [], draw or [])
    return Match(GAME, players, seed=seed, options={"deck": deck, **options})


def hand(m: Match, seat: int) -> list[Any]:
    return list(m.view(seat)["hand"])


def build(m: Match) -> list[list[Any]]:
    return [list(p) for p in m.view(None)["building"]]


def values(m: Match) -> list[int]:
    """Each building pile's value (0: empty)."""
    return [len(p) for p in m.view(None)["building"]]


def play(m: Match, seat: int, card: Any, pile: int) -> list[Event]:
    """Play ``card`` from the hand onto building pile ``pile``."""
    return m.apply(seat, {"from": "hand", "card": card, "to": "build", "to_pile": pile})


def stock(m: Match, seat: int, pile: int, partner: bool = False) -> list[Event]:
    origin = "partner_stock" if partner else "stock"
    return m.apply(seat, {"from": origin, "to": "build", "to_pile": pile})


def from_discard(m: Match, seat: int, src: int, pile: int, partner: bool = False) -> list[Event]:
    origin = "partner_discard" if partner else "discard"
    return m.apply(seat, {"from": origin, "from_pile": src, "to": "build", "to_pile": pile})


def discard(m: Match, seat: int, card: Any, pile: int = 0) -> list[Event]:
    """End the turn: ``card`` from the hand onto discard pile ``pile``."""
    return m.apply(seat, {"from": "hand", "card": card, "to": "discard", "to_pile": pile})


def run_out(stocks: list[list[Any]], hands: list[list[Any]] | None = None, **options: Any) -> Match:
    """Six players with stock piles of 22: the 30 cards of the draw pile are the six first
    hands, so nothing is left to draw after the first cycle, in which every seat discards
    the last card of its hand (``RUN_OUT_HANDS`` by default) on its discard pile 0.
    In its second turn seat 0 plays its 1, 2, 3 and 4 on building pile 0: its hand is empty
    and there is nothing to draw."""
    hands = hands or RUN_OUT_HANDS
    m = match(6, stocks, draw=[c for h in hands for c in h], stock_size=22, **options)
    for seat in range(6):
        discard(m, seat, hands[seat][-1])
    assert m.view(0)["draw"] == 0
    for card in (1, 2, 3, 4):
        play(m, 0, card, 0)
    return m


def to_third_turn(m: Match) -> None:
    """After ``run_out``: seat 1 plays its 5 and 6 on building pile 0 (which now needs a 7),
    then seats 1–5 discard on their discard pile 1: seat 0 begins its third turn with an
    empty hand and nothing to draw."""
    play(m, 1, 5, 0)
    play(m, 1, 6, 0)
    for seat in range(1, 6):
        discard(m, seat, hand(m, seat)[0], 1)
    assert m.to_act() == {0} and hand(m, 0) == [] and values(m)[0] == 6


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def cards_in_play(s: SkipBoState) -> Counter[int]:
    cards: Counter[int] = Counter(s.draw)
    for group in (s.stocks, s.hands, s.build):
        for pile in group:
            cards.update(pile)
    for piles in s.discards:
        for pile in piles:
            cards.update(pile)
    return cards


def assert_all_cards(m: Match) -> None:
    """All 162 cards are somewhere, every one of them once."""
    got = cards_in_play(m.state)
    assert got == DECK_COUNTS, (
        f"cards not conserved: {got - DECK_COUNTS} extra, {DECK_COUNTS - got} missing"
    )
