"""What an OpenSpiel user gets from the installed package alone: bundled
games by name, states and games that pickle, observation planes, action
spaces sized by the game, and OpenSpiel's own tools on them."""

import copy
import os
import pickle
import random
import re
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

import ludus
import ludus.openspiel
from conftest import GAMES, ROOT

NAMES = sorted(p.stem for p in GAMES)


def test_every_bundled_game_loads_by_name_outside_the_repository(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert ludus.games() == NAMES
    for name in NAMES:
        game = ludus.load_game(name)
        assert game.path == name
        assert game.source == (ROOT / "games" / f"{name}.game").read_text()
        on_disk = ludus.load_game(ROOT / "games" / f"{name}.game")
        assert game.num_distinct_actions() == on_disk.num_distinct_actions()
        assert pyspiel.load_game(ludus.openspiel.short_name(name)).num_distinct_actions() == (
            game.num_distinct_actions()
        )
    with pytest.raises(FileNotFoundError, match="nor is `backgamon` a bundled game"):
        ludus.load_game("backgamon")
    # A file of a bundled game's name in the working directory is the file.
    (tmp_path / "alquerque").write_text("game \"x\"\n")
    with pytest.raises(ludus.LudusError, match="not a valid game"):
        ludus.load_game("alquerque")


def random_walk(game, seed, check, every=7):
    """A random game, calling check(state) at every `every`-th node."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal():
        if n % every == 0:
            check(state)
        n += 1
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    check(state)


@pytest.mark.parametrize(
    "name", ["backgammon", "alquerque", "english-draughts", "nine-mens-morris", "ur", "acey-deucey"]
)
def test_states_and_games_pickle_deepcopy_and_serialize_exactly(name):
    game = ludus.load_game(name, max_turns=400)
    again = pickle.loads(pickle.dumps(game))
    assert again.path == game.path and again.max_turns() == 400

    def check(state):
        text = state.serialize()
        for other in (
            pickle.loads(pickle.dumps(state)),
            copy.deepcopy(state),
            game.deserialize_state(text),
        ):
            assert other.serialize() == text
            assert other.history() == state.history()
            assert other.legal_actions() == state.legal_actions()
            # The same future: the same actions lead to the same states.
            if not state.is_terminal():
                a = state.legal_actions()[-1]
                mine, theirs = state.clone(), other
                mine.apply_action(a)
                theirs.apply_action(a)
                assert theirs.serialize() == mine.serialize()

    random_walk(game, 5, check)


def test_a_history_must_lead_to_the_position_written():
    game = ludus.load_game("alquerque")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    text = state.serialize()
    assert text.splitlines()[-1].startswith("history ")
    other = game.new_initial_state()
    other.apply_action(other.legal_actions()[1])
    forged = other.serialize().splitlines()[0] + "\n" + text.splitlines()[-1]
    with pytest.raises(ludus.LudusError, match="does not lead to the state written"):
        game.deserialize_state(forged)


def test_repetition_is_kept_through_pickle():
    # A repetition rule counts positions since the last capture: a state
    # rebuilt from its history knows them, one rebuilt from its position
    # alone would not.
    game = ludus.load_game("english-draughts")
    state = game.new_initial_state()
    rng = random.Random(11)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert again.serialize() == state.serialize()


@pytest.mark.parametrize("name", ["alquerque", "nine-mens-morris", "backgammon"])
def test_openspiel_mcts_plays_bundled_games_by_name(name):
    game = pyspiel.load_game(ludus.openspiel.short_name(name), {"max_turns": 60})
    assert game.max_game_length() == 60 * (
        ludus.load_game(name).max_turn_actions() + int(ludus.load_game(name).has_dice())
    ) + int("backgammon" == name)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 2, 4, evaluator, random_state=rng),
        mcts.MCTSBot(game, 2, 4, evaluator, random_state=rng),
    ]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal() and sum(returns) == 0
    assert len(state.history()) <= game.max_game_length()


def test_pyspiel_games_and_states_pickle_and_serialize():
    game = pyspiel.load_game("ludus_game", {"file": str(ROOT / "games/verquere.game")})
    assert pickle.loads(pickle.dumps(game)).num_distinct_actions() == game.num_distinct_actions()
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(25):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for other in (
        pickle.loads(pickle.dumps(state)),
        copy.deepcopy(state),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ):
        assert str(other) == str(state)
        assert other.history() == state.history()
        assert other.legal_actions() == state.legal_actions()


def test_grid_observations_are_planes_of_the_board():
    game = ludus.load_game("alquerque")
    c, h, w = game.observation_tensor_shape()
    assert (h, w) == (5, 5)
    layout = {name: (offset, shape) for name, offset, shape in game.observation_tensor_layout()}
    # Its rules end a game after turns without a capture: one counter.
    assert list(layout) == ["men", "sites", "to_move", "counters"]
    state = game.new_initial_state()
    planes = state.observation_tensor(0).reshape(c, h, w)
    # White's twelve men fill ranks 1 and 2 and two points of rank 3
    # (RULES.md): the observer's plane first, rank 1 first.
    assert planes[0].sum() == 12 and planes[1].sum() == 12
    assert planes[0][0].sum() == 5 and planes[0][1].sum() == 5
    assert planes[2].sum() == 25  # every point is a site
    assert planes[3].min() == 1  # the observer is to move
    seen_by_black = state.observation_tensor(1).reshape(c, h, w)
    assert (seen_by_black[0] == planes[1]).all() and seen_by_black[3].max() == 0
    # English draughts keeps the dark squares only; morris has a hand.
    draughts = ludus.load_game("english-draughts")
    c, h, w = draughts.observation_tensor_shape()
    sites = draughts.new_initial_state().observation_tensor().reshape(c, h, w)[2 * 2]
    assert (h, w) == (8, 8) and sites.sum() == 32
    morris = ludus.load_game("nine-mens-morris")
    names = [name for name, _, _ in morris.observation_tensor_layout()]
    assert "hand" in names
    c, h, w = morris.observation_tensor_shape()
    offset = dict((n, o) for n, o, _ in morris.observation_tensor_layout())["hand"]
    hand = morris.new_initial_state().observation_tensor()[offset : offset + 2 * h * w]
    assert set(hand.tolist()) == {9.0}


def test_track_observations_are_flat_with_their_layout():
    game = ludus.load_game("backgammon")
    (n,) = game.observation_tensor_shape()
    parts = game.observation_tensor_layout()
    assert [p[0] for p in parts] == ["men", "pinned", "huffable", "to_move", "dice", "counters"]
    assert sum(int(np.prod(shape)) for _, _, shape in parts) == n


def test_the_docs_state_every_bundled_games_action_space():
    readme = (ROOT / "docs" / "python.md").read_text()
    number = lambda text: int(text.replace(",", ""))  # noqa: E731
    table = dict(
        (m.group(1), (number(m.group(2)), m.group(3), number(m.group(4))))
        for m in re.finditer(
            r"^\| `([a-z0-9-]+)` \| ([\d,]+) \| (\[[\d, ]+\]) \| ([\d,]+) \|", readme, re.M
        )
    )
    assert sorted(table) == NAMES
    for name in NAMES:
        game = ludus.load_game(name)
        actions, shape, longest = table[name]
        assert actions == game.num_distinct_actions(), name
        assert shape == str(game.observation_tensor_shape()), name
        assert longest == game.max_game_length(), name


def test_a_rule_without_captures_bounds_the_game():
    # Alquerque: 24 pieces, and 40 turns without a capture end the game
    # (games/alquerque.game): at most 25 * 40 turns of at most 13 actions.
    game = ludus.load_game("alquerque")
    assert game.max_turn_actions() == 13
    assert game.max_game_length() == 25 * 40 * 13
    lengths = []
    for seed in range(20):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        lengths.append(len(state.history()))
    assert max(lengths) <= game.max_game_length()


def test_the_data_pipeline_example_runs_outside_the_repository(tmp_path):
    out = subprocess.run(
        [sys.executable, str(ROOT / "python/examples/alphazero_data.py"), "--games", "2"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": ""},
    ).stdout
    assert "ludus_alquerque: observations (" in out
    assert "ludus_backgammon: observations (" in out


def test_agents_choose_turns_for_a_state():
    # The learned agent against the random one, turn by turn through the
    # state's API: it wins nearly every game of backgammon, by the bundled
    # evaluation; in Alquerque by the bundled one too.
    wins = 0
    for seed in range(6):
        game = ludus.load_game("backgammon")
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            texts = [t for t, _ in state.turns()]
            if state.current_player() == seed % 2:
                text = state.agent_turn("learned:depth=1", seed=seed)
                assert text in texts
            else:
                text = rng.choice(texts)
            state.apply_turn(text)
        wins += state.returns()[seed % 2] > 0
    assert wins >= 5
    state = ludus.load_game("alquerque").new_initial_state()
    assert state.agent_turn("learned") in [t for t, _ in state.turns()]
    with pytest.raises(ludus.LudusError, match="unknown agent"):
        state.agent_turn("alphazero")
    state = ludus.load_game("verquere").new_initial_state()
    with pytest.raises(ludus.LudusError, match="decision node"):
        state.agent_turn("random")
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(ludus.LudusError, match="has none"):
        state.agent_turn("learned")


def test_the_learned_agent_plays_by_the_bundled_evaluation():
    summary = ludus.match("backgammon", "learned:depth=1", "random", games=20, seed=1, swap=True)
    assert summary["white"]["agent"] == "learned:depth=1"
    assert summary["white"]["wins"] >= 17, summary


def test_the_version_is_the_package_s():
    pyproject = (ROOT / "pyproject.toml").read_text()
    declared = re.search(r'^version = "([^"]+)"', pyproject, re.M).group(1)
    assert ludus.__version__ == declared
    from importlib.metadata import version

    assert version("ludus") == declared
