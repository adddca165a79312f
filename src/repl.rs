//! The `play` REPL: people and agents take turns at one game in the terminal.
//!
//! The core is [`Session`]: it turns one line of input into the text to
//! print ([`Session::handle`]) and plays the agents' turns, forced passes
//! and, in dice games, forced turns itself. It never touches the terminal,
//! so it is tested without one. [`run`] is the thin loop around it:
//! rustyline, with a history kept in `$HOME/.ludus_history`, when stdin is a
//! terminal; plain lines otherwise, each echoed after its prompt so that a
//! piped session reads as a transcript.
//!
//! In dice games each turn starts unthrown: a person types `roll` (the
//! seeded generator throws) or `dice 5 3` (a roll thrown with real dice),
//! then the turn's die moves, all at once or one at a time; the session
//! keeps the die moves typed so far and plays the turn once they make a
//! complete legal turn.
//!
//! The random agents draw from one generator seeded with `--seed`, in the
//! same order as `ludus playout` (in dice games: the roll, then the choice):
//! with two random agents, `play --seed N` plays the very game of
//! `playout --seed N`.

use crate::Agent;
use ludus::engine::{Engine, Move, NONE, Outcome, State, Step};
use ludus::ir::Priority;
use ludus::notation::{self, find_move, move_text, parse_dice, position_text};
use ludus::playout::{self, Rng, outcome_text};
use ludus::render;
use rand::RngExt;
use rustyline::error::ReadlineError;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

const HELP: &str = "\
Type a move in notation: `b2-c3` (a step), `a1xc3xe5` (a capture chain),
`huff d4 b2-c3` (a huff, then a move). Case and spaces do not matter, and
any unambiguous beginning of a legal move will do (`b2-c`).
Commands:
  moves     list the legal moves, numbered; then a number plays that move
  board     draw the board again
  undo      take back your last move and the agents' moves after it
  position  print the position in notation (for `ludus play --position`)
  help      this text
  quit      leave the game (also `exit`, Ctrl-D or Ctrl-C)
";

/// What one line of input produced.
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
    /// The text to print.
    pub text: String,
    /// Whether the user asked to leave.
    pub quit: bool,
}

/// A turn played, kept so that it can be taken back.
struct Turn {
    before: State,
    by_human: bool,
}

/// What a line typed in a dice game asks for.
enum DiceInput {
    /// A complete turn, to play.
    Turn(Move),
    /// Die moves that begin a legal turn: all those typed so far this turn.
    Part(Vec<String>),
}

/// A game in progress, with everything the REPL needs besides the terminal.
pub struct Session<'e> {
    engine: &'e Engine,
    agents: [Agent; 2],
    rng: Rng,
    st: State,
    /// The legal moves in `st` (none in a dice game before the roll).
    moves: Vec<Move>,
    /// The outcome of `st`.
    outcome: Outcome,
    /// Every turn played in this session, oldest first.
    history: Vec<Turn>,
    /// The moves as last numbered by `moves`; empty once the position changes.
    menu: Vec<Move>,
    finished: bool,
    /// Dice games: every legal sequence of die moves of the roll in `st`.
    sequences: Vec<Move>,
    /// The die moves of each of `sequences`, in notation.
    sequence_steps: Vec<Vec<String>>,
    /// Dice games: the die moves typed so far this turn (a beginning of
    /// some of `sequences`); `st` stays the position before them.
    partial: Vec<String>,
    /// Dice games: the roll has too many routes to list in `sequences`, so
    /// its turns are typed whole.
    unlisted: bool,
    /// Why the session cannot go on (a roll with more turns than the
    /// engine lists); it is then over, and [`run`] fails with this.
    fault: Option<String>,
}

impl<'e> Session<'e> {
    /// A session at `st`; nothing is played until [`Session::start`].
    pub fn new(engine: &'e Engine, st: State, agents: [Agent; 2], seed: u64) -> Self {
        let mut session = Session {
            engine,
            agents,
            rng: playout::rng(seed),
            st,
            moves: Vec::new(),
            outcome: Outcome::Ongoing,
            history: Vec::new(),
            menu: Vec::new(),
            finished: false,
            sequences: Vec::new(),
            sequence_steps: Vec::new(),
            partial: Vec::new(),
            unlisted: false,
            fault: None,
        };
        session.refresh();
        session
    }

