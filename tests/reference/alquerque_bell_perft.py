#!/usr/bin/env python3
"""Independent perft checker for `alquerque-bell` and `alquerque-bell-noreturn`.

Written from the project's RULES.md (sections 2.1-2.6) and the source text
alquerque-b.txt only, without looking at ludus's own implementation, so that
the counts in tests/data/alquerque-variants.perft can be cross-checked.

Rules as implemented
--------------------
* Board 5x5, x = file a..e (0..4), y = rank 1..5 (0..4).  Orthogonal links
  everywhere; a diagonal link (x,y)-(x+-1,y+-1) only from a point with x+y
  even (the other end then has x+y even too, so a diagonal jump from an even
  point runs along one straight line).
* Bell: a piece moves and captures only forwards (incl. diagonally forwards
  where a diagonal link exists) or sideways; White's forward is north, Black's
  south.  A piece standing on the opponent's back rank (rank 5 for White,
  rank 1 for Black) has no step at all; there it may only capture sideways.
* A capture jumps over an adjacent opposing piece to the empty point beyond,
  removing it at once; the same piece may go on capturing, changing
  direction.  Capturing and continuing are optional for the engine: every
  step, every chain and every non-empty prefix of a chain is a move.  A move
  is identified by its origin, its landing points and (for a turn that
  starts with a huff) the huffed point.
* Huffing (both offences of 2.4 are huffable):
    - offence 1: the mover made no capture although, in the position he
      moved from (after his own huff, if any), some of his pieces had a
      capture: each such piece is an offender, at its new point if it moved;
    - offence 2: the mover's capture chain stopped while the capturing piece
      still had a capture from its final landing point: that piece offends.
  At the start of his next turn the opponent may remove one offender, then
  makes a normal move in the position without it.  If the huff takes the
  mover's last piece, the huff alone is the whole turn (the game is over).
  Offenders not huffed at once are forgotten.
* noreturn: each piece remembers every point it has occupied (its starting
  point included; for a set-up position just its current point).  No piece
  may land (step, or any landing of a chain) on a remembered point; within a
  chain the landings so far are remembered too.
* End: a player to move with no pieces or no legal move has lost; such a node
  has no moves, so it adds 0 to deeper perft counts.  (The 40-turn
  no-progress limit cannot matter at the depths checked here.)

Usage:  python3 tests/reference/alquerque_bell_perft.py [start_depth] [pos2_depth]
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

WHITE, BLACK = 0, 1
SIZE = 5

Point = tuple[int, int]


def name(p: Point) -> str:
    return "abcde"[p[0]] + str(p[1] + 1)


def parse(s: str) -> Point:
    return ("abcde".index(s[0]), int(s[1]) - 1)


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def directions(color: int, p: Point) -> list[tuple[int, int]]:
    """Directions a piece of `color` standing on `p` may move/capture in
    under Bell's "never backwards" rule: forward, sideways, and diagonally
    forward when p lies on a diagonal line of the pattern (x+y even)."""
    fwd = 1 if color == WHITE else -1
    dirs = [(0, fwd), (1, 0), (-1, 0)]
    if (p[0] + p[1]) % 2 == 0:
        dirs += [(1, fwd), (-1, fwd)]
    return dirs


def on_far_rank(color: int, p: Point) -> bool:
    """True if p is the opponent's back rank for a piece of `color`."""
    return p[1] == (SIZE - 1 if color == WHITE else 0)


@dataclass(frozen=True)
class Piece:
    color: int
    memory: frozenset  # points this piece has occupied (used by noreturn)


class Position:
    """board: dict Point -> Piece; `offenders`: points of pieces of the
    player NOT to move that the player to move may huff this turn."""

    def __init__(self, board: dict, to_move: int, offenders=frozenset()):
        self.board = board
        self.to_move = to_move
        self.offenders = frozenset(offenders)

    def key(self):
        return (frozenset(self.board.items()), self.to_move, self.offenders)


