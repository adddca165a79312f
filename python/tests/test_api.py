"""The API on every bundled game, exact replays of `ludus playout`, and the
errors a user can make."""

import random

import numpy as np
import pytest

import ludus
from conftest import GAMES, ROOT


def play_random(state, rng, check):
    """Plays uniformly random actions to the end, calling check(state) at
    every node."""
    while not state.is_terminal():
        check(state)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    check(state)
    return state


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_api_on_every_bundled_game(path):
    game = ludus.load_game(path)
    players = game.num_players()
    assert players == len(game.player_names()) and 2 <= players <= 6
    n = game.num_distinct_actions()
    size = game.observation_tensor_size()
    assert sum(int(np.prod(shape)) for _, _, shape in game.observation_tensor_layout()) == size
    state = game.new_initial_state()
    assert state.current_player() == (ludus.CHANCE if game.has_dice() else 0)
    seen = {"chance": 0, "decision": 0}

    def check(state):
        text = state.serialize()
        again = game.deserialize_state(text)
        assert again.serialize() == text
        assert str(again) == str(state)
        assert again.legal_actions() == state.legal_actions()
        assert again.current_player() == state.current_player()
        tensor = state.observation_tensor()
        assert tensor.dtype == np.float32 and tensor.shape == (size,)
        if state.is_terminal():
            assert state.legal_actions() == []
            assert state.current_player() == ludus.TERMINAL
            returns = state.returns()
            assert sum(returns) == 0 and max(abs(r) for r in returns) <= game.max_utility()
            return
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and legal
        if state.is_chance_node():
            seen["chance"] += 1
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
            assert [a for a, _ in outcomes] == legal
            assert max(legal) < game.max_chance_outcomes()
            return
        seen["decision"] += 1
        assert 0 <= state.current_player() < players
        assert max(legal) < n
        for a in legal:
            assert state.string_to_action(state.action_to_string(a)) == a
        if state.serialize().count("\nturn ") == 0:
            turns = state.turns()
            codes = [tuple(c) for _, c in turns]
            assert len(set(codes)) == len(codes), "two turns share their actions"
        copy = state.clone()
        copy.apply_action(legal[0])
        assert state.legal_actions() == legal, "a clone shares nothing"

    play_random(game.new_initial_state(), random.Random(7), check)
    assert seen["decision"] > 0
    assert (seen["chance"] > 0) == game.has_dice()


def replay_playout(game, seed):
    """The seeded random game of `ludus playout --seed`, played through
    the Python API with the project's generator: the same draws in the same
    order (opening throw, then per turn the roll and the turn)."""
    rng = ludus.Rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.chance(state))
        else:
            turns = state.turns()
            _, actions = turns[rng.below(len(turns))]
            for a in actions:
                state.apply_action(a)
    return state


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_python_playouts_equal_ludus_playout(path, cli):
    game = ludus.load_game(path)
    for seed in (1, 2):
        state = replay_playout(game, seed)
        expected = cli("playout", path.relative_to(ROOT), "--seed", seed, "--json")
        assert state.plies() == expected["plies"]
        assert state.serialize().split("\n")[0] == expected["position"]
        assert state.result() == expected["result"]
        returns = state.returns()
        others = game.num_players() - 1
        if expected["result"] in ("draw", "unfinished"):
            assert returns == [0.0] * (others + 1)
        else:
            # Zero-sum: the winner gains what each of the others loses.
            winner = game.player_names().index(expected["result"].split()[0])
            points = 2 if "double" in expected["result"] else 1
            assert returns[winner] == points * others
            assert all(r == -points for p, r in enumerate(returns) if p != winner)


def test_a_turn_in_progress_round_trips():
    game = ludus.load_game(ROOT / "games/backgammon.game")
    state = game.new_initial_state()
    state.apply_action(0)  # opening throw: white 1, black 3
    assert state.current_player() == 1
    first = state.legal_actions()[0]
    state.apply_action(first)
    text = state.serialize()
    assert "\nturn " in text
    again = game.deserialize_state(text)
    assert again.legal_actions() == state.legal_actions()
    assert str(again) == str(state)


def test_double_games_return_two_points():
    game = ludus.load_game(ROOT / "games/backgammon.game")
    points = set()
    for seed in range(30):
        points.add(max(replay_playout(game, seed).returns()))
    assert 2.0 in points and 1.0 in points


def test_simulate_equals_the_command_line(cli):
    for name in ("verquere", "alquerque", "backgammon"):
        path = f"games/{name}.game"
        ours = ludus.simulate(ROOT / path, games=100, seed=5, threads=2)
        assert ours == cli("simulate", path, "--games", 100, "--seed", 5, "--threads", 1, "--json")


