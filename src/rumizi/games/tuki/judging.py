"""Tuki's declarations and verdicts: declaring done or time up, checking each build
against the card, who takes the card, the final round, and the end of a practice."""

from __future__ import annotations

from typing import Any

from rumizi.engine import Event, Rng, public

from .actions import as_build
from .cards import card_of
from .matching import match, parse_rule, parse_turn
from .rounds import fewest_cards, game_over, start_round
from .state import TukiState, json_copy

CARDS_TO_END = 5
"""Taking a 5th card ends the game (2 players) or starts the final round (3–4)."""
PRACTICE_ROUNDS = 10
"""A practice game is this many cards."""


def done(state: TukiState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
    """The builder declares done: the build can't change any more. When all builders but
    one have declared, the round ends (the last one is the slowest)."""
    events.append(public("done", seat=seat, order=len(state.done) + 1))
    if state.final:
        _judge_in_final(state, [seat], rng, events)
        return
    state.done.append(seat)
    building = state.building()
    if len(building) <= 1:
        state.done.extend(building)
        _end_round(state, rng, events)


def timeout(state: TukiState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
    """Time is up: everyone not yet done is done now, in seat order after the scout."""
    late = state.building()
    events.append(public("time_up", seats=list(late)))
    if state.final:
        _judge_in_final(state, late, rng, events)
        return
    state.done.extend(late)
    _end_round(state, rng, events)


def _verdict(state: TukiState, seat: int) -> dict[str, Any]:
    card = card_of(state)
    task = card.task(parse_turn(state.turn), parse_rule(state.rule))
    result = match(as_build(state.builds[seat], state.level), task)
    return {"seat": seat, "ok": result.ok, "problems": json_copy(result.problems)}


def _end_round(state: TukiState, rng: Rng, events: list[Event]) -> None:
    """Every build is checked; who takes the card: the slowest when all are right, the
    one wrong builder, or of several wrong ones the first to declare."""
    if state.practice:
        _end_practice_round(state, rng, events)
        return
    results = [_verdict(state, s) for s in state.done]
    wrong = [r["seat"] for r in results if not r["ok"]]
    if not wrong:
        taker, reason = state.done[-1], "slowest"
    elif len(wrong) == 1:
        taker, reason = wrong[0], "only_wrong"
    else:
        taker, reason = wrong[0], "first_wrong"
    state.taken[taker].append(state.card)
    state.last = _record(state, results, taker=taker, reason=reason)
    events.append(public("round_over", **json_copy(state.last)))
    cards_now = len(state.taken[taker])
    if cards_now < CARDS_TO_END:
        start_round(state, taker, rng, events)
    elif state.players == 2:
        game_over(state, [1 - taker], "five_cards", events)
    else:
        state.final = True
        start_round(state, taker, rng, events)


def _end_practice_round(state: TukiState, rng: Rng, events: list[Event]) -> None:
    """Practice: the build is checked; a correct one keeps the card. After
    PRACTICE_ROUNDS cards the practice is over."""
    verdict = _verdict(state, 0)
    if verdict["ok"]:
        state.taken[0].append(state.card)
    state.last = _record(state, [verdict], taker=0 if verdict["ok"] else None, reason="practice")
    events.append(public("round_over", **json_copy(state.last)))
    if state.round_no < PRACTICE_ROUNDS:
        start_round(state, 0, rng, events)
    else:
        game_over(state, [0], "practice", events)


def _judge_in_final(state: TukiState, seats: list[int], rng: Rng, events: list[Event]) -> None:
    """Final round: the first correct declaration wins; a wrong one puts that builder out.
    When every builder is out, the one with the fewest cards wins (ties shared)."""
    for seat in seats:
        verdict = _verdict(state, seat)
        if verdict["ok"]:
            state.done.append(seat)
            state.last = _record(state, [verdict], taker=None, reason="final_correct")
            events.append(public("round_over", **json_copy(state.last)))
            game_over(state, [seat], "final_correct", events)
            return
        state.out.append(seat)
        events.append(public("out", seat=seat, problems=json_copy(verdict["problems"])))
    if not state.building():
        state.last = _record(state, [], taker=None, reason="all_wrong")
        events.append(public("round_over", **json_copy(state.last)))
        game_over(state, fewest_cards(state, state.builders), "all_wrong", events)


def _record(
    state: TukiState, results: list[dict[str, Any]], taker: int | None, reason: str
) -> dict[str, Any]:
    return {
        "round": state.round_no,
        "card": state.card,
        "animal": state.animal,
        "rule": state.rule,
        "turn": state.turn,
        "done": list(state.done),
        "results": results,
        "taker": taker,
        "reason": reason,
    }