    /// The board, then whatever is played before a person must move.
    pub fn start(&mut self) -> String {
        let mut out = render::board(self.engine, &self.st);
        self.advance(&mut out);
        out
    }

    /// Whether the game has ended.
    pub fn over(&self) -> bool {
        self.finished
    }

    /// The prompt: the name of the player to move; in dice games also the
    /// roll and the dice left to play.
    pub fn prompt(&self) -> String {
        if !self.engine.has_dice() || self.finished {
            return format!("{}> ", self.mover());
        }
        if self.needs_roll() {
            return format!("{} to roll> ", self.mover());
        }
        if self.partial.is_empty() {
            return format!("{} {}> ", self.mover(), self.roll_text());
        }
        format!(
            "{} {}, {} left> ",
            self.mover(),
            self.roll_text(),
            self.dice_left()
        )
    }

    /// Obeys one line of input: a command, a move, or a menu number.
    pub fn handle(&mut self, line: &str) -> Reply {
        let input = line.trim();
        let lower = input.to_lowercase();
        let mut out = String::new();
        match lower.as_str() {
            "" => {}
            "quit" | "exit" => {
                return Reply {
                    text: out,
                    quit: true,
                };
            }
            "help" | "?" => out.push_str(&self.help()),
            "board" => self.show_board(&mut out),
            "position" => {
                out.push_str(&position_text(self.engine, &self.st));
                out.push('\n');
                if !self.partial.is_empty() {
                    out.push_str(&format!(
                        "(the position before the die moves typed so far: {})\n",
                        self.partial.join(" ")
                    ));
                }
            }
            "moves" => self.list_moves(&mut out),
            "undo" => self.undo(&mut out),
            "roll" => self.throw(None, &mut out),
            _ if lower == "dice" || lower.starts_with("dice ") => {
                self.throw(Some(input.get(4..).unwrap_or_default().trim()), &mut out);
            }
            _ if self.engine.has_dice() => match self.choose_dice(input) {
                Ok(DiceInput::Turn(m)) => {
                    self.play(m, true, false, &mut out);
                    self.advance(&mut out);
                }
                Ok(DiceInput::Part(typed)) => {
                    let new = typed[self.partial.len()..].join(" ");
                    self.partial = typed;
                    self.menu.clear();
                    out.push_str(&format!("{} moves {new}\n", self.mover()));
                    self.show_board(&mut out);
                }
                Err(message) => {
                    out.push_str(&message);
                    out.push('\n');
                }
            },
            _ => match self.choose(input) {
                Ok(m) => {
                    self.play(m, true, false, &mut out);
                    self.advance(&mut out);
                }
                Err(message) => {
                    out.push_str(&message);
                    out.push('\n');
                }
            },
        }
        Reply {
            text: out,
            quit: false,
        }
    }

    fn mover(&self) -> &str {
        &self.engine.game().players[self.st.to_move as usize].name
    }

    /// Whether the player to move must still throw the dice.
    fn needs_roll(&self) -> bool {
        self.engine.has_dice() && self.st.dice.iter().all(|&d| d == 0)
    }

    /// The dice thrown, such as `5-3`.
    fn roll_text(&self) -> String {
        ludus::notation::dice_text(&self.st).unwrap_or_default()
    }

    /// A roll to show in examples, such as `5 3`, for this game's dice.
    fn example_roll(&self) -> String {
        let Some(dice) = self.engine.game().dice else {
            return String::new();
        };
        let mut faces: Vec<u8> = [5, 3, 6, 2, 4, 1]
            .into_iter()
            .filter(|&f| f <= dice.faces)
            .collect();
        if faces.is_empty() {
            faces.push(1);
        }
        let values: Vec<String> = (0..dice.count as usize)
            .map(|i| faces[i % faces.len()].to_string())
            .collect();
        values.join(" ")
    }

