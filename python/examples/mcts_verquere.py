"""OpenSpiel's MCTS (White) against a random player (Black) on Verquere."""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

import ludus.openspiel  # noqa: F401  (registers the bundled games)

game = pyspiel.load_game("ludus_verquere")
rng = np.random.RandomState(0)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
bots = [
    mcts.MCTSBot(game, uct_c=2, max_simulations=20, evaluator=evaluator, random_state=rng),
    uniform_random.UniformRandomBot(1, rng),
]
total = [0.0, 0.0]
for i in range(6):
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    total = [t + r for t, r in zip(total, returns)]
    print(f"game {i + 1}: MCTS {returns[0]:+.0f}, random {returns[1]:+.0f}")
print(f"points: MCTS {total[0]:+.0f}, random {total[1]:+.0f}")
