#!/usr/bin/env python3
"""Compares ludus's board games with OpenSpiel's: one driver, an adapter
per game.

OpenSpiel (https://github.com/google-deepmind/open_spiel, `pip install
open_spiel==2.0.2`) implements its board games by hand in C++. This script,
run by hand outside `cargo test`, plays seeded games in OpenSpiel; at the
start of every turn it collects OpenSpiel's legal turns (written as ludus
writes them, a turn OpenSpiel splits into several actions of one player
folded into one) and the game's result, and compares them with ludus's
legal turns and outcome for the same position (`ludus moves FILE
--batch`). Play mixes uniform moves with biased ones (a turn that ends
the game is taken when there is one), so that late positions are reached.

Usage, from the crate root:

    cargo build --release
    python3 tests/reference/openspiel_boards.py tic_tac_toe --positions 100000 --seed 1

(`connect_four`, `breakthrough`, `clobber`, `othello`, `hex` and `hex7`,
hex at 7 x 7, `lines_of_action`, `gomoku11` and `gomoku9`, OpenSpiel's
gomoku at sizes 11 and 9, `amazons`, and `dots_and_boxes` and
`dots_and_boxes3`, OpenSpiel's dots and boxes at 2 x 2 and 3 x 3 boxes,
`chinese_checkers`, and `einstein_wurfelt_nicht` and `maedn` (Mensch
ärgere Dich nicht for two), whose chance nodes the
adapter plays, likewise.)

It prints the positions, turns and results compared, and the
disagreements, the first few in full; `--pin FILE` also writes a sample
of the positions compared with OpenSpiel's turns and result, one per line
(`POSITION | TURN, TURN, ... | RESULT`), which `tests/boards.rs` reads.

An adapter says, for one game: OpenSpiel's name and parameters, the ludus
file, the players' names in ludus (OpenSpiel's player 0 first), how to
write a state as a ludus position, and each legal turn as ludus's text.
"""

import argparse
import json
import random
import subprocess
import sys

import pyspiel


class Adapter:
    """What every adapter shares: how a seeded game is played, and the
    position of a game whose pieces are placed from the hand and stay."""

    def placed_position(self, sites):
        """The position where each player's pieces stand on `sites` (his
        list, in the order of `self.players`), the one to move the one
        who has placed fewer, each holding `self.hands` less what he has
        placed."""
        fields = [f"{p}: {' '.join(s)}".rstrip() for p, s in zip(self.players, sites)]
        counts = [len(s) for s in sites]
        fields.append(f"turn: {self.players[sum(counts) % 2]}")
        left = [h - c for h, c in zip(self.hands, counts)]
        if any(left):
            fields.append(f"hand: {self.players[0]} {left[0]}, {self.players[1]} {left[1]}")
        return "; ".join(fields)

    def start(self, state, rng):
        """Plays the chance nodes before the first turn, where the game has
        some; most have none."""

    def play(self, state, rng, biased):
        """Applies one random turn; biased play takes a winning one."""
        actions = state.legal_actions()
        if biased:
            for a in actions:
                after = state.child(a)
                if after.is_terminal() and max(after.returns()) > 0:
                    state.apply_action(a)
                    return
        state.apply_action(rng.choice(actions))


