"""A choice made in steps — the card, then its target, then the guess — so that a long
menu never pushes the table off the screen: the legal actions are split on the first
field in which they differ, and a step that leaves one action names it whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rumizi.engine import Action

FLAT_MENU = 7
"""Up to this many actions are listed whole; more are chosen in steps."""

MISSING = object()
"""A field an action does not have."""


def split(actions: Sequence[Action]) -> tuple[str | None, list[tuple[Any, list[Action]]]]:
    """The first field in which ``actions`` differ, and the actions grouped by its value
    (in the order they come). ``(None, [(None, actions)])`` when they do not differ."""
    keys: list[str] = []
    for action in actions:
        keys.extend(k for k in action if k not in keys)
    for key in keys:
        groups: dict[str, tuple[Any, list[Action]]] = {}
        for action in actions:
            value = action.get(key, MISSING)
            groups.setdefault(repr(value), (value, []))[1].append(action)
        if len(groups) > 1:
            return key, list(groups.values())
    return None, [(None, list(actions))]


class Steps:
    """A choice among legal actions, narrowed one field at a time."""

    def __init__(self, legal: Sequence[Action], flat: int = FLAT_MENU) -> None:
        self.path: list[list[Action]] = [list(legal)]
        self.flat = flat

    @property
    def candidates(self) -> list[Action]:
        return self.path[-1]

    def options(self) -> tuple[str | None, list[tuple[Any, list[Action]]]]:
        """The field asked now (``None``: whole actions) and the choices."""
        candidates = self.candidates
        if len(self.path) == 1 and len(candidates) <= self.flat:
            return None, [(None, [a]) for a in candidates]
        key, groups = split(candidates)
        if key is None:
            return None, [(None, [a]) for a in candidates]
        return key, groups

    def narrow(self, actions: list[Action]) -> Action | None:
        """Take a choice: the action when one is left, else ``None`` (another step)."""
        if len(actions) == 1:
            return actions[0]
        self.path.append(actions)
        return None

    def back(self) -> bool:
        if len(self.path) == 1:
            return False
        self.path.pop()
        return True
