//! The command line's grammar: the `ludus` commands and their flags (clap),
//! the bounds of their numbers, and the parsers of their values.

use clap::{Parser, Subcommand};
use ludus::{perft, simulate};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "ludus",
    version,
    about = "A general game system: board games as text files"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
    /// List the bundled games: each one's name (which every command takes
    /// in place of a file), title, family, players, and whether it throws
    /// dice or is a variant.
    List {
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
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
        /// With `--json` or `--batch`: also the turn this agent chooses
        /// (`chosen`, its index in `moves`), as in a match seeded by `--seed`.
        #[arg(long, value_parser = agent_spec)]
        agent: Option<ludus::agent::Spec>,
        /// The seed of the agent's random choices (with `--cube`, of the
        /// rollouts' dice).
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// Instead of the moves: the cube decision of the player to move
        /// before his throw, as JSON (the odds found by games played out
        /// by the agent's learned evaluation, by default the game's own;
        /// Janowski's cubeful equities; the double and the take).
        #[arg(long, conflicts_with = "dice")]
        cube: bool,
        /// With `--cube`: the games played out per position.
        #[arg(long, requires = "cube", default_value_t = ludus::agent::cube::CUBE_ROLLOUTS,
              value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::cli::cube::MAX_CUBE_ROLLOUTS)))]
        rollouts: u32,
    },
    /// Play in the terminal, against people or agents (`computer`, the
    /// strongest measured for the game, or any agent of `match`; in dice
    /// games: `roll`, or `dice 5 3` for a roll thrown with real dice).
    Play {
        /// The game file.
        file: PathBuf,
        /// Who plays each player (everyone `human` unless an agent is named).
        #[command(flatten)]
        seats: Seats,
        /// Seed of the random agents and, in dice games, of `roll`
        /// (default: a fresh one, shown at the start and kept in the
        /// record, so that `--seed` plays the same game again).
        #[arg(long, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Start from this position instead of the setup.
        #[arg(long)]
        position: Option<String>,
        /// Write the record of the game (which `replay` accepts) to this
        /// file after every turn.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Play a match to this many points, game after game, with the
        /// cube where the game has one (money play, one game at a time,
        /// without).
        #[arg(long = "match", value_name = "POINTS", value_parser = clap::value_parser!(u32).range(1..=ludus::stakes::MAX_MATCH as i64))]
        match_to: Option<u32>,
        /// Draw a tables board from this player's side all game long, its
        /// points numbered as his moves name them (default: the one person
        /// playing where the other seat is an agent, else the player to
        /// move's side).
        #[arg(long, value_name = "PLAYER")]
        view: Option<String>,
    },
    /// Agent against agent: many seeded games, and the win, draw and loss
    /// rates with 95% intervals, points per game and an Elo difference.
    Match {
        /// The game file.
        file: PathBuf,
        /// The agents, one for each player (on even games with `--swap`).
        #[command(flatten)]
        seats: Seats,
        /// Make each game a match to this many points, with the cube where
        /// the game has one: each line then reports a match, its winner
        /// scoring 1, and its final score.
        #[arg(long = "match", value_name = "POINTS", value_parser = clap::value_parser!(u32).range(1..=ludus::stakes::MAX_MATCH as i64))]
        match_to: Option<u32>,
        /// Games in the match (1 to 1,000,000).
        #[arg(long, default_value_t = 100, allow_negative_numbers = true,
            value_parser = clap::value_parser!(u64).range(1..=MAX_MATCH_GAMES))]
        games: u64,
        /// Seed of game 0; game i uses seed + i for its dice and both agents.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        seed: u64,
        /// The agents change sides on odd games (with more than two
        /// players: move round the seats, a seat a game).
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
        /// The files written by `match --out` or `experiment`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Measure random playouts per second (on every core by default;
    /// `--threads 1` for one core's rate).
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
    /// Learn an evaluation of the game's positions by self-play (TD(λ)
    /// over the board the file describes), for the `learned` agent.
    Train(TrainArgs),
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
    /// Play and replay games in a web browser: a local web server (on
    /// 127.0.0.1 only) whose page lists the games, draws the board, takes
    /// moves by clicks, plays an agent on either side, steps through
    /// records and PDN games, and saves records `replay` reads.
    Serve {
        /// Game files or bundled games' names (default: every bundled game).
        files: Vec<PathBuf>,
        /// The port to listen on (0: a free one); the page's address is the
        /// first line printed.
        #[arg(long, default_value_t = 8032)]
        port: u16,
        /// Also open the page in the system's web browser.
        #[arg(long)]
        open: bool,
    },
    /// Print the completion script of a shell for ludus's commands and
    /// options (`ludus completions bash > ~/.local/share/bash-completion/completions/ludus`).
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print ludus's manual page, in roff (`ludus man > ludus.1`, then
    /// `man ./ludus.1`).
    Man,
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
pub(crate) const MAX_BENCH_SECONDS: f64 = 86_400.0;

