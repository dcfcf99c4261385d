"""Integer actions, legal masks and observation vectors of every game in the RL face."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from rumizi.engine import IllegalAction, make_rng
from rumizi.games.love_letter import encode as ll_codes
from rumizi.games.skip_bo import observe as sb_obs
from rumizi.games.ugha_bugha import encode as ub_codes
from rumizi.games.ugha_bugha import observe as ub_obs
from rumizi.rl import spec as rl_spec

CASES = [
    ("love-letter", 2, {}),
    ("love-letter", 4, {}),
    ("skip-bo", 2, {"stock_size": 5, "rounds": 1}),
    ("skip-bo", 4, {"stock_size": 5, "rounds": 1, "teams": True}),
    ("ugha-bugha", 3, {"turn_seconds": None}),
    ("ugha-bugha", 5, {"turn_seconds": None, "variant": "challenges"}),
    ("ayozhit", 3, {}),
    ("ayozhit", 6, {}),
]


def test_the_three_playable_games_are_in_the_rl_face() -> None:
    assert {"love-letter", "skip-bo", "ugha-bugha", "ayozhit"} <= set(rl_spec.ids())


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_codes_masks_and_vectors_along_random_games(game_id, players, options) -> None:
    """At every step: each legal action has its own code, which decodes back to it; the
    mask marks exactly those codes; every seat's vector has the documented size, lies in
    0–1 and is the same in a world determinized for that seat (it comes from the view)."""
    table = rl_spec.Table(rl_spec.load(game_id), players, options)
    rng = make_rng(7)
    steps = 0
    for seed in range(3):
        table.reset(seed)
        while table.outcome() is None and steps < 600:
            seats = sorted(table.to_act())
            seat = seats[rng.randrange(len(seats))]
            legal = table.game.legal(table.state, seat)
            codes = [table.spec.encode(a, seat, players) for a in legal]
            assert len(set(codes)) == len(codes), f"two legal actions share a code: {legal}"
            assert all(0 <= c < table.num_actions for c in codes)
            for action, code in zip(legal, codes, strict=True):
                assert table.spec.decode(code, seat, players) == action
            mask = table.mask(seat)
            assert mask.dtype == np.int8 and mask.shape == (table.num_actions,)
            assert sorted(np.flatnonzero(mask)) == sorted(codes)
            for other in range(players):
                if other not in table.to_act():
                    assert not table.mask(other).any()
            if steps % 5 == 0:
                _check_vectors(table, rng)
            table.act(seat, codes[rng.randrange(len(codes))])
            steps += 1
    assert steps > 100


def _check_vectors(table: rl_spec.Table, rng) -> None:
    spec = table.spec
    for seat in range(table.players):
        obs = table.observe(seat)
        assert obs.dtype == np.float32 and obs.shape == (table.observation_size,)
        assert np.all(obs >= 0) and np.all(obs <= 1)
        mine = spec.observe(table.game.view(table.state, seat), seat, table.players)
        assert np.array_equal(obs, mine), f"seat {seat}'s vector is not its view's"
        world = table.game.determinize(table.state, seat, rng)
        seen = spec.observe(table.game.view(world, seat), seat, table.players)
        assert np.array_equal(obs, seen), f"seat {seat}'s vector differs in its own world"
        if spec.observe_state is not None:
            imagined = spec.observe_state(world, seat, table.players)
            assert np.array_equal(obs, imagined), f"seat {seat}'s fast vector leaks"


FAST = [case for case in CASES if rl_spec.load(case[0]).observe_state is not None]


@pytest.mark.parametrize(("game_id", "players", "options"), FAST)
def test_observe_state_is_the_vector_of_the_view(game_id, players, options) -> None:
    """The fast path gives exactly ``observe`` of the view, for every seat at every step
    of random games (the other test checks it in every world a seat could imagine)."""
    spec = rl_spec.load(game_id)
    assert spec.observe_state is not None
    table = rl_spec.Table(spec, players, options)
    rng = make_rng(11)
    steps = games = 0
    while steps < 600 or games < 2:
        table.reset(100 + games)
        games += 1
        while table.outcome() is None and steps < 1500:
            for seat in range(players):
                view = table.game.view(table.state, seat)
                slow = spec.observe(view, seat, players)
                fast = spec.observe_state(table.state, seat, players)
                assert fast.dtype == np.float32
                assert np.array_equal(fast, slow), (seat, np.flatnonzero(fast != slow))
            seats = sorted(table.to_act())
            seat = seats[rng.randrange(len(seats))]
            codes = table.codes(seat)
            table.act(seat, codes[rng.randrange(len(codes))])
            steps += 1
        assert np.array_equal(
            spec.observe_state(table.state, 0, players),
            spec.observe(table.game.view(table.state, 0), 0, players),
        )  # the game's end too


def test_love_letter_codes_name_seats_relative_to_the_player() -> None:
    guard = {"card": "guard", "target": 1, "guess": "princess"}
    assert ll_codes.encode(guard, 0, 2) == 8 + 11 * 1 + 4 + 6
    # the same code played by seat 1 names seat 0: "the next player"
    assert ll_codes.decode(8 + 11 + 4 + 6, 1, 2) == {**guard, "target": 0}
    assert ll_codes.encode({"card": "prince", "target": 3}, 3, 4) == 8 + 2
    assert ll_codes.encode({"card": "handmaid"}, 2, 4) == 3
    assert ll_codes.encode({"card": "king", "target": 0}, 1, 4) == 8 + 11 * 3 + 3
    assert ll_codes.num_actions(2) == 30 and ll_codes.num_actions(4) == 52


@pytest.mark.parametrize(
    "action",
    [
        {"card": "joker"},
        {"card": "guard", "target": 1, "guess": "guard"},
        {"card": "guard", "target": 1},
        {"card": "princess", "target": 1},
        {"card": "baron", "target": 5},
        {"card": "priest", "guess": "king"},
    ],
)
def test_love_letter_actions_without_a_code_are_refused(action) -> None:
    with pytest.raises(IllegalAction):
        ll_codes.encode(action, 0, 4)


def test_codes_out_of_range_are_refused() -> None:
    for decode, size in ((ll_codes.decode, 30), (ub_codes.decode, 76)):
        for bad in (-1, size, True, "3"):
            with pytest.raises(IllegalAction, match="action code"):
                decode(bad, 0, 2 if size == 30 else 3)


def test_love_letter_vector_reads_the_view() -> None:
    """A stacked deck (top first): set aside princess; 2 players see three face up."""
    table = rl_spec.Table(rl_spec.load("love-letter"), 2, {"deck": DECK_2P})
    table.reset(0)
    obs = table.observe(0)
    assert obs.shape == (87,)
    hand = table.game.view(table.state, 0)["hand"]
    assert sorted(hand) == ["guard", "king"]
    assert obs[0] == 0.5 and obs[5] == 0.5  # one guard, one king
    # face up: priest, baron, handmaid → one copy of two each
    assert list(obs[16:24]) == [0, 0.5, 0.5, 0.5, 0, 0, 0, 0]
    # unseen: 5 guards − 1, the king seen, priest/baron/handmaid one of two seen
    assert obs[8] == pytest.approx(4 / 5) and obs[13] == 0 and obs[15] == 1
    assert obs[24] == pytest.approx(len(table.state.deck) / 16) and obs[25] == 1
    assert obs[26] == 1 and obs[27 + 3] == 1 and obs[27 + 30 + 3] == 0
    # seat 1 sees its own hand first and seat 0 as "the next player"
    other = table.observe(1)
    assert other[4] == 0.5  # the prince
    assert other[27 + 30 + 3] == 1  # offset 1 (seat 0) has the turn


DECK_2P = [
    "princess",  # set aside
    "priest", "baron", "handmaid",  # face up
    "guard", "prince",  # seat 0, seat 1
    "king",  # seat 0 draws it
    "guard", "guard", "guard", "guard", "priest", "baron", "handmaid", "prince", "countess",
]  # fmt: skip


def test_love_letter_knowledge_reaches_the_vector() -> None:
    """A King trade: each side then knows the other's card, and only its own knowledge."""
    table = rl_spec.Table(rl_spec.load("love-letter"), 2, {"deck": DECK_2P})
    table.reset(0)
    table.act(0, ll_codes.encode({"card": "king", "target": 1}, 0, 2))
    mine, theirs = table.observe(0), table.observe(1)
    known = slice(27 + 30 + 14, 27 + 30 + 22)
    assert list(np.flatnonzero(mine[known])) == [0]  # seat 0 knows seat 1 holds the guard
    # seat 1 drew: it knows seat 0 holds its old prince
    assert list(np.flatnonzero(theirs[known])) == [4]
    assert mine[27 + 30 + 6 : 27 + 30 + 14].sum() == 0
    assert mine[27 + 6 + 5] == 1  # the king (one copy) in seat 0's discard row


