"""Love Letter, classic 16-card edition, as ``../shared/rules/love-letter.md`` states it.

An action is ``{"card": id}`` plus ``"target"`` (a seat) for cards that choose a player
and ``"guess"`` (a card id) for the Guard. A turn's draw happens by itself when the turn
starts, and a new round is dealt by itself when the previous one ends.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from rumizi.engine import (
    Action,
    BaseGame,
    Event,
    IllegalAction,
    Outcome,
    Rng,
    copy_record,
    first_seat,
    make_event,
    shuffle,
    stacked_decks,
)

from .cards import (
    BARON,
    COUNTESS,
    DECK_COUNTS,
    FULL_DECK,
    GUARD,
    GUESSABLE,
    HANDMAID,
    IDS,
    KING,
    PRIEST,
    PRINCE,
    PRINCESS,
    TARGETS_ANOTHER,
    VALUE,
)
from .description import DESCRIPTION
from .moves import MOVES, RECORDS, Move, Moves
from .state import LoveLetterState
from .texts import card_name

TOKENS_TO_WIN = {2: 7, 3: 5, 4: 4}
ONLY = tuple(frozenset((seat,)) for seat in range(4))
"""The audience of a private event to one seat (made once: events are made all the time)."""
OTHERS = {n: tuple(tuple(p for p in range(n) if p != seat) for seat in range(n)) for n in (2, 3, 4)}
"""The other seats of each seat, by player count."""


class LoveLetter(BaseGame):
    description = DESCRIPTION
    id = DESCRIPTION.id
    title = DESCRIPTION.title
    min_players = DESCRIPTION.min_players
    max_players = DESCRIPTION.max_players

    def __init__(
        self, take_turn: TakeTurn | None = None, deal_round: DealRound | None = None
    ) -> None:
        self.take_turn: TakeTurn = take_turn or _take_turn
        """How a legal move is played: ``_take_turn`` below, through the small functions
        that state the rules, or the same written for speed (``fast.take_turn``)."""
        self.deal_round: DealRound = deal_round or _deal_round
        """How a round is dealt: ``_deal_round`` below, or ``fast.deal_round``."""

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> LoveLetterState:
        options = self.check_setup(players, options)
        state = LoveLetterState(
            players=players,
            tokens_to_win=options.get("tokens_to_win", TOKENS_TO_WIN[players]),
            tokens=[0] * players,
            starter=first_seat(options, players, rng),
            stacked=stacked_decks(
                options, _read_card, DECK_COUNTS, ", ".join(IDS[1:]), DECK_CONTENTS
            ),
        )
        self.deal_round(state, rng, [])
        return state

    def opening(self, state: LoveLetterState) -> list[Event]:
        """What the first deal tells (``setup`` returns only the state): the same events as
        every later round's deal and first turn."""
        return _deal_told(state) + _turn_told(state, state.current)

    # ------------------------------------------------------------- queries
    def to_act(self, state: LoveLetterState) -> frozenset[int]:
        return frozenset() if state.current < 0 else ONLY[state.current]

    def legal(self, state: LoveLetterState, seat: int) -> list[Action]:
        """The legal actions, sorted by card: read-only and shared (``FrozenAction``), the
        caller's to keep; change a copy."""
        if seat != state.current:
            return []
        assert state.moves is not None
        return list(state.moves.actions)

    def outcome(self, state: LoveLetterState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome.from_scores(state.tokens, state.winners)

    # -------------------------------------------------------------- acting
    def apply(self, state: LoveLetterState, seat: int, action: Action, rng: Rng) -> list[Event]:
        """Play a legal action (anything else is refused, saying why, with nothing changed)."""
        if seat != state.current:
            raise self.not_your_turn(state, seat)
        moves = state.moves
        assert moves is not None
        number = moves.find(action)
        if number is None:
            raise _refusal(state, seat, action)
        return self.take_turn(state, MOVES[number], RECORDS[number].copy(), rng)

    # --------------------------------------------------------------- views
    def view(self, state: LoveLetterState, seat: int | None) -> dict[str, Any]:
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} in a {n}-player game")
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "round": state.round,
            "tokens": list(state.tokens),
            "tokens_to_win": state.tokens_to_win,
            "starter": state.starter,
            "turn": state.current if state.current >= 0 else None,
            "deck": len(state.deck),
            "set_aside": state.set_aside is not None,
            "face_up": [IDS[c] for c in state.face_up],
            "hand": [] if seat is None else [IDS[c] for c in state.hands[seat]],
            "hand_sizes": [len(h) for h in state.hands],
            "discards": [[IDS[c] for c in d] for d in state.discards],
            "out": list(state.out),
            "protected": list(state.protected),
            "known": [None] * n if seat is None else [IDS[c] or None for c in state.known[seat]],
            "not_holding": [sorted(IDS[c] for c in s) for s in state.not_holding],
            "notes": [] if seat is None else [dict(x) for x in state.notes[seat]],
            "history": [dict(h) for h in state.history],
            "last_round": None if state.last_round is None else copy_record(state.last_round),
            "winners": None if state.winners is None else list(state.winners),
        }

    # ------------------------------------------------------- determinizing
    def determinize(self, state: LoveLetterState, seat: int, rng: Rng) -> LoveLetterState:
        """Resample every card ``seat`` has not seen, keeping what it knows.

        Other seats' private knowledge is dropped: ``seat`` cannot know it. Coming stacked
        decks are dropped too (coming rounds are shuffled).
        """
        world = state.copy()
        world.stacked = []
        for p in range(world.players):
            if p != seat:
                world.known[p] = [0] * world.players
                world.notes[p] = []
        pinned = {
            p: world.known[seat][p]
            for p in range(world.players)
            if p != seat and not world.out[p] and world.known[seat][p]
        }
        pool = Counter(FULL_DECK)
        pool.subtract(world.hands[seat])
        pool.subtract(world.face_up)
        for row in world.discards:
            pool.subtract(row)
        pool.subtract(pinned.values())
        unseen = list(pool.elements())
        hidden_hands = [p for p in range(world.players) if p != seat and world.hands[p]]
        for _ in range(1000):
            shuffle(rng, unseen)
            if _deal_unseen(world, hidden_hands, pinned, unseen):
                if world.current >= 0:  # the player to play may hold other cards now
                    world.moves = _moves(world, world.current)
                return world
        raise RuntimeError("no deal consistent with the view was found")  # pragma: no cover


