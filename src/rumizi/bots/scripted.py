"""The bots of a lesson (level ``lesson``): they play the lesson's script.

A scripted bot decides from its seat's view alone, like every bot: the lesson's replay
(``rumizi.lessons.replay``) knows the view each bot has when its step comes, and the views
it has while another seat's step is due. On the first it plays its step; on the second it
waits (``Waiting``: a host simply asks again after the next move); on any other view — the
match left the lesson, or outlived it — the lesson's ``then`` bot plays on.
"""

from __future__ import annotations

from typing import Any

from rumizi.engine import Action, Rng
from rumizi.lessons import replay, view_key

from . import Bot, make

LESSON = "lesson"
"""The level name of a lesson's bots (not offered in setup forms: ``names`` omits it)."""


class Waiting(RuntimeError):
    """The bot's step has not come yet: another seat's step of the lesson is due."""


class ScriptedBot:
    """Plays the lesson's steps of its seat; an ordinary bot off the lesson."""

    name = LESSON
    searches = False

    def __init__(self, game_id: str) -> None:
        self.script = replay(game_id)
        self.then: Bot = make(game_id, self.script.lesson.then)
        hear = getattr(self.then, "hear", None)
        if hear is not None:
            self.hear = hear  # the bot that plays on remembers what its seat heard

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        key = view_key(view)
        action = self.script.plays.get(key)
        if action is not None:
            return dict(action)
        if key in self.script.waits:
            raise Waiting("a lesson's bot waits for its step")
        return self.then.choose(view, legal, rng)
