"""OpenSpiel's ISMCTS against a uniformly random player in 2-player Love Letter.

    python -m rumizi.rl.examples.ismcts_love_letter --rounds 200 --simulations 100

Each game is one round (``tokens_to_win`` 1) loaded through ``rumizi.rl.openspiel``;
ISMCTS (``open_spiel.python.algorithms.ismcts``, random-rollout evaluator, UCT c = 2)
resamples the hidden cards with the game's own ``determinize``. Seats alternate; seeds
are fresh (0, 1, 2, …, never used for tuning). Prints the win share with a 95% interval
and writes ``docs/rl/ismcts-love-letter.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from rumizi.rl import openspiel


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(game: pyspiel.Game, bot: ismcts.ISMCTSBot, seat: int, rng: np.random.RandomState) -> float:
    """One round; the ISMCTS bot sits at ``seat``; returns its return (+1 win, -1 loss)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        mine = state.current_player() == seat
        action = bot.step(state) if mine else rng.choice(state.legal_actions())
        state.apply_action(int(action))
    return float(state.returns()[seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--out", type=Path, default=Path("docs/rl/ismcts-love-letter.json"))
    args = parser.parse_args()
    game = openspiel.load_game("love-letter", 2, {"tokens_to_win": 1})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=args.simulations,
        random_state=np.random.RandomState(2),
    )  # fmt: skip
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player))
    wins = ties = 0
    start = time.process_time()
    for i in range(args.rounds):
        result = play(game, bot, seat=i % 2, rng=rng)
        wins += result > 0
        ties += result == 0
    seconds = time.process_time() - start
    low, high = wilson(wins + ties / 2, args.rounds)
    share = (wins + ties / 2) / args.rounds
    report = {
        "game": "love-letter, 2 players, single rounds",
        "bot": f"OpenSpiel ISMCTS, {args.simulations} simulations, random rollouts, uct_c 2",
        "opponent": "uniform random",
        "rounds": args.rounds,
        "wins": wins,
        "ties": ties,
        "win_share": round(share, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "cpu_seconds": round(seconds, 1),
    }
    print(json.dumps(report, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
