"""The ends of an Ugha Bugha chain: lost or won, the cards dealt after it, the deck
recycled, and the end of the game (a token too many, or no card left to deal)."""

from __future__ import annotations

from rumizi.engine import Event, Rng, public

from .state import OVER, UghaBughaState
from .turn_start import start_chain


def lose(
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
        start_chain(state, loser, events)


def win(state: UghaBughaState, winner: int, rng: Rng, events: list[Event]) -> None:
    """The winner gains a token; everyone is dealt up to hand size + 1 per token; the
    winner starts the next chain (unless the game is won)."""
    if _score_win(state, winner, events) and _refill_everyone(state, winner, rng, events):
        start_chain(state, winner, events)


def win_despite_wrong_call(
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
        start_chain(state, caller, events)


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
