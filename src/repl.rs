//! The `play` REPL: people and agents take turns at one game in the terminal.
//!
//! The core is [`Session`]: it turns one line of input into the text to
//! print ([`Session::handle`]) and plays the agents' turns and forced passes
//! itself. It never touches the terminal, so it is tested without one.
//! [`run`] is the thin loop around it: rustyline, with a history kept in
//! `$HOME/.ludus_history`, when stdin is a terminal; plain lines otherwise,
//! each echoed after its prompt so that a piped session reads as a transcript.
//!
//! The random agents draw from one generator seeded with `--seed`, in the
//! same order as `ludus playout`: with two random agents, `play --seed N`
//! plays the very game of `playout --seed N`.

use crate::Agent;
use ludus::engine::{Engine, Move, Outcome, State};
use ludus::notation::{find_move, move_text, position_text};
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

/// A game in progress, with everything the REPL needs besides the terminal.
pub struct Session<'e> {
    engine: &'e Engine,
    agents: [Agent; 2],
    rng: Rng,
    st: State,
    /// The legal moves in `st`.
    moves: Vec<Move>,
    /// The outcome of `st`.
    outcome: Outcome,
    /// Every turn played in this session, oldest first.
    history: Vec<Turn>,
    /// The moves as last numbered by `moves`; empty once the position changes.
    menu: Vec<Move>,
    finished: bool,
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

    /// The prompt: the name of the player to move.
    pub fn prompt(&self) -> String {
        format!("{}> ", self.mover())
    }

    /// Obeys one line of input: a command, a move, or a menu number.
    pub fn handle(&mut self, line: &str) -> Reply {
        let input = line.trim();
        let mut out = String::new();
        match input.to_lowercase().as_str() {
            "" => {}
            "quit" | "exit" => {
                return Reply {
                    text: out,
                    quit: true,
                };
            }
            "help" | "?" => out.push_str(HELP),
            "board" => out.push_str(&render::board(self.engine, &self.st)),
            "position" => {
                out.push_str(&position_text(self.engine, &self.st));
                out.push('\n');
            }
            "moves" => self.list_moves(&mut out),
            "undo" => self.undo(&mut out),
            _ => match self.choose(input) {
                Ok(m) => {
                    self.play(m, true, &mut out);
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

    /// Recomputes the legal moves and the outcome after the position changed.
    fn refresh(&mut self) {
        self.engine.legal_moves(&mut self.st, &mut self.moves);
        self.outcome = self.engine.outcome_with(&self.st, !self.moves.is_empty());
        self.menu.clear();
    }

    fn list_moves(&mut self, out: &mut String) {
        if self.finished {
            out.push_str("the game is over\n");
            return;
        }
        out.push_str(&format!(
            "legal moves of {} (type a number to play one):\n",
            self.mover()
        ));
        let width = self.moves.len().to_string().len();
        for (i, m) in self.moves.iter().enumerate() {
            out.push_str(&format!(
                "  {:>width$}. {}\n",
                i + 1,
                move_text(self.engine, m)
            ));
        }
        self.menu = self.moves.clone();
    }

    /// The legal move that `input` names, or why there is none.
    fn choose(&self, input: &str) -> Result<Move, String> {
        if self.finished {
            return Err("the game is over".into());
        }
        let digits = input.chars().all(|c| c.is_ascii_digit());
        if digits && !self.menu.is_empty() {
            let n: usize = input.parse().unwrap_or(0);
            return match n.checked_sub(1).and_then(|i| self.menu.get(i)) {
                Some(m) => Ok(*m),
                None => Err(format!(
                    "there is no move {input}: the list goes from 1 to {}",
                    self.menu.len()
                )),
            };
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
        let is_site = |w: &str| {
            let sites = &self.engine.game().board.sites;
            sites.iter().any(|s| s.name.eq_ignore_ascii_case(w))
        };
        let word = first.chars().all(char::is_alphabetic)
            && !["huff", "pass"].contains(&first.to_lowercase().as_str())
            && !is_site(first);
        Err(if word {
            format!("unknown command `{input}`: type `help` for the commands")
        } else if digits {
            format!("`{input}` is not a move: type `moves` first to number the legal moves")
        } else {
            format!("illegal move `{input}`: {reason}")
        })
    }

    /// Plays `m`, says so and draws the board.
    fn play(&mut self, m: Move, by_human: bool, out: &mut String) {
        if m == Move::PASS {
            out.push_str(&format!("{} has no legal move and passes\n", self.mover()));
        } else {
            let text = move_text(self.engine, &m);
            out.push_str(&format!("{} plays {text}\n", self.mover()));
        }
        self.history.push(Turn {
            before: self.st.clone(),
            by_human,
        });
        self.engine.play_unchecked(&mut self.st, &m);
        self.refresh();
        out.push_str(&render::board(self.engine, &self.st));
    }

    /// Plays the agents' turns and forced passes until a person must move
    /// or the game ends.
    fn advance(&mut self, out: &mut String) {
        let people = self.agents.iter().filter(|&&a| a == Agent::Human).count();
        loop {
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
            let m = match self.agents[self.st.to_move as usize] {
                Agent::Random => self.moves[self.rng.random_range(0..self.moves.len())],
                Agent::Human if self.moves.iter().all(|m| *m == Move::PASS) => Move::PASS,
                Agent::Human => return,
            };
            self.play(m, false, out);
        }
    }

    /// Takes back the last move made by a person and every turn after it.
    fn undo(&mut self, out: &mut String) {
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
        return Ok(());
    }
    let mut input = Input::open()?;
    let result = converse(&mut session, &mut input, &mut out);
    input.save();
    result
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn engine(file: &str) -> Engine {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("games")
            .join(file);
        let loaded = ludus::load::load(&path).expect("readable");
        Engine::new(loaded.game.expect("valid"))
    }

    fn humans(engine: &Engine) -> Session<'_> {
        Session::new(engine, engine.start(), [Agent::Human; 2], 0)
    }

    #[test]
    fn prefixes_spaces_and_case() {
        let e = engine("alquerque.game");
        let mut s = humans(&e);
        s.start();
        assert_eq!(
            s.choose("B2 - C3").map(|m| move_text(&e, &m)),
            Ok("b2-c3".into())
        );
        assert_eq!(
            s.choose("d2-").map(|m| move_text(&e, &m)),
            Ok("d2-c3".into())
        );
        assert_eq!(
            s.choose("d").unwrap_err(),
            "ambiguous: matches d2-c3, d3-c3"
        );
        assert!(
            s.choose("c3-c4")
                .unwrap_err()
                .starts_with("illegal move `c3-c4`: ")
        );
        assert!(s.choose("jump").unwrap_err().starts_with("unknown command"));
        assert!(s.choose("2").unwrap_err().contains("type `moves`"));
    }

    #[test]
    fn menu_numbers_and_undo() {
        let e = engine("alquerque.game");
        let mut s = humans(&e);
        s.start();
        assert!(s.handle("undo").text.starts_with("nothing to undo"));
        let listing = s.handle("moves").text;
        let first = listing
            .lines()
            .nth(1)
            .unwrap()
            .split(". ")
            .nth(1)
            .unwrap()
            .to_string();
        let reply = s.handle("1");
        assert!(
            reply.text.starts_with(&format!("white plays {first}\n")),
            "{}",
            reply.text
        );
        assert!(s.menu.is_empty());
        assert!(s.handle("undo").text.starts_with("took back 1 turn\n"));
        assert_eq!(s.st, e.start());
        assert!(s.handle("quit").quit);
    }

    #[test]
    fn undo_takes_back_the_agents_replies() {
        let e = engine("alquerque.game");
        let mut s = Session::new(&e, e.start(), [Agent::Human, Agent::Random], 3);
        s.start();
        let reply = s.handle("b2-c3");
        assert!(reply.text.contains("black plays "), "{}", reply.text);
        assert_eq!(s.history.len(), 2);
        assert!(s.handle("undo").text.starts_with("took back 2 turns\n"));
        assert_eq!(s.st, e.start());
    }

    #[test]
    fn two_agents_replay_the_playout_of_the_same_seed() {
        let e = engine("fetach.game");
        let mut s = Session::new(&e, e.start(), [Agent::Random; 2], 11);
        let text = s.start();
        let mut st = e.start();
        let played = playout::random_playout(&e, &mut st, &mut playout::rng(11), &mut Vec::new());
        assert!(s.over());
        assert_eq!(s.st, st);
        let last = format!(
            "game over after {} turns: {}\n",
            played.plies,
            outcome_text(&e, played.outcome)
        );
        assert!(text.ends_with(&last), "{text}");
    }
}
