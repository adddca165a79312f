"""Random playouts per second from Python: a pure-Python loop over the ludus
bindings against the same loop over OpenSpiel's own backgammon.

    python python/benches/playouts.py [--seconds S] [--game games/backgammon.game]

Both loops do the same work per node: at a chance node draw an outcome by
its probability, at a decision node pick a uniformly random legal action,
apply it, until the game ends. `ludus.simulate` (the whole playout in Rust,
one thread) is printed for reference.
"""

import argparse
import random
import time

import ludus


def loop(new_state, seconds, rng):
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default="games/backgammon.game")
    args = parser.parse_args()
    rng = random.Random(1)
    game = ludus.load_game(args.game)
    rate, length = loop(game.new_initial_state, args.seconds, rng)
    print(f"ludus bindings, Python loop:   {rate:8.1f} playouts/s ({length:.0f} actions each)")
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed: pip install open_spiel")
    else:
        spiel = pyspiel.load_game("backgammon")
        rate, length = loop(spiel.new_initial_state, args.seconds, rng)
        print(f"OpenSpiel backgammon, Python loop: {rate:8.1f} playouts/s ({length:.0f} actions each)")
    games = 2000
    start = time.perf_counter()
    ludus.simulate(args.game, games=games, seed=1, threads=1)
    rate = games / (time.perf_counter() - start)
    print(f"ludus.simulate (Rust, 1 thread): {rate:8.1f} playouts/s")


if __name__ == "__main__":
    main()
