"""The search bot (ISMCTS): it decides from its seat's view and determinizer only."""

from __future__ import annotations

from typing import Any

import pytest

from love_letter_helpers import match
from rumizi import bots, games
from rumizi.bots import decide, worlds_for
from rumizi.bots.arena import play_game
from rumizi.engine import Match, make_rng
from rumizi.games.love_letter.cards import VALUE
from rumizi.games.love_letter.heuristic import HeuristicBot as LoveLetterHeuristic
from rumizi.games.love_letter.search import (
    MoveRules,
    clues,
    heuristic_policy,
    inferred,
    likeliest_guesses,
)
from rumizi.games.skip_bo.search import search_bot as skip_bo_search
from rumizi.search import GameEnd, GameRules, SearchBot

LOVE_LETTER = games.load("love-letter")
SKIP_BO = games.load("skip-bo")


def twin(game: Any, state: Any, seat: int) -> Any:
    """Another true state ``seat`` cannot tell from ``state``: its hidden cards redealt."""
    for salt in range(100):
        other = game.determinize(state, seat, make_rng(salt))
        if hidden(other) != hidden(state):
            assert game.view(other, seat) == game.view(state, seat)
            return other
    raise AssertionError("no different deal found")


def hidden(state: Any) -> tuple[Any, ...]:
    """The cards' places: hands, deck (Love Letter) or draw and stock piles (Skip-Bo)."""
    return tuple(getattr(state, name, None) for name in ("hands", "deck", "draw", "stocks"))


@pytest.mark.parametrize(("game", "options"), [(LOVE_LETTER, None), (SKIP_BO, {"rounds": 1})])
def test_a_seats_determinizer_draws_the_same_worlds_from_states_it_cannot_tell_apart(
    game: Any, options: Any
) -> None:
    m = position(game, 2, 8, moves=5, options=options)
    seat = next(iter(m.to_act()))
    other = twin(game, m.state, seat)
    for salt in range(5):
        worlds = [worlds_for(game, s, seat)(make_rng(salt)) for s in (m.state, other)]
        assert hidden(worlds[0]) == hidden(worlds[1])


def position(game: Any, players: int, seed: int, moves: int, options: Any = None) -> Match:
    """A match after ``moves`` heuristic moves, with at least two legal actions to choose."""
    m = Match(game, players, seed, options)
    rng = make_rng(seed)
    heuristic = bots.make(game.id, "heuristic")
    done = 0
    while True:
        seat = next(iter(m.to_act()))
        if done >= moves and len(m.legal(seat)) > 1:
            return m
        m.apply(seat, heuristic.choose(m.view(seat), m.legal(seat), rng))
        done += 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_love_letter_search_plays_the_same_in_worlds_its_seat_cannot_tell_apart(seed: int) -> None:
    m = position(LOVE_LETTER, 2, seed, moves=2 * seed)
    seat = next(iter(m.to_act()))
    other = twin(LOVE_LETTER, m.state, seat)
    view, legal = m.view(seat), m.legal(seat)
    bot = bots.make("love-letter", "search")
    assert isinstance(bot, SearchBot)
    moves = [bot.rules.move_of(a) for a in legal]
    values = [
        bot.evaluate(seat, moves, worlds_for(LOVE_LETTER, s, seat), make_rng(9))
        for s in (m.state, other)
    ]
    assert values[0] == values[1]
    assert len(set(values[0].values())) > 1  # the search tells the moves apart
    choices = [
        decide(
            bots.make("love-letter", "search"),
            view,
            legal,
            make_rng(9),
            worlds_for(LOVE_LETTER, s, seat),
        )
        for s in (m.state, other)
    ]
    assert choices[0] == choices[1]


def test_skip_bo_search_plays_the_same_in_worlds_its_seat_cannot_tell_apart() -> None:
    m = position(SKIP_BO, 2, 4, moves=6, options={"rounds": 1})
    seat = next(iter(m.to_act()))
    other = twin(SKIP_BO, m.state, seat)
    bot = skip_bo_search("search", 40)
    moves = [bot.rules.move_of(a) for a in m.legal(seat)]
    values = [
        bot.evaluate(seat, moves, worlds_for(SKIP_BO, s, seat), make_rng(3))
        for s in (m.state, other)
    ]
    assert values[0] == values[1]


def test_the_tree_search_plays_the_same_in_worlds_its_seat_cannot_tell_apart() -> None:
    m = position(LOVE_LETTER, 3, 5, moves=1)
    seat = next(iter(m.to_act()))
    other = twin(LOVE_LETTER, m.state, seat)
    visits = []
    for state in (m.state, other):
        bot = SearchBot("tree", GameRules(LOVE_LETTER), GameEnd(LOVE_LETTER), iterations=60)
        root = bot.search(seat, worlds_for(LOVE_LETTER, state, seat), make_rng(2))
        visits.append({k: (c.visits, c.total) for k, c in root.children.items()})
    assert visits[0] == visits[1]


