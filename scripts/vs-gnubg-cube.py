#!/usr/bin/env python3
"""Judge ludus agents' cube decisions (money play) by GNU Backgammon's cube analysis.

    cargo build --release
    python3 scripts/vs-gnubg-cube.py --agents learned --positions 100 --seed 1
    python3 scripts/vs-gnubg-cube.py --agents learned expectimax:depth=1 --json

Needs GNU Backgammon (`apt-get install gnubg`) and the release binary, as
scripts/vs-gnubg.py does, whose gnubg judge (`C` requests: gnubg's cubeless
odds and cubeful equities of a position before the roll) and process
helpers it uses.

Method:

1. Positions. gnubg plays seeded games against itself, cubeless, as in
   vs-gnubg.py (the dice from `random.Random(--seed)`, ludus listing each
   roll's results, gnubg's best at `--play-ply`). Before each roll, with
   probability `--sample`, the position of the player on roll, the cube in
   the middle at 1 (money, no Jacoby), is a candidate.
2. gnubg's cube analysis of each candidate at `--ply` (2 by default, its
   World class setting): the cubeful equities of no double (ND),
   double/take (DT) and double/pass (DP = 1) for the player on roll, and
   its verdict, put into one of four classes: no double (gnubg's "No
   double, take" and "No double, beaver"), double/take, double/pass, too
   good (to double, pass or take).
   Positions are drawn stratified: games are played until every class
   has at least a quarter of `--positions` candidates (or `--max-games`
   games, a class left short said so), then each class's quarter is
   drawn at random (seeded) from all its candidates, so that the common
   classes spread over all the games.
3. Each agent is asked for its decision on the same positions
   (`ludus moves backgammon --batch --cube --rollouts N --agent SPEC
   --seed SEED`, the position as gnubg `POSITIONID:MATCHID`, no dice).
   Two decisions a position: the double of the player on roll, and the
   take of his opponent were he doubled. Their losses, in gnubg's cubeful
   equity at a cube of 1 (as thousandths, "mppd"):
   - double: best = max(ND, min(DT, DP)); a double scores min(DT, DP)
     (the opponent answering as gnubg would), no double ND;
   - take: |DT - DP| where the agent's take or pass is not gnubg's (take
     when DT <= DP).
4. Per agent: mean loss per double, per take and per decision (both),
   with standard errors, agreements, the same per gnubg class, and the
   mean absolute error of the agent's odds against gnubg's cubeless odds
   at `--ply` (wins, and W and L, the mean points of a game won and
   lost). For scale, what Janowski's model alone loses (its Python twin,
   x = 0.68, on gnubg's own cubeless odds): the rest of an agent's loss
   is its odds'.

`--log FILE` writes one JSON line per position; `--json` prints the
summary as JSON instead of a table.
"""

import argparse
import importlib.util
import json
import math
import os
import random
import re
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("vs_gnubg", Path(__file__).with_name("vs-gnubg.py"))
vs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vs)

CLASSES = ["no double", "double/take", "double/pass", "too good"]


def die(msg):
    print(f"vs-gnubg-cube: {msg}", file=sys.stderr)
    sys.exit(2)


def verdict_class(text):
    """gnubg's verdict text as one of CLASSES."""
    t = text.lower().replace("_", " ")
    if "too good" in t:
        return "too good"
    if t.startswith("no double") or t.startswith("no redouble"):
        return "no double"
    if "pass" in t:
        return "double/pass"
    if "take" in t or "beaver" in t:
        return "double/take"
    die(f"unknown gnubg cube verdict `{text}`")


def cube_analysis(judge, ply, pid):
    """gnubg's odds and cubeful equities of position `pid` before the roll."""
    words = judge.ask(f"C {ply} -1 {pid}")
    nums = [float(w) for w in words[:8]]
    win, wg, wbg, lg, lbg = nums[:5]
    nd, dt, dp = nums[5:8]
    text = " ".join(words[8:]).replace("_", " ")
    return {
        "win": win,
        "won": 1 + (wg + wbg) / win if win > 1e-7 else 1.0,
        "lost": 1 + (lg + lbg) / (1 - win) if win < 1 - 1e-7 else 1.0,
        "nd": nd, "dt": dt, "dp": dp, "verdict": text, "class": verdict_class(text),
    }


