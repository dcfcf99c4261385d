"""The two errors the engine raises for bad input, and how their messages show a value."""

import json


class IllegalAction(Exception):
    """An action that is not legal now: unknown, malformed, out of turn or against the rules.

    The message says why in words a player understands. It never names anything the
    acting seat may not see. The state is left unchanged.
    """


class BadOptions(ValueError):
    """Options (or a player count) that a game does not accept, with the reason."""


def shown(value: object, limit: int = 60) -> str:
    """A value from a client as the client wrote it, for an error message: JSON, cut short.

    Messages speak the protocol's language: ``null``, ``true``, ``{"a": 1}``, ``"x"`` —
    never a Python literal such as ``None`` or ``{'a': 1}``.
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not a JSON value: it came from no client
        text = "a value that is not JSON"
    return text if len(text) <= limit else text[: limit - 1] + "…"
