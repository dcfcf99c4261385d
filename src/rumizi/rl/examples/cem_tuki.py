"""A policy learns to build Tuki cards, on the clock, by the cross-entropy method.

    python -m rumizi.rl.examples.cem_tuki --iterations 40

The environment is ``rumizi.rl.pettingzoo.parallel_env("tuki", 1, {"practice": True})``:
one builder alone, a step a tick of one second. An episode is one card — a random card
and die roll from the seed — until the builder declares done or ``--ticks`` (40) have
passed; it **builds the card** when its declared build is right (the card is kept). Its
length is the ticks to a right build (``--ticks`` when it failed).

The policy is a softmax over the legal codes of ``w · features(code)``, the features of
``tuki_features`` (read from the observation vector alone: a stone where the card has
it, snow under a stone, removals, done when the build is right and stands, waiting);
every other legal code shares one weight, plus the log of how many they are. So the
untrained policy (``w = 0``) is exactly the uniformly random policy over the mask.

Training is the cross-entropy method: each iteration draws ``--population`` weight
vectors from a Gaussian (at first: mean 0, spread 6), plays each on the same
``--episodes`` cards, and refits the Gaussian to the best quarter (spread + 0.5). A run
is ranked by its ticks to a right build, and a run that failed by how much of a right
build it had (``tuki_features.progress``), halved when it declared a wrong one — so
that the first iterations, as blind as random, can rank anything. After each iteration
the mean weights play the same 24 check cards: that is the curve.

Evaluation: the learned policy (sampled, and greedy: the most likely code) and the
uniformly random policy on fresh seeds (drawn for each run from 2³² up, checked to meet
no training or check seed, recorded; ``--eval-seed`` repeats a run), 95% Wilson intervals.
Everything goes to the folder ``--out`` (by default a new temporary one):
``cem-tuki.json`` and ``cem-tuki.png``.
"""

from __future__ import annotations

import argparse
import json
import math
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from rumizi.games.tuki import observe as layout
from rumizi.rl import pettingzoo

from . import seeds
from .tuki_features import FEATURES, NAMES, candidates, progress, read

AGENT = "player_0"
TRAIN_SEEDS = 10_000_000
CHECK_SEEDS = 500_000
CHECKS = 24
SPREAD = 6.0
"""The first iteration's spread of each weight (its mean is 0: the random policy)."""
FLOOR = 0.5
"""Added to each refitted spread, so that the search does not settle too soon."""

Weights = npt.NDArray[np.float64]
"""One weight per feature, then the weight of "any other legal code"."""


@dataclass
class Episode:
    built: bool
    declared: bool
    """The builder declared done (right or wrong) within the cap."""
    ticks: int
    """Ticks to the right build; the cap when the card was not built."""
    progress: float
    """How much was right at the end (0–1): see ``tuki_features.progress``."""


class Builder:
    """The policy: softmax over the legal codes of ``w · features``."""

    def __init__(self, weights: Weights, greedy: bool = False, uniform: bool = False) -> None:
        self.w = np.asarray(weights, np.float64)
        self.greedy = greedy
        self.uniform = uniform

    def distribution(
        self, observation: dict[str, Any], wait: int
    ) -> tuple[list[int], npt.NDArray[np.float64], int]:
        """The codes told apart, the probabilities of each and (last) of "any other legal
        code" as a group, and how many codes that group holds."""
        mask = observation["action_mask"]
        told = candidates(observation["observation"], mask, wait)
        others = int(mask.sum()) - len(told)
        logits = [float(self.w[:FEATURES] @ f) for f in told.values()]
        logits.append(float(self.w[FEATURES]) + math.log(others) if others else -math.inf)
        scores = np.array(logits)
        p = np.exp(scores - scores.max())
        return list(told), p / p.sum(), others

    def choose(self, observation: dict[str, Any], wait: int, rng: np.random.Generator) -> int:
        legal = np.flatnonzero(observation["action_mask"])
        if self.uniform:
            return int(rng.choice(legal))
        told, p, _ = self.distribution(observation, wait)
        pick = int(np.argmax(p)) if self.greedy else int(rng.choice(len(p), p=p))
        if pick < len(told):
            return told[pick]
        apart = set(told)
        while True:  # any other legal code, uniformly
            code = int(rng.choice(legal))
            if code not in apart:
                return code


def play(builder: Builder, seed: int, cap: int) -> Episode:
    """One card from ``seed``: until the build is declared or ``cap`` ticks have passed."""
    env = pettingzoo.parallel_env("tuki", 1, {"practice": True})
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    vector = observations[AGENT]["observation"]
    for tick in range(1, cap + 1):
        code = builder.choose(observations[AGENT], env.wait, rng)
        observations, *_ = env.step({AGENT: code})
        after = observations[AGENT]["observation"]
        if after[layout.ROUND] != vector[layout.ROUND]:  # the card was judged
            built = after[layout.SEATS + layout.TAKEN] > vector[layout.SEATS + layout.TAKEN]
            return Episode(bool(built), True, tick if built else cap, _progress(vector))
        vector = after
    return Episode(False, False, cap, _progress(vector))


def _progress(vector: npt.NDArray[np.float32]) -> float:
    return progress(read(vector))


def score(episode: Episode, cap: int) -> float:
    """How a run ranks: a right build by its speed, above any failure; a failure by how
    much of the card was right, halved when it was declared (a wrong build declared
    takes the card, in a race)."""
    if episode.built:
        return 1.0 + (cap + 1 - episode.ticks)
    return 0.9 * episode.progress * (0.5 if episode.declared else 1.0)