    fn help(&self) -> String {
        if !self.engine.has_dice() {
            return HELP.into();
        }
        let sites = &self.engine.game().board.sites;
        let track = self.engine.track(self.st.to_move as usize);
        let (first, last) = match (track.first(), track.last()) {
            (Some(&f), Some(&l)) => (&sites[f as usize].name, &sites[l as usize].name),
            _ => return HELP.into(),
        };
        let near_end = track.len().saturating_sub(4);
        let roll = self.example_roll();
        format!(
            "\
At the start of your turn, throw the dice: `roll` (the seeded generator
throws them), or `dice {roll}` (also `dice {dashed}`) for a roll thrown with real
dice. Then type your die moves with your own point numbers, one at a time
(`13/18`) or the whole turn at once (`13/18 18/21`); `{first}/4` moves a man
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
  help      this text
  quit      leave the game (also `exit`, Ctrl-D or Ctrl-C)
",
            dashed = roll.replace(' ', "-"),
        )
    }

    /// Recomputes the legal moves and the outcome after the position changed.
    fn refresh(&mut self) {
        self.menu.clear();
        self.partial.clear();
        self.sequences.clear();
        self.sequence_steps.clear();
        self.unlisted = false;
        if self.needs_roll() {
            // No turn before the roll; the end rules do not wait for it.
            self.moves.clear();
            self.outcome = self.engine.outcome_with(&self.st, true);
            return;
        }
        if let Err(e) = self.engine.try_legal_moves(&mut self.st, &mut self.moves) {
            self.moves.clear();
            self.fault = Some(format!(
                "{} to play {}: {e}",
                self.mover(),
                self.roll_text()
            ));
            self.finished = true;
            return;
        }
        self.outcome = self.engine.outcome_with(&self.st, !self.moves.is_empty());
        if self.engine.has_dice() {
            if self
                .engine
                .all_sequences(&mut self.st, &mut self.sequences)
                .is_err()
            {
                self.sequences.clear();
                self.unlisted = true;
                return;
            }
            let mover = self.st.to_move;
            self.sequence_steps = self
                .sequences
                .iter()
                .map(|m| {
                    let steps = m.steps().iter();
                    steps.map(|s| step_text(self.engine, mover, *s)).collect()
                })
                .collect();
        }
    }

    /// The legal sequences that begin with the die moves `typed`.
    fn extending(&self, typed: &[String]) -> Vec<usize> {
        (0..self.sequences.len())
            .filter(|&i| self.sequence_steps[i].starts_with(typed))
            .collect()
    }

    /// The position after the die moves typed so far, the mover still to move.
    fn view(&self) -> State {
        self.view_after(&self.partial)
    }

    /// The position after the die moves `typed`, the mover still to move
    /// with the same roll.
    fn view_after(&self, typed: &[String]) -> State {
        let mut view = self.st.clone();
        if typed.is_empty() {
            return view;
        }
        let Some(&i) = self.extending(typed).first() else {
            return view;
        };
        let mut part = self.sequences[i];
        part.len = typed.len() as u8;
        self.engine.play_unchecked(&mut view, &part);
        view.to_move = self.st.to_move;
        view.dice = self.st.dice;
        view.idle = self.st.idle;
        view
    }

    /// The dice still to play after the die moves typed so far, such as `3`
    /// or `5-5-5` (alternatives joined by `or` when the dice used are not
    /// decided, as when either die bears a man off).
    fn dice_left(&self) -> String {
        let options: Vec<String> = self
            .left_after(&self.partial)
            .iter()
            .map(|left| {
                let text: Vec<String> = left.iter().map(u8::to_string).collect();
                if text.is_empty() {
                    "none".to_string()
                } else {
                    text.join("-")
                }
            })
            .collect();
        options.join(" or ")
    }

    /// The dice left after the die moves `typed`, largest first: one list
    /// per way of having played them.
    fn left_after(&self, typed: &[String]) -> Vec<Vec<u8>> {
        let Some(dice) = self.engine.game().dice else {
            return Vec::new();
        };
        let thrown: Vec<u8> = self.st.dice.iter().copied().filter(|&d| d != 0).collect();
        let doubles = thrown.len() > 1 && thrown.iter().all(|&d| d == thrown[0]);
        let times = if doubles && dice.doubles_twice { 2 } else { 1 };
        let all: Vec<u8> = thrown
            .iter()
            .flat_map(|&d| std::iter::repeat_n(d, times))
            .collect();
        let mut options: Vec<Vec<u8>> = Vec::new();
        for i in self.extending(typed) {
            let mut left = all.clone();
            for s in &self.sequences[i].steps()[..typed.len()] {
                if let Some(k) = left.iter().position(|&d| d == s.die) {
                    left.remove(k);
                }
            }
            left.sort_unstable_by(|a, b| b.cmp(a));
            if !options.contains(&left) {
                options.push(left);
            }
        }
        options
    }

    /// The die moves that may follow those typed so far, in the engine's order.
    fn next_die_moves(&self, typed: &[String]) -> Vec<String> {
        let mut next: Vec<String> = Vec::new();
        for i in self.extending(typed) {
            if let Some(t) = self.sequence_steps[i].get(typed.len())
                && !next.contains(t)
            {
                next.push(t.clone());
            }
        }
        next
    }

    /// The board after the die moves typed so far, with the dice left.
    fn show_board(&self, out: &mut String) {
        out.push_str(&render::board(self.engine, &self.view()));
        if !self.partial.is_empty() {
            out.push_str(&format!(
                "played so far: {}; left to play: {}\n",
                self.partial.join(" "),
                self.dice_left()
            ));
        }
    }

    fn list_moves(&mut self, out: &mut String) {
        if self.finished {
            out.push_str("the game is over\n");
            return;
        }
        if self.needs_roll() {
            out.push_str(&self.roll_first());
            out.push('\n');
            return;
        }
        // Dice games, after some die moves: the turns that begin with them.
        let listed: Vec<Move> = if self.partial.is_empty() {
            self.moves.clone()
        } else {
            let mut seen = Vec::new();
            let mut turns = Vec::new();
            for i in self.extending(&self.partial) {
                let m = self.sequences[i];
                if !seen.contains(&m.key) {
                    seen.push(m.key);
                    turns.push(m);
                }
            }
            turns
        };
        let what = if self.engine.has_dice() {
            "turns"
        } else {
            "moves"
        };
        let after = if self.partial.is_empty() {
            String::new()
        } else {
            format!(" beginning {}", self.partial.join(" "))
        };
        out.push_str(&format!(
            "legal {what} of {}{after} (type a number to play one):\n",
            self.mover()
        ));
        let width = listed.len().to_string().len();
        for (i, m) in listed.iter().enumerate() {
            out.push_str(&format!(
                "  {:>width$}. {}\n",
                i + 1,
                move_text(self.engine, m)
            ));
        }
        if self.engine.has_dice() {
            let next = self.next_die_moves(&self.partial);
            if !next.is_empty() {
                out.push_str(&format!("next die move: {}\n", next.join(", ")));
            }
        }
        self.menu = listed;
    }

    /// What to say when the dice are not thrown yet.
    fn roll_first(&self) -> String {
        format!(
            "{} must roll first: type `roll`, or `dice {}` for a roll thrown with real dice",
            self.mover(),
            self.example_roll()
        )
    }

    /// Throws the dice: with the seeded generator, or as typed.
    fn throw(&mut self, typed: Option<&str>, out: &mut String) {
        let refusal = if !self.engine.has_dice() {
            Some("this game has no dice".to_string())
        } else if self.finished {
            Some("the game is over".into())
        } else if !self.needs_roll() {
            Some(format!(
                "the dice are already thrown ({}): type your die moves, or `moves`",
                self.roll_text()
            ))
        } else {
            None
        };
        if let Some(refusal) = refusal {
            out.push_str(&refusal);
            out.push('\n');
            return;
        }
        match typed {
            None => self.engine.roll(&mut self.st, &mut self.rng),
            Some(text) => match parse_dice(self.engine, text) {
                Ok(dice) => self.st.dice = dice,
                Err(e) => {
                    out.push_str(&format!("bad roll: {e}\n"));
                    return;
                }
            },
        }
        self.refresh();
        out.push_str(&format!("{} rolls {}\n", self.mover(), self.roll_text()));
        out.push_str(&render::board(self.engine, &self.st));
        self.advance(out);
    }

    /// Reads a line of a dice game: a menu number, a whole turn, or die moves
    /// that go on from those typed so far.
    fn choose_dice(&self, input: &str) -> Result<DiceInput, String> {
        if self.finished {
            return Err("the game is over".into());
        }
        let digits = input.chars().all(|c| c.is_ascii_digit());
        if digits && !self.menu.is_empty() {
            return self.pick(input).map(DiceInput::Turn);
        }
        let first = input.split_whitespace().next().unwrap_or_default();
        if first.chars().all(char::is_alphabetic)
            && !first.eq_ignore_ascii_case("pass")
            && !self.is_site(first)
        {
            return Err(format!(
                "unknown command `{input}`: type `help` for the commands"
            ));
        }
        if digits {
            return Err(format!(
                "`{input}` is not a move: type `moves` first to number the legal turns"
            ));
        }
        if self.needs_roll() {
            return Err(self.roll_first());
        }
        if self.unlisted {
            // Too many routes to follow die move by die move: whole turns only.
            return match find_move(self.engine, &self.st, &self.moves, input) {
                Ok(m) => Ok(DiceInput::Turn(m)),
                Err(e) => Err(format!(
                    "{e}; {}: too many to follow die move by die move, so type the whole turn at once, or pick one with `moves`",
                    ludus::engine::TooManyTurns::Routes
                )),
            };
        }
        if self.partial.is_empty()
            && let Ok(m) = find_move(self.engine, &self.st, &self.moves, input)
        {
            return Ok(DiceInput::Turn(m));
        }
        let words = die_moves(input);
        let mut typed = self.partial.clone();
        for word in &words {
            typed.push(word.clone());
            if self.extending(&typed).is_empty() {
                return Err(self.refuse(&typed[..typed.len() - 1], word, words.len() > 1));
            }
        }
        let found = self.extending(&typed);
        if found
            .iter()
            .all(|&i| self.sequence_steps[i].len() == typed.len())
        {
            Ok(DiceInput::Turn(self.sequences[found[0]]))
        } else {
            Ok(DiceInput::Part(typed))
        }
    }

    /// Why the die move `word` cannot follow the die moves `before`.
    fn refuse(&self, before: &[String], word: &str, more: bool) -> String {
        let mover = self.mover();
        let next = self.next_die_moves(before);
        let playable = if next.is_empty() {
            "no die move can follow them: this is a whole turn already".to_string()
        } else if before.is_empty() {
            format!("the turn may begin with: {}", next.join(", "))
        } else {
            format!("the next die move may be: {}", next.join(", "))
        };
        let ignored = if more {
            " (nothing of this line was played)"
        } else {
            ""
        };
        if word == "pass" {
            return format!("{mover} cannot pass: {playable}");
        }
        let why = match word.split_once('/') {
            None => format!("`{word}` is not a die move: write one as FROM/TO, like `13/18`"),
            Some((from, to)) => match (self.track_point(from), self.track_point(to)) {
                (None, _) => format!("`{from}` is not a point of {mover}'s track"),
                (_, None) => format!("`{to}` is not a point of {mover}'s track"),
                (Some(a), Some(b)) => self.why_not(before, word, a, b),
            },
        };
        format!("{why}{ignored}; {playable}")
    }

    /// Why the die move `word`, from track position `a` to `b`, cannot
    /// follow the die moves `before`.
    fn why_not(&self, before: &[String], word: &str, a: usize, b: usize) -> String {
        let mover = self.mover();
        let player = self.st.to_move as usize;
        let game = self.engine.game();
        let track = self.engine.track(player);
        let last = track.len() - 1;
        // A point as the mover writes it.
        let name = |i: usize| notation::track_point_text(self.engine, player, i);
        let after = if before.is_empty() {
            String::new()
        } else {
            format!("after {}, ", before.join(" "))
        };
        // The position and the dice after the die moves before this one.
        let view = self.view_after(before);
        let own = |s: usize| view.piece(s).is_some_and(|(p, _)| p == player);
        if b <= a {
            return format!("`{word}` does not go forward along {mover}'s track");
        }
        if !own(track[a] as usize) {
            return format!("{after}{mover} has no man on {}", name(a));
        }
        if let Some(zone) = &game.rules.first_from {
            let first = game.players[player]
                .regions
                .iter()
                .find(|r| r.name == *zone)
                .and_then(|r| r.sites.first().copied());
            if let Some(z) = first
                && z != track[a] as usize
                && own(z)
            {
                return format!(
                    "{after}{mover} must first move his men from {}",
                    game.board.sites[z].name
                );
            }
        }
        let mut left: Vec<u8> = self.left_after(before).concat();
        left.sort_unstable_by(|x, y| y.cmp(x));
        left.dedup();
        let fits: Vec<u8> = left
            .iter()
            .copied()
            .filter(|&d| a + d as usize == b || (b == last && a + d as usize > b))
            .collect();
        let dice: Vec<String> = left.iter().map(u8::to_string).collect();
        if fits.is_empty() {
            let left = match dice.len() {
                1 => format!("the die left is {}", dice[0]),
                _ => format!("the dice left are {}", dice.join("-")),
            };
            return format!("{after}`{word}` moves {} points, but {left}", b - a);
        }
        // The same die move alone, with nothing else to play: legal or not?
        let alone = fits.iter().any(|&d| {
            let mut probe = view.clone();
            probe.dice = [d, 0, 0, 0];
            let mut sequences = Vec::new();
            let listed = self.engine.all_sequences(&mut probe, &mut sequences);
            listed.is_ok()
                && sequences
                    .iter()
                    .any(|m| m.len > 0 && step_text(self.engine, probe.to_move, m.steps[0]) == word)
        });
        if alone {
            let rules: Vec<&str> = game
                .rules
                .play
                .iter()
                .map(|p| match p {
                    Priority::MostDice => "use as many dice as it can",
                    Priority::LargerDie => "use the larger die when only one can be used",
                    Priority::MostPips => "move the most pips",
                })
                .collect();
            format!(
                "{after}`{word}` would leave the dice badly played: the turn must {}",
                rules.join(", then ")
            )
        } else {
            let how = if b == last { "go to" } else { "land on" };
            format!(
                "{after}`{word}` is not allowed: a man may not {how} {} here",
                name(b)
            )
        }
    }

    /// A point of the mover's track as written in a die move: its number,
    /// or the name of the site at either end (a zone such as the bar).
    fn track_point(&self, word: &str) -> Option<usize> {
        notation::track_point(self.engine, self.st.to_move as usize, word)
    }

    fn is_site(&self, word: &str) -> bool {
        let sites = &self.engine.game().board.sites;
        sites.iter().any(|s| s.name.eq_ignore_ascii_case(word))
    }

    /// The menu's move numbered `input`.
    fn pick(&self, input: &str) -> Result<Move, String> {
        let n: usize = input.parse().unwrap_or(0);
        match n.checked_sub(1).and_then(|i| self.menu.get(i)) {
            Some(m) => Ok(*m),
            None => Err(format!(
                "there is no move {input}: the list goes from 1 to {}",
                self.menu.len()
            )),
        }
    }

    /// The legal move that `input` names, or why there is none.
    fn choose(&self, input: &str) -> Result<Move, String> {
        if self.finished {
            return Err("the game is over".into());
        }
        let digits = input.chars().all(|c| c.is_ascii_digit());
        if digits && !self.menu.is_empty() {
            return self.pick(input);
        }
        let reason = match find_move(self.engine, &self.st, &self.moves, input) {
            Ok(m) => return Ok(m),
            Err(reason) => reason,
        };
        // Also accept the text without its spaces, and a unique beginning.
        let wanted = compact(input);
        let texts: Vec<String> = self
            .moves
            .iter()
            .map(|m| move_text(self.engine, m))
            .collect();
        if let Some(i) = texts.iter().position(|t| compact(t) == wanted) {
            return Ok(self.moves[i]);
        }
        let matching: Vec<usize> = (0..texts.len())
            .filter(|&i| compact(&texts[i]).starts_with(&wanted))
            .collect();
        match matching[..] {
            [i] => return Ok(self.moves[i]),
            [_, _, ..] => {
                let names: Vec<&str> = matching.iter().map(|&i| texts[i].as_str()).collect();
                return Err(format!("ambiguous: matches {}", names.join(", ")));
            }
            [] => {}
        }
        let first = input.split_whitespace().next().unwrap_or_default();
        let word = first.chars().all(char::is_alphabetic)
            && !["huff", "pass"].contains(&first.to_lowercase().as_str())
            && !self.is_site(first);
        Err(if word {
            format!("unknown command `{input}`: type `help` for the commands")
        } else if digits {
            format!("`{input}` is not a move: type `moves` first to number the legal moves")
        } else {
            format!("illegal move `{input}`: {reason}")
        })
    }

    /// Plays `m`, says so and draws the board.
    fn play(&mut self, m: Move, by_human: bool, forced: bool, out: &mut String) {
        if m.len == 0 && m.huff == NONE {
            if let Some(rule) = self.engine.pass_rule(&self.st) {
                out.push_str(&format!("{} passes ({rule})\n", self.mover()));
            } else if self.engine.has_dice() {
                out.push_str(&format!("{} cannot move: the turn passes\n", self.mover()));
            } else {
                out.push_str(&format!("{} has no legal move and passes\n", self.mover()));
            }
        } else {
            let text = move_text(self.engine, &m);
            let forced = if forced { " (forced)" } else { "" };
            out.push_str(&format!("{} plays {text}{forced}\n", self.mover()));
        }
        self.history.push(Turn {
            before: self.st.clone(),
            by_human,
        });
        self.engine.play_unchecked(&mut self.st, &m);
        self.refresh();
        out.push_str(&render::board(self.engine, &self.st));
    }

    /// Plays the agents' turns (rolling their dice), forced passes and, in
    /// dice games, forced turns until a person must act or the game ends.
    fn advance(&mut self, out: &mut String) {
        let people = self.agents.iter().filter(|&&a| a == Agent::Human).count();
        loop {
            if self.fault.is_some() {
                return;
            }
            if self.outcome != Outcome::Ongoing {
                self.finished = true;
                out.push_str(&format!(
                    "game over after {} turns: {}\n",
                    self.history.len(),
                    outcome_text(self.engine, self.outcome)
                ));
                return;
            }
            if people == 0 && self.history.len() >= playout::MAX_PLIES as usize {
                self.finished = true;
                out.push_str(&format!(
                    "game stopped after {} turns: unfinished\n",
                    self.history.len()
                ));
                return;
            }
            let agent = self.agents[self.st.to_move as usize];
            if self.needs_roll() {
                if agent == Agent::Human {
                    out.push_str(&format!(
                        "{} to roll: type `roll`, or `dice {}` for a roll thrown with real dice\n",
                        self.mover(),
                        self.example_roll()
                    ));
                    return;
                }
                // As in a playout: the roll, then the choice.
                self.engine.roll(&mut self.st, &mut self.rng);
                self.refresh();
                out.push_str(&format!("{} rolls {}\n", self.mover(), self.roll_text()));
                continue;
            }
            let only = self.moves.len() == 1;
            let (m, forced) = match agent {
                Agent::Random => (
                    self.moves[self.rng.random_range(0..self.moves.len())],
                    false,
                ),
                Agent::Human if self.moves.iter().all(|m| m.len == 0 && m.huff == NONE) => {
                    (self.moves.first().copied().unwrap_or(Move::PASS), false)
                }
                Agent::Human if only && self.engine.has_dice() => (self.moves[0], true),
                Agent::Human => return,
            };
            self.play(m, false, forced, out);
        }
    }

    /// Takes back the last die move typed this turn; at the start of a turn,
    /// the last move made by a person and every turn after it.
    fn undo(&mut self, out: &mut String) {
        if let Some(last) = self.partial.pop() {
            self.menu.clear();
            out.push_str(&format!("took back {last}\n"));
            self.show_board(out);
            return;
        }
        let Some(i) = self.history.iter().rposition(|t| t.by_human) else {
            out.push_str("nothing to undo: no move typed here has been played\n");
            return;
        };
        let taken = self.history.len() - i;
        self.st = self.history[i].before.clone();
        self.history.truncate(i);
        self.refresh();
        self.finished = false;
        let s = if taken == 1 { "" } else { "s" };
        out.push_str(&format!("took back {taken} turn{s}\n"));
        out.push_str(&render::board(self.engine, &self.st));
    }
}