class Rules:
    def __init__(self, noreturn: bool):
        self.noreturn = noreturn

    # ---- single jumps -------------------------------------------------
    def jumps(self, board: dict, p: Point, piece: Piece):
        """Yield (over, land) for each single capture available to `piece`
        standing on p in `board` (board[p] may or may not hold it)."""
        x, y = p
        for dx, dy in directions(piece.color, p):
            if on_far_rank(piece.color, p) and dy != 0:
                continue  # on the far rank only sideways captures
            mx, my, lx, ly = x + dx, y + dy, x + 2 * dx, y + 2 * dy
            if not on_board(lx, ly):
                continue
            over, land = (mx, my), (lx, ly)
            victim = board.get(over)
            if victim is None or victim.color == piece.color:
                continue
            if land in board:
                continue
            if self.noreturn and land in piece.memory:
                continue
            yield over, land

    def can_capture(self, board: dict, p: Point) -> bool:
        return next(iter(self.jumps(board, p, board[p])), None) is not None

    # ---- normal moves (no huff) --------------------------------------
    def normal_moves(self, board: dict, color: int):
        """Yield (path, new_board, offenders_for_next_turn).  path is the
        list of points: origin then each landing point."""
        capturers = [p for p, pc in board.items()
                     if pc.color == color and self.can_capture(board, p)]
        for p, piece in list(board.items()):
            if piece.color != color:
                continue
            # steps
            if not on_far_rank(color, p):
                for dx, dy in directions(color, p):
                    q = (p[0] + dx, p[1] + dy)
                    if not on_board(*q) or q in board:
                        continue
                    if self.noreturn and q in piece.memory:
                        continue
                    nb = dict(board)
                    del nb[p]
                    nb[q] = Piece(color, piece.memory | {q})
                    # offence 1: a capture existed but none was made
                    offs = frozenset(q if c == p else c for c in capturers)
                    yield [p, q], nb, offs
            # capture chains, every non-empty prefix is a move
            yield from self._chains(board, p, piece, [p])

    def _chains(self, board: dict, p: Point, piece: Piece, path: list):
        for over, land in self.jumps(board, p, piece):
            nb = dict(board)
            del nb[p]
            del nb[over]
            moved = Piece(piece.color, piece.memory | {land})
            nb[land] = moved
            newpath = path + [land]
            # offence 2: chain stopped while it could go on
            offs = frozenset([land]) if self.can_capture(nb, land) else frozenset()
            yield newpath, nb, offs
            yield from self._chains(nb, land, moved, newpath)

    # ---- full move list ----------------------------------------------
    def moves(self, pos: Position):
        """Yield (move_id, child Position).  move_id is a readable string."""
        color, opp = pos.to_move, 1 - pos.to_move
        if not any(pc.color == color for pc in pos.board.values()):
            return  # no pieces: lost, no moves
        for path, nb, offs in self.normal_moves(pos.board, color):
            yield fmt(path), Position(nb, opp, offs)
        for h in sorted(pos.offenders):
            assert pos.board[h].color == opp
            hb = dict(pos.board)
            del hb[h]
            if not any(pc.color == opp for pc in hb.values()):
                yield f"huff {name(h)}", Position(hb, opp, frozenset())
                continue
            for path, nb, offs in self.normal_moves(hb, color):
                yield f"huff {name(h)} {fmt(path)}", Position(nb, opp, offs)

    def perft(self, pos: Position, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        seen = set()
        for mid, child in self.moves(pos):
            assert mid not in seen, mid  # every move identity is distinct
            seen.add(mid)
            total += 1 if depth == 1 else self.perft(child, depth - 1)
        return total


def fmt(path: list) -> str:
    if len(path) == 2 and max(abs(path[0][0] - path[1][0]),
                              abs(path[0][1] - path[1][1])) == 1:
        return f"{name(path[0])}-{name(path[1])}"
    return "x".join(name(p) for p in path)


def make_position(white: str, black: str, to_move: int, offenders="") -> Position:
    board = {}
    for color, spec in ((WHITE, white), (BLACK, black)):
        for s in spec.split():
            p = parse(s)
            assert p not in board
            board[p] = Piece(color, frozenset([p]))
    offs = frozenset(parse(s) for s in offenders.split())
    return Position(board, to_move, offs)


START = make_position("a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 d3 e3",
                      "a4 b4 c4 d4 e4 a5 b5 c5 d5 e5 a3 b3", WHITE)
POS2 = make_position("b3 c2 d2 e1", "c4 b4 d5 a5 e3", BLACK, "b3 c2")
WORKED = make_position("a1 a5 e5", "d1", BLACK)


def with_memories(spec: dict, to_move: int) -> Position:
    """A position whose pieces remember the points they have occupied:
    spec maps a colour to {point: [other points it has occupied]}."""
    board = {}
    for color, pieces in spec.items():
        for s, memory in pieces.items():
            p = parse(s)
            board[p] = Piece(color, frozenset([p] + [parse(m) for m in memory]))
    return Position(board, to_move, frozenset())


# The no-return position of the perft file:
# white: c3(c2,b2) d2 a2 b1; black: c4 b4(b5) d4(e5,e4) a4 a3
POS3 = with_memories({WHITE: {"c3": ["c2", "b2"], "d2": [], "a2": [], "b1": []},
                      BLACK: {"c4": [], "b4": ["b5"], "d4": ["e5", "e4"],
                              "a4": [], "a3": []}}, WHITE)


def main():
    max_start = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    max_pos2 = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    # The counts of tests/data/alquerque-variants.perft.
    claims = {("alquerque-bell", "start"): [4, 8, 49, 619],
              ("alquerque-bell", "pos2"): [42, 940, 18350],
              ("alquerque-bell-noreturn", "start"): [4, 8, 49, 613],
              ("alquerque-bell-noreturn", "pos3"): [13, 219, 4444]}
    t0 = time.perf_counter()
    for variant, noreturn in (("alquerque-bell", False),
                              ("alquerque-bell-noreturn", True)):
        rules = Rules(noreturn)
        cases = [("start", START, max_start), ("pos2", POS2, max_pos2)]
        if noreturn:
            cases.append(("pos3", POS3, 3))
        for label, pos, dmax in cases:
            res = [rules.perft(pos, d) for d in range(1, dmax + 1)]
            claim = claims.get((variant, label))
            note = ""
            if claim:
                n = min(len(claim), len(res))
                note = " (matches claim)" if res[:n] == claim[:n] else f" (claim {claim})"
            print(f"{variant:24s} {label:5s} perft 1..{dmax}: {res}{note}")
        print(f"  {variant} worked case, Black moves:",
              [m for m, _ in rules.moves(WORKED)])
    print(f"time {time.perf_counter() - t0:.2f}s")


if __name__ == "__main__":
    main()
