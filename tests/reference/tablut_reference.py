#!/usr/bin/env python3
"""Tablut against an independent implementation: our own reference, as
tablut has no OpenSpiel counterpart. This file plays Linnaeus' rules as
games/tablut.game reads them (or, with --four-sided, as
games/tablut-four-sided.game does) in a few lines of plain Python, with
nothing shared with ludus: rook moves over empty squares, never onto the
castle; custodial capture by the mover's landing piece against his pieces
or the empty castle; the king taken by four (or three and the castle) in
or beside the castle, elsewhere by two (or everywhere by four sides, with
--four-sided); the king wins on the edge, the Muscovites by taking him; a
player who cannot move draws.

It plays seeded random games (uniform, and biased towards captures and
king moves to reach the late game), asks ludus (`ludus moves GAME
--batch`) for each position's legal turns, the position after each turn
and its outcome, and compares them. Repetition is left out: a position
string carries no history (ludus judges it in play, tests/tablut.rs).

    python3 tests/reference/tablut_reference.py --ludus target/release/ludus \\
        --positions 100000 --seed 1
    python3 tests/reference/tablut_reference.py --perft 3
"""

import argparse
import json
import random
import subprocess
import sys

N = 9
CASTLE = (4, 4)
PALACE = {(4, 4), (4, 3), (4, 5), (3, 4), (5, 4)}
DIRS = [(0, 1), (1, 0), (0, -1), (-1, 0)]
PLAYERS = ["muscovites", "swedes"]


def sq(s):
    return (ord(s[0]) - 97, int(s[1:]) - 1)


def name(p):
    return chr(97 + p[0]) + str(p[1] + 1)


def start():
    b = {}
    for s in "d1 e1 f1 e2 d9 e9 f9 e8 a4 a5 a6 b5 i4 i5 i6 h5".split():
        b[sq(s)] = "m"
    for s in "e3 e4 e6 e7 c5 d5 f5 g5".split():
        b[sq(s)] = "s"
    b[sq("e5")] = "K"
    return b


def side(x):
    return 0 if x == "m" else 1


def on(p):
    return 0 <= p[0] < N and 0 <= p[1] < N


def step(p, d, k=1):
    return (p[0] + k * d[0], p[1] + k * d[1])


def moves(b, player):
    out = []
    for p, x in b.items():
        if side(x) != player:
            continue
        for d in DIRS:
            q = step(p, d)
            while on(q) and q not in b:
                if q != CASTLE:
                    out.append((p, q))
                q = step(q, d)
    return out


def play(b, m, player, four):
    b = dict(b)
    p, q = m
    b[q] = b.pop(p)

    def anvil(s):
        return (s in b and side(b[s]) == player) or (s == CASTLE and s not in b)

    taken = []
    for d in DIRS:
        n = step(q, d)
        if n not in b or side(b[n]) == player:
            continue
        if b[n] == "K" and (four or n in PALACE):
            if all(on(step(n, e)) and anvil(step(n, e)) for e in DIRS):
                taken.append(n)
        elif on(step(n, d)) and anvil(step(n, d)):
            taken.append(n)
    for n in taken:
        del b[n]
    return b


def outcome(b, to_move):
    """The result judged for the player to move (repetition aside)."""
    kings = [p for p, x in b.items() if x == "K"]
    if to_move == 0 and kings and (kings[0][0] in (0, 8) or kings[0][1] in (0, 8)):
        return "swedes wins"
    if to_move == 1 and not kings:
        return "muscovites wins"
    if not moves(b, to_move):
        return "draw"
    return "unfinished"


def position(b, to_move):
    parts = []
    for player in (0, 1):
        men = sorted((p for p, x in b.items() if side(x) == player and x != "K"),
                     key=lambda p: (p[1], p[0]))
        text = " ".join(name(p) for p in men)
        kings = [p for p, x in b.items() if x == "K" and player == 1]
        if kings:
            text += " king " + name(kings[0])
        parts.append(f"{PLAYERS[player]}: {text}".rstrip())
    return "; ".join(parts) + f"; turn: {PLAYERS[to_move]}"


