"""Who may play what in Love Letter: the Countess rule, whom a card may choose, the legal
moves of a turn (worked out once per situation and shared), and, for an action that is
none of them, why it is refused, in words.
"""

from __future__ import annotations

from functools import cache

from rumizi.engine import Action, IllegalAction
from rumizi.engine.errors import shown

from .cards import COUNTESS, GUARD, GUESSABLE, IDS, KING, PRINCE, TARGETS_ANOTHER, VALUE
from .moves import Move, Moves
from .state import LoveLetterState
from .texts import card_name

ONLY = tuple(frozenset((seat,)) for seat in range(4))
"""The audience of a private event to one seat (made once: events are made all the time)."""
OTHERS = {n: tuple(tuple(p for p in range(n) if p != seat) for seat in range(n)) for n in (2, 3, 4)}
"""The other seats of each seat, by player count."""


# ---------------------------------------------------------------- playing
@cache
def playable(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of ``hand`` its holder may play, lowest first: either card, except that
    the Countess must be played when the other card is the King or a Prince."""
    cards = tuple(sorted(set(hand)))
    if COUNTESS in cards and (KING in cards or PRINCE in cards):
        return (COUNTESS,)
    return cards


def choosable(state: LoveLetterState, seat: int) -> tuple[int, ...]:
    """The other players a card of ``seat`` may choose: still in the round and not
    protected by a Handmaid."""
    out, protected = state.out, state.protected
    return tuple([p for p in OTHERS[state.players][seat] if not (out[p] or protected[p])])


def targets(state: LoveLetterState, seat: int, card: int) -> tuple[int, ...]:
    """Whom ``card`` played by ``seat`` may choose: the Prince any player still in the
    round (yourself too), the Guard, Priest, Baron and King another one that may be
    chosen, the other cards nobody."""
    if card == PRINCE:
        return tuple(sorted([*choosable(state, seat), seat]))
    return choosable(state, seat) if card in TARGETS_ANOTHER else ()


def _ways_to_play(card: int, seat: int, others: tuple[int, ...]) -> list[Move]:
    """The moves of ``card``, given the other players that may be chosen (a card that
    chooses another player is played without effect when nobody may be chosen)."""
    if card == PRINCE:
        return [Move(seat, card, t) for t in sorted([*others, seat])]
    if card not in TARGETS_ANOTHER or not others:
        return [Move(seat, card)]
    if card == GUARD:
        return [Move(seat, card, t, g) for t in others for g in GUESSABLE]
    return [Move(seat, card, t) for t in others]


_MOVES: dict[tuple[tuple[int, ...], int, tuple[int, ...]], Moves] = {}
"""Legal moves by (playable cards, seat, choosable others): a few hundred at most."""
_TURNS: dict[tuple[object, ...], dict[int, Moves]] = {}
"""The same moves by the turn's situation as it is read off the state: first the seat, who
is out and who is protected (a hundred or so of those), then the hand as a two-digit
number, the card kept and the card drawn (``hand_number``). They share ``_MOVES``'s."""


def hand_number(kept: int, drawn: int) -> int:
    """A hand of two cards as one number: 35 is the Baron kept and a Prince drawn."""
    return kept * 10 + drawn


def _moves(state: LoveLetterState, seat: int) -> Moves:
    """The legal moves of ``seat`` at the start of its turn (two cards in hand)."""
    turns = _TURNS.setdefault((seat, *state.out, *state.protected), {})
    hand = hand_number(*state.hands[seat])
    moves = turns.get(hand)
    if moves is None:
        moves = turns[hand] = _work_out_moves(state, seat)
    return moves


def _work_out_moves(state: LoveLetterState, seat: int) -> Moves:
    """The legal moves of ``seat``: each way to play each card it may play."""
    cards, others = playable(tuple(state.hands[seat])), choosable(state, seat)
    key = (cards, seat, others)
    moves = _MOVES.get(key)
    if moves is None:
        ways = [move for card in cards for move in _ways_to_play(card, seat, others)]
        moves = _MOVES[key] = Moves(tuple(ways))
    return moves


# --------------------------------------------------------------- refusals
def _refusal(state: LoveLetterState, seat: int, action: Action) -> IllegalAction:
    """Why ``action`` is not one of the legal moves, in words (worked out only then)."""
    extra = sorted(str(key) for key in action if key not in ("card", "target", "guess"))
    if extra:
        return IllegalAction(f"unknown field(s) in the action: {', '.join(extra)}")
    card = _card_field(action, "card")
    name = card_name(IDS[card])
    if card not in state.hands[seat]:
        return IllegalAction(f"you do not hold the {name}")
    if card not in playable(tuple(state.hands[seat])):
        return IllegalAction("you must play the Countess: your other card is the King or a Prince")
    target = action.get("target")
    guess = _card_field(action, "guess") if "guess" in action else None
    choices = targets(state, seat, card)
    if card not in TARGETS_ANOTHER and card != PRINCE:
        return IllegalAction(f"the {name} takes no target or guess")
    if "target" not in action:
        if choices:
            seats = ", ".join(map(str, choices))
            return IllegalAction(f"the {name} needs a target: one of seats {seats}")
        return IllegalAction("a guess needs a target")
    if target not in choices or type(target) is not int:
        return _target_refusal(state, seat, card, target)
    if card != GUARD:
        return IllegalAction(f"only the Guard takes a guess, not the {name}")
    if guess is None:
        return IllegalAction("the Guard needs a guess: name a card other than Guard")
    if guess == GUARD:
        return IllegalAction("the Guard cannot name the Guard")
    return IllegalAction("that is not a legal action now")  # pragma: no cover


def _target_refusal(state: LoveLetterState, seat: int, card: int, target: object) -> IllegalAction:
    """Why ``card`` may not choose ``target``, in words."""
    if isinstance(target, bool) or not isinstance(target, int):
        return IllegalAction(f"target must be a seat number, not {shown(target)}")
    if not 0 <= target < state.players:
        return IllegalAction(f"there is no seat {target}")
    if target == seat:
        return IllegalAction(f"the {card_name(IDS[card])} must choose another player")
    if state.out[target]:
        return IllegalAction(f"seat {target} is out of the round")
    if state.protected[target]:
        return IllegalAction(f"seat {target} is protected by the Handmaid")
    return IllegalAction(f"seat {target} may not be chosen")  # pragma: no cover


def _card_field(action: Action, key: str) -> int:
    value = action.get(key)
    card = VALUE.get(value) if type(value) is str else None
    if card is None:
        raise IllegalAction(f"{key} must be a card id ({', '.join(IDS[1:])}), not {shown(value)}")
    return card
