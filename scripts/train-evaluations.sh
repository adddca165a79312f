#!/usr/bin/env bash
# Retrains the evaluations bundled beside the games (games/NAME.eval), each
# by one seeded `ludus train` run: the same command gives the same file on
# the same platform. The `learned` agent plays by them where no file is
# named, and `hint` and the `computer` opponent use them. About 25
# minutes on one core.
#
#     scripts/train-evaluations.sh
#
# Only games where training pays are bundled: backgammon, where the learned
# agent two turns deep loses 13 thousandths of a point per decision judged
# by GNU Backgammon at 2-ply (scripts/vs-gnubg.py), against 60 for
# expectimax two turns deep; plakoto and fevga, where it beats that
# expectimax by 0.59 and 1.78 points per game; English draughts and Alquerque, where given
# the same time per turn it takes most of the points from expectimax and
# from MCTS (docs/research.md, "Learning an evaluation", has the matches).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
target/release/ludus train backgammon --out games/backgammon.eval --games 200000 --seed 1
target/release/ludus train english-draughts --out games/english-draughts.eval --games 200000 --seed 1
target/release/ludus train alquerque --out games/alquerque.eval --games 200000 --seed 1
target/release/ludus train plakoto --out games/plakoto.eval --games 100000 --seed 1
target/release/ludus train fevga --out games/fevga.eval --games 100000 --seed 1