# ---------------------------------------------------------------- options
DECK_CONTENTS = ", ".join(f"{n} {IDS[v]}" for v, n in sorted(DECK_COUNTS.items()))


def _read_card(card: object) -> int | None:
    """A card of the ``deck`` option: its id (any case) or its value 1–8."""
    if isinstance(card, str):
        return VALUE.get(card.lower())
    if isinstance(card, int) and not isinstance(card, bool) and GUARD <= card <= PRINCESS:
        return card
    return None


def _card_field(action: Action, key: str) -> int:
    value = action.get(key)
    card = VALUE.get(value) if type(value) is str else None
    if card is None:
        raise IllegalAction(f"{key} must be a card id ({', '.join(IDS[1:])}), not {value!r}")
    return card


# ------------------------------------------------------------------ turns
TakeTurn = Callable[[LoveLetterState, Move, dict[str, Any], Rng], list[Event]]
DealRound = Callable[[LoveLetterState, Rng, list[Event]], None]


def _take_turn(state: LoveLetterState, move: Move, record: dict[str, Any], rng: Rng) -> list[Event]:
    """Play ``move``, then start the next player's turn or end the round."""
    events: list[Event] = []
    _play(state, move, record, events)
    if _round_is_over(state):
        _end_round(state, rng, events)
    else:
        _start_turn(state, _next_alive(state, move.seat), events)
    return events


# ----------------------------------------------------------------- rounds
def round_cards(state: LoveLetterState, rng: Rng) -> list[int]:
    """The round's cards in dealing order: the next stacked deck, or the whole deck shuffled."""
    if state.stacked:
        return state.stacked.pop(0)
    cards = list(FULL_DECK)
    shuffle(rng, cards)
    return cards