def test_skip_bo_vector_reads_the_view() -> None:
    table = rl_spec.Table(rl_spec.load("skip-bo"), 2, {"stock_size": 5})
    table.reset(3)
    view = table.game.view(table.state, 0)
    obs = table.observe(0)
    assert obs.shape == (sb_obs.observation_size(2),) == (215,)
    for card in set(view["hand"]):
        slot = 12 if card == "skip-bo" else card - 1
        assert obs[slot] == pytest.approx(view["hand"].count(card) / 5)
    assert [obs[13 + 12 * i] for i in range(4)] == [1, 1, 1, 1]  # every pile needs a 1
    top = view["stock_tops"][1]
    assert obs[67 + 74 + 1 + (12 if top == "skip-bo" else top - 1)] == 1
    assert obs[67] == pytest.approx(5 / 30) and obs[62] == 1
    assert sb_obs.encode({"type": "end_turn"}, 0, 2) == 184
    assert sb_obs.decode(0, 1, 2) == {"from": "stock", "to": "build", "to_pile": 0}


def test_ugha_bugha_codes_and_vector() -> None:
    assert ub_codes.num_actions(3) == 76 and ub_codes.num_actions(8) == 81
    assert ub_codes.encode({"type": "ha", "point": 0}, 2, 3) == 74
    assert ub_codes.decode(75, 2, 3) == {"type": "ha", "point": 1}
    assert ub_codes.decode(52, 0, 3) == {"type": "say", "item": "bunga"}
    with pytest.raises(IllegalAction, match="yourself"):
        ub_codes.encode({"type": "ha", "point": 1}, 1, 3)
    table = rl_spec.Table(rl_spec.load("ugha-bugha"), 3, {"turn_seconds": None})
    table.reset(0)
    assert list(np.flatnonzero(table.mask(0))) == [0, 1, 2]
    table.act(0, 1)
    view = table.game.view(table.state, 1)
    obs = table.observe(1)
    assert obs.shape == (ub_obs.observation_size(3),) == (56,)
    assert obs[ub_obs.NUMBER[view["top"]]] == 1 and obs[20] == 0
    assert obs[26] == 1  # recite
    assert obs[32 + 8 * 2 + 3] == 1  # seat 0, two seats on from seat 1, is reciting
    assert obs[32 + 8 * 2] == pytest.approx(2 / 10)