def test_the_search_gets_worlds_never_the_state() -> None:
    m = position(LOVE_LETTER, 2, 1, moves=0)
    seat = next(iter(m.to_act()))
    bot = bots.make("love-letter", "search")
    with pytest.raises(TypeError, match="worlds"):
        decide(bot, m.view(seat), m.legal(seat), make_rng(0))
    seen: list[Any] = []

    def worlds(rng: Any) -> Any:
        world = LOVE_LETTER.determinize(m.state, seat, rng)
        seen.append(world)
        return world

    bot.choose(m.view(seat), m.legal(seat), make_rng(0), worlds=worlds)
    assert seen and all(w is not m.state for w in seen)
    assert any(w.hands[1 - seat] != m.state.hands[1 - seat] for w in seen)


def test_tree_search_with_random_playouts_takes_a_sure_round() -> None:
    # Seat 0 holds the Baron and draws the Princess: the Baron wins the round for sure
    # (the other Princess does not exist), discarding the Princess loses it.
    m = match(
        2,
        "guard",
        "guard",
        "guard",
        "guard",
        "baron",
        "priest",
        "princess",
        first=0,
        tokens_to_win=1,
    )
    bot = SearchBot("tree", GameRules(LOVE_LETTER), GameEnd(LOVE_LETTER), iterations=200)
    action = bot.choose(
        m.view(0), m.legal(0), make_rng(1), worlds=worlds_for(LOVE_LETTER, m.state, 0)
    )
    assert action == {"card": "baron", "target": 1}
    root = bot.last_root
    assert root is not None
    best = root.children[(("card", "baron"), ("target", 1))]
    assert best.total / best.visits == 1.0


def test_search_bot_finishes_games_in_the_arena() -> None:
    players = [bots.make("love-letter", "search"), bots.make("love-letter", "heuristic")]
    result = play_game(LOVE_LETTER, players, seed=11, options={"tokens_to_win": 1})
    assert result.outcome.winners


def test_search_levels_are_listed() -> None:
    assert {"search", "search-hard"} <= set(bots.names("love-letter"))


def test_love_letters_rollout_policy_chooses_as_the_heuristic_bot_reading_the_view() -> None:
    heuristic, rules = LoveLetterHeuristic(), MoveRules()
    checked = 0
    for seed in range(30):
        m = Match(LOVE_LETTER, 2 + seed % 3, seed, None)
        rng = make_rng(seed)
        while not m.over:
            seat = next(iter(m.to_act()))
            legal = m.legal(seat)
            salt = rng.getrandbits(32)
            action = heuristic.choose(m.view(seat), legal, make_rng(salt))
            moves = rules.moves(m.state, seat)
            assert heuristic_policy(m.state, seat, moves, make_rng(salt)) == rules.move_of(action)
            checked += len(legal) > 1
            m.apply(seat, action)
    assert checked > 500


def test_love_letter_search_reads_a_countess_as_a_king_a_prince_or_the_princess() -> None:
    # Seat 1 starts with the King and draws the Countess, which it must play. A heuristic
    # player also plays the Countess beside the Princess, and never beside a lower card.
    m = match(2, "guard", "guard", "guard", "guard", "king", "priest", "countess", "guard", first=1)
    m.apply(1, {"card": "countess"})
    view, worlds = m.view(0), worlds_for(LOVE_LETTER, m.state, 0)
    assert clues(view) == [(1, VALUE["countess"], len(m.state.deck) + 1)]
    high = {VALUE[c] for c in ("prince", "king", "princess")}

    def share(draw: Any) -> float:
        rng = make_rng(4)
        hands = [draw(rng).hands[1][0] for _ in range(400)]
        return sum(h in high for h in hands) / len(hands)

    assert share(worlds) < 0.5  # 4 of the 10 cards seat 0 has not seen
    assert share(inferred(worlds, view, slack=0.1, tries=8)) > 0.75
    assert share(inferred(worlds, view, slack=1.0, tries=8)) < 0.5  # no reading: uniform


def test_love_letter_search_names_a_guards_likeliest_card_only() -> None:
    m = match(3, "guard", "guard", "priest", "baron", "guard", first=0)
    worlds = [LOVE_LETTER.determinize(m.state, 0, make_rng(i)) for i in range(3)]
    dealt = [("priest", "baron"), ("priest", "king"), ("prince", "king")]
    for w, (one, two) in zip(worlds, dealt, strict=True):
        w.hands[1], w.hands[2] = [VALUE[one]], [VALUE[two]]
    moves = MoveRules().moves(m.state, 0)
    kept = likeliest_guesses(list(moves), worlds)
    guards = sorted(move for move in kept if move[0] == VALUE["guard"])
    assert guards == [(VALUE["guard"], 1, VALUE["priest"]), (VALUE["guard"], 2, VALUE["king"])]
    assert [m for m in kept if m[0] != VALUE["guard"]] == [
        m for m in moves if m[0] != VALUE["guard"]
    ]


def test_skip_bo_search_keeps_the_heuristics_move_unless_another_is_clearly_better() -> None:
    heuristic = bots.make("skip-bo", "heuristic")
    for seed in (1, 2, 3):
        m = position(SKIP_BO, 2, seed, moves=4 * seed, options={"rounds": 1})
        seat = next(iter(m.to_act()))
        view, legal = m.view(seat), m.legal(seat)
        worlds = worlds_for(SKIP_BO, m.state, seat)
        expected = heuristic.choose(view, legal, make_rng(0))
        never = skip_bo_search("search", 20, margin=1.0)  # no move can score 1 better
        assert never.choose(view, legal, make_rng(seed), worlds=worlds) == expected
