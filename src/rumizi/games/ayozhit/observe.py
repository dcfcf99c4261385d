"""What a learning program sees of Ayozhit: a seat's view as a fixed-size vector.

Built from ``view(state, seat)`` alone, so it never holds another player's unannounced
marks. It says *where* things are, not *what* the pictures and the word mean: a learner
that wants to judge how well a picture fits the word needs features of the content (the
picture and word ids are in the view; ``games/ayozhit/similarity.py`` has the measure
the bots use). Seats are relative to the observer (block 0 is the observer).

==========  =================================================================
index       meaning (all values in 0–1)
==========  =================================================================
0–3         the phase, one-hot: word, select (marking), announce, over
4           round / 4 (at most 1)
5           1 in a tie-break round
6, 7        the word chosen: the card's first, second
8 + 5·p     for table position ``p`` (0–14), 5 numbers:
 +0          the observer marked it
 +1          it was announced this round
 +2          that announcement scored
 +3          the players who revealed marking it then / players
 +4          the observer may announce it now
83 + 8·o    for the player at offset ``o``, 8 numbers:
 +0          still playing this round
 +1          done marking (ready)
 +2          failed this round
 +3          marks counted / 10 (once counted)
 +4          score / 20 (at most 1)
 +5          the dreamer now
 +6          the round's first dreamer
 +7          dreamt-deep (the single player with most marks)
==========  =================================================================

``observation_size(players)`` = 83 + 8 × players: 107 with three players, 131 with six.

``observe_state`` is the same vector read straight off the state, without building the
view (the RL faces use it for speed); the tests prove it equal to ``observe`` of the view
at every step of random games, for every seat.
"""

from __future__ import annotations

from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

from .content import load_words
from .encode import decode, encode, num_actions
from .state import ANNOUNCE, OVER, ROUNDS, SELECT, TABLE_SIZE, WORD, AyozhitState

__all__ = ["decode", "encode", "num_actions", "observation_size", "observe", "observe_state"]

PHASES: Final = {WORD: 0, SELECT: 1, ANNOUNCE: 2, OVER: 3}
ROUND, TIEBREAK, FIRST_WORD = 4, 5, 6
PICTURES: Final = 8
PER_PICTURE: Final = 5
SEATS: Final = PICTURES + PER_PICTURE * TABLE_SIZE
PER_SEAT: Final = 8
PLAYING, READY, FAILED, COUNT, SCORE, DREAMER, FIRST, DEEP = range(8)


def observation_size(players: int) -> int:
    return SEATS + PER_SEAT * players


def observe(view: dict[str, Any], seat: int, players: int) -> npt.NDArray[np.float32]:
    """The vector of ``view`` (seat ``seat``'s view of a ``players``-player game)."""
    vector = np.zeros(SEATS + PER_SEAT * players, _F32)
    obs = cast("memoryview[float]", vector.data)  # (written through: quicker)
    obs[PHASES[view["phase"]]] = 1.0
    obs[ROUND] = min(view["round"] / ROUNDS, 1.0)
    if view["tiebreak_round"]:
        obs[TIEBREAK] = 1.0
    chosen = view["word"]
    if chosen is not None:
        keys = [w["key"] for w in view["card"]["words"]]
        obs[FIRST_WORD + keys.index(chosen["key"])] = 1.0
    for p in view["marks"]:
        obs[PICTURES + PER_PICTURE * p] = 1.0
    announced = set()
    for record in view["announced"]:
        at = PICTURES + PER_PICTURE * record["position"]
        announced.add(record["position"])
        obs[at + 1] = 1.0
        if record["scorers"]:
            obs[at + 2] = 1.0
        obs[at + 3] = len(record["markers"]) / players
    if view["phase"] == ANNOUNCE and view["dreamer"] == seat:
        for p in view["marks"]:
            if p not in announced:
                obs[PICTURES + PER_PICTURE * p + 4] = 1.0
    counts, scores = view["counts"], view["scores"]
    playing, ready, failed = view["playing"], view["ready"], view["failed"]
    dreamer, first, deep = view["dreamer"], view["first"], view["deep"]
    _write_seats(obs, seat, players, playing, ready, failed, counts, scores, (dreamer, first, deep))
    return vector


def observe_state(state: AyozhitState, seat: int, players: int) -> npt.NDArray[np.float32]:
    """``observe(GAME.view(state, seat), seat, players)``, read off the state: what the
    view shows of each thing, in the same order."""
    vector = np.zeros(SEATS + PER_SEAT * players, _F32)
    obs = cast("memoryview[float]", vector.data)  # (written through: quicker)
    phase = state.phase
    obs[PHASES[phase]] = 1.0
    share = state.round / ROUNDS
    obs[ROUND] = share if share < 1.0 else 1.0
    if state.tiebreak_round:
        obs[TIEBREAK] = 1.0
    if state.word is not None:
        keys = [w.key for w in load_words()[state.card].words]
        obs[FIRST_WORD + keys.index(keys[state.word])] = 1.0
    marks = state.marks[seat]
    for p in marks:
        obs[PICTURES + PER_PICTURE * p] = 1.0
    announced = set()
    for record in state.announced:
        at = PICTURES + PER_PICTURE * record["position"]
        announced.add(record["position"])
        obs[at + 1] = 1.0
        if record["scorers"]:
            obs[at + 2] = 1.0
        obs[at + 3] = len(record["markers"]) / players
    dreamer = state.dreamer if phase == ANNOUNCE else None
    if dreamer == seat:
        for p in marks:
            if p not in announced:
                obs[PICTURES + PER_PICTURE * p + 4] = 1.0
    counts, scores, first, deep = state.counts, state.scores, state.first, state.deep
    playing, ready, failed = state.playing, state.ready, state.failed
    _write_seats(obs, seat, players, playing, ready, failed, counts, scores, (dreamer, first, deep))
    return vector


def _write_seats(
    obs: memoryview[float],
    seat: int,
    players: int,
    playing: Any,
    ready: Any,
    failed: Any,
    counts: Any,
    scores: Any,
    roles: tuple[int | None, int | None, int | None],
) -> None:
    """Each seat's block, the observer's first: the same from a view and from a state."""
    dreamer, first, deep = roles
    base = SEATS
    for p in _ORDER[players][seat]:
        if playing[p]:
            obs[base + PLAYING] = 1.0
        if ready[p]:
            obs[base + READY] = 1.0
        if failed[p]:
            obs[base + FAILED] = 1.0
        if counts is not None:
            obs[base + COUNT] = counts[p] / 10
        obs[base + SCORE] = min(max(scores[p], 0) / 20, 1.0)
        if dreamer == p:
            obs[base + DREAMER] = 1.0
        if first == p:
            obs[base + FIRST] = 1.0
        if deep == p:
            obs[base + DEEP] = 1.0
        base += PER_SEAT


_F32: Final = np.dtype(np.float32)
_ORDER: Final = {
    n: tuple((*range(seat, n), *range(seat)) for seat in range(n)) for n in range(3, 7)
}
"""The seats from each observer clockwise, by player count."""
