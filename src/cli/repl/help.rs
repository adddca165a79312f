//! The REPL's `help`: the commands, with example moves taken from the
//! game's own legal moves (die moves and whole turns as the game writes
//! them in dice games), and the cube's commands where the game has a cube.

use super::Session;
use ludus::notation::move_text;

const HELP: &str = "\
Type a move in notation: `b2-c3` (a step), `a1xc3xe5` (a capture chain),
`huff d4 b2-c3` (a huff, then a move). Case and spaces do not matter, and
any unambiguous beginning of a legal move will do (`b2-c`).
Commands:
  moves     list the legal moves, numbered; then a number plays that move
  board     draw the board again
  undo      take back your last move and the agents' moves after it
  position  print the position in notation (for `ludus play --position`)
  hint      the best moves by the strongest agent measured for the game,
            `computer`, here
              HINTER
            `hint AGENT` asks another agent, such as `hint expectimax:depth=3`
  resign    concede the game (`resign 2`: worth 2 points to the opponent)
  new       start a new game
  save FILE write the record of the game so far (`ludus replay FILE`)
  load FILE continue a game from its record
  help      this text
  quit      leave the game (also `exit`, Ctrl-D or Ctrl-C)
";

/// The cube's commands, in the help of games with a cube.
const CUBE_HELP: &str = "\
The doubling cube:
  double    offer to double the stakes, before your turn (`redouble`)
  take      accept a double: the cube, doubled, is yours (`accept`)
  drop      refuse it: lose the game at the cube's value (`reject`)
  hint      at a double to answer, or before your throw: take or drop,
            double or roll, with the equity that decides it
  next      money play: the next game, once one is over and scored (the
            score so far is said); in a match the next game follows by
            itself, and `quit` in the middle of one asks to be typed again
";

