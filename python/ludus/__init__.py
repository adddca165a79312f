"""ludus: board games written as text files, played by one Rust engine,
with OpenSpiel's API.

>>> import ludus
>>> game = ludus.load_game("verquere")          # bundled; or a file's path
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

``ludus.games()`` lists the bundled games. Games and states pickle and
deep-copy.

See docs/python.md for the action encoding and the layout of the
observation tensor; ``ludus.openspiel.register`` makes a ludus game an
OpenSpiel game.
"""

from ._ludus import (
    CHANCE,
    MAX_DICE,
    MAX_PLIES,
    TERMINAL,
    Game,
    LudusError,
    Rng,
    State,
    game_source,
    games,
    load_game,
    simulate,
)
from . import _ludus

#: The package's version (``pyproject.toml``'s).
__version__ = _ludus.__version__

#: ``ludus.match(path, white, black, games=100, seed=0, swap=False,
#: shard=None, threads=None, out=None)``: a match between two agents in
#: Rust, its summary as ``ludus match --json`` prints it.
match = getattr(_ludus, "match")



def _restore_game(bundled, name, text, max_turns):
    """A pickled game: see ``Game.__reduce__``."""
    return _ludus._restore_game(bundled, name, text, max_turns)


def _restore_state(game, root, history):
    """A pickled state: its game, where its history starts, its history."""
    return game._restore_state(root, history)


__all__ = [
    "CHANCE",
    "MAX_DICE",
    "MAX_PLIES",
    "TERMINAL",
    "Game",
    "LudusError",
    "Rng",
    "State",
    "game_source",
    "games",
    "load_game",
    "match",
    "simulate",
]
