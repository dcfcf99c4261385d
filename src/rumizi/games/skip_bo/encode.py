"""Actions: a (source, destination) move or the end of a turn, as a JSON object and as one
int.

JSON form (piles are numbered from 0)::

    {"from": "stock", "to": "build", "to_pile": 2}
    {"from": "hand", "card": 7, "to": "build", "to_pile": 0}
    {"from": "discard", "from_pile": 1, "to": "build", "to_pile": 3}
    {"from": "partner_stock", "to": "build", "to_pile": 1}        # team variant
    {"from": "partner_discard", "from_pile": 0, "to": "build", "to_pile": 1}
    {"from": "hand", "card": "skip-bo", "to": "discard", "to_pile": 0}   # ends the turn
    {"type": "end_turn"}      # ends the turn of a player with no card and nothing to draw

Integer form: ``source * 8 + destination``. Sources: 0 the stock top; 1–12 a hand card
of that number and 13 a SKIP-BO from the hand; 14–17 the tops of one's own discard piles;
18 the partner's stock top; 19–22 the partner's discard-pile tops. Destinations: 0–3 the
building piles, 4–7 one's own discard piles. ``END_TURN`` = 23 × 8 = 184 is the end of a
turn without a discard; ``NUM_ACTIONS`` = 185.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rumizi.engine import FrozenAction, IllegalAction
from rumizi.engine.errors import shown

from .cards import JSON, PILES, SKIP_BO, from_json

STOCK: Final = 0
"""Source of the stock top; hand sources are the card values 1–13."""
DISCARD: Final = 14
"""Sources 14–17: one's own discard-pile tops."""
PARTNER_STOCK: Final = 18
PARTNER_DISCARD: Final = 19
"""Sources 19–22: the partner's discard-pile tops."""
SOURCES: Final = 23
TO_DISCARD: Final = 4
"""Destinations 0–3 are building piles, 4–7 one's own discard piles."""
END_TURN: Final = SOURCES * 8
"""The one code that is not a move: ``{"type": "end_turn"}``, legal only with an empty hand
and nothing to draw."""
NUM_ACTIONS: Final = END_TURN + 1

KEYS: Final = frozenset({"from", "card", "from_pile", "to", "to_pile"})
END_TURN_ACTION: Final = {"type": "end_turn"}
FROM_NAMES: Final = ("stock", "hand", "discard", "partner_stock", "partner_discard")


def is_hand(source: int) -> bool:
    return 1 <= source <= SKIP_BO


def _decode(code: int) -> dict[str, Any]:
    if code == END_TURN:
        return dict(END_TURN_ACTION)
    source, dest = divmod(code, 8)
    action: dict[str, Any]
    if source == STOCK:
        action = {"from": "stock"}
    elif source <= SKIP_BO:
        action = {"from": "hand", "card": JSON[source]}
    elif source < PARTNER_STOCK:
        action = {"from": "discard", "from_pile": source - DISCARD}
    elif source == PARTNER_STOCK:
        action = {"from": "partner_stock"}
    else:
        action = {"from": "partner_discard", "from_pile": source - PARTNER_DISCARD}
    if dest < TO_DISCARD:
        action.update(to="build", to_pile=dest)
    else:
        action.update(to="discard", to_pile=dest - TO_DISCARD)
    return action


ACTIONS: Final = tuple(FrozenAction(_decode(c)) for c in range(NUM_ACTIONS))
"""Every action by its code, read-only: ``legal`` hands these out, shared (the caller's to
keep; to change one, change a copy)."""
PLAYED_FIELDS: Final = tuple(
    {k: v for k, v in ACTIONS[code].items() if k != "to"} for code in range(END_TURN)
)
"""The fields of each move that its ``played`` event repeats when it is a building play:
the source (``from``, and ``card`` or ``from_pile``) and ``to_pile``."""


def decode(code: int) -> dict[str, Any]:
    """The JSON action of ``code`` (a new dict)."""
    return dict(shared(code))


