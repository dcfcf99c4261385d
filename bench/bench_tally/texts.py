"""The bench game in words, as a real game tells its events: a catalogue reference per
event and seat (the mover reads the ``.you`` form), and one per legal action."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rumizi.engine.texts import Catalogue, MessageRef, load

CATALOGUE: Catalogue = load(Path(__file__).with_name("texts.json"))


def event_message(event: dict[str, Any], me: int | None) -> MessageRef | None:
    """What ``event`` says to seat ``me`` (``None``: a spectator)."""
    seat = event.get("seat", -1)
    if event["kind"] == "said":
        key = "event.said.you" if seat == me else "event.said"
        return {"key": key, "args": {"name": {"seat": seat}, "n": event["n"]}}
    if event["kind"] == "noted":
        return {"key": "event.noted", "args": {"n": event["n"]}}
    return None


def action_message(action: dict[str, Any], view: dict[str, Any]) -> MessageRef:
    """How a legal action reads on a button."""
    return {"key": "action.say", "args": {"n": action["n"], "of": view["moves"]}}
