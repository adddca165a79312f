//! The `ludus` command line: validate, show, list moves, play, simulate,
//! record, replay and benchmark any game described in the ludus language.

mod repl;

use clap::{Parser, Subcommand};
use ludus::engine::{Engine, Move, Outcome, State};
use ludus::load::{self, Loaded};
use ludus::notation::{move_text, parse_dice, parse_position, position_text};
use ludus::perft::{self, PerftError};
use ludus::playout::{self, RecordLine};
use ludus::render;
use ludus::simulate;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "ludus",
    version,
    about = "A general game system: board games as text files"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check game files; print `ok` or every diagnostic.
    Validate {
        /// Game files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Rewrite game files in the canonical layout, comments kept (refused,
    /// file untouched, unless the result means exactly the same game).
    Fmt {
        /// Game files to format.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Change nothing: list the files that would change, exit code 1
        /// if any.
        #[arg(long)]
        check: bool,
    },
    /// What one game's rules change against another's: the rule items that
    /// differ once variants are merged, and a witness, a short sequence of
    /// turns from the start to where the two games differ in play.
    Diff {
        /// The first game file.
        a: PathBuf,
        /// The second game file.
        b: PathBuf,
        /// Seed of the first random game searched for a witness.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// Random games searched for a witness once the turns near the start
        /// show none (0 to 100,000).
        #[arg(long, default_value_t = 200, allow_negative_numbers = true,
            value_parser = clap::value_parser!(u64).range(0..=MAX_DIFF_GAMES))]
        games: u64,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Why a move is legal or not: the rules that allow it and what it
    /// does, or the first rule that forbids it, each at its line in the
    /// game file, and the legal moves nearest to it.
    Explain {
        /// The game file.
        file: PathBuf,
        /// The position, in ludus position notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        /// Dice games: the roll to play, such as `5-3`.
        #[arg(long)]
        dice: Option<String>,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
        /// The move, in notation (`b2-c3`, `13/18 18/21`).
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        r#move: Vec<String>,
    },
    /// Draw a position as an SVG picture (any board: grids with their
    /// lines or dark squares, tables boards with stacks, bar and trays).
    Render {
        /// The game file.
        file: PathBuf,
        /// The position, in ludus position notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        /// Where to write the picture (`-` for standard output).
        #[arg(long)]
        svg: PathBuf,
    },
    /// Print a readable summary of the rules and the start board.
    Show {
        /// The game file.
        file: PathBuf,
    },
    /// List the legal moves of a position.
    Moves {
        /// The game file.
        file: PathBuf,
        /// The position, in ludus position notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        /// Dice games: the roll to play, such as `5-3`.
        #[arg(long)]
        dice: Option<String>,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
        /// Read positions from standard input instead, one per line (dice
        /// included), and answer each with one line of JSON.
        #[arg(long, conflicts_with_all = ["position", "dice"])]
        batch: bool,
    },
    /// Play in the terminal, against people or the random agent (in dice
    /// games: `roll`, or `dice 5 3` for a roll thrown with real dice).
    Play {
        /// The game file.
        file: PathBuf,
        /// Who plays the first player: `human`, or an agent such as
        /// `random`, `mcts:iterations=2000` or `expectimax:depth=2`.
        #[arg(long, default_value = "human", value_parser = agent)]
        white: Agent,
        /// Who plays the second player.
        #[arg(long, default_value = "human", value_parser = agent)]
        black: Agent,
        /// Seed of the random agents and, in dice games, of `roll`.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// Start from this position instead of the setup.
        #[arg(long)]
        position: Option<String>,
    },
    /// Agent against agent: many seeded games, and the win, draw and loss
    /// rates with 95% intervals, points per game and an Elo difference.
    Match {
        /// The game file.
        file: PathBuf,
        /// The first agent, such as `mcts:iterations=500`: the first player
        /// (White in the game's terms), or on even games with `--swap`.
        #[arg(long, value_parser = agent_spec)]
        white: ludus::agent::Spec,
        /// The second agent.
        #[arg(long, value_parser = agent_spec)]
        black: ludus::agent::Spec,
        /// Games in the match (1 to 1,000,000).
        #[arg(long, default_value_t = 100, allow_negative_numbers = true,
            value_parser = clap::value_parser!(u64).range(1..=MAX_MATCH_GAMES))]
        games: u64,
        /// Seed of game 0; game i uses seed + i for its dice and both agents.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// The agents change sides on odd games.
        #[arg(long)]
        swap: bool,
        /// Play only the K-th of N disjoint slices of the games (by index),
        /// such as `2/8`; `ludus merge` sums the slices up.
        #[arg(long, value_parser = shard)]
        shard: Option<(u64, u64)>,
        /// Threads to play on (default: one per core); the results are the
        /// same for every number.
        #[arg(long, allow_negative_numbers = true, value_parser = threads)]
        threads: Option<usize>,
        /// Write one JSON line per game (index, seed, agents, result,
        /// points, turns) to this file.
        #[arg(long)]
        out: Option<PathBuf>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Run an experiment: the matches of a TOML file (game, agents, games,
    /// seed, swap per `[[run]]`), their games as JSON lines, and a summary
    /// per run.
    Experiment {
        /// The experiment file.
        spec: PathBuf,
        /// Where to write one JSON line per game (default: the experiment
        /// file with the extension `.jsonl`).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Play only the K-th of N disjoint slices of every run's games.
        #[arg(long, value_parser = shard)]
        shard: Option<(u64, u64)>,
        /// Threads to play on (default: one per core).
        #[arg(long, allow_negative_numbers = true, value_parser = threads)]
        threads: Option<usize>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Sum up the JSON lines of `match --out` or `experiment` runs (the
    /// shards of one match or experiment) into the summaries one run would
    /// print.
    Merge {
        /// The files written by `match --out`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Measure random playouts per second (single thread).
    Bench {
        /// The game file.
        file: PathBuf,
        /// How long to run, in seconds (more than 0, at most 86400); at
        /// least one batch of playouts is always run.
        #[arg(long, default_value_t = 5.0, value_parser = bench_seconds, allow_negative_numbers = true)]
        seconds: f64,
        /// Seed of the first playout.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// Threads to play on (default: one per core).
        #[arg(long, allow_negative_numbers = true, value_parser = threads)]
        threads: Option<usize>,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Play one seeded random game to the end and print the result.
    Playout {
        /// The game file.
        file: PathBuf,
        /// Seed of every random choice.
        #[arg(long, allow_negative_numbers = true)]
        seed: u64,
        /// Write the game's record (JSON lines) to this file.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Write the game as PDN to this file (numbered boards only).
        #[arg(long, value_name = "F.pdn")]
        pdn: Option<PathBuf>,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Play many seeded random games and print statistics.
    Simulate {
        /// The game file.
        file: PathBuf,
        /// Number of games (1 to 1,000,000,000).
        #[arg(long, default_value_t = 1000, allow_negative_numbers = true,
            value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
        games: u64,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// Threads to play on (default: one per core); the results are the
        /// same for every number.
        #[arg(long, allow_negative_numbers = true, value_parser = threads)]
        threads: Option<usize>,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Rule coverage: how often each rule item (variants merged) decided
    /// something in seeded random games, judged against the game without
    /// it; items that never fired are flagged.
    Coverage {
        /// The game file.
        file: PathBuf,
        /// Number of games (1 to 1,000,000).
        #[arg(long, default_value_t = 100, allow_negative_numbers = true,
            value_parser = clap::value_parser!(u64).range(1..=MAX_MATCH_GAMES))]
        games: u64,
        /// Seed of the first game; game i uses seed + i (as `playout --seed`).
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// Threads to play on (default: one per core); the counts are the
        /// same for every number.
        #[arg(long, allow_negative_numbers = true, value_parser = threads)]
        threads: Option<usize>,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Check the game's invariants: play seeded random games and stop at
    /// the first position where one fails, with the turns that reach it
    /// (exit 1); else a summary.
    Check {
        /// The game file.
        file: PathBuf,
        /// Number of games (1 to 1,000,000,000).
        #[arg(long, default_value_t = 100, allow_negative_numbers = true,
            value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
        games: u64,
        /// Seed of the first game; game i uses seed + i (as `playout --seed`).
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// Threads to play on (default: one per core); the violation found
        /// is the same for every number.
        #[arg(long, allow_negative_numbers = true, value_parser = threads)]
        threads: Option<usize>,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Count the move sequences of each length from a position (perft).
    Perft {
        /// The game file.
        file: PathBuf,
        /// The position, in ludus position notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        /// Count sequences of 1 to N turns (N from 1 to 64).
        #[arg(long, value_name = "N", allow_negative_numbers = true,
            value_parser = clap::value_parser!(u32).range(1..=i64::from(perft::MAX_DEPTH)))]
        depth: u32,
        /// Dice games: the roll of the first turn, such as `5-3` (depth 1 only).
        #[arg(long)]
        dice: Option<String>,
        /// Split the deepest count by first move.
        #[arg(long)]
        divide: bool,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Re-check a record against the rules and show the game.
    Replay {
        /// The record, as written by `playout --record`, or a PDN game
        /// (a `.pdn` file, or with `--pdn`).
        record: PathBuf,
        /// Print only the verdict, not every position.
        #[arg(long)]
        quiet: bool,
        /// Read the record as a PDN game, whatever its name.
        #[arg(long)]
        pdn: bool,
        /// PDN: the game file (default: the PDN's `GameFile` tag).
        #[arg(long, value_name = "FILE")]
        game: Option<PathBuf>,
        /// Also write one self-contained HTML page that steps through the
        /// game's pictures (buttons and arrow keys); records only.
        #[arg(long, value_name = "OUT.html")]
        html: Option<PathBuf>,
    },
}

/// The longest `bench` run, in seconds: one day.
const MAX_BENCH_SECONDS: f64 = 86_400.0;

/// The most games one `simulate` plays.
const MAX_GAMES: u64 = 1_000_000_000;

/// The most games one `match` plays.
const MAX_MATCH_GAMES: u64 = 1_000_000;

/// Reads an agent such as `mcts:iterations=500`.
fn agent_spec(text: &str) -> Result<ludus::agent::Spec, String> {
    text.parse()
}

/// Reads `--shard K/N`: 1 <= K <= N <= 1,000,000.
fn shard(text: &str) -> Result<(u64, u64), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)));
    match parsed {
        Some((k, n)) if k >= 1 && k <= n && n <= MAX_MATCH_GAMES => Ok((k, n)),
        _ => Err(format!(
            "`{text}`: expected K/N with 1 <= K <= N <= {MAX_MATCH_GAMES}, such as 2/8"
        )),
    }
}

/// The most random games `diff` searches for a witness.
const MAX_DIFF_GAMES: u64 = 100_000;

/// Parses `--seconds`: a finite number of seconds, more than 0 and at most
/// [`MAX_BENCH_SECONDS`].
/// Reads `--threads`: 1 to [`simulate::MAX_THREADS`].
fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=simulate::MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 1 to {}",
            simulate::MAX_THREADS
        )),
    }
}

