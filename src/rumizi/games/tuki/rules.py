"""Tuki («توکی») on the engine, as ``shared/rules/tuki.md`` states it.

A round: the scout turns the top card and rolls the die (automatically, when the round
begins); every builder builds at once on their own area with these actions::

    {"type": "place", "piece": "blue", "axis": "x", "x": 3, "y": 5, "z": 0}
    {"type": "move", "piece": "blue", "x": 4, "y": 5, "z": 0}     # same axis
    {"type": "turn", "piece": "blue", "axis": "z"}                # same lowest cell
    {"type": "remove", "piece": "blue"}
    {"type": "done"}

A placement can't be listed (thousands per seat), so ``legal`` gives ``place``, ``move``
and ``turn`` as parametric kinds (``rumizi.engine.params``); ``apply`` refuses a piece
that leaves the 12 × 12 × 10 volume or overlaps another. A build may be unstable while it
is being built (``falls`` in the view says why); it is judged only when declared. The host
applies ``{"type": "timeout"}`` when ``round_seconds`` have passed since the round began.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from rumizi.engine import (
    Action,
    BadOptions,
    BaseGame,
    Event,
    IllegalAction,
    Outcome,
    Rng,
    first_seat,
    public,
)
from rumizi.engine.texts import MessageRef

from .cards import ANIMALS, Card, load_deck
from .description import DESCRIPTION
from .geometry import (
    AXES,
    VOLUME,
    Build,
    Placement,
    TukiError,
    level_pieces,
    parse_axis,
    piece_length,
)
from .matching import RULES as TABLE_RULES
from .matching import match, parse_rule, parse_turn
from .state import BUILD, OVER, Spot, TukiState, json_copy
from .statics import check_stability

CARDS_TO_END = 5
"""Taking a 5th card ends the game (2 players) or starts the final round (3–4)."""
PRACTICE_ROUNDS = 10
"""A practice game is this many cards."""
FACES: tuple[tuple[str, str], ...] = tuple((a, r) for a in ANIMALS for r in TABLE_RULES)
"""The die's six faces: each animal plain and with the white square."""

ACTION_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "place": frozenset({"type", "piece", "axis", "x", "y", "z"}),
        "move": frozenset({"type", "piece", "x", "y", "z"}),
        "turn": frozenset({"type", "piece", "axis"}),
        "remove": frozenset({"type", "piece"}),
        "done": frozenset({"type"}),
        "hint": frozenset({"type"}),
    }
)
CELL_DOMAINS: Mapping[str, dict[str, int]] = MappingProxyType(
    {
        "x": {"min": 0, "max": VOLUME[0] - 1},
        "y": {"min": 0, "max": VOLUME[1] - 1},
        "z": {"min": 0, "max": VOLUME[2] - 1},
    }
)


@cache
def cards(level: str) -> Mapping[str, Card]:
    """The committed deck of a level, by card id (loaded once)."""
    return MappingProxyType({card.id: card for card in load_deck(level)})


def card_of(state: TukiState) -> Card:
    return cards(state.level)[state.card]


