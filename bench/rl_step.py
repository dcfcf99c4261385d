"""What the PettingZoo environment costs per step, next to a raw engine step, in one run.

    python bench/rl_step.py [--steps 20000] [--repeats 5] [--game love-letter]

Every loop plays whole games with uniformly random legal moves, one seeded game after
another, and is timed in CPU seconds of this process (``time.process_time``), so the
load of other processes counts less. The loops take turns, ``--repeats`` times each; the
table gives each loop's median microseconds per step, its ratio to the median raw step,
and the lowest and highest ratio to the raw step of the same repeat. Before each loop the
garbage is collected and what is alive is frozen (``_settle``), so that no loop pays by
chance for a full collection of everything the interpreter holds.

- **raw**: ``legal(state, seat)``, a random choice, ``apply`` — the bare engine;
- **host**: ``view(state, seat)`` too, as every host does for its player (``arena``);
- **env.step**: ``env.step(code)`` of the AEC environment alone (the code drawn from
  the table's legal codes, no observation made);
- **mask**, **vector**: the acting seat's mask, its observation vector, alone (these
  three parts are timed call by call; the timer's own cost, measured the same way
  around nothing, is taken off them);
- **env loop**: what a learner's loop does each step: ``env.last()`` (the observation
  vector and the mask), a random legal code from the mask (``mask.nonzero()``),
  ``env.step(code)``;
- **env (view)**: the same loop with the vector made from the view (``observe``), as it
  is without the game's ``observe_state`` fast path.

Tuki, played on its clock in ticks (``--game tuki``), is timed per builder's action,
with 10-second rounds: **raw** is the engine alone — each builder's uniformly random
legal code (from ``legal_mask``: its kinds can't be listed, and a random entry's random
instance would play other moves, "done" one time in six) decoded and ``apply``'d,
statics included, the timeout applied every ten ticks; **env tick** is the parallel
environment's tick loop (every builder's vector and mask, a random masked code each,
``step``), divided by the builders; **mask** and **vector** are one builder's, alone
(the mask of a build never seen: masks are remembered by build, and a builder who
waits, or every builder at a round's start, finds its own again).
The masks remembered by build are forgotten before each loop, so that no loop finds
the builds of another repeat's same games.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

from rumizi import games
from rumizi.engine import SYSTEM, TIMEOUT, make_rng
from rumizi.games.tuki import encode as tuki_codes
from rumizi.rl.pettingzoo import RumiziAEC, env
from rumizi.rl.pettingzoo_clock import ClockParallel

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("love-letter", 2, {}),
    ("love-letter", 4, {}),
    ("skip-bo", 2, {"stock_size": 10}),
    ("ugha-bugha", 4, {"turn_seconds": None}),
    ("ayozhit", 4, {}),
]


def raw(game_id: str, players: int, options: dict[str, Any], steps: int, view: bool) -> float:
    game = games.load(game_id)
    rng, choice = make_rng(1), make_rng(2)
    done, start = 0, time.process_time()
    while done < steps:
        state = game.setup(players, rng, options)
        while done < steps and game.outcome(state) is None:
            seat = min(game.to_act(state))
            if view:
                game.view(state, seat)
            legal = game.legal(state, seat)
            game.apply(state, seat, legal[choice.randrange(len(legal))], rng)
            done += 1
    return (time.process_time() - start) / steps


def env_part(game_id: str, players: int, options: dict[str, Any], steps: int, part: str) -> float:
    """One part of the environment's work per step, timed alone along random games:
    ``step`` (``env.step(code)``), ``mask`` or ``vector`` (of the seat to act), or
    ``nothing`` (the timer's own cost, which ``main`` takes off the others)."""
    aec = env(game_id, players, options)
    table = aec.table
    choice = make_rng(2)
    elapsed, done, seed = 0.0, 0, 0
    while done < steps:
        aec.reset(seed=seed)
        seed += 1
        while done < steps and table.outcome() is None:
            seat = min(table.to_act())
            codes = table.codes(seat)
            code = codes[choice.randrange(len(codes))]
            start = time.process_time()
            if part == "step":
                aec.step(code)
            elif part == "mask":
                table.mask(seat)
            elif part == "vector":
                table.observe(seat)
            elapsed += time.process_time() - start
            if part != "step":
                aec.step(code)
            done += 1
    return elapsed / steps


def env_loop(
    game_id: str, players: int, options: dict[str, Any], steps: int, view: bool = False
) -> float:
    aec = env(game_id, players, options)
    if view:
        _from_the_view(aec)
    choice = make_rng(2)
    done, seed, start = 0, 0, time.process_time()
    while done < steps:
        aec.reset(seed=seed)
        seed += 1
        for _ in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            codes = obs["action_mask"].nonzero()[0]  # np.flatnonzero's wrapper costs 1 µs
            aec.step(int(codes[choice.randrange(len(codes))]))
            done += 1
            if done >= steps:
                break
    return (time.process_time() - start) / steps


PARTS = ("env.step", "mask", "vector")
"""The loops timed call by call (``env_part``)."""


def _from_the_view(aec: RumiziAEC) -> None:
    """Make ``aec``'s vectors from the view, as without the ``observe_state`` fast path."""
    table = aec.table
    table.spec = dataclasses.replace(table.spec, observe_state=None)


def tuki_raw(players: int, actions: int) -> float:
    """Each builder's uniformly random legal code (from ``legal_mask``, the only way to
    draw one uniformly from Tuki's parametric kinds) decoded and applied, statics
    included; the round's timeout every ten ticks, as the environment's clock does."""
    game = games.load("tuki")
    rng, choice = make_rng(1), make_rng(2)
    done, start = 0, time.process_time()
    while done < actions:
        state = game.setup(players, rng, {"round_seconds": 10})
        round_no, ticks = state.round_no, 0
        while done < actions and game.outcome(state) is None:
            for seat in sorted(game.to_act(state)):
                if game.outcome(state) is not None or state.round_no != round_no:
                    break
                codes = tuki_codes.legal_mask(state, seat, players).nonzero()[0]
                code = int(codes[choice.randrange(len(codes))])
                game.apply(state, seat, tuki_codes.decode(code, seat, players), rng)
                done += 1
            ticks += 1
            if state.round_no != round_no:
                round_no, ticks = state.round_no, 0
            elif ticks == 10 and game.outcome(state) is None:
                game.apply(state, SYSTEM, dict(TIMEOUT), rng)
                round_no, ticks = state.round_no, 0
    return (time.process_time() - start) / actions


def tuki_env(players: int, actions: int, part: str) -> float:
    """The parallel environment's ticks with random masked codes, per builder's action
    (``part``: the whole ``tick``, or one builder's ``mask`` or ``vector`` alone)."""
    par = ClockParallel("tuki", players, {"round_seconds": 10})
    choice = make_rng(2)
    done, seed, elapsed = 0, 0, 0.0
    while done < actions:
        observations, _ = par.reset(seed=seed)
        seed += 1
        start = time.process_time()
        while done < actions and par.agents:
            if part != "tick":
                if part == "mask":
                    tuki_codes.forget_masks()  # a build never seen: what a new one costs
                start = time.process_time()
                if part == "mask":
                    par.clock.mask(0)
                else:
                    par.clock.observe(0)
                elapsed += time.process_time() - start
            picks = {}
            for agent, seen in observations.items():
                codes = seen["action_mask"].nonzero()[0]
                picks[agent] = int(codes[choice.randrange(len(codes))])
            observations, *_ = par.step(picks)
            done += len(picks)
        if part == "tick":
            elapsed += time.process_time() - start
    return elapsed / actions


def tuki_main(players: int, actions: int, repeats: int) -> None:
    loops: dict[str, Callable[[], float]] = {
        "raw": lambda: tuki_raw(players, actions),
        "env tick": lambda: tuki_env(players, actions, "tick"),
        "mask": lambda: tuki_env(players, actions, "mask") * players,
        "vector": lambda: tuki_env(players, actions, "vector") * players,
    }
    for loop in (lambda: tuki_raw(players, 50), lambda: tuki_env(players, 50, "tick")):
        loop()
    times: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(repeats):
        for name, loop in loops.items():
            _settle()
            tuki_codes.forget_masks()  # (each loop meets its builds for the first time)
            times[name].append(loop())
    _rows(f"tuki {players}p", times)


def _rows(label: str, times: dict[str, list[float]]) -> None:
    """Each loop's median µs per step, its ratio to the median raw step, and the lowest
    and highest ratio within one repeat; ``label`` on the first row."""
    base = statistics.median(times["raw"])
    for name, repeats in times.items():
        median = statistics.median(repeats)
        ratios = [t / r for t, r in zip(repeats, times["raw"], strict=True)]
        print(
            f"{label if name == 'raw' else '':<16}{name:<12}{median * 1e6:>9.1f}"
            f"{median / base:>8.2f}{min(ratios):>8.2f}{max(ratios):>8.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    loops: dict[str, Callable[[str, int, dict[str, Any], int], float]] = {
        "raw": lambda g, p, o, n: raw(g, p, o, n, view=False),
        "host": lambda g, p, o, n: raw(g, p, o, n, view=True),
        "env.step": lambda g, p, o, n: env_part(g, p, o, n, "step"),
        "mask": lambda g, p, o, n: env_part(g, p, o, n, "mask"),
        "vector": lambda g, p, o, n: env_part(g, p, o, n, "vector"),
        "timer": lambda g, p, o, n: env_part(g, p, o, n, "nothing"),
        "env loop": env_loop,
        "env (view)": lambda g, p, o, n: env_loop(g, p, o, n, view=True),
    }
    print(f"load average at the start: {_load()}")
    print(
        f"{'game':<16}{'loop':<12}{'µs/step':>9}{'× raw':>8}{'lowest':>8}{'highest':>8}"
        f"   (median of {args.repeats}; lowest/highest: ratio within one repeat)"
    )
    for game_id, players, options in CASES:
        if args.game and game_id not in args.game:
            continue
        for loop in loops.values():  # warm up: loading the game's data is no step
            loop(game_id, players, options, 200)
        times: dict[str, list[float]] = {name: [] for name in loops}
        for _ in range(args.repeats):
            for name, loop in loops.items():
                _settle()
                times[name].append(loop(game_id, players, options, args.steps))
        for name in PARTS:  # timed call by call: take the timer's own cost off
            times[name] = [t - z for t, z in zip(times[name], times["timer"], strict=True)]
        _rows(f"{game_id} {players}p", times)
    if not args.game or "tuki" in args.game:
        for players in (2, 4):
            tuki_main(players, max(200, args.steps // 20), args.repeats)
    print(f"load average at the end: {_load()}")


def _settle() -> None:
    """Collect the garbage and set every object alive now apart (``gc.freeze``), so that
    no loop pays, by chance, for a full collection of what the interpreter has long held
    (numpy, PettingZoo, the games' tables: 10–60 ms, a third of a loop or more), which
    depends on everything a program holds, not on its steps. The young objects each step
    makes are still collected as they come, in every loop."""
    gc.collect()
    gc.freeze()


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg()) + " (1, 5, 15 min)"


if __name__ == "__main__":
    main()
