"""The greedy and heuristic bots: each rule of their play on a stacked deck, and strength."""

from __future__ import annotations

from typing import Any

from skip_bo_helpers import (
    END_TURN,
    GAME,
    RUN_OUT_HANDS,
    SB,
    discard,
    hand,
    match,
    play,
    run_out,
    stock,
    to_third_turn,
)

from rumizi.bots import make, names
from rumizi.bots.arena import play_game
from rumizi.engine import Match, make_rng
from rumizi.games.skip_bo.heuristic import GreedyBot, HeuristicBot, greedy_code


def choice(bot: Any, m: Match, seed: int = 0) -> dict[str, Any]:
    seat = next(iter(m.to_act()))
    action: dict[str, Any] = bot.choose(m.view(seat), m.legal(seat), make_rng(seed))
    return action


def test_skip_bo_offers_random_greedy_heuristic_and_search_bots() -> None:
    assert names("skip-bo") == ["random", "greedy", "heuristic", "search"]
    assert make("skip-bo", "heuristic").name == "heuristic"
    assert make("skip-bo", "search").name == "search"


# ---------------------------------------------------------------- greedy


def test_greedy_plays_its_stock_card_first_then_builds_then_discards() -> None:
    m = match(2, stocks=[[2, 12]], draw=[1, 9, 9, 9, 9])
    bot = GreedyBot()
    assert choice(bot, m) == {"from": "hand", "card": 1, "to": "build", "to_pile": 0}
    play(m, 0, 1, 0)
    assert choice(bot, m) == {"from": "stock", "to": "build", "to_pile": 0}
    stock(m, 0, 0)
    assert choice(bot, m)["to"] == "discard"


def test_greedy_over_ints_and_over_json_make_the_same_choices() -> None:
    a = Match(GAME, 4, seed=3, options={"rounds": 1})
    b = Match(GAME, 4, seed=3, options={"rounds": 1})
    rng_a, rng_b = make_rng(9), make_rng(9)
    bot = GreedyBot()
    while not a.over:
        seat = next(iter(a.to_act()))
        a.apply(seat, bot.choose(a.view(seat), a.legal(seat), rng_a))
        code = greedy_code(GAME.legal_codes(b.state, seat), rng_b)
        GAME.apply_code(b.state, seat, code, b._rng)
    assert a.state == b.state and b.state.winners is not None


# ------------------------------------------------------------- heuristic


def test_heuristic_chains_hand_and_discard_cards_to_its_stock_card() -> None:
    m = match(2, stocks=[[4, 12], [12]], draw=[9, 3, 12, 12, 12, 11, 11, 11, 11, 11, 1, 11, 2])
    discard(m, 0, 3)  # discard pile 0: 3
    discard(m, 1, 11)
    discard(m, 0, 12, 1)
    discard(m, 1, 11)
    bot = HeuristicBot()
    steps = []
    while m.view(0)["stock_tops"][0] == 4:
        action = choice(bot, m)
        steps.append((action["from"], action.get("card"), action["to"]))
        m.apply(0, action)
    assert steps == [
        ("hand", 1, "build"),
        ("hand", 2, "build"),
        ("discard", None, "build"),
        ("stock", None, "build"),
    ]


def test_heuristic_chains_with_number_cards_before_skip_bo_cards() -> None:
    m = match(2, stocks=[[4, 12]], draw=[1, 2, 3, SB, SB])
    play(m, 0, 1, 0)  # pile 0 needs 2; 2 and 3 reach the stock card without a SKIP-BO
    bot = HeuristicBot()
    assert choice(bot, m) == {"from": "hand", "card": 2, "to": "build", "to_pile": 0}
    play(m, 0, 2, 0)
    assert choice(bot, m) == {"from": "hand", "card": 3, "to": "build", "to_pile": 0}


