"""Ugha Bugha (اوگا بوگا), as ``../shared/rules/ugha-bugha.md`` states it.

A turn is a few actions by the player pointed at, all on one clock:

- ``{"type": "flip", "position": i}`` — flip the face-down card at position ``i``;
- ``{"type": "say", "item": id}`` — the next item of the recitation (a word or a gesture),
  heard by everyone as a ``said`` event and never kept in any view;
- ``{"type": "ha", "point": seat}`` — "Ha!", pointing at who goes next; or
  ``{"type": "ugha_bugha"}`` on the last card.

In the ``challenges`` variant the closing word opens a window in which every other player
may ``{"type": "ho"}`` or ``{"type": "pass"}``. The host applies ``{"type": "timeout"}``
when ``deadline`` has passed since the phase began; a new phase begins whenever ``phase``
changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rumizi.engine import (
    Action,
    BadOptions,
    BaseGame,
    Event,
    FrozenAction,
    IllegalAction,
    Outcome,
    Rng,
    first_seat,
    public,
    stacked_decks,
)

from .cards import DECK_COUNTS, FULL_DECK, IDS, ITEM_IDS, NUMBER, recitation
from .description import CLOCKS, DESCRIPTION, MOST_SECONDS
from .state import FLIP, OVER, RECITE, WINDOW, UghaBughaState

REFEREE, CHALLENGES = "referee", "challenges"
CHALLENGE_SECONDS = 3.0
"""How long the "Ho!" window stays open by default (when turns are timed)."""
READY_SECONDS = 3.0
"""The "get ready" pause before the clock of a new chain's first turn runs (timed play,
every chain after the first): the player who starts it sees the new situation first."""

ACTION_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "flip": frozenset({"type", "position"}),
        "say": frozenset({"type", "item"}),
        "ha": frozenset({"type", "point"}),
        "ugha_bugha": frozenset({"type"}),
        "ho": frozenset({"type"}),
        "pass": frozenset({"type"}),
    }
)
PHASE_ACTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        FLIP: ("flip",),
        RECITE: ("say", "ha", "ugha_bugha"),
        WINDOW: ("ho", "pass"),
        OVER: (),
    }
)


def hand_size(players: int) -> int:
    """Three face-down cards with 3–6 players, two with 7–8."""
    return 3 if players <= 6 else 2


FLIPS = tuple(FrozenAction(type="flip", position=i) for i in range(len(FULL_DECK)))
SAYS = tuple(FrozenAction(type="say", item=item) for item in ITEM_IDS)
HAS = tuple(FrozenAction(type="ha", point=p) for p in range(DESCRIPTION.max_players))
HO, PASS = FrozenAction(type="ho"), FrozenAction(type="pass")
UGHA_BUGHA = FrozenAction(type="ugha_bugha")
"""The actions ``legal`` hands out: shared and read-only (copy one to change it)."""


class UghaBugha(BaseGame):
    description = DESCRIPTION
    id = DESCRIPTION.id
    title = DESCRIPTION.title
    min_players = DESCRIPTION.min_players
    max_players = DESCRIPTION.max_players

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> UghaBughaState:
        clock_given = isinstance(options, Mapping) and "clock" in options
        options = self.check_setup(players, options)
        variant = options["variant"]
        base, per_card = _turn_option(options, clock_given)
        state = UghaBughaState(
            players=players,
            hand_size=hand_size(players),
            tokens_to_win=options["tokens_to_win"],
            variant=variant,
            turn_base=base,
            turn_per_card=per_card,
            window_seconds=_window_option(options, variant, timed=base is not None),
            tokens=[0] * players,
        )
        first = first_seat(options, players, rng)
        stacked = next(
            iter(
                stacked_decks(
                    options, _read_card, DECK_COUNTS, ", ".join(IDS), DECK_CONTENTS, rounds=False
                )
            ),
            None,
        )
        if stacked is None:
            cards = list(FULL_DECK)
            rng.shuffle(cards)
        else:
            cards = stacked
        state.deck = cards[::-1]
        _deal_at_setup(state)
        _start_chain(state, first, [])
        return state

    # ------------------------------------------------------------- queries
    def to_act(self, state: UghaBughaState) -> frozenset[int]:
        if state.phase == WINDOW:
            return frozenset(p for p in state.others(state.current) if not state.passed[p])
        if state.phase == OVER:
            return frozenset()
        return frozenset((state.current,))

    def legal(self, state: UghaBughaState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == FLIP:
            return list(FLIPS[: len(state.hands[seat])])
        if state.phase == WINDOW:
            return [HO, PASS]
        actions: list[Action] = []
        if len(state.recited) < len(state.pile):
            actions.extend(SAYS)
        actions.extend(HAS[p] for p in targets(state, seat))
        actions.append(UGHA_BUGHA)
        return actions

    def outcome(self, state: UghaBughaState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores(state.tokens, state.winners)

    def deadline(self, state: UghaBughaState) -> float | None:
        """The turn's seconds (base + per card of the chain, the new card counted, after
        the "get ready" pause on a new chain's first turn), the window's seconds, or
        ``None`` when nothing is timed."""
        if state.phase in (FLIP, RECITE):
            if state.turn_base is None:
                return None
            length = len(state.pile) + (1 if state.phase == FLIP else 0)
            return ready_pause(state) + state.turn_base + state.turn_per_card * length
        if state.phase == WINDOW:
            return state.window_seconds
        return None

    def phase(self, state: UghaBughaState) -> int:
        """Changes whenever a new timed phase (a turn, a "Ho!" window) begins.

        A turn spans several actions on one clock, so hosts (the server, the terminal)
        restart their clock when this value changes, not after every action.
        """
        return state.clock_phase

    # -------------------------------------------------------------- acting
    def apply(self, state: UghaBughaState, seat: int, action: Action, rng: Rng) -> list[Event]:
        kind, value = self._check(state, seat, action)
        events: list[Event] = []
        RULES[kind](state, seat, value, rng, events)
        return events

    def _check(self, state: UghaBughaState, seat: int, action: Any) -> tuple[str, Any]:
        """Validate an action without touching the state; return (kind, its value)."""
        if self.is_timeout_now(state, seat, action):
            return "timeout", None
        kind = action.get("type")
        allowed = PHASE_ACTIONS[state.phase]
        if not isinstance(kind, str) or kind not in ACTION_FIELDS:
            raise IllegalAction(f"unknown action type {kind!r}; now you may: {', '.join(allowed)}")
        if kind not in allowed:
            raise IllegalAction(_wrong_phase(state.phase, kind))
        extra = set(action) - ACTION_FIELDS[kind]
        if extra:
            raise IllegalAction(f"unknown field(s) in the action: {', '.join(sorted(extra))}")
        if kind == "flip":
            return kind, _check_position(state, seat, action.get("position"))
        if kind == "say":
            return kind, _check_item(state, action.get("item"))
        if kind == "ha":
            return kind, _check_point(state, seat, action.get("point"))
        return kind, None

    # --------------------------------------------------------------- views
    def view(self, state: UghaBughaState, seat: int | None) -> dict[str, Any]:
        """What a seat may know: the top card, counts, tokens, turn and clock — never the
        chain below the top card, and nobody's face-down cards (not even their own)."""
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        window = state.phase == WINDOW
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "variant": state.variant,
            "hand_size": state.hand_size,
            "tokens": list(state.tokens),
            "tokens_to_win": state.tokens_to_win,
            "hands": [len(h) for h in state.hands],
            "deck": len(state.deck),
            "set_aside": len(state.set_aside),
            "chain_no": state.chain_no,
            "chain": len(state.pile),
            "top": IDS[state.pile[-1]] if state.pile else None,
            "phase": state.phase,
            "turn": state.current if state.phase != OVER else None,
            "pointed_by": state.pointed_by,
            "recited": len(state.recited),
            "call": state.call if window else None,
            "point": state.point if window else None,
            "passed": list(state.passed) if window else [],
            "to_act": sorted(self.to_act(state)),
            "deadline": self.deadline(state),
            "ready": ready_pause(state) if state.phase in (FLIP, RECITE) else 0.0,
            "clock_phase": state.clock_phase,
            "last": None if state.last is None else dict(state.last),
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------------ history
    def retell(self, events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any] | None]:
        """What a seat that was not listening is told of ``events`` (the events it may see
        from some index up to now, when it connects, reloads or starts watching): nothing
        of the current chain below its top card. Its recitations are not told (``None``)
        and its flips are told without their card; earlier chains are told as they were."""
        starts = [i for i, e in enumerate(events) if e.get("kind") == "chain_started"]
        current = starts[-1] if starts else 0
        told: list[dict[str, Any] | None] = [dict(e) for e in events[:current]]
        for event in events[current:]:
            if event.get("kind") == "said":
                told.append(None)
            elif event.get("kind") == "flipped":
                told.append({k: v for k, v in event.items() if k != "card"})
            else:
                told.append(dict(event))
        return told

    # ------------------------------------------------------- determinizing
    def determinize(self, state: UghaBughaState, seat: int, rng: Rng) -> UghaBughaState:
        """Resample every face-down card: all hands (the seat's own too) and the deck.

        The centre pile and the set-aside cards were all seen face up, so they stay.
        """
        world = state.copy()
        unseen = [c for hand in world.hands for c in hand] + world.deck
        rng.shuffle(unseen)
        cards = iter(unseen)
        world.hands = [[next(cards) for _ in hand] for hand in world.hands]
        world.deck = list(cards)
        return world