class TicTacToe(Adapter):
    """`tic_tac_toe`: action `row * 3 + col`, row 0 the top line of
    `str(state)`; ludus names the columns a b c and the rows 3 2 1 from the
    top. Player 0 is x and moves first; x places five marks at most, o
    four (`setup` of games/tic-tac-toe.game)."""

    name = "tic_tac_toe"
    params = {}
    file = "games/tic-tac-toe.game"
    players = ("x", "o")
    marks = ("x", "o")
    hands = (5, 4)

    @staticmethod
    def site(a):
        return "abc"[a % 3] + "321"[a // 3]

    def cells(self, state):
        return "".join(str(state).split())

    def position(self, state):
        cells = self.cells(state)
        return self.placed_position(
            [[self.site(a) for a in range(9) if cells[a] == mark] for mark in self.marks]
        )

    def turns(self, state):
        return [self.site(a) for a in state.legal_actions()]


class Gomoku11(Adapter):
    """`gomoku` with `size` 11 (games/gomoku-11.game): action `r * 11 +
    c`, row 0 the top line of `str(state)` (after a line naming the
    player to move), ludus's rank 11; columns are files a-k. Player 0 is
    Black (`b`) and moves first."""

    name = "gomoku11"
    openspiel = "gomoku"
    size = 11
    file = "games/gomoku-11.game"
    players = ("black", "white")
    marks = ("b", "w")

    @property
    def params(self):
        return {"size": self.size}

    @property
    def hands(self):
        cells = self.size * self.size
        return ((cells + 1) // 2, cells // 2)

    def site(self, a):
        return "abcdefghijk"[a % self.size] + str(self.size - a // self.size)

    def position(self, state):
        cells = "".join(str(state).split("\n")[1:])
        return self.placed_position(
            [[self.site(a) for a, c in enumerate(cells) if c == mark] for mark in self.marks]
        )

    def turns(self, state):
        return [self.site(a) for a in state.legal_actions()]


class Gomoku9(Gomoku11):
    """`gomoku` with `size` 9 (games/gomoku-9.game)."""

    name = "gomoku9"
    size = 9
    file = "games/gomoku-9.game"


class Squares(Adapter):
    """A game whose `str(state)` is its board, one line per rank from the
    top, each starting with the rank's name, then a line of file letters;
    a turn is from-square then to-square. Player 0 moves first, and the
    players alternate (no pass): the player to move is read from the
    number of actions played, also once the game is over."""

    marks = ()
    players = ()

    def board(self, state):
        """{site: mark} of the occupied squares."""
        lines = str(state).strip("\n").split("\n")
        files = lines[-1].strip()
        cells = {}
        for line in lines[:-1]:
            rank, row = line[: -len(files)], line[-len(files):]
            for f, c in zip(files, row):
                if c != ".":
                    cells[f + rank] = c
        return cells

    def position(self, state):
        cells = self.board(state)
        fields = []
        for player, mark in zip(self.players, self.marks):
            sites = sorted(s for s, c in cells.items() if c == mark)
            fields.append(f"{player}: {' '.join(sites)}".rstrip())
        mover = len(state.history()) % 2
        fields.append(f"turn: {self.players[mover]}")
        return "; ".join(fields)


class Breakthrough(Squares):
    """`breakthrough`, 8 x 8: OpenSpiel writes a step `a7a6` and a
    capture `b4c3*`, ludus `a7-a6` and `b4xc3`. Player 0 is Black (`b`),
    on ranks 7 and 8, and moves first."""

    name = "breakthrough"
    params = {}
    file = "games/breakthrough.game"
    players = ("black", "white")
    marks = ("b", "w")

    def turns(self, state):
        out = []
        for a in state.legal_actions():
            t = state.action_to_string(a)
            sep = "x" if t.endswith("*") else "-"
            out.append(t[:2] + sep + t[2:4])
        return out


class Clobber(Squares):
    """`clobber`, 5 ranks of 6 files: OpenSpiel writes a move `a5b5`,
    ludus `a5xb5` (every move takes). Player 0 is White (`o`), on a1, and
    moves first."""

    name = "clobber"
    params = {}
    file = "games/clobber.game"
    players = ("white", "black")
    marks = ("o", "x")

    def turns(self, state):
        return [t[:2] + "x" + t[2:4] for t in map(state.action_to_string, state.legal_actions())]


class LinesOfAction(Squares):
    """`lines_of_action`: OpenSpiel writes a turn as ludus does (`b1-b3`,
    `c1xa3`). Player 0 is Black (`x`) and moves first. `str(state)` ends
    with the player to move, after the board. A board that stands again
    draws, so a position is given with its history: the board after the
    last capture (or the start: none stands again across a capture) and
    the turns played since, in the `moves` field."""

    name = "lines_of_action"
    params = {}
    file = "games/lines-of-action.game"
    players = ("black", "white")
    marks = ("x", "o")

    def board(self, state):
        return super().board(state.__str__().split("\n\n")[0])

    def position(self, state):
        if not state.history():
            self.base, self.since = Squares.position(self, state), []
        if not self.since:
            return self.base
        return f"{self.base}; moves: {', '.join(self.since)}"

    def play(self, state, rng, biased):
        before = len(state.history())
        super().play(state, rng, biased)
        turn = state.action_to_string(before % 2, state.history()[before])
        if "x" in turn:
            self.base, self.since = Squares.position(self, state), []
        else:
            self.since.append(turn)

    def turns(self, state):
        return [state.action_to_string(a) for a in state.legal_actions()]


class Othello(Adapter):
    """`othello`: action `row * 8 + col`, row 0 the top line, which
    Othello players and OpenSpiel both name 1 (`d3` is 19); 64 is the
    pass, written `pass` by both. Player 0 is Black (`x`) and places first.
    Each player starts with 60 discs in hand (games/othello.game); the
    discs he has placed are his actions that were not passes, the players
    taking turns action by action."""

    name = "othello"
    params = {}
    file = "games/othello.game"
    players = ("black", "white")
    marks = ("x", "o")
    hand = 60

    def position(self, state):
        rows = [line.split()[1:9] for line in str(state).splitlines()[2:10]]
        fields = []
        for player, mark in zip(self.players, self.marks):
            sites = [
                "abcdefgh"[c] + str(r + 1)
                for r in range(8)
                for c in range(8)
                if rows[r][c] == mark
            ]
            fields.append(f"{player}: {' '.join(sites)}".rstrip())
        history = state.history()
        fields.append(f"turn: {self.players[len(history) % 2]}")
        placed = [sum(1 for a in history[p::2] if a != 64) for p in (0, 1)]
        fields.append(
            f"hand: {self.players[0]} {self.hand - placed[0]}, "
            f"{self.players[1]} {self.hand - placed[1]}"
        )
        return "; ".join(fields)

    def turns(self, state):
        return [state.action_to_string(a) for a in state.legal_actions()]


class Hex(Adapter):
    """`hex` with its defaults (board_size 11, no swap): action `r * 11 +
    c`, written as the column's letter and the row + 1 (`a1` is action 0,
    `k11` action 120), which ludus's sites of games/hex.game are (file = the
    column, rank = the row + 1). Player 0 is Black, x, and moves first;
    the stones of each side are read from the state's actions (even ones
    Black's), not from `str(state)`, which marks stones by their edges."""

    name = "hex"
    size = 11
    file = "games/hex.game"
    players = ("x", "o")

    @property
    def params(self):
        return {} if self.size == 11 else {"board_size": self.size}

    @property
    def hands(self):
        cells = self.size * self.size
        return ((cells + 1) // 2, cells // 2)

    def site(self, a):
        return "abcdefghijk"[a % self.size] + str(a // self.size + 1)

    def position(self, state):
        history = state.history()
        return self.placed_position([[self.site(a) for a in history[p::2]] for p in (0, 1)])

    def turns(self, state):
        return [self.site(a) for a in state.legal_actions()]


class Hex7(Hex):
    """`hex` at board_size 7 (games/hex-7.game)."""

    name = "hex7"
    openspiel = "hex"
    size = 7
    file = "games/hex-7.game"

    @property
    def params(self):
        return {"board_size": 7}


class ConnectFour(Adapter):
    """`connect_four` (rows 6, columns 7, x_in_row 4): the action is the
    column, 0 to 6, and the disc falls to the lowest empty cell of it;
    `str(state)` prints the top row first. ludus names the columns a to g
    and the rows 1 (bottom) to 6, and writes a turn as the site where the
    disc comes to rest: column c with h discs in it is `"abcdefg"[c]`
    then `h + 1`. Player 0 is x and moves first; each player has 21 discs
    (`setup` of games/connect-four.game)."""

    name = "connect_four"
    params = {}
    file = "games/connect-four.game"
    players = ("x", "o")
    marks = ("x", "o")
    hands = (21, 21)
    rows, columns = 6, 7

    def grid(self, state):
        """The cells by (column, row), row 0 the bottom."""
        lines = str(state).split()
        assert len(lines) == self.rows, lines
        return {(c, self.rows - 1 - r): lines[r][c]
                for r in range(self.rows) for c in range(self.columns)}

    @staticmethod
    def site(column, row):
        return "abcdefg"[column] + str(row + 1)

    def position(self, state):
        grid = self.grid(state)
        return self.placed_position([
            [self.site(c, r) for r in range(self.rows) for c in range(self.columns)
             if grid[(c, r)] == mark]
            for mark in self.marks
        ])

    def turns(self, state):
        grid = self.grid(state)
        out = []
        for a in state.legal_actions():
            height = sum(grid[(a, r)] != "." for r in range(self.rows))
            out.append(self.site(a, height))
        return out


class Amazons(Adapter):
    """`amazons`, 10 x 10: action `r * 10 + c`, row 0 the top line of
    `str(state)`, which ludus names rank 10 (file = the column, rank = 10
    - r). OpenSpiel splits a turn into three actions of one player (the
    amazon, its landing, its arrow); ludus writes the folded turn
    `from-to/arrow`. Player 0 is White (`X`), on a4, d1, g1 and j4, and
    moves first. An arrow is its shooter's piece in ludus (`shoot arrow`
    of games/amazons.game): the position is read from the state's
    history, a turn of three actions at a time, the players taking turns;
    positions are read at the start of a turn only."""

    name = "amazons"
    params = {}
    file = "games/amazons.game"
    players = ("white", "black")
    start = (("a4", "d1", "g1", "j4"), ("a7", "d10", "g10", "j7"))

    @staticmethod
    def site(a):
        return "abcdefghij"[a % 10] + str(10 - a // 10)

    def position(self, state):
        history = state.history()
        assert len(history) % 3 == 0, "a position is read at a turn's start"
        amazons = [list(s) for s in self.start]
        arrows = [[], []]
        for i in range(0, len(history), 3):
            player = (i // 3) % 2
            frm, to, arrow = (self.site(a) for a in history[i:i + 3])
            amazons[player][amazons[player].index(frm)] = to
            arrows[player].append(arrow)
        fields = []
        for player, mine, shot in zip(self.players, amazons, arrows):
            sites = " ".join(mine) + (" arrow " + " ".join(shot) if shot else "")
            fields.append(f"{player}: {sites}")
        fields.append(f"turn: {self.players[(len(history) // 3) % 2]}")
        return "; ".join(fields)

    def folded(self, state):
        """Every turn of the player to move: (text, its three actions)."""
        out = []
        for f in state.legal_actions():
            picked = state.child(f)
            for t in picked.legal_actions():
                landed = picked.child(t)
                head = f"{self.site(f)}-{self.site(t)}/"
                out.extend((head + self.site(s), (f, t, s)) for s in landed.legal_actions())
        return out

    def turns(self, state):
        return [text for text, _ in self.folded(state)]

    def play(self, state, rng, biased):
        """Applies one random turn (an amazon, then its landing, then its
        arrow, each drawn among the legal actions); biased play takes a
        winning turn where there is one."""
        if biased:
            for _, actions in self.folded(state):
                after = state.clone()
                for a in actions:
                    after.apply_action(a)
                if after.is_terminal() and max(after.returns()) > 0:
                    for a in actions:
                        state.apply_action(a)
                    return
        for _ in range(3):
            state.apply_action(rng.choice(state.legal_actions()))


class Kalah(Adapter):
    """`mancala` (Kalah): pits 1 to 6 are player 0's (south), 8 to 13
    player 1's (north), 7 and 0 their stores (ludus's zones `store`); an
    action is the pit sown, written as ludus names the point. The
    observation holds the 14 counts and the player to move (kept as the
    last mover's once the game is over)."""

    name = "kalah"
    openspiel = "mancala"
    params = {}
    file = "games/kalah.game"
    players = ["south", "north"]

    def position(self, state):
        obs = [int(n) for n in state.observation_tensor(0)]
        seeds = " ".join(f"{i}*{n}" for i, n in enumerate(obs[:14]) if n > 0 and i % 7)
        stores = [f"{p}: store*{obs[i]}" if obs[i] else f"{p}:"
                  for p, i in zip(self.players, (7, 0))]
        return f"seeds: {seeds}; {'; '.join(stores)}; turn: {self.players[obs[14]]}"

    def turns(self, state):
        return [str(a) for a in state.legal_actions()]


class Oware(Adapter):
    """`oware`: houses 0 to 5 are player 0's (south, `A` to `F`), 6 to 11
    player 1's (north, `a` to `f`), each row in sowing order; the scores
    are the players' stores. The observation holds each count over the
    48 seeds. A board repeated since the last capture ends the game, so a
    position is the board after the last capture (or the start) and the
    turns since (`moves`), which ludus replays."""

    name = "oware"
    params = {}
    file = "games/oware.game"
    players = ["south", "north"]
    houses = "ABCDEFabcdef"

    def __init__(self):
        # Of the game being played: the board after its last capture (or
        # its start) with the stores then, and the turns since.
        self.base = None

    def board(self, state, mover):
        obs = [round(v * 48) for v in state.observation_tensor(0)]
        seeds = " ".join(f"{h}*{n}" for h, n in zip(self.houses, obs[:12]) if n > 0)
        stores = [f"{p}: store*{n}" if n else f"{p}:" for p, n in zip(self.players, obs[12:])]
        return f"seeds: {seeds}; {stores[0]}; {stores[1]}; turn: {self.players[mover]}", obs[12:]

    @staticmethod
    def written(base, since):
        return f"{base}; moves: {', '.join(since)}" if since else base

    def position(self, state):
        """Called at every turn of a game in order, from its start."""
        history = state.history()
        if not history:
            self.base = (*self.board(state, 0), [])
            return self.base[0]
        base, scores, since = self.base
        mover = (len(history) - 1) % 2
        since = since + [self.houses[mover * 6 + history[-1]]]
        if state.is_terminal():
            # OpenSpiel has moved the seeds left into the stores: the
            # turn that ended the game is replayed by ludus instead.
            return self.written(base, since)
        board, now = self.board(state, len(history) % 2)
        if now != scores:
            self.base = (board, now, [])
        else:
            self.base = (base, scores, since)
        return self.written(*self.base[::2])

    def turns(self, state):
        p = state.current_player()
        return [self.houses[p * 6 + a] for a in state.legal_actions()]


class DotsAndBoxes(Adapter):
    """`dots_and_boxes` with its defaults (num_rows 2, num_cols 2;
    games/dots-and-boxes.game). ludus's board is the lattice of the dots
    (`drawn as edges`), files a, b, ... from the left and ranks 1, 2, ...
    from the top, as OpenSpiel counts rows: the horizontal line (h,r,c),
    action `r * C + c`, is the edge of file 2c+1 and rank 2r+1; the
    vertical line (v,r,c), action `(R + 1) * C + r * (C + 1) + c`, the
    edge of file 2c and rank 2r+2; box (r,c) the site of file 2c+1 and
    rank 2r+2. A player who claims a box draws again: OpenSpiel gives him
    the next action, ludus the next turn (`again after enclosing`), so an
    action is a turn in both. Player 0 (OpenSpiel's P1, `x`) draws first.
    The owner of every line and box is read from OpenSpiel's observation
    tensor (cell states by cell and part: h, v, box); the player to move
    and the extra turns he has taken in a row from the history, replayed
    (where the game is over, the last player to draw, whose last line
    claimed a box, is to move)."""

    name = "dots_and_boxes"
    openspiel = "dots_and_boxes"
    rows, cols = 2, 2
    file = "games/dots-and-boxes.game"
    players = ("first", "second")

    @property
    def params(self):
        return {"num_rows": self.rows, "num_cols": self.cols}

    @property
    def edges(self):
        return (self.rows + 1) * self.cols + self.rows * (self.cols + 1)

    @staticmethod
    def point(x, y):
        return "abcdefghijklmnopqrstuvwxyz"[x] + str(y + 1)

    def site(self, a):
        maxh = (self.rows + 1) * self.cols
        if a < maxh:
            r, c = divmod(a, self.cols)
            return self.point(2 * c + 1, 2 * r)
        r, c = divmod(a - maxh, self.cols + 1)
        return self.point(2 * c, 2 * r + 1)

    def movers(self, state):
        """The player to move and the extra turns he has taken in a row:
        the history replayed."""
        replay = state.get_game().new_initial_state()
        mover, again = 0, 0
        for a in state.history():
            mover = replay.current_player()
            replay.apply_action(a)
            nxt = replay.current_player()
            again = again + 1 if nxt in (mover, pyspiel.PlayerId.TERMINAL) else 0
        if not state.is_terminal():
            mover = state.current_player()
        return mover, again

    def position(self, state):
        cells = (self.rows + 1) * (self.cols + 1)
        t = state.observation_tensor(0)
        owner = {}  # (cell, part) -> player
        for k in (1, 2):
            for cell in range(cells):
                for part in range(3):
                    if t[(k * cells + cell) * 3 + part]:
                        owner[(cell, part)] = k - 1
        lines, boxes = [[], []], [[], []]
        for (cell, part), p in owner.items():
            r, c = divmod(cell, self.cols + 1)
            if part == 0:
                lines[p].append(self.point(2 * c + 1, 2 * r))
            elif part == 1:
                lines[p].append(self.point(2 * c, 2 * r + 1))
            else:
                boxes[p].append(self.point(2 * c + 1, 2 * r + 1))
        fields = []
        for player, mine, claimed in zip(self.players, lines, boxes):
            text = " ".join(sorted(mine)) + (" box " + " ".join(sorted(claimed)) if claimed else "")
            fields.append(f"{player}: {text}".rstrip())
        mover, again = self.movers(state)
        fields.append(f"turn: {self.players[mover]}")
        if again:
            fields.append(f"again: {again}")
        fields.append(
            f"hand: {self.players[0]} {self.edges - len(lines[0])}, "
            f"{self.players[1]} {self.edges - len(lines[1])}"
        )
        return "; ".join(fields)

    def turns(self, state):
        return [self.site(a) for a in state.legal_actions()]


class DotsAndBoxes3(DotsAndBoxes):
    """`dots_and_boxes` with num_rows 3, num_cols 3
    (games/dots-and-boxes-3x3.game)."""

    name = "dots_and_boxes3"
    rows, cols = 3, 3
    file = "games/dots-and-boxes-3x3.game"


class ChineseCheckers(Adapter):
    """`chinese_checkers` with its defaults (2 players, max_moves 1000):
    position N is ludus's hole N + 1. OpenSpiel splits a chain of hops
    into an action per hop and ends it with `Pass` (726), or by itself
    where no hop goes on; ludus writes the folded turn `from-to`, the hole
    the marble ends on, one turn however many chains reach it (a step and
    a chain to the same hole included). A player who cannot move passes
    (`Pass` at the start of a turn, ludus's `pass`). The position is read
    from the observation (player 0's marbles, player 1's, the empty holes,
    then the player to move); the turns played, which the game's length
    limit counts, are kept as the adapter plays them. Biased play moves
    forward greedily, so that games reach their end."""

    name = "chinese_checkers"
    params = {}
    file = "games/chinese-checkers.game"
    players = ("red", "green")
    PASS = 121 * 6
    # The holes of each row of the star, top to bottom: OpenSpiel's rows.
    ROWS = [h for r, n in enumerate((1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1))
            for h in [r] * n]

    def __init__(self):
        self.played = 0
        # OpenSpiel's six directions UL, UR, L, R, DL, DR are the file's nw,
        # n, w, e, s and se; the holes' squares are the file's `sites`, in
        # the order they are numbered.
        with open(ChineseCheckers.file) as f:
            sites = next(line for line in f if line.strip().startswith("sites ")).split()[1:]
        at = {(ord(s[0]) - ord("a"), int(s[1:])): h for h, s in enumerate(sites)}
        steps = [(-1, 1), (0, 1), (-1, 0), (1, 0), (0, -1), (1, -1)]
        square = [(ord(s[0]) - ord("a"), int(s[1:])) for s in sites]
        self.neighbour = [[at.get((x + dx, y + dy), -1) for dx, dy in steps] for x, y in square]
        self.hop = [[at.get((x + 2 * dx, y + 2 * dy), -1) for dx, dy in steps] for x, y in square]

    def empty(self, state):
        """Whether each hole is empty, from the observation's empty plane."""
        obs = state.observation_tensor(0)
        n = len(self.players)
        return [obs[n * 121 + h] > 0 for h in range(121)]

    def position(self, state):
        if not state.history():
            self.played = 0
        obs = state.observation_tensor(0)
        fields = []
        for p, name in enumerate(self.players):
            holes = [str(h + 1) for h in range(121) if obs[p * 121 + h] > 0]
            fields.append(f"{name}: {' '.join(holes)}")
        mover = 0 if obs[3 * 121] > 0 else 1
        fields.append(f"turn: {self.players[mover]}")
        fields.append(f"length: {self.played}")
        return "; ".join(fields)

    @staticmethod
    def landing(state, action):
        """The hole (from 0) the action's marble lands on."""
        text = state.action_to_string(state.current_player(), action)
        return int(text.replace("=>", "->").split("->")[1])

    def folded(self, state):
        """Every turn of the player to move: {text: its actions}. A chain
        is explored in OpenSpiel's own states, from each hole it reaches
        once only: the board does not change along a chain (only the
        hopping marble moves, and it never hops over itself), so the holes
        a chain can reach do not depend on the way it came, and the holes
        OpenSpiel refuses as visited are reached already."""
        out = {}
        player = state.current_player()
        empty = self.empty(state)
        for a in state.legal_actions():
            if a == self.PASS:
                out["pass"] = [a]
                continue
            origin, way = divmod(a, 6)
            near = self.neighbour[origin][way]
            # A step to an empty neighbour, else a hop over it.
            land = near if empty[near] else self.hop[origin][way]
            out.setdefault(f"{origin + 1}-{land + 1}", [a])
            after = state.child(a)
            if after.is_terminal() or after.current_player() != player:
                continue
            reached = {land}
            wave = [(after, [a])]
            while wave:
                st, path = wave.pop()
                for b in st.legal_actions():
                    if b == self.PASS:
                        continue
                    # Within a chain every action is a hop.
                    to = self.hop[b // 6][b % 6]
                    if to in reached:
                        continue
                    reached.add(to)
                    out.setdefault(f"{origin + 1}-{to + 1}", path + [b])
                    nxt = st.child(b)
                    if not nxt.is_terminal() and nxt.current_player() == player:
                        wave.append((nxt, path + [b]))
        return out

    def turns(self, state):
        return list(self.folded(state))

    def gain(self, player, a, b):
        """How far a marble of `player` moving from hole `a` to hole `b`
        comes towards its goal: the rows gained."""
        way = 1 if player == 0 else -1
        return way * (self.ROWS[b] - self.ROWS[a])

    def play(self, state, rng, biased):
        """Applies one turn: biased play takes, four times in five, a turn
        that gains the most towards the goal (`gain`, drawn among the
        best), and otherwise one drawn among all the turns."""
        turns = self.folded(state)
        texts = sorted(turns)
        player = state.current_player()
        if biased and rng.random() < 0.8 and texts != ["pass"]:

            def gain(t):
                a, b = (int(x) - 1 for x in t.split("-"))
                return self.gain(player, a, b)

            best = max(gain(t) for t in texts)
            texts = [t for t in texts if gain(t) == best]
        for a in turns[rng.choice(texts)]:
            state.apply_action(a)
        if not state.is_terminal() and state.current_player() == player:
            state.apply_action(self.PASS)  # the chain stops here
        self.played += 1
class ChineseCheckersN(ChineseCheckers):
    """`chinese_checkers(players=N)` for 3, 4 and 6 players
    (games/chinese-checkers-N.game): as for two, the players seated on
    OpenSpiel's triangles of that count in turn order. The observation has
    a plane per player (player 0's observation is not rotated), then the
    empty holes, then the player to move. Biased play moves, four times in
    five, a marble that comes the nearest to the centre of the player's
    goal, on the star drawn with its rows a unit apart."""

    count = 3
    NAMES = ("red", "green", "blue", "yellow", "purple", "orange")
    SLOTS = {3: (0, 2, 4), 4: (0, 1, 3, 4), 6: (0, 1, 2, 3, 4, 5)}
    # OpenSpiel's triangles, 0 the top point, counting clockwise.
    TRIANGLES = ((0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
                 (19, 20, 21, 22, 32, 33, 34, 44, 45, 55),
                 (74, 84, 85, 95, 96, 97, 107, 108, 109, 110),
                 (111, 112, 113, 114, 115, 116, 117, 118, 119, 120),
                 (65, 75, 76, 86, 87, 88, 98, 99, 100, 101),
                 (10, 11, 12, 13, 23, 24, 25, 35, 36, 46))

    def __init__(self):
        super().__init__()
        self.params = {"players": self.count}
        self.file = f"games/chinese-checkers-{self.count}.game"
        self.players = self.NAMES[:self.count]
        lengths = (1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1)
        self.at = [(i - (n - 1) / 2, r * 3 ** 0.5 / 2)
                   for r, n in enumerate(lengths) for i in range(n)]
        self.goals = []
        for slot in self.SLOTS[self.count]:
            goal = self.TRIANGLES[(slot + 3) % 6]
            self.goals.append((sum(self.at[h][0] for h in goal) / 10,
                               sum(self.at[h][1] for h in goal) / 10))

    def position(self, state):
        if not state.history():
            self.played = 0
        n = self.count
        obs = state.observation_tensor(0)
        fields = []
        for p, name in enumerate(self.players):
            holes = [str(h + 1) for h in range(121) if obs[p * 121 + h] > 0]
            fields.append(f"{name}: {' '.join(holes)}")
        mover = max(range(n), key=lambda p: obs[(n + 1) * 121 + p])
        fields.append(f"turn: {self.players[mover]}")
        fields.append(f"length: {self.played}")
        return "; ".join(fields)

    def gain(self, player, a, b):
        """How much nearer the centre of `player`'s goal a marble moving
        from hole `a` to hole `b` comes."""
        gx, gy = self.goals[player]
        far = [((self.at[h][0] - gx) ** 2 + (self.at[h][1] - gy) ** 2) ** 0.5 for h in (a, b)]
        return round(far[0] - far[1], 6)


class ChineseCheckers3(ChineseCheckersN):
    name = "chinese_checkers_3"
    openspiel = "chinese_checkers"
    count = 3


class ChineseCheckers4(ChineseCheckersN):
    name = "chinese_checkers_4"
    openspiel = "chinese_checkers"
    count = 4


class ChineseCheckers6(ChineseCheckersN):
    name = "chinese_checkers_6"
    openspiel = "chinese_checkers"
    count = 6


class Thrown(Adapter):
    """A game whose chance nodes (a die thrown, pieces dealt) the seeded
    generator here plays, uniformly, as OpenSpiel's outcomes are: before
    the first turn and after every turn."""

    def start(self, state, rng):
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))

    def play(self, state, rng, biased):
        super().play(state, rng, biased)
        self.start(state, rng)


class Einstein(Thrown):
    """`einstein_wurfelt_nicht` (games/einstein-wurfelt-nicht.game): chance
    deals Black's arrangement of his cubes, then White's (720 each), then
    throws the die (action `d - 1`) before every turn; a turn is action
    `((r * 5 + c) * 6 + dir) * 2 + capture`, row 0 the top line of
    `str(state)` (ludus's rank 5), directions 0-2 Black's (down-right,
    down, right), 3-5 White's (up, up-left, left). The chance nodes are
    played by the seeded generator here, uniformly, as OpenSpiel's
    outcomes are, and every position compared is one after the throw, the
    die in its `dice` field. Player 0 is Black; White (player 1) moves
    first, and the players alternate."""

    name = "einstein_wurfelt_nicht"
    params = {}
    file = "games/einstein-wurfelt-nicht.game"
    players = ("black", "white")
    kinds = ("one", "two", "three", "four", "five", "six")
    rows = [(1, 1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1)]

    @staticmethod
    def site(r, c):
        return "abcde"[c] + str(5 - r)


    def position(self, state):
        cubes = {0: {}, 1: {}}  # player -> {value: site}
        for r, line in enumerate(str(state).strip("\n").split("\n")):
            for c, cell in enumerate(line[1:-1].split("||")):
                if cell != "__":
                    cubes["bw".index(cell[0])][int(cell[1])] = self.site(r, c)
        fields = {}
        for p in (0, 1):
            words = []
            for v in sorted(cubes[p]):
                if v > 1:
                    words.append(self.kinds[v - 1])
                words.append(cubes[p][v])
            fields[p] = f"{self.players[p]}: {' '.join(words)}".rstrip()
        # White moves first, then the players alternate: after the two
        # deals, a throw and a move a turn.
        moves = (len(state.history()) - 2) // 2
        mover = 1 if moves % 2 == 0 else 0
        out = [fields[1], fields[0], f"turn: {self.players[mover]}"]
        if not state.is_terminal():
            out.append(f"dice: {state.history()[-1] + 1}")
        return "; ".join(out)

    def turns(self, state):
        out = []
        for a in state.legal_actions():
            a, capture = divmod(a, 2)
            a, d = divmod(a, 6)
            r, c = divmod(a, 5)
            dr, dc = self.rows[d]
            sep = "x" if capture else "-"
            out.append(self.site(r, c) + sep + self.site(r + dr, c + dc))
        return out


class Ludo(Thrown):
    """`maedn` (games/ludo.game), Mensch ärgere Dich nicht for two players
    on opposite sides (OpenSpiel's default): chance throws the die before
    every turn (action `d - 1`). The position is read from player 0's
    observation: per shared field (numbered from red's first field) the
    owner's one-hot, then each player's four goal fields, the men off the
    board per player, the player to move and the die. A man of the player
    whose first field is 10 * s fields on stands at track position
    (field - 10 * s) mod 40 + 1 in ludus, goal field i at 41 + i, and the
    men off the board in `start`. OpenSpiel's actions: 0 passes, 1 brings
    a man in (`start/1`), 2 + r moves the man at relative field r."""

    name = "maedn"
    params = {"players": 2}
    file = "games/ludo.game"
    players = ("red", "green")
    seats = (0, 2)  # the side each player sits on: his first field is 10 * seat


    def observed(self, state):
        """The men's track positions per player, the men off the board,
        the player to move (None at the end) and the die."""
        t = state.observation_tensor(0)
        men = [[] for _ in self.players]
        for field in range(40):
            for q in range(4):
                if t[field * 4 + q]:
                    men[q].append((field - 10 * self.seats[q]) % 40 + 1)
        base = 160
        for p in range(4):
            for i in range(4):
                for q in range(4):
                    if t[base + (p * 4 + i) * 4 + q]:
                        men[q].append(41 + i)
        off = [int(t[224 + p]) for p in range(len(self.players))]
        mover = next((p for p in range(4) if t[228 + p]), None)
        die = next((d + 1 for d in range(6) if t[232 + d]), 0)
        return men, off, mover, die

    def position(self, state):
        men, off, mover, die = self.observed(state)
        fields = []
        for p, name in enumerate(self.players):
            words = [str(m) for m in sorted(men[p])]
            if off[p]:
                words.append(f"start*{off[p]}")
            fields.append(f"{name}: {' '.join(words)}".rstrip())
        if state.is_terminal():
            # The game is over: the winner's next player to move, no die.
            winner = max(range(len(self.players)), key=lambda p: state.returns()[p])
            fields.append(f"turn: {self.players[(winner + 1) % len(self.players)]}")
        else:
            fields.append(f"turn: {self.players[mover]}")
            fields.append(f"dice: {die}")
        return "; ".join(fields)

    def turns(self, state):
        men, off, mover, die = self.observed(state)
        out = []
        for a in state.legal_actions():
            if a == 0:
                out.append("pass")
            elif a == 1:
                out.append("start/1")
            else:
                r = a - 2 + 1
                out.append(f"{r}/{r + die}")
        return out


class Ludo3(Ludo):
    """`maedn(players=3)` (games/ludo-3.game): player p on side p."""

    name = "maedn_3"
    openspiel = "maedn"
    params = {"players": 3}
    file = "games/ludo-3.game"
    players = ("red", "green", "blue")
    seats = (0, 1, 2)


class Ludo4(Ludo):
    """`maedn(players=4)` (games/ludo-4.game): player p on side p."""

    name = "maedn_4"
    openspiel = "maedn"
    params = {"players": 4}
    file = "games/ludo-4.game"
    players = ("red", "green", "blue", "yellow")
    seats = (0, 1, 2, 3)


ADAPTERS = {
    a.name: a
    for a in (TicTacToe, ConnectFour, Breakthrough, Clobber, Othello, Hex, Hex7,
              LinesOfAction, Gomoku11, Gomoku9, Amazons, Kalah, Oware, DotsAndBoxes,
              DotsAndBoxes3, ChineseCheckers, ChineseCheckers3, ChineseCheckers4,
              ChineseCheckers6, Einstein, Ludo, Ludo3, Ludo4)
}


# Positions compared at a time, at least (a whole game's).
BATCH = 2000


def ludus_answers(ludus, game, positions):
    """ludus's answer for each position of `game` (`ludus moves GAME
    --batch`: its legal turns and outcome), one JSON object each."""
    proc = subprocess.run(
        [ludus, "moves", game, "--batch"],
        input="".join(p + "\n" for p in positions),
        capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"ludus failed: {proc.stderr}")
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(positions), (len(answers), len(positions))
    return answers


def show_disagreement(shown, position, theirs, ours):
    """Prints the first few disagreements in full (`theirs` and `ours`
    each a result and its turns); the number shown so far."""
    if shown >= 5:
        return shown
    print(f"DISAGREE at {position}")
    print(f"  openspiel: {theirs[0]} {theirs[1]}")
    print(f"  ludus:     {ours[0]} {ours[1]}")
    return shown + 1


def result_of(state, players):
    if not state.is_terminal():
        return "unfinished"
    r = state.returns()
    for p, name in enumerate(players):
        if r[p] > 0:
            return f"{name} wins"
    return "draw"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(ADAPTERS))
    ap.add_argument("--positions", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ludus", default="target/release/ludus")
    ap.add_argument("--pin", help="write a sample of the positions to this file")
    ap.add_argument("--pin-every", type=int, default=50)
    ap.add_argument("--pin-finished-every", type=int,
                    help="of the finished games, every Nth (default: --pin-every)")
    args = ap.parse_args()
    if args.pin_finished_every is None:
        args.pin_finished_every = args.pin_every

    adapter = ADAPTERS[args.game]()
    rng = random.Random(args.seed)
    game = pyspiel.load_game(getattr(adapter, "openspiel", adapter.name), adapter.params)
    cases = []  # (position, sorted turns, result), of the batch not yet compared
    pinned = []  # the sample of every batch's cases (`--pin`)
    seen = {True: 0, False: 0}
    compared = games = turns_compared = disagreements = results = shown = 0
    tally = {}

    def compare():
        """Compares the cases of the batch with ludus's answers, keeps
        the sample `--pin` writes, and forgets them: a game with
        thousands of turns a position (amazons) is compared in batches."""
        nonlocal compared, turns_compared, disagreements, results, shown
        answers = ludus_answers(args.ludus, adapter.file, [c[0] for c in cases])
        for (pos, turns, result), ans in zip(cases, answers):
            ours = sorted(ans["moves"]) if ans["outcome"] == "unfinished" else []
            turns_compared += len(turns)
            results += result != "unfinished"
            if result != "unfinished":
                tally[result] = tally.get(result, 0) + 1
            if ours != turns or ans["outcome"] != result:
                disagreements += 1
                shown = show_disagreement(shown, pos, (result, turns), (ans["outcome"], ours))
            # Every `--pin-every`th position, of those in play and of the
            # finished ones apart, so that both are sampled.
            over = result != "unfinished"
            every = args.pin_finished_every if over else args.pin_every
            if args.pin and seen[over] % every == 0:
                pinned.append((pos, turns, result))
            seen[over] += 1
        compared += len(cases)
        cases.clear()
        print(f"  {compared} positions compared, {disagreements} disagreements",
              file=sys.stderr, flush=True)

    while compared + len(cases) < args.positions:
        games += 1
        # Every other game biased towards turns that end it.
        biased = games % 2 == 0
        state = game.new_initial_state()
        adapter.start(state, rng)
        while compared + len(cases) < args.positions:
            position = adapter.position(state)
            if state.is_terminal():
                cases.append((position, [], result_of(state, adapter.players)))
                break
            cases.append((position, sorted(adapter.turns(state)), "unfinished"))
            adapter.play(state, rng, biased)
        if len(cases) >= BATCH:
            compare()
    compare()

    print(f"{args.game}: {compared} positions of {games} games (seed {args.seed}), "
          f"{turns_compared} turns, {results} finished games' results compared; "
          f"{disagreements} disagreements")
    print("results: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
    if args.pin:
        with open(args.pin, "w") as f:
            f.write(f"# {args.game}: positions of seeded games in OpenSpiel 2.0.2\n")
            f.write(f"# (tests/reference/openspiel_boards.py {args.game} --seed {args.seed}),\n")
            f.write("# with OpenSpiel's legal turns and result:\n")
            f.write("# POSITION | TURN, TURN, ... | RESULT\n")
            for pos, turns, result in pinned:
                f.write(f"{pos} | {', '.join(turns)} | {result}\n")
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
