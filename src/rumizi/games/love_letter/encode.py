"""Love Letter's actions as integers, for programs that learn (see docs/rl.md).

Seats in a code are *relative* to the player acting: offset 0 is that player, offset 1
the next one clockwise, and so on, so that one policy serves every seat.

====================  ==========================================================
code                  action
====================  ==========================================================
0–7                   play the card of value ``code + 1`` with no target (the
                      Handmaid, the Countess, the Princess; a Guard, Priest, Baron
                      or King when nobody may be chosen)
8 + 11·o + 0          Priest on the player at offset ``o``
8 + 11·o + 1          Baron on offset ``o``
8 + 11·o + 2          Prince on offset ``o`` (``o`` = 0: on yourself)
8 + 11·o + 3          King on offset ``o``
8 + 11·o + 4 + g      Guard on offset ``o`` naming the card of value ``g + 2``
                      (Priest … Princess)
====================  ==========================================================

``num_actions(players)`` = 8 + 11 × players: 30 with two players, 52 with four.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rumizi.engine import Action, IllegalAction
from rumizi.engine.errors import shown

from .cards import BARON, GUARD, IDS, KING, PRIEST, PRINCE, VALUE

PLAIN: Final = 8
"""Codes 0–7: a card played without a target."""
PER_SEAT: Final = 11
"""Codes for one target: Priest, Baron, Prince, King, then the Guard's seven guesses."""
TARGETED: Final = (PRIEST, BARON, PRINCE, KING)
GUESS_BASE: Final = len(TARGETED)


def num_actions(players: int) -> int:
    """How many codes there are for ``players`` seats (most are illegal at any moment)."""
    return PLAIN + PER_SEAT * players


def encode(action: Mapping[str, Any], seat: int, players: int) -> int:
    """The code of ``action`` played by ``seat``; ``IllegalAction`` if it has no code."""
    target, guess = action.get("target"), action.get("guess")
    if (target is None or type(target) is int) and (guess is None or type(guess) is str):
        key = (action.get("card"), target, guess, seat, players)
        code = _KNOWN.get(key) if type(key[0]) is str else None
        if code is None:
            code = _KNOWN[key] = _encode(action, seat, players)
        return code
    return _encode(action, seat, players)


_KNOWN: dict[tuple[Any, ...], int] = {}
"""Codes already worked out, by (card, target, guess, seat, players): at most 52 × 4 × 3
for the valid ones (an invalid action raises before it is stored)."""


def _encode(action: Mapping[str, Any], seat: int, players: int) -> int:
    name = action.get("card")
    card = VALUE.get(name) if isinstance(name, str) else None
    if card is None:
        raise IllegalAction(f"card must be a card id ({', '.join(IDS[1:])})")
    if "target" not in action:
        if "guess" in action:
            raise IllegalAction("a guess needs a target")
        return card - 1
    target = action["target"]
    if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < players:
        raise IllegalAction(f"target must be a seat from 0 to {players - 1}, not {shown(target)}")
    base = PLAIN + PER_SEAT * ((target - seat) % players)
    if card == GUARD:
        guess = action.get("guess")
        value = VALUE.get(guess) if isinstance(guess, str) else None
        if value is None or value == GUARD:
            raise IllegalAction(f"the Guard needs a guess other than the Guard, not {shown(guess)}")
        return base + GUESS_BASE + value - PRIEST
    if card not in TARGETED:
        raise IllegalAction(f"the {IDS[card]} takes no target")
    if "guess" in action:
        raise IllegalAction(f"only the Guard takes a guess, not the {IDS[card]}")
    return base + TARGETED.index(card)


def decode(code: int, seat: int, players: int) -> Action:
    """The JSON action of ``code`` played by ``seat`` (a new dict)."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < num_actions(players):
        raise IllegalAction(
            f"an action code is a whole number from 0 to {num_actions(players) - 1}"
        )
    if code < PLAIN:
        return {"card": IDS[code + 1]}
    offset, kind = divmod(code - PLAIN, PER_SEAT)
    target = (seat + offset) % players
    if kind < GUESS_BASE:
        return {"card": IDS[TARGETED[kind]], "target": target}
    return {"card": IDS[GUARD], "target": target, "guess": IDS[kind - GUESS_BASE + PRIEST]}
