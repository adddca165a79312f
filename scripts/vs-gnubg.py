#!/usr/bin/env python3
"""Judge ludus agents' backgammon checker play by GNU Backgammon's equity.

    cargo build --release
    python3 scripts/vs-gnubg.py --agents learned:file=/tmp/bg200k.eval expectimax:depth=2 random
    python3 scripts/vs-gnubg.py --agents random --decisions 200 --seed 1 --ply 2 --json

Needs GNU Backgammon (`apt-get install gnubg`; found as `gnubg` on the PATH
or /usr/games/gnubg, or give `--gnubg PATH`) and the release binary
target/release/ludus (or `--ludus PATH`). This is a plain Python 3 program:
it starts gnubg once (`gnubg -t -q -p SCRIPT`, with a small judge script
that reads requests on standard input and answers with gnubg's Python
module) and one `ludus moves backgammon --batch --agent SPEC --seed SEED`
per agent, and talks to each over pipes.

Method:

1. Positions from expert games. gnubg plays seeded games against itself
   (money play, no cube): the dice come from `random.Random(--seed)` (the
   opening roll rerolled until the dice differ, the higher die moving
   first), ludus lists every result of the roll (`ludus moves --batch`,
   positions given as gnubg `POSITIONID:MATCHID`), and gnubg plays the
   result with the best cubeless equity at `--play-ply` (0 by default, which
   is how gnubg itself picks a move at 0-ply). A game ends when ludus says
   so; then the next one starts.
2. Decisions. A turn is unforced when its roll has at least two distinct
   results (by gnubg Position ID). Each unforced turn is taken as a decision
   with probability `--sample` (0.25 by default, drawn from a second seeded
   generator, so that the decisions spread over more games and phases),
   until `--decisions` are taken. At each, gnubg judges every distinct
   result at `--ply` (2 by default, gnubg's "2-ply" as in its World class
   setting, with its pruning net): the equity of a result for the mover is
   minus gnubg's cubeless money equity for the player then on roll (the
   opponent), gammons and backgammons counted; where the move ends the game
   it is the exact result from ludus's `outcomes` (1, 2 for a gammon, 3 for
   a backgammon; checked against gnubg's own verdict). Each agent is asked
   for its choice on the same position; its loss is the best equity minus
   the equity of the result it chose.
3. Per agent: decisions, mean loss in thousandths of a point per decision
   (mppd) with its standard error, the share of blunders (loss above 0.08),
   and the mean seconds per move: the wall clock of the ludus call, gnubg
   idle meanwhile (ludus runs agents on one thread), after one untimed
   warm-up move per agent. A row `gnubg N-ply`
   judges the games' own moves the same way (an expert's loss, for scale).

`--log FILE` writes one JSON line per decision (position, dice, each
result's equity, each agent's choice, loss and time). `--json` prints the
summary as JSON instead of a table.
"""

import argparse
import atexit
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START_ID = "4HPwATDgc/ABMA"  # gnubg's Position ID of the starting position
BLUNDER = 0.08

# Run by gnubg's embedded Python: one request a line on standard input,
# one answer a line ("= ..." or "! error") on standard output.
JUDGE = r'''
import sys, gnubg
CUBE = [gnubg.cubeinfo(1, -1, 0, 0), gnubg.cubeinfo(1, -1, 1, 0)]
CTX = {}
def ctx(ply):
    if ply not in CTX:
        # cubeless, `ply` plies, deterministic, pruning on, no noise
        CTX[ply] = gnubg.evalcontext(0, ply, 1, 1, 0.0)
    return CTX[ply]
print("READY", flush=True)
for line in sys.stdin:
    words = line.split()
    try:
        if not words:
            continue
        if words[0] == "E":  # E PLY ID...: cubeless equity for the player on roll
            ply = int(words[1])
            eqs = [gnubg.evaluate(gnubg.positionfromid(w), CUBE[0], ctx(ply))[5]
                   for w in words[2:]]
            print("= " + " ".join(repr(e) for e in eqs), flush=True)
        elif words[0] == "M":  # M TURN D1 D2: match ID, money, centered cube
            turn, d1, d2 = (int(w) for w in words[1:4])
            # Dice 0 0: before the throw.
            pi = gnubg.posinfo(turn, 0, 0, 1, (d1, d2))
            print("= " + gnubg.matchid(CUBE[turn], pi), flush=True)
        elif words[0] == "C":  # C PLY OWNER ID: money cube decision, no Jacoby
            # OWNER: -1 centred, 0 the player on roll, 1 his opponent.
            # Answers his cubeless odds (win, win gammon, win backgammon,
            # lose gammon, lose backgammon) and gnubg's cubeful equities
            # at a cube of 1 (no double, double/take, double/pass), and
            # its verdict's text.
            ply, owner = int(words[1]), int(words[2])
            pos = gnubg.positionfromid(words[3])
            ci = gnubg.cubeinfo(1, owner, 0, 0)
            ci["jacoby"] = 0
            odds = gnubg.evaluate(pos, ci, ctx(ply))[:5]
            cf = gnubg.cfevaluate(pos, ci, gnubg.evalcontext(1, ply, 1, 1, 0.0))
            print("= " + " ".join(repr(x) for x in list(odds) + list(cf[1:4]))
                  + " " + cf[5].replace(" ", "_"), flush=True)
        elif words[0] == "Q":
            break
        else:
            print("! unknown request " + words[0], flush=True)
    except Exception as e:
        print("! " + type(e).__name__ + ": " + str(e).replace("\n", " "), flush=True)
'''


