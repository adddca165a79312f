//! The commands that play many games: `bench`, `simulate`, `match`,
//! `experiment` and `merge`, with their progress bars and summaries.

use crate::{Failure, MAX_MATCH_GAMES, engine};
use ludus::load;
use ludus::merge::{Group, Summary};
use ludus::playout;
use ludus::simulate;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

pub(crate) fn progress_bar(len: u64, hidden: bool) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len).with_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left")
            .expect("a valid template"),
    );
    if hidden || !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar
}

pub(crate) fn experiment(
    spec: &Path,
    out: Option<PathBuf>,
    shard: Option<(u64, u64)>,
    threads: Option<usize>,
    quiet: bool,
    json: bool,
) -> Result<ExitCode, Failure> {
    let text = load::read_text(spec, load::MAX_GAME_BYTES).map_err(|e| e.to_string())?;
    let runs = ludus::experiment::parse(spec, &text, MAX_MATCH_GAMES)?;
    let out = out.unwrap_or_else(|| spec.with_extension("jsonl"));
    let mut inputs: Vec<&Path> = vec![spec];
    inputs.extend(runs.iter().map(|r| r.game.as_path()));
    crate::refuse_overwrite("--out", &out, &inputs)?;
    let mut engines = Vec::new();
    let mut plans = Vec::new();
    for run in &runs {
        let engine = engine(&run.game)?.0;
        let mut plan = run
            .plan_for(engine.game())
            .map_err(|e| format!("{}: {e}", spec.display()))?;
        plan.set_shard(shard);
        plans.push(plan);
        engines.push(engine);
    }
    let threads = threads.unwrap_or_else(simulate::default_threads);
    let total: u64 = plans.iter().map(|p| p.count()).sum();
    let bar = progress_bar(total, quiet || json);
    let mut lines = Vec::new();
    let mut summaries = Vec::new();
    for ((run, engine), plan) in runs.iter().zip(&engines).zip(&plans) {
        let (mut games, summary) = plan
            .run(engine, threads, &|| bar.inc(1))
            .map_err(|e| format!("run `{}`: {e}", run.name))?;
        games.set_run(&run.name);
        lines.extend(games.lines()?);
        summaries.push((run.name.as_str(), summary));
    }
    bar.finish_and_clear();
    write_lines(&out, &lines)?;
    print_runs(&summaries, json)
}

/// One summary, or a table of summaries, one per run.
pub(crate) fn print_groups(groups: &[Group], json: bool) -> Result<ExitCode, Failure> {
    if let [only] = groups
        && only.run().is_none()
    {
        return match only.summarize() {
            Summary::Two(s) => print_match(&s, json),
            Summary::Seats(s) => print_seats(&s, json),
        };
    }
    let summaries: Vec<(&str, Summary)> = groups
        .iter()
        .map(|g| (g.run().unwrap_or_default(), g.summarize()))
        .collect();
    print_runs(&summaries, json)
}

