"""A linear softmax policy learns 2-player Love Letter by REINFORCE, through the
PettingZoo environment, against the uniformly random player.

    python -m rumizi.rl.examples.reinforce_love_letter --episodes 30000

Training: each episode is one round (``tokens_to_win`` 1); the learner's seat alternates;
its policy is ``softmax(W · observation + b)`` over the legal codes (the mask); after the
round, ``W`` and ``b`` move along ``(return − baseline) · ∇ log π`` of each of its choices
(the baseline is the running mean return). Only numpy.

Evaluation: the greedy policy (the most likely legal code) against random on fresh seeds,
seats alternated: single rounds and whole games to 7 tokens, each with its 95% Wilson
interval. The evaluation seeds start at ``--eval-seed`` (by default a number drawn afresh
for each run, from 2³² up: training uses ``seed · 10⁷ + 1 …``, the curve's checks 500,000
…, so they never meet; the run checks it and records the seed to repeat it). The
training curve and the figures go to the folder ``--out`` (by default a new temporary
folder, printed at the end; ``--out docs/rl`` rewrites the committed ones):
``reinforce-love-letter.png`` and ``reinforce-love-letter.json``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from rumizi.rl.pettingzoo import RumiziAEC, env

from . import seeds

TRAIN_SEEDS = 10_000_000
"""Training round ``k`` of a run with ``--seed s`` is dealt from seed ``s · 10⁷ + k``."""
CHECK_SEEDS = 500_000
"""The curve's checks: 400 rounds from this seed."""


def training_seeds(seed: int, episodes: int) -> range:
    return range(seed * TRAIN_SEEDS + 1, seed * TRAIN_SEEDS + episodes + 1)


def unseen(first: int, count: int, trained: range) -> range:
    """The evaluation seeds ``first …``, checked to be neither training nor check seeds."""
    return seeds.unseen(first, count, trained, range(CHECK_SEEDS, CHECK_SEEDS + 400))


class LinearPolicy:
    def __init__(self, inputs: int, actions: int) -> None:
        self.w = np.zeros((actions, inputs))
        self.b = np.zeros(actions)

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        p: np.ndarray = np.exp(logits - logits.max())
        p /= p.sum()
        return p

    def greedy(self, x: np.ndarray, mask: np.ndarray) -> int:
        logits = np.where(mask > 0, self.w @ x + self.b, -np.inf)
        return int(np.argmax(logits))


def play(
    game: RumiziAEC,
    policy: LinearPolicy,
    learner: str,
    seed: int,
    rng: np.random.Generator,
    greedy: bool,
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game; returns the learner's return and its (observation, probabilities, code)."""
    game.reset(seed=seed)
    steps: list[tuple[np.ndarray, np.ndarray, int]] = []
    result = 0.0
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            if agent == learner:
                result = reward
            game.step(None)
            continue
        mask = obs["action_mask"]
        if agent != learner:
            game.step(int(rng.choice(np.flatnonzero(mask))))
            continue
        x = obs["observation"].astype(np.float64)
        if greedy:
            game.step(policy.greedy(x, mask))
            continue
        p = policy.probabilities(x, mask)
        code = int(rng.choice(len(p), p=p))
        steps.append((x, p, code))
        game.step(code)
    return result, steps


def evaluate(policy: LinearPolicy, tokens: int, games: int, first_seed: int) -> dict[str, Any]:
    """The greedy policy against random: share of games won (ties count half)."""
    game = env("love-letter", 2, {"tokens_to_win": tokens})
    rng = np.random.default_rng(first_seed)
    score = 0.0
    for i in range(games):
        result, _ = play(game, policy, f"player_{i % 2}", first_seed + i, rng, greedy=True)
        score += 1.0 if result > 0 else 0.5 if result == 0 else 0.0
    share = score / games
    low, high = seeds.wilson(share, games)
    return {"games": games, "win_share": round(share, 4), "ci95": [round(low, 4), round(high, 4)]}


def train(
    episodes: int, lr: float, check_every: int, seed: int
) -> tuple[LinearPolicy, dict[str, list[float]]]:
    game = env("love-letter", 2, {"tokens_to_win": 1})
    size, actions = game.table.observation_size, game.table.num_actions
    policy = LinearPolicy(size, actions)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    curve: dict[str, list[float]] = {
        "episode": [],
        "train_win": [],
        "check_episode": [],
        "check_win": [],
    }
    wins = 0.0
    for episode in range(1, episodes + 1):
        learner = f"player_{episode % 2}"
        deal = seed * TRAIN_SEEDS + episode
        result, steps = play(game, policy, learner, deal, rng, greedy=False)
        advantage = result - baseline
        baseline += 0.01 * (result - baseline)
        for x, p, code in steps:
            grad = -p
            grad[code] += 1.0
            policy.w += lr * advantage * np.outer(grad, x)
            policy.b += lr * advantage * grad
        wins += 1.0 if result > 0 else 0.5 if result == 0 else 0.0
        if episode % 500 == 0:
            curve["episode"].append(episode)
            curve["train_win"].append(wins / 500)
            wins = 0.0
        if episode % check_every == 0 or episode == 1:
            check = evaluate(policy, 1, 400, first_seed=CHECK_SEEDS)
            curve["check_episode"].append(episode)
            curve["check_win"].append(check["win_share"])
            print(f"episode {episode}: greedy vs random {check['win_share']:.3f}", flush=True)
    return policy, curve


def plot(curve: dict[str, list[float]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(curve["episode"], curve["train_win"], label="training (sampled policy), per 500 rounds")
    ax.plot(
        curve["check_episode"], curve["check_win"], "o-",
        label="greedy policy, 400 check rounds",
    )  # fmt: skip
    ax.axhline(0.5, color="grey", linestyle=":", label="random vs random")
    ax.set_xlabel("training rounds (episodes)")
    ax.set_ylabel("share of rounds won vs random")
    ax.set_title("REINFORCE, linear policy, 2-player Love Letter")
    ax.set_ylim(0.3, 1.0)
    ax.legend(loc="lower right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=30_000)
    parser.add_argument("--lr", type=float, default=0.02)
    parser.add_argument("--check-every", type=int, default=2_500)
    parser.add_argument("--eval-rounds", type=int, default=4_000)
    parser.add_argument("--eval-games", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-seed", type=int, default=None, help="default: drawn afresh")
    parser.add_argument("--out", type=Path, default=None, help="default: a new temporary folder")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="rumizi-reinforce-"))
    first = seeds.fresh_seed() if args.eval_seed is None else args.eval_seed
    trained_on = training_seeds(args.seed, args.episodes)
    rounds = unseen(first, args.eval_rounds, trained_on)
    games = unseen(rounds.stop, args.eval_games, trained_on)
    start = time.process_time()
    policy, curve = train(args.episodes, args.lr, args.check_every, args.seed)
    trained = time.process_time() - start
    report = {
        "training": {
            "episodes": args.episodes,
            "lr": args.lr,
            "seeds": [trained_on.start, trained_on.stop - 1],
            "cpu_seconds": round(trained, 1),
        },
        "eval_seed": first,
        "rounds": evaluate(policy, 1, len(rounds), rounds.start),
        "games_to_7": evaluate(policy, 7, len(games), games.start),
        "curve": curve,
    }
    print(json.dumps({k: v for k, v in report.items() if k != "curve"}, indent=2))
    out.mkdir(parents=True, exist_ok=True)
    (out / "reinforce-love-letter.json").write_text(json.dumps(report, indent=1) + "\n")
    plot(curve, out / "reinforce-love-letter.png")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
