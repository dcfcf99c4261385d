"""Checks every game must pass, shared by the test suites of all games.

- ``random_playout``: a seeded game of random legal play, checking at every step that no
  view leaks (``view(true) == view(determinized)`` for every seat and the spectator), that
  illegal and out-of-turn actions raise ``IllegalAction`` and leave the state unchanged,
  and calling ``on_step`` (e.g. a card-conservation check).
- ``assert_replays``: the log rebuilds the same state.
- ``playthrough``: the readable golden text of a seeded game.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from rumizi.engine import Action, Game, IllegalAction, Match, make_rng, params


def assert_no_leak(game: Game, state: Any, rng: Any, tries: int = 2) -> None:
    """Each seat's view is the same for the true state and states determinized for it."""
    spectator = game.view(state, None)
    for seat in range(_players(game, state)):
        true_view = game.view(state, seat)
        for _ in range(tries):
            world = game.determinize(state, seat, rng)
            seen = game.view(world, seat)
            if seen != true_view:
                raise AssertionError(
                    f"seat {seat}'s view differs in a determinized state:\n"
                    f"true:  {true_view}\nworld: {seen}"
                )
            if game.view(world, None) != spectator:
                raise AssertionError(f"the spectator view differs in seat {seat}'s world")


def _scribble(data: Any) -> None:
    """Change every list and dict inside ``data`` (what a careless client might do)."""
    if isinstance(data, dict):
        for value in list(data.values()):
            _scribble(value)
        data["scribbled"] = True
    elif isinstance(data, list):
        for value in data:
            _scribble(value)
        data.append("scribbled")


def assert_view_is_a_copy(game: Game, state: Any, seat: int | None) -> None:
    """Changing a view in place never changes the state it was made from."""
    before = copy.deepcopy(state)
    _scribble(game.view(state, seat))
    if state != before:
        raise AssertionError(f"changing seat {seat}'s view changed the state: views must copy")


def _apply_checking_events(match: Match, seat: int, action: Action) -> None:
    """Apply, then check that changing the events' data in place leaves the state alone."""
    first = len(match.events)
    match.apply(seat, action)
    saved = copy.deepcopy(match.events[first:])
    before = copy.deepcopy(match.state)
    for event in match.events[first:]:
        _scribble(event.data)
    if match.state != before:
        raise AssertionError(
            f"changing the events of {action!r} changed the state: "
            "events must not share lists or dicts with the state"
        )
    match.events[first:] = saved


def _players(game: Game, state: Any) -> int:
    players = getattr(state, "players", None)
    if isinstance(players, int):
        return players
    raise TypeError("state needs a 'players' attribute for the shared checks")


def assert_rejected(game: Game, state: Any, seat: int, action: Any, rng: Any) -> str:
    """``action`` raises ``IllegalAction`` and leaves state and rng as they were; the message."""
    before = state.copy() if hasattr(state, "copy") else copy.deepcopy(state)
    rng_before = rng.getstate()
    try:
        game.apply(state, seat, action, rng)
    except IllegalAction as e:
        if state != before:
            raise AssertionError(f"rejected action {action!r} changed the state") from None
        if rng.getstate() != rng_before:
            raise AssertionError(f"rejected action {action!r} used the rng") from None
        return str(e)
    raise AssertionError(f"seat {seat}: {action!r} was accepted but should be illegal")


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    check_views: bool = True,
    check_illegal: bool = True,
    bad_actions: Callable[[Any, int], list[Any]] | None = None,
    on_step: Callable[[Match], None] | None = None,
    max_steps: int = 100_000,
    timeout_every: int = 0,
) -> Match:
    """Play a game to its end with random legal actions, checking the engine contract.

    ``bad_actions(state, seat)`` may propose actions that must be illegal for the seat to
    act. ``timeout_every=k`` applies the system timeout at every k-th step where the game
    has a deadline (to exercise clocks).
    """
    match = Match(game, players, seed=seed, options=options)
    rng = make_rng(seed ^ 0xC0FFEE)
    steps = 0
    while not match.over:
        steps += 1
        if steps > max_steps:
            raise AssertionError(f"game did not end within {max_steps} steps")
        if on_step:
            on_step(match)
        if check_views:
            assert_no_leak(game, match.state, rng, tries=1)
            assert_view_is_a_copy(game, match.state, rng.choice([None, *match.to_act()]))
        acting = sorted(match.to_act())
        if timeout_every and steps % timeout_every == 0 and match.deadline() is not None:
            match.timeout()
            continue
        if not acting:
            if match.deadline() is None:
                raise AssertionError("nobody may act and there is no deadline: stuck")
            match.timeout()
            continue
        if check_illegal:
            idle = [s for s in range(players) if s not in acting]
            if idle:
                seat = idle[rng.randrange(len(idle))]
                own = game.legal(match.state, acting[0])
                if own:
                    assert_rejected(game, match.state, seat, params.sample(own[0], rng), rng)
            seat = acting[rng.randrange(len(acting))]
            for bad in bad_actions(match.state, seat) if bad_actions else []:
                assert_rejected(game, match.state, seat, bad, rng)
            assert_rejected(game, match.state, seat, {"no such": "field"}, rng)
        seat = acting[rng.randrange(len(acting))]
        legal = match.legal(seat)
        if not legal:
            raise AssertionError(f"seat {seat} must act but has no legal action")
        if any(params.is_kind(entry) for entry in legal):
            _apply_sampled(match, seat, legal, rng, check_views)
            continue
        action = legal[rng.randrange(len(legal))]
        if check_views:
            _apply_checking_events(match, seat, action)
        else:
            match.apply(seat, action)
    if on_step:
        on_step(match)
    return match


