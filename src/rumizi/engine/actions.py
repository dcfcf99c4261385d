"""Read-only actions: what a game's ``legal`` may hand out again and again from a cache;
and the first check of an action a player sends, the same in every game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from typing import Any, NoReturn

from .errors import IllegalAction, shown


class FrozenAction(dict[str, Any]):
    """An action that refuses changes, so that ``legal`` can share it with every caller.

    It is a dict in every other way (JSON, ``==``, ``get``, ``isinstance(a, dict)``): a
    caller may keep it for as long as it likes; to change one, change a copy
    (``dict(action)``). Copying or pickling it gives the same read-only action.
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a legal action is read-only: change a copy, dict(action)")

    __setitem__ = _refuse
    __delitem__ = _refuse
    __ior__ = _refuse
    clear = _refuse
    pop = _refuse
    popitem = _refuse
    setdefault = _refuse
    update = _refuse

    def __reduce__(self) -> tuple[type[FrozenAction], tuple[dict[str, Any]]]:
        return FrozenAction, (dict(self),)

    def __copy__(self) -> FrozenAction:
        return self

    def __deepcopy__(self, memo: object) -> FrozenAction:
        return self


def action_kind(
    action: Mapping[str, Any],
    fields: Mapping[str, Set[str]],
    allowed: Sequence[str],
    wrong_now: Callable[[str], str],
) -> str:
    """The kind (``type``) of a player's action, checked as every game refuses a malformed
    one: a kind the game knows (else the refusal lists what may be done now), one
    ``allowed`` now (else ``wrong_now(kind)`` says why not), and no field the kind does
    not take (``fields``: each kind's fields, ``type`` included). Raises ``IllegalAction``."""
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in fields:
        raise IllegalAction(f"unknown action type {shown(kind)}; now you may: {', '.join(allowed)}")
    if kind not in allowed:
        raise IllegalAction(wrong_now(kind))
    extra = set(action) - fields[kind]
    if extra:
        raise IllegalAction(f"unknown field(s) in the action: {', '.join(sorted(extra))}")
    return kind
