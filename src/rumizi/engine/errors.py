"""The two errors the engine raises for bad input."""


class IllegalAction(Exception):
    """An action that is not legal now: unknown, malformed, out of turn or against the rules.

    The message says why in words a player understands. It never names anything the
    acting seat may not see. The state is left unchanged.
    """


class BadOptions(ValueError):
    """Options (or a player count) that a game does not accept, with the reason."""