class Tuki(BaseGame):
    description = DESCRIPTION
    id = DESCRIPTION.id
    title = DESCRIPTION.title
    min_players = DESCRIPTION.min_players
    max_players = DESCRIPTION.max_players

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> TukiState:
        options = self.check_setup(players, options)
        level = str(options["level"])
        practice = _practice_option(options, players)
        seconds = None if practice else options["round_seconds"]
        state = TukiState(
            players=players,
            level=level,
            round_seconds=None if seconds is None else float(seconds),
            deck=_deck_option(options, level, rng),
            dice=_dice_option(options),
            taken=[[] for _ in range(players)],
            practice=practice,
        )
        _start_round(state, first_seat(options, players, rng), rng, [])
        return state

    # ------------------------------------------------------------- queries
    def to_act(self, state: TukiState) -> frozenset[int]:
        if state.phase == OVER:
            return frozenset()
        return frozenset(state.building())

    def legal(self, state: TukiState, seat: int) -> list[Action]:
        """The build kinds with their parameter domains, each remove, and done."""
        if seat not in self.to_act(state):
            return []
        build = state.builds[seat]
        placed = list(build)
        unplaced = [p for p in level_pieces(state.level) if p not in build]
        turnable = [p for p in placed if piece_length(p) > 1]
        actions: list[Action] = []
        if unplaced:
            domains = {"piece": unplaced, "axis": list(AXES), **CELL_DOMAINS}
            actions.append({"type": "place", "params": json_copy(domains)})
        if placed:
            actions.append({"type": "move", "params": {"piece": placed, **json_copy(CELL_DOMAINS)}})
        if turnable:
            actions.append({"type": "turn", "params": {"piece": turnable, "axis": list(AXES)}})
        actions.extend({"type": "remove", "piece": p} for p in placed)
        if state.practice and _next_hint(state, seat) is not None:
            actions.append({"type": "hint"})
        actions.append({"type": "done"})
        return actions

    def outcome(self, state: TukiState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores([-float(len(t)) for t in state.taken], state.winners)

    def deadline(self, state: TukiState) -> float | None:
        """The round's seconds while building (``None`` when rounds are untimed)."""
        return state.round_seconds if state.phase == BUILD else None

    def phase(self, state: TukiState) -> int:
        """The round number: hosts restart the clock when a new round begins."""
        return state.round_no

    # -------------------------------------------------------------- acting
    def apply(self, state: TukiState, seat: int, action: Action, rng: Rng) -> list[Event]:
        kind, value = self._check(state, seat, action)
        events: list[Event] = []
        RULES[kind](state, seat, value, rng, events)
        return events

    def _check(self, state: TukiState, seat: int, action: Any) -> tuple[str, Any]:
        """Validate an action without touching the state; return (kind, its value)."""
        if self.is_timeout_now(state, seat, action):
            return "timeout", None
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in ACTION_FIELDS:
            known = ", ".join(ACTION_FIELDS)
            raise IllegalAction(f"unknown action type {kind!r}; a builder may: {known}")
        extra = set(action) - ACTION_FIELDS[kind]
        missing = ACTION_FIELDS[kind] - set(action)
        if extra:
            raise IllegalAction(f"unknown field(s) in the action: {', '.join(sorted(extra))}")
        if missing:
            raise IllegalAction(f"{kind} needs the field(s): {', '.join(sorted(missing))}")
        if kind == "done":
            return kind, None
        if kind == "hint":
            return kind, _check_hint(state, seat)
        return kind, _checked_build(state, seat, kind, action)

    # --------------------------------------------------------------- views
    def view(self, state: TukiState, seat: int | None) -> dict[str, Any]:
        """Everything on the table: the card (turned), the die, every build live, who has
        declared, the cards taken — never the order of the deck."""
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        card = card_of(state)
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "level": state.level,
            "round": state.round_no,
            "scout": state.scout,
            "builders": list(state.builders),
            "card": {
                "id": card.id,
                "stones": [[c, a, *at] for c, a, at in sorted(card.stones)],
                "icons": {str(turn): animal for turn, animal in card.icons.items()},
            },
            "die": {"animal": state.animal, "rule": state.rule},
            "turn": state.turn,
            "builds": [[[piece, *spot] for piece, spot in b.items()] for b in state.builds],
            "falls": json_copy(state.falls),
            "done": list(state.done),
            "out": list(state.out),
            "final": state.final,
            "practice": state.practice,
            "hints": [list(h) for h in state.hints],
            "taken": [list(t) for t in state.taken],
            "deck": len(state.deck),
            "phase": state.phase,
            "to_act": sorted(self.to_act(state)),
            "deadline": self.deadline(state),
            "last": json_copy(state.last),
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------- determinizing
    def determinize(self, state: TukiState, seat: int, rng: Rng) -> TukiState:
        """Reshuffle the face-down deck: its order is all that is hidden."""
        world = state.copy()
        rng.shuffle(world.deck)
        return world


# ------------------------------------------------------------------ options
def _deck_option(options: Mapping[str, Any], level: str, rng: Rng) -> list[str]:
    """The deck, top last. Option ``deck``: card ids to put on top, top first; the cards
    it does not name follow in shuffled order."""
    ids = list(cards(level))
    rng.shuffle(ids)
    stacked = options.get("deck")
    if stacked is None:
        return ids
    if not isinstance(stacked, list) or not stacked:
        raise BadOptions(f"deck must be a list of {level} card ids, top first (e.g. ['N07'])")
    for card in stacked:
        if card not in cards(level):
            raise BadOptions(f"deck: {card!r} is not a card of the {level} deck")
    if len(set(stacked)) != len(stacked):
        raise BadOptions("deck: a card is named twice")
    rest = [c for c in ids if c not in stacked]
    return rest[::-1] + stacked[::-1]


def _dice_option(options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Option ``dice``: the first rolls, as ``"walrus/plain"`` or ``"arctic-fox/white"``."""
    rolls = options.get("dice", [])
    if not isinstance(rolls, list):
        raise BadOptions("dice must be a list of rolls such as 'walrus/white'")
    out: list[tuple[str, str]] = []
    for roll in rolls:
        animal, _, rule = str(roll).partition("/")
        if (animal, rule) not in FACES:
            faces = ", ".join(f"{a}/{r}" for a, r in FACES)
            raise BadOptions(f"dice: {roll!r} is not a face of the die ({faces})")
        out.append((animal, rule))
    return out


def _practice_option(options: Mapping[str, Any], players: int) -> bool:
    """``practice``: one player alone, no clock, hints. Only alone, and alone only so."""
    practice = bool(options.get("practice", False))
    if practice and players != 1:
        raise BadOptions("practice is played alone: choose 1 player")
    if players == 1 and not practice:
        raise BadOptions("tuki is for 2–4 players; alone, play it as practice")
    return practice


# --------------------------------------------------------------- validation
def _check_hint(state: TukiState, seat: int) -> list[Any]:
    if not state.practice:
        raise IllegalAction("hints are for practice only")
    hint = _next_hint(state, seat)
    if hint is None:
        raise IllegalAction("no hint left: every snow block of a solution is shown or in place")
    return hint


def _next_hint(state: TukiState, seat: int) -> list[Any] | None:
    """One snow block of the stored witness not yet shown and not yet where it goes."""
    witness = card_of(state).witnesses[f"{state.turn}/{state.rule}"].to_json()
    build = state.builds[seat]
    for piece, axis, x, y, z in witness:
        if not str(piece).startswith("snow") or [piece, axis, x, y, z] in state.hints:
            continue
        if build.get(str(piece)) != (axis, x, y, z):
            return [piece, axis, x, y, z]
    return None


def _hint(state: TukiState, seat: int, hint: list[Any], rng: Rng, events: list[Event]) -> None:
    """Practice: show where one snow block of a solution goes (the stones as on the hint's
    build: the witness stands with its stones where the card's are, moved to this spot)."""
    state.hints.append(hint)
    events.append(public("hint", seat=seat, block=list(hint), stones=_witness_stones(state)))


def _witness_stones(state: TukiState) -> list[list[Any]]:
    witness = card_of(state).witnesses[f"{state.turn}/{state.rule}"].to_json()
    return [p for p in witness if not str(p[0]).startswith("snow")]


def _checked_build(
    state: TukiState, seat: int, kind: str, action: Mapping[str, Any]
) -> tuple[str, dict[str, Spot], list[MessageRef]]:
    """The piece, the seat's build after a place, move, turn or remove, and its live
    statics (why it falls)."""
    build = dict(state.builds[seat])
    piece = action["piece"]
    if not isinstance(piece, str) or piece not in level_pieces(state.level):
        pieces = ", ".join(level_pieces(state.level))
        raise IllegalAction(f"piece must be one of your pieces ({pieces}), not {piece!r}")
    if kind == "place":
        if piece in build:
            raise IllegalAction(f"your {piece} piece is already down: move or turn it")
        build[piece] = _spot(action["axis"], action["x"], action["y"], action["z"], piece)
    elif piece not in build:
        raise IllegalAction(f"your {piece} piece is not in your build: place it first")
    elif kind == "remove":
        del build[piece]
    elif kind == "move":
        axis = build[piece][0]
        build[piece] = _spot(axis, action["x"], action["y"], action["z"], piece)
        if build[piece] == state.builds[seat][piece]:
            raise IllegalAction(f"your {piece} piece is already there")
    else:
        _, x, y, z = build[piece]
        if piece_length(piece) == 1:
            raise IllegalAction("the snow cube looks the same every way: it can't be turned")
        build[piece] = _spot(action["axis"], x, y, z, piece)
        if build[piece] == state.builds[seat][piece]:
            raise IllegalAction(f"your {piece} piece already lies along {action['axis']}")
    try:
        checked = _as_build(build, state.level)
    except TukiError as e:
        raise IllegalAction(str(e)) from None
    return piece, build, check_stability(checked).problems()


def _spot(axis: Any, x: Any, y: Any, z: Any, piece: str) -> Spot:
    if axis not in AXES:
        raise IllegalAction(f"axis must be x, y or z, not {axis!r}")
    for name, value in (("x", x), ("y", y), ("z", z)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(f"{name} must be a whole number, not {value!r}")
    placed = Placement(piece, parse_axis(axis), (x, y, z))  # a single cube lies along z
    return (placed.axis, x, y, z)


def _as_build(build: Mapping[str, Spot], level: str) -> Build:
    """A builder's pieces as a checked Build (in the volume, not overlapping)."""
    placements = (Placement(p, parse_axis(a), (x, y, z)) for p, (a, x, y, z) in build.items())
    return Build(placements, level)


# -------------------------------------------------------------------- rounds
def _start_round(state: TukiState, scout: int, rng: Rng, events: list[Event]) -> None:
    """The scout turns the top card and rolls the die; the builders take their pieces."""
    if not state.deck:
        _game_over(state, _fewest_cards(state, list(range(state.players))), "no_cards", events)
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


def _build_action(
    state: TukiState,
    seat: int,
    value: tuple[str, dict[str, Spot], list[MessageRef]],
    rng: Rng,
    events: list[Event],
    kind: str,
) -> None:
    piece, build, falls = value
    state.builds[seat], state.falls[seat] = build, falls
    spot = list(build[piece]) if piece in build else None
    events.append(public(kind, seat=seat, piece=piece, at=spot, falls=json_copy(falls)))


def _done(state: TukiState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
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


def _timeout(state: TukiState, seat: int, value: None, rng: Rng, events: list[Event]) -> None:
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
    result = match(_as_build(state.builds[seat], state.level), task)
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
        _start_round(state, taker, rng, events)
    elif state.players == 2:
        _game_over(state, [1 - taker], "five_cards", events)
    else:
        state.final = True
        _start_round(state, taker, rng, events)


def _end_practice_round(state: TukiState, rng: Rng, events: list[Event]) -> None:
    """Practice: the build is checked; a correct one keeps the card. After
    PRACTICE_ROUNDS cards the practice is over."""
    verdict = _verdict(state, 0)
    if verdict["ok"]:
        state.taken[0].append(state.card)
    state.last = _record(state, [verdict], taker=0 if verdict["ok"] else None, reason="practice")
    events.append(public("round_over", **json_copy(state.last)))
    if state.round_no < PRACTICE_ROUNDS:
        _start_round(state, 0, rng, events)
    else:
        _game_over(state, [0], "practice", events)


def _judge_in_final(state: TukiState, seats: list[int], rng: Rng, events: list[Event]) -> None:
    """Final round: the first correct declaration wins; a wrong one puts that builder out.
    When every builder is out, the one with the fewest cards wins (ties shared)."""
    for seat in seats:
        verdict = _verdict(state, seat)
        if verdict["ok"]:
            state.done.append(seat)
            state.last = _record(state, [verdict], taker=None, reason="final_correct")
            events.append(public("round_over", **json_copy(state.last)))
            _game_over(state, [seat], "final_correct", events)
            return
        state.out.append(seat)
        events.append(public("out", seat=seat, problems=json_copy(verdict["problems"])))
    if not state.building():
        state.last = _record(state, [], taker=None, reason="all_wrong")
        events.append(public("round_over", **json_copy(state.last)))
        _game_over(state, _fewest_cards(state, state.builders), "all_wrong", events)


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


def _fewest_cards(state: TukiState, seats: list[int]) -> list[int]:
    fewest = min(len(state.taken[s]) for s in seats)
    return sorted(s for s in seats if len(state.taken[s]) == fewest)


def _game_over(state: TukiState, winners: list[int], reason: str, events: list[Event]) -> None:
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


def _rule_for(kind: str) -> Rule:
    def rule(state: TukiState, seat: int, value: Any, rng: Rng, events: list[Event]) -> None:
        _build_action(state, seat, value, rng, events, kind)

    rule.__doc__ = f"The builder's {kind}: the build changes, its statics are checked live."
    return rule


Rule = Callable[[TukiState, int, Any, Rng, list[Event]], None]
RULES: Mapping[str, Rule] = MappingProxyType(
    {
        "place": _rule_for("placed"),
        "move": _rule_for("moved"),
        "turn": _rule_for("turned"),
        "remove": _rule_for("removed"),
        "done": _done,
        "hint": _hint,
        "timeout": _timeout,
    }
)

GAME = Tuki()
