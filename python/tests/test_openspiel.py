"""A ludus game registered with pyspiel: OpenSpiel's own MCTSBot and
evaluate_bots play it unchanged."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

import ludus
from conftest import ROOT
from ludus.openspiel import register


@pytest.mark.parametrize("name", ["alquerque", "verquere"])
def test_mcts_against_random_through_pyspiel(name):
    game = register(str(ROOT / f"games/{name}.game"))
    assert pyspiel.load_game(f"ludus_{name}").get_type().short_name == f"ludus_{name}"
    ours = ludus.load_game(ROOT / f"games/{name}.game")
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert game.max_utility() == ours.max_utility()
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 2, 10, evaluator, random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert sum(returns) == 0
    assert 1 <= max(returns) <= game.max_utility()
    assert state.is_terminal() and list(state.returns()) == list(returns)


def test_pyspiel_states_clone_observe_and_refuse_illegal_actions():
    game = register(str(ROOT / "games/verquere.game"))
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-12
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert str(copy) != str(state)
    tensor = np.array(state.observation_tensor(0))
    assert tensor.shape == (ludus.load_game(ROOT / "games/verquere.game").observation_tensor_size(),)
    assert tensor.sum() > 0
    with pytest.raises(Exception):
        state.apply_action(10**6)