def losses(g, double, take):
    """The agent's losses on the double and on the take, by gnubg's equities."""
    doubled = min(g["dt"], g["dp"])
    best = max(g["nd"], doubled)
    loss_double = best - (doubled if double else g["nd"])
    right_take = g["dt"] <= g["dp"]
    loss_take = 0.0 if take == right_take else abs(g["dt"] - g["dp"])
    return loss_double, loss_take


def janowski(win, won, lost, x=0.68):
    """Janowski's no double and double/take equities (money, cube centred,
    no Jacoby) from cubeless odds, as ludus's agent/janowski.rs has them."""
    tp = (lost - 0.5) / (won + lost + 0.5)
    cp = (lost + 1.0) / (won + lost + 0.5)

    def line(a, b, p):
        return a[1] + (b[1] - a[1]) * (p - a[0]) / (b[0] - a[0]) if b[0] > a[0] else a[1]

    dead = win * won - (1 - win) * lost
    if win < tp:
        centred = line((0, -lost), (tp, -1), win)
    elif win < cp:
        centred = line((tp, -1), (cp, 1), win)
    else:
        centred = line((cp, 1), (1, won), win)
    if win < tp:
        theirs = line((0, -lost), (tp, -1), win)
    else:
        theirs = line((tp, -1), (1, won), win)
    nd = (1 - x) * dead + x * centred
    dt = 2 * ((1 - x) * dead + x * theirs)
    return nd, dt


def mean_se(xs):
    k = len(xs)
    if k == 0:
        return 0.0, 0.0
    m = sum(xs) / k
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (k - 1)) if k > 1 else 0.0
    return m, sd / math.sqrt(k)


def collect(args, judge, lister):
    """Stratified positions from gnubg self-play: [(line, pid, analysis)]."""
    quota = {c: args.positions // len(CLASSES) + (1 if i < args.positions % len(CLASSES) else 0)
             for i, c in enumerate(CLASSES)}
    got = {c: [] for c in CLASSES}
    seen = {c: 0 for c in CLASSES}
    dice_rng = random.Random(args.seed)
    sample_rng = random.Random(f"cube-sample-{args.seed}")
    games = 0
    t0 = time.time()
    while any(len(got[c]) < quota[c] for c in CLASSES) and games < args.max_games:
        games += 1
        pid = vs.START_ID
        while True:
            d = vs.roll(dice_rng)
            if d[0] != d[1]:
                break
        turn = 0 if d[0] > d[1] else 1
        first = True
        for _ in range(10000):
            if not first and sample_rng.random() < args.sample:
                g = cube_analysis(judge, args.ply, pid)
                c = g["class"]
                seen[c] += 1
                got[c].append((f"{pid}:{judge.matchid(turn, (0, 0))}", pid, g))
            first = False
            answer, _ = lister.ask(f"{pid}:{judge.matchid(turn, d)}")
            results = vs.distinct_results(answer)
            if not results:
                die(f"ludus lists no move for {pid}")
            if len(results) == 1:
                played = next(iter(results))
            else:
                eq = vs.mover_equities(judge, args.play_ply, results)
                played = vs.best_of(eq, results)
            if results[played][1] is not None:
                break
            pid = played
            turn = 1 - turn
            d = vs.roll(dice_rng)
        if not args.quiet and games % 10 == 0:
            have = ", ".join(f"{c} {len(got[c])}/{quota[c]}" for c in CLASSES)
            print(f"[game {games}, {time.time() - t0:.0f} s] {have}", file=sys.stderr, flush=True)
    short = {c: quota[c] - len(got[c]) for c in CLASSES if len(got[c]) < quota[c]}
    # Each class's quota drawn from all its candidates, so that the common
    # classes spread over all the games, not the first few.
    pick_rng = random.Random(f"cube-pick-{args.seed}")
    positions = [p for c in CLASSES
                 for p in pick_rng.sample(got[c], min(quota[c], len(got[c])))]
    return positions, games, seen, short


