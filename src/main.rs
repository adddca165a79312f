//! The `ludus` command line: validate, show, list moves, play, simulate,
//! record, replay and benchmark any game described in the ludus language.

use cli::args::*;

use clap::Parser;
use ludus::engine::{Engine, State};
use ludus::load::{self, Loaded};
use ludus::notation::{move_text, parse_dice, parse_position};
use ludus::perft::{self, PerftError};
use ludus::playout::{self, RecordLine};
use ludus::render;
use ludus::simulate;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Why a command stopped early.
enum Failure {
    /// A failure: the message is printed and the exit code is 1.
    Message(String),
    /// A bad command line found after parsing (an output that is an input,
    /// seeds that would wrap): the message is printed and the exit code is 2.
    Usage(String),
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

    /// The message of a failure, for an answer that carries it.
    fn text(self) -> String {
        match self {
            Failure::Message(m) | Failure::Usage(m) => m,
            Failure::OutputClosed => "standard output was closed".into(),
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

// After the macros, which the commands use.
mod cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(Failure::Message(message)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
        Err(Failure::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::OutputClosed) => ExitCode::SUCCESS,
    }
}

fn run(command: Command) -> Result<ExitCode, Failure> {
    match command {
        Command::Validate { files } => validate(&files),
        Command::Fmt { files, check } => cli::fmt::fmt(&files, check),
        Command::Render {
            file,
            position,
            svg,
        } => {
            if svg.as_os_str() != "-" {
                refuse_overwrite("--svg", &svg, &[&file])?;
            }
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
        } => {
            check_seeds(seed, games)?;
            cli::diff::diff(&a, &b, seed, games, json)
        }
        Command::Explain {
            file,
            position,
            dice,
            json,
            r#move,
        } => cli::explain::explain(&file, position.as_deref(), dice.as_deref(), &r#move, json),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "ludus", &mut std::io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => {
            use clap::CommandFactory;
            // A reader that stops early (`| head`) is no failure.
            clap_mangen::Man::new(Cli::command())
                .render(&mut std::io::stdout())
                .or_else(|e| match e.kind() {
                    std::io::ErrorKind::BrokenPipe => Ok(()),
                    _ => Err(format!("cannot write the manual page: {e}")),
                })?;
            Ok(ExitCode::SUCCESS)
        }
        Command::List { json } => {
            cli::list::list(json)?;
            Ok(ExitCode::SUCCESS)
        }
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
            agent,
            seed,
            cube,
            rollouts,
        } => cli::moves::moves(
            &file,
            position.as_deref(),
            dice.as_deref(),
            json,
            batch,
            agent,
            seed,
            cube.then_some(rollouts),
        ),
        Command::Play {
            file,
            seats,
            seed,
            position,
            record,
            match_to,
            view,
        } => play(&file, &seats, seed, (position, record), match_to, view),
        Command::Match {
            file,
            seats,
            match_to,
            games,
            seed,
            swap,
            shard,
            threads,
            out,
            quiet,
            json,
        } => {
            if let Some(path) = &out {
                refuse_overwrite("--out", path, &[&file])?;
            }
            let (engine, _) = engine(&file)?;
            let seats = seats.of(engine.game()).map_err(Failure::Usage)?;
            let seats = ready_agents(&engine, &file, seats)?;
            let mut agents = cli::args::machines(engine.game(), seats).map_err(Failure::Usage)?;
            if agents.len() > 2 {
                if match_to.is_some() {
                    return Err(Failure::Usage(format!(
                        "`--match` is for games of two players, and this one has {}",
                        agents.len()
                    )));
                }
                let seating = ludus::seating::Seating {
                    agents,
                    games,
                    seed,
                    rotate: swap,
                    shard,
                };
                return cli::runs::seating(&engine, &seating, threads, out, quiet || json, json);
            }
            let (Some(b), Some(a)) = (agents.pop(), agents.pop()) else {
                unreachable!("a game has two players at least");
            };
            let spec = ludus::matches::Match {
                a,
                b,
                games,
                seed,
                swap,
                shard,
                length: match_to,
            };
            spec.check_seeds().map_err(Failure::Usage)?;
            let played = spec.indices().count() as u64;
            let bar = cli::runs::progress_bar(played, quiet || json);
            let threads = threads.unwrap_or_else(simulate::default_threads);
            let results = spec
                .run(&engine, threads, &|| bar.inc(1))
                .map_err(|e| e.to_string())?;
            bar.finish_and_clear();
            if let Some(path) = out {
                cli::runs::write_games(&path, &results)?;
            }
            cli::runs::print_match(&ludus::matches::summarize(&results), json)
        }
        Command::Experiment {
            spec,
            out,
            shard,
            threads,
            quiet,
            json,
        } => cli::runs::experiment(&spec, out, shard, threads, quiet, json),
        Command::Merge { files, json } => {
            let mut texts = Vec::new();
            for path in &files {
                let text =
                    load::read_text(path, load::MAX_RECORD_BYTES).map_err(|e| e.to_string())?;
                texts.push((path.display().to_string(), text));
            }
            let groups = ludus::merge::read_games(&texts)?;
            cli::runs::print_groups(&groups, json)
        }
        Command::Bench {
            file,
            seconds,
            seed,
            threads,
            json,
        } => cli::runs::bench(&file, seconds, seed, threads, json),
        Command::Playout {
            file,
            seed,
            record,
            pdn,
            json,
        } => {
            for (option, path) in [("--record", &record), ("--pdn", &pdn)] {
                if let Some(path) = path {
                    refuse_overwrite(option, path, &[&file])?;
                }
            }
            if let (Some(r), Some(p)) = (&record, &pdn)
                && same_file(r, p)
            {
                return Err(Failure::Usage(format!(
                    "`--record {}` and `--pdn {}` are the same file: give each its own",
                    r.display(),
                    p.display()
                )));
            }
            let (engine, text) = engine(&file)?;
            if pdn.is_some() {
                ludus::pdn::check_numbered(&engine)?;
            }
            // The record names its game relative to its own folder, where
            // `replay` looks first.
            let named = match &record {
                Some(path) => path_from(path, &file),
                None => file.display().to_string(),
            };
            let stopped =
                |e: playout::RecordError| format!("the playout with seed {seed} stopped {e}");
            let lines = if record.is_some() || pdn.is_some() {
                playout::recorded_playout(&engine, &named, &text, seed).map_err(stopped)?
            } else {
                let result =
                    playout::playout_result(&engine, seed).map_err(|e| stopped(e.into()))?;
                vec![result]
            };
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
                cli::pdn::write(&engine, &file, seed, &lines, &path)?;
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
        Command::Train(args) => {
            check_seeds(args.seed, args.games)?;
            cli::train::train(args)
        }
        Command::Simulate {
            file,
            games,
            seed,
            threads,
            json,
        } => {
            check_seeds(seed, games)?;
            cli::runs::simulate(&file, games, seed, threads, json)
        }
        Command::Coverage {
            file,
            games,
            seed,
            threads,
            json,
        } => {
            check_seeds(seed, games)?;
            cli::coverage::coverage(&file, games, seed, threads, json)
        }
        Command::Check {
            file,
            games,
            seed,
            threads,
            json,
        } => {
            check_seeds(seed, games)?;
            cli::invariants::check(&file, games, seed, threads, json)
        }
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
        Command::Serve { files, port, open } => cli::serve::serve(&files, port, open),
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
            if let Some(out) = &html {
                refuse_overwrite("--html", out, &[&record])?;
            }
            if pdn_game && html.is_some() {
                eprintln!("error: `--html` is for records written by `playout --record`");
                return Ok(ExitCode::from(2));
            }
            if pdn
                || record
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
            {
                cli::pdn::replay(&record, game.as_deref(), quiet)
            } else if game.is_some() {
                eprintln!("error: `--game` is for PDN games; a record names its game file");
                Ok(ExitCode::from(2))
            } else {
                cli::replay::replay(&record, quiet, html.as_deref())
            }
        }
    }
}

/// The agents ready to play the engine's game, read from `file`
/// ([`ludus::agent::Spec::for_game`]): refused where they cannot (an
/// evaluation learned for another game, or none for `learned`).
fn ready_agents(
    engine: &Engine,
    file: &Path,
    agents: Vec<cli::args::Agent>,
) -> Result<Vec<cli::args::Agent>, Failure> {
    let ready = |agent: cli::args::Agent| -> Result<cli::args::Agent, Failure> {
        match agent {
            cli::args::Agent::Machine(spec) => {
                let spec = spec.for_game(engine, file).map_err(Failure::Message)?;
                if let Some(note) = spec.foreign_evaluation(engine) {
                    eprintln!("{note}");
                }
                Ok(cli::args::Agent::Machine(spec))
            }
            human => Ok(human),
        }
    };
    agents.into_iter().map(ready).collect()
}

/// Loads a game, printing its diagnostics on failure; returns the engine and the file's text.
fn engine(file: &Path) -> Result<(Engine, String), Failure> {
    checked(file, ludus::bundled::load_file_or_name(file)?)
}

/// The engine of a loaded game file, or its diagnostics printed.
fn checked(file: &Path, Loaded { sources, game }: Loaded) -> Result<(Engine, String), Failure> {
    match game {
        Ok(game) => Ok((Engine::new(game), sources.text(0).to_string())),
        Err(diagnostics) => {
            eprint!(
                "{}",
                sources.render_styled(&diagnostics, cli::colour::on_stderr())
            );
            Err(Failure::Message(format!(
                "{} is not a valid game ({})",
                file.display(),
                ludus::diag::problems(diagnostics.len())
            )))
        }
    }
}

/// Refuses (exit 2) the seeds of `games` games from `seed` if the last,
/// `seed + games - 1`, would pass `u64::MAX`.
fn check_seeds(seed: u64, games: u64) -> Result<(), Failure> {
    simulate::check_seeds(seed, games).map_err(Failure::Usage)
}

/// Refuses (exit 2) an output path that names one of the inputs, which
/// writing it would destroy: the same path, or another name of the same
/// file (a symbolic or hard link).
pub(crate) fn refuse_overwrite(
    option: &str,
    output: &Path,
    inputs: &[&Path],
) -> Result<(), Failure> {
    match inputs.iter().find(|input| same_file(output, input)) {
        Some(input) => Err(Failure::Usage(format!(
            "`{option} {}` would overwrite the input {}: give another output path",
            output.display(),
            input.display()
        ))),
        None => Ok(()),
    }
}

/// Whether two paths name the same file: where both exist, the same file
/// (on unix the same device and inode, so through links of either kind);
/// otherwise the same path once their folders are resolved.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt as _;
            return ma.dev() == mb.dev() && ma.ino() == mb.ino();
        }
        #[cfg(not(unix))]
        {
            let _ = (ma, mb);
            return matches!(
                (std::fs::canonicalize(a), std::fs::canonicalize(b)),
                (Ok(x), Ok(y)) if x == y
            );
        }
    }
    let resolved = |p: &Path| {
        let folder = p.parent().filter(|f| !f.as_os_str().is_empty());
        let folder = std::fs::canonicalize(folder.unwrap_or(Path::new("."))).ok()?;
        Some(folder.join(p.file_name()?))
    };
    match (resolved(a), resolved(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// The path of `target` as a file written at `written` names it: relative
/// to that file's folder where both folders can be resolved and share a
/// root, else `target` as given.
pub(crate) fn path_from(written: &Path, target: &Path) -> String {
    let given = target.display().to_string();
    let folder_of = |p: &Path| {
        let f = p.parent().filter(|f| !f.as_os_str().is_empty());
        std::fs::canonicalize(f.unwrap_or(Path::new(".")))
    };
    let (Ok(from), Ok(to), Some(name)) =
        (folder_of(written), folder_of(target), target.file_name())
    else {
        return given;
    };
    let from: Vec<_> = from.components().collect();
    let to: Vec<_> = to.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return given;
    }
    let mut path = PathBuf::new();
    for _ in common..from.len() {
        path.push("..");
    }
    for c in &to[common..] {
        path.push(c);
    }
    path.push(name);
    match path.to_str() {
        Some(text) => text.to_string(),
        None => given,
    }
}

/// A position as `--position` and `moves --batch` read it: a FEN where
/// it looks like one, else the ludus notation.
fn read_position(engine: &Engine, text: &str) -> Result<State, String> {
    if ludus::pdn::looks_like_fen(text) {
        ludus::pdn::parse_fen(engine, text)
    } else if let Some(gnubg) = ludus::stakes::read_gnubg_id(engine, text) {
        // GNU Backgammon's `POSITIONID:MATCHID`: the board, the player on
        // roll and the dice (the cube and score are for `play`).
        parse_position(engine, &gnubg?.0)
    } else {
        parse_position(engine, text)
    }
}

/// The position given (else the start) with the dice given: a game with
/// dice needs them, here or in the position (`moves`, `explain`).
fn position_with_dice(
    engine: &Engine,
    position: Option<&str>,
    dice: Option<&str>,
) -> Result<State, Failure> {
    let mut st = position_or_start(engine, position)?;
    if let Some(dice) = dice {
        st.dice =
            parse_dice(engine, dice).map_err(|e| Failure::Message(format!("bad dice: {e}")))?;
    } else if engine.to_throw(&st) {
        return Err(Failure::Message(
            "this game is played with dice: give the roll with `--dice 5-3` (or `dice: 5-3` in the position)".into(),
        ));
    }
    Ok(st)
}

/// The cube and score a position's text gives (its stakes fields, or a
/// GNU Backgammon ID), for a match to `match_to` points (money play
/// where none) unless it names its own, and the position's text without
/// them: `play` and the page read a position's stakes alike.
pub(crate) fn staked_position(
    engine: &Engine,
    position: Option<&str>,
    match_to: Option<u32>,
) -> Result<(ludus::stakes::Stakes, Option<String>), String> {
    let stakes = ludus::stakes::Stakes::new(engine, match_to.unwrap_or(0));
    let Some(text) = position else {
        return Ok((stakes, None));
    };
    if let Some(gnubg) = ludus::stakes::read_gnubg_id(engine, text) {
        let (text, stakes) = gnubg?;
        return Ok((stakes, Some(text)));
    }
    let (stakes, rest) = stakes.read_fields(engine, text)?;
    Ok((stakes, Some(rest)))
}

fn position_or_start(engine: &Engine, position: Option<&str>) -> Result<State, Failure> {
    match position {
        Some(p) => {
            read_position(engine, p).map_err(|e| Failure::Message(format!("bad position: {e}")))
        }
        None => Ok(engine.start()),
    }
}

/// `ludus play`: the game read (its position with the stakes fields, or a
/// GNU Backgammon Position ID), the seats' agents ready, a fresh seed
/// drawn and shown where none is given, then the REPL.
fn play(
    file: &Path,
    seats: &Seats,
    seed: Option<u64>,
    (position, record): (Option<String>, Option<PathBuf>),
    match_to: Option<u32>,
    view: Option<String>,
) -> Result<ExitCode, Failure> {
    if let Some(path) = &record {
        refuse_overwrite("--record", path, &[file])?;
    }
    let (engine, text) = engine(file)?;
    if match_to.is_some() && engine.players() > 2 {
        return Err(Failure::Usage(format!(
            "--match is for games of two players, and this one has {}",
            engine.players()
        )));
    }
    let (stakes, position) = staked_position(&engine, position.as_deref(), match_to)
        .map_err(|e| Failure::Message(format!("bad position: {e}")))?;
    if let Some(n) = match_to
        && stakes.score.length != n
    {
        return Err(Failure::Usage(format!(
            "--match {n} and the position's `match: {}` disagree",
            stakes.score.length
        )));
    }
    let st = position_or_start(&engine, position.as_deref())?;
    let rules = ludus::explain::Rules::load(file).ok();
    let agents = seats.of(engine.game()).map_err(Failure::Usage)?;
    let view = match view {
        Some(name) => Some(player_named(&engine, &name).map_err(Failure::Usage)?),
        // The one person playing against an agent sees the board from his side.
        None => match agents.iter().filter(|a| **a == Agent::Human).count() {
            1 => agents.iter().position(|a| *a == Agent::Human),
            _ => None,
        },
    };
    let agents = ready_agents(&engine, file, agents)?;
    let game_file = cli::repl::GameFile {
        path: file.to_path_buf(),
        text,
        record_to: record,
        start: position.map(|_| ludus::notation::position_text(&engine, &st)),
    };
    let seed = seed.unwrap_or_else(|| {
        let seed = cli::seed::fresh_seed();
        println!("seed {seed} (`--seed {seed}` plays this game again)");
        seed
    });
    cli::repl::run(
        &engine,
        st,
        agents,
        seed,
        (rules.as_ref(), Some(game_file)),
        (stakes, view),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The index of the player named `name` (`--view`), or why there is none.
fn player_named(engine: &Engine, name: &str) -> Result<usize, String> {
    let players = &engine.game().players;
    players
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
            format!("--view {name}: the game's players are {}", names.join(", "))
        })
}

fn validate(files: &[PathBuf]) -> Result<ExitCode, Failure> {
    let mut ok = true;
    for file in files {
        match ludus::bundled::load_file_or_name(file) {
            Err(e) => {
                ok = false;
                eprintln!("error: {e}");
            }
            Ok(Loaded { sources, game }) => match game {
                Ok(game) => {
                    say!("{}: ok", file.display());
                    warn_over_at_start(file, &game);
                    let forbids =
                        !game.rules.forbid.is_empty() || !game.rules.forbid_after.is_empty();
                    if forbids && file.is_file() {
                        warn_forbidding_all(file);
                    }
                }
                Err(diagnostics) => {
                    ok = false;
                    eprint!(
                        "{}",
                        sources.render_styled(&diagnostics, cli::colour::on_stderr())
                    );
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

/// Warns of a game that is over in its setup, before any turn: an end
/// rule holds there (the usual trap: `no pieces: loss` where every piece
/// starts in the hand, as `no pieces` counts the board alone).
fn warn_over_at_start(file: &Path, game: &ludus::ir::Game) {
    let engine = Engine::new(game.clone());
    let outcome = engine.outcome_with(&engine.start(), true);
    if outcome == ludus::engine::Outcome::Ongoing {
        return;
    }
    let in_hand = !game.hand.is_empty()
        && game
            .end
            .iter()
            .any(|e| matches!(e, ludus::ir::EndRule::NoPieces(_)));
    let hint = if in_hand {
        ": `no pieces` counts the pieces on the board, and pieces start in the hand; count them too, `own pieces + own pieces in hand = 0 => loss`"
    } else {
        ": an end rule holds in the setup"
    };
    eprintln!(
        "warning: {}: the game is over before its first turn ({} at the start){hint}",
        file.display(),
        ludus::playout::outcome_text(&engine, outcome)
    );
}

/// Warns of each `forbid` rule that forbids every move (see
/// [`ludus::coverage::forbidding_all`]): the game validates, but every turn
/// of it is a pass.
fn warn_forbidding_all(file: &Path) {
    let Ok(items) = ludus::coverage::forbidding_all(file) else {
        return;
    };
    for item in items {
        eprintln!(
            "warning: {}:{}: `{}` forbids every move: no piece moves in seeded games, every turn a pass, and without it the first of those passes has a legal move",
            item.file, item.line, item.text
        );
    }
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
