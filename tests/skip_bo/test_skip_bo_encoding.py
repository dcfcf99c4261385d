"""Encoding is one look-up for a well-formed action and the long way, with the reason,
for any other; the JSON greedy bot chooses what the int greedy policy chooses."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rumizi.engine import IllegalAction, make_rng
from rumizi.games.skip_bo.encode import NUM_ACTIONS, _encode_explaining, decode, encode
from rumizi.games.skip_bo.heuristic import GreedyBot, greedy_code
from rumizi.games.skip_bo.rules import GAME

VALUES = st.sampled_from(
    ["stock", "hand", "discard", "partner_stock", "partner_discard", "build", "x", None]
)
NUMBERS = st.sampled_from([0, 1, 2, 3, 4, 7, 12, 13, -1, True, False, 1.0, "1", "skip-bo", None])


@st.composite
def actions(draw: st.DrawFn) -> dict[str, Any]:
    """Actions near the well-formed ones: right and wrong fields and values."""
    if draw(st.integers(0, 20)) == 0:
        return {"type": draw(st.sampled_from(["end_turn", "pass"]))}
    if draw(st.booleans()):
        action = decode(draw(st.integers(0, NUM_ACTIONS - 1)))
        if draw(st.booleans()):
            return action
    else:
        action = {}
    for key in ("from", "card", "from_pile", "to", "to_pile", "extra"):
        if draw(st.integers(0, 3)) == 0:
            action[key] = draw(VALUES if key in ("from", "to") else NUMBERS)
    return action


def outcome(fn: Any, action: dict[str, Any]) -> object:
    try:
        return fn(action)
    except IllegalAction as refused:
        return ("refused", str(refused))


@settings(max_examples=600, deadline=None)
@given(actions())
def test_the_look_up_encodes_exactly_as_the_long_way(action: dict[str, Any]) -> None:
    assert outcome(encode, action) == outcome(_encode_explaining, action)


def test_every_code_round_trips_and_bools_are_no_numbers() -> None:
    for code in range(NUM_ACTIONS):
        assert encode(decode(code)) == code
    for code in range(NUM_ACTIONS):
        action = decode(code)
        for key in ("card", "from_pile", "to_pile"):
            if action.get(key) in (0, 1):
                bad = {**action, key: bool(action[key])}
                assert outcome(encode, bad) == outcome(_encode_explaining, bad)
                assert isinstance(outcome(encode, bad), tuple)


def test_the_json_greedy_bot_chooses_what_the_int_policy_chooses() -> None:
    for seed in range(40):
        rng = make_rng(seed)
        state = GAME.setup(4, rng, {"rounds": 1})
        bot = GreedyBot()
        while state.current >= 0:
            seat = state.current
            codes = GAME.legal_codes(state, seat)
            draw = make_rng(seed * 1000 + state.turns)
            code = greedy_code(codes, draw)
            draw = make_rng(seed * 1000 + state.turns)
            assert encode(bot.choose({}, GAME.legal(state, seat), draw)) == code
            GAME.apply_code(state, seat, code, rng)
