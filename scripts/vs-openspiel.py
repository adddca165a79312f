#!/usr/bin/env python3
"""Random playouts, ludus against OpenSpiel's C++, side by side.

OpenSpiel's side is `pyspiel.evaluate_bots` with a uniform random bot a player:
the whole game runs in C++, one Python call per game. ludus's side is
`ludus bench games/backgammon.game --threads 1` and `ludus simulate`.

    python3 scripts/vs-openspiel.py                  # 3 rounds of 5 s each
    python3 scripts/vs-openspiel.py --rounds 5 --seconds 3
    python3 scripts/vs-openspiel.py --instructions   # callgrind, 200 games each
    python3 scripts/vs-openspiel.py --game nine-mens-morris

`--game` is `backgammon` (the default), `nine-mens-morris`,
`tic-tac-toe`, `connect-four`, `breakthrough`, `clobber`, `othello`,
`hex`, `hex-7`, `lines-of-action`, `gomoku-11`, `gomoku-9`, `amazons`,
`kalah` (OpenSpiel's `mancala`), `oware`, `dots-and-boxes`,
`dots-and-boxes-3x3`, `chinese-checkers`, `einstein-wurfelt-nicht` or
`ludo`, `ludo-3` and `ludo-4` (OpenSpiel's `maedn` for two, three and four),
`chinese-checkers-3`, `-4` and `-6`, each set against OpenSpiel's game of that name (with the size of the
file; OpenSpiel plays an Amazons turn as three actions of one player, each
drawn at random among its legal ones, ludus as one turn drawn among all). OpenSpiel ends a
game of nine men's morris as a draw after 200 turns, which ludus's file
does not, so its games are shorter: the mean turns per game of each are printed, with the
turns per second. In dots and boxes a player who closes a box draws
again: OpenSpiel's count of turns (a turn ends where another player is to
decide) takes his lines as one turn, ludus's plies count each line, an
action of OpenSpiel's. In Chinese checkers OpenSpiel plays a chain of
hops as an action per hop, each drawn at random with `Pass` among them,
ludus a turn drawn among the holes a marble can end on; nearly every
random game of both runs to the 1,000-turn limit. In Einstein würfelt
nicht OpenSpiel deals each
player's arrangement by chance before the first throw; ludus's file starts
from one arrangement.

Playouts per second alternate the two, round by round, so that a busy
machine slows both alike; the ratio of each pair is printed. With
`--instructions` it also counts, with `valgrind --tool=callgrind`, the
instructions per game of each (the start-up of each program measured apart
and taken off), which repeat exactly on any machine. Needs `open_spiel`
(`pip install open_spiel==2.0.2 numpy`) and, for `--instructions`,
valgrind. It builds the release binary first.
"""

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LUDUS = ROOT / "target" / "release" / "ludus"
# ludus's bundled game and OpenSpiel's name for it.
GAMES = {
    "backgammon": "backgammon",
    "nine-mens-morris": "nine_mens_morris",
    "tic-tac-toe": "tic_tac_toe",
    "connect-four": "connect_four",
    "breakthrough": "breakthrough",
    "clobber": "clobber",
    "othello": "othello",
    "hex": "hex",
    "hex-7": "hex(board_size=7)",
    "lines-of-action": "lines_of_action",
    "gomoku-11": "gomoku(size=11)",
    "gomoku-9": "gomoku(size=9)",
    "amazons": "amazons",
    "kalah": "mancala",
    "oware": "oware",
    "dots-and-boxes": "dots_and_boxes",
    "dots-and-boxes-3x3": "dots_and_boxes(num_rows=3,num_cols=3)",
    "chinese-checkers": "chinese_checkers",
    "einstein-wurfelt-nicht": "einstein_wurfelt_nicht",
    "ludo": "maedn",
    "ludo-3": "maedn(players=3)",
    "ludo-4": "maedn(players=4)",
    "chinese-checkers-3": "chinese_checkers(players=3)",
    "chinese-checkers-4": "chinese_checkers(players=4)",
    "chinese-checkers-6": "chinese_checkers(players=6)",
}
GAME = ROOT / "games" / "backgammon.game"

