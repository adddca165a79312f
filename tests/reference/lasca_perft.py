#!/usr/bin/env python3
"""Perft of Lasca, written from the rules alone, sharing no code with ludus.

The rules (Lasker, 1911, as lasca.org states them; see games/lasca.game):
a 7 x 7 board, play on the squares whose file + rank (from 0) is even;
White (ranks 1-3) moves first, Black (ranks 5-7). A column is a stack of
pieces; its top piece (the commander) owns and moves it. A soldier steps
one square diagonally forwards, an officer either way. Capture, by the
short leap over an adjacent column commanded by the enemy onto an empty
square, is compulsory; any capture may be chosen, and a capture goes on
while the same column can capture. A capture takes only the top piece of
the jumped column and puts it at the bottom of the capturing column; the
rest stays. No column is jumped twice in one move. A soldier commander
reaching the far row becomes an officer and the move ends. A player with
no move loses (the game ends: no continuations).

Positions use ludus's notation (written independently here):
`white: a1 c3 officer e5; black: d4; under: d4 wB; turn: white`. A
player's field lists the sites of the columns he commands (a kind name,
`soldier` or `officer`, switches the kind of the sites after it); `under`
lists per site the pieces under the commander, highest first, by mark
(w/b soldier, W/B officer).

Usage: lasca_perft.py DEPTH [POSITION]   prints `depth count` lines.
"""

import sys

FILES = "abcdefg"
N = 7


def name(sq):
    f, r = sq
    return f"{FILES[f]}{r + 1}"


def parse_sq(text):
    f = FILES.index(text[0])
    r = int(text[1:]) - 1
    assert 0 <= r < N and (f + r) % 2 == 0, text
    return (f, r)


START = ("white: a1 c1 e1 g1 b2 d2 f2 a3 c3 e3 g3; "
         "black: a5 c5 e5 g5 b6 d6 f6 a7 c7 e7 g7; turn: white")

MARKS = {"w": ("white", False), "b": ("black", False),
         "W": ("white", True), "B": ("black", True)}


def parse(text):
    """A board {square: [pieces, top first]} (a piece: (colour, officer))
    and the colour to move."""
    board = {}
    turn = "white"
    fields = {}
    for field in text.split(";"):
        field = field.strip()
        if not field:
            continue
        key, value = field.split(":", 1)
        fields[key.strip()] = value.strip()
    for colour in ("white", "black"):
        officer = False
        for word in fields.get(colour, "").split():
            if word == "soldier":
                officer = False
            elif word == "officer":
                officer = True
            else:
                board[parse_sq(word)] = [(colour, officer)]
    for part in fields.get("under", "").split(","):
        part = part.strip()
        if part:
            sq, marks = part.split()
            board[parse_sq(sq)] += [MARKS[m] for m in marks]
    turn = fields.get("turn", "white")
    return board, turn


def other(colour):
    return "black" if colour == "white" else "white"


def directions(piece):
    colour, officer = piece
    fwd = 1 if colour == "white" else -1
    if officer:
        return [(1, 1), (-1, 1), (1, -1), (-1, -1)]
    return [(1, fwd), (-1, fwd)]


def on_board(f, r):
    return 0 <= f < N and 0 <= r < N


def far_row(colour):
    return N - 1 if colour == "white" else 0


def captures_from(board, sq, jumped, path, out):
    """Extends the capture that has brought the column now on `sq`
    (already moved there on `board`) having jumped the squares `jumped`;
    appends each finished capture's resulting (board) to `out`."""
    column = board[sq]
    top = column[0]
    extended = False
    for df, dr in directions(top):
        over = (sq[0] + df, sq[1] + dr)
        land = (sq[0] + 2 * df, sq[1] + 2 * dr)
        if not on_board(*land) or over in jumped or land in board:
            continue
        if over not in board or board[over][0][0] == top[0]:
            continue
        extended = True
        nb = dict(board)
        victim = board[over]
        prisoner = victim[0]
        rest = victim[1:]
        if rest:
            nb[over] = rest
        else:
            del nb[over]
        del nb[sq]
        moved = column + [prisoner]
        promote = (not top[1]) and land[1] == far_row(top[0])
        if promote:
            moved = [(top[0], True)] + moved[1:]
        nb[land] = moved
        if promote:
            out.append((path + [land], nb))
        else:
            captures_from(nb, land, jumped | {over}, path + [land], out)
    if not extended and path:
        out.append((path, board))


def moves(board, colour):
    """Every legal move: (text, board after)."""
    caps = []
    for sq in sorted(board):
        if board[sq][0][0] != colour:
            continue
        found = []
        captures_from(board, sq, frozenset(), [], found)
        for path, nb in found:
            caps.append(("x".join(name(s) for s in [sq] + path), nb))
    if caps:
        return caps
    steps = []
    for sq in sorted(board):
        column = board[sq]
        top = column[0]
        if top[0] != colour:
            continue
        for df, dr in directions(top):
            to = (sq[0] + df, sq[1] + dr)
            if not on_board(*to) or to in board:
                continue
            nb = dict(board)
            del nb[sq]
            if not top[1] and to[1] == far_row(colour):
                nb[to] = [(colour, True)] + column[1:]
            else:
                nb[to] = column
            steps.append((f"{name(sq)}-{name(to)}", nb))
    return steps


def perft(board, colour, depth, counts, level=1):
    for _, nb in moves(board, colour):
        counts[level - 1] += 1
        if level < depth:
            perft(nb, other(colour), depth, counts, level + 1)


def main():
    depth = int(sys.argv[1])
    text = sys.argv[2] if len(sys.argv) > 2 else START
    board, turn = parse(text)
    counts = [0] * depth
    perft(board, turn, depth, counts)
    for d, c in enumerate(counts, 1):
        print(d, c)


if __name__ == "__main__":
    main()
