"""Love Letter in words: which catalogue message (``texts.json``) tells each event and action.

The terminal and the browser fill these references from the same catalogue
(``rumizi.engine.texts``), so both say the same thing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rumizi.engine.texts import Catalogue, MessageRef, load, subject

from .cards import chooses_another

CATALOGUE: Catalogue = load(Path(__file__).with_name("texts.json"))


def card_name(card: str, lang: str = "en") -> str:
    """The name of the card with id ``card``, e.g. ``card_name("baron") == "Baron"``."""
    name: str = CATALOGUE[lang][f"name.{card}"]
    return name


QUIET: frozenset[str] = frozenset({"turn", "redrew"})
"""Event kinds not (always) told in words: "turn" repeats who plays; "redrew" is told only when
it is the set-aside card. The completeness test checks every other kind is."""


def _ref(key: str, **args: Any) -> MessageRef:
    return {"key": key, "args": args}


def _you(key: str, actor: int, me: int | None) -> str:
    """The second-person form when the reader is the one who acted."""
    return f"{key}.you" if actor == me else key


def _seat(seat: int) -> dict[str, int]:
    return {"seat": seat}


def _target(target: int, actor: int, me: int | None) -> dict[str, Any]:
    if target == actor:
        return {"text": "yourself" if actor == me else "themself"}
    return {"text": "you"} if target == me else _seat(target)


def _other(cards: dict[str, Any], me: int | None) -> int:
    return next(int(s) for s in cards if int(s) != me)


def event_message(event: dict[str, Any], me: int | None) -> MessageRef | None:
    """What ``event`` says to seat ``me`` (``None``: a spectator), or ``None`` to stay quiet."""
    kind = event["kind"]
    seat = event.get("seat", -1)
    if kind == "round_started":
        starter = event["starter"]
        return _ref(_you("event.round_started", starter, me), r=event["round"], name=_seat(starter))
    if kind in ("dealt", "drew"):
        return _ref(f"event.{kind}", card={"card": event["card"]})
    if kind == "played":
        card = {"card": event["card"]}
        if "target" in event:
            target = _target(event["target"], seat, me)
            key = _you("event.played_on", seat, me)
            return _ref(key, name=_seat(seat), card=card, target=target)
        return _ref(_you("event.played", seat, me), name=_seat(seat), card=card)
    if kind == "guessed":
        key = _you(f"event.guessed.{'hit' if event['hit'] else 'miss'}", seat, me)
        return _ref(key, name=_seat(seat), guess={"text": f"name.{event['guess']}"})
    if kind == "peek":
        return _ref("event.peek", target=_seat(event["target"]), card={"card": event["card"]})
    if kind in ("compared", "traded"):
        cards = event["cards"]
        other = _other(cards, me)
        mine = {"card": cards[str(me)]}
        if kind == "traded":
            return _ref("event.traded", other=_seat(other), card=mine)
        theirs = {"card": cards[str(other)]}
        return _ref("event.compared", mine=mine, other=_seat(other), theirs=theirs)
    if kind == "baron_tie":
        return _ref("event.baron_tie")
    if kind == "discarded":
        return _ref(
            _you("event.discarded", seat, me), name=_seat(seat), card={"card": event["card"]}
        )
    if kind == "redrew":
        if not event["from_set_aside"]:
            return None
        return _ref(_you("event.set_aside", seat, me), name=_seat(seat))
    if kind == "knocked_out":
        if not event["discarded"]:  # the card that put them out was told as it went
            return _ref(_you("event.knocked_out.bare", seat, me), name=_seat(seat))
        cards = {"list": [{"card": c} for c in event["discarded"]]}
        return _ref(_you("event.knocked_out", seat, me), name=_seat(seat), cards=cards)
    if kind == "round_over":
        return round_message(event, me)
    if kind == "game_over":
        key, names = subject("event.game_over", event["winners"], me)
        return _ref(key, names=names)
    return None


def round_message(result: dict[str, Any], me: int | None = None) -> MessageRef:
    """A round's result (the ``round_over`` event, or the view's ``last_round``)."""
    hands = [
        {"ref": _ref("hand", who=_seat(p), card={"card": c})}
        for p, c in enumerate(result["hands"])
        if c
    ]
    key, names = subject("event.round_over", result["winners"], me)
    return _ref(
        key, r=result["round"], how={"text": result["reason"]}, names=names, hands={"list": hands}
    )


def action_message(action: dict[str, Any], view: dict[str, Any]) -> MessageRef:
    """How a legal action reads on a button or in a list of choices."""
    card = {"card": action["card"]}
    target = action.get("target")
    if target is None:
        key = "action.no_target" if chooses_another(action["card"]) else "action.play"
        return _ref(key, card=card)
    who = {"text": "yourself"} if target == view["seat"] else _seat(target)
    if "guess" in action:
        guess = {"text": f"name.{action['guess']}"}
        return _ref("action.play_guess", card=card, target=who, guess=guess)
    return _ref("action.play_on", card=card, target=who)
