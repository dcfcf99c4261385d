"""Skip-Bo as ``../shared/rules/skip-bo.md`` states it, solo or in partnerships.

An action moves one card from a source to a destination (see ``encode``): onto a building
pile, or from the hand onto one of one's own discard piles, which ends the turn. A player
with no card in hand and nothing to draw ends the turn with ``{"type": "end_turn"}``
instead, after the building plays they want. Drawing up to five cards at the start of a
turn, refilling an emptied hand, recycling completed building piles and dealing the next
round all happen by themselves.

Every action has an int form; ``legal_codes`` and ``apply_code`` work on it directly (bots,
the RL API and the benchmark use them), and ``legal`` and ``apply`` are the same functions
in JSON form. Passing ``events=None`` to ``apply_code`` skips building the events.

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
    private,
    public,
    shuffle,
    stacked_decks,
)

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
    NUM_ACTIONS,
    PARTNER_DISCARD,
    PARTNER_STOCK,
    SOURCES,
    STOCK,
    TO_DISCARD,
    actions,
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

_CODES = tuple(
    tuple(tuple(source * 8 + d for d in range(PILES) if mask >> d & 1) for mask in range(16))
    for source in range(SOURCES)
)
"""``_CODES[source][mask]``: the codes moving ``source`` to the building piles in ``mask``."""
_ACCEPTS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""By the building piles' sizes: for each card value, the mask of piles that take it."""


def _open_piles(filled: int) -> tuple[int, ...]:
    """The discard piles a card may go on, given the bit mask of the non-empty ones: every
    non-empty pile and the first empty one (empty piles are interchangeable)."""
    piles = [i for i in range(PILES) if filled >> i & 1]
    empty = [i for i in range(PILES) if not filled >> i & 1]
    return tuple(sorted(piles + empty[:1]))


_HAND_DISCARDS = tuple(
    tuple(tuple(v * 8 + TO_DISCARD + i for i in _open_piles(filled)) for filled in range(16))
    for v in range(SKIP_BO + 1)
)
"""``_HAND_DISCARDS[v][filled]``: the codes putting hand card v on a discard pile, given the
bit mask of one's non-empty discard piles."""
_OWN = tuple(_CODES[DISCARD + i] for i in range(PILES))
_MATES = tuple(_CODES[PARTNER_DISCARD + i] for i in range(PILES))


def _accepts(sizes: tuple[int, ...]) -> tuple[int, ...]:
    """Which building piles take each card, for piles of these sizes (cached).

    Started piles take their next value; of the empty places only the first one is offered
    (they are interchangeable), for a 1; a SKIP-BO goes on any of those.
    """
    masks = [0] * (SKIP_BO + 1)
    fresh = True
    for d, size in enumerate(sizes):
        if size or fresh:
            masks[next_card(size)] |= 1 << d
            masks[SKIP_BO] |= 1 << d
            fresh = fresh and size > 0
    result = _ACCEPTS[sizes] = tuple(masks)
    return result


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

    # ------------------------------------------------------------- queries
    def to_act(self, state: SkipBoState) -> frozenset[int]:
        return frozenset() if state.current < 0 else frozenset((state.current,))

    def legal(self, state: SkipBoState, seat: int) -> list[Action]:
        return actions(self.legal_codes(state, seat))

    def legal_codes(self, state: SkipBoState, seat: int) -> list[int]:
        """Every legal action of ``seat`` as an int: plays from the stock first, then from
        the discard piles, the partner's piles and the hand, then the closing discards (or,
        with an empty hand and nothing to draw, ``END_TURN``).

        This is the hot path of bots and the benchmark: table look-ups, no allocation but
        the result.
        """
        if seat != state.current:
            return []
        b = state.build
        key = (len(b[0]), len(b[1]), len(b[2]), len(b[3]))
        accepts = _ACCEPTS.get(key) or _accepts(key)
        out: list[int] = []
        stock = state.stocks[seat]
        if stock:
            m = accepts[stock[-1]]
            if m:
                out += _CODES[STOCK][m]
        filled = 0
        bit = 1
        for pile, codes in zip(state.discards[seat], _OWN, strict=True):
            if pile:
                filled |= bit
                m = accepts[pile[-1]]
                if m:
                    out += codes[m]
            bit <<= 1
        mate = state.partner[seat]
        if mate >= 0:
            stock = state.stocks[mate]
            if stock:
                m = accepts[stock[-1]]
                if m:
                    out += _CODES[PARTNER_STOCK][m]
            for pile, codes in zip(state.discards[mate], _MATES, strict=True):
                if pile:
                    m = accepts[pile[-1]]
                    if m:
                        out += codes[m]
        values = sorted(set(state.hands[seat]))
        for v in values:
            m = accepts[v]
            if m:
                out += _CODES[v][m]
        for v in values:
            out += _HAND_DISCARDS[v][filled]
        if not values and not state.draw:
            out.append(END_TURN)
        return out

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
        events: list[Event] = []
        self.apply_code(state, seat, encode(action), rng, events)
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
        events.append(
            public(
                "round_started",
                round=state.round,
                starter=state.starter,
                stock_tops=[JSON[s[-1]] for s in state.stocks],
                stock_sizes=[len(s) for s in state.stocks],
                draw=len(state.draw),
            )
        )
    _begin_turn(state, state.starter, rng, events)


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
            events.append(public("turn", seat=seat, drew=len(drawn), draw=len(state.draw)))
            if drawn:
                events.append(private((seat,), "drew", cards=[JSON[c] for c in drawn]))
        if state.hands[seat] or _can_build(state, seat):
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


def _can_build(state: SkipBoState, seat: int) -> bool:
    """Whether ``seat`` can play a stock or discard-pile top (its own or, in partnerships,
    its partner's) to a building pile: all that is left to an empty hand."""
    b = state.build
    key = (len(b[0]), len(b[1]), len(b[2]), len(b[3]))
    accepts = _ACCEPTS.get(key) or _accepts(key)
    mate = state.partner[seat]
    for p in (seat,) if mate < 0 else (seat, mate):
        stock = state.stocks[p]
        if stock and accepts[stock[-1]]:
            return True
        if any(pile and accepts[pile[-1]] for pile in state.discards[p]):
            return True
    return False


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
            events.append(
                public("discarded", seat=seat, card=JSON[card], to_pile=dest - TO_DISCARD)
            )
        _end_turn(state, rng, events)
        return
    pile = state.build[dest]
    pile.append(card)
    state.played = True
    from_stock = source in (STOCK, PARTNER_STOCK)
    if events is not None:
        _played_event(state, seat, source, dest, card, owner, events)
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
            events.append(
                public("refilled", seat=seat, drew=len(drawn), draw=len(state.draw)),
            )
            if drawn:
                events.append(private((seat,), "drew", cards=[JSON[c] for c in drawn]))
        if not hand and not _can_build(state, seat):
            if events is not None:
                events.append(public("turn_over", seat=seat, reason="empty_hand"))
            _end_turn(state, rng, events)


def _played_event(
    state: SkipBoState,
    seat: int,
    source: int,
    dest: int,
    card: int,
    owner: int,
    events: list[Event],
) -> None:
    data: dict[str, Any] = decode(source * 8 + dest)
    data.pop("to")
    data.update(seat=seat, card=JSON[card], value=len(state.build[dest]))
    if source in (STOCK, PARTNER_STOCK):
        stock = state.stocks[owner]
        data.update(owner=owner, stock_left=len(stock), revealed=JSON[stock[-1]] if stock else None)
    events.append(public("played", **data))


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