fn bench_seconds(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds.is_finite() && seconds > 0.0 && seconds <= MAX_BENCH_SECONDS {
        Ok(seconds)
    } else {
        Err(format!(
            "the number of seconds must be more than 0 and at most {MAX_BENCH_SECONDS}"
        ))
    }
}

/// Who makes a player's moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Agent {
    /// Moves typed at the prompt.
    Human,
    /// An agent of the library.
    Machine(ludus::agent::Spec),
}

/// Reads `human` or an agent such as `mcts:iterations=500`.
fn agent(text: &str) -> Result<Agent, String> {
    if text.trim() == "human" {
        Ok(Agent::Human)
    } else {
        text.parse()
            .map(Agent::Machine)
            .map_err(|e| format!("{e}, or `human`"))
    }
}

/// Why a command stopped early.
enum Failure {
    /// A failure: the message is printed and the exit code is 1.
    Message(String),
    /// Standard output was closed by its reader (`ludus moves ... | head`):
    /// the command ends quietly, as its reader asked.
    OutputClosed,
}

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure::Message(e.to_string())
    }
}

impl Failure {
    /// A failed write to standard output.
    fn output(e: std::io::Error) -> Failure {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::OutputClosed
        } else {
            Failure::Message(format!("cannot write to standard output: {e}"))
        }
    }
}

