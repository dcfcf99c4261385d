"""The toy game in words: which message tells each event and action."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rumizi.engine.texts import Catalogue, MessageRef, load

CATALOGUE: Catalogue = load(Path(__file__).with_name("texts.json"))
QUIET: frozenset[str] = frozenset()


def event_message(event: dict[str, Any], me: int | None) -> MessageRef:
    seat = event["seat"]
    key = f"event.{event['kind']}" + (".you" if seat == me else "")
    args: dict[str, Any] = {"name": {"seat": seat}}
    if "n" in event:
        args["n"] = event["n"]
    return {"key": key, "args": args}


def action_message(action: dict[str, Any], view: dict[str, Any]) -> MessageRef:
    return {"key": "action.say", "args": {"n": action["say"]}}
