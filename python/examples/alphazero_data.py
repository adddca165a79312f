"""The data pipeline of an AlphaZero-style trainer on bundled ludus games,
as OpenSpiel's `alpha_zero` builds it (states to observation planes, MCTS
visit counts to a policy over every action id, the game's return as the
value), with the installed package alone: no path, no clone.

    python alphazero_data.py [--games N] [--simulations N]

Prints, per game, the shapes of the arrays a network would train on.
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import ludus.openspiel  # noqa: F401  (registers the bundled games)


def self_play(game, bot, rng):
    """One game of `bot` against itself: (observation, legal mask, policy,
    player) per decision, and the returns."""
    shape = game.observation_tensor_shape()
    steps = []
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        root = bot.mcts_search(state)
        policy = np.zeros(game.num_distinct_actions(), np.float32)
        for child in root.children:
            policy[child.action] = child.explore_count
        policy /= policy.sum()
        player = state.current_player()
        observation = np.array(state.observation_tensor(player), np.float32).reshape(shape)
        mask = np.array(state.legal_actions_mask(player), np.bool_)
        assert mask[policy > 0].all(), "the policy covers legal actions only"
        steps.append((observation, mask, policy, player))
        state.apply_action(int(np.argmax(policy)))
    return steps, state.returns()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=8)
    parser.add_argument("--max-turns", type=int, default=80)
    args = parser.parse_args()
    rng = np.random.RandomState(0)
    for name in ("ludus_alquerque", "ludus_backgammon"):
        game = pyspiel.load_game(name, {"max_turns": args.max_turns})
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = mcts.MCTSBot(game, 2.0, args.simulations, evaluator, random_state=rng)
        observations, masks, policies, values = [], [], [], []
        for _ in range(args.games):
            steps, returns = self_play(game, bot, rng)
            for observation, mask, policy, player in steps:
                observations.append(observation)
                masks.append(mask)
                policies.append(policy)
                values.append(returns[player])
        observations = np.stack(observations)
        print(
            f"{name}: observations {observations.shape}, legal masks {np.stack(masks).shape}, "
            f"policies {np.stack(policies).shape}, values {np.array(values).shape}"
        )


if __name__ == "__main__":
    main()
