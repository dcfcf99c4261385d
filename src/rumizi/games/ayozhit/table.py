"""Ayozhit's decks and table: stacking the decks (options ``deck`` and ``words``), laying
pictures with no icon twice, and replacing a row after each round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rumizi.engine import BadOptions, Event, Rng, public, shuffle
from rumizi.engine.errors import shown

from .cards import picture_icons, picture_ids
from .state import COLUMNS, TABLE_SIZE, AyozhitState

#: The row replaced after each round: the bottom after round 1, the middle after round 2,
#: the top after round 3 — and the bottom again before a tie-break round ([decision]).
ROW_AFTER_ROUND: Mapping[int, int] = MappingProxyType({1: 2, 2: 1, 3: 0, 4: 2})


def stacked_deck(
    options: Mapping[str, Any], key: str, numbers: Mapping[str, int], what: str, rng: Rng
) -> list[int]:
    """A shuffled deck (top card last); option ``key`` lists ids to put on top, top first.

    Unlike the other games' full stacked decks, the list may be partial: the cards it does
    not name follow in shuffled order ([decision]: 352 pictures are too many to list).
    """
    cards = list(range(len(numbers)))
    shuffle(rng, cards)
    stacked = options.get(key)
    if stacked is None:
        return cards
    if isinstance(stacked, str) or not isinstance(stacked, Sequence):
        raise BadOptions(f"{key} must be a list of {what} ids, top first")
    top: list[int] = []
    for card in stacked:
        if not isinstance(card, str) or card not in numbers:
            raise BadOptions(f"{key}: unknown {what} {shown(card)}")
        if numbers[card] in top:
            raise BadOptions(f"{key}: the {what} {shown(card)} is listed twice")
        top.append(numbers[card])
    on_top = set(top)
    rest = [c for c in cards if c not in on_top]
    return rest + top[::-1]


def deal(state: AyozhitState, positions: list[int]) -> None:
    """Lay a picture at each of ``positions`` (emptied first). No icon may show twice on
    the table: a picture that would repeat one goes under the deck and the next is dealt."""
    if not state.table:
        state.table = [-1] * TABLE_SIZE
    for position in positions:
        state.table[position] = -1
    icons = picture_icons()
    shown = set().union(*(icons[p] for p in state.table if p >= 0))
    for position in positions:
        for _ in range(len(state.deck)):
            picture = state.deck.pop()
            if icons[picture].isdisjoint(shown):
                break
            state.deck.insert(0, picture)
        else:  # pragma: no cover - the deck holds hundreds of pictures
            raise RuntimeError("no picture left that repeats no icon on the table")
        state.table[position] = picture
        shown |= icons[picture]


def replace_row(state: AyozhitState, row: int, events: list[Event]) -> None:
    """Deal a new picture at each place of ``row`` and tell everyone the new row."""
    positions = list(range(row * COLUMNS, (row + 1) * COLUMNS))
    deal(state, positions)
    ids = picture_ids()
    events.append(
        public("row_replaced", row=row, pictures=[ids[state.table[p]] for p in positions])
    )