def shared(code: int) -> FrozenAction:
    """The JSON action of ``code`` as ``legal`` hands it out: shared and read-only."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < NUM_ACTIONS:
        raise IllegalAction(f"an action code is a whole number from 0 to {NUM_ACTIONS - 1}")
    return ACTIONS[code]


def _key(action: Mapping[str, Any]) -> tuple[object, ...]:
    """What identifies a well-formed action: every field it may have, and how many it has
    (so that an extra field matches nothing)."""
    get = action.get
    return (
        get("type"),
        get("from"),
        get("card"),
        get("from_pile"),
        get("to"),
        get("to_pile"),
        len(action),
    )


_CODE_OF: Final = {_key(action): code for code, action in enumerate(ACTIONS)}
"""Every well-formed action's code, by its key: encoding is one look-up."""
_CODE_OF_SHARED: Final = {id(action): code for code, action in enumerate(ACTIONS)}
"""The code of each of ``legal``'s own (shared, read-only, never freed) actions, by
identity: an action handed back as it was handed out needs no key."""


def encode(action: Mapping[str, Any]) -> int:
    """The int of a JSON action; ``IllegalAction`` saying what is malformed in it."""
    code = _CODE_OF_SHARED.get(id(action))
    if code is not None:
        return code
    try:
        get = action.get
        key = (
            get("type"),
            get("from"),
            get("card"),
            get("from_pile"),
            get("to"),
            get("to_pile"),
            len(action),
        )  # the key of ``_key``, spelt out: it is hot
        code = _CODE_OF.get(key)
    except (TypeError, AttributeError):  # an unhashable value, or not a mapping at all
        code = None
    if (
        code is not None
        and type(key[2]) in _EXACT
        and type(key[3]) in _EXACT
        and type(key[5]) in _EXACT
    ):
        return code
    return _encode_explaining(action)


_EXACT: Final = (int, str, type(None))
"""The types a card or pile number comes in (True == 1 and 1.0 == 1: they are not)."""


def _encode_explaining(action: Mapping[str, Any]) -> int:
    """``encode`` the long way, saying what is malformed in an action that is not one of
    the well-formed ones."""
    if not isinstance(action, Mapping):
        raise IllegalAction("an action must be a JSON object")
    if "type" in action:
        if dict(action) != END_TURN_ACTION:
            raise IllegalAction(
                'the only action with a type is {"type": "end_turn"}, with no other field '
                "(a move has: from, card, from_pile, to, to_pile)"
            )
        return END_TURN
    extra = set(action) - KEYS
    if extra:
        raise IllegalAction(
            f"unknown field(s) in the action: {', '.join(sorted(map(str, extra)))} "
            '(a move has: from, card, from_pile, to, to_pile; or {"type": "end_turn"})'
        )
    origin = action.get("from")
    if origin == "hand":
        if "card" not in action:
            raise IllegalAction('a play from the hand needs the card: 1–12 or "skip-bo"')
        source = from_json(action["card"])
        if source is None:
            raise IllegalAction(f'card must be 1–12 or "skip-bo", not {shown(action["card"])}')
        _absent(action, "from_pile", "a play from the hand")
    elif origin in ("stock", "partner_stock"):
        _absent(action, "card", "a play from a stock pile (its top card is played)")
        _absent(action, "from_pile", "a play from a stock pile")
        source = STOCK if origin == "stock" else PARTNER_STOCK
    elif origin in ("discard", "partner_discard"):
        _absent(action, "card", "a play from a discard pile (its top card is played)")
        base = DISCARD if origin == "discard" else PARTNER_DISCARD
        source = base + _pile(action, "from_pile")
    else:
        raise IllegalAction(f"from must be one of {', '.join(FROM_NAMES)}, not {shown(origin)}")
    to = action.get("to")
    if to not in ("build", "discard"):
        raise IllegalAction(f'to must be "build" or "discard", not {shown(to)}')
    dest = _pile(action, "to_pile") + (TO_DISCARD if to == "discard" else 0)
    return source * 8 + dest


def _absent(action: Mapping[str, Any], key: str, what: str) -> None:
    if key in action:
        raise IllegalAction(f"{what} takes no {key}")


def _pile(action: Mapping[str, Any], key: str) -> int:
    pile = action.get(key)
    if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile < PILES:
        raise IllegalAction(f"{key} must be a pile number from 0 to {PILES - 1}, not {shown(pile)}")
    return pile