def summary(episodes: list[Episode], cap: int) -> dict[str, Any]:
    built = [e for e in episodes if e.built]
    share = len(built) / len(episodes)
    low, high = seeds.wilson(share, len(episodes))
    return {
        "cards": len(episodes),
        "built": len(built),
        "built_share": round(share, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "mean_ticks": round(float(np.mean([e.ticks for e in episodes])), 2),
        "mean_ticks_when_built": round(float(np.mean([e.ticks for e in built])), 2)
        if built
        else None,
        "cap": cap,
    }


def train(
    iterations: int, population: int, episodes: int, cap: int, seed: int, checks: int = CHECKS
) -> tuple[Weights, dict[str, list[float]]]:
    rng = np.random.default_rng(seed)
    mean, std = np.zeros(FEATURES + 1), np.full(FEATURES + 1, SPREAD)
    elite = max(2, population // 4)
    curve: dict[str, list[float]] = {"iteration": [], "check_ticks": [], "check_built": []}
    _check(curve, 0, mean, cap, checks)
    deal = seed * TRAIN_SEEDS
    for iteration in range(1, iterations + 1):
        cards = [deal + i for i in range(1, episodes + 1)]
        deal += episodes
        drawn = mean + std * rng.standard_normal((population, FEATURES + 1))
        ranks = []
        for weights in drawn:
            builder = Builder(weights)
            ranks.append(np.mean([score(play(builder, s, cap), cap) for s in cards]))
        best = drawn[np.argsort(ranks)[-elite:]]
        mean, std = best.mean(axis=0), best.std(axis=0) + FLOOR
        _check(curve, iteration, mean, cap, checks)
    return mean, curve


def _check(
    curve: dict[str, list[float]], iteration: int, mean: Weights, cap: int, checks: int
) -> None:
    runs = [play(Builder(mean), CHECK_SEEDS + i, cap) for i in range(checks)]
    result = summary(runs, cap)
    curve["iteration"].append(iteration)
    curve["check_ticks"].append(result["mean_ticks"])
    curve["check_built"].append(result["built_share"])
    print(
        f"iteration {iteration}: {result['built']}/{checks} check cards built, "
        f"mean ticks {result['mean_ticks']}",
        flush=True,
    )


def training_seeds(seed: int, iterations: int, episodes: int) -> range:
    return range(seed * TRAIN_SEEDS + 1, seed * TRAIN_SEEDS + iterations * episodes + 1)


def unseen(first: int, count: int, trained: range) -> range:
    """The evaluation seeds ``first …``, checked to be neither training nor check seeds."""
    return seeds.unseen(first, count, trained, range(CHECK_SEEDS, CHECK_SEEDS + CHECKS))


def plot(
    curve: dict[str, list[float]], random_ticks: float, cap: int, checks: int, path: Path
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2))
    ticks = ax.plot(curve["iteration"], curve["check_ticks"], "o-", label="ticks, learned policy")
    level = ax.axhline(random_ticks, color="grey", linestyle=":", label="ticks, random policy")
    ax.set_xlabel("cross-entropy iterations")
    ax.set_ylabel(f"ticks to a right build ({cap} if not built)")
    ax.set_title(f"Tuki practice: {checks} check cards, one builder, 1 s ticks")
    ax.set_ylim(0, cap * 1.3)
    right = ax.twinx()
    built = right.plot(
        curve["iteration"], curve["check_built"], "s--", color="tab:green", alpha=0.6,
        label="share built, learned policy",
    )  # fmt: skip
    right.set_ylabel("share of check cards built", color="tab:green")
    right.set_ylim(0, 1.3)
    handles = [*ticks, level, *built]
    ax.legend(handles=handles, loc="upper center", ncol=2, fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--population", type=int, default=32)
    parser.add_argument("--episodes", type=int, default=4, help="cards per weight vector")
    parser.add_argument("--ticks", type=int, default=40, help="the cap of an episode")
    parser.add_argument("--eval-cards", type=int, default=200)
    parser.add_argument("--checks", type=int, default=CHECKS, help="check cards (at most 24)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-seed", type=int, default=None, help="default: drawn afresh")
    parser.add_argument("--out", type=Path, default=None, help="default: a new temporary folder")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="rumizi-cem-tuki-"))
    first = seeds.fresh_seed() if args.eval_seed is None else args.eval_seed
    trained_on = training_seeds(args.seed, args.iterations, args.episodes)
    fresh = unseen(first, args.eval_cards, trained_on)
    start = time.process_time()
    checks = min(args.checks, CHECKS)
    weights, curve = train(
        args.iterations, args.population, args.episodes, args.ticks, args.seed, checks
    )
    trained = time.process_time() - start
    cap = args.ticks
    evaluation = {
        name: summary([play(builder, s, cap) for s in fresh], cap)
        for name, builder in (
            ("random", Builder(weights, uniform=True)),
            ("learned", Builder(weights)),
            ("learned_greedy", Builder(weights, greedy=True)),
        )
    }
    random_on_checks = summary(
        [play(Builder(weights, uniform=True), CHECK_SEEDS + i, cap) for i in range(checks)], cap
    )
    report = {
        "training": {
            "iterations": args.iterations,
            "population": args.population,
            "episodes": args.episodes,
            "seeds": [trained_on.start, trained_on.stop - 1],
            "cpu_seconds": round(trained, 1),
        },
        "weights": dict(
            zip([*NAMES, "any other code"], np.round(weights, 3).tolist(), strict=True)
        ),
        "eval_seed": first,
        "evaluation": evaluation,
        "random_on_checks": random_on_checks,
        "curve": curve,
    }
    print(json.dumps({k: v for k, v in report.items() if k != "curve"}, indent=2))
    out.mkdir(parents=True, exist_ok=True)
    (out / "cem-tuki.json").write_text(json.dumps(report, indent=1) + "\n")
    plot(curve, random_on_checks["mean_ticks"], cap, checks, out / "cem-tuki.png")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