def die(msg):
    print(f"vs-gnubg: {msg}", file=sys.stderr)
    sys.exit(2)


class Judge:
    """A gnubg process answering evaluation requests."""

    def __init__(self, gnubg):
        fd, self.script = tempfile.mkstemp(suffix=".py", prefix="vs-gnubg-judge-")
        with os.fdopen(fd, "w") as f:
            f.write(JUDGE)
        atexit.register(lambda: os.path.exists(self.script) and os.unlink(self.script))
        self.proc = subprocess.Popen([gnubg, "-t", "-q", "-p", self.script],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1)
        banner = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                die("gnubg stopped before its judge script started:\n" + "".join(banner[-20:]))
            if line.strip() == "READY":
                break
            banner.append(line)
        self.matchids = {}

    def ask(self, request):
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                die(f"gnubg stopped while answering `{request[:80]}`")
            if line.startswith("= "):
                return line[2:].split()
            if line.startswith("! "):
                die(f"gnubg could not answer `{request[:80]}`: {line[2:].strip()}")
            # anything else is gnubg chatter: skip it

    def equities(self, ply, ids):
        if not ids:
            return []
        return [float(x) for x in self.ask(f"E {ply} " + " ".join(ids))]

    def matchid(self, turn, dice):
        key = (turn, dice)
        if key not in self.matchids:
            self.matchids[key] = self.ask(f"M {turn} {dice[0]} {dice[1]}")[0]
        return self.matchids[key]

    def close(self):
        try:
            self.proc.stdin.write("Q\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
        os.unlink(self.script)


class Ludus:
    """A `ludus moves backgammon --batch` process, with an agent or without."""

    def __init__(self, ludus, agent, seed, extra=()):
        cmd = [ludus, "moves", "backgammon", "--batch", *extra]
        if agent is not None:
            cmd += ["--agent", agent, "--seed", str(seed)]
        self.agent = agent
        self.errfile = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.errfile, text=True, bufsize=1)

    def ask(self, line):
        """The JSON answer to one position, and the seconds it took."""
        t0 = time.perf_counter()
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
            out = self.proc.stdout.readline()
        except BrokenPipeError:
            out = ""
        dt = time.perf_counter() - t0
        if not out:
            self.proc.wait()
            self.errfile.seek(0)
            err = self.errfile.read().strip()
            who = f"agent {self.agent}" if self.agent else "the move lister"
            die(f"ludus ({who}) stopped on position {line}: {err or 'no message'}")
        return json.loads(out), dt

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def outcome_points(text):
    """Points the mover wins from ludus's outcome text of a finished game."""
    m = re.search(r"wins (\d+) points?", text)
    if m:
        return int(m.group(1))
    if "wins a double game" in text or "wins a gammon" in text:
        return 2
    if "wins a triple game" in text or "wins a backgammon" in text:
        return 3
    if re.search(r"wins$", text.strip()) or "wins a single game" in text:
        return 1
    die(f"cannot read the points of ludus outcome `{text}`")


def roll(rng):
    return (rng.randint(1, 6), rng.randint(1, 6))


def distinct_results(answer):
    """{result id: (index of its first move, points if the move ends the game)}."""
    out = {}
    ends = answer.get("ends") or [False] * len(answer["result_ids"])
    outcomes = answer.get("outcomes") or [None] * len(answer["result_ids"])
    for i, rid in enumerate(answer["result_ids"]):
        if rid not in out:
            out[rid] = (i, outcome_points(outcomes[i]) if ends[i] else None)
    return out


