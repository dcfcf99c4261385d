"""Skip-Bo's search level: its playouts read what each seat sees, and it searches only the
moves that can change what its playouts see."""

from __future__ import annotations

from typing import Any

import pytest

from rumizi import bots, games
from rumizi.engine import Match, make_rng
from rumizi.games.skip_bo.encode import encode
from rumizi.games.skip_bo.heuristic import Table, decide
from rumizi.games.skip_bo.search import candidates, is_building_play, search_bot, table_of

SKIP_BO = games.load("skip-bo")


def positions(players: int, seed: int, options: dict[str, Any]) -> Any:
    """Every position of a heuristic round, with the seat to move."""
    m = Match(SKIP_BO, players, seed, options)
    rng = make_rng(seed)
    heuristic = bots.make("skip-bo", "heuristic")
    while not m.over:
        seat = next(iter(m.to_act()))
        yield m, seat
        m.apply(seat, heuristic.choose(m.view(seat), m.legal(seat), rng))


def plain(t: Table) -> Table:
    """The table with its piles as fresh lists (``table_of`` shares the world's)."""
    t.stacks = [(source, list(cards)) for source, cards in t.stacks]
    t.own_piles = [list(pile) for pile in t.own_piles]
    return t


@pytest.mark.parametrize(
    ("players", "options"), [(2, {"rounds": 1}), (4, {"rounds": 1, "teams": True})]
)
def test_playouts_read_each_seat_as_the_heuristic_reads_its_view(
    players: int, options: dict[str, Any]
) -> None:
    checked = 0
    for m, _ in positions(players, 3, options):
        for seat in range(players):
            assert plain(table_of(m.state, seat)) == Table.read(m.view(seat))
            checked += 1
    assert checked > 300


def test_the_search_tries_every_building_play_and_one_way_to_end_the_turn() -> None:
    checked = 0
    for m, seat in positions(2, 5, {"rounds": 1}):
        table = Table.read(m.view(seat))
        legal = [encode(a) for a in m.legal(seat)]
        ends = [c for c in legal if not is_building_play(c)]
        builds = [c for c in legal if is_building_play(c)]
        moves = candidates(table, legal)
        assert moves[0] == decide(table, set(legal))  # the heuristic's move first
        assert len(set(moves)) == len(moves) and set(builds) <= set(moves)
        closing = [c for c in moves if not is_building_play(c)]
        assert closing == ([decide(table, set(ends))] if ends else [])
        checked += bool(builds) and len(ends) > 1
    assert checked > 20


def test_a_closing_discard_with_no_building_play_left_is_the_heuristics_without_search() -> None:
    def no_worlds(rng: Any) -> Any:
        raise AssertionError("searched a move whose playouts could not differ")

    heuristic = bots.make("skip-bo", "heuristic")
    checked = 0
    for m, seat in positions(2, 6, {"rounds": 1}):
        legal = m.legal(seat)
        if len(legal) > 1 and not any(is_building_play(encode(a)) for a in legal):
            bot = search_bot("search", 20)
            expected = heuristic.choose(m.view(seat), legal, make_rng(0))
            assert bot.choose(m.view(seat), legal, make_rng(1), worlds=no_worlds) == expected
            checked += 1
    assert checked > 20
