"""Skip-Bo figures: speed of the greedy policy, random play ending, bot strength.

    .venv/bin/python bench/skip_bo.py [--quick] [--only speed|random|strength|turns]

speed     4 players, single rounds, the greedy policy (stock card when possible, else a
          random building play, else a random discard) choosing among *all* legal moves,
          enumerated every move as the bots do: through ``legal_codes`` / ``apply_code``
          (int actions, no event objects), then through the JSON API (``legal`` dicts,
          ``apply`` with events) for comparison. A card move is one applied action that
          moves a card: a building play or the closing discard (an ``end_turn`` action,
          for an empty hand with nothing to draw, is applied but not counted; greedy never
          chooses it, as it plays on while a card fits). Rounds include dealing.
random    uniformly random legal play: every round ends (most by the stall rule).
strength  the heuristic bot against the greedy policy, 2 players, single rounds, seats
          alternated.
turns     the number of turns of a 4-player round between heuristic bots.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from rumizi.bots import Bot
from rumizi.bots.arena import play_game
from rumizi.engine import make_rng
from rumizi.games.skip_bo import GAME
from rumizi.games.skip_bo.bots import GreedyBot, HeuristicBot, greedy_code
from rumizi.games.skip_bo.encode import END_TURN
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
    bot = GreedyBot()
    state = GAME.setup(players, rng, ONE_ROUND)
    while state.current >= 0:
        seat = state.current
        GAME.apply(state, seat, bot.choose({}, GAME.legal(state, seat), policy_rng), rng)
    return state


def timed(
    play: Callable[[int], SkipBoState], rounds: int, repeats: int
) -> tuple[float, float, list[SkipBoState]]:
    """Best wall time and its CPU time over ``repeats`` runs of ``rounds`` rounds."""
    best = (math.inf, math.inf)
    finals: list[SkipBoState] = []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        finals = [play(seed) for seed in range(rounds)]
        took = (time.perf_counter() - start, time.process_time() - cpu)
        best = min(best, took)
    return best[0], best[1], finals


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
    rounds, repeats = (60, 2) if quick else (300, 5)
    moves = count_moves(4, range(rounds))
    print("speed: 4 players, single rounds, greedy policy, all legal moves enumerated")
    greedy_round_ints(0)  # warm the caches
    stalls = sum(
        1
        for s in map(greedy_round_ints, range(rounds))
        if s.last_round and s.last_round["reason"] == "stall"
    )
    for label, play, count in (
        ("int actions (legal_codes/apply_code)", greedy_round_ints, rounds),
        ("JSON actions with events (legal/apply)", greedy_round_json, rounds // 3),
    ):
        wall, cpu, _ = timed(play, count, repeats)
        n = sum(moves[:count])
        print(f"  {label}: best of {repeats} runs of {count} rounds")
        print(f"    card moves/s {n / wall:12,.0f}   (per cpu-second {n / cpu:,.0f})")
        print(f"    rounds/s     {count / wall:12,.1f}")
    print(
        f"  moves per round: mean {statistics.mean(moves):.0f}, median "
        f"{statistics.median(moves):.0f}, min {min(moves)}, max {max(moves)}; "
        f"{stalls} of {rounds} rounds stalled"
    )


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
