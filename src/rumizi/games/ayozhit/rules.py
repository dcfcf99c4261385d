"""Ayozhit («آیوژیت»), as ``../shared/rules/ayozhit.md`` states it.

Four rounds. In each, the first dreamer turns over a word card and chooses one of its two
words; everyone then marks, in secret and all at once, 1–10 of the 15 pictures on the
table; the counts are revealed (the single player with most marks is dreamt-deep); then,
clockwise from the first dreamer, each player still able becomes dreamer and announces one
of their marked pictures, scoring with everyone else who marked it — or failing.

Actions (pictures are table positions 0–14, row by row from the top left):

- ``{"type": "word", "word": 0 | 1}`` — the first dreamer chooses the round's word;
- ``{"type": "mark", "picture": p}`` / ``{"type": "unmark", "picture": p}`` — change your
  secret board while marking; ``{"type": "ready"}`` — done marking (at least one mark);
- ``{"type": "announce", "picture": p}`` — the dreamer names one of their marked pictures.

The host applies ``{"type": "timeout"}`` when ``select_seconds`` have passed since the
marking began: it ends the marking for everyone, and a player with no mark fails the round.
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
    copy_record,
    first_seat,
    private,
    public,
    shuffle,
)

from .cards import (
    picture_icons,
    picture_ids,
    picture_number,
    word,
    word_card,
    word_card_number,
)
from .description import DESCRIPTION
from .state import (
    ANNOUNCE,
    COLUMNS,
    MAX_MARKS,
    OVER,
    ROUNDS,
    SELECT,
    TABLE_SIZE,
    WORD,
    AyozhitState,
)

THREE_SPARK, TWO_SPARK = 3, 2

#: The row replaced after each round: the bottom after round 1, the middle after round 2,
#: the top after round 3 — and the bottom again before a tie-break round ([decision]).
ROW_AFTER_ROUND: Mapping[int, int] = MappingProxyType({1: 2, 2: 1, 3: 0, 4: 2})

ACTION_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "word": frozenset({"type", "word"}),
        "mark": frozenset({"type", "picture"}),
        "unmark": frozenset({"type", "picture"}),
        "ready": frozenset({"type"}),
        "announce": frozenset({"type", "picture"}),
    }
)
PHASE_ACTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        WORD: ("word",),
        SELECT: ("mark", "unmark", "ready"),
        ANNOUNCE: ("announce",),
        OVER: (),
    }
)


class Ayozhit(BaseGame):
    description = DESCRIPTION
    id = DESCRIPTION.id
    title = DESCRIPTION.title
    min_players = DESCRIPTION.min_players
    max_players = DESCRIPTION.max_players

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> AyozhitState:
        options = self.check_setup(players, options)
        seconds = options["select_seconds"]
        state = AyozhitState(
            players=players,
            select_seconds=None if seconds is None else float(seconds),
            tiebreak=options["tiebreak"],
            scores=[0] * players,
            first=first_seat(options, players, rng),
        )
        state.deck = _stacked(options, "deck", picture_number(), "picture", rng)
        state.words = _stacked(options, "words", word_card_number(), "word card", rng)
        _deal(state, list(range(TABLE_SIZE)))
        _start_round(state, state.first, [True] * players, [])
        return state

    def opening(self, state: AyozhitState) -> list[Event]:
        """What the first round's start tells (``setup`` returns only the state): the same
        event as every later round's start."""
        return [_round_told(state)]

    # ------------------------------------------------------------- queries
    def to_act(self, state: AyozhitState) -> frozenset[int]:
        if state.phase == WORD:
            return frozenset((state.first,))
        if state.phase == SELECT:
            return frozenset(
                s for s in range(state.players) if state.playing[s] and not state.ready[s]
            )
        if state.phase == ANNOUNCE:
            return frozenset((state.dreamer,))
        return frozenset()

    def legal(self, state: AyozhitState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == WORD:
            return list(WORDS)
        if state.phase == SELECT:
            return _marking_actions(state.marks[seat])
        done = state.announced_positions()
        return [ANNOUNCES[p] for p in state.marks[seat] if p not in done]

    def outcome(self, state: AyozhitState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores(state.scores, state.winners)

    def deadline(self, state: AyozhitState) -> float | None:
        """The marking's seconds (``select_seconds``); nothing else is timed."""
        return state.select_seconds if state.phase == SELECT else None

    def phase(self, state: AyozhitState) -> int:
        """Changes whenever a marking begins: hosts restart their clock then."""
        return state.clock_phase

    # -------------------------------------------------------------- acting
    def apply(self, state: AyozhitState, seat: int, action: Action, rng: Rng) -> list[Event]:
        kind, value = self._check(state, seat, action)
        events: list[Event] = []
        RULES[kind](state, seat, value, events)
        return events

    def _check(self, state: AyozhitState, seat: int, action: Any) -> tuple[str, Any]:
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
        if kind == "word":
            return kind, _check_word(action.get("word"))
        if kind == "ready":
            if not state.marks[seat]:
                raise IllegalAction("mark at least one picture before you are ready")
            return kind, None
        position = _check_position(action.get("picture"))
        mine = state.marks[seat]
        if kind == "mark":
            if position in mine:
                raise IllegalAction(f"you already marked picture {position}")
            if len(mine) >= MAX_MARKS:
                raise IllegalAction(f"you may mark at most {MAX_MARKS} pictures")
        elif kind == "unmark" and position not in mine:
            raise IllegalAction(f"you did not mark picture {position}")
        elif kind == "announce":
            if position in state.announced_positions():
                raise IllegalAction(f"picture {position} was already announced this round")
            if position not in mine:
                raise IllegalAction(f"you can only announce a picture you marked, not {position}")
        return kind, position

    # --------------------------------------------------------------- views
    def view(self, state: AyozhitState, seat: int | None) -> dict[str, Any]:
        """What a seat may know: the table, the word, its own board, who is ready, the
        counts once counted, every announcement (with everyone who marked that picture),
        sparks and scores — never another player's unannounced marks."""
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        ids = picture_ids()
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "round": state.round,
            "rounds": ROUNDS,
            "tiebreak_round": state.tiebreak_round,
            "phase": state.phase,
            "first": state.first,
            "dreamer": state.dreamer if state.phase == ANNOUNCE else None,
            "table": [ids[p] for p in state.table],
            "card": word_card(state.card),
            "word": None if state.word is None else word(state.card, state.word),
            "playing": list(state.playing),
            "marks": [] if seat is None else list(state.marks[seat]),
            "ready": list(state.ready),
            "counts": None if state.counts is None else list(state.counts),
            "deep": state.deep,
            "failed": list(state.failed),
            "announced": [copy_record(a) for a in state.announced],
            "sparks": [list(s) for s in state.sparks],
            "scores": list(state.scores),
            "last_round": None if state.last_round is None else _copy_summary(state.last_round),
            "to_act": sorted(self.to_act(state)),
            "deadline": self.deadline(state),
            "clock_phase": state.clock_phase,
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------- determinizing
    def determinize(self, state: AyozhitState, seat: int, rng: Rng) -> AyozhitState:
        """Resample what ``seat`` cannot know: both decks' order and, for every other
        player, which unannounced pictures they marked (how many stays the same)."""
        world = state.copy()
        shuffle(rng, world.deck)
        shuffle(rng, world.words)
        done = world.announced_positions()
        hidden = [p for p in range(TABLE_SIZE) if p not in done]
        for other in range(world.players):
            if other == seat:
                continue
            known = [p for p in world.marks[other] if p in done]
            unknown = len(world.marks[other]) - len(known)
            pool = list(hidden)
            shuffle(rng, pool)
            world.marks[other] = sorted(known + pool[:unknown])
        return world


# ------------------------------------------------------------------ options
def _stacked(
    options: Mapping[str, Any], key: str, numbers: Mapping[str, int], what: str, rng: Rng
) -> list[int]:
    """A shuffled deck (top card last); option ``key`` lists ids to put on top, top first.

    Unlike the other games' full stacked decks, the list may be partial: the cards it does
    not name follow in shuffled order ([decision]: 352 pictures are too many to list).
    """
    cards = list(range(len(numbers)))
    shuffle(rng, cards)
    stacked = options.get(key)
    if stacked is None:
        return cards
    if isinstance(stacked, str) or not isinstance(stacked, Sequence):
        raise BadOptions(f"{key} must be a list of {what} ids, top first")
    top: list[int] = []
    for card in stacked:
        if not isinstance(card, str) or card not in numbers:
            raise BadOptions(f"{key}: unknown {what} {card!r}")
        if numbers[card] in top:
            raise BadOptions(f"{key}: the {what} {card!r} is listed twice")
        top.append(numbers[card])
    on_top = set(top)
    rest = [c for c in cards if c not in on_top]
    return rest + top[::-1]


# --------------------------------------------------------------- validation
def _wrong_phase(phase: str, kind: str) -> str:
    if phase == WORD:
        return f"the first dreamer must choose the word first (not {kind!r})"
    if phase == SELECT:
        return f"everyone is marking pictures: mark, unmark or ready (not {kind!r})"
    if phase == ANNOUNCE:
        return f"the dreamer announces one of their marked pictures (not {kind!r})"
    return "the game is over: no more actions are accepted"


def _check_word(value: Any) -> int:
    if isinstance(value, bool) or value not in (0, 1):
        raise IllegalAction(f"word must be 0 or 1 (the card's first or second word), not {value!r}")
    return int(value)


def _check_position(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < TABLE_SIZE:
        raise IllegalAction(f"picture must be a table position from 0 to {TABLE_SIZE - 1}")
    return value


def _marking_actions(mine: list[int]) -> list[Action]:
    actions: list[Action] = []
    if len(mine) < MAX_MARKS:
        actions.extend(MARKS[p] for p in range(TABLE_SIZE) if p not in mine)
    actions.extend(UNMARKS[p] for p in mine)
    if mine:
        actions.append(READY)
    return actions


WORDS = tuple(FrozenAction(type="word", word=w) for w in (0, 1))
MARKS = tuple(FrozenAction(type="mark", picture=p) for p in range(TABLE_SIZE))
UNMARKS = tuple(FrozenAction(type="unmark", picture=p) for p in range(TABLE_SIZE))
ANNOUNCES = tuple(FrozenAction(type="announce", picture=p) for p in range(TABLE_SIZE))
READY = FrozenAction(type="ready")
"""The actions ``legal`` hands out: shared and read-only (copy one to change it)."""


# ------------------------------------------------------------ the table
def _deal(state: AyozhitState, positions: list[int]) -> None:
    """Lay a picture at each of ``positions`` (emptied first). No icon may show twice on
    the table: a picture that would repeat one goes under the deck and the next is dealt."""
    if not state.table:
        state.table = [-1] * TABLE_SIZE
    for position in positions:
        state.table[position] = -1
    icons = picture_icons()
    shown = set().union(*(icons[p] for p in state.table if p >= 0))
    for position in positions:
        for _ in range(len(state.deck)):
            picture = state.deck.pop()
            if icons[picture].isdisjoint(shown):
                break
            state.deck.insert(0, picture)
        else:  # pragma: no cover - the deck holds hundreds of pictures
            raise RuntimeError("no picture left that repeats no icon on the table")
        state.table[position] = picture
        shown |= icons[picture]


def _replace_row(state: AyozhitState, row: int, events: list[Event]) -> None:
    positions = list(range(row * COLUMNS, (row + 1) * COLUMNS))
    _deal(state, positions)
    ids = picture_ids()
    events.append(
        public("row_replaced", row=row, pictures=[ids[state.table[p]] for p in positions])
    )


# ----------------------------------------------------------------- rounds
def _start_round(state: AyozhitState, first: int, playing: list[bool], events: list[Event]) -> None:
    """Turn over the round's word card; the first dreamer will choose its word."""
    n = state.players
    state.round += 1
    state.first = first
    state.playing = playing
    state.card = state.words.pop()
    state.word = None
    state.phase = WORD
    state.marks = [[] for _ in range(n)]
    state.ready = [False] * n
    state.counts = None
    state.deep = None
    state.failed = [False] * n
    state.dreamer = -1
    state.announced = []
    state.sparks = [[] for _ in range(n)]
    events.append(_round_told(state))


def _round_told(state: AyozhitState) -> Event:
    """The start of the round, for everyone: who plays, who is first, the table and the
    word card."""
    ids = picture_ids()
    return public(
        "round_started",
        round=state.round,
        tiebreak=state.tiebreak_round,
        first=state.first,
        playing=[s for s in range(state.players) if state.playing[s]],
        table=[ids[p] for p in state.table],
        card=word_card(state.card),
    )


def _choose_word(state: AyozhitState, seat: int, slot: int, events: list[Event]) -> None:
    """The first dreamer's choice; then everyone marks, in secret, at once."""
    state.word = slot
    state.phase = SELECT
    state.clock_phase += 1
    events.append(
        public(
            "word_chosen",
            seat=seat,
            word=word(state.card, slot),
            seconds=state.select_seconds,
        )
    )


def _mark(state: AyozhitState, seat: int, position: int, events: list[Event]) -> None:
    state.marks[seat] = sorted([*state.marks[seat], position])
    events.append(private([seat], "marked", picture=position, marks=list(state.marks[seat])))


def _unmark(state: AyozhitState, seat: int, position: int, events: list[Event]) -> None:
    state.marks[seat] = [p for p in state.marks[seat] if p != position]
    events.append(private([seat], "unmarked", picture=position, marks=list(state.marks[seat])))


def _ready(state: AyozhitState, seat: int, value: None, events: list[Event]) -> None:
    """Done marking; when every player is ready the marking ends early."""
    state.ready[seat] = True
    events.append(public("ready", seat=seat))
    if all(state.ready[s] for s in range(state.players) if state.playing[s]):
        _count(state, events)


def _timeout(state: AyozhitState, seat: int, value: None, events: list[Event]) -> None:
    """Time is up for the marking: every board stands as it is."""
    events.append(public("time_up"))
    _count(state, events)


def _count(state: AyozhitState, events: list[Event]) -> None:
    """Everyone reveals how many pictures they marked. The single player with most marks
    is dreamt-deep (nobody if several tie); a player with no mark fails the round."""
    n = state.players
    state.counts = [len(state.marks[s]) if state.playing[s] else 0 for s in range(n)]
    state.deep = dreamt_deep(state.counts, state.playing)
    for s in range(n):
        if state.playing[s] and not state.marks[s]:
            state.failed[s] = True
    events.append(
        public(
            "counted",
            counts=list(state.counts),
            deep=state.deep,
            failed=[s for s in range(n) if state.failed[s]],
        )
    )
    state.phase = ANNOUNCE
    _next_dreamer(state, state.first, events)


def dreamt_deep(counts: Sequence[int], playing: Sequence[bool]) -> int | None:
    """The single player with most marks, or ``None`` when several tie for most."""
    seats = [s for s in range(len(counts)) if playing[s]]
    most = max(counts[s] for s in seats)
    top = [s for s in seats if counts[s] == most]
    return top[0] if len(top) == 1 else None


def _next_dreamer(state: AyozhitState, start: int, events: list[Event]) -> None:
    """From ``start`` clockwise, the first player still able to announce becomes dreamer;
    if nobody is, the round is scored."""
    n = state.players
    for step in range(n):
        seat = (start + step) % n
        if state.can_announce(seat):
            state.dreamer = seat
            events.append(public("dreamer", seat=seat))
            return
    _end_round(state, events)


def _announce(state: AyozhitState, seat: int, position: int, events: list[Event]) -> None:
    """The dreamer names a picture; everyone else who marked it reveals so (failed players
    included). None: the dreamer fails. One: three-spark. Two or more: two-spark. Failed
    players score nothing. The picture is turned face down for the rest of the round."""
    markers = [
        s
        for s in range(state.players)
        if s != seat and state.playing[s] and position in state.marks[s]
    ]
    if not markers:
        result, points = "fail", 0
        state.failed[seat] = True
        scorers: list[int] = []
    else:
        result, points = ("three", THREE_SPARK) if len(markers) == 1 else ("two", TWO_SPARK)
        scorers = [s for s in (seat, *markers) if not state.failed[s]]
        for s in scorers:
            state.sparks[s].append(points)
    record = {
        "position": position,
        "picture": picture_ids()[state.table[position]],
        "dreamer": seat,
        "markers": markers,
        "result": result,
        "points": points,
        "scorers": scorers,
    }
    state.announced.append(record)
    events.append(public("announced", **copy_record(record)))
    _next_dreamer(state, (seat + 1) % state.players, events)


def _end_round(state: AyozhitState, events: list[Event]) -> None:
    """Add up the sparks. The dreamt-deep player, if they failed this round, loses 1 point
    from each spark they scored. Then the next round, a tie-break round, or the end."""
    n = state.players
    penalty = [len(state.sparks[s]) if s == state.deep and state.failed[s] else 0 for s in range(n)]
    points = [sum(state.sparks[s]) - penalty[s] for s in range(n)]
    for s in range(n):
        state.scores[s] += points[s]
    summary = {
        "round": state.round,
        "tiebreak": state.tiebreak_round,
        "word": word(state.card, state.word if state.word is not None else 0),
        "deep": state.deep,
        "counts": list(state.counts or []),
        "failed": [s for s in range(n) if state.failed[s]],
        "sparks": [list(s) for s in state.sparks],
        "penalty": penalty,
        "points": points,
        "scores": list(state.scores),
        "announced": [copy_record(a) for a in state.announced],
    }
    state.last_round = summary
    events.append(public("round_over", **_copy_summary(summary)))
    _after_round(state, events)


def _after_round(state: AyozhitState, events: list[Event]) -> None:
    """Rounds 1–3: replace a row, pass the marker to the left, next round. After round 4
    the most points win; with ``tiebreak``, tied leaders play one extra round first."""
    n = state.players
    leaders = _leaders(state.scores, state.playing)
    if state.tiebreak_round or state.round >= ROUNDS:
        if state.tiebreak and not state.tiebreak_round and len(leaders) > 1:
            state.tiebreak_round = True
            playing = [s in leaders for s in range(n)]
            _replace_row(state, ROW_AFTER_ROUND[ROUNDS], events)
            first = next(
                (state.first + step) % n
                for step in range(1, n + 1)
                if playing[(state.first + step) % n]
            )
            _start_round(state, first, playing, events)
            return
        _game_over(state, leaders, events)
        return
    _replace_row(state, ROW_AFTER_ROUND[state.round], events)
    _start_round(state, (state.first + 1) % n, [True] * n, events)


def _leaders(scores: Sequence[int], among: Sequence[bool]) -> list[int]:
    seats = [s for s in range(len(scores)) if among[s]]
    top = max(scores[s] for s in seats)
    return [s for s in seats if scores[s] == top]


def _game_over(state: AyozhitState, winners: list[int], events: list[Event]) -> None:
    state.winners = winners
    state.phase = OVER
    state.dreamer = -1
    events.append(public("game_over", winners=list(winners), scores=list(state.scores)))


def _copy_summary(summary: dict[str, Any]) -> dict[str, Any]:
    out = copy_record(summary)
    out["sparks"] = [list(s) for s in summary["sparks"]]
    out["announced"] = [copy_record(a) for a in summary["announced"]]
    out["word"] = dict(summary["word"])
    return out


Rule = Callable[[AyozhitState, int, Any, list[Event]], None]
RULES: Mapping[str, Rule] = MappingProxyType(
    {
        "word": _choose_word,
        "mark": _mark,
        "unmark": _unmark,
        "ready": _ready,
        "announce": _announce,
        "timeout": _timeout,
    }
)

GAME = Ayozhit()
