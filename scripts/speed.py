#!/usr/bin/env python3
"""Speed of every bundled game, as a table a change can be judged by.

For each game file it prints random playouts per second on one thread
(`ludus bench --threads 1`, noisy on a busy machine) and the instructions
per playout that `valgrind --tool=callgrind` counts for `ludus simulate
--threads 1` (repeatable to a few parts in a million, so compare these):
the count for N + 1 games less the count for one, over N, so that the
program's start-up (reading the game file, building the engine) is not
spread over the games. A `--json` output keeps both that figure
(`instructions_per_playout`) and the whole run's over N
(`instructions_per_game`, start-up included, as earlier outputs have it);
`--compare` compares the first where the file has it, else the second.

    python3 scripts/speed.py                      # every games/*.game
    python3 scripts/speed.py games/verquere.game --games 50 --seconds 2
    python3 scripts/speed.py --json > before.json # for a later comparison
    python3 scripts/speed.py --compare before.json
    python3 scripts/speed.py --binary /tmp/old/ludus --no-bench --json > old.json

It builds the release binary first (not with `--binary`, which measures
another build, such as an older commit's, on the same game files).

It builds the release binary first. Without valgrind on the PATH it prints
playouts per second alone.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LUDUS = ROOT / "target" / "release" / "ludus"


def bench(game, seconds):
    out = subprocess.run(
        [str(LUDUS), "bench", game, "--seconds", str(seconds), "--threads", "1", "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)["playouts_per_second"]


def collected(game, games):
    """Instructions callgrind counts for `ludus simulate` of `games` games."""
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
             str(LUDUS), "simulate", game, "--games", str(games), "--seed", "1",
             "--threads", "1", "--json"],
            check=True, capture_output=True, text=True,
        )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        sys.exit(f"speed.py: no instruction count from callgrind for {game}")
    return int(found.group(1))


def instructions(game, games):
    """Instructions per playout, start-up apart, and per game with it."""
    whole = collected(game, games + 1)
    return (whole - collected(game, 1)) / games, whole / (games + 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game files (default: games/*.game)")
    parser.add_argument("--games", type=int, default=200, dest="count",
                        help="games simulated under callgrind (default 200)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="seconds of bench per game (default 3)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--compare", metavar="FILE",
                        help="a --json output to show the change against")
    parser.add_argument("--binary", metavar="PATH",
                        help="measure this ludus binary instead of building the tree's")
    parser.add_argument("--no-bench", action="store_true",
                        help="count instructions only, no timed bench")
    args = parser.parse_args()
    if args.count < 1 or args.seconds <= 0:
        parser.error("--games must be at least 1 and --seconds more than 0")
    files = args.games or sorted(str(p.relative_to(ROOT)) for p in (ROOT / "games").glob("*.game"))
    global LUDUS
    if args.binary:
        LUDUS = Path(args.binary).resolve()
    else:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    before = {}
    if args.compare:
        before = {row["game"]: row for row in json.loads(Path(args.compare).read_text())}
    grind = shutil.which("valgrind") is not None
    rows = []
    for game in files:
        path = game if os.path.isabs(game) else str(ROOT / game)
        row = {"game": game}
        if not args.no_bench:
            row["playouts_per_second"] = bench(path, args.seconds)
        if grind:
            (row["instructions_per_playout"],
             row["instructions_per_game"]) = instructions(path, args.count)
        rows.append(row)
        if not args.json:
            line = f"{game:40}"
            if "playouts_per_second" in row:
                line += f" {row['playouts_per_second']:>10.0f} playouts/s"
            if grind:
                line += f" {row['instructions_per_playout']:>14,.0f} instructions/playout"
                old = before.get(game, {})
                key = next((k for k in ("instructions_per_playout", "instructions_per_game")
                            if k in old), None)
                if key:
                    change = 100 * (row[key] / old[key] - 1)
                    line += f" ({change:+.1f}%{'' if key == 'instructions_per_playout' else ' per game'})"
            print(line, flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