# One OpenSpiel game per call, seeded; `N` games, or for `S` seconds.
OPENSPIEL = """
import sys, time, pyspiel, numpy as np
mode, amount, name = sys.argv[1], float(sys.argv[2]), sys.argv[3]
game = pyspiel.load_game(name)
bots = [pyspiel.make_uniform_random_bot(p, p + 1) for p in range(game.num_players())]
rng = np.random.RandomState(1)
n, start = 0, time.perf_counter()
while (n < amount) if mode == "games" else (time.perf_counter() - start < amount):
    pyspiel.evaluate_bots(game.new_initial_state(), bots, int(rng.randint(1 << 30)))
    n += 1
print(n / (time.perf_counter() - start))
"""


def openspiel_rate(seconds):
    out = subprocess.run([sys.executable, "-c", OPENSPIEL, "seconds", str(seconds),
                          GAMES[GAME.stem]],
                         check=True, capture_output=True, text=True).stdout
    return float(out)


# OpenSpiel's mean turns per game: a turn ends where the next player to
# decide is another one (a removal after a mill is the same turn).
LENGTH = """
import sys, random, pyspiel
game, rng, turns, n = pyspiel.load_game(sys.argv[1]), random.Random(1), 0, 200
for _ in range(n):
    s, last = game.new_initial_state(), None
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            s.apply_action(rng.choices(outcomes, probs)[0])
            continue
        p = s.current_player()
        turns += p != last
        last = p
        s.apply_action(rng.choice(s.legal_actions()))
print(turns / n)
"""


def openspiel_length():
    out = subprocess.run([sys.executable, "-c", LENGTH, GAMES[GAME.stem]],
                         check=True, capture_output=True, text=True).stdout
    return float(out)


def ludus_rate(seconds):
    out = subprocess.run([LUDUS, "bench", GAME, "--threads", "1", "--seconds", str(seconds),
                          "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["playouts_per_second"]


def ludus_length():
    out = subprocess.run([LUDUS, "simulate", GAME, "--games", "2000", "--threads", "1",
                          "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["mean_plies"]


def collected(command):
    """Instructions callgrind counts for `command`."""
    err = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *map(str, command)], check=True, capture_output=True, text=True).stderr
    return int(re.search(r"Collected : (\d+)", err).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per run (default 5)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions per game with callgrind")
    parser.add_argument("--games", type=int, default=200,
                        help="games per callgrind count (default 200)")
    parser.add_argument("--game", choices=sorted(GAMES), default="backgammon",
                        help="the game (default backgammon)")
    args = parser.parse_args()
    global GAME
    GAME = ROOT / "games" / f"{args.game}.game"
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        sys.exit("error: OpenSpiel is not installed (pip install open_spiel==2.0.2 numpy)")
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    ratios = []
    for r in range(args.rounds):
        theirs = openspiel_rate(args.seconds)
        ours = ludus_rate(args.seconds)
        ratios.append(ours / theirs)
        print(f"round {r + 1}: OpenSpiel {theirs:8.0f}/s   ludus {ours:8.0f}/s   "
              f"ludus/OpenSpiel {ours / theirs:.2f}")
        time.sleep(0.1)
    ratios.sort()
    print(f"playouts/s ratio: median {ratios[len(ratios) // 2]:.2f} "
          f"(from {ratios[0]:.2f} to {ratios[-1]:.2f})")
    theirs, ours = openspiel_length(), ludus_length()
    median = ratios[len(ratios) // 2]
    print(f"mean turns per game: OpenSpiel {theirs:.1f}   ludus {ours:.1f}   "
          f"turns/s ratio (median) {median * ours / theirs:.2f}")
    if args.instructions:
        n = args.games
        python = [sys.executable, "-c", OPENSPIEL, "games"]
        name = GAMES[args.game]
        theirs = (collected([*python, n, name]) - collected([*python, 0, name])) / n
        simulate = [LUDUS, "simulate", GAME, "--seed", "1", "--threads", "1", "--games"]
        ours = (collected([*simulate, n + 1]) - collected([*simulate, 1])) / n
        print(f"instructions per game: OpenSpiel {theirs / 1e6:.2f} M   "
              f"ludus {ours / 1e6:.2f} M   OpenSpiel/ludus {theirs / ours:.2f}")


if __name__ == "__main__":
    main()
