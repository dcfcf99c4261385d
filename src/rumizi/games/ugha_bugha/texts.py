"""Ugha Bugha in words: which catalogue message (``texts.json``) tells each event and action.

The cards' names come from ``cards.py`` and join the catalogue as ``card.<id>`` (symbol and
name, as the terminal shows a card) and ``name.<id>`` (the name alone, beside a drawn
picture in the browser). The terminal and the browser fill these
references from the same catalogue (``rumizi.engine.texts``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rumizi.engine.texts import Catalogue, MessageRef, load, subject

from .cards import CARDS


def _card_names(lang: str) -> dict[str, str]:
    names = {}
    for card in CARDS:
        name = card.persian if lang == "fa" else card.latin
        names[f"card.{card.id}"] = f"{card.symbol} {name}"
        names[f"name.{card.id}"] = name
    return names


def _catalogue() -> Catalogue:
    words = load(Path(__file__).with_name("texts.json"))
    return {lang: {**_card_names(lang), **messages} for lang, messages in words.items()}


CATALOGUE: Catalogue = _catalogue()


QUIET: frozenset[str] = frozenset({"turn", "said"})
"""Event kinds not (always) told in words: "turn" repeats who plays; "said" is flashed item by
item, never logged. The completeness test checks every other kind is."""


def _ref(key: str, **args: Any) -> MessageRef:
    return {"key": key, "args": args}


def _you(key: str, actor: Any, me: int | None) -> str:
    """The second-person form when the reader is the one the sentence is about."""
    return f"{key}.you" if actor is not None and actor == me else key


def event_message(event: dict[str, Any], me: int | None) -> MessageRef | None:
    """What ``event`` says to seat ``me`` (``None``: a spectator), or ``None`` to stay quiet."""
    kind = event["kind"]
    seat = event.get("seat")
    name = {"seat": seat}
    if kind == "chain_started":
        return _ref(_you("event.chain_started", seat, me), no=event["chain_no"], name=name)
    if kind == "flipped":
        # the log is no memory aid: the flipped card is shown on the table, not written down
        return _ref(_you("event.flipped", seat, me), name=name, n=event["chain"])
    if kind == "called":
        key = _you(f"event.called.{event['call']}", seat, me)
        if event["call"] == "ha":
            return _ref(key, name=name, target={"seat": event["point"]})
        return _ref(key, name=name)
    if kind == "passed":
        return _ref(_you("event.passed", seat, me), name=name)
    if kind == "window":
        seconds = event["seconds"]
        secs = {"text": "nothing"} if seconds is None else {"ref": _ref("secs", s=seconds)}
        return _ref(_you("event.window", seat, me), secs=secs, name=name)
    if kind == "ho":
        key = _you("event.ho.right" if event["right"] else "event.ho.wrong", seat, me)
        if seat != me and event["reciter"] == me:
            key += ".to_you"  # about the reader's own recitation: "your", never "You's"
        reciter = {"seat": event["reciter"]}
        return _ref(key, name=name, reciter=reciter, at=event.get("at", 0) + 1)
    if kind == "window_closed":
        return _ref(_you("event.window_closed", seat, me), name=name)
    if kind == "chain_lost":
        key = _you("event.chain_lost", seat, me)
        why = {"ref": _why(event, me)}
        return _ref(key, name=name, no=event["chain_no"], length=event["length"], why=why)
    if kind == "chain_won":
        key = _you("event.chain_won", seat, me)
        tokens = event["tokens"][seat]
        return _ref(key, name=name, no=event["chain_no"], length=event["length"], tokens=tokens)
    if kind == "dealt" and event["count"]:
        return _ref(_you("event.dealt", seat, me), name=name, count=event["count"])
    if kind == "recycled":
        return _ref("event.recycled", cards=event["cards"])
    if kind == "game_over":
        ending = "out_of_cards" if event.get("reason") == "out_of_cards" else "game_over"
        key, names = subject(f"event.{ending}", event["winners"], me)
        return _ref(key, names=names, n=len(names["list"]))
    return None


def flash_message(event: dict[str, Any], me: int | None) -> MessageRef | None:
    """A recitation is heard item by item and then gone (never in the log); one's own is
    not echoed."""
    if event["kind"] != "said" or event["seat"] == me:
        return None
    item = {"card": event["item"]}
    return _ref("event.said", name={"seat": event["seat"]}, i=event["index"] + 1, item=item)


def _why(event: dict[str, Any], me: int | None) -> MessageRef:
    reason = "by_ho" if event["reason"] == "ho" else event["reason"]
    args: dict[str, Any] = {"at": event.get("index", 0) + 1, "said": event.get("index", 0)}
    key = _you(f"why.{reason}", event["seat"], me)
    if "caller" in event:
        args["caller"] = {"seat": event["caller"]}
        if event["seat"] != me and event["caller"] == me:
            key += ".by_you"  # caught by the reader's Ho!: "your Ho!", never "You's"
    return _ref(key, **args)


def action_message(action: dict[str, Any], view: dict[str, Any]) -> MessageRef:
    """How a legal action reads on a button or in a list of choices."""
    kind = action["type"]
    if kind == "flip":
        return _ref("action.flip", n=action["position"] + 1)
    if kind == "say":
        return _ref("action.say", item={"card": action["item"]})
    if kind == "ha":
        return _ref("action.ha", name={"seat": action["point"]})
    return _ref(f"action.{kind}")
