"""Writes tests/data/gnubg-moves.txt: GNU Backgammon's own move strings.

Run inside GNU Backgammon (`apt-get install gnubg`):

    /usr/games/gnubg -t -q -p scripts/gnubg-moves.py

GNU Backgammon plays itself (0-ply, seeded) for GAMES money games. For every
checker play, the file gets a line: the Position ID before it (seen from
the player on roll), the dice, and each candidate play of its analysis as
GNU Backgammon writes it (`movetupletostring`), separated by ` ; `.
`tests/notation.rs` reads each play with ludus's notation and writes the
turn it finds back: the text must be GNU Backgammon's.
"""

import os

import gnubg

GAMES = 20
SEED = 11
OUT = os.path.join(os.getcwd(), "tests", "data", "gnubg-moves.txt")

gnubg.command("set display off")
gnubg.command("set player 0 gnubg")
gnubg.command("set player 1 gnubg")
gnubg.command("set player 0 chequerplay evaluation plies 0")
gnubg.command("set player 1 chequerplay evaluation plies 0")
gnubg.command("set automatic game off")
gnubg.command("set seed %d" % SEED)
lines = []
for _ in range(GAMES):
    gnubg.command("new game")
    game = gnubg.match()["games"][-1]
    for record in game["game"]:
        if record.get("action") != "move" or not record.get("move"):
            continue
        board = gnubg.positionfromid(record["board"])
        plays = [c["move"] for c in record.get("analysis", {}).get("moves", ())]
        if record["move"] not in plays:
            plays.insert(0, record["move"])
        texts = [gnubg.movetupletostring(p, board) for p in plays]
        lines.append("%s %d-%d: %s" % (record["board"], record["dice"][0], record["dice"][1], " ; ".join(texts)))
with open(OUT, "w") as f:
    f.write("# GNU Backgammon's move strings: Position ID (player on roll), dice: plays.\n")
    f.write("# Made by scripts/gnubg-moves.py (GNU Backgammon %d games, seed %d, 0-ply).\n" % (GAMES, SEED))
    for line in lines:
        f.write(line + "\n")