impl Session<'_> {
    pub(super) fn help(&self) -> String {
        if !self.engine.has_dice() {
            return self.grid_help();
        }
        let mover = self.game.to_move();
        let track = self.engine.track(mover);
        if track.len() < 6 {
            return self.grid_help();
        }
        // Points as the mover's moves name them.
        let point = |p: usize| ludus::notation::track_point_text(self.engine, mover, p);
        let (first, last) = (point(0), point(track.len() - 1));
        let enter = point(4);
        let near_end = point(track.len() - 4);
        let roll = self.example_roll();
        // A die move and a whole turn, as this game writes them: the first
        // turn of two die moves or more of this position's roll (or of the
        // example roll thrown here).
        let (one, whole) = self.example_turn(&roll).unwrap_or_else(|| {
            (
                format!("{}/{}", point(1), point(3)),
                format!("{}/{} {}/{}", point(1), point(3), point(3), point(5)),
            )
        });
        format!(
            "\
At the start of your turn, throw the dice: `roll` (the seeded generator
throws them), or `dice {roll}` (also `dice {dashed}`) for a roll thrown with real
dice. Then type your die moves with your own point numbers, one at a time
(`{one}`) or the whole turn at once (`{whole}`), one man's die moves apart
or as one move from his first point to his last; `{first}/{enter}` moves a man
from {first}, `{near_end}/{last}` moves one to {last}.
A turn with no legal die move passes; a turn that can be played in only
one way is played for you.
Commands:
  moves     list the legal turns, numbered (a number plays one), and the
            die moves that may come next
  board     draw the board again, after the die moves typed so far
  undo      take back your last die move; at the start of a turn, take back
            your last turn and the agents' turns after it
  position  print the position in notation (for `ludus play --position`)
  hint      the best turns of the roll by the strongest agent measured
            for the game, `computer`, here
              {hinter}
            the best {shown} played out {rollouts} times each for their equity
            (points expected a game); `hint AGENT` asks another agent, such
            as `hint mcts`
  pip       each player's pip count
  resign    concede the game: `resign` (a single game), `resign double`,
            `resign triple` or `resign N` points
  new       start a new game
  save FILE write the record of the game so far (`ludus replay FILE`)
  load FILE continue a game from its record
  help      this text
  quit      leave the game (also `exit`, Ctrl-D or Ctrl-C)
{cube}",
            dashed = roll.replace(' ', "-"),
            hinter = self.hinter(),
            shown = super::hint::HINTS_SHOWN,
            rollouts = super::hint::HINT_ROLLOUTS,
            cube = if self.game.stakes().rules.is_some() {
                CUBE_HELP
            } else {
                ""
            },
        )
    }

    /// The help of a game without dice, its example move one of the
    /// position's legal moves where there is one, and the cube's commands
    /// where the game has a cube.
    fn grid_help(&self) -> String {
        let moves = self.game.legal();
        let text = match moves.iter().find(|m| m.len > 0) {
            Some(m) => {
                let example = move_text(self.engine, m);
                // The shortest beginning of the example that no other legal
                // move shares, if one is shorter than the move.
                let texts: Vec<String> = moves
                    .iter()
                    .map(|m| move_text(self.engine, m).to_lowercase())
                    .collect();
                let begun = (1..example.len())
                    .filter(|&k| example.is_char_boundary(k))
                    .map(|k| &example[..k])
                    .find(|b| {
                        let b = b.to_lowercase();
                        texts.iter().filter(|t| t.starts_with(&b)).count() == 1
                    });
                let text = HELP.replacen(
                    "Type a move in notation: `b2-c3` (a step), `a1xc3xe5` (a capture chain),\n`huff d4 b2-c3` (a huff, then a move).",
                    &format!("Type a move in notation, such as `{example}` here."),
                    1,
                );
                match begun {
                    Some(b) => text.replacen("(`b2-c`)", &format!("(`{b}`)"), 1),
                    None => text.replacen(" (`b2-c`)", "", 1),
                }
            }
            None => HELP.into(),
        };
        let mut text = text.replacen("HINTER", &self.hinter(), 1);
        if self.game.stakes().rules.is_some() {
            text.push_str(CUBE_HELP);
        }
        text
    }

    /// The agent `hint` asks, by its own name (`computer` as the game
    /// makes it: `Spec::strongest`).
    fn hinter(&self) -> String {
        let game = self
            .file
            .as_ref()
            .map(|f| f.path.clone())
            .unwrap_or_default();
        let name = ludus::agent::Spec::strongest(self.engine, &game).to_string();
        // Its evaluation's file by name alone, wherever the game was read from.
        let short = |option: &str| match option.strip_prefix("file=") {
            Some(path) => {
                let file = std::path::Path::new(path).file_name().unwrap_or_default();
                format!("file={}", file.to_string_lossy())
            }
            None => option.to_string(),
        };
        match name.split_once(':') {
            Some((kind, options)) => {
                let options: Vec<String> = options.split(',').map(short).collect();
                format!("{kind}:{}", options.join(","))
            }
            None => name,
        }
    }

    /// A die move and a whole turn of this game, as it writes them: from
    /// the turns of the position's roll, or of `roll` thrown on it.
    fn example_turn(&self, roll: &str) -> Option<(String, String)> {
        let mut probe = self.game.state().clone();
        if self.needs_roll() {
            probe.dice = ludus::notation::parse_dice(self.engine, roll).ok()?;
        }
        let mut moves = Vec::new();
        self.engine.try_legal_moves(&mut probe, &mut moves).ok()?;
        // A turn of two men, so that its first die move reads apart.
        let m = (moves.iter().filter(|m| m.len >= 2))
            .find(|m| move_text(self.engine, m).contains(' '))
            .or_else(|| moves.iter().find(|m| m.len >= 2))?;
        let whole = move_text(self.engine, m);
        let one = ludus::in_progress::step_text(self.engine, m.mover, m.steps[0]);
        Some((one, whole))
    }
}