def test_match_equals_the_command_line_and_shards_merge(cli, tmp_path):
    path = "games/alquerque.game"
    args = dict(white="mcts:iterations=20", black="random", games=6, seed=3, swap=True)
    whole = ludus.match(ROOT / path, **args)
    assert whole == cli(
        "match", path, "--white", args["white"], "--black", "random", "--games", 6,
        "--seed", 3, "--swap", "--json",
    )
    shards = [tmp_path / f"shard-{k}.jsonl" for k in (1, 2)]
    for k, out in enumerate(shards, 1):
        ludus.match(ROOT / path, **args, shard=(k, 2), threads=1, out=out)
    assert cli("merge", *shards, "--json") == whole


def test_a_bad_file_raises_its_diagnostic():
    with pytest.raises(ludus.LudusError) as e:
        ludus.load_game(ROOT / "tests/invalid/bad-mark.game")
    assert "bad-mark.game" in str(e.value) and "error" in str(e.value)
    with pytest.raises(FileNotFoundError, match="no-such.game"):
        ludus.load_game(ROOT / "no-such.game")
    with pytest.raises(ludus.LudusError, match="directory"):
        ludus.load_game(ROOT / "games")


def test_illegal_actions_raise_and_change_nothing():
    game = ludus.load_game(ROOT / "games/alquerque.game")
    state = game.new_initial_state()
    before = state.serialize()
    for bad in (-1, 0, 1, game.num_distinct_actions(), 10**12):
        with pytest.raises(ludus.LudusError):
            state.apply_action(bad)
    with pytest.raises(ludus.LudusError, match="not legal here; legal: "):
        state.apply_action(2 + 25 + (0 * 25 + 24) * 26 + 25)  # a1-e5
    assert state.serialize() == before
    with pytest.raises(ludus.LudusError, match="no legal action"):
        state.string_to_action("a1-e5")
    with pytest.raises(ludus.LudusError):
        state.apply_turn("a1-e5")
    dice = ludus.load_game(ROOT / "games/verquere.game").new_initial_state()
    with pytest.raises(ludus.LudusError, match="chance outcome 36"):
        dice.apply_action(36)
    over = replay_playout(game, 1)
    with pytest.raises(ludus.LudusError, match="game is over"):
        over.apply_action(0)


def test_bad_positions_and_arguments_raise():
    game = ludus.load_game(ROOT / "games/alquerque.game")
    with pytest.raises(ludus.LudusError, match="bad position"):
        game.deserialize_state("white: z9")
    with pytest.raises(ludus.LudusError, match="expected"):
        game.deserialize_state("white: a1; black: e5\nnonsense")
    with pytest.raises(ludus.LudusError, match="games=0"):
        ludus.simulate(ROOT / "games/alquerque.game", games=0)
    with pytest.raises(ludus.LudusError, match="threads=0"):
        ludus.simulate(ROOT / "games/alquerque.game", games=1, threads=0)
    with pytest.raises(ludus.LudusError, match="white `nobody`"):
        ludus.match(ROOT / "games/alquerque.game", "nobody", "random", games=1)
    with pytest.raises(ludus.LudusError, match="shard"):
        ludus.match(ROOT / "games/alquerque.game", "random", "random", games=2, shard=(3, 2))
    with pytest.raises(ludus.LudusError):
        ludus.Rng(1).below(0)


def test_whole_turns_in_notation():
    game = ludus.load_game(ROOT / "games/backgammon.game")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[-1])  # opening: white 6, black 5
    assert state.current_player() == 0
    text, actions = state.turns()[0]
    state.apply_turn(text)
    assert state.plies() == 1


def test_the_observation_carries_the_columns():
    """Lasca's `under` planes: per depth under a column's top piece, one
    plane per (player, kind), the observer's first."""
    game = ludus.load_game(ROOT / "games" / "lasca.game")
    layout = {name: (offset, shape) for name, offset, shape in game.observation_tensor_layout()}
    offset, shape = layout["under"]
    assert list(shape) == [21 * 2 * 2, 7, 7]
    state = game.deserialize_state("white: c3 g1; black: b4; under: c3 bW; turn: white")
    planes = np.asarray(state.observation_tensor(0)).reshape(game.observation_tensor_shape())
    under = planes[offset // 49 : offset // 49 + shape[0]]
    # c3: file 2, rank 2 from White's side. Depth 1: a black soldier (the
    # opponent's, plane 2); depth 2: a white officer (the observer's, 1).
    assert under[:, 2, 2].nonzero()[0].tolist() == [2, 4 + 1]
    assert under.sum() == 2
    # Seen by Black, his pieces' planes come first.
    planes = np.asarray(state.observation_tensor(1)).reshape(game.observation_tensor_shape())
    under = planes[offset // 49 : offset // 49 + shape[0]]
    assert under[:, 2, 2].nonzero()[0].tolist() == [0, 4 + 3]
