"""Time, kept by the server: game deadlines, per-room move clocks and grace periods.

The engine has no clock. A game's ``deadline(state)`` is the seconds its current phase may
last from the moment the phase began; the server notices when a phase begins, arms a
timer, and applies the ``timeout`` system action when it fires. A game may say exactly
what its phase is with an optional ``phase(state)`` method (any hashable value); without
it a new phase begins when the deadline changes, when a seat starts to be asked to act,
or after a timeout.

A person's seat that was away (a reload, a dropped connection) while its own clock ran gets
back the time it lost, once a turn and at most ``GIVE_BACK_SECONDS`` (``Clocks.give_back``):
a quick reload costs nothing, and reloading buys no real thinking time.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from rumizi.engine import SYSTEM, Match

GIVE_BACK_SECONDS = 5.0
"""The most clock time a seat that was away gets back, once a turn."""


class Timer:
    """A callback after ``seconds`` on the running loop, with the moment it fires."""

    __slots__ = ("callback", "ends_at", "given_back", "handle", "started")

    def __init__(self, seconds: float, callback: Callable[[], None]) -> None:
        self.started = time.monotonic()
        self.ends_at = self.started + seconds
        self.callback = callback
        self.handle = asyncio.get_running_loop().call_later(seconds, callback)
        self.given_back = False
        """Whether a seat back from away already got time back on this clock."""

    def extend(self, seconds: float) -> None:
        """Run out ``seconds`` later than it was set to."""
        self.handle.cancel()
        self.ends_at += seconds
        self.handle = asyncio.get_running_loop().call_later(self.remaining(), self.callback)

    def remaining(self) -> float:
        return max(0.0, self.ends_at - time.monotonic())

    def ends_at_epoch(self) -> float:
        """When it fires, in seconds since the epoch (for clients: see the ``now`` of a
        ``welcome`` to measure their clock's offset)."""
        return round(time.time() + self.remaining(), 3)

    def cancel(self) -> None:
        self.handle.cancel()


class Clocks:
    """The timers of one room's match: the game's phase deadline and each seat's move."""

    def __init__(
        self,
        on_deadline: Callable[[], None],
        on_move_clock: Callable[[int], None],
        move_seconds: float | None,
    ) -> None:
        self._on_deadline = on_deadline
        self._on_move_clock = on_move_clock
        self.move_seconds = move_seconds
        self.phase: Timer | None = None
        self._phase_key: Hashable = None
        self._to_act: frozenset[int] = frozenset()
        self.moves: dict[int, Timer] = {}

    def update(self, match: Match, acted: int | None, people: Callable[[int], bool]) -> None:
        """Re-arm the timers after a change: ``acted`` is the seat that just moved (if any);
        ``people(seat)`` tells whether a person (not a bot) plays the seat now."""
        if match.over:
            self.stop()
            return
        to_act = match.to_act()
        self._update_phase(match, acted, to_act)
        self._update_moves(to_act, acted, people)
        self._to_act = to_act

    def _update_phase(self, match: Match, acted: int | None, to_act: frozenset[int]) -> None:
        deadline = match.deadline()
        key = _phase_key(match, deadline, to_act, self._to_act, acted, self._phase_key)
        if key == self._phase_key and (self.phase is not None) == (deadline is not None):
            return
        self._phase_key = key
        if self.phase is not None:
            self.phase.cancel()
            self.phase = None
        if deadline is not None:
            self.phase = Timer(max(0.0, float(deadline)), self._on_deadline)

    def _update_moves(
        self, to_act: frozenset[int], acted: int | None, people: Callable[[int], bool]
    ) -> None:
        for seat in list(self.moves):
            if seat not in to_act or not people(seat) or seat == acted:
                self.moves.pop(seat).cancel()
        if self.move_seconds is None:
            return
        for seat in to_act:
            if seat not in self.moves and people(seat):
                self.moves[seat] = Timer(
                    self.move_seconds, functools.partial(self._on_move_clock, seat)
                )

    def resume(self, deadline_at: float | None, moves_at: Mapping[str, float]) -> None:
        """Re-arm the running timers to run out when they were set to (seconds since the
        epoch): a worker that takes a room over continues its clocks, not restarts them."""
        now = time.time()
        if self.phase is not None and deadline_at is not None:
            self.phase.cancel()
            self.phase = Timer(max(0.0, deadline_at - now), self._on_deadline)
        for seat, timer in list(self.moves.items()):
            at = moves_at.get(str(seat))
            if at is not None:
                timer.cancel()
                self.moves[seat] = Timer(
                    max(0.0, at - now), functools.partial(self._on_move_clock, seat)
                )

    def give_back(self, seat: int, away_since: float) -> float:
        """``seat``, a person's, is back after being away since ``away_since`` (monotonic
        seconds): each clock that ran for it alone while it was away (the phase's, when
        only this seat may act, and its own move clock) runs out later by the time it lost,
        at most ``GIVE_BACK_SECONDS`` and once per clock (a clock is a turn). A clock that
        ran out while it was away stays run out. Returns the seconds given back."""
        timers = [self.moves.get(seat)]
        if self._to_act == frozenset((seat,)):
            timers.append(self.phase)
        now = time.monotonic()
        given = 0.0
        for timer in timers:
            if timer is None or timer.given_back or timer.remaining() <= 0:
                continue
            lost = min(GIVE_BACK_SECONDS, now - max(away_since, timer.started))
            if lost > 0:
                timer.extend(lost)
                timer.given_back = True
                given = max(given, lost)
        return given

    def stop(self) -> None:
        if self.phase is not None:
            self.phase.cancel()
            self.phase = None
        for timer in self.moves.values():
            timer.cancel()
        self.moves.clear()

    def info(self) -> dict[str, Any]:
        """Seconds left on each running clock, and when each runs out (seconds since the
        epoch, by the server's clock), for the clients."""
        return {
            "deadline": None if self.phase is None else round(self.phase.remaining(), 3),
            "moves": {str(s): round(t.remaining(), 3) for s, t in sorted(self.moves.items())},
            "deadline_at": None if self.phase is None else self.phase.ends_at_epoch(),
            "moves_at": {str(s): t.ends_at_epoch() for s, t in sorted(self.moves.items())},
        }


def _phase_key(
    match: Match,
    deadline: float | None,
    to_act: frozenset[int],
    before: frozenset[int],
    acted: int | None,
    previous: Hashable,
) -> Hashable:
    phase = match.game.phase
    if phase is not None:
        return ("game", phase(match.state))
    new_seat = bool(to_act - before)
    if acted == SYSTEM or new_seat or not isinstance(previous, tuple) or previous[1] != deadline:
        return (len(match.log), deadline)
    return previous
