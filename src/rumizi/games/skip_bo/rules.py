"""Skip-Bo as ``../shared/rules/skip-bo.md`` states it, solo or in partnerships.

An action moves one card from a source to a destination (see ``encode``): onto a building
pile, or from the hand onto one of one's own discard piles, which ends the turn. A player
with no card in hand and nothing to draw ends the turn with ``{"type": "end_turn"}``
instead, after the building plays they want. Drawing up to five cards at the start of a
turn, refilling an emptied hand, recycling completed building piles and dealing the next
round all happen by themselves.

What may move where is said once in named moves, ``legal_moves``. Every action also has an
int form; ``legal_codes`` (the table-driven fast path of ``fast.py``, proven equal to
``legal_moves`` by a property test) and ``apply_code`` work on it directly (bots, the RL
API and the benchmark use them), and ``legal`` and ``apply`` are the same functions in
JSON form. Passing ``events=None`` to ``apply_code`` skips building the events.

Choices of this implementation beyond the spec's own [decision]s (see docs/skip-bo.md):
empty building and discard piles are interchangeable, so a new pile is always started in
the first empty place; a player whose hand is empty with nothing left to draw may still
play from the stock and discard piles, then ends the turn without a discard (the turn
passes by itself when no such play is possible), at the start of a turn as in the middle
of one; the next round is started by the next seat; and three stalled rounds in a row end
the game, so that every game ends (random play almost never empties a stock).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rumizi.engine import (
    Action,
    BadOptions,
    BaseGame,
    Event,
    IllegalAction,
    Outcome,
    Rng,
    copy_record,
    first_seat,
    make_event,
    public,
    shuffle,
    stacked_decks,
)

from . import fast
from .cards import (
    DECK_COUNTS,
    FULL_DECK,
    HAND_SIZE,
    JSON,
    PILES,
    SKIP_BO,
    TOP_VALUE,
    from_json,
    next_card,
)
from .description import DESCRIPTION
from .encode import (
    DISCARD,
    END_TURN,
    END_TURN_ACTION,
    NUM_ACTIONS,
    PARTNER_DISCARD,
    PARTNER_STOCK,
    PLAYED_FIELDS,
    STOCK,
    TO_DISCARD,
    decode,
    encode,
)
from .state import SkipBoState

DECK_SIZE = len(FULL_DECK)
ROUND_POINTS = 25
"""The round winner's points, plus ``CARD_POINTS`` per card left in opposing stock piles."""
CARD_POINTS = 5
STALLS_TO_END = 3
"""Rounds in a row ending in a stall that end the game (the highest score wins)."""
ONLY = tuple(frozenset((seat,)) for seat in range(DESCRIPTION.max_players))
"""Each seat alone: who may act, who sees a private event."""


def default_stock_size(players: int) -> int:
    """30 cards each with 2–4 players, 20 with 5–6."""
    return 30 if players <= 4 else 20