/// `println!` that ends the command instead of panicking when standard
/// output fails (a closed pipe); for functions returning `Result<_, Failure>`.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*).map_err(Failure::output)?
    }};
}

/// `print!` as [`say!`] does `println!`.
macro_rules! say_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*).map_err(Failure::output)?
    }};
}

mod coverage_cli;
mod diff_cli;
mod explain_cli;
mod fmt_cli;
mod invariants_cli;
mod pdn_cli;
mod replay_cli;
mod runs_cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(Failure::Message(message)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
        Err(Failure::OutputClosed) => ExitCode::SUCCESS,
    }
}

fn run(command: Command) -> Result<ExitCode, Failure> {
    match command {
        Command::Validate { files } => validate(&files),
        Command::Fmt { files, check } => fmt_cli::fmt(&files, check),
        Command::Render {
            file,
            position,
            svg,
        } => {
            let (engine, _) = engine(&file)?;
            let st = position_or_start(&engine, position.as_deref())?;
            let picture = ludus::svg::svg(&engine, &st, None);
            if svg.as_os_str() == "-" {
                say_part!("{picture}");
            } else {
                std::fs::write(&svg, picture)
                    .map_err(|e| format!("cannot write {}: {e}", svg.display()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Diff {
            a,
            b,
            seed,
            games,
            json,
        } => diff_cli::diff(&a, &b, seed, games, json),
        Command::Explain {
            file,
            position,
            dice,
            json,
            r#move,
        } => explain_cli::explain(&file, position.as_deref(), dice.as_deref(), &r#move, json),
        Command::Show { file } => {
            let (engine, _) = engine(&file)?;
            say_part!("{}", engine.game());
            say!();
            say_part!("{}", render::board(&engine, &engine.start()));
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves {
            file,
            position,
            dice,
            json,
            batch,
        } => {
            let (engine, _) = engine(&file)?;
            if batch {
                return moves_batch(&engine);
            }
            let mut st = position_or_start(&engine, position.as_deref())?;
            if let Some(dice) = dice {
                st.dice = parse_dice(&engine, &dice)
                    .map_err(|e| Failure::Message(format!("bad dice: {e}")))?;
            } else if engine.has_dice() && st.dice == [0; 4] {
                return Err(Failure::Message(
                    "this game is played with dice: give the roll with `--dice 5-3` (or `dice: 5-3` in the position)".into(),
                ));
            }
            let mut moves = Vec::new();
            engine.try_legal_moves(&mut st, &mut moves)?;
            let outcome = engine.outcome_with(&st, !moves.is_empty());
            if outcome != Outcome::Ongoing {
                moves.clear();
            }
            let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
            if json {
                say!("{}", moves_json(&engine, &st, &moves, outcome));
            } else if outcome != Outcome::Ongoing {
                eprintln!(
                    "the game is over: {}",
                    playout::outcome_text(&engine, outcome)
                );
            } else {
                for t in texts {
                    say!("{t}");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Play {
            file,
            white,
            black,
            seed,
            position,
        } => {
            let (engine, _) = engine(&file)?;
            let st = position_or_start(&engine, position.as_deref())?;
            let rules = ludus::explain::Rules::load(&file).ok();
            repl::run(&engine, st, [white, black], seed, rules.as_ref())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Match {
            file,
            white,
            black,
            games,
            seed,
            swap,
            shard,
            threads,
            out,
            quiet,
            json,
        } => {
            let (engine, _) = engine(&file)?;
            let spec = ludus::matches::Match {
                a: white,
                b: black,
                games,
                seed,
                swap,
                shard,
            };
            let played = spec.indices().count() as u64;
            let bar = runs_cli::progress_bar(played, quiet || json);
            let threads = threads.unwrap_or_else(simulate::default_threads);
            let results = spec
                .run(&engine, threads, &|| bar.inc(1))
                .map_err(|e| e.to_string())?;
            bar.finish_and_clear();
            if let Some(path) = out {
                runs_cli::write_games(&path, &results)?;
            }
            runs_cli::print_match(&ludus::matches::summarize(&results), json)
        }
        Command::Experiment {
            spec,
            out,
            shard,
            threads,
            quiet,
            json,
        } => runs_cli::experiment(&spec, out, shard, threads, quiet, json),
        Command::Merge { files, json } => {
            let mut texts = Vec::new();
            for path in &files {
                let text =
                    load::read_text(path, load::MAX_RECORD_BYTES).map_err(|e| e.to_string())?;
                texts.push((path.display().to_string(), text));
            }
            let groups = ludus::matches::read_games(&texts)?;
            runs_cli::print_groups(&groups, json)
        }
        Command::Bench {
            file,
            seconds,
            seed,
            threads,
            json,
        } => runs_cli::bench(&file, seconds, seed, threads, json),
        Command::Playout {
            file,
            seed,
            record,
            pdn,
            json,
        } => {
            let (engine, text) = engine(&file)?;
            if pdn.is_some() {
                ludus::pdn::check_numbered(&engine)?;
            }
            let lines =
                playout::recorded_playout(&engine, &file.display().to_string(), &text, seed)
                    .map_err(|e| format!("the playout with seed {seed} stopped {e}"))?;
            if let Some(path) = record {
                let mut out = std::io::BufWriter::new(
                    std::fs::File::create(&path)
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
                );
                for line in &lines {
                    serde_json::to_writer(&mut out, line)?;
                    out.write_all(b"\n")?;
                }
                out.flush()?;
            }
            if let Some(path) = pdn {
                pdn_cli::write(&engine, &file, seed, &lines, &path)?;
            }
            let Some(RecordLine::Result {
                result,
                plies,
                position,
                ..
            }) = lines.last()
            else {
                unreachable!("a recorded playout ends with its result");
            };
            if json {
                say!(
                    "{}",
                    serde_json::json!({"seed": seed, "result": result, "plies": plies, "position": position})
                );
            } else {
                say!("{result} after {plies} turns (seed {seed})");
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Simulate {
            file,
            games,
            seed,
            threads,
            json,
        } => runs_cli::simulate(&file, games, seed, threads, json),
        Command::Coverage {
            file,
            games,
            seed,
            threads,
            json,
        } => coverage_cli::coverage(&file, games, seed, threads, json),
        Command::Check {
            file,
            games,
            seed,
            threads,
            json,
        } => invariants_cli::check(&file, games, seed, threads, json),
        Command::Perft {
            file,
            position,
            depth,
            dice,
            divide,
            json,
        } => perft(
            &file,
            position.as_deref(),
            depth,
            dice.as_deref(),
            divide,
            json,
        ),
        Command::Replay {
            record,
            quiet,
            pdn,
            game,
            html,
        } => {
            let pdn_game = pdn
                || record
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("pdn"));
            if pdn_game && html.is_some() {
                eprintln!("error: `--html` is for records written by `playout --record`");
                return Ok(ExitCode::from(2));
            }
            if pdn
                || record
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
            {
                pdn_cli::replay(&record, game.as_deref(), quiet)
            } else if game.is_some() {
                eprintln!("error: `--game` is for PDN games; a record names its game file");
                Ok(ExitCode::from(2))
            } else {
                replay_cli::replay(&record, quiet, html.as_deref())
            }
        }
    }
}

/// Loads a game, printing its diagnostics on failure; returns the engine and the file's text.
fn engine(file: &Path) -> Result<(Engine, String), Failure> {
    checked(file, load::load(file)?)
}

/// The engine of a loaded game file, or its diagnostics printed.
fn checked(file: &Path, Loaded { sources, game }: Loaded) -> Result<(Engine, String), Failure> {
    match game {
        Ok(game) => Ok((Engine::new(game), sources.text(0).to_string())),
        Err(diagnostics) => {
            eprint!("{}", sources.render(&diagnostics));
            Err(Failure::Message(format!(
                "{} is not a valid game ({})",
                file.display(),
                ludus::diag::problems(diagnostics.len())
            )))
        }
    }
}

/// The answer of `moves --json`: the position, who moves, the outcome,
/// the legal moves and the position after each (`results`, in the same
/// order).
fn moves_json(engine: &Engine, st: &State, moves: &[Move], outcome: Outcome) -> serde_json::Value {
    let results: Vec<String> = moves
        .iter()
        .map(|m| {
            let mut after = st.clone();
            engine.play_unchecked(&mut after, m);
            position_text(engine, &after)
        })
        .collect();
    let mut value = serde_json::json!({
        "position": position_text(engine, st),
        "to_move": engine.game().players[st.to_move as usize].name,
        "outcome": playout::outcome_text(engine, outcome),
        "moves": moves.iter().map(|m| move_text(engine, m)).collect::<Vec<_>>(),
        "results": results,
    });
    // GNU Backgammon's Position ID, for games that can have one.
    if let Ok(id) = ludus::position_id::position_id(engine, st) {
        value["position_id"] = id.into();
    }
    value
}

/// The longest line `moves --batch` reads.
const MAX_BATCH_LINE: usize = 4096;

/// `moves --batch`: one position per line of standard input (blank lines
/// skipped), each answered by one line of JSON as `moves --json` prints.
fn moves_batch(engine: &Engine) -> Result<ExitCode, Failure> {
    use std::io::{BufRead as _, Read as _};
    let mut input = std::io::stdin().lock();
    let mut line = String::new();
    let mut moves = Vec::new();
    for number in 1.. {
        line.clear();
        let read = (&mut input)
            .take(MAX_BATCH_LINE as u64 + 1)
            .read_line(&mut line)
            .map_err(|e| format!("line {number} of standard input: {e}"))?;
        if read == 0 {
            break;
        }
        if line.len() > MAX_BATCH_LINE {
            return Err(Failure::Message(format!(
                "line {number} of standard input is longer than {MAX_BATCH_LINE} bytes (MAX_BATCH_LINE)"
            )));
        }
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let mut st = parse_position(engine, text)
            .map_err(|e| format!("line {number}: bad position: {e}"))?;
        if engine.has_dice() && st.dice == [0; 4] {
            return Err(Failure::Message(format!(
                "line {number}: this game is played with dice: give the roll in the position (`dice: 5-3`)"
            )));
        }
        engine
            .try_legal_moves(&mut st, &mut moves)
            .map_err(|e| format!("line {number}: {e}"))?;
        let outcome = engine.outcome_with(&st, !moves.is_empty());
        if outcome != Outcome::Ongoing {
            moves.clear();
        }
        say!("{}", moves_json(engine, &st, &moves, outcome));
    }
    Ok(ExitCode::SUCCESS)
}

fn position_or_start(engine: &Engine, position: Option<&str>) -> Result<State, Failure> {
    match position {
        Some(p) if ludus::pdn::looks_like_fen(p) => ludus::pdn::parse_fen(engine, p)
            .map_err(|e| Failure::Message(format!("bad position: {e}"))),
        Some(p) => {
            parse_position(engine, p).map_err(|e| Failure::Message(format!("bad position: {e}")))
        }
        None => Ok(engine.start()),
    }
}

fn validate(files: &[PathBuf]) -> Result<ExitCode, Failure> {
    let mut ok = true;
    for file in files {
        match load::load(file) {
            Err(e) => {
                ok = false;
                eprintln!("error: {e}");
            }
            Ok(Loaded { sources, game }) => match game {
                Ok(_) => say!("{}: ok", file.display()),
                Err(diagnostics) => {
                    ok = false;
                    eprint!("{}", sources.render(&diagnostics));
                    eprintln!(
                        "{}: {}",
                        file.display(),
                        ludus::diag::problems(diagnostics.len())
                    );
                }
            },
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn perft(
    file: &Path,
    position: Option<&str>,
    depth: u32,
    dice: Option<&str>,
    divide: bool,
    json: bool,
) -> Result<ExitCode, Failure> {
    let (engine, _) = engine(file)?;
    let mut st = position_or_start(&engine, position)?;
    if let Some(dice) = dice {
        st.dice =
            parse_dice(&engine, dice).map_err(|e| Failure::Message(format!("bad dice: {e}")))?;
    }
    // One step of the bar per first move, drawn only on a terminal: nothing
    // is done for it inside the count.
    let bar = indicatif::ProgressBar::hidden();
    if !json && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    }
    let counted = perft::divide(&engine, &st, depth, |done, of| {
        bar.set_length(of as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let counted = match counted {
        Ok(counted) => counted,
        Err(e @ (PerftError::Depth(_) | PerftError::NoRoll | PerftError::DiceDepth(_))) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(2));
        }
        Err(e @ PerftError::TooManyTurns(_)) => return Err(Failure::Message(e.to_string())),
    };
    let total = counted.depths.last().copied().unwrap_or(0);
    if json {
        let depths: Vec<serde_json::Value> = (1..)
            .zip(&counted.depths)
            .map(|(depth, count)| serde_json::json!({"depth": depth, "count": count}))
            .collect();
        let mut value = serde_json::json!({ "depths": depths });
        if divide {
            value["divide"] = counted
                .moves
                .iter()
                .map(
                    |(m, count)| serde_json::json!({"move": move_text(&engine, m), "count": count}),
                )
                .collect();
        }
        say!("{value}");
    } else if divide {
        for (m, count) in &counted.moves {
            say!("{} {count}", move_text(&engine, m));
        }
        say!("total {total}");
    } else {
        for (depth, count) in (1..).zip(&counted.depths) {
            say!("{depth} {count}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