def mover_equities(judge, ply, results):
    """{result id: equity for the mover}: exact where the game ends."""
    ids = list(results)
    eqs = judge.equities(ply, ids)
    out = {}
    for rid, e in zip(ids, eqs):
        points = results[rid][1]
        if points is not None:
            if abs(-e - points) > 1e-6:
                print(f"vs-gnubg: warning: result {rid} ends the game for {points} "
                      f"points by ludus, gnubg says {-e:+.3f}", file=sys.stderr)
            out[rid] = float(points)
        else:
            out[rid] = -e
    return out


def best_of(equities, results):
    """The result id with the highest equity (first listed among equals)."""
    return max(results, key=lambda rid: (equities[rid], -results[rid][0]))


def run(args, log):
    judge = Judge(args.gnubg)
    lister = Ludus(args.ludus, None, args.seed)
    agents = [Ludus(args.ludus, spec, args.seed) for spec in args.agents]
    # One untimed move each first: a bad spec fails now, and loading an
    # evaluation is not counted as thinking time.
    opening = f"{START_ID}:{judge.matchid(0, (3, 1))}"
    for proc in agents:
        proc.ask(opening)
    dice_rng = random.Random(args.seed)
    sample_rng = random.Random(f"sample-{args.seed}")
    names = list(args.agents) + [f"gnubg {args.play_ply}-ply"]
    stats = {n: {"losses": [], "seconds": []} for n in names}
    games = turns = unforced = 0
    t_start = time.time()
    decisions = 0
    while decisions < args.decisions:
        games += 1
        pid = START_ID
        while True:
            d = roll(dice_rng)
            if d[0] != d[1]:
                break
        turn = 0 if d[0] > d[1] else 1
        for _ in range(10000):
            line = f"{pid}:{judge.matchid(turn, d)}"
            answer, _ = lister.ask(line)
            turns += 1
            results = distinct_results(answer)
            if not results:
                die(f"ludus lists no move for {line}")
            if len(results) == 1:
                played = next(iter(results))
            else:
                unforced += 1
                play_eq = mover_equities(judge, args.play_ply, results)
                played = best_of(play_eq, results)
                if sample_rng.random() < args.sample:
                    decisions += 1
                    judged = (play_eq if args.ply == args.play_ply
                              else mover_equities(judge, args.ply, results))
                    best = max(judged.values())
                    record = {"position": line, "dice": list(d), "game": games,
                              "results": len(results), "best": best,
                              "equities": judged, "agents": {}}
                    choices = []
                    for spec, proc in zip(args.agents, agents):
                        ans, dt = proc.ask(line)
                        if ans.get("result_ids") != answer["result_ids"]:
                            die(f"agent {spec} lists other results than the lister for {line}")
                        ch = ans.get("chosen")
                        if not isinstance(ch, int) or not 0 <= ch < len(ans["result_ids"]):
                            die(f"agent {spec} gave no valid `chosen` for {line}: {ch!r}")
                        choices.append((spec, ans["result_ids"][ch], ans["moves"][ch], dt))
                    choices.append((names[-1], played, answer["moves"][results[played][0]], None))
                    for name, rid, move, dt in choices:
                        loss = best - judged[rid]
                        stats[name]["losses"].append(loss)
                        if dt is not None:
                            stats[name]["seconds"].append(dt)
                        record["agents"][name] = {"move": move, "loss": loss, "seconds": dt}
                    if log:
                        log.write(json.dumps(record) + "\n")
                        log.flush()
                    if not args.quiet and (decisions % 10 == 0 or decisions == args.decisions):
                        el = time.time() - t_start
                        parts = ", ".join(
                            f"{n}: {1000 * sum(stats[n]['losses']) / decisions:.0f}"
                            for n in names)
                        print(f"[{decisions}/{args.decisions} decisions, game {games}, "
                              f"{el:.0f} s] mppd {parts}", file=sys.stderr, flush=True)
                    if decisions >= args.decisions:
                        break
            i, points = results[played]
            if points is not None:
                break
            pid = played  # already from the view of the next player on roll
            turn = 1 - turn
            d = roll(dice_rng)
        else:
            die("a game ran past 10,000 turns")
    elapsed = time.time() - t_start
    for p in agents + [lister]:
        p.close()
    judge.close()
    rows = []
    for n in names:
        ls = stats[n]["losses"]
        k = len(ls)
        mean = sum(ls) / k
        sd = math.sqrt(sum((x - mean) ** 2 for x in ls) / (k - 1)) if k > 1 else 0.0
        secs = stats[n]["seconds"]
        rows.append({
            "agent": n, "decisions": k, "mppd": 1000 * mean,
            "mppd_stderr": 1000 * sd / math.sqrt(k) if k else 0.0,
            "blunders": sum(1 for x in ls if x > BLUNDER) / k,
            "seconds_per_move": sum(secs) / len(secs) if secs else None,
        })
    return {
        "method": {
            "judge": f"gnubg {args.ply}-ply cubeless money equity (pruning on)",
            "games": f"gnubg {args.play_ply}-ply self-play over ludus's move lists",
            "seed": args.seed, "sample": args.sample, "ply": args.ply,
            "play_ply": args.play_ply,
        },
        "games": games, "turns": turns, "unforced_turns": unforced,
        "seconds": elapsed, "agents": rows,
    }


