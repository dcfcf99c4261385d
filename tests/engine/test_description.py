"""Game descriptions: the option schema, its clear errors and bounds, and what is served."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rumizi import games
from rumizi.engine import BadOptions, Match
from rumizi.engine.description import (
    FIRST,
    RANDOM_BOT,
    BotLevel,
    Choice,
    Description,
    OptionSpec,
    Preset,
)

TEXT = {"fa": "متن", "en": "text"}
QUICK = Preset("quick", {"fa": "یک دور", "en": "one round"}, {"rounds": 1})


def small(**changes: Any) -> Description:
    fields: dict[str, Any] = {
        "id": "small",
        "title": TEXT,
        "pitch": TEXT,
        "length": TEXT,
        "min_players": 2,
        "max_players": 4,
        "options": (
            OptionSpec("rounds", "int", TEXT, TEXT, default=3, minimum=1, maximum=9),
            OptionSpec("wait", "seconds", TEXT, TEXT, minimum=0.5, maximum=30, nullable=True),
            OptionSpec("fast", "bool", TEXT, TEXT, default=False),
            OptionSpec(
                "mode", "choice", TEXT, TEXT, choices=(Choice("a", TEXT), Choice("b", TEXT))
            ),
            OptionSpec("only", "choice", TEXT, TEXT, choices=(Choice("one", TEXT),)),
            OptionSpec("lower", "int", TEXT, TEXT, minimum=0, maximum=5),
            FIRST,
        ),
        "solo_seats": 2,
        "solo_level": "random",
    }
    fields.update(changes)
    return Description(**fields)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ([1], "options must be a JSON object"),
        ({"speed": 1, "colour": 2}, r"unknown option\(s\) for small: colour, speed \(known: "),
        ({"rounds": 0}, "rounds must be a positive whole number, not 0"),
        ({"rounds": "3"}, 'rounds must be a positive whole number, not "3"'),
        ({"rounds": True}, "rounds must be a positive whole number, not true"),
        ({"rounds": 2.0}, "rounds must be a positive whole number, not 2.0"),
        ({"rounds": 10}, "rounds must be at most 9, not 10"),
        ({"lower": -1}, "lower must be a whole number of at least 0, not -1"),
        ({"wait": "soon"}, 'wait must be a number of seconds, not "soon"'),
        ({"wait": float("nan")}, "wait must be a number of seconds"),
        ({"wait": 0}, "wait must be a positive number of seconds, not 0"),
        ({"wait": 0.1}, "wait must be from 0.5 to 30 seconds, not 0.1"),
        ({"wait": float("inf")}, "wait must be from 0.5 to 30 seconds, not Infinity"),
        ({"fast": 1}, "fast must be true or false, not 1"),
        ({"mode": "c"}, 'mode must be "a" or "b", not "c"'),
        ({"mode": None}, 'mode must be "a" or "b", not null'),
        ({"only": "two"}, 'only "two" is not available: only "one" is'),
        ({"first": 4}, 'first must be "random" or a seat from 0 to 2, not 4'),
        ({"first": -1}, 'first must be "random" or a seat from 0 to 2, not -1'),
        ({"first": "last"}, 'first must be "random" or a seat from 0 to 2, not "last"'),
    ],
)
def test_bad_options_are_refused_with_the_reason(options: Any, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        small().validate(options, 3)


def test_player_counts_are_checked() -> None:
    with pytest.raises(BadOptions, match="small is for 2–4 players, not 5"):
        small().validate({}, 5)
    with pytest.raises(BadOptions, match='players must be a whole number, not "2"'):
        small().validate({}, "2")  # type: ignore[arg-type]


def test_good_options_come_back_with_the_declared_defaults() -> None:
    given = {"wait": None, "mode": "b", "first": "random", "rounds": 9}
    assert small().validate(given, 2) == {**given, "fast": False}
    assert small().validate({}) == {"rounds": 3, "fast": False, "first": 0}
    assert given == {"wait": None, "mode": "b", "first": "random", "rounds": 9}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"title": {"en": "Small"}}, "small title lacks the fa text"),
        ({"solo_seats": 5}, "solo_seats must be a valid player count"),
        ({"solo_level": "strong"}, "solo_level 'strong' is not a bot level"),
        ({"min_players": 3, "max_players": 2}, "player counts"),
        ({"options": (FIRST, FIRST)}, "declared twice"),
        ({"bot_levels": (RANDOM_BOT, BotLevel("x", {"fa": "ایکس"}))}, "lacks the en text"),
        ({"presets": (QUICK,)}, "choose the solo_preset among the presets"),
        ({"presets": (QUICK,), "solo_preset": "long"}, "solo_preset 'long' is not a preset"),
        ({"presets": (QUICK,), "solo_preset": "quick"}, "length must be the solo preset's"),
        (
            {"presets": (Preset("q", TEXT, {"rounds": 10}, TEXT),), "solo_preset": "q"},
            "small preset 'q': rounds must be at most 9, not 10",
        ),
        (
            {"presets": (Preset("q", TEXT, {"speed": 2}, TEXT),), "solo_preset": "q"},
            r"small preset 'q': unknown option\(s\) for small: speed",
        ),
        ({"presets": (QUICK, QUICK), "solo_preset": "quick"}, "a preset is declared twice"),
    ],
)
def test_a_description_with_a_mistake_is_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        small(**changes)


def test_presets_are_served_and_the_solo_game_plays_one() -> None:
    quick = Preset("quick", {"fa": "یک دور", "en": "one round"}, {"rounds": 1})
    description = small(presets=(quick,), solo_preset="quick", length=quick.length)
    served = description.to_json()
    assert served["length"] == {"fa": "یک دور", "en": "one round"}
    assert served["presets"] == [
        {
            "id": "quick",
            "name": {"fa": "کوتاه", "en": "Quick"},  # the usual name of its id
            "length": dict(quick.length),
            "options": {"rounds": 1},
        }
    ]
    assert served["solo"]["preset"] == "quick" and served["solo"]["options"] == {"rounds": 1}
    assert small().to_json()["solo"]["options"] == {} and small().to_json()["presets"] == []


def test_an_option_that_sets_the_player_count_is_a_bool() -> None:
    alone = OptionSpec("practice", "bool", TEXT, TEXT, default=False, players=1)
    assert alone.to_json()["players"] == 1
    with pytest.raises(ValueError, match="players goes with the 'bool' type only"):
        OptionSpec("n", "int", TEXT, TEXT, minimum=1, maximum=2, players=1)


def test_numeric_options_need_bounds_and_choices_need_the_choice_type() -> None:
    with pytest.raises(ValueError, match="needs a minimum and a maximum"):
        OptionSpec("n", "int", TEXT, TEXT, minimum=1)
    with pytest.raises(ValueError, match="needs a minimum and a maximum"):
        OptionSpec("s", "seconds", TEXT, TEXT, maximum=1)
    with pytest.raises(ValueError, match="choices go with the 'choice' type only"):
        OptionSpec("c", "choice", TEXT, TEXT)
    with pytest.raises(ValueError, match="label lacks the en text"):
        OptionSpec("b", "bool", {"fa": "ب"}, TEXT)


# ------------------------------------------------------------ the real games
def described(game_id: str) -> Description:
    try:
        return games.describe(game_id)
    except LookupError as missing:
        pytest.skip(f"{missing} (tests/test_completeness.py names what it lacks)")


@pytest.mark.parametrize("game_id", games.ids())
def test_each_game_is_described_once_and_the_rules_agree(game_id: str) -> None:
    description = described(game_id)
    game = games.load(game_id)
    assert description.id == game.id == game_id
    assert dict(description.title) == dict(game.title)
    assert (description.min_players, description.max_players) == (
        game.min_players,
        game.max_players,
    )
    served = json.loads(json.dumps(description.to_json()))
    assert [o["name"] for o in served["options"]] == [o.name for o in description.options]
    assert served["solo"]["seats"] == description.solo_seats
    assert served["solo"]["level"] == description.solo_level


@pytest.mark.parametrize("game_id", games.ids())
def test_the_solo_game_and_every_preset_are_played_by_the_rules(game_id: str) -> None:
    """ "Play against bots" plays the solo preset, whose length the home card states."""
    description = described(game_id)
    game = games.load(game_id)
    for preset in description.presets:
        Match(game, description.solo_seats, options=dict(preset.options))
    served = description.to_json()
    solo = served["solo"]
    assert solo["options"] == (
        dict(description.preset(solo["preset"]).options) if solo["preset"] else {}
    )
    if solo["preset"]:
        assert served["length"] == dict(description.preset(solo["preset"]).length)


@pytest.mark.parametrize("game_id", games.ids())
def test_every_numeric_option_is_bounded_and_refused_beyond(game_id: str) -> None:
    game = games.load(game_id)
    players = game.min_players
    for spec in described(game_id).options:
        if spec.type not in ("int", "seconds"):
            continue
        assert spec.minimum is not None and spec.maximum is not None
        with pytest.raises(BadOptions, match=f"{spec.name} must be"):
            Match(game, players, options={spec.name: spec.maximum + 1})


@pytest.mark.parametrize("game_id", games.ids())
def test_every_declared_default_and_choice_is_accepted(game_id: str) -> None:
    description = described(game_id)
    game = games.load(game_id)
    for spec in description.options:
        values = [c.value for c in spec.choices] + [spec.default, spec.minimum]
        for value in values:
            if value is None or spec.type == "data":
                continue
            options = {spec.name: value}
            if spec.name == "challenge_seconds":
                options["variant"] = "challenges"
            Match(game, description.max_players, options=options)
