//! The `ludus` command line: validate, show, list moves, play, simulate,
//! record, replay and benchmark any game described in the ludus language.

mod repl;

use clap::{Parser, Subcommand, ValueEnum};
use ludus::engine::{Engine, Move, Outcome, State};
use ludus::load::{self, Loaded};
use ludus::notation::{move_text, parse_dice, parse_position, position_text};
use ludus::perft::{self, PerftError};
use ludus::playout::{self, RecordLine};
use ludus::render;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

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
        /// Who plays the first player.
        #[arg(long, value_enum, default_value_t = Agent::Human)]
        white: Agent,
        /// Who plays the second player.
        #[arg(long, value_enum, default_value_t = Agent::Human)]
        black: Agent,
        /// Seed of the random agents and, in dice games, of `roll`.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// Start from this position instead of the setup.
        #[arg(long)]
        position: Option<String>,
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
        /// The record, as written by `playout --record`.
        record: PathBuf,
        /// Print only the verdict, not every position.
        #[arg(long)]
        quiet: bool,
    },
}

/// The longest `bench` run, in seconds: one day.
const MAX_BENCH_SECONDS: f64 = 86_400.0;

/// The most games one `simulate` plays.
const MAX_GAMES: u64 = 1_000_000_000;

/// Parses `--seconds`: a finite number of seconds, more than 0 and at most
/// [`MAX_BENCH_SECONDS`].
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Agent {
    /// Moves typed at the prompt.
    Human,
    /// Uniformly random legal moves.
    Random,
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
            repl::run(&engine, st, [white, black], seed)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            file,
            seconds,
            seed,
            json,
        } => bench(&file, seconds, seed, json),
        Command::Playout {
            file,
            seed,
            record,
            json,
        } => {
            let (engine, text) = engine(&file)?;
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
            json,
        } => simulate(&file, games, seed, json),
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
        Command::Replay { record, quiet } => replay(&record, quiet),
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
                "{} is not a valid game ({} problems)",
                file.display(),
                diagnostics.len()
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
                    eprintln!("{}: {} problems", file.display(), diagnostics.len());
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