/// The most games one `simulate` plays.
pub(crate) const MAX_GAMES: u64 = 1_000_000_000;

/// What `ludus train` is asked.
#[derive(clap::Args, Debug)]
pub(crate) struct TrainArgs {
    /// The game file (or a bundled game's name).
    pub(crate) file: PathBuf,
    /// The evaluation file to write.
    #[arg(long)]
    pub(crate) out: PathBuf,
    /// Start from this evaluation's weights (resume a run) instead of
    /// random ones.
    #[arg(long)]
    pub(crate) from: Option<PathBuf>,
    /// Games of self-play (1 to 100,000,000).
    #[arg(long, default_value_t = 10_000, allow_negative_numbers = true,
        value_parser = clap::value_parser!(u64).range(1..=MAX_TRAINING_GAMES))]
    pub(crate) games: u64,
    /// Stop after this many seconds even if games remain (the result
    /// then depends on the machine's speed).
    #[arg(long, allow_negative_numbers = true, value_parser = bench_seconds)]
    pub(crate) seconds: Option<f64>,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub(crate) seed: u64,
    /// Hidden units of a new network (1 to 1,024).
    #[arg(long, default_value_t = 40, allow_negative_numbers = true,
        value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) hidden: u64,
    /// The learning rate (more than 0, at most 1).
    #[arg(long, default_value_t = 0.1, allow_negative_numbers = true, value_parser = unit)]
    pub(crate) alpha: f64,
    /// The trace decay λ (more than 0, at most 1).
    #[arg(long, default_value_t = 0.7, allow_negative_numbers = true, value_parser = unit)]
    pub(crate) lambda: f64,
    /// Threads playing games at once (default 1): each plays 8 games from
    /// the same weights, then their changes are added. The result depends
    /// on the number, and is the same for the same number.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = threads)]
    pub(crate) threads: usize,
    /// Print JSON for programs.
    #[arg(long)]
    pub(crate) json: bool,
}

/// The most games of one `train` run.
pub(crate) const MAX_TRAINING_GAMES: u64 = 100_000_000;

/// Reads a rate: a number more than 0 and at most 1 (`--alpha`,
/// `--lambda`).
pub(crate) fn unit(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 1.0 => Ok(x),
        _ => Err(format!(
            "`{text}`: expected a number more than 0 and at most 1"
        )),
    }
}

/// The most games one `match` plays.
pub(crate) const MAX_MATCH_GAMES: u64 = 1_000_000;

/// Reads `--shard K/N`: 1 <= K <= N <= 1,000,000.
pub(crate) fn shard(text: &str) -> Result<(u64, u64), String> {
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
pub(crate) const MAX_DIFF_GAMES: u64 = 100_000;

/// Reads `--threads`: 1 to [`simulate::MAX_THREADS`].
pub(crate) fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=simulate::MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 1 to {}",
            simulate::MAX_THREADS
        )),
    }
}

