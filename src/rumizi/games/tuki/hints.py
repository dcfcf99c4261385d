"""Tuki's practice hints: one snow block at a time of the card's stored solution (its
witness), never one already shown or already in place."""

from __future__ import annotations

from typing import Any

from rumizi.engine import Event, IllegalAction, Rng, public

from .cards import card_of
from .state import TukiState


def check_hint(state: TukiState, seat: int) -> list[Any]:
    """The hint a ``hint`` action would show, or why there is none."""
    if not state.practice:
        raise IllegalAction("hints are for practice only")
    hint = next_hint(state, seat)
    if hint is None:
        raise IllegalAction("no hint left: every snow block of a solution is shown or in place")
    return hint


def next_hint(state: TukiState, seat: int) -> list[Any] | None:
    """One snow block of the stored witness not yet shown and not yet where it goes."""
    witness = card_of(state).witnesses[f"{state.turn}/{state.rule}"].to_json()
    build = state.builds[seat]
    for piece, axis, x, y, z in witness:
        if not str(piece).startswith("snow") or [piece, axis, x, y, z] in state.hints:
            continue
        if build.get(str(piece)) != (axis, x, y, z):
            return [piece, axis, x, y, z]
    return None


def hint(state: TukiState, seat: int, block: list[Any], rng: Rng, events: list[Event]) -> None:
    """Practice: show where one snow block of a solution goes (the stones as on the hint's
    build: the witness stands with its stones where the card's are, moved to this spot)."""
    state.hints.append(block)
    events.append(public("hint", seat=seat, block=list(block), stones=_witness_stones(state)))


def _witness_stones(state: TukiState) -> list[list[Any]]:
    witness = card_of(state).witnesses[f"{state.turn}/{state.rule}"].to_json()
    return [p for p in witness if not str(p[0]).startswith("snow")]