def _deal_round(state: LoveLetterState, rng: Rng, events: list[Event]) -> None:
    """Set aside one card (and three face up with 2 players), deal one each, start."""
    n = state.players
    cards = round_cards(state, rng)
    state.round += 1
    state.set_aside = cards[0]
    up = 3 if n == 2 else 0
    state.face_up = cards[1 : 1 + up]
    dealt = 1 + up
    state.hands = [[] for _ in range(n)]
    for i in range(n):
        state.hands[(state.starter + i) % n].append(cards[dealt + i])
    state.deck = cards[dealt + n :][::-1]
    state.discards = [[] for _ in range(n)]
    state.out = [False] * n
    state.protected = [False] * n
    state.known = [[0] * n for _ in range(n)]
    state.not_holding = [set() for _ in range(n)]
    state.notes = [[] for _ in range(n)]
    state.history = []
    events += _deal_told(state)
    _start_turn(state, state.starter, events)


def _deal_told(state: LoveLetterState) -> list[Event]:
    """What a deal tells: the round, its starter and face-up cards to all, each card to its
    holder (the first card of each hand: the starter's draw comes after)."""
    face_up = [IDS[c] for c in state.face_up]
    told = [
        make_event(
            "round_started", {"round": state.round, "starter": state.starter, "face_up": face_up}
        )
    ]
    for p in range(state.players):
        told.append(make_event("dealt", {"card": IDS[state.hands[p][0]]}, ONLY[p]))
    return told


def _start_turn(state: LoveLetterState, seat: int, events: list[Event]) -> None:
    """The Handmaid's protection ends, and the player draws the top card."""
    state.current = seat
    state.protected[seat] = False
    state.hands[seat].append(state.deck.pop())
    state.moves = _moves(state, seat)
    events += _turn_told(state, seat)


def _turn_told(state: LoveLetterState, seat: int) -> list[Event]:
    """What a turn's start tells: whose turn and the deck's size to all, the card drawn
    (the last of the hand) to its player."""
    return [
        make_event("turn", {"seat": seat, "deck": len(state.deck)}),
        make_event("drew", {"card": IDS[state.hands[seat][-1]]}, ONLY[seat]),
    ]


def _next_alive(state: LoveLetterState, seat: int) -> int:
    n = state.players
    nxt = (seat + 1) % n
    while state.out[nxt]:
        nxt = (nxt + 1) % n
    return nxt


def _round_is_over(state: LoveLetterState) -> bool:
    return not state.deck or state.out.count(False) == 1


def _end_round(state: LoveLetterState, rng: Rng, events: list[Event]) -> None:
    """Give tokens to the round's winners; end the game or deal the next round."""
    alive = state.alive()
    if len(alive) == 1:
        winners, reason = alive, "last_standing"
    else:
        winners, reason = _showdown(state, alive), "showdown"
    for w in winners:
        state.tokens[w] += 1
    state.last_round = {
        "round": state.round,
        "winners": winners,
        "reason": reason,
        "hands": [
            IDS[state.hands[p][0]] if not state.out[p] else None for p in range(state.players)
        ],
        "discard_totals": [sum(d) for d in state.discards],
        "tokens": list(state.tokens),
    }
    events.append(make_event("round_over", copy_record(state.last_round)))
    champions = [p for p in range(state.players) if state.tokens[p] >= state.tokens_to_win]
    if champions:
        state.winners = champions
        state.current = -1
        events.append(
            make_event("game_over", {"winners": list(champions), "tokens": list(state.tokens)})
        )
        return
    state.starter = _next_starter(state, winners)
    _deal_round(state, rng, events)


def _showdown(state: LoveLetterState, alive: list[int]) -> list[int]:
    """Highest card wins; then highest discard total; a tie after that is shared."""
    best = max(state.hands[p][0] for p in alive)
    tied = [p for p in alive if state.hands[p][0] == best]
    if len(tied) == 1:
        return tied
    top = max(sum(state.discards[p]) for p in tied)
    return [p for p in tied if sum(state.discards[p]) == top]


def _next_starter(state: LoveLetterState, winners: list[int]) -> int:
    """The round's winner; of several, the first clockwise from the last starter."""
    n = state.players
    return min(winners, key=lambda w: (w - state.starter) % n)


