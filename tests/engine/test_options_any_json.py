"""Every game's options refuse any JSON value of the wrong shape with ``BadOptions``.

A room's options come from a client as arbitrary JSON; a check that assumed a shape (a
string where a list arrived, a hashable card where an object arrived) raised a
``TypeError`` and the server answered 500. Each option every game reads is tried with
arbitrary JSON values: the match is made or refused with ``BadOptions``, and the reason
shows the value as JSON, never as a Python literal.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rumizi import games
from rumizi.engine import BadOptions, Match, shown

# Options a game reads beyond its description's form (stacked decks, dice, seats…).
EXTRA_OPTIONS = ("deck", "dice", "first", "practice", "rounds")

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["random", "N07", "guard", "skip-bo", "walrus/white", "normal"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)


def _as_python(value: Any) -> str | None:
    """The value as a Python literal, where that differs from its JSON (None vs null)."""
    literal = repr(value)
    return None if literal == json.dumps(value, ensure_ascii=False) else literal


def _option_names(game_id: str) -> list[str]:
    names = {option.name for option in games.describe(game_id).options}
    return sorted(names | set(EXTRA_OPTIONS))


CASES = [(game_id, name) for game_id in games.ids() for name in _option_names(game_id)]


def _make_or_refuse(game_id: str, options: dict[str, Any]) -> None:
    game = games.load(game_id)
    for players in range(game.min_players, game.max_players + 1):
        try:
            Match(game, players, 0, options)
        except BadOptions as refused:
            for value in options.values():
                literal = _as_python(value)
                assert literal is None or literal not in str(refused), (game_id, str(refused))


@pytest.mark.parametrize(("game_id", "name"), CASES)
@settings(max_examples=25, deadline=None)
@given(value=JSON)
def test_an_option_of_any_json_shape_is_made_or_refused_clearly(
    game_id: str, name: str, value: Any
) -> None:
    _make_or_refuse(game_id, {name: value})


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("deck", [[[1]], [{}], [["x"]], [[]], [None], {"a": 1}, True, "N07"])
def test_a_deck_of_the_wrong_shape_is_refused_not_a_crash(game_id: str, deck: Any) -> None:
    """The shapes that crashed Tuki's deck check (a list or object where a card id goes)."""
    game = games.load(game_id)
    with pytest.raises(BadOptions):
        Match(game, max(2, game.min_players), 0, {"deck": deck})


@pytest.mark.parametrize(
    ("value", "text"),
    [(None, "null"), (True, "true"), ({"a": 1}, '{"a": 1}'), ("x", '"x"'), ([1, "b"], '[1, "b"]')],
)
def test_a_value_is_shown_as_its_json(value: Any, text: str) -> None:
    assert shown(value) == text
    assert json.loads(shown(value)) == value


def test_a_long_value_is_cut_short() -> None:
    said = shown("x" * 500)
    assert len(said) <= 60 and said.endswith("…")