def test_ugha_bugha_vector_says_who_passed_in_the_window() -> None:
    """In a "Ho!" window only the seats that passed are marked as having passed."""
    table = rl_spec.Table(
        rl_spec.load("ugha-bugha"), 4, {"turn_seconds": None, "variant": "challenges"}
    )
    rng = make_rng(5)
    for seed in range(50):
        table.reset(seed)
        while table.outcome() is None and table.state.phase != "window":
            seat = min(table.to_act())
            codes = table.codes(seat)
            table.act(seat, codes[rng.randrange(len(codes))])
        if table.state.phase == "window" and len(table.to_act()) >= 2:
            break
    else:
        pytest.fail("no window with two seats to act")
    first, *rest = sorted(table.to_act())
    table.act(first, ub_codes.PASS)
    assert table.state.phase == "window"
    reciter = table.state.current
    for observer in range(4):
        for fn in (table.observe, lambda s: ub_obs.observe(table.game.view(table.state, s), s, 4)):
            obs = fn(observer)
            passed = [p for p in range(4) if obs[32 + 8 * ((p - observer) % 4) + 6] == 1]
            assert passed == [first], (observer, passed, reciter, rest)


class _Reusing:
    """A game that hands out the same action objects again for the same actions."""

    def __init__(self, game) -> None:
        self._game = game
        self._kept: dict = {}

    def __getattr__(self, name):
        return getattr(self._game, name)

    def legal(self, state, seat):
        actions = self._game.legal(state, seat)
        return [self._kept.setdefault(tuple(sorted(a.items())), a) for a in actions]


class _Fresh(_Reusing):
    """A game that makes new action objects each time."""

    def legal(self, state, seat):
        return [dict(a) for a in self._game.legal(state, seat)]


def test_masks_are_remembered_only_for_games_that_reuse_their_actions() -> None:
    """A game that makes new action objects each time would only pay for the memory: the
    table stops using it after 200 lookups without a hit. Ugha Bugha hands out the same
    (read-only) actions again."""
    spec = rl_spec.load("ugha-bugha")
    cases = ((_Reusing(spec.game), True), (_Fresh(spec.game), False), (spec.game, True))
    for game, remembers in cases:
        table = rl_spec.Table(dataclasses.replace(spec, game=game), 4, {})
        rng = make_rng(3)
        seed = masks = 0
        while masks < 250:
            table.reset(seed)
            seed += 1
            while table.outcome() is None and masks < 250:
                seat = min(table.to_act())
                codes = list(np.flatnonzero(table.mask(seat)))
                masks += 1
                assert sorted(codes) == sorted(set(table.codes(seat)))
                table.act(seat, int(codes[rng.randrange(len(codes))]))
        assert table._remember is remembers