def _apply_sampled(
    match: Match, seat: int, legal: list[Action], rng: Any, check_views: bool
) -> Action:
    """Random play among parametric kinds: sample instances until the game accepts one;
    every instance it refuses must leave the state as it was."""

    def attempt(action: Action) -> None:
        before = copy.deepcopy(match.state)
        try:
            if check_views:
                _apply_checking_events(match, seat, action)
            else:
                match.apply(seat, action)
        except IllegalAction:
            if match.state != before:
                raise AssertionError(f"refused action {action!r} changed the state") from None
            raise

    return params.play_random(legal, rng, attempt)


def assert_replays(match: Match) -> None:
    """Replaying the match's log from its seed rebuilds the identical state."""
    again = Match.replay(
        match.game, match.players, match.seed, match.options, json.loads(json.dumps(match.log))
    )
    if again.state != match.state:
        raise AssertionError("replaying the log gave a different state")
    if again.events != match.events:
        raise AssertionError("replaying the log gave different events")


def _line(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def playthrough(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    choose: Callable[[Match, int, list[Action]], Action] | None = None,
) -> str:
    """A readable record of a seeded game of random play: every view, action and event.

    Pin it in a golden file: any change of rules or views shows up as a diff.
    """
    match = Match(game, players, seed=seed, options=options)
    rng = make_rng(seed)
    out = [f"game {game.id} players {players} seed {seed} options {_line(match.options)}"]
    out.extend(_events(match, 0))
    step = 0
    while not match.over:
        acting = sorted(match.to_act())
        if not acting:
            out.append(f"[{step}] timeout")
            first = len(match.events)
            match.timeout()
            out.extend(_events(match, first))
            step += 1
            continue
        seat = acting[0]
        legal = match.legal(seat)
        out.append(f"[{step}] to act {acting} · seat {seat} sees {_line(match.view(seat))}")
        first = len(match.events)
        if choose is None and any(params.is_kind(entry) for entry in legal):
            action = params.play_random(legal, rng, partial(match.apply, seat))
        else:
            action = choose(match, seat, legal) if choose else legal[rng.randrange(len(legal))]
            match.apply(seat, action)
        out.append(f"[{step}] seat {seat} chooses 1 of {len(legal)}: {_line(action)}")
        out.extend(_events(match, first))
        step += 1
    outcome = match.outcome()
    assert outcome is not None
    out.append(f"spectator sees {_line(match.view(None))}")
    out.append(f"outcome {_line(outcome.to_json())}")
    return "\n".join(out) + "\n"


def _events(match: Match, first: int) -> list[str]:
    lines = []
    for event in match.events[first:]:
        audience = "all" if event.to is None else ",".join(map(str, sorted(event.to)))
        lines.append(f"    event → {audience}: {_line(event.to_json())}")
    return lines


__all__ = [
    "assert_no_leak",
    "assert_rejected",
    "assert_replays",
    "assert_view_is_a_copy",
    "playthrough",
    "random_playout",
]
