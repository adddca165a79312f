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


@pytest.mark.parametrize("name", ludus.games())
def test_every_bundled_game_passes_openspiels_random_sim_test(name):
    """OpenSpiel's own conformance test (issue 42: Ur failed it, several of
    its chance outcomes reading `roll 1`): random games with every state
    serialized and read back, distinct action and outcome strings, returns
    that add up. Five games each, at most 300 turns, to stay quick."""
    import ludus.openspiel

    game = pyspiel.load_game(ludus.openspiel.short_name(name), {"max_turns": 300})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_equal_throws_are_one_chance_outcome():
    """Ur's four two-sided dice are summed: the 16 ordered throws show five
    sums, each one outcome whose probability is its throws' (1, 4, 6, 4, 1
    in 16), each read differently."""
    game = register(str(ROOT / "games/ur.game"))
    state = game.new_initial_state()
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    assert sorted(round(p * 16) for _, p in outcomes) == [1, 1, 4, 4, 6]
    assert [a for a, _ in outcomes] == state.legal_actions()
    texts = [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes]
    assert len(set(texts)) == 5, texts


@pytest.mark.parametrize(
    "name",
    [
        "tic-tac-toe",
        "breakthrough",
        "clobber",
        "othello",
        "lines-of-action",
        "gomoku-9",
        "amazons",
        "kalah",
        "oware",
        # Extra turns of the same player: a box closed draws again.
        "dots-and-boxes",
        # No OpenSpiel counterpart (tests/reference/tablut_reference.py is
        # our own reference): moves that take by custody as they end.
        "tablut",
    ],
)
def test_openspiel_mcts_plays_openspiels_own_board_games(name):
    # OpenSpiel's MCTSBot against itself on the ludus file of a game that
    # OpenSpiel implements (tests/reference/openspiel_boards.py holds each
    # to OpenSpiel's own): a whole game, its result zero-sum.
    game = pyspiel.load_game(ludus.openspiel.short_name(name))
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2, 3, evaluator, random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal() and sum(returns) == 0
    assert len(state.history()) <= game.max_game_length()


def test_openspiel_mcts_moves_in_chinese_checkers():
    # Chinese checkers' random games run to the 1,000-turn limit, too long
    # for a whole game of rollouts here: OpenSpiel's MCTSBot plays a few
    # turns of each side, each legal, the board changing.
    game = pyspiel.load_game(ludus.openspiel.short_name("chinese-checkers"))
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2, 2, evaluator, random_state=rng)
    state = game.new_initial_state()
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert not state.is_terminal() and len(state.history()) == 4


def test_openspiel_mcts_moves_in_chinese_checkers_for_six():
    # Six players through pyspiel: OpenSpiel's MCTSBot (which searches a
    # game of any number of players by each one's returns) plays a round,
    # every player in turn, each turn legal; the observation has a plane
    # per player.
    game = pyspiel.load_game(ludus.openspiel.short_name("chinese-checkers-6"))
    assert game.num_players() == 6
    shape = game.observation_tensor_shape()
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2, 2, evaluator, random_state=rng)
    state = game.new_initial_state()
    assert len(state.observation_tensor(5)) == int(np.prod(shape))
    for turn in range(7):
        assert state.current_player() == turn % 6
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert not state.is_terminal() and len(state.returns()) == 6
