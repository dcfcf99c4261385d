"""Measuring the bots' recall curves through the real rules.

A *simulated recitation* of a chain of ``n`` cards (challenges variant, so that the
recitations that build the chain need not be measured): three other players flip the
first ``n - 1`` cards, each saying "Ha!" and pointing on, while the bot hears every event
its seat may see; then the bot is pointed at, flips the last card and recites the chain
with its own ``choose``. It is right when what it said is exactly the chain's recitation.

A *simulated check*: another player flips the last card and recites the chain exactly;
the bot, hearing it, decides with its own ``choose`` to call "Ho!" or let it pass.

``.venv/bin/python bench/ugha_bugha_recall.py --trials 10000`` prints the table in
docs/ugha-bugha.md: the documented model next to the measured rate for each level.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from collections.abc import Sequence

from rumizi.engine import Event, Rng, make_rng, public
from rumizi.games.ugha_bugha.bots import LEVELS, MemoryBot
from rumizi.games.ugha_bugha.cards import FULL_DECK, IDS, recitation
from rumizi.games.ugha_bugha.options import CHALLENGES
from rumizi.games.ugha_bugha.rules import GAME
from rumizi.games.ugha_bugha.state import FLIP, RECITE, WINDOW, UghaBughaState
from rumizi.games.ugha_bugha.turn_start import start_chain

LENGTHS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20)
BOT = 0


def _stage(chain: Sequence[int], bot_recites: bool, rng: Rng) -> tuple[UghaBughaState, list[int]]:
    """A 4-player table where seats 1–3 hold the chain's cards in flipping order and the
    bot (seat 0) the last one if it is to recite; every card of the deck is somewhere.
    Returns the state and who flips each card."""
    rest = list((Counter(FULL_DECK) - Counter(chain)).elements())
    rng.shuffle(rest)
    flippers = [1 + i % 3 for i in range(len(chain) - bot_recites)]
    hands: list[list[int]] = [[chain[-1]] if bot_recites else [], [], [], []]
    for card, seat in zip(chain, flippers, strict=False):
        hands[seat].append(card)
    for hand in hands:
        hand.append(rest.pop())
    state = UghaBughaState(
        players=4,
        hand_size=3,
        tokens_to_win=3,
        variant=CHALLENGES,
        turn_base=None,
        turn_per_card=0.0,
        window_seconds=None,
        tokens=[0] * 4,
        hands=hands,
        deck=rest,
    )
    start_chain(state, flippers[0] if flippers else BOT, [])
    return state, flippers


def _links(state: UghaBughaState, flippers: list[int], last_to: int, rng: Rng) -> list[Event]:
    """Each flipper flips, says "Ha!" and points on; the others let it pass."""
    heard: list[Event] = [public("chain_started", chain_no=state.chain_no, seat=state.current)]
    for k, seat in enumerate(flippers):
        nxt = flippers[k + 1] if k + 1 < len(flippers) else last_to
        heard += GAME.apply(state, seat, {"type": "flip", "position": 0}, rng)
        heard += GAME.apply(state, seat, {"type": "ha", "point": nxt}, rng)
        for p in range(state.players):
            if p != seat:
                heard += GAME.apply(state, p, {"type": "pass"}, rng)
    return heard


def simulated_recitation(bot: MemoryBot, chain: Sequence[int], rng: Rng) -> bool:
    """One recitation of ``chain`` (bottom first) by ``bot``; True when it was exact."""
    state, flippers = _stage(chain, True, rng)
    heard = _links(state, flippers, BOT, rng)
    bot.hear(e.to_json() for e in heard if e.visible_to(BOT))
    while state.phase in (FLIP, RECITE) and state.current == BOT:
        action = bot.choose(GAME.view(state, BOT), GAME.legal(state, BOT), rng)
        GAME.apply(state, BOT, action, rng)
    return state.phase == WINDOW and state.recited == recitation(state.pile)


def simulated_check(bot: MemoryBot, chain: Sequence[int], rng: Rng) -> bool:
    """The bot hears ``chain`` built and then recited exactly by another player; True
    when it rightly lets the recitation pass (no false "Ho!")."""
    state, flippers = _stage(chain, False, rng)
    *before, last = flippers
    heard = _links(state, before, last, rng)
    heard += GAME.apply(state, last, {"type": "flip", "position": 0}, rng)
    for item in recitation(state.pile):
        heard += GAME.apply(state, last, {"type": "say", "item": IDS[item]}, rng)
    heard += GAME.apply(state, last, {"type": "ha", "point": BOT}, rng)
    bot.hear(e.to_json() for e in heard if e.visible_to(BOT))
    action = bot.choose(GAME.view(state, BOT), GAME.legal(state, BOT), rng)
    return action == {"type": "pass"}


def measure(level: str, length: int, trials: int, seed: int, check: bool = False) -> float:
    """The share of ``trials`` simulated recitations of random chains of ``length`` cards
    that a fresh bot of ``level`` got exactly right (``check``: let rightly pass)."""
    rng = make_rng(f"{'check' if check else 'recall'}-{level}-{length}-{seed}")
    simulate = simulated_check if check else simulated_recitation
    deck = list(FULL_DECK)
    right = 0
    for _ in range(trials):
        rng.shuffle(deck)
        right += simulate(MemoryBot(level), deck[:length], rng)
    return right / trials


def table(trials: int, seed: int = 0, lengths: Sequence[int] = LENGTHS, check: bool = False) -> str:
    """The markdown table: for each chain length, each level's model and measured rate."""
    levels = list(LEVELS)
    head = "| n | " + " | ".join(f"{lv} model | {lv} measured" for lv in levels) + " |"
    rule = "|---:|" + "---:|---:|" * len(levels)
    rows = [head, rule]
    for n in lengths:
        cells = []
        for lv in levels:
            memory = LEVELS[lv]
            model = memory.recognize(n) if check else memory.recall(n)
            cells.append(f"{model:.3f} | {measure(lv, n, trials, seed, check):.3f}")
        rows.append(f"| {n} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def tolerance(p: float, trials: int, sigmas: float = 4.0) -> float:
    """How far a measured rate may honestly fall from ``p``: ``sigmas`` standard errors
    (plus one trial's worth, for rates near 0 or 1)."""
    return sigmas * math.sqrt(p * (1 - p) / trials) + 1 / trials


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=10_000, help="recitations per cell")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    print("Reciting: the share of exact recitations\n")
    print(table(args.trials, args.seed))
    print("\nChecking (challenges variant): the share of exact recitations let pass\n")
    print(table(args.trials, args.seed, check=True))
    print(
        f"\n{args.trials} simulated recitations per level and length, seed {args.seed}, "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