def checked_run(args, run):
    """Checks the options both judges share (gnubg's plies, the sample,
    gnubg and the ludus binary found, the agents' files), then calls
    `run(args, log)` with the `--log` file open; its summary."""
    if not 0 <= args.ply <= 4 or not 0 <= args.play_ply <= 4:
        die("--ply and --play-ply must be between 0 and 4 (gnubg's plies)")
    if not 0 < args.sample <= 1:
        die("--sample must be above 0 and at most 1")
    gnubg = args.gnubg or shutil.which("gnubg") or (
        "/usr/games/gnubg" if os.access("/usr/games/gnubg", os.X_OK) else None)
    if not gnubg or not (shutil.which(gnubg) or os.access(gnubg, os.X_OK)):
        die("GNU Backgammon not found: install it (`apt-get install gnubg`) "
            "or give its path with --gnubg")
    args.gnubg = gnubg
    args.ludus = args.ludus or str(ROOT / "target" / "release" / "ludus")
    if not (shutil.which(args.ludus) or os.access(args.ludus, os.X_OK)):
        die(f"ludus binary not found at {args.ludus}: run `cargo build --release` "
            "or give --ludus PATH")
    for spec in args.agents:
        m = re.search(r"file=([^,]+)", spec)
        if m and not Path(m.group(1)).exists():
            die(f"agent {spec}: no file {m.group(1)}")

    log = open(args.log, "w") if args.log else None
    try:
        summary = run(args, log)
    finally:
        if log:
            log.close()
    return summary


def main():
    ap = argparse.ArgumentParser(
        description="Judge ludus agents' backgammon moves by GNU Backgammon's equity "
                    "on positions from gnubg self-play (see the docstring for the method).")
    ap.add_argument("--agents", nargs="+", required=True, metavar="SPEC",
                    help="ludus agent specs, e.g. learned:file=X.eval expectimax:depth=2 random")
    ap.add_argument("--decisions", type=int, default=200, help="decisions to judge (200)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the dice, sampling and agents (1)")
    ap.add_argument("--ply", type=int, default=2, help="gnubg's plies for judging (2)")
    ap.add_argument("--play-ply", type=int, default=0,
                    help="gnubg's plies for playing the games (0)")
    ap.add_argument("--sample", type=float, default=0.25,
                    help="chance that an unforced turn is taken as a decision (0.25)")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--log", metavar="FILE", help="write one JSON line per decision")
    ap.add_argument("--gnubg", help="the gnubg program (default: gnubg on the PATH, "
                                    "else /usr/games/gnubg)")
    ap.add_argument("--ludus", help="the ludus binary (default: target/release/ludus)")
    ap.add_argument("--quiet", action="store_true", help="no progress on standard error")
    args = ap.parse_args()

    if args.decisions < 1:
        die("--decisions must be at least 1")
    summary = checked_run(args, run)

    if args.json:
        print(json.dumps(summary, indent=1))
        return
    m = summary["method"]
    print(f"Judge: {m['judge']}. Positions: {m['games']}, seed {m['seed']}, "
          f"{summary['games']} games, {summary['unforced_turns']} unforced turns, "
          f"each a decision with chance {m['sample']}. {summary['seconds']:.0f} s.")
    print()
    print("| agent | decisions | mean loss (mppd) | blunders (> 0.08) | s per move |")
    print("|---|---|---|---|---|")
    for r in summary["agents"]:
        s = "—" if r["seconds_per_move"] is None else f"{r['seconds_per_move']:.3f}"
        print(f"| {r['agent']} | {r['decisions']} | {r['mppd']:.1f} ± {r['mppd_stderr']:.1f} "
              f"| {100 * r['blunders']:.0f}% | {s} |")


if __name__ == "__main__":
    main()