/// One die move of `mover` in notation, such as `13/18`.
fn step_text(engine: &Engine, mover: u8, step: Step) -> String {
    let mut m = Move::PASS;
    m.mover = mover;
    m.len = 1;
    m.steps[0] = step;
    move_text(engine, &m)
}

/// The die moves of a line, lower case, spaces around `/` closed up:
/// `13 / 18  18/21` is `13/18`, `18/21`.
fn die_moves(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in text.split_whitespace().map(str::to_lowercase) {
        match out.last_mut() {
            Some(last) if last.ends_with('/') || w.starts_with('/') => last.push_str(&w),
            _ => out.push(w),
        }
    }
    out
}

/// `text` lowercased, without any whitespace.
fn compact(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Where the lines come from.
enum Input {
    /// A person at a terminal: line editing and a history file.
    Terminal {
        editor: Box<rustyline::DefaultEditor>,
        history: Option<PathBuf>,
    },
    /// A pipe or a file.
    Plain(io::StdinLock<'static>),
}

impl Input {
    fn open() -> Result<Input, String> {
        if !io::stdin().is_terminal() {
            return Ok(Input::Plain(io::stdin().lock()));
        }
        let config = rustyline::Config::builder()
            .auto_add_history(true)
            .max_history_size(1000)
            .map_err(|e| e.to_string())?
            .build();
        let mut editor = rustyline::DefaultEditor::with_config(config)
            .map_err(|e| format!("cannot start the line editor: {e}"))?;
        let history =
            std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".ludus_history"));
        if let Some(path) = &history {
            // A missing or unreadable history only means starting afresh.
            let _ = editor.load_history(path);
        }
        Ok(Input::Terminal {
            editor: Box::new(editor),
            history,
        })
    }

    /// The next line, or `None` at the end: Ctrl-D, Ctrl-C or end of file.
    /// Plain lines are echoed after the prompt.
    fn read(&mut self, prompt: &str, out: &mut impl Write) -> Result<Option<String>, String> {
        match self {
            Input::Terminal { editor, .. } => match editor.readline(prompt) {
                Ok(line) => Ok(Some(line)),
                Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(None),
                Err(e) => Err(format!("cannot read the input: {e}")),
            },
            Input::Plain(stdin) => {
                let mut line = String::new();
                let n = stdin
                    .read_line(&mut line)
                    .map_err(|e| format!("cannot read the input: {e}"))?;
                if n == 0 {
                    return Ok(None);
                }
                let line = line.trim_end_matches(['\n', '\r']).to_string();
                write(out, &format!("{prompt}{line}\n"))?;
                Ok(Some(line))
            }
        }
    }

    /// Saves the history file, if any; a failure is only worth a warning.
    fn save(&mut self) {
        if let Input::Terminal {
            editor,
            history: Some(path),
        } = self
            && let Err(e) = editor.save_history(path)
        {
            eprintln!(
                "warning: cannot save the history to {}: {e}",
                path.display()
            );
        }
    }
}

fn write(out: &mut impl Write, text: &str) -> Result<(), String> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write the output: {e}"))
}

/// Runs the REPL until the game ends or the user quits.
pub fn run(engine: &Engine, st: State, agents: [Agent; 2], seed: u64) -> Result<(), String> {
    let mut session = Session::new(engine, st, agents, seed);
    let mut out = io::stdout();
    write(&mut out, &session.start())?;
    if session.over() {
        return session.fault.map_or(Ok(()), Err);
    }
    let mut input = Input::open()?;
    let result = converse(&mut session, &mut input, &mut out);
    input.save();
    session.fault.map_or(result, Err)
}

fn converse(session: &mut Session, input: &mut Input, out: &mut impl Write) -> Result<(), String> {
    while let Some(line) = input.read(&session.prompt(), out)? {
        let reply = session.handle(&line);
        write(out, &reply.text)?;
        if session.over() {
            return Ok(());
        }
        if reply.quit {
            break;
        }
    }
    write(out, "game left unfinished\n")
}