def test_heuristic_spends_skip_bo_cards_only_to_reach_its_stock() -> None:
    m = match(2, stocks=[[9, 12], [12]], draw=[SB, SB, 5, 7, 11])
    action = choice(HeuristicBot(), m)
    assert action["to"] == "discard" and action["card"] != SB
    m = match(2, stocks=[[3, 12], [12]], draw=[SB, 1, 7, 7, 11])
    assert choice(HeuristicBot(), m) == {"from": "hand", "card": 1, "to": "build", "to_pile": 0}
    play(m, 0, 1, 0)
    assert choice(HeuristicBot(), m) == {"from": "hand", "card": SB, "to": "build", "to_pile": 0}


def test_heuristic_blocks_the_next_player_whose_stock_card_is_next_on_a_pile() -> None:
    m = match(2, stocks=[[12, 12], [3, 12]], draw=[1, 1, 2, 3, 12, 11, 11, 11, 11, 11, 10])
    discard(m, 0, 1)  # discard pile 0: a 1, which a new pile would take
    discard(m, 1, 11)
    play(m, 0, 1, 0)
    play(m, 0, 2, 0)  # pile 0 now needs 3: seat 1's stock card
    assert choice(HeuristicBot(), m) == {"from": "hand", "card": 3, "to": "build", "to_pile": 0}


def test_heuristic_does_not_hand_the_next_player_its_stock_card() -> None:
    m = match(2, stocks=[[12, 12], [3, 12]], draw=[1, 2, 9, 9, 11])
    play(m, 0, 1, 0)  # playing the 2 now would make seat 1's 3 playable
    action = choice(HeuristicBot(), m)
    assert action["to"] == "discard"
    assert GreedyBot().choose(m.view(0), m.legal(0), make_rng(0))["to"] == "build"


def test_heuristic_discards_so_that_its_piles_run_downwards() -> None:
    m = match(2, stocks=[[12, 12], [12]], draw=[10, 8, 8, 8, 8, 11, 11, 11, 11, 11, 9, 11, 4])
    discard(m, 0, 10)
    discard(m, 1, 11)
    action = choice(HeuristicBot(), m)  # hand 8 8 8 8 9: the 9 goes on the 10
    assert action == {"from": "hand", "card": 9, "to": "discard", "to_pile": 0}


def test_with_an_empty_hand_the_bots_play_their_stock_card_and_heuristic_then_ends() -> None:
    """Nothing in hand and nothing to draw: greedy plays whatever fits; the heuristic plays
    what helps (its stock card) and ends the turn rather than spend a SKIP-BO for nothing."""
    hands = [[1, 2, 3, 4, SB], *RUN_OUT_HANDS[1:]]
    m = run_out([[7, 12], [12], [12], [12], [12], [12]], hands)
    assert m.to_act() == {0} and hand(m, 0) == []  # the SKIP-BO on discard pile 0 fits
    assert choice(HeuristicBot(), m) == END_TURN  # ... but does not reach the stock's 7
    assert choice(GreedyBot(), m)["from"] == "discard"
    m.apply(0, END_TURN)
    to_third_turn(m)
    for bot in (HeuristicBot(), GreedyBot()):
        assert choice(bot, m) == {"from": "stock", "to": "build", "to_pile": 0}
    stock(m, 0, 0)  # a 12 comes up: one SKIP-BO cannot take pile 0 from 8 to 12
    assert choice(HeuristicBot(), m) == END_TURN
    assert choice(GreedyBot(), m)["from"] == "discard"
    m.apply(0, END_TURN)
    assert m.to_act() == {1} and m.view(1)["discards"][0][0] == [SB]


def test_heuristic_beats_greedy_in_two_player_rounds() -> None:
    """The benchmark plays 1,000 rounds; here 80 (seats alternated) must give 65% or more."""
    wins = 0
    rounds = 80
    for i in range(rounds):
        seat = i % 2
        bots: list[Any] = [GreedyBot(), GreedyBot()]
        bots[seat] = HeuristicBot()
        result = play_game(GAME, bots, 500 + i, {"rounds": 1, "stock_size": 15})
        wins += seat in result.outcome.winners
    assert wins / rounds >= 0.65