fn bench(file: &Path, seconds: f64, seed: u64, json: bool) -> Result<ExitCode, Failure> {
    let (engine, _) = engine(file)?;
    let start = engine.start();
    let mut st = start.clone();
    let mut moves = Vec::with_capacity(256);
    let mut rng = playout::rng(seed);
    let budget = Duration::from_secs_f64(seconds);
    let began = Instant::now();
    let (mut games, mut plies) = (0u64, 0u64);
    // At least one batch, so that even the shortest run measures something.
    loop {
        for _ in 0..64 {
            st.clone_from(&start);
            engine.opening(&mut st, &mut rng);
            plies += playout::random_playout(&engine, &mut st, &mut rng, &mut moves)
                .map_err(|e| format!("a playout stopped {e}"))?
                .plies as u64;
            games += 1;
        }
        if began.elapsed() >= budget {
            break;
        }
    }
    // A clock too coarse to see the batch still gives finite rates.
    let elapsed = began.elapsed().as_secs_f64().max(1e-9);
    let rate = games as f64 / elapsed;
    let per_game = plies as f64 / games as f64;
    if json {
        say!(
            "{}",
            serde_json::json!({"game": engine.game().name, "playouts": games, "seconds": elapsed, "playouts_per_second": rate, "plies_per_playout": per_game})
        );
    } else {
        say!("{}: {games} playouts in {elapsed:.2} s", engine.game().name);
        say!(
            "{rate:.0} playouts/s, {per_game:.1} plies/playout, {:.0} plies/s",
            plies as f64 / elapsed
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn simulate(file: &Path, games: u64, seed: u64, json: bool) -> Result<ExitCode, Failure> {
    let (engine, _) = engine(file)?;
    let start = engine.start();
    let mut st = start.clone();
    let mut moves = Vec::with_capacity(256);
    let players = engine.game().players.len();
    let (mut wins, mut draws, mut unfinished, mut plies) = (vec![0u64; players], 0u64, 0u64, 0u64);
    let mut score = vec![0u64; players];
    // Per player: the games he started after the opening throw.
    let mut starts = vec![0u64; players];
    // Per player: how many games he won, by the points each was worth.
    let mut by_points = vec![std::collections::BTreeMap::<u8, u64>::new(); players];
    let bar = indicatif::ProgressBar::new(games);
    if json || !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    for i in 0..games {
        let mut rng = playout::rng(seed.wrapping_add(i));
        st.clone_from(&start);
        // Who starts, in a game with an opening throw.
        if engine.opening(&mut st, &mut rng).is_some() {
            starts[st.to_move as usize] += 1;
        }
        let seed = seed.wrapping_add(i);
        let result = playout::random_playout(&engine, &mut st, &mut rng, &mut moves)
            .map_err(|e| format!("the game with seed {seed} stopped {e}"))?;
        plies += result.plies as u64;
        match result.outcome {
            Outcome::Decisive { winner, points } => {
                wins[winner] += 1;
                score[winner] += u64::from(points);
                *by_points[winner].entry(points).or_default() += 1;
            }
            Outcome::Draw => draws += 1,
            Outcome::Ongoing => unfinished += 1,
        }
        if i % 256 == 0 {
            bar.set_position(i);
        }
    }
    bar.finish_and_clear();
    let names: Vec<&str> = engine
        .game()
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let mean = plies as f64 / games.max(1) as f64;
    let has_opening = engine.game().dice.is_some_and(|d| d.opening.is_some());
    if json {
        let by_player: serde_json::Map<String, serde_json::Value> = names
            .iter()
            .zip(&wins)
            .map(|(n, w)| (n.to_string(), (*w).into()))
            .collect();
        let sizes: serde_json::Map<String, serde_json::Value> = names
            .iter()
            .zip(&by_points)
            .map(|(n, sizes)| {
                let sizes: serde_json::Map<String, serde_json::Value> = sizes
                    .iter()
                    .map(|(p, w)| (p.to_string(), (*w).into()))
                    .collect();
                (n.to_string(), sizes.into())
            })
            .collect();
        let mut value = serde_json::json!({"game": engine.game().name, "games": games, "seed": seed, "wins": by_player, "points": score, "wins_by_points": sizes, "draws": draws, "unfinished": unfinished, "mean_plies": mean});
        if has_opening {
            let started: serde_json::Map<String, serde_json::Value> = names
                .iter()
                .zip(&starts)
                .map(|(n, s)| (n.to_string(), (*s).into()))
                .collect();
            value["starts"] = started.into();
        }
        say!("{value}");
    } else {
        say!("{}: {games} games from seed {seed}", engine.game().name);
        if has_opening {
            let started: Vec<String> = names
                .iter()
                .zip(&starts)
                .map(|(n, s)| format!("{n} {s}"))
                .collect();
            say!("  started after the opening throw: {}", started.join(", "));
        }
        for (((n, w), points), sizes) in names.iter().zip(&wins).zip(&score).zip(&by_points) {
            // Wins worth one point each need no breakdown.
            let sizes = if sizes.keys().all(|&p| p == 1) {
                String::new()
            } else {
                let sizes: Vec<String> = sizes
                    .iter()
                    .map(|(p, w)| match p {
                        1 => format!("{w} single"),
                        2 => format!("{w} double"),
                        3 => format!("{w} triple"),
                        p => format!("{w} of {p} points"),
                    })
                    .collect();
                format!(" ({})", sizes.join(", "))
            };
            say!(
                "  {n} wins: {w} ({:.1}%), {points} points{sizes}",
                100.0 * *w as f64 / games.max(1) as f64
            );
        }
        say!(
            "  draws: {draws} ({:.1}%)",
            100.0 * draws as f64 / games.max(1) as f64
        );
        if unfinished > 0 {
            say!(
                "  unfinished after {} turns: {unfinished}",
                playout::MAX_PLIES
            );
        }
        say!("  mean turns per game: {mean:.1}");
    }
    Ok(ExitCode::SUCCESS)
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

fn replay(path: &Path, quiet: bool) -> Result<ExitCode, Failure> {
    let text = read_record(path)?;
    let record = playout::parse_record(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let engine = record_game(path, &record)?;
    let variant = &record.variant;
    if engine.game().name != *variant {
        return Err(Failure::Message(format!(
            "{}: line 1, `variant`: the record is of `{variant}` but {} is `{}`",
            path.display(),
            record.game,
            engine.game().name
        )));
    }
    let replayed =
        playout::replay(&engine, &record).map_err(|e| format!("{}: {e}", path.display()))?;
    if !quiet {
        say_part!("{}", render::board(&engine, &engine.start()));
        for (i, (played, st)) in replayed.turns.iter().enumerate() {
            say!("\n{}. {played}", i + 1);
            say_part!("{}", render::board(&engine, st));
        }
        say!();
    }
    say!(
        "{variant}, seed {}: {} turns, every move legal; {}",
        record.seed,
        replayed.turns.len(),
        playout::outcome_text(&engine, replayed.outcome)
    );
    Ok(ExitCode::SUCCESS)
}

/// Reads a record file's text.
fn read_record(path: &Path) -> Result<String, Failure> {
    Ok(load::read_text(path, load::MAX_RECORD_BYTES)?)
}

/// Finds and loads the game a record names: beside the record first, then
/// relative to the current folder; the file whose text has the record's
/// SHA-256 is the one.
fn record_game(path: &Path, record: &playout::Record) -> Result<Engine, Failure> {
    let named = Path::new(&record.game);
    let folder = path.parent().unwrap_or(Path::new(""));
    let mut places = Vec::new();
    if named.is_absolute() {
        places.push(("", named.to_path_buf()));
    } else if folder.as_os_str().is_empty() {
        places.push((
            "beside the record, in the current folder, ",
            named.to_path_buf(),
        ));
    } else {
        places.push(("beside the record ", folder.join(named)));
        places.push(("in the current folder ", named.to_path_buf()));
    }
    let mut changed = Vec::new();
    for (_, place) in &places {
        if !place.exists() {
            continue;
        }
        let loaded = load::load(place)?;
        if playout::text_hash(loaded.sources.text(0)) != record.sha256 {
            changed.push(place.display().to_string());
            continue;
        }
        return checked(place, loaded).map(|(engine, _)| engine);
    }
    let looked: Vec<String> = places
        .iter()
        .map(|(how, place)| format!("{how}at {}", place.display()))
        .collect();
    Err(Failure::Message(if changed.is_empty() {
        format!(
            "{}: line 1, `game`: cannot find {}: looked {}",
            path.display(),
            record.game,
            looked.join(" and ")
        )
    } else {
        format!(
            "{}: line 1, `sha256`: {} changed since the record was made (its SHA-256 differs); looked {}",
            path.display(),
            changed.join(" and "),
            looked.join(" and ")
        )
    }))
}
