#!/usr/bin/env python3
"""Compares `games/backgammon.game` with OpenSpiel's backgammon.

OpenSpiel (https://github.com/google-deepmind/open_spiel, `pip install
open_spiel`) implements backgammon by hand in C++. This script, run by hand
outside `cargo test`, plays seeded random games in OpenSpiel; at every
position reached before a roll (the first roll of a game excepted: OpenSpiel
throws it as the opening) it takes each of the 21 rolls, collects the SET of
positions OpenSpiel's legal turns lead to (a double is two OpenSpiel
decisions of two die moves each: both are followed to the end of the turn),
and compares it with the set of positions ludus's legal turns lead to
(`ludus moves games/backgammon.game --batch`, the `results` of each line).

Usage, from the crate root:

    cargo build --release
    python3 tests/reference/openspiel_backgammon.py --positions 10000 --seed 1

It prints the number of positions, rolls and turns compared and of
disagreements, with the first few disagreements in full; `--pin DIR` also
writes a few of the positions compared as per-roll count files
(`DIR/backgammon-openspiel-*.rolls`, read by tests/perft.rs).

Boards: OpenSpiel's player X (0) moves from its point 0 to 23, as ludus's
White does from point 1 to 24, so X's point p is ludus's point p + 1;
player O (1) moves from 23 to 0, as ludus's Black from 24 to 1: O's point p
is ludus's point p + 1 too. The men on the bar are the 15 less those on the
board and those borne off (OpenSpiel's score). Positions are written as
ludus writes them, each man numbered as his moves count down from his side
(`notation counting down`): White's man on the board's point s is on his
25 - s, Black's on his s.
"""

import argparse
import json
import random
import re
import subprocess
import sys

import pyspiel

PLAYERS = ("white", "black")


def key_of(state):
    """The position as a tuple: per player, his men on points 1..24, on the
    bar and borne off."""
    scores = re.search(r"Scores, X: (\d+), O: (\d+)", str(state))
    off = (int(scores.group(1)), int(scores.group(2)))
    key = []
    for p in (0, 1):
        points = [state.board(p, i) for i in range(24)]
        bar = 15 - sum(points) - off[p]
        key.extend(points + [bar, off[p]])
    return tuple(key)


def number(p, i):
    """The number player `p`'s moves give the board's point i + 1 (i from 0):
    counted down from his side."""
    return 24 - i if p == 0 else i + 1


def position_text(key, mover, roll):
    fields = []
    for p in (0, 1):
        base = 26 * p
        men = []
        for i in range(24):
            n = key[base + i]
            if n:
                men.append(f"{number(p, i)}*{n}" if n > 1 else f"{number(p, i)}")
        for zone, n in (("bar", key[base + 24]), ("off", key[base + 25])):
            if n:
                men.append(f"{zone}*{n}" if n > 1 else zone)
        fields.append(f"{PLAYERS[p]}: {' '.join(men)}")
    text = "; ".join(fields) + f"; turn: {PLAYERS[mover]}"
    if roll:
        text += f"; dice: {roll}"
    return text


def ludus_key(text):
    """A ludus position text as the tuple `key_of` gives."""
    key = [0] * 52
    for field in text.split(";"):
        name, _, value = field.strip().partition(":")
        if name not in PLAYERS:
            continue
        p = PLAYERS.index(name)
        base = 26 * p
        for word in value.split():
            point, _, n = word.partition("*")
            n = int(n) if n else 1
            index = {"bar": 24, "off": 25}.get(point)
            if index is None:
                # The point his number names (see `number`).
                index = 24 - int(point) if p == 0 else int(point) - 1
            key[base + index] += n
    return tuple(key)


def turn_results(state, mover, out, halves=None):
    """The positions at the end of the turn from `state` (mover to play).
    A double's second half is searched once per distinct position its first
    half reaches (`halves`)."""
    if state.is_terminal() or state.is_chance_node() or state.current_player() != mover:
        out.add(key_of(state))
        return
    if halves is None:
        halves = set()
    else:
        key = key_of(state)
        if key in halves:
            return
        halves.add(key)
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        turn_results(child, mover, out, halves)


def rolls_of(state):
    """The 21 distinct rolls at a chance node: (text larger first, state after)."""
    seen = {}
    for outcome, _ in state.chance_outcomes():
        child = state.clone()
        child.apply_action(outcome)
        dice = re.search(r"Dice: (\d)(\d)", str(child))
        a, b = sorted((int(dice.group(1)), int(dice.group(2))), reverse=True)
        seen.setdefault(f"{a}-{b}", child)
    return sorted(seen.items())


