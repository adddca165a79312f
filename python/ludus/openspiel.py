"""ludus games as OpenSpiel games.

Importing this module registers every bundled game with ``pyspiel`` as a
Python game, under ``ludus_`` and its name with ``_`` for ``-``, and
``ludus_game`` for any game file, so that OpenSpiel's algorithms
(``MCTSBot``, ``evaluate_bots``, ...) run on them unchanged::

    import pyspiel
    import ludus.openspiel

    game = pyspiel.load_game("ludus_backgammon")
    game = pyspiel.load_game("ludus_backgammon", {"max_turns": 1000})
    game = pyspiel.load_game("ludus_game", {"file": "my-variant.game"})

``register(path)`` registers one more file under its own short name.
Every call is delegated to a ``ludus.State``: the Rust engine plays,
OpenSpiel sees chance nodes, integer actions and returns in points. Each
game takes the parameter ``max_turns`` (a game stops there, unfinished;
the engine's limit by default); ``ludus_game`` takes ``file``, a game
file's path or a bundled game's name.
"""

import os
import re

import numpy as np
import pyspiel

import ludus

_registered = {}


def short_name(path):
    """The name a game file (or bundled game) is registered under:
    ``ludus_`` and the file's stem, with characters other than letters,
    digits and ``_`` as ``_``."""
    stem = os.path.splitext(os.path.basename(str(path)))[0]
    return "ludus_" + re.sub(r"[^A-Za-z0-9_]", "_", stem)


class _Observer:
    """OpenSpiel's observer of a ludus state: the flat observation tensor
    (see ``Game.observation_tensor_layout``) and the board as text."""

    def __init__(self, game, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(game.observation_tensor_size(), np.float32)
        shape = tuple(game.observation_tensor_shape())
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        self.tensor[:] = state.ludus_state.observation_tensor(player)

    def string_from(self, state, player):
        return state.ludus_state.observation_string(player)


def register(path, name=None):
    """Registers the game at ``path`` (a file, or a bundled game's name)
    with pyspiel, once per name, and returns it as ``pyspiel.load_game(name)``
    does. ``name`` defaults to ``short_name(path)``."""
    name = name or short_name(path)
    if name not in _registered:
        _register(name, str(path), fixed=True)
    return pyspiel.load_game(name)


def _load(text):
    """A game from its string (``str(game)``), for ``pickle``."""
    return pyspiel.load_game(text)


def _load_state(text, serialized):
    """A state from its game's string and ``serialize()``, for ``pickle``."""
    return pyspiel.load_game(text).deserialize_state(serialized)


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

    def __reduce__(self):
        return (_load_state, (str(self.get_game()), self.serialize()))


class LudusGame(pyspiel.Game):
    """An OpenSpiel game over a ludus game: each registered name is a
    subclass of its own, with its game type and default game."""

    _type = None
    _default = None

    def __init__(self, params=None):
        params = dict(params or {})
        max_turns = int(params.get("max_turns", ludus.MAX_PLIES))
        chosen = ludus.load_game(params.get("file", self._default), max_turns=max_turns)
        info = pyspiel.GameInfo(
            num_distinct_actions=chosen.num_distinct_actions(),
            max_chance_outcomes=chosen.max_chance_outcomes(),
            num_players=chosen.num_players(),
            min_utility=chosen.min_utility(),
            max_utility=chosen.max_utility(),
            utility_sum=0.0,
            max_game_length=chosen.max_game_length(),
        )
        super().__init__(self._type, info, params)
        self.ludus_game = chosen

    def new_initial_state(self):
        return LudusState(self, self.ludus_game.new_initial_state())

    def observation_tensor_shape(self):
        return self.ludus_game.observation_tensor_shape()

    def observation_tensor_size(self):
        return self.ludus_game.observation_tensor_size()

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self.ludus_game, params)

    def __reduce__(self):
        return (_load, (str(self),))


def _register(name, default, fixed):
    """Registers ``name``: the game ``default``, or with ``fixed`` false
    whichever the ``file`` parameter names."""
    game = ludus.load_game(default)
    dynamics = pyspiel.GameType.ChanceMode
    parameters = {"max_turns": ludus.MAX_PLIES}
    if not fixed:
        parameters["file"] = default
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{game.name} (ludus, {default})" if fixed else "any ludus game file",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            dynamics.EXPLICIT_STOCHASTIC if game.has_dice() or not fixed else dynamics.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.num_players() if fixed else 6,
        min_num_players=game.num_players() if fixed else 2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )
    cls = type(f"LudusGame_{name}", (LudusGame,), {"_type": game_type, "_default": default})
    pyspiel.register_game(game_type, cls)
    _registered[name] = default


for _name in ludus.games():
    _register(short_name(_name), _name, fixed=True)
_register("ludus_game", "verquere", fixed=False)