def run(args, log):
    judge = vs.Judge(args.gnubg)
    lister = vs.Ludus(args.ludus, None, args.seed)
    t0 = time.time()
    positions, games, seen, short = collect(args, judge, lister)
    lister.close()
    judge.close()
    if short and not args.quiet:
        print(f"vs-gnubg-cube: after {games} games some classes are short: {short}",
              file=sys.stderr)
    rows = []
    records = [{"position": line, "gnubg": g} for line, _, g in positions]
    # Reference: Janowski's model on gnubg's own cubeless odds (at --ply),
    # what the model alone loses against gnubg's cubeful analysis.
    ref = []
    for _, _, g in positions:
        nd, dt = janowski(g["win"], g["won"], g["lost"])
        ref += list(losses(g, min(dt, 1.0) > nd, dt <= 1.0))
    for spec in args.agents:
        extra = ["--cube", "--rollouts", str(args.rollouts)]
        if spec == "default":
            extra += ["--seed", str(args.seed)]
        proc = vs.Ludus(args.ludus, None if spec == "default" else spec, args.seed, extra)
        ld, lt, both = [], [], []
        agree_d = agree_t = 0
        per = {c: {"double": [], "take": []} for c in CLASSES}
        err = {"win": [], "won": [], "lost": []}
        secs = []
        for rec, (line, _, g) in zip(records, positions):
            ans, dt = proc.ask(line)
            if "error" in ans:
                die(f"agent {spec} refused {line}: {ans['error']}")
            secs.append(dt)
            a, b = losses(g, ans["double"], ans["take"])
            ld.append(a)
            lt.append(b)
            both += [a, b]
            gd = min(g["dt"], g["dp"]) > g["nd"]
            agree_d += ans["double"] == gd
            agree_t += ans["take"] == (g["dt"] <= g["dp"])
            per[g["class"]]["double"].append(a)
            per[g["class"]]["take"].append(b)
            for k in err:
                err[k].append(abs(ans[k] - g[k]))
            rec.setdefault("agents", {})[spec] = {
                "double": ans["double"], "take": ans["take"], "verdict": ans["verdict"],
                "win": ans["win"], "won": ans["won"], "lost": ans["lost"],
                "no_double": ans["no_double"], "double_take": ans["double_take"],
                "loss_double": a, "loss_take": b, "seconds": dt,
            }
        proc.close()
        n = len(positions)
        m_d, se_d = mean_se(ld)
        m_t, se_t = mean_se(lt)
        m_b, se_b = mean_se(both)
        rows.append({
            "agent": spec, "positions": n,
            "mppd": 1000 * m_b, "mppd_stderr": 1000 * se_b,
            "double_mppd": 1000 * m_d, "double_stderr": 1000 * se_d,
            "take_mppd": 1000 * m_t, "take_stderr": 1000 * se_t,
            "double_agree": agree_d, "take_agree": agree_t,
            "by_class": {c: {"positions": len(per[c]["double"]),
                             "double_mppd": 1000 * mean_se(per[c]["double"])[0],
                             "take_mppd": 1000 * mean_se(per[c]["take"])[0]}
                         for c in CLASSES},
            "odds_error": {k: mean_se(v)[0] for k, v in err.items()},
            "seconds_per_position": sum(secs) / len(secs) if secs else None,
        })
    if log:
        for rec in records:
            log.write(json.dumps(rec) + "\n")
    return {
        "method": {
            "judge": f"gnubg {args.ply}-ply cubeful money equity, cube centred, no Jacoby",
            "positions": f"gnubg {args.play_ply}-ply cubeless self-play, stratified by verdict",
            "seed": args.seed, "sample": args.sample, "rollouts": args.rollouts,
        },
        "games": games, "candidates_by_class": seen, "short": short,
        "janowski_on_gnubg_odds_mppd": 1000 * mean_se(ref)[0],
        "seconds": time.time() - t0, "agents": rows,
    }


