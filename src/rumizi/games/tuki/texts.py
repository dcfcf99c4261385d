"""Tuki in words: which catalogue message (``texts.json``) tells each event and action.

The cards' ids join the catalogue as ``card.<id>`` (in fa its number, in Persian
digits); pieces, axes, animals and die faces are ``piece.<id>``, ``axis.<x|y|z>``,
``animal.<id>`` and ``rule.<face>``. A builder's own place, move, turn and remove are
told to that builder only (the others see the build areas; a log of everyone's every
move says nothing). The terminal and the browser fill these references from the same
catalogue (``rumizi.engine.texts``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rumizi.engine.texts import FA_DIGITS, Catalogue, MessageRef, load, subject

from .cards import load_deck
from .geometry import LEVEL_COLOURS
from .judging import PRACTICE_ROUNDS


def _card_names(lang: str) -> dict[str, str]:
    """A card by its id in English ("N01"); in Persian by its number alone ("۱": a game
    plays one level, so the number names the card, and no Latin letter mixes into the
    sentence — the card's face still shows its printed label)."""
    ids = [card.id for level in LEVEL_COLOURS for card in load_deck(level).cards]
    if lang == "fa":
        return {f"card.{i}": str(int(i[1:])).translate(FA_DIGITS) for i in ids}
    return {f"card.{i}": i for i in ids}


def _catalogue() -> Catalogue:
    words = load(Path(__file__).with_name("texts.json"))
    return {lang: {**_card_names(lang), **messages} for lang, messages in words.items()}


CATALOGUE: Catalogue = _catalogue()


QUIET: frozenset[str] = frozenset({"placed", "moved", "turned", "removed"})
"""Event kinds not always told in words: a build move is told to its builder only. The
completeness test checks every other kind is."""

BUILD_MOVES = {"placed", "moved", "turned", "removed"}


def _ref(key: str, **args: Any) -> MessageRef:
    return {"key": key, "args": args}


def _you(key: str, actor: Any, me: int | None) -> str:
    """The second-person form when the reader is the one the sentence is about."""
    return f"{key}.you" if actor is not None and actor == me else key


def _spot(spot: list[Any]) -> dict[str, Any]:
    """A piece's axis and lowest cell as message arguments."""
    axis, x, y, z = spot
    return {"axis": {"text": f"axis.{axis}"}, "x": x, "y": y, "z": z}


def event_message(event: dict[str, Any], me: int | None) -> MessageRef | None:
    """What ``event`` says to seat ``me`` (``None``: a spectator), or ``None`` to stay quiet."""
    kind = event["kind"]
    seat = event.get("seat")
    name = {"seat": seat}
    if kind in BUILD_MOVES:
        return _build_move(event, me)
    if kind == "round":
        key = _you("event.round.final" if event["final"] else "event.round", event["scout"], me)
        return _ref(
            key,
            r=event["round"],
            name={"seat": event["scout"]},
            card={"card": event["card"]},
            animal={"text": f"animal.{event['animal']}"},
            rule={"text": f"rule.{event['rule']}"},
        )
    if kind == "pieces_handed":
        key = _you("event.pieces_handed", seat, me)
        if seat != me and event["to"] == me:
            key += ".to_you"
        return _ref(key, name=name, to={"seat": event["to"]})
    if kind == "done":
        return _ref(_you("event.done", seat, me), name=name, k=event["order"])
    if kind == "hint":
        piece, axis, x, y, z = event["block"]
        args = _spot([axis, x, y, z])
        return _ref(
            _you("event.hint", seat, me), name=name, piece={"text": f"piece.{piece}"}, **args
        )
    if kind == "time_up":
        return _ref("event.time_up")
    if kind == "round_over":
        return _round_over(event, me)
    if kind == "out":
        return _ref(_you("event.out", seat, me), name=name)
    if kind == "game_over":
        return _game_over(event, me)
    return None


def _build_move(event: dict[str, Any], me: int | None) -> MessageRef | None:
    """The builder's own move, where the piece now lies and whether the build stands."""
    if event["seat"] != me:
        return None
    kind = event["kind"]
    args: dict[str, Any] = {"piece": {"text": f"piece.{event['piece']}"}}
    if kind != "removed":
        args |= _spot(event["at"])
    stands = {"text": "falls" if event["falls"] else "stands"}
    return _ref(f"event.{kind}.you", stands=stands, **args)


def _round_over(event: dict[str, Any], me: int | None) -> MessageRef:
    """Who takes the card, and why (or, practice and final round, whose build was right)."""
    reason = event["reason"]
    card = {"card": event["card"]}
    taker = event["taker"]
    if reason == "practice":
        seat = event["results"][0]["seat"]
        key = "event.round_over.practice." + ("right" if taker is not None else "wrong")
        return _ref(_you(key, seat, me), card=card, name={"seat": seat})
    if reason == "final_correct":
        seat = event["results"][0]["seat"]
        key = _you("event.round_over.final_correct", seat, me)
        return _ref(key, card=card, name={"seat": seat})
    if reason == "all_wrong":
        return _ref("event.round_over.all_wrong", card=card)
    key = _you(f"event.round_over.{reason}", taker, me)
    return _ref(key, card=card, name={"seat": taker})


def _game_over(event: dict[str, Any], me: int | None) -> MessageRef:
    winners = event["winners"]
    if event["reason"] == "practice":
        return _ref("event.game_over.practice", n=event["taken"][winners[0]], of=PRACTICE_ROUNDS)
    key, names = subject("event.game_over", winners, me)
    return _ref(key, names=names, n=len(names["list"]), why={"text": f"why.{event['reason']}"})


def action_message(action: dict[str, Any], view: dict[str, Any]) -> MessageRef:
    """How a legal action reads on a button or in a list of choices (a parametric kind,
    with ``params``, reads as what it does with any piece)."""
    kind = action["type"]
    if "params" in action or kind in ("done", "hint"):
        return _ref(f"action.{kind}")
    piece = {"text": f"piece.{action['piece']}"}
    if kind == "place":
        return _ref("action.place.piece", piece=piece, **_spot(_at(action)))
    if kind == "move":
        return _ref("action.move.piece", piece=piece, x=action["x"], y=action["y"], z=action["z"])
    if kind == "turn":
        return _ref("action.turn.piece", piece=piece, axis={"text": f"axis.{action['axis']}"})
    return _ref(f"action.{kind}.piece", piece=piece)


def _at(action: dict[str, Any]) -> list[Any]:
    return [action["axis"], action["x"], action["y"], action["z"]]