# ------------------------------------------------------------------ options
def _seconds(value: Any, name: str, zero_ok: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadOptions(f"{name} must be a number of seconds, not {value!r}")
    if value < 0 or (value == 0 and not zero_ok) or value != value:
        raise BadOptions(f"{name} must be a positive number of seconds, not {value!r}")
    if value > MOST_SECONDS:
        raise BadOptions(f"{name} must be at most {MOST_SECONDS:g} seconds, not {value!r}")
    return float(value)


def _turn_option(options: Mapping[str, Any], clock_given: bool) -> tuple[float | None, float]:
    """The turn clock ``(base, per_card)``, ``base`` ``None`` for untimed play: from
    ``turn_seconds`` (``{"base": s, "per_card": s}``, a flat number of seconds, or ``null``)
    when given, else from the ``clock`` preset."""
    if "turn_seconds" not in options:
        preset = CLOCKS[options["clock"]]
        return (None, 0.0) if preset is None else preset
    if clock_given:
        raise BadOptions("give clock or turn_seconds, not both")
    value = options["turn_seconds"]
    if value is None:
        return None, 0.0
    if isinstance(value, Mapping):
        extra = set(value) - {"base", "per_card"}
        if extra:
            raise BadOptions(
                f"turn_seconds takes base and per_card, not {', '.join(sorted(extra))}"
            )
        normal_base, normal_per_card = CLOCKS["normal"] or (0.0, 0.0)
        base = _seconds(value.get("base", normal_base), "turn_seconds.base")
        per_card = _seconds(
            value.get("per_card", normal_per_card), "turn_seconds.per_card", zero_ok=True
        )
        return base, per_card
    return _seconds(value, "turn_seconds"), 0.0


def _window_option(options: Mapping[str, Any], variant: str, timed: bool) -> float | None:
    if "challenge_seconds" in options and variant != CHALLENGES:
        raise BadOptions("challenge_seconds applies only to the 'challenges' variant")
    if "challenge_seconds" not in options:
        return CHALLENGE_SECONDS if timed else None
    seconds: float | None = options["challenge_seconds"]
    return seconds


DECK_CONTENTS = "3 of each of the 16 words and one of each gesture (bang, clap, tongue, repeat)"


def _read_card(card: object) -> int | None:
    """A card of the ``deck`` option: its id."""
    return NUMBER.get(card) if isinstance(card, str) else None


# --------------------------------------------------------------- validation
def _wrong_phase(phase: str, kind: str) -> str:
    if phase == FLIP:
        return f"flip one of your face-down cards first (not {kind!r})"
    if phase == RECITE:
        return f"your card is flipped: recite the chain, then say ha or ugha_bugha (not {kind!r})"
    if phase == WINDOW:
        return f"the Ho! window is open: you may only call ho or pass (not {kind!r})"
    return "the game is over: no more actions are accepted"


def _check_position(state: UghaBughaState, seat: int, position: Any) -> int:
    held = len(state.hands[seat])
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < held:
        raise IllegalAction(
            f"position must be a whole number from 0 to {held - 1} "
            f"(you hold {held} face-down cards), not {position!r}"
        )
    return position


def _check_item(state: UghaBughaState, item: Any) -> int:
    if not isinstance(item, str) or item not in ITEM_IDS:
        raise IllegalAction(
            f"item must be a word or a gesture ({', '.join(ITEM_IDS)}), not {item!r}; "
            "for the repeat card, say the item it copies"
        )
    if len(state.recited) >= len(state.pile):
        raise IllegalAction(
            f"the chain has {len(state.pile)} cards: a recitation has at most that many "
            "items; say ha or ugha_bugha"
        )
    return NUMBER[item]


def _check_point(state: UghaBughaState, seat: int, point: Any) -> int:
    if isinstance(point, bool) or not isinstance(point, int):
        raise IllegalAction(f"point must be a seat number, not {point!r}")
    if point in targets(state, seat):
        return point
    if not 0 <= point < state.players:
        raise IllegalAction(f"there is no seat {point}")
    if point == seat:
        raise IllegalAction("you cannot point at yourself")
    if point == state.pointed_by:
        raise IllegalAction(f"you cannot point back at seat {point}, who pointed at you")
    raise IllegalAction(f"seat {point} holds no face-down card to play")


def targets(state: UghaBughaState, seat: int) -> list[int]:
    """Whom ``seat`` may point at: another player holding cards, not the one who just
    pointed at them — unless that player is the only one left to choose."""
    others = [p for p in state.others(seat) if state.hands[p]]
    allowed = [p for p in others if p != state.pointed_by]
    return allowed or others


# -------------------------------------------------------------------- turns
def ready_pause(state: UghaBughaState) -> float:
    """The "get ready" seconds of this turn: a new chain's first turn after a chain ended
    (the chain's starter was pointed at by nobody), when turns are timed."""
    first_turn_of_a_later_chain = state.pointed_by is None and state.chain_no > 1
    timed = state.turn_base is not None
    return READY_SECONDS if first_turn_of_a_later_chain and timed else 0.0


def _deal_at_setup(state: UghaBughaState) -> None:
    """One card at a time around the table from seat 0, until everyone has their hand."""
    state.hands = [[] for _ in range(state.players)]
    for _ in range(state.hand_size):
        for hand in state.hands:
            hand.append(state.deck.pop())


def _start_chain(state: UghaBughaState, seat: int, events: list[Event]) -> None:
    state.chain_no += 1
    events.append(public("chain_started", chain_no=state.chain_no, seat=seat))
    _start_turn(state, seat, None, events)


def _start_turn(
    state: UghaBughaState, seat: int, pointed_by: int | None, events: list[Event]
) -> None:
    state.current = seat
    state.pointed_by = pointed_by
    state.phase = FLIP
    state.recited = []
    state.call = state.point = None
    state.passed = []
    state.clock_phase += 1
    seconds = GAME.deadline(state)
    events.append(
        public("turn", seat=seat, pointed_by=pointed_by, chain=len(state.pile), seconds=seconds)
    )


def _flip(state: UghaBughaState, seat: int, position: int, rng: Rng, events: list[Event]) -> None:
    """The card goes face up onto the pile: from now on it is the top card."""
    card = state.hands[seat].pop(position)
    state.pile.append(card)
    state.phase = RECITE
    events.append(
        public(
            "flipped",
            seat=seat,
            position=position,
            card=IDS[card],
            chain=len(state.pile),
            left=len(state.hands[seat]),
        )
    )


def _say(state: UghaBughaState, seat: int, item: int, rng: Rng, events: list[Event]) -> None:
    """One item of the recitation, heard by all; the referee stops a wrong one at once."""
    index = len(state.recited)
    state.recited.append(item)
    events.append(public("said", seat=seat, index=index, item=IDS[item]))
    if state.variant != REFEREE:
        return
    expected = recitation(state.pile)
    if index >= len(expected):
        _lose(state, seat, "extra_item", rng, events, index=index)
    elif expected[index] != item:
        _lose(state, seat, "wrong_item", rng, events, index=index)


def _ha(state: UghaBughaState, seat: int, point: int, rng: Rng, events: list[Event]) -> None:
    """ "Ha!" and a pointing finger: the one pointed at goes next."""
    if _closing_is_wrong(state, seat, "ha", rng, events):
        return
    events.append(public("called", seat=seat, call="ha", point=point))
    if state.variant == CHALLENGES:
        _open_window(state, "ha", point, events)
    else:
        _start_turn(state, point, seat, events)


def _ugha_bugha(
    state: UghaBughaState, seat: int, value: None, rng: Rng, events: list[Event]
) -> None:
    """ "Ugha Bugha!" on the last card: the chain is won."""
    if _closing_is_wrong(state, seat, "ugha_bugha", rng, events):
        return
    events.append(public("called", seat=seat, call="ugha_bugha"))
    if state.variant == CHALLENGES:
        _open_window(state, "ugha_bugha", None, events)
    else:
        _win(state, seat, rng, events)


def _closing_is_wrong(
    state: UghaBughaState, seat: int, call: str, rng: Rng, events: list[Event]
) -> bool:
    """The mistakes a closing word reveals; if one is made, the chain is lost at once.

    The referee checks the recitation is complete. In both variants the closing word
    itself is checked at once: everybody sees how many cards the reciter holds.
    """
    if state.variant == REFEREE and len(state.recited) < len(recitation(state.pile)):
        _lose(state, seat, "incomplete", rng, events, index=len(state.recited))
        return True
    cards_left = bool(state.hands[seat])
    if call == "ha" and not cards_left:
        _lose(state, seat, "ha_on_last", rng, events)
        return True
    if call == "ugha_bugha" and cards_left:
        _lose(state, seat, "too_soon", rng, events)
        return True
    return False


def _timeout(state: UghaBughaState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
    """Time ran out: a mistake during a turn; the end of a quiet "Ho!" window."""
    if state.phase == WINDOW:
        _close_window(state, rng, events)
    else:
        _lose(state, state.current, "time", rng, events)


# ------------------------------------------------------- the "Ho!" variant
def _open_window(state: UghaBughaState, call: str, point: int | None, events: list[Event]) -> None:
    state.phase = WINDOW
    state.call = call
    state.point = point
    state.passed = [False] * state.players
    state.clock_phase += 1
    events.append(public("window", seat=state.current, seconds=state.window_seconds, call=call))


def _ho(state: UghaBughaState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
    """ "Ho!": the recitation is checked. Right: the reciter loses; wrong: the caller does."""
    reciter = state.current
    expected = recitation(state.pile)
    right = state.recited != expected
    record: dict[str, Any] = {"seat": seat, "reciter": reciter, "right": right}
    if right:
        record["at"] = _first_difference(state.recited, expected)
    events.append(public("ho", **record))
    if right:
        _lose(state, reciter, "ho", rng, events, caller=seat, index=record["at"])
    elif state.call == "ugha_bugha":
        _win_despite_wrong_call(state, reciter, seat, rng, events)
    else:
        _lose(state, seat, "wrong_ho", rng, events, reciter=reciter)


def _pass(state: UghaBughaState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
    state.passed[seat] = True
    events.append(public("passed", seat=seat))
    if all(state.passed[p] for p in state.others(state.current)):
        _close_window(state, rng, events)


def _close_window(state: UghaBughaState, rng: Rng, events: list[Event]) -> None:
    """Nobody called "Ho!": the recitation stands, right or wrong."""
    events.append(public("window_closed", seat=state.current))
    reciter = state.current
    if state.call == "ugha_bugha":
        _win(state, reciter, rng, events)
    else:
        assert state.point is not None
        _start_turn(state, state.point, reciter, events)


def _first_difference(said: list[int], expected: list[int]) -> int:
    for i, (a, b) in enumerate(zip(said, expected, strict=False)):
        if a != b:
            return i
    return min(len(said), len(expected))


# ------------------------------------------------------ ends of a chain
def _lose(
    state: UghaBughaState,
    loser: int,
    reason: str,
    rng: Rng,
    events: list[Event],
    **details: int,
) -> None:
    """The loser's chain: set the pile aside, deal the loser hand size + 1 per token (on
    top of what they hold), and the loser starts a new chain."""
    state.last = {"chain_no": state.chain_no, "result": "lost", "seat": loser, "reason": reason}
    state.last.update(details)
    state.last["length"] = len(state.pile)
    events.append(public("chain_lost", **state.last))
    _set_pile_aside(state)
    if _deal(state, loser, state.hand_size + state.tokens[loser], rng, events):
        _start_chain(state, loser, events)


def _win(state: UghaBughaState, winner: int, rng: Rng, events: list[Event]) -> None:
    """The winner gains a token; everyone is dealt up to hand size + 1 per token; the
    winner starts the next chain (unless the game is won)."""
    if _score_win(state, winner, events) and _refill_everyone(state, winner, rng, events):
        _start_chain(state, winner, events)


def _win_despite_wrong_call(
    state: UghaBughaState, winner: int, caller: int, rng: Rng, events: list[Event]
) -> None:
    """A wrong "Ho!" after a right "Ugha Bugha!": the win stands and the caller loses too.

    The winner gains the token and everyone is refilled; then the caller is dealt the
    loser's cards on top and starts the next chain.
    """
    length = len(state.pile)
    if not _score_win(state, winner, events, caller=caller):
        return
    if not _refill_everyone(state, winner, rng, events):
        return
    events.append(
        public(
            "chain_lost",
            chain_no=state.chain_no,
            result="lost",
            seat=caller,
            reason="wrong_ho",
            reciter=winner,
            length=length,
        )
    )
    if _deal(state, caller, state.hand_size + state.tokens[caller], rng, events):
        _start_chain(state, caller, events)


def _score_win(state: UghaBughaState, winner: int, events: list[Event], **details: int) -> bool:
    """Give the token and set the pile aside; False when this token wins the game."""
    state.tokens[winner] += 1
    state.last = {
        "chain_no": state.chain_no,
        "result": "won",
        "seat": winner,
        "length": len(state.pile),
        **details,
    }
    events.append(public("chain_won", tokens=list(state.tokens), **state.last))
    _set_pile_aside(state)
    if state.tokens[winner] < state.tokens_to_win:
        return True
    _game_over(state, [winner], "tokens", events)
    return False


def _refill_everyone(state: UghaBughaState, winner: int, rng: Rng, events: list[Event]) -> bool:
    """Player by player from the winner: up to hand size plus one per token. False if the
    cards ran out (and with them the game)."""
    n = state.players
    for i in range(n):
        p = (winner + i) % n
        want = state.hand_size + state.tokens[p] - len(state.hands[p])
        if want > 0 and not _deal(state, p, want, rng, events):
            return False
    return True


def _set_pile_aside(state: UghaBughaState) -> None:
    state.set_aside.extend(state.pile)
    state.pile = []
    state.recited = []


def _deal(state: UghaBughaState, seat: int, count: int, rng: Rng, events: list[Event]) -> bool:
    """Deal ``count`` face-down cards from the deck, shuffling the set-aside cards into a
    new deck when it runs out. If no card is left anywhere the game ends: False."""
    dealt = 0
    for _ in range(count):
        if not state.deck:
            if not state.set_aside:
                break
            _recycle(state, rng, events)
        state.hands[seat].append(state.deck.pop())
        dealt += 1
    events.append(public("dealt", seat=seat, count=dealt, deck=len(state.deck)))
    if dealt == count:
        return True
    _game_over(state, _fewest_cards_among_leaders(state), "out_of_cards", events)
    return False


def _recycle(state: UghaBughaState, rng: Rng, events: list[Event]) -> None:
    """The deck is empty: shuffle the set-aside cards into a new deck."""
    state.deck = state.set_aside
    state.set_aside = []
    rng.shuffle(state.deck)
    events.append(public("recycled", cards=len(state.deck)))


def _fewest_cards_among_leaders(state: UghaBughaState) -> list[int]:
    """Most tokens wins; among equals, fewest face-down cards; a tie after that is shared."""
    top = max(state.tokens)
    leaders = [p for p in range(state.players) if state.tokens[p] == top]
    fewest = min(len(state.hands[p]) for p in leaders)
    return [p for p in leaders if len(state.hands[p]) == fewest]


def _game_over(state: UghaBughaState, winners: list[int], reason: str, events: list[Event]) -> None:
    state.winners = winners
    state.phase = OVER
    state.current = -1
    state.pointed_by = None
    state.recited = []
    events.append(
        public("game_over", winners=list(winners), reason=reason, tokens=list(state.tokens))
    )


Rule = Callable[[UghaBughaState, int, Any, Rng, list[Event]], None]
RULES: Mapping[str, Rule] = MappingProxyType(
    {
        "flip": _flip,
        "say": _say,
        "ha": _ha,
        "ugha_bugha": _ugha_bugha,
        "ho": _ho,
        "pass": _pass,
        "timeout": _timeout,
    }
)

GAME = UghaBugha()
