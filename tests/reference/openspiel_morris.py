#!/usr/bin/env python3
"""Compares `games/nine-mens-morris.game` with OpenSpiel's nine_mens_morris.

OpenSpiel (https://github.com/google-deepmind/open_spiel, `pip install
open_spiel==2.0.2`) implements nine men's morris by hand in C++. This
script, run by hand outside `cargo test`, plays seeded random games in
OpenSpiel; at the start of every turn it collects OpenSpiel's legal TURNS
(a placement or a move, and where it closes a mill, each removal OpenSpiel
then offers as the same player's next decision: ludus makes the two one
turn) and the game's result, and compares them with ludus's legal turns and
outcome for the same position (`ludus moves games/nine-mens-morris.game
--batch`).

Usage, from the crate root:

    cargo build --release
    python3 tests/reference/openspiel_morris.py --positions 100000 --seed 1

It prints the positions, turns and results compared, and the
disagreements, the first few in full; `--pin FILE` also writes a sample
of the positions compared with OpenSpiel's turns and result, one per line
(`POSITION | TURN, TURN, ... | RESULT`), which tests/morris.rs reads.

Points: OpenSpiel numbers the 24 points row by row from the top (0 = a7,
1 = d7, 2 = g7, ... 21 = a1, 22 = d1, 23 = g1); its player 0 (W) moves
first, as ludus's white does.

Two rules of OpenSpiel's are not the game's and are set aside here, each
counted in the summary: its cap of 200 turns (the game is then drawn; no
position at or past the cap is compared, nor the result of a game cut
short by it), and a mill closed when the opponent has no man on the board
to remove (OpenSpiel then finds no legal action and scores the mover as
the loser; ludus lets the turn stand with no removal). The second was
never seen in 10^5 positions of random games.
"""

import argparse
import random
import sys

import pyspiel
from openspiel_boards import ludus_answers, show_disagreement

NAMES = ["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5",
         "a4", "b4", "c4", "e4", "f4", "g4",
         "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1"]
# Where OpenSpiel's text draws each point (row, column).
COORDS = [(0, 0), (0, 7), (0, 14), (2, 2), (2, 7), (2, 12), (4, 4), (4, 7),
          (4, 10), (6, 0), (6, 2), (6, 4), (6, 10), (6, 12), (6, 14), (8, 4),
          (8, 7), (8, 10), (10, 2), (10, 7), (10, 12), (12, 0), (12, 7), (12, 14)]
PLAYERS = ("white", "black")
MAX_TURNS = 200


def parse(state):
    """Board (point -> 'W', 'B' or '.'), men to deploy, turn number, and
    whether the mover must now remove a man."""
    text = str(state)
    lines = text.split("\n")
    board = [lines[r][c] for r, c in COORDS]
    deploy = turn = None
    for line in lines:
        if line.startswith("Men to deploy:"):
            deploy = [int(x) for x in line.split(":")[1].split()]
        if line.startswith("Turn number:"):
            turn = int(line.split(":")[1])
    return board, deploy, turn, "Capture time" in text


def position_text(state, mover):
    board, deploy, _, _ = parse(state)
    fields = []
    for mark, name in (("W", "white"), ("B", "black")):
        sites = [NAMES[i] for i in range(24) if board[i] == mark]
        fields.append(f"{name}: {' '.join(sites)}".rstrip())
    fields.append(f"turn: {PLAYERS[mover]}")
    if any(deploy):
        fields.append(f"hand: white {deploy[0]}, black {deploy[1]}")
    return "; ".join(fields)


def action_text(a):
    if a < 24:
        return NAMES[a]
    a -= 24
    return f"{NAMES[a // 24]}-{NAMES[a % 24]}"


def turns_of(state):
    """OpenSpiel's legal turns from a turn's start, as ludus writes them;
    and how many mills left nothing to remove."""
    turns, empty_mills = [], 0
    for a in state.legal_actions():
        after = state.clone()
        after.apply_action(a)
        if parse(after)[3]:
            removals = [] if after.is_terminal() else after.legal_actions()
            if not removals:
                empty_mills += 1
                turns.append(action_text(a))
            for r in removals:
                turns.append(f"{action_text(a)} x{NAMES[r]}")
        else:
            turns.append(action_text(a))
    return turns, empty_mills


def result_of(state):
    if not state.is_terminal():
        return "unfinished"
    r = state.returns()
    if r[0] > 0:
        return "white wins"
    if r[1] > 0:
        return "black wins"
    return "draw"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ludus", default="target/release/ludus")
    ap.add_argument("--game", default="games/nine-mens-morris.game")
    ap.add_argument("--pin", help="write a sample of the positions to this file")
    ap.add_argument("--pin-every", type=int, default=50)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    game = pyspiel.load_game("nine_mens_morris")
    cases = []  # (position, sorted turns, result, game index)
    capped = empty_mills = games = 0
    while len(cases) < args.positions:
        games += 1
        state = game.new_initial_state()
        mover = 0
        while True:
            board, deploy, turn, capture = parse(state)
            if turn >= MAX_TURNS:
                capped += 1
                break
            if state.is_terminal():
                cases.append((position_text(state, mover), [], result_of(state), games))
                break
            turns, empty = turns_of(state)
            empty_mills += empty
            cases.append((position_text(state, mover), sorted(turns), "unfinished", games))
            # One random turn: its action, then a random removal if it earns one.
            state.apply_action(rng.choice(state.legal_actions()))
            if not state.is_terminal() and parse(state)[3]:
                state.apply_action(rng.choice(state.legal_actions()))
            mover = 1 - mover
            if len(cases) >= args.positions:
                break

    answers = ludus_answers(args.ludus, args.game, [c[0] for c in cases])

    turns_compared = disagreements = results = 0
    shown = 0
    for (pos, turns, result, _), ans in zip(cases, answers):
        ours = sorted(ans["moves"]) if ans["outcome"] == "unfinished" else []
        if ours == ["pass"]:
            ours = []
        turns_compared += len(turns)
        ok = ours == turns and ans["outcome"] == result
        results += result != "unfinished"
        if not ok:
            disagreements += 1
            shown = show_disagreement(shown, pos, (result, turns), (ans["outcome"], ours))
    print(f"{len(cases)} positions of {games} games (seed {args.seed}), "
          f"{turns_compared} turns, {results} finished games' results compared; "
          f"{disagreements} disagreements; set aside: {capped} games cut at "
          f"OpenSpiel's {MAX_TURNS} turns, {empty_mills} mills with nothing to remove")
    if args.pin:
        with open(args.pin, "w") as f:
            f.write("# nine men's morris: positions of seeded random games in OpenSpiel 2.0.2's\n")
            f.write(f"# nine_mens_morris (tests/reference/openspiel_morris.py --seed {args.seed}),\n")
            f.write("# with OpenSpiel's legal turns (a move and the removal it earns) and result:\n")
            f.write("# POSITION | TURN, TURN, ... | RESULT\n")
            for i, (pos, turns, result, _) in enumerate(cases):
                if i % args.pin_every == 0 or result != "unfinished":
                    f.write(f"{pos} | {', '.join(turns)} | {result}\n")
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
