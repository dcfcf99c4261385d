"""Skip-Bo in words: which catalogue message (``texts.json``) tells each event and action.

Piles are numbered from 1 in words (from 0 in actions and views). The terminal and the
browser fill these references from the same catalogue (``rumizi.engine.texts``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rumizi.engine.texts import Catalogue, MessageRef, load, subject

CATALOGUE: Catalogue = load(Path(__file__).with_name("texts.json"))


QUIET: frozenset[str] = frozenset()
"""Event kinds not (always) told in words. The completeness test
checks every other kind is."""


def _ref(key: str, **args: Any) -> MessageRef:
    return {"key": key, "args": args}


def _you(key: str, actor: int, me: int | None) -> str:
    """The second-person form when the reader is the one who acted."""
    return f"{key}.you" if actor == me else key


def card(json_card: Any) -> Any:
    """A card as a message argument: its number, or SKIP-BO."""
    return json_card if isinstance(json_card, int) else {"card": "skip-bo"}


def card_message(json_card: Any) -> MessageRef:
    """A card alone in words (its number, or SKIP-BO)."""
    return _ref("card", card=card(json_card))


def event_message(event: dict[str, Any], me: int | None) -> MessageRef | None:
    """What ``event`` says to seat ``me`` (``None``: a spectator), or ``None`` to stay quiet."""
    kind = event["kind"]
    seat = event.get("seat", -1)
    name = {"seat": seat}
    if kind == "round_started":
        starter = event["starter"]
        return _ref(
            _you("event.round_started", starter, me),
            r=event["round"],
            name={"seat": starter},
            n=event["stock_sizes"][0],
        )
    if kind == "turn":
        return _ref(_you("event.turn", seat, me), name=name)
    if kind == "drew":
        return _ref("event.drew", cards={"list": [card(c) for c in event["cards"]]})
    if kind == "played":
        origin = event["from"]
        args: dict[str, Any] = {
            "name": name,
            "card": card(event["card"]),
            "to": event["to_pile"] + 1,
            "value": event["value"],
        }
        if origin in ("stock", "partner_stock"):
            revealed = event["revealed"]
            args["left"] = event["stock_left"]
            args["revealed"] = (
                {"ref": _ref("revealed", next=card(revealed))} if revealed else {"text": "nothing"}
            )
        return _ref(_you(f"event.played.{origin}", seat, me), **args)
    if kind == "pile_completed":
        return _ref("event.pile_completed", pile=event["pile"] + 1)
    if kind == "refilled":
        return _ref(_you("event.refilled", seat, me), name=name, n=event["drew"])
    if kind == "discarded":
        key = _you("event.discarded", seat, me)
        return _ref(key, name=name, card=card(event["card"]), to=event["to_pile"] + 1)
    if kind == "turn_over":
        return _ref(_you(f"event.turn_over.{event['reason']}", seat, me), name=name)
    if kind == "round_over":
        return round_message(event, me)
    if kind == "game_over":
        if not event["winners"]:
            return _ref("event.nobody_won")
        key, names = subject("event.game_over", event["winners"], me)
        return _ref(key, names=names)
    return None


def round_message(result: dict[str, Any], me: int | None = None) -> MessageRef:
    """A round's result: its winners and points, or a stall."""
    if not result["winners"]:
        return _ref("event.stall", r=result["round"])
    scores = [
        {"ref": _ref("score", who={"seat": p}, points=s)} for p, s in enumerate(result["scores"])
    ]
    key, names = subject("event.round_over", result["winners"], me)
    return _ref(
        key, r=result["round"], names=names, points=result["points"], scores={"list": scores}
    )


def _partner(view: dict[str, Any], seat: int) -> int:
    teams: list[list[int]] = view.get("teams") or []
    return next(p for team in teams if seat in team for p in team if p != seat)


def moved_card(action: dict[str, Any], view: dict[str, Any]) -> Any:
    """The JSON card an action moves, as the view shows it."""
    me = view["seat"]
    origin = action["from"]
    if origin == "hand":
        return action["card"]
    if origin in ("stock", "partner_stock"):
        return view["stock_tops"][me if origin == "stock" else _partner(view, me)]
    owner = me if origin == "discard" else _partner(view, me)
    return view["discards"][owner][action["from_pile"]][-1]


def action_message(action: dict[str, Any], view: dict[str, Any]) -> MessageRef:
    """How a legal action reads on a button or in a list of choices."""
    if action.get("type") == "end_turn":
        return _ref("action.end_turn")
    to = action["to_pile"] + 1
    if action["to"] == "discard":
        return _ref("action.discard", card=card(action["card"]), to=to)
    starts = not view["building"][action["to_pile"]]
    return _ref(
        f"action.play_{action['from']}",
        card=card(moved_card(action, view)),
        to=to,
        **{"from": action.get("from_pile", 0) + 1},
        new={"text": "action.new_pile" if starts else "nothing"},
    )
