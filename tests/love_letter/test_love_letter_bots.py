"""Love Letter bots: they decide from their view alone, and the heuristic beats random play."""

from __future__ import annotations

from love_letter_helpers import GAME, match
from rumizi.bots import make
from rumizi.bots.arena import Tally, play_game
from rumizi.engine import make_rng
from rumizi.games.love_letter.cards import VALUE
from rumizi.games.love_letter.heuristic import HeuristicBot, beliefs, unseen_cards


def test_the_heuristic_guards_a_card_it_saw_with_the_priest() -> None:
    m = match(3, "princess", "priest", "king", "guard", "guard", "guard", "guard", "guard")
    m.apply(0, {"card": "priest", "target": 1})
    m.apply(1, {"card": "guard", "target": 2, "guess": "priest"})
    m.apply(2, {"card": "guard", "target": 1, "guess": "baron"})
    view = m.view(0)
    assert view["known"][1] == "king"
    action = HeuristicBot().choose(view, m.legal(0), make_rng(0))
    assert action == {"card": "guard", "target": 1, "guess": "king"}


def test_the_heuristic_never_throws_away_the_princess() -> None:
    m = match(3, "guard", "princess", "guard", "guard", "priest")
    action = HeuristicBot().choose(m.view(0), m.legal(0), make_rng(0))
    assert action["card"] == "priest"


def test_the_heuristic_plays_the_countess_to_keep_the_princess() -> None:
    m = match(3, "guard", "princess", "guard", "guard", "countess")
    assert HeuristicBot().choose(m.view(0), m.legal(0), make_rng(0)) == {"card": "countess"}


def test_card_counting_uses_only_what_the_seat_has_seen() -> None:
    m = match(2, "princess", "king", "countess", "baron", "priest", "guard", "handmaid")
    view = m.view(0)
    pool = unseen_cards(view)
    assert pool[VALUE["princess"]] == 1  # set aside, but seat 0 cannot know it
    assert pool[VALUE["king"]] == 0 and pool[VALUE["priest"]] == 1  # face up / own hand
    odds = beliefs(view)[1]
    assert abs(sum(odds.values()) - 1) < 1e-9 and odds[VALUE["guard"]] > odds[VALUE["priest"]]


def test_the_heuristic_wins_at_least_half_of_four_player_games_against_random() -> None:
    seats = [make("love-letter", "heuristic")] + [make("love-letter") for _ in range(3)]
    tally = Tally(4)
    for seed in range(2000):
        tally.add(play_game(GAME, seats, seed))
    assert tally.win_share(0) >= 0.5, tally.win_share(0)
