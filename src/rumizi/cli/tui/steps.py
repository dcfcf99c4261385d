"""A choice made in steps — the card, then its target, then the guess — so that a long
menu never pushes the table off the screen: the legal actions are split on the first
field in which they differ, and a step that leaves one action names it whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rumizi.cli.render import Renderer
from rumizi.engine import Action

from ..i18n import digits, say

FLAT_MENU = 7
"""Up to this many actions are listed whole; more are chosen in steps."""

MISSING = object()
"""A field an action does not have."""
SEAT_KEYS = ("target", "seat", "player", "partner")
CARD_KEYS = ("card", "guess")


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


def step_prompt(key: str | None, lang: str) -> str:
    """What a step asks: a card, a player, a named card, or a move."""
    if key in CARD_KEYS[:1]:
        return say(lang, "tui_pick_card")
    if key in SEAT_KEYS:
        return say(lang, "tui_pick_player")
    if key in CARD_KEYS[1:]:
        return say(lang, "tui_pick_guess")
    return say(lang, "tui_pick")


def choice_label(
    render: Renderer,
    key: str | None,
    value: Any,
    actions: list[Action],
    view: dict[str, Any],
    names: list[str],
    lang: str,
) -> str:
    """A step's choice: the field's value in words where the game says it (its render
    module's ``choice_text``, a player, a card), else the whole action when one is left,
    else the value itself."""
    whole: str = render.action_text(actions[0], view, names, lang)
    if key is None:
        return whole
    label = render.choice_text
    if label is not None:
        said = label(key, value, view, names, lang)
        if said:
            return str(said)
    if key in SEAT_KEYS and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    card = render.card
    if key in CARD_KEYS and card is not None and value is not MISSING:
        return str(card(value, lang))
    return whole if len(actions) == 1 else digits(value, lang)


def chosen_so_far(
    render: Renderer, steps: Steps, view: dict[str, Any], names: list[str], lang: str
) -> str:
    """What the steps taken have settled, in words ("Guard (1) → Bot 2"): the card and the
    player every action still possible shares, a player chosen for you (the only one
    possible) included; "" at the first step."""
    if len(steps.path) == 1:
        return ""
    candidates = steps.candidates
    parts = []
    for key in candidates[0]:
        if key not in CARD_KEYS[:1] + SEAT_KEYS:
            continue
        value = candidates[0][key]
        if all(a.get(key, MISSING) == value for a in candidates):
            parts.append(choice_label(render, key, value, candidates, view, names, lang))
    return (" ← " if lang == "fa" else " → ").join(parts)
