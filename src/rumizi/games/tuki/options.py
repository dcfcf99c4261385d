"""Tuki's setup options beyond the description's bounds: the stacked deck (``deck``), the
die's first rolls (``dice``) and ``practice`` (one player alone, no clock, hints)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rumizi.engine import BadOptions, Rng
from rumizi.engine.errors import shown

from .cards import cards
from .rounds import FACES


def deck_option(options: Mapping[str, Any], level: str, rng: Rng) -> list[str]:
    """The deck, top last. Option ``deck``: card ids to put on top, top first; the cards
    it does not name follow in shuffled order."""
    ids = list(cards(level))
    rng.shuffle(ids)
    stacked = options.get("deck")
    if stacked is None:
        return ids
    if not isinstance(stacked, list) or not stacked:
        raise BadOptions(f'deck must be a list of {level} card ids, top first (e.g. ["N07"])')
    for card in stacked:
        if not isinstance(card, str) or card not in cards(level):
            raise BadOptions(f"deck: {shown(card)} is not a card of the {level} deck")
    if len(set(stacked)) != len(stacked):
        raise BadOptions("deck: a card is named twice")
    rest = [c for c in ids if c not in stacked]
    return rest[::-1] + stacked[::-1]


def dice_option(options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Option ``dice``: the first rolls, as ``"walrus/plain"`` or ``"arctic-fox/white"``."""
    rolls = options.get("dice", [])
    if not isinstance(rolls, list):
        raise BadOptions('dice must be a list of rolls such as "walrus/white"')
    out: list[tuple[str, str]] = []
    for roll in rolls:
        animal, _, rule = str(roll).partition("/")
        if (animal, rule) not in FACES:
            faces = ", ".join(f"{a}/{r}" for a, r in FACES)
            raise BadOptions(f"dice: {shown(roll)} is not a face of the die ({faces})")
        out.append((animal, rule))
    return out


def practice_option(options: Mapping[str, Any], players: int) -> bool:
    """``practice``: one player alone, no clock, hints. Only alone, and alone only so."""
    practice = bool(options.get("practice", False))
    if practice and players != 1:
        raise BadOptions("practice is played alone: choose 1 player")
    if players == 1 and not practice:
        raise BadOptions("tuki is for 2–4 players; alone, play it as practice")
    return practice
