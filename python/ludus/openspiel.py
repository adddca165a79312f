"""A ludus game as an OpenSpiel game.

``register(path)`` registers the game file with ``pyspiel`` as a Python game
and returns it loaded, so that OpenSpiel's algorithms (``MCTSBot``,
``evaluate_bots``, ...) run on it unchanged::

    import pyspiel
    from ludus.openspiel import register

    game = register("games/verquere.game")   # short name "ludus_verquere"
    same = pyspiel.load_game("ludus_verquere")

Every call is delegated to a ``ludus.State``: the Rust engine plays, OpenSpiel
sees chance nodes, integer actions and returns in points.
"""

import os
import re

import numpy as np
import pyspiel

import ludus

_registered = {}


def short_name(path):
    """The name a game file is registered under: ``ludus_`` and the file's
    stem, with characters other than letters, digits and ``_`` as ``_``."""
    stem = os.path.splitext(os.path.basename(path))[0]
    return "ludus_" + re.sub(r"[^A-Za-z0-9_]", "_", stem)


class _Observer:
    """OpenSpiel's observer of a ludus state: the flat observation tensor
    (see ``Game.observation_tensor_layout``) and the board as text."""

    def __init__(self, game, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(game.observation_tensor_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.ludus_state.observation_tensor(player)

    def string_from(self, state, player):
        return state.ludus_state.observation_string(player)


def register(path, name=None):
    """Registers the game file at ``path`` with pyspiel (once per name) and
    returns it as ``pyspiel.load_game(name)`` does. ``name`` defaults to
    ``short_name(path)``."""
    name = name or short_name(path)
    if name in _registered:
        return pyspiel.load_game(name)
    game = ludus.load_game(path)
    dynamics = pyspiel.GameType.ChanceMode
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{game.name} (ludus, {path})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            dynamics.EXPLICIT_STOCHASTIC if game.has_dice() else dynamics.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        max_chance_outcomes=game.max_chance_outcomes(),
        num_players=2,
        min_utility=game.min_utility(),
        max_utility=game.max_utility(),
        utility_sum=0.0,
        max_game_length=game.max_game_length(),
    )

    class LudusState(pyspiel.State):
        """An OpenSpiel state over a ``ludus.State``."""

        def __init__(self, spiel_game, ludus_state):
            super().__init__(spiel_game)
            self.ludus_state = ludus_state

        def current_player(self):
            return self.ludus_state.current_player()

        def _legal_actions(self, player):
            return self.ludus_state.legal_actions(player)

        def chance_outcomes(self):
            return self.ludus_state.chance_outcomes()

        def _apply_action(self, action):
            self.ludus_state.apply_action(action)

        def _action_to_string(self, player, action):
            return self.ludus_state.action_to_string(player, action)

        def is_terminal(self):
            return self.ludus_state.is_terminal()

        def returns(self):
            return self.ludus_state.returns()

        def __str__(self):
            return str(self.ludus_state)

    class LudusGame(pyspiel.Game):
        """An OpenSpiel game over a ludus game file."""

        def __init__(self, params=None):
            super().__init__(game_type, game_info, params or {})
            self.ludus_game = game

        def new_initial_state(self):
            return LudusState(self, game.new_initial_state())

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(game, params)

    pyspiel.register_game(game_type, LudusGame)
    _registered[name] = path
    return pyspiel.load_game(name)