/// The summaries of an experiment's runs, by name: a table, or JSON.
fn print_runs(summaries: &[(&str, Summary)], json: bool) -> Result<ExitCode, Failure> {
    if json {
        let rows: Vec<serde_json::Value> = summaries
            .iter()
            .map(|(run, s)| serde_json::json!({"run": run, "summary": s}))
            .collect();
        say!("{}", serde_json::Value::Array(rows));
        return Ok(ExitCode::SUCCESS);
    }
    let ci = |r: &ludus::matches::Rate| {
        format!(
            "{:5.1}% [{:4.1}-{:5.1}]",
            100.0 * r.rate,
            100.0 * r.low,
            100.0 * r.high
        )
    };
    say!(
        "{:<16} {:<22} {:<22} {:>6}  {:<21} {:<21} {:<21} {:>6}",
        "run",
        "first agent",
        "second agent",
        "games",
        "first agent wins",
        "first player wins",
        "draws",
        "turns"
    );
    for (run, s) in summaries {
        match s {
            Summary::Two(s) => {
                let first = ludus::matches::wilson(s.first_player_wins, s.games);
                say!(
                    "{:<16} {:<22} {:<22} {:>6}  {:<21} {:<21} {:<21} {:>6.1}",
                    run,
                    format!("{} ({})", s.first.agent, s.players[0]),
                    format!("{} ({})", s.second.agent, s.players[1]),
                    s.games,
                    ci(&s.first.win_rate),
                    ci(&first),
                    ci(&s.draw_rate),
                    s.mean_plies
                );
            }
            Summary::Seats(s) => {
                // A row per agent, with the player it played in game 0
                // and that player's seat's wins; the first also the
                // second agent, the games, draws and turns.
                let agent = |i: usize| format!("{} ({})", s.agents[i].name, s.seats[i].name);
                say!(
                    "{:<16} {:<22} {:<22} {:>6}  {:<21} {:<21} {:<21} {:>6.1}",
                    run,
                    agent(0),
                    agent(1),
                    s.games,
                    ci(&s.agents[0].win_rate),
                    ci(&s.seats[0].win_rate),
                    ci(&s.draw_rate),
                    s.mean_plies
                );
                for i in 1..s.agents.len() {
                    let row = format!(
                        "{:<16} {:<22} {:<22} {:>6}  {:<21} {}",
                        "",
                        agent(i),
                        "",
                        "",
                        ci(&s.agents[i].win_rate),
                        ci(&s.seats[i].win_rate)
                    );
                    say!("{}", row.trim_end());
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes one JSON line per game to `path`.
pub(crate) fn write_games(path: &Path, games: &[ludus::matches::Game]) -> Result<(), Failure> {
    let lines: Result<Vec<String>, _> = games.iter().map(serde_json::to_string).collect();
    write_lines(path, &lines?)
}

/// Writes `lines` to `path`, each ended by a newline.
fn write_lines(path: &Path, lines: &[String]) -> Result<(), Failure> {
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).map_err(cannot)?);
    for line in lines {
        out.write_all(line.as_bytes()).map_err(cannot)?;
        out.write_all(b"\n").map_err(cannot)?;
    }
    out.flush().map_err(cannot)?;
    Ok(())
}

/// A match's draws and the games it left unfinished.
fn say_draws(draws: u64, rate: &ludus::matches::Rate, unfinished: u64) -> Result<(), Failure> {
    say!("  draws {draws}: {}", percent(rate));
    if unfinished > 0 {
        say!(
            "  unfinished after {} turns: {unfinished}",
            playout::MAX_PLIES
        );
    }
    Ok(())
}

/// A rate as a percentage with its 95% interval.
fn percent(r: &ludus::matches::Rate) -> String {
    format!(
        "{:.1}% (95% interval {:.1}-{:.1}%)",
        100.0 * r.rate,
        100.0 * r.low,
        100.0 * r.high
    )
}

pub(crate) fn print_match(m: &ludus::matches::Summary, json: bool) -> Result<ExitCode, Failure> {
    if json {
        say!("{}", serde_json::to_string(m)?);
        return Ok(ExitCode::SUCCESS);
    }
    say!("{}: {} games", m.game, m.games);
    for (side, player) in [&m.first, &m.second].into_iter().zip(&m.players) {
        say!(
            "  {} ({player}) wins {}: {}, {:.3} points per game",
            side.agent,
            side.wins,
            percent(&side.win_rate),
            side.points_per_game
        );
    }
    say_draws(m.draws, &m.draw_rate, m.unfinished)?;
    say!(
        "  Elo difference ({} over {}): {:+.0} (95% interval {:+.0} to {:+.0})",
        m.first.agent,
        m.second.agent,
        m.elo.rate,
        m.elo.low,
        m.elo.high
    );
    say!(
        "  the first player won {} games; mean turns per game: {:.1}",
        m.first_player_wins,
        m.mean_plies
    );
    Ok(ExitCode::SUCCESS)
}

/// `match` of a game of more than two players: plays `seating` (or its
/// shard), writes its games to `out`, prints each agent's and each seat's
/// wins.
pub(crate) fn seating(
    engine: &ludus::engine::Engine,
    seating: &ludus::seating::Seating,
    threads: Option<usize>,
    out: Option<std::path::PathBuf>,
    quiet: bool,
    json: bool,
) -> Result<ExitCode, Failure> {
    simulate::check_seeds(seating.seed, seating.games).map_err(Failure::Usage)?;
    let bar = progress_bar(seating.indices().count() as u64, quiet);
    let threads = threads.unwrap_or_else(simulate::default_threads);
    let games = seating
        .run(engine, threads, &|| bar.inc(1))
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if let Some(path) = out {
        let lines: Result<Vec<String>, _> = games.iter().map(serde_json::to_string).collect();
        write_lines(&path, &lines?)?;
    }
    print_seats(&ludus::seating::summarize(engine, seating, &games), json)
}

/// The summary of a match of more than two seats: each agent's wins (with
/// the player it played in game 0) and each seat's.
fn print_seats(m: &ludus::seating::SeatSummary, json: bool) -> Result<ExitCode, Failure> {
    if json {
        say!("{}", serde_json::to_string(m)?);
        return Ok(ExitCode::SUCCESS);
    }
    say!(
        "{}: {} games, {} players{}",
        m.game,
        m.games,
        m.seats.len(),
        if m.swap {
            ", the agents moving round the seats a seat a game"
        } else {
            ""
        }
    );
    for (t, seat) in m.agents.iter().zip(&m.seats) {
        say!(
            "  {} ({} in game 0) wins {}: {}, {} points",
            t.name,
            seat.name,
            t.wins,
            percent(&t.win_rate),
            t.points
        );
    }
    for t in &m.seats {
        say!("  {} won {}: {}", t.name, t.wins, percent(&t.win_rate));
    }
    say_draws(m.draws, &m.draw_rate, m.unfinished)?;
    say!("  mean turns per game: {:.1}", m.mean_plies);
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn bench(
    file: &Path,
    seconds: f64,
    seed: u64,
    threads: Option<usize>,
    json: bool,
) -> Result<ExitCode, Failure> {
    let threads = threads.unwrap_or_else(simulate::default_threads);
    simulate::check_bench_seed(seed, threads).map_err(Failure::Usage)?;
    let (engine, _) = engine(file)?;
    let budget = Duration::from_secs_f64(seconds);
    let run = simulate::bench(&engine, budget, seed, threads)
        .map_err(|e| format!("a playout stopped: {e}"))?;
    let rate = run.games as f64 / run.seconds;
    let per_game = run.plies as f64 / run.games as f64;
    if json {
        say!(
            "{}",
            serde_json::json!({"game": engine.game().name, "threads": threads, "playouts": run.games, "seconds": run.seconds, "playouts_per_second": rate, "plies_per_playout": per_game})
        );
    } else {
        say!(
            "{}: {} playouts in {:.2} s on {threads} thread{}",
            engine.game().name,
            run.games,
            run.seconds,
            if threads == 1 { "" } else { "s" }
        );
        say!(
            "{rate:.0} playouts/s, {per_game:.1} plies/playout, {:.0} plies/s",
            run.plies as f64 / run.seconds
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn simulate(
    file: &Path,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    json: bool,
) -> Result<ExitCode, Failure> {
    let (engine, _) = engine(file)?;
    let threads = threads.unwrap_or_else(simulate::default_threads);
    let bar = progress_bar(games, json);
    let summary = simulate::simulate(&engine, games, seed, threads, &|n| bar.inc(n))
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if json {
        say!("{}", summary.json(&engine, seed));
        return Ok(ExitCode::SUCCESS);
    }
    let names = engine.game().player_names();
    let simulate::Summary {
        wins,
        points: score,
        wins_by_points: by_points,
        draws,
        unfinished,
        plies,
        starts,
        ..
    } = summary;
    let mean = plies as f64 / games.max(1) as f64;
    let has_opening = engine.game().dice.is_some_and(|d| d.opening.is_some());
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
    Ok(ExitCode::SUCCESS)
}
