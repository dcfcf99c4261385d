"""Skip-Bo figures: speed of the greedy policy, random play ending, bot strength.

    .venv/bin/python bench/skip_bo.py [--quick] [--only speed|random|strength|turns]

speed     4 players, single rounds, the greedy policy (stock card when possible, else a
          random building play, else a random discard) choosing among *all* legal moves,
          enumerated every move as the bots do: through ``legal_codes`` / ``apply_code``
          (int actions, no event objects), and through the JSON API (``legal`` dicts,
          ``apply`` with events), the two taking turns round by round on the same
          rounds (which goes first alternates); the ratio of their CPU times is taken
          within each run (median, lowest, highest). A card
          move is one applied action that moves a card: a building play or the closing
          discard (an ``end_turn`` action, for an empty hand with nothing to draw, is
          applied but not counted; greedy never chooses it, as it plays on while a card
          fits). Rounds include dealing.
random    uniformly random legal play: every round ends (most by the stall rule).
strength  the heuristic bot against the greedy policy, 2 players, single rounds, seats
          alternated.
turns     the number of turns of a 4-player round between heuristic bots.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from rumizi.bots import Bot
from rumizi.bots.arena import play_game
from rumizi.engine import make_rng
from rumizi.games.skip_bo.encode import END_TURN
from rumizi.games.skip_bo.heuristic import GreedyBot, HeuristicBot, greedy_code
from rumizi.games.skip_bo.rules import GAME
from rumizi.games.skip_bo.state import SkipBoState

ONE_ROUND = {"rounds": 1}


def greedy_round_ints(seed: int, players: int = 4) -> SkipBoState:
    """One round, greedy at every seat, over int actions."""
    rng = make_rng(seed)
    policy_rng = make_rng(seed ^ 0x5EED)
    legal_codes, apply_code = GAME.legal_codes, GAME.apply_code
    state = GAME.setup(players, rng, ONE_ROUND)
    while state.current >= 0:
        seat = state.current
        apply_code(state, seat, greedy_code(legal_codes(state, seat), policy_rng), rng)
    return state


def greedy_round_json(seed: int, players: int = 4) -> SkipBoState:
    """The same round through the JSON API: legal dicts, apply with events."""
    rng = make_rng(seed)
    policy_rng = make_rng(seed ^ 0x5EED)
    legal, apply, choose = GAME.legal, GAME.apply, GreedyBot().choose  # looked up once,
    state = GAME.setup(players, rng, ONE_ROUND)  # as the int loop does
    while state.current >= 0:
        seat = state.current
        apply(state, seat, choose({}, legal(state, seat), policy_rng), rng)
    return state


def timed(plays: tuple[Callable[[int], SkipBoState], ...], seeds: range) -> list[float]:
    """CPU seconds each of ``plays`` took over the rounds of ``seeds``, taking turns round
    by round (the first to play alternates), so that a change in the machine's load
    between them falls on both alike."""
    cpu = [0.0] * len(plays)
    clock = time.process_time
    for seed in seeds:
        turn = seed % len(plays)
        for i in [*range(turn, len(plays)), *range(turn)]:
            start = clock()
            plays[i](seed)
            cpu[i] += clock() - start
    return cpu


def count_moves(players: int, seeds: range) -> list[int]:
    """Card moves of each greedy round (counted outside the timed loop; an end of turn
    without a discard moves no card)."""
    out = []
    for seed in seeds:
        rng = make_rng(seed)
        policy_rng = make_rng(seed ^ 0x5EED)
        state = GAME.setup(players, rng, ONE_ROUND)
        n = 0
        while state.current >= 0:
            seat = state.current
            code = greedy_code(GAME.legal_codes(state, seat), policy_rng)
            GAME.apply_code(state, seat, code, rng)
            n += code != END_TURN
        out.append(n)
    return out


def speed(quick: bool) -> None:
    """The int path and the JSON path play the same rounds (the same choices: a test
    checks it), taking turns; the ratio of their CPU times is taken within each repeat."""
    rounds, repeats = (40, 3) if quick else (100, 7)
    seeds = range(rounds)
    moves = sum(count_moves(4, seeds))
    print("speed: 4 players, single rounds, greedy policy, all legal moves enumerated")
    print(f"  load average at the start: {_load()}")
    for seed in seeds:  # warm the caches (building-pile look-ups) for both paths alike
        greedy_round_ints(seed)
    ints: list[float] = []
    dicts: list[float] = []
    for _ in range(repeats):
        i, j = timed((greedy_round_ints, greedy_round_json), seeds)
        ints.append(i)
        dicts.append(j)
    ratios = sorted(j / i for i, j in zip(ints, dicts, strict=True))
    for label, runs in (
        ("int actions (legal_codes/apply_code)", ints),
        ("JSON actions with events (legal/apply)", dicts),
    ):
        cpu = statistics.median(runs)
        print(f"  {label}: {repeats} runs of {rounds} rounds ({moves:,} card moves each)")
        print(f"    card moves per CPU-second {moves / cpu:10,.0f} (median)")
    print(
        f"  JSON / int CPU time, within each run: median {statistics.median(ratios):.2f}, "
        f"lowest {ratios[0]:.2f}, highest {ratios[-1]:.2f}"
    )
    stalls = 0
    for seed in seeds:
        last = greedy_round_ints(seed).last_round
        stalls += last is not None and last["reason"] == "stall"
    per_round = count_moves(4, seeds)
    print(
        f"  moves per round: mean {statistics.mean(per_round):.0f}, median "
        f"{statistics.median(per_round):.0f}, min {min(per_round)}, max {max(per_round)}; "
        f"{stalls} of {rounds} rounds stalled"
    )
    print(f"  load average at the end: {_load()}")


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg()) + " (1, 5, 15 min)"


def random_play(quick: bool) -> None:
    rounds = 200 if quick else 1000
    print(f"random: uniformly random legal play, {rounds} single rounds per player count")
    for players in (2, 4, 6):
        moves, turns, reasons = [], [], []
        for seed in range(rounds):
            rng = make_rng(seed)
            state = GAME.setup(players, rng, ONE_ROUND)
            n = 0
            while state.current >= 0:
                seat = state.current
                codes = GAME.legal_codes(state, seat)
                GAME.apply_code(state, seat, codes[int(rng.random() * len(codes))], rng)
                n += 1
            assert state.last_round is not None
            moves.append(n)
            turns.append(state.last_round["turns"])
            reasons.append(state.last_round["reason"])
        won = reasons.count("stock")
        print(
            f"  {players} players: all {rounds} rounds ended; {won} won, "
            f"{rounds - won} stalled; moves per round median {statistics.median(moves):.0f} "
            f"(max {max(moves)}), turns median {statistics.median(turns):.0f}"
        )


def strength(quick: bool) -> None:
    rounds = 200 if quick else 1000
    wins = stalls = 0
    start = time.perf_counter()
    for i in range(rounds):
        seat = i % 2
        bots: list[Bot] = [GreedyBot(), GreedyBot()]
        bots[seat] = HeuristicBot()
        outcome = play_game(GAME, bots, 100_000 + i, ONE_ROUND).outcome
        wins += seat in outcome.winners
        stalls += not outcome.winners
    share = wins / rounds
    half = 1.96 * math.sqrt(share * (1 - share) / rounds)
    print(f"strength: heuristic vs greedy, 2 players, {rounds} single rounds, seats alternated")
    print(
        f"  heuristic won {wins} ({share:.1%} ± {half:.1%}, 95% interval); "
        f"greedy won {rounds - wins - stalls}; {stalls} stalled "
        f"({time.perf_counter() - start:.0f} s)"
    )


def turns(quick: bool) -> None:
    rounds = 60 if quick else 300
    all_turns, won_turns, stalls = [], [], 0
    for seed in range(rounds):
        rng = make_rng(200_000 + seed)
        bot_rng = make_rng(seed)
        bots = [HeuristicBot() for _ in range(4)]
        state = GAME.setup(4, rng, ONE_ROUND)
        while state.current >= 0:
            seat = state.current
            view: dict[str, Any] = GAME.view(state, seat)
            GAME.apply(state, seat, bots[seat].choose(view, GAME.legal(state, seat), bot_rng), rng)
        assert state.last_round is not None
        all_turns.append(state.last_round["turns"])
        if state.last_round["reason"] == "stall":
            stalls += 1
        else:
            won_turns.append(state.last_round["turns"])
    print(f"turns: 4 heuristic bots, {rounds} single rounds of 30 stock cards each")
    print(
        f"  median turns per round {statistics.median(all_turns):.0f} (all rounds), "
        f"{statistics.median(won_turns):.0f} (the {len(won_turns)} rounds won); "
        f"{stalls} stalled"
    )


SECTIONS = {"speed": speed, "random": random_play, "strength": strength, "turns": turns}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    parser.add_argument("--only", choices=sorted(SECTIONS), action="append")
    args = parser.parse_args()
    for name in args.only or SECTIONS:
        SECTIONS[name](args.quick)


if __name__ == "__main__":
    main()