def main():
    ap = argparse.ArgumentParser(
        description="Judge ludus agents' money cube decisions by GNU Backgammon's cube "
                    "analysis (see the docstring for the method).")
    ap.add_argument("--agents", nargs="+", default=["default"], metavar="SPEC",
                    help="ludus agent specs whose evaluation plays the rollouts "
                         "(default: the game's strongest, `default`)")
    ap.add_argument("--positions", type=int, default=100,
                    help="positions, a quarter from each gnubg verdict class (100)")
    ap.add_argument("--rollouts", type=int, default=1000,
                    help="games ludus plays out per position (1000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the dice, sampling, rollouts (1)")
    ap.add_argument("--ply", type=int, default=2, help="gnubg's plies for the cube analysis (2)")
    ap.add_argument("--play-ply", type=int, default=0,
                    help="gnubg's plies for playing the games (0)")
    ap.add_argument("--sample", type=float, default=0.3,
                    help="chance that a position before a roll is a candidate (0.3)")
    ap.add_argument("--max-games", type=int, default=2000,
                    help="most self-play games to find the positions in (2000)")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--log", metavar="FILE", help="write one JSON line per position")
    ap.add_argument("--gnubg", help="the gnubg program (default: gnubg on the PATH, "
                                    "else /usr/games/gnubg)")
    ap.add_argument("--ludus", help="the ludus binary (default: target/release/ludus)")
    ap.add_argument("--quiet", action="store_true", help="no progress on standard error")
    args = ap.parse_args()

    if args.positions < len(CLASSES):
        die(f"--positions must be at least {len(CLASSES)}")
    if not 1 <= args.rollouts <= 1_000_000:
        die("--rollouts must be from 1 to 1000000")
    summary = vs.checked_run(args, run)

    if args.json:
        print(json.dumps(summary, indent=1))
        return
    m = summary["method"]
    print(f"Judge: {m['judge']}. Positions: {m['positions']}, seed {m['seed']}, "
          f"{summary['games']} games; ludus plays out {m['rollouts']} games a position. "
          f"{summary['seconds']:.0f} s.")
    print(f"Janowski's model (x = 0.68) on gnubg's own {args.ply}-ply cubeless odds loses "
          f"{summary['janowski_on_gnubg_odds_mppd']:.2f} mppd against its cube analysis.")
    if summary["short"]:
        print(f"Short of positions: {summary['short']}")
    print()
    print("| agent | positions | mppd (both) | double mppd | take mppd | doubles agreed "
          "| takes agreed | s per position |")
    print("|---|---|---|---|---|---|---|---|")
    for r in summary["agents"]:
        n = r["positions"]
        print(f"| {r['agent']} | {n} | {r['mppd']:.1f} ± {r['mppd_stderr']:.1f} "
              f"| {r['double_mppd']:.1f} ± {r['double_stderr']:.1f} "
              f"| {r['take_mppd']:.1f} ± {r['take_stderr']:.1f} "
              f"| {r['double_agree']}/{n} | {r['take_agree']}/{n} "
              f"| {r['seconds_per_position']:.2f} |")
    print()
    print("| agent | gnubg verdict | positions | double mppd | take mppd |")
    print("|---|---|---|---|---|")
    for r in summary["agents"]:
        for c in CLASSES:
            b = r["by_class"][c]
            print(f"| {r['agent']} | {c} | {b['positions']} | {b['double_mppd']:.1f} "
                  f"| {b['take_mppd']:.1f} |")
    print()
    print("| agent | odds error: wins | W | L |")
    print("|---|---|---|---|")
    for r in summary["agents"]:
        e = r["odds_error"]
        print(f"| {r['agent']} | {e['win']:.3f} | {e['won']:.3f} | {e['lost']:.3f} |")


if __name__ == "__main__":
    main()