def board_of(text):
    """The pieces and the player to move of a ludus position string."""
    b, turn = {}, None
    for field in text.split(";"):
        key, _, value = field.strip().partition(":")
        if key in PLAYERS:
            kind = "m" if key == "muscovites" else "s"
            for w in value.split():
                if w == "king":
                    kind = "K"
                else:
                    b[sq(w)] = kind
        elif key == "turn":
            turn = value.strip()
    return b, turn


def perft(b, player, depth, four):
    if outcome(b, player) != "unfinished":
        return 0
    ms = moves(b, player)
    if depth == 1:
        return len(ms)
    return sum(perft(play(b, m, player, four), 1 - player, depth - 1, four) for m in ms)


def games(rng, count, four):
    """Positions of seeded random games, each with its turns and what
    they lead to: (position, {turn: (position after, outcome)}, outcome)."""
    out = []
    while len(out) < count:
        b, player, seen = start(), 0, {}
        biased = rng.random() < 0.5
        while len(out) < count:
            result = outcome(b, player)
            after = {}
            if result == "unfinished":
                for m in moves(b, player):
                    nb = play(b, m, player, four)
                    after[f"{name(m[0])}-{name(m[1])}"] = (nb, outcome(nb, 1 - player))
            out.append((position(b, player), after, result))
            if result != "unfinished":
                break
            key = position(b, player)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= 3:
                break
            turns = sorted(after)
            if biased:
                takes = [t for t in turns if len(after[t][0]) < len(b)]
                kings = [t for t in turns if b[sq(t.split("-")[0])] == "K"]
                pick = takes or (kings if kings and rng.random() < 0.3 else turns)
            else:
                pick = turns
            t = rng.choice(pick)
            b, player = after[t][0], 1 - player
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ludus", default="target/release/ludus")
    ap.add_argument("--positions", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--four-sided", action="store_true")
    ap.add_argument("--perft", type=int, metavar="DEPTH")
    args = ap.parse_args()
    four = args.four_sided
    if args.perft:
        for d in range(1, args.perft + 1):
            print(d, perft(start(), 0, d, four), flush=True)
        return
    game = "games/tablut-four-sided.game" if four else "games/tablut.game"
    rng = random.Random(args.seed)
    data = games(rng, args.positions, four)
    disagree = shown = 0
    for start_at in range(0, len(data), 5000):
        chunk = data[start_at:start_at + 5000]
        proc = subprocess.run([args.ludus, "moves", game, "--batch"],
                              input="".join(p + "\n" for p, _, _ in chunk),
                              capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            sys.exit(f"ludus failed: {proc.stderr}")
        answers = [json.loads(line) for line in proc.stdout.splitlines()]
        assert len(answers) == len(chunk)
        for (pos, after, result), ans in zip(chunk, answers):
            ours = {}
            if ans["outcome"] == "unfinished":
                for t, r, o in zip(ans["moves"], ans["results"], ans["outcomes"]):
                    ours[t] = (board_of(r)[0], o)
            theirs = {t: (nb, o) for t, (nb, o) in after.items()}
            if ans["outcome"] != result or ours != theirs:
                disagree += 1
                if shown < 5:
                    shown += 1
                    print(f"DISAGREE at {pos}: reference {result}, ludus {ans['outcome']}")
                    for t in sorted(set(ours) | set(theirs)):
                        if ours.get(t) != theirs.get(t):
                            print(f"  {t}: reference {theirs.get(t)}, ludus {ours.get(t)}")
                            break
    finished = sum(1 for _, _, r in data if r != "unfinished")
    takes = sum(1 for p, a, _ in data for t, (nb, _) in a.items()
                if len(nb) < len(board_of(p)[0]))
    print(f"{len(data)} positions ({finished} finished, {takes} turns that take), "
          f"{disagree} disagreements")
    sys.exit(1 if disagree else 0)


if __name__ == "__main__":
    main()
