//! The `play` REPL: people and agents take turns at one game in the terminal.
//!
//! The core is [`Session`]: it turns one line of input into the text to
//! print ([`Session::handle`]) and plays the agents' turns, forced passes
//! and, in dice games, forced turns itself. It never touches the terminal,
//! so it is tested without one. [`run`] is the thin loop around it:
//! rustyline, with a history kept in `$HOME/.ludus_history`, when stdin is a
//! terminal; plain lines otherwise, each echoed after its prompt so that a
//! piped session reads as a transcript (the `input` submodule).
//!
//! In dice games each turn starts unthrown: a person types `roll` (the
//! seeded generator throws) or `dice 5 3` (a roll thrown with real dice),
//! then the turn's die moves, all at once or one at a time; the session
//! keeps the die moves typed so far and plays the turn once they make a
//! complete legal turn (the `dice` submodule).
//!
//! The random agents draw from one generator seeded with `--seed`, in the
//! same order as `ludus playout` (in dice games: the roll, then the choice):
//! with two random agents, `play --seed N` plays the very game of
//! `playout --seed N`.

mod cube;
mod dice;
mod help;
mod hint;
mod input;
mod record;
mod view;

pub use record::GameFile;

use crate::Agent;
use input::Input;
use ludus::engine::{Engine, Move, NONE, Outcome, State};
use ludus::explain::Rules;
use ludus::in_progress::{Extended, GameInProgress, Kept, Undone};
use ludus::notation::{find_move, move_text, position_text};
use ludus::playout::{self, outcome_text};
use ludus::render;
use ludus::stakes::Stakes;
use std::io::{self, Write};

/// What one line of input produced.
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
    /// The text to print.
    pub text: String,
    /// Whether the user asked to leave.
    pub quit: bool,
}

/// A game in progress, with everything the REPL needs besides the terminal.
pub struct Session<'e> {
    engine: &'e Engine,
    agents: Vec<Agent>,
    /// The game: position, dice, turns, stakes and record.
    game: GameInProgress<&'e Engine>,
    /// The moves as last numbered by `moves`, with the game's version
    /// then: stale once the position changes.
    menu: (u64, Vec<Move>),
    /// The game file's rules, to explain refusals with (see
    /// [`ludus::explain`]); without them a refusal says only why.
    rules: Option<&'e Rules>,
    /// Why the session cannot go on besides a roll the engine cannot list
    /// (a record not written, an agent's search stopped); it is then
    /// over, and [`run`] fails with this.
    fault: Option<String>,
    /// The game file, for records (none: no record is kept).
    file: Option<GameFile>,
    /// The records of the match's games already finished, as text.
    match_games: Vec<String>,
    /// The games of the match (or of money play) finished, as scored.
    results: Vec<cube::Finished>,
    /// Whether the game that ended has been scored (its points added to
    /// the match's): it is not scored again.
    scored: bool,
    /// Whether a match stops between its games until the next is asked
    /// for ([`Session::next_of_match`]), so that the last position and the
    /// score are seen (the page); the REPL goes straight on.
    pause_between_games: bool,
    /// Whether `quit` was typed last in the middle of a match: typed
    /// again, it leaves the match unfinished.
    quitting: bool,
    /// The player from whose side a tables board is drawn whoever moves
    /// (`--view`); `None`: the mover's.
    view: Option<usize>,
}

impl<'e> Session<'e> {
    /// A session at `st`; nothing is played until [`Session::start`].
    pub fn new(engine: &'e Engine, st: State, agents: Vec<Agent>, seed: u64) -> Self {
        Session {
            engine,
            agents,
            game: GameInProgress::new(engine, st, seed, Kept::ALL),
            menu: (0, Vec::new()),
            rules: None,
            fault: None,
            file: None,
            match_games: Vec::new(),
            results: Vec::new(),
            scored: false,
            pause_between_games: false,
            quitting: false,
            view: None,
        }
    }

