"""Each game's lesson (``games/<package>/lesson.py``), replayed on the engine and checked:
what a face's lesson runner needs (``client``) and what the scripted bots play (``replay``).

A lesson's steps are the match's log in order, so replaying them from a new match checks
the whole lesson: every step must match exactly one legal action of its seat. The replay
also records, for each bot, the view it has when its step comes (it then plays that step's
action) and the views it has while another seat's step is due (it then waits): a bot of a
lesson decides from its own view alone, like every bot, and a match that left the lesson
(or outlived it) is played on by an ordinary bot (``Lesson.then``). See docs/engine.md,
"Lessons".
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from rumizi import games
from rumizi.engine import Action, Match, params
from rumizi.engine.lesson import YOU, Lesson, matches


class LessonError(ValueError):
    """A lesson that does not play: a step with no (or several) legal actions to match,
    a bot that would have to both wait and play on the same view."""


def has(game_id: str) -> bool:
    """Whether ``game_id`` has a lesson."""
    try:
        load(game_id)
    except LookupError:
        return False
    return True


def load(game_id: str) -> Lesson:
    """The game's lesson (its record's); ``LookupError`` when it has none."""
    lesson = games.record(game_id).lesson
    if lesson is None:
        raise LookupError(f"{game_id} has no lesson ({games.package(game_id)}.lesson)")
    return lesson


def view_key(view: dict[str, Any]) -> str:
    """A short fingerprint of a seat's view (the same view, the same key)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


@dataclass
class Script:
    """A lesson played through: the action of every step, and what its bots do."""

    game_id: str
    lesson: Lesson
    actions: list[Action] = field(default_factory=list)
    plays: dict[str, Action] = field(default_factory=dict)
    """A bot's view (its key) when its step comes: the step's action."""
    waits: set[str] = field(default_factory=set)
    """A bot's views while another seat's step is due: it waits."""
    match: Match | None = None
    """The match at the lesson's end."""


def _expected(match: Match, index: int, seat: int, do: dict[str, Any]) -> Action:
    """The one legal action of ``seat`` with the fields ``do`` (a kind's instance: ``do``
    itself, complete)."""
    found: list[Action] = []
    for entry in match.legal(seat):
        if params.is_kind(entry):
            if params.fits(entry, do):
                found.append(dict(do))
        elif matches(do, entry):
            found.append(dict(entry))
    if len(found) != 1:
        what = "no legal action" if not found else f"{len(found)} legal actions"
        raise LessonError(f"step {index} (seat {seat}): {what} with {do}")
    return found[0]


@functools.cache
def replay(game_id: str, seed: int = 0) -> Script:
    """The game's lesson played from a new match (``seed``: it must not matter)."""
    lesson = load(game_id)
    match = Match(games.load(game_id), lesson.players, seed, dict(lesson.options))
    script = Script(game_id, lesson)
    for index, step in enumerate(lesson.steps):
        for seat in match.to_act() - {step.seat, YOU}:
            script.waits.add(view_key(match.view(seat)))
        action = _expected(match, index, step.seat, dict(step.do))
        if step.seat != YOU:
            key = view_key(match.view(step.seat))
            if script.plays.setdefault(key, action) != action:
                raise LessonError(f"step {index}: the bot's view is the same at another step")
            script.plays[key] = action
        try:
            match.apply(step.seat, action)
        except Exception as e:
            raise LessonError(f"step {index} (seat {step.seat}) refused: {e}") from None
        script.actions.append(action)
    both = script.waits & set(script.plays)
    if both:
        raise LessonError(f"a bot both waits and plays on {len(both)} view(s)")
    script.match = match
    return script


def client(game_id: str) -> dict[str, Any]:
    """What a face's lesson runner needs: the seats, the rules it shows, and every step —
    the person's with the action expected and why another is not it, a bot's with only
    what the coach says (never the bot's action)."""
    script = replay(game_id)
    lesson = script.lesson
    steps = []
    for step, action in zip(lesson.steps, script.actions, strict=True):
        out: dict[str, Any] = {"seat": step.seat, "lines": [x.to_json() for x in step.lines]}
        if step.seat == YOU:
            out["action"] = action
            if step.wrong:
                out["wrong"] = step.wrong
        steps.append(out)
    return {
        "game": game_id,
        "you": YOU,
        "players": lesson.players,
        "rules": list(lesson.rules),
        "steps": steps,
        "done": lesson.done.to_json(),
    }