/// Parses `--seconds`: a finite number of seconds, more than 0 and at most
/// [`MAX_BENCH_SECONDS`].
pub(crate) fn bench_seconds(text: &str) -> Result<f64, String> {
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
/// Who plays each player, as `play` and `match` read it: by the names the
/// game gives its players, or by their order.
#[derive(clap::Args, Clone, Debug)]
pub(crate) struct Seats {
    /// Who plays the player the game names `white`: an agent such as
    /// `random`, `mcts:iterations=2000` or `expectimax:depth=2`, or, in
    /// `play`, `human` (the default there).
    #[arg(long, value_parser = agent)]
    white: Option<Agent>,
    /// Who plays the player the game names `black`.
    #[arg(long, value_parser = agent)]
    black: Option<Agent>,
    /// Who plays the player of any name: `--player red=random`
    /// (repeatable).
    #[arg(long, value_parser = named_agent)]
    player: Vec<(String, Agent)>,
    /// Who plays the game's first player, whatever his name.
    #[arg(long, value_parser = agent)]
    first: Option<Agent>,
    /// Who plays the game's second player.
    #[arg(long, value_parser = agent)]
    second: Option<Agent>,
}

impl Seats {
    /// Who plays each player of `game`, in its order (see [`seat`]).
    pub(crate) fn of(&self, game: &ludus::ir::Game) -> Result<Vec<Agent>, String> {
        let mut named = self.player.clone();
        named.extend(self.white.clone().map(|a| ("white".to_string(), a)));
        named.extend(self.black.clone().map(|a| ("black".to_string(), a)));
        seat(game, &named, [self.first.clone(), self.second.clone()])
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Agent {
    /// Moves typed at the prompt.
    Human,
    /// An agent of the library.
    Machine(ludus::agent::Spec),
}

/// Reads `human` or an agent such as `mcts:iterations=500`.
/// `NAME=AGENT`: who plays the player of that name.
fn named_agent(text: &str) -> Result<(String, Agent), String> {
    let (name, spec) = text.split_once('=').ok_or_else(|| {
        format!("`{text}`: write the player's name, `=` and the agent, such as `red=random`")
    })?;
    Ok((name.trim().to_string(), agent(spec)?))
}

/// Reads an agent of the library, such as `mcts:iterations=500`.
pub(crate) fn agent_spec(text: &str) -> Result<ludus::agent::Spec, String> {
    text.parse()
}

pub(crate) fn agent(text: &str) -> Result<Agent, String> {
    if text.trim() == "human" {
        Ok(Agent::Human)
    } else {
        text.parse()
            .map(Agent::Machine)
            .map_err(|e| format!("{e}, or `human`"))
    }
}

/// The agents of a match, by `game`'s player order, from its seats: every
/// seat must have an agent.
pub(crate) fn machines(
    game: &ludus::ir::Game,
    seats: Vec<Agent>,
) -> Result<Vec<ludus::agent::Spec>, String> {
    let mut specs = Vec::with_capacity(seats.len());
    for (i, seat) in seats.into_iter().enumerate() {
        match seat {
            Agent::Machine(spec) => specs.push(spec),
            Agent::Human => {
                let name = &game.players[i].name;
                let by_order = match i {
                    0 => ", or by order `--first`",
                    1 => ", or by order `--second`",
                    _ => "",
                };
                return Err(format!(
                    "a match is between agents: give one for `{name}` (`--player {name}=AGENT`{by_order})"
                ));
            }
        }
    }
    Ok(specs)
}

/// Names as a list in prose: "`a` and `b`", "`a`, `b` and `c`".
fn listed(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// Who plays each player of `game`: `named` by the names the game gives
/// them (`--white`, `--black`, `--player NAME=AGENT`), `by_order` the
/// first and second player whatever their names; `human` where nothing
/// says. A name the game does not have, or a player given twice, is a bad
/// command line.
pub(crate) fn seat(
    game: &ludus::ir::Game,
    named: &[(String, Agent)],
    by_order: [Option<Agent>; 2],
) -> Result<Vec<Agent>, String> {
    let names: Vec<&str> = game.player_names();
    let mut seats: Vec<Option<(Agent, String)>> = vec![None; names.len()];
    for (i, a) in by_order.into_iter().enumerate() {
        if let Some(a) = a {
            seats[i] = Some((a, if i == 0 { "--first" } else { "--second" }.to_string()));
        }
    }
    for (name, a) in named {
        let Some(i) = names.iter().position(|n| n == name) else {
            return Err(format!(
                "this game has no player `{name}`: its players are {}; name them (`--player {}=AGENT`, `--player {}=AGENT`) or use `--first` and `--second`",
                listed(&names),
                names.first().copied().unwrap_or("white"),
                names.get(1).copied().unwrap_or("black"),
            ));
        };
        let flag = format!("the agent for `{name}`");
        if let Some((_, earlier)) = &seats[i] {
            return Err(format!("{flag} is given twice (also by {earlier})"));
        }
        seats[i] = Some((a.clone(), flag));
    }
    Ok(seats
        .into_iter()
        .map(|s| s.map_or(Agent::Human, |(a, _)| a))
        .collect())
}
