"""Tuki's rounds: the scout turns the top card and rolls the die, who builds (with 4
players and in the final round the scout does not), the pieces handed over with 4
players — and the end of the game."""

from __future__ import annotations

from rumizi.engine import Event, Rng, public

from .cards import ANIMALS, card_of
from .matching import RULES as TABLE_RULES
from .state import BUILD, OVER, TukiState

FACES: tuple[tuple[str, str], ...] = tuple((a, r) for a in ANIMALS for r in TABLE_RULES)
"""The die's six faces: each animal plain and with the white square."""


def start_round(state: TukiState, scout: int, rng: Rng, events: list[Event]) -> None:
    """The scout turns the top card and rolls the die; the builders take their pieces."""
    if not state.deck:
        game_over(state, fewest_cards(state, list(range(state.players))), "no_cards", events)
        return
    state.round_no += 1
    state.previous_scout = state.scout if state.round_no > 1 else None
    state.scout = scout
    state.card = state.deck.pop()
    state.animal, state.rule = state.dice.pop(0) if state.dice else FACES[rng.randrange(6)]
    state.turn = card_of(state).turn_for(state.animal)
    state.builders = _builders(state)
    state.builds = [{} for _ in range(state.players)]
    state.falls = [[] for _ in range(state.players)]
    state.done, state.out = [], []
    state.hints = []
    state.phase = BUILD
    _hand_over_pieces(state, events)
    events.append(
        public(
            "round",
            round=state.round_no,
            scout=scout,
            card=state.card,
            animal=state.animal,
            rule=state.rule,
            turn=state.turn,
            builders=list(state.builders),
            final=state.final,
            deck=len(state.deck),
            seconds=state.round_seconds,
        )
    )


def _builders(state: TukiState) -> list[int]:
    """With 2–3 players everyone builds, the scout too; with 4 (only 3 sets of pieces) and
    in the final round, the scout does not."""
    sits_out = state.final or state.players == 4
    return [s for s in _seat_order(state) if not (sits_out and s == state.scout)]


def _seat_order(state: TukiState) -> list[int]:
    """Every seat, in order after the scout (the scout last)."""
    n = state.players
    return [(state.scout + i) % n for i in range(1, n + 1)]


def _hand_over_pieces(state: TukiState, events: list[Event]) -> None:
    """With 4 players the new scout hands their pieces to the previous scout."""
    before = state.previous_scout
    if state.players == 4 and before is not None and before != state.scout:
        events.append(public("pieces_handed", seat=state.scout, to=before))


def fewest_cards(state: TukiState, seats: list[int]) -> list[int]:
    """Of ``seats``, those who took the fewest cards (the winners when nobody wins outright)."""
    fewest = min(len(state.taken[s]) for s in seats)
    return sorted(s for s in seats if len(state.taken[s]) == fewest)


def game_over(state: TukiState, winners: list[int], reason: str, events: list[Event]) -> None:
    state.winners = winners
    state.phase = OVER
    events.append(
        public(
            "game_over",
            winners=list(winners),
            reason=reason,
            taken=[len(t) for t in state.taken],
        )
    )