class SkipBo(BaseGame):
    description = DESCRIPTION
    id = DESCRIPTION.id
    title = DESCRIPTION.title
    min_players = DESCRIPTION.min_players
    max_players = DESCRIPTION.max_players

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> SkipBoState:
        options = self.check_setup(players, options)
        stock_size = _stock_size_option(options, players)
        teams = _teams_option(options, players)
        state = SkipBoState(
            players=players,
            stock_size=stock_size,
            target=options["target"],
            max_rounds=options.get("rounds", 0),
            partner=[(p + players // 2) % players if teams else -1 for p in range(players)],
            scores=[0] * players,
            starter=first_seat(options, players, rng),
            stacked=stacked_decks(
                options,
                from_json,
                DECK_COUNTS,
                "1–12 and 'skip-bo'",
                "twelve each of 1–12 and 18 'skip-bo'",
            ),
        )
        _deal_round(state, rng, [])
        return state

    def opening(self, state: SkipBoState) -> list[Event]:
        """What the first deal tells (``setup`` returns only the state): the same events as
        every later deal — the round, then the starter's first draw (their whole hand: the
        draw pile always holds a full hand at a deal), its cards to them alone."""
        drawn = list(state.hands[state.starter])
        events = [_round_told(state, len(state.draw) + len(drawn))]
        _tell_draw(state, "turn", state.starter, drawn, events)
        return events

    # ------------------------------------------------------------- queries
    def to_act(self, state: SkipBoState) -> frozenset[int]:
        return frozenset() if state.current < 0 else ONLY[state.current]

    def legal(self, state: SkipBoState, seat: int) -> list[Action]:
        """Every legal action, in the order of ``legal_codes``: shared and read-only
        (``encode.ACTIONS``), by the fast path (``fast.legal``), proven equal to
        ``legal_moves`` by a property test."""
        return fast.legal(state, seat, fast.ACTIONS)

    def legal_codes(self, state: SkipBoState, seat: int) -> list[int]:
        """Every legal action of ``seat`` as an int, in the order of ``legal``: the fast
        path (``fast.legal``), proven equal to ``legal_moves`` by a property test."""
        return fast.legal(state, seat, fast.CODES)

    def outcome(self, state: SkipBoState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores(state.scores, state.winners)

    # ------------------------------------------------------- the int API
    def encode(self, action: Action) -> int:
        return encode(action)

    def decode(self, code: int) -> Action:
        return decode(code)

    def num_actions(self, players: int) -> int:
        return NUM_ACTIONS

    # -------------------------------------------------------------- acting
    def apply(self, state: SkipBoState, seat: int, action: Action, rng: Rng) -> list[Event]:
        if seat != state.current:
            raise self.not_your_turn(state, seat)
        code = encode(action)
        events: list[Event] = []
        _move(state, seat, code, self._check(state, seat, code), rng, events)
        return events

    def apply_code(
        self,
        state: SkipBoState,
        seat: int,
        code: int,
        rng: Rng,
        events: list[Event] | None = None,
    ) -> None:
        """Carry out the action ``code``; its events go to ``events`` unless it is None."""
        card = self._check(state, seat, code)
        _move(state, seat, code, card, rng, events)

    def _check(self, state: SkipBoState, seat: int, code: int) -> int:
        """Validate an action without touching the state; return the card it moves."""
        if seat != state.current:
            raise self.not_your_turn(state, seat)
        if type(code) is not int or not 0 <= code < NUM_ACTIONS:
            raise IllegalAction(f"an action code is a whole number from 0 to {NUM_ACTIONS - 1}")
        if code == END_TURN:
            _check_end_turn(state, seat)
            return 0
        source = code >> 3
        if 1 <= source <= SKIP_BO:
            if source not in state.hands[seat]:
                raise IllegalAction(f"you hold no {_say(source)}")
            card = source
        else:
            card = _source_card(state, seat, source)
        dest = code & 7
        if dest >= TO_DISCARD:
            _check_discard(state, seat, source, dest - TO_DISCARD)
            return card
        pile = state.build[dest]
        if pile:
            need = next_card(len(pile))
        else:
            first = _first_empty(state.build)
            if dest != first:
                raise IllegalAction(
                    f"start a new building pile in the first empty place: building pile {first}"
                )
            need = 1
        if card != need and card != SKIP_BO:
            raise IllegalAction(
                f"building pile {dest} needs a {need} (or a SKIP-BO), not a {_say(card)}"
            )
        return card

    # --------------------------------------------------------------- views
    def view(self, state: SkipBoState, seat: int | None) -> dict[str, Any]:
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "teams": _teams(state),
            "round": state.round,
            "rounds": state.max_rounds or None,
            "target": state.target,
            "scores": list(state.scores),
            "stalls": state.stalls,
            "starter": state.starter,
            "turn": state.current if state.current >= 0 else None,
            "turns": state.turns,
            "played": state.played,
            "idle": state.idle,
            "draw": len(state.draw),
            "building": [[JSON[c] for c in pile] for pile in state.build],
            "stock_tops": [JSON[s[-1]] if s else None for s in state.stocks],
            "stock_sizes": [len(s) for s in state.stocks],
            "discards": [[[JSON[c] for c in pile] for pile in piles] for piles in state.discards],
            "hand": [] if seat is None else [JSON[c] for c in sorted(state.hands[seat])],
            "hand_sizes": [len(h) for h in state.hands],
            "last_round": None if state.last_round is None else copy_record(state.last_round),
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------- determinizing
    def determinize(self, state: SkipBoState, seat: int, rng: Rng) -> SkipBoState:
        """Resample every card ``seat`` has not seen, keeping what it knows.

        Hidden: the other hands, every stock pile below its top, and the draw pile. The
        completed piles put under the draw pile and not yet reached keep their cards (all
        saw them), shuffled among themselves. Coming stacked decks are dropped.
        """
        world = state.copy()
        world.stacked = []
        kept = sum(world.segments)
        pool = list(world.draw[kept:])
        for p in range(world.players):
            pool.extend(world.stocks[p][:-1])
            if p != seat:
                pool.extend(world.hands[p])
        pool.sort()  # the draw depends on what the seat knows, not where the cards truly are
        shuffle(rng, pool)
        at = 0
        for p in range(world.players):
            below = len(world.stocks[p]) - 1
            if below > 0:
                world.stocks[p][:-1] = pool[at : at + below]
                at += below
            if p != seat:
                size = len(world.hands[p])
                world.hands[p] = pool[at : at + size]
                at += size
        world.draw[kept:] = pool[at:]
        start = 0
        for size in world.segments:
            segment = world.draw[start : start + size]
            shuffle(rng, segment)
            world.draw[start : start + size] = segment
            start += size
        return world


# ---------------------------------------------------------------- options
def _stock_size_option(options: Mapping[str, Any], players: int) -> int:
    """``stock_size`` (already a whole number within the schema's bounds), checked against
    the player count: every player must be able to draw a full hand."""
    size: int = options.get("stock_size", default_stock_size(players))
    most = min(30, DECK_SIZE // players - HAND_SIZE)
    if size > most:
        raise BadOptions(
            f"stock_size must be at most {most} with {players} players "
            "(30 at most, and every player must be able to draw a full hand)"
        )
    return size


def _teams_option(options: Mapping[str, Any], players: int) -> bool:
    """``teams`` (already true or false): only 4 or 6 players form teams of two."""
    teams: bool = options["teams"]
    if teams and players not in (4, 6):
        raise BadOptions(f"teams are for 4 or 6 players (teams of two), not {players}")
    return teams


# ----------------------------------------------------------------- rounds
def _deal_round(state: SkipBoState, rng: Rng, events: list[Event] | None) -> None:
    """Deal each stock pile (top face up) and leave the rest as the draw pile; start."""
    n, k = state.players, state.stock_size
    if state.stacked:
        cards = state.stacked.pop(0)
    else:
        cards = list(FULL_DECK)
        shuffle(rng, cards)
    state.round += 1
    state.turns = 0
    state.idle = 0
    state.stocks = [cards[p * k : (p + 1) * k][::-1] for p in range(n)]
    state.draw = cards[n * k :][::-1]
    state.segments = []
    state.build = [[] for _ in range(PILES)]
    state.hands = [[] for _ in range(n)]
    state.discards = [[[] for _ in range(PILES)] for _ in range(n)]
    if events is not None:
        events.append(_round_told(state, len(state.draw)))
    _begin_turn(state, state.starter, rng, events)


def _round_told(state: SkipBoState, draw: int) -> Event:
    """The deal, for everyone: the round, who starts, each stock pile's top card and size,
    and the ``draw`` pile's size before the starter's first draw."""
    return public(
        "round_started",
        round=state.round,
        starter=state.starter,
        stock_tops=[JSON[s[-1]] for s in state.stocks],
        stock_sizes=[len(s) for s in state.stocks],
        draw=draw,
    )


def _begin_turn(state: SkipBoState, seat: int, rng: Rng, events: list[Event] | None) -> None:
    """Draw up to five cards and play. With an empty hand and nothing to draw the seat still
    plays if a stock or discard-pile card fits a building pile; else its turn passes."""
    n = state.players
    while True:
        state.current = seat
        state.played = False
        state.dry = not state.draw
        state.turns += 1
        drawn = _draw(state, seat)
        if events is not None:
            _tell_draw(state, "turn", seat, drawn, events)
        if state.hands[seat] or fast.can_build(state, seat):
            return
        if events is not None:
            events.append(public("turn_over", seat=seat, reason="empty_hand"))
        if _close_turn(state):
            _end_round(state, rng, (), events)
            return
        seat = (seat + 1) % n


def _draw(state: SkipBoState, seat: int) -> list[int]:
    """Fill ``seat``'s hand up to five from the draw pile (nothing once it is empty)."""
    hand = state.hands[seat]
    draw = state.draw
    k = min(HAND_SIZE - len(hand), len(draw))
    if k <= 0:
        return []
    drawn = draw[-k:]
    del draw[-k:]
    drawn.reverse()
    hand.extend(drawn)
    segments = state.segments
    while segments and sum(segments) > len(draw):
        segments.pop()  # drawing reached into the completed pile put under last
    return drawn


def _tell_draw(
    state: SkipBoState, kind: str, seat: int, drawn: list[int], events: list[Event]
) -> None:
    """``kind`` (``turn`` or ``refilled``): how many cards ``seat`` drew, for everyone; which
    ones (``drew``), for ``seat`` alone."""
    events.append(make_event(kind, {"seat": seat, "drew": len(drawn), "draw": len(state.draw)}))
    if drawn:
        events.append(make_event("drew", {"cards": [JSON[c] for c in drawn]}, ONLY[seat]))


def _close_turn(state: SkipBoState) -> bool:
    """Count the stall: True when a full cycle of turns began with nothing to draw and saw
    no building play, which ends the round without a winner."""
    if state.played or not state.dry:
        state.idle = 0
        return False
    state.idle += 1
    return state.idle >= state.players


def _end_turn(state: SkipBoState, rng: Rng, events: list[Event] | None) -> None:
    if _close_turn(state):
        _end_round(state, rng, (), events)
    else:
        _begin_turn(state, (state.current + 1) % state.players, rng, events)


def _end_round(
    state: SkipBoState, rng: Rng, winners: tuple[int, ...], events: list[Event] | None
) -> None:
    """Score the round (nothing after a stall); end the game or deal the next round."""
    n = state.players
    stocks_left = [len(s) for s in state.stocks]
    points = 0
    if winners:
        points = ROUND_POINTS + CARD_POINTS * sum(
            stocks_left[p] for p in range(n) if p not in winners
        )
        for w in winners:
            state.scores[w] += points
    state.last_round = {
        "round": state.round,
        "winners": list(winners),
        "reason": "stock" if winners else "stall",
        "points": points,
        "stocks_left": stocks_left,
        "turns": state.turns,
        "scores": list(state.scores),
    }
    if events is not None:
        events.append(public("round_over", **copy_record(state.last_round)))
    state.stalls = 0 if winners else state.stalls + 1
    top = max(state.scores)
    if (
        top >= state.target
        or (state.max_rounds and state.round >= state.max_rounds)
        or state.stalls >= STALLS_TO_END
    ):
        state.winners = [p for p in range(n) if state.scores[p] == top] if top > 0 else []
        state.current = -1
        if events is not None:
            events.append(
                public("game_over", winners=list(state.winners), scores=list(state.scores))
            )
        return
    state.starter = (state.starter + 1) % n
    _deal_round(state, rng, events)


# ---------------------------------------------------------------- playing
def legal_moves(state: SkipBoState, seat: int) -> list[Action]:
    """What ``seat`` may do now, as the rulebook says it, in named moves: the top card of
    its stock pile, of one of its discard piles or (in partnerships) of its partner's, or a
    card from its hand, onto a building pile that takes it; or a hand card onto one of its
    discard piles, which ends the turn. With no card in hand and nothing to draw it may end
    the turn as it is. (The order is ``legal``'s; ``fast.legal_codes`` is the same list as
    ints, worked out by table look-ups; a property test proves the two equal.)"""
    if seat != state.current:
        return []
    moves: list[Action] = []
    mate = state.partner[seat]
    tops: list[tuple[Action, list[int]]] = [({"from": "stock"}, state.stocks[seat])]
    tops += [({"from": "discard", "from_pile": i}, p) for i, p in enumerate(state.discards[seat])]
    if mate >= 0:
        tops.append(({"from": "partner_stock"}, state.stocks[mate]))
        tops += [
            ({"from": "partner_discard", "from_pile": i}, pile)
            for i, pile in enumerate(state.discards[mate])
        ]
    for source, pile in tops:
        if pile:
            moves += _onto_building_piles(state, source, pile[-1])
    hand = sorted(set(state.hands[seat]))
    for card in hand:
        moves += _onto_building_piles(state, {"from": "hand", "card": JSON[card]}, card)
    for card in hand:
        moves += [
            {"from": "hand", "card": JSON[card], "to": "discard", "to_pile": pile}
            for pile in _open_discard_piles(state.discards[seat])
        ]
    if not hand and not state.draw:
        moves.append(dict(END_TURN_ACTION))
    return moves


def _onto_building_piles(state: SkipBoState, source: Action, card: int) -> list[Action]:
    """``source``'s card onto each building pile that takes it: a started pile whose next
    card it is, or the first empty place for a 1 (empty places are interchangeable); a
    SKIP-BO stands for any card."""
    piles = [
        i for i, pile in enumerate(state.build) if pile and card in (next_card(len(pile)), SKIP_BO)
    ]
    first = _first_empty(state.build)
    if first >= 0 and card in (next_card(0), SKIP_BO):
        piles = sorted([*piles, first])
    return [{**source, "to": "build", "to_pile": pile} for pile in piles]


def _open_discard_piles(piles: list[list[int]]) -> list[int]:
    """The discard piles a hand card may go on: every started one and the first empty one
    (empty piles are interchangeable)."""
    first = _first_empty(piles)
    return sorted([i for i, pile in enumerate(piles) if pile] + ([first] if first >= 0 else []))


def _first_empty(piles: list[list[int]]) -> int:
    for i, pile in enumerate(piles):
        if not pile:
            return i
    return -1


def _say(card: int) -> str:
    return "SKIP-BO" if card == SKIP_BO else str(card)


def _source_card(state: SkipBoState, seat: int, source: int) -> int:
    """The card ``source`` would move; ``IllegalAction`` if there is none."""
    if source == STOCK:
        stock = state.stocks[seat]
        if not stock:
            raise IllegalAction("your stock pile is empty")
        return stock[-1]
    if source <= SKIP_BO:
        if source not in state.hands[seat]:
            raise IllegalAction(f"you hold no {_say(source)}")
        return source
    if source < PARTNER_STOCK:
        pile = state.discards[seat][source - DISCARD]
        if not pile:
            raise IllegalAction(f"your discard pile {source - DISCARD} is empty")
        return pile[-1]
    mate = state.partner[seat]
    if mate < 0:
        raise IllegalAction("this game has no partners: play from your own piles")
    if source == PARTNER_STOCK:
        stock = state.stocks[mate]
        if not stock:
            raise IllegalAction("your partner's stock pile is empty")
        return stock[-1]
    pile = state.discards[mate][source - PARTNER_DISCARD]
    if not pile:
        raise IllegalAction(f"your partner's discard pile {source - PARTNER_DISCARD} is empty")
    return pile[-1]


def _check_end_turn(state: SkipBoState, seat: int) -> None:
    """Ending a turn without a discard is for an empty hand with nothing to draw."""
    if state.hands[seat]:
        raise IllegalAction(
            "you hold cards: end your turn by putting one from your hand on a discard pile"
        )
    if state.draw:
        raise IllegalAction("you can still draw: your hand is refilled first")


def _check_discard(state: SkipBoState, seat: int, source: int, pile: int) -> None:
    if not 1 <= source <= SKIP_BO:
        raise IllegalAction(
            "only a card from your hand can go on a discard pile "
            "(stock and discard-pile cards go to the building piles)"
        )
    piles = state.discards[seat]
    if not piles[pile]:
        first = _first_empty(piles)
        if pile != first:
            raise IllegalAction(
                f"start a new discard pile in the first empty place: discard pile {first}"
            )


def _move(
    state: SkipBoState, seat: int, code: int, card: int, rng: Rng, events: list[Event] | None
) -> None:
    """Move the (checked) card, then whatever follows by itself."""
    if code == END_TURN:
        if events is not None:
            events.append(public("turn_over", seat=seat, reason="end_turn"))
        _end_turn(state, rng, events)
        return
    source, dest = code >> 3, code & 7
    owner = seat
    if 1 <= source <= SKIP_BO:
        state.hands[seat].remove(card)
    elif source == STOCK:
        state.stocks[seat].pop()
    elif source < PARTNER_STOCK:
        state.discards[seat][source - DISCARD].pop()
    elif source == PARTNER_STOCK:
        owner = state.partner[seat]
        state.stocks[owner].pop()
    else:
        state.discards[state.partner[seat]][source - PARTNER_DISCARD].pop()
    if dest >= TO_DISCARD:
        state.discards[seat][dest - TO_DISCARD].append(card)
        if events is not None:
            told = {"seat": seat, "card": JSON[card], "to_pile": dest - TO_DISCARD}
            events.append(make_event("discarded", told))
        _end_turn(state, rng, events)
        return
    pile = state.build[dest]
    pile.append(card)
    state.played = True
    from_stock = source in (STOCK, PARTNER_STOCK)
    if events is not None:
        _played_event(state, seat, code, card, owner if from_stock else -1, events)
    if from_stock and not state.stocks[owner]:
        mate = state.partner[owner]
        if mate < 0 or not state.stocks[mate]:
            _end_round(state, rng, state.team_of(owner), events)
            return
    if len(pile) == TOP_VALUE:
        _complete(state, dest, rng, events)
    hand = state.hands[seat]
    if not hand:
        drawn = _draw(state, seat)
        if events is not None and (drawn or 1 <= source <= SKIP_BO):
            _tell_draw(state, "refilled", seat, drawn, events)
        if not hand and not fast.can_build(state, seat):
            if events is not None:
                events.append(public("turn_over", seat=seat, reason="empty_hand"))
            _end_turn(state, rng, events)


def _played_event(
    state: SkipBoState, seat: int, code: int, card: int, owner: int, events: list[Event]
) -> None:
    """``played``: the source as the action names it, the building pile, the card and the
    pile's new value; from a stock pile (``owner`` ≥ 0), also its owner, its cards left and
    the card it reveals."""
    data = PLAYED_FIELDS[code].copy()  # (quicker than a new dict unpacking it)
    data["seat"] = seat
    data["card"] = JSON[card]
    data["value"] = len(state.build[code & 7])
    if owner >= 0:
        stock = state.stocks[owner]
        data["owner"] = owner
        data["stock_left"] = len(stock)
        data["revealed"] = JSON[stock[-1]] if stock else None
    events.append(make_event("played", data))


def _complete(state: SkipBoState, dest: int, rng: Rng, events: list[Event] | None) -> None:
    """A pile that reached 12 is shuffled and put under the draw pile; its place is free."""
    cards = state.build[dest]
    state.build[dest] = []
    shuffle(rng, cards)
    state.draw[:0] = cards
    state.segments.insert(0, len(cards))
    if events is not None:
        events.append(
            public("pile_completed", pile=dest, cards=_sorted_json(cards), draw=len(state.draw))
        )


def _sorted_json(cards: list[int]) -> list[int | str]:
    return [JSON[c] for c in sorted(cards)]


def _teams(state: SkipBoState) -> list[list[int]] | None:
    if not state.teams:
        return None
    return [list(state.team_of(p)) for p in range(state.players) if p < state.partner[p]]


GAME = SkipBo()