def test_ayozhit_codes_and_vector() -> None:
    from rumizi.games.ayozhit import encode as az_codes
    from rumizi.games.ayozhit import observe as az_obs

    assert az_codes.num_actions(3) == 48
    assert az_codes.encode({"type": "unmark", "picture": 4}, 1, 3) == 21
    assert az_codes.decode(40, 2, 5) == {"type": "announce", "picture": 7}
    assert az_codes.decode(1, 0, 3) == {"type": "word", "word": 1}
    with pytest.raises(IllegalAction):
        az_codes.encode({"type": "mark", "picture": 15}, 0, 3)
    table = rl_spec.Table(rl_spec.load("ayozhit"), 3, {})
    table.reset(0)
    first = min(table.to_act())
    table.act(first, 1)  # the second word
    for seat in sorted(table.to_act()):
        table.act(seat, az_codes.MARK + seat)  # each marks the picture at its own seat number
    obs = table.observe(0)
    assert obs.shape == (az_obs.observation_size(3),) == (107,)
    assert obs[1] == 1 and obs[7] == 1  # marking; the card's second word
    assert obs[8] == 1 and obs[8 + 5] == 0  # seat 0 marked position 0, not seat 1's
    others = table.observe(1)
    assert others[8] == 0 and others[8 + 5] == 1


def test_a_table_starts_with_what_the_setup_told() -> None:
    """Like every host, the table's events begin with the game's opening (Love Letter's
    first deal), so bots that listen hear the deal of the first round too."""
    table = rl_spec.Table(rl_spec.load("love-letter"), 2, {})
    table.reset(3)
    assert table.events and table.events == table.game.opening(table.state)
    assert table.events[0].kind == "round_started"
    dealt = [e for e in table.events if e.kind == "dealt"]
    assert [sorted(e.to or ()) for e in dealt] == [[0], [1]]
    table.act(table.state.current, table.codes(table.state.current)[0])
    assert table.events[: len(dealt) + 1][0].kind == "round_started"


class _Watched:
    """A game as it is, that records the action object each ``apply`` receives and counts
    ``to_act`` calls."""

    def __init__(self, game) -> None:
        self._game = game
        self.applied: list = []
        self.asked = 0

    def __getattr__(self, name):
        return getattr(self._game, name)

    def apply(self, state, seat, action, rng):
        self.applied.append(action)
        return self._game.apply(state, seat, action, rng)

    def to_act(self, state):
        self.asked += 1
        return self._game.to_act(state)


@pytest.mark.parametrize("game_id", ["love-letter", "ugha-bugha", "ayozhit"])
def test_a_code_acts_with_the_masked_legal_object_or_an_equal_one(game_id) -> None:
    """After a mask, ``act`` hands the game the very object of its legal list (which the
    game knows at once); without one, or with a code the list lacks, ``decode``'s equal
    action. Either way the same moves are made as through ``decode``."""
    spec = rl_spec.load(game_id)
    watched = _Watched(spec.game)
    table = rl_spec.Table(dataclasses.replace(spec, game=watched), 3, {})
    plain = rl_spec.Table(spec, 3, {})
    rng = make_rng(4)
    shared = decoded = 0
    for seed in range(4):
        table.reset(seed)
        plain.reset(seed)
        while table.outcome() is None and shared + decoded < 300:
            seat = min(table.to_act())
            legal = watched.legal(table.state, seat)
            codes = table.codes(seat)
            masked = rng.random() < 0.7
            if masked:
                table.mask(seat)
            i = rng.randrange(len(codes))
            table.act(seat, codes[i])
            plain.act(seat, codes[i])
            action = watched.applied[-1]
            assert action == spec.decode(codes[i], seat, 3) == legal[i]
            if masked:
                assert action is legal[i]
                shared += 1
            else:
                decoded += 1
            assert table.observe(seat).tobytes() == plain.observe(seat).tobytes()
    assert shared > 100 and decoded > 30


def test_the_table_asks_who_acts_once_per_state_and_forgets_it_with_the_state() -> None:
    spec = rl_spec.load("love-letter")
    watched = _Watched(spec.game)
    table = rl_spec.Table(dataclasses.replace(spec, game=watched), 2, {})
    table.reset(1)
    first = table.to_act()
    for seat in (0, 1):
        table.mask(seat)
        table.codes(seat)
    assert table.to_act() == first and watched.asked == 1
    seat = min(first)
    table.act(seat, table.codes(seat)[0])
    assert table.to_act() == watched._game.to_act(table.state) and watched.asked == 2
    table.state = watched._game.determinize(table.state, 0, make_rng(2))
    table.to_act()
    assert watched.asked == 3