# ---------------------------------------------------------------- playing
@cache
def playable(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of ``hand`` its holder may play, lowest first: either card, except that
    the Countess must be played when the other card is the King or a Prince."""
    cards = tuple(sorted(set(hand)))
    if COUNTESS in cards and (KING in cards or PRINCE in cards):
        return (COUNTESS,)
    return cards


def choosable(state: LoveLetterState, seat: int) -> tuple[int, ...]:
    """The other players a card of ``seat`` may choose: still in the round and not
    protected by a Handmaid."""
    out, protected = state.out, state.protected
    return tuple([p for p in OTHERS[state.players][seat] if not (out[p] or protected[p])])


def targets(state: LoveLetterState, seat: int, card: int) -> tuple[int, ...]:
    """Whom ``card`` played by ``seat`` may choose: the Prince any player still in the
    round (yourself too), the Guard, Priest, Baron and King another one that may be
    chosen, the other cards nobody."""
    if card == PRINCE:
        return tuple(sorted([*choosable(state, seat), seat]))
    return choosable(state, seat) if card in TARGETS_ANOTHER else ()


def _ways_to_play(card: int, seat: int, others: tuple[int, ...]) -> list[Move]:
    """The moves of ``card``, given the other players that may be chosen (a card that
    chooses another player is played without effect when nobody may be chosen)."""
    if card == PRINCE:
        return [Move(seat, card, t) for t in sorted([*others, seat])]
    if card not in TARGETS_ANOTHER or not others:
        return [Move(seat, card)]
    if card == GUARD:
        return [Move(seat, card, t, g) for t in others for g in GUESSABLE]
    return [Move(seat, card, t) for t in others]


_MOVES: dict[tuple[tuple[int, ...], int, tuple[int, ...]], Moves] = {}
"""Legal moves by (playable cards, seat, choosable others): a few hundred at most."""
_TURNS: dict[tuple[object, ...], dict[int, Moves]] = {}
"""The same moves by the turn's situation as it is read off the state: first the seat, who
is out and who is protected (a hundred or so of those), then the hand as a two-digit
number, the card kept and the card drawn (``hand_number``). They share ``_MOVES``'s."""


def hand_number(kept: int, drawn: int) -> int:
    """A hand of two cards as one number: 35 is the Baron kept and a Prince drawn."""
    return kept * 10 + drawn


def _moves(state: LoveLetterState, seat: int) -> Moves:
    """The legal moves of ``seat`` at the start of its turn (two cards in hand)."""
    turns = _TURNS.setdefault((seat, *state.out, *state.protected), {})
    hand = hand_number(*state.hands[seat])
    moves = turns.get(hand)
    if moves is None:
        moves = turns[hand] = _work_out_moves(state, seat)
    return moves


def _work_out_moves(state: LoveLetterState, seat: int) -> Moves:
    """The legal moves of ``seat``: each way to play each card it may play."""
    cards, others = playable(tuple(state.hands[seat])), choosable(state, seat)
    key = (cards, seat, others)
    moves = _MOVES.get(key)
    if moves is None:
        ways = [move for card in cards for move in _ways_to_play(card, seat, others)]
        moves = _MOVES[key] = Moves(tuple(ways))
    return moves


def _refusal(state: LoveLetterState, seat: int, action: Action) -> IllegalAction:
    """Why ``action`` is not one of the legal moves, in words (worked out only then)."""
    extra = sorted(str(key) for key in action if key not in ("card", "target", "guess"))
    if extra:
        return IllegalAction(f"unknown field(s) in the action: {', '.join(extra)}")
    card = _card_field(action, "card")
    name = card_name(IDS[card])
    if card not in state.hands[seat]:
        return IllegalAction(f"you do not hold the {name}")
    if card not in playable(tuple(state.hands[seat])):
        return IllegalAction("you must play the Countess: your other card is the King or a Prince")
    target = action.get("target")
    guess = _card_field(action, "guess") if "guess" in action else None
    choices = targets(state, seat, card)
    if card not in TARGETS_ANOTHER and card != PRINCE:
        return IllegalAction(f"the {name} takes no target or guess")
    if "target" not in action:
        if choices:
            seats = ", ".join(map(str, choices))
            return IllegalAction(f"the {name} needs a target: one of seats {seats}")
        return IllegalAction("a guess needs a target")
    if target not in choices or type(target) is not int:
        return _target_refusal(state, seat, card, target)
    if card != GUARD:
        return IllegalAction(f"only the Guard takes a guess, not the {name}")
    if guess is None:
        return IllegalAction("the Guard needs a guess: name a card other than Guard")
    if guess == GUARD:
        return IllegalAction("the Guard cannot name the Guard")
    return IllegalAction("that is not a legal action now")  # pragma: no cover


def _target_refusal(state: LoveLetterState, seat: int, card: int, target: object) -> IllegalAction:
    """Why ``card`` may not choose ``target``, in words."""
    if isinstance(target, bool) or not isinstance(target, int):
        return IllegalAction(f"target must be a seat number, not {target!r}")
    if not 0 <= target < state.players:
        return IllegalAction(f"there is no seat {target}")
    if target == seat:
        return IllegalAction(f"the {card_name(IDS[card])} must choose another player")
    if state.out[target]:
        return IllegalAction(f"seat {target} is out of the round")
    if state.protected[target]:
        return IllegalAction(f"seat {target} is protected by the Handmaid")
    return IllegalAction(f"seat {target} may not be chosen")  # pragma: no cover


@dataclass(slots=True)
class Play:
    """A card choosing a player: who plays it, whom it chooses, what a Guard names, the
    public record of the play (its result added as the card resolves) and the events."""

    state: LoveLetterState
    seat: int
    target: int
    guess: int | None
    record: dict[str, Any]
    events: list[Event]


def _play(state: LoveLetterState, move: Move, record: dict[str, Any], events: list[Event]) -> None:
    """Move the card from hand to the discard row, then resolve its text."""
    seat, card, target = move.seat, move.card, move.target
    state.hands[seat].remove(card)
    state.discards[seat].append(card)
    _forget_played(state, seat, card)
    events.append(make_event("played", dict(record)))
    if card == PRINCESS:
        record["result"] = "out"
        _knock_out(state, seat, "princess", events)
    elif card == HANDMAID:
        state.protected[seat] = True
    elif target is not None:
        EFFECTS[card](Play(state, seat, target, move.guess, record, events))
    state.history.append(record)


def _guard(play: Play) -> None:
    """If the chosen player holds the named card, they are out of the round."""
    state, seat, target, guess = play.state, play.seat, play.target, play.guess
    assert guess is not None
    hit = state.hands[target][0] == guess
    play.record["result"] = "hit" if hit else "miss"
    told = {"seat": seat, "target": target, "guess": IDS[guess], "hit": hit}
    play.events.append(make_event("guessed", told))
    if hit:
        _knock_out(state, target, "guard", play.events)
    else:
        state.not_holding[target].add(guess)


def _priest(play: Play) -> None:
    """Look at the chosen player's hand (only you see it)."""
    state, seat, target = play.state, play.seat, play.target
    seen = state.hands[target][0]
    state.known[seat][target] = seen
    state.notes[seat].append({"kind": "peek", "target": target, "card": IDS[seen]})
    play.events.append(make_event("peek", {"target": target, "card": IDS[seen]}, ONLY[seat]))


def _baron(play: Play) -> None:
    """Compare hands in secret: the lower card is out; on a tie nothing happens."""
    state, seat, target = play.state, play.seat, play.target
    mine, theirs = state.hands[seat][0], state.hands[target][0]
    state.known[seat][target] = theirs
    state.known[target][seat] = mine
    state.notes[seat].append(
        {"kind": "compare", "with": target, "mine": IDS[mine], "theirs": IDS[theirs]}
    )
    state.notes[target].append(
        {"kind": "compare", "with": seat, "mine": IDS[theirs], "theirs": IDS[mine]}
    )
    cards = {str(seat): IDS[mine], str(target): IDS[theirs]}
    play.events.append(make_event("compared", {"cards": cards}, frozenset((seat, target))))
    if mine == theirs:
        play.record["result"] = "tie"
        play.events.append(make_event("baron_tie", {"seat": seat, "target": target}))
        return
    loser = seat if mine < theirs else target
    play.record["result"] = "out"
    play.record["loser"] = loser
    _knock_out(state, loser, "baron", play.events)


def _prince(play: Play) -> None:
    """The chosen player discards their hand without effect and draws a new card (the
    set-aside card if the deck is empty); discarding the Princess knocks them out."""
    state, target, record, events = play.state, play.target, play.record, play.events
    dropped = state.hands[target].pop()
    state.discards[target].append(dropped)
    _forget_hand(state, target)
    record["discarded"] = IDS[dropped]
    events.append(make_event("discarded", {"seat": target, "card": IDS[dropped]}))
    if dropped == PRINCESS:
        record["result"] = "out"
        _knock_out(state, target, "princess", events)
        return
    if state.deck:
        new = state.deck.pop()
    else:
        assert state.set_aside is not None
        new, state.set_aside = state.set_aside, None
        record["from_set_aside"] = True
    state.hands[target].append(new)
    from_set_aside = record.get("from_set_aside", False)
    told = {"seat": target, "from_set_aside": from_set_aside, "deck": len(state.deck)}
    events.append(make_event("redrew", told))
    events.append(make_event("drew", {"card": IDS[new]}, ONLY[target]))


def _king(play: Play) -> None:
    """Trade hands with the chosen player."""
    state, seat, target = play.state, play.seat, play.target
    mine, theirs = state.hands[seat][0], state.hands[target][0]
    state.hands[seat][0], state.hands[target][0] = theirs, mine
    for row in state.known:
        row[seat], row[target] = row[target], row[seat]
    state.known[seat][target] = mine
    state.known[target][seat] = theirs
    state.not_holding[seat], state.not_holding[target] = (
        state.not_holding[target],
        state.not_holding[seat],
    )
    state.notes[seat].append(
        {"kind": "trade", "with": target, "gave": IDS[mine], "got": IDS[theirs]}
    )
    state.notes[target].append(
        {"kind": "trade", "with": seat, "gave": IDS[theirs], "got": IDS[mine]}
    )
    cards = {str(seat): IDS[theirs], str(target): IDS[mine]}
    play.events.append(make_event("traded", {"cards": cards}, frozenset((seat, target))))


EFFECTS: dict[int, Callable[[Play], None]] = {
    GUARD: _guard,
    PRIEST: _priest,
    BARON: _baron,
    PRINCE: _prince,
    KING: _king,
}
"""What each card that chooses a player does to the one it chose."""


def _knock_out(state: LoveLetterState, seat: int, reason: str, events: list[Event]) -> None:
    """The player discards their hand face up, without effect, and leaves the round."""
    dropped = state.hands[seat]
    state.discards[seat].extend(dropped)
    state.hands[seat] = []
    state.out[seat] = True
    state.protected[seat] = False
    _forget_hand(state, seat)
    told = {"seat": seat, "reason": reason, "discarded": [IDS[c] for c in dropped]}
    events.append(make_event("knocked_out", told))


def _forget_played(state: LoveLetterState, seat: int, card: int) -> None:
    """After a play, only a known card of another value is surely still in hand."""
    for row in state.known:
        if row[seat] == card:
            row[seat] = 0
    state.not_holding[seat].clear()


def _forget_hand(state: LoveLetterState, seat: int) -> None:
    """The hand of ``seat`` was replaced: what anyone knew of it is gone."""
    for row in state.known:
        row[seat] = 0
    state.not_holding[seat].clear()


def _deal_unseen(
    world: LoveLetterState, hidden_hands: list[int], pinned: dict[int, int], unseen: list[int]
) -> bool:
    """Deal ``unseen`` into the hidden places; False if a public 'not holding' is broken."""
    cards = iter(unseen)
    for p in hidden_hands:
        fixed = [pinned[p]] if p in pinned else []
        hand = fixed + [next(cards) for _ in range(len(world.hands[p]) - len(fixed))]
        if all(c in world.not_holding[p] for c in hand):
            return False
        world.hands[p] = hand
    world.deck = [next(cards) for _ in range(len(world.deck))]
    if world.set_aside is not None:
        world.set_aside = next(cards)
    return True


PLAIN = LoveLetter()
"""Love Letter played through the small functions above, one rule each."""

from . import fast  # noqa: E402 (the fast path reads the plain rules above)

GAME = LoveLetter(fast.take_turn, fast.deal_round)
"""Love Letter as everyone plays it: turns taken and rounds dealt by ``fast``, which tests
prove equal to ``PLAIN``'s."""