def compare(ludus, game, cases, report):
    """Runs ludus on `cases` (position text with dice, OpenSpiel's set) and
    counts the disagreements."""
    lines = "".join(text + "\n" for text, _ in cases)
    run = subprocess.run(
        [ludus, "moves", game, "--batch"], input=lines, capture_output=True, text=True
    )
    if run.returncode != 0:
        sys.exit(f"ludus failed: {run.stderr}")
    answers = run.stdout.splitlines()
    assert len(answers) == len(cases), (len(answers), len(cases))
    for (text, theirs), answer in zip(cases, answers):
        value = json.loads(answer)
        ours = {ludus_key(r) for r in value["results"]}
        if not ours:
            # No legal turn: the position stays, the other player to move.
            ours = {ludus_key(text)}
        report["rolls"] += 1
        report["turns"] += len(theirs)
        if ours != theirs:
            report["disagreements"] += 1
            if len(report["shown"]) < 10:
                report["shown"].append(
                    {
                        "position": text,
                        "only_ludus": sorted(position_text(k, 0, None) for k in ours - theirs),
                        "only_openspiel": sorted(
                            position_text(k, 0, None) for k in theirs - ours
                        ),
                    }
                )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ludus", default="target/release/ludus")
    parser.add_argument("--game", default="games/backgammon.game")
    parser.add_argument("--chunk", type=int, default=500, help="positions per ludus run")
    parser.add_argument("--pin", help="write a few positions as .rolls files in this folder")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    game = pyspiel.load_game("backgammon")
    report = {"positions": 0, "rolls": 0, "turns": 0, "disagreements": 0, "games": 0, "shown": []}
    pinned = {}
    cases = []
    state = game.new_initial_state()
    while report["positions"] < args.positions:
        if state.is_terminal():
            report["games"] += 1
            state = game.new_initial_state()
        if state.is_chance_node():
            if not state.is_initial_state():
                rolls = rolls_of(state)
                mover = rolls[0][1].current_player()
                key = key_of(state)
                counts = []
                for roll, child in rolls:
                    theirs = set()
                    turn_results(child, mover, theirs)
                    cases.append((position_text(key, mover, roll), theirs))
                    counts.append((roll, len(theirs)))
                report["positions"] += 1
                pin_case(pinned, key, mover, counts)
                if len(cases) >= 21 * args.chunk:
                    compare(args.ludus, args.game, cases, report)
                    cases = []
                    print(json.dumps({k: v for k, v in report.items() if k != "shown"}),
                          file=sys.stderr, flush=True)
                    if args.pin and report["disagreements"] == 0:
                        write_pins(args.pin, pinned)
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    if cases:
        compare(args.ludus, args.game, cases, report)
    if args.pin:
        write_pins(args.pin, pinned)
    shown = report.pop("shown")
    print(json.dumps(report))
    for case in shown:
        print(json.dumps(case, indent=1))


def pin_case(pinned, key, mover, counts):
    """Keeps the first position of a few kinds worth pinning."""
    white_bar, black_bar = key[24], key[50]
    white_off, black_off = key[25], key[51]
    home = sum(key[18:24]) if mover == 0 else sum(key[26:32])
    kinds = {
        "bar": (white_bar if mover == 0 else black_bar) >= 2,
        "bear-off": (white_off if mover == 0 else black_off) >= 3 and home >= 5,
        "contact": sum(c for _, c in counts) > 1500,
        "black": mover == 1 and white_bar + black_bar >= 1,
    }
    for kind, wanted in kinds.items():
        if wanted and kind not in pinned:
            pinned[kind] = (position_text(key, mover, None), counts)


def write_pins(folder, pinned):
    for kind, (position, counts) in sorted(pinned.items()):
        path = f"{folder}/backgammon-openspiel-{kind}.rolls"
        with open(path, "w") as f:
            f.write(
                "# Per-roll move counts (see verquere-bar.rolls for the format).\n"
                "# A position reached in a seeded random game of OpenSpiel's\n"
                "# backgammon; the counts are the distinct positions OpenSpiel's\n"
                "# legal turns lead to, which ludus matched exactly\n"
                "# (tests/reference/openspiel_backgammon.py --seed 1 --pin DIR).\n"
                "game backgammon.game\n"
                f"position {position}\n"
            )
            for roll, count in counts:
                f.write(f"{roll} {count}\n")
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