    /// The session with the game file's rules (to explain refusals), the
    /// file (for records) and the cube and score.
    pub fn with_game(
        mut self,
        (rules, file): (Option<&'e Rules>, Option<GameFile>),
        stakes: Stakes,
    ) -> Self {
        self.rules = rules;
        self.file = file;
        self.game.set_stakes(stakes);
        self
    }

    /// The board, then whatever is played before a person must move. A
    /// game with an opening throw played from its setup begins with it
    /// (from the session's seed): who starts, and the roll he plays if
    /// the opening gives it.
    pub fn start(&mut self) -> String {
        let mut out = self.start_game();
        self.advance(&mut out);
        out
    }

    /// The opening throw where the game has one, and the board: a game
    /// begun, its record too, nothing played yet.
    fn start_game(&mut self) -> String {
        let mut out = String::new();
        self.scored = false;
        if let Some(dice) = self.game.open() {
            out.push_str("opening throw: ");
            out.push_str(&playout::opening_text(self.engine, dice));
            match ludus::notation::dice_text(self.game.state()) {
                Some(roll) => out.push_str(&format!(" and plays {roll}\n")),
                None => out.push_str(" and throws\n"),
            }
        }
        self.begin_record();
        out.push_str(&self.board(self.game.state()));
        out
    }

    /// The board of `st`, with the cube and the score where there are.
    fn board(&self, st: &State) -> String {
        let mut text = render::board_seen_by(self.engine, st, self.view);
        let summary = self.game.stakes().summary(self.engine);
        if !summary.is_empty() {
            text.push_str(&summary);
            text.push('\n');
        }
        text
    }

    /// Whether the game has ended.
    pub fn over(&self) -> bool {
        self.game.over()
    }

    /// Why the session cannot go on, if it cannot.
    fn fault(&self) -> Option<String> {
        if let Some(fault) = &self.fault {
            return Some(fault.clone());
        }
        let stuck = self.game.stuck()?;
        Some(format!(
            "{} to play {}: {}",
            self.mover(),
            self.roll_text(),
            stuck.cause
        ))
    }

    /// The prompt: the name of the player to move; in dice games also the
    /// roll and the dice left to play.
    pub fn prompt(&self) -> String {
        if let Some(doubler) = self.game.stakes().offered {
            let name = &self.engine.game().players[1 - doubler].name;
            return format!("{name}, take or drop> ");
        }
        if self.game.over() {
            return format!("{}> ", self.mover());
        }
        if self.needs_roll() {
            return format!("{} to roll> ", self.mover());
        }
        if !self.game.thrown() {
            return format!("{}> ", self.mover());
        }
        let roll = self.roll_text();
        if self.game.typed().is_empty() {
            return format!("{} {roll}> ", self.mover());
        }
        format!("{} {roll}, {} left> ", self.mover(), self.game.dice_left())
    }

    /// Obeys one line of input: a command, a move, or a menu number.
    pub fn handle(&mut self, line: &str) -> Reply {
        let input = line.trim();
        let lower = input.to_lowercase();
        let mut out = String::new();
        // `quit` typed just before: this one confirms it.
        let confirming = std::mem::take(&mut self.quitting);
        if let Some(refusal) = self.awaiting_answer(&lower) {
            out.push_str(&refusal);
            out.push('\n');
            return Reply {
                text: out,
                quit: false,
            };
        }
        match lower.as_str() {
            "" => {}
            // A refusal is written to `out` with the reason.
            "double" | "redouble" => {
                let _ = self.double(&mut out);
            }
            "take" | "accept" => {
                let _ = self.answer(true, &mut out);
            }
            "drop" | "reject" => {
                let _ = self.answer(false, &mut out);
            }
            "quit" | "exit" => {
                if !confirming && let Some(warning) = self.quit_warning() {
                    self.quitting = true;
                    out.push_str(&warning);
                    return Reply {
                        text: out,
                        quit: false,
                    };
                }
                return Reply {
                    text: out,
                    quit: true,
                };
            }
            "next" => {
                let _ = self.next_of_match(&mut out);
            }
            "help" | "?" => out.push_str(&self.help()),
            "board" => self.show_board(&mut out),
            "position" => {
                let st = self.game.state();
                out.push_str(&position_text(self.engine, st));
                let fields = self.game.stakes().fields(self.engine);
                if !fields.is_empty() {
                    out.push_str("; ");
                    out.push_str(&fields);
                }
                out.push('\n');
                if let Ok(id) = ludus::position_id::position_id(self.engine, st) {
                    out.push_str(&format!("GNU Backgammon Position ID: {id}\n"));
                }
                if let Some(id) = self.match_id() {
                    out.push_str(&format!("GNU Backgammon Match ID: {id}\n"));
                }
                if !self.game.typed().is_empty() {
                    out.push_str(&format!(
                        "(the position before the die moves typed so far: {})\n",
                        self.game.typed().join(" ")
                    ));
                }
            }
            "moves" => self.list_moves(&mut out),
            "pip" | "pips" => self.pip(&mut out),
            "new" => self.new_game(&mut out),
            _ if lower == "resign" || lower.starts_with("resign ") => {
                self.resign(input.get(6..).unwrap_or_default().trim(), &mut out);
            }
            _ if lower == "save" || lower.starts_with("save ") => {
                self.save(input.get(4..).unwrap_or_default().trim(), &mut out);
            }
            _ if lower == "load" || lower.starts_with("load ") => {
                self.load(input.get(4..).unwrap_or_default().trim(), &mut out);
            }
            _ if lower == "hint" || lower.starts_with("hint ") => {
                self.hint(input.get(4..).unwrap_or_default().trim(), &mut out);
            }
            "undo" => self.undo(&mut out),
            "roll" => self.throw(None, &mut out),
            _ if lower == "dice" || lower.starts_with("dice ") => {
                self.throw(Some(input.get(4..).unwrap_or_default().trim()), &mut out);
            }
            _ => {
                let _ = self.typed_move(input, &mut out);
            }
        }
        Reply {
            text: out,
            quit: false,
        }
    }

    /// A move typed (a whole turn; in dice games also some die moves of
    /// it): played, the agents' and forced turns after it too, or refused
    /// with the reason (also written to `out`). The REPL and `ludus serve`
    /// read moves through this one function.
    pub(crate) fn typed_move(&mut self, input: &str, out: &mut String) -> Result<(), String> {
        match self.choose_typed(input) {
            Ok(Extended::Turn(m)) => {
                self.play(m, true, false, out);
                self.advance(out);
                Ok(())
            }
            Ok(Extended::Part(typed)) => {
                let new = typed[self.game.typed().len()..].join(" ");
                self.game.set_typed(typed);
                out.push_str(&format!("{} moves {new}\n", self.mover()));
                self.show_board(out);
                Ok(())
            }
            Err(refused) => {
                out.push_str(&refused);
                out.push('\n');
                Err(refused)
            }
        }
    }

    /// A whole turn (a hint's, say) played from the start of the turn:
    /// the die moves typed so far are forgotten first, and kept where
    /// the turn is refused.
    pub(crate) fn whole_turn(&mut self, input: &str, out: &mut String) -> Result<(), String> {
        let typed = self.game.typed().to_vec();
        self.game.clear_typed();
        let played = self.typed_move(input, out);
        if played.is_err() && !typed.is_empty() {
            self.game.set_typed(typed);
        }
        played
    }

    fn mover(&self) -> &str {
        &self.engine.game().players[self.game.to_move()].name
    }

    /// The moves numbered by the last `moves`, while the position is the same.
    fn menu(&self) -> &[Move] {
        if self.menu.0 == self.game.version() {
            &self.menu.1
        } else {
            &[]
        }
    }

    /// The board after the die moves typed so far, with the dice left.
    fn show_board(&self, out: &mut String) {
        out.push_str(&self.board(&self.game.view()));
        if !self.game.typed().is_empty() {
            out.push_str(&format!(
                "played so far: {}; left to play: {}\n",
                self.game.typed().join(" "),
                self.game.dice_left()
            ));
        }
    }

    fn list_moves(&mut self, out: &mut String) {
        if self.game.over() {
            out.push_str("the game is over\n");
            return;
        }
        if self.needs_roll() {
            out.push_str(&self.roll_first());
            out.push('\n');
            return;
        }
        // Dice games, after some die moves: the turns that begin with them.
        let listed = self.game.turns_begun();
        let typed = self.game.typed();
        let what = if self.game.thrown() { "turns" } else { "moves" };
        let after = if typed.is_empty() {
            String::new()
        } else {
            format!(" beginning {}", typed.join(" "))
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
        let next = self.game.continuations(typed);
        if !next.is_empty() {
            out.push_str(&format!("next die move: {}\n", next.join(", ")));
        }
        self.menu = (self.game.version(), listed);
    }

    fn is_site(&self, word: &str) -> bool {
        let sites = &self.engine.game().board.sites;
        sites.iter().any(|s| s.name.eq_ignore_ascii_case(word))
    }

    /// The menu's move numbered `input`.
    fn pick(&self, input: &str) -> Result<Move, String> {
        let n: usize = input.parse().unwrap_or(0);
        let menu = self.menu();
        match n.checked_sub(1).and_then(|i| menu.get(i)) {
            Some(m) => Ok(*m),
            None => Err(format!(
                "there is no move {input}: the list goes from 1 to {}",
                menu.len()
            )),
        }
    }

    /// The legal move that `input` names, or why there is none.
    fn choose(&self, input: &str) -> Result<Move, String> {
        if self.game.over() {
            return Err("the game is over".into());
        }
        let digits = input.chars().all(|c| c.is_ascii_digit());
        if digits && !self.menu().is_empty() {
            return self.pick(input);
        }
        let (st, moves) = (self.game.state(), self.game.legal());
        let reason = match find_move(self.engine, st, moves, input) {
            Ok(m) => return Ok(m),
            Err(reason) => reason,
        };
        // Also accept the text without its spaces, and a unique beginning.
        let wanted = compact(input);
        let texts: Vec<String> = moves.iter().map(|m| move_text(self.engine, m)).collect();
        if let Some(i) = texts.iter().position(|t| compact(t) == wanted) {
            return Ok(moves[i]);
        }
        let matching: Vec<usize> = (0..texts.len())
            .filter(|&i| compact(&texts[i]).starts_with(&wanted))
            .collect();
        match matching[..] {
            [i] => return Ok(moves[i]),
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
            unknown_command(input)
        } else if digits {
            format!("`{input}` is not a move: type `moves` first to number the legal moves")
        } else {
            self.explained(input)
                .unwrap_or_else(|| format!("illegal move `{input}`: {reason}"))
        })
    }

    /// The explanation of an illegal move typed whole, as `ludus explain`
    /// prints it: why, the rule that forbids it at its line, and the
    /// nearest legal moves.
    fn explained(&self, input: &str) -> Option<String> {
        let rules = self.rules?;
        let explained =
            ludus::explain::explain(rules, self.engine, self.game.state(), input).ok()?;
        let text = crate::cli::explain::refusal(rules, &explained);
        (!text.is_empty()).then(|| text.trim_end().to_string())
    }

    /// Plays `m`, says so and draws the board.
    fn play(&mut self, m: Move, by_human: bool, forced: bool, out: &mut String) {
        let st = self.game.state();
        if let Some(d) = m.chosen() {
            out.push_str(&format!("{} chooses {d}-{d}\n", self.mover()));
        } else if m.len == 0 && m.huff == NONE {
            let thrown = self.engine.thrown(st);
            if let Some(rule) = self.engine.pass_rule(st) {
                out.push_str(&format!("{} passes ({rule})\n", self.mover()));
            } else if thrown
                && st
                    .dice
                    .iter()
                    .all(|&d| d == 0 || d == ludus::ir::ZERO_THROW)
            {
                out.push_str(&format!("{} throws 0: the turn passes\n", self.mover()));
            } else if thrown {
                out.push_str(&format!("{} cannot move: the turn passes\n", self.mover()));
            } else {
                out.push_str(&format!("{} has no legal move and passes\n", self.mover()));
            }
        } else {
            let text = move_text(self.engine, &m);
            let forced = if forced { " (forced)" } else { "" };
            out.push_str(&format!("{} plays {text}{forced}\n", self.mover()));
        }
        let thrown = self.engine.thrown(st);
        self.game.play(&m, by_human);
        self.write_record();
        let (st, ongoing) = (self.game.state(), self.game.outcome() == Outcome::Ongoing);
        out.push_str(&self.board(st));
        if st.dice[0] == ludus::ir::CHOOSING && ongoing {
            let faces = self.engine.game().dice.map_or(6, |d| d.faces);
            out.push_str(&format!(
                "{} chooses a double to play: `choose 1-1` to `choose {faces}-{faces}`\n",
                self.mover()
            ));
        } else if st.chosen {
            let d = st.dice[0];
            out.push_str(&format!(
                "{} to play the double chosen, {d}-{d}\n",
                self.mover()
            ));
        } else if st.climbing && ongoing {
            let d = st.dice[0];
            out.push_str(&format!(
                "{} climbs to the next double, {d}-{d}: a turn of its own\n",
                self.mover()
            ));
        } else if st.again > 0 && ongoing {
            // The turn just played began with a throw: so does the next.
            let verb = if thrown { "throws" } else { "moves" };
            let row = if st.again > 1 {
                format!(", {} in a row", st.again)
            } else {
                String::new()
            };
            out.push_str(&format!(
                "{} {verb} again: an extra turn{row}\n",
                self.mover()
            ));
        }
    }

    /// Plays the agents' turns (rolling their dice), forced passes and, in
    /// dice games, forced turns until a person must act or the game ends.
    fn advance(&mut self, out: &mut String) {
        while let Some(spec) = self.until_search(out) {
            let picked = {
                let (st, moves, rng) = self.game.choice();
                spec.choose(self.engine, st, moves, rng).map(|i| moves[i])
            };
            self.searched(picked, out);
        }
    }

    /// [`Session::advance`] up to an agent's search: what comes before it
    /// played (rolls, forced turns and passes, the cube's actions); the
    /// agent that must now choose among the legal turns, drawing from the
    /// game's generator, or `None` once a person must act or the game ends.
    fn until_search(&mut self, out: &mut String) -> Option<ludus::agent::Spec> {
        let people = self.agents.iter().filter(|&a| *a == Agent::Human).count();
        loop {
            if self.fault().is_some() {
                return None;
            }
            if self.game.outcome() != Outcome::Ongoing {
                if self.scored {
                    // Said and scored already: the next game waits.
                    return None;
                }
                out.push_str(&format!(
                    "game over after {} turns: {}\n",
                    self.game.history().len(),
                    outcome_text(self.engine, self.game.outcome())
                ));
                if self.game_over(out) {
                    continue;
                }
                return None;
            }
            if !self.cube_turn(out) {
                return None;
            }
            if self.game.over() {
                // A double dropped ended the game, and the match.
                return None;
            }
            if people == 0 && self.game.history().len() >= playout::MAX_PLIES as usize {
                self.game.stop();
                out.push_str(&format!(
                    "game stopped after {} turns: unfinished\n",
                    self.game.history().len()
                ));
                return None;
            }
            let agent = self.agents[self.game.to_move()].clone();
            if self.needs_roll() {
                if agent == Agent::Human {
                    out.push_str(&format!(
                        "{} to roll: type `roll`, or `dice {}` for a roll thrown with real dice\n",
                        self.mover(),
                        self.example_roll()
                    ));
                    return None;
                }
                // As in a playout: the roll, then the choice.
                self.game.throw_if_due();
                out.push_str(&format!("{} rolls {}\n", self.mover(), self.rolled_text()));
                continue;
            }
            let moves = self.game.legal();
            let only = moves.len() == 1;
            let (m, forced) = match agent {
                Agent::Machine(_) if moves.is_empty() => (Move::PASS, false),
                Agent::Machine(spec) => return Some(spec),
                Agent::Human
                    if moves
                        .iter()
                        .all(|m| m.len == 0 && m.huff == NONE && m.chosen().is_none()) =>
                {
                    (moves.first().copied().unwrap_or(Move::PASS), false)
                }
                // A roll's one turn is played for him; a move without
                // dice he makes himself.
                Agent::Human if only && self.game.thrown() => (moves[0], true),
                Agent::Human => return None,
            };
            self.play(m, false, forced, out);
        }
    }

    /// Plays the turn an agent's search `picked`, or stops the session
    /// where the search failed.
    fn searched(&mut self, picked: Result<Move, ludus::engine::TooManyTurns>, out: &mut String) {
        match picked {
            Ok(m) => self.play(m, false, false, out),
            Err(e) => self.fault = Some(format!("the agent's search stopped: {e}")),
        }
    }

    /// Takes back the last die move typed this turn; at the start of a turn,
    /// the last move made by a person and every turn after it.
    pub(crate) fn undo(&mut self, out: &mut String) {
        if self.scored && self.game.staked() {
            out.push_str("the game is over and scored: it cannot be taken back\n");
            return;
        }
        match self.game.undo() {
            Undone::DieMove(last) => {
                out.push_str(&format!("took back {last}\n"));
                self.show_board(out);
            }
            Undone::Nothing => {
                out.push_str("nothing to undo: no move typed here has been played\n");
            }
            Undone::Turns(taken) => {
                self.scored = false;
                let s = if taken == 1 { "" } else { "s" };
                out.push_str(&format!("took back {taken} turn{s}\n"));
                out.push_str(&self.board(self.game.state()));
            }
        }
    }
}

/// `text` lowercased, without any whitespace.
fn compact(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

fn write(out: &mut impl Write, text: &str) -> Result<(), String> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write the output: {e}"))
}

/// Runs the REPL until the game ends or the user quits.
pub fn run(
    engine: &Engine,
    st: State,
    agents: Vec<Agent>,
    seed: u64,
    (rules, file): (Option<&Rules>, Option<GameFile>),
    (stakes, view): (Stakes, Option<usize>),
) -> Result<(), String> {
    let mut session = Session::new(engine, st, agents, seed).with_game((rules, file), stakes);
    session.view = view;
    let mut out = io::stdout();
    write(&mut out, &session.start())?;
    if session.over() {
        return session.fault().map_or(Ok(()), Err);
    }
    let mut input = Input::open()?;
    let result = converse(&mut session, &mut input, &mut out);
    input.save();
    session.fault().map_or(result, Err)
}

/// The REPL's commands, for "did you mean" (`help` lists them).
const COMMANDS: &[&str] = &[
    "moves", "board", "undo", "position", "hint", "pip", "resign", "new", "save", "load", "help",
    "quit", "exit", "roll", "dice", "double", "redouble", "take", "accept", "drop", "reject",
    "next",
];

/// Says that `input` is no command, with the command meant where its
/// first word is near one (`mvoes`: `moves`).
pub(crate) fn unknown_command(input: &str) -> String {
    let first = input
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_lowercase();
    match ludus::diag::suggest(&first, COMMANDS.iter().copied()) {
        Some(meant) => format!("unknown command `{input}`: {meant} (`help` lists the commands)"),
        None => format!("unknown command `{input}`: type `help` for the commands"),
    }
}

fn converse(session: &mut Session, input: &mut Input, out: &mut impl Write) -> Result<(), String> {
    while let Some(line) = input.read(&session.prompt(), out)? {
        let reply = session.handle(&line);
        write(out, &reply.text)?;
        if session.over() && !session.between_money_games() {
            return Ok(());
        }
        if reply.quit {
            break;
        }
    }
    match session.between_money_games() {
        // Every game played is over and scored.
        true => write(out, &session.money_score("money play ends")),
        false => write(out, "game left unfinished\n"),
    }
}
