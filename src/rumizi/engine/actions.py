"""Read-only actions: what a game's ``legal`` may hand out again and again from a cache."""

from __future__ import annotations

from typing import Any, NoReturn


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
