//! `ludus coverage FILE --games N`: every rule item beside its line with
//! how often it decided something (see [`ludus::coverage`]), printed.

use super::runs::progress_bar;
use crate::Failure;
use ludus::coverage::{self, CoverageError, Status};
use ludus::simulate;
use std::path::Path;
use std::process::ExitCode;

pub(crate) fn coverage(
    file: &Path,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    json: bool,
) -> Result<ExitCode, Failure> {
    let plan = coverage::plan(file).map_err(|e| match e {
        CoverageError::Invalid(rendered) => {
            eprint!("{rendered}");
            Failure::Message(format!("{} is not a valid game", file.display()))
        }
        e => Failure::Message(e.to_string()),
    })?;
    let threads = threads.unwrap_or_else(simulate::default_threads);
    let bar = progress_bar(games, json);
    let report = coverage::measure(&plan, games, seed, threads, &|n| bar.inc(n))
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if json {
        say!(
            "{}",
            serde_json::to_string(&report).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    say!(
        "Rule coverage of {}: {} random games (seeds {}..{}), {} positions.",
        file.display(),
        report.games,
        seed,
        seed.wrapping_add(games - 1),
        report.positions
    );
    say!(
        "An item decided a position if the game without it gives another result (result), \
         other legal turns (moves) or another position after the chosen turn (after)."
    );
    let width = report
        .items
        .iter()
        .map(|i| i.file.len() + 1 + i.line.to_string().len())
        .max()
        .unwrap_or(0);
    say!(
        "{:>8} {:>8} {:>8} {:>8} {:>6}  {:<width$}  item",
        "decided",
        "moves",
        "result",
        "after",
        "games",
        "where"
    );
    let mut never = 0;
    for i in &report.items {
        let at = format!("{}:{}", i.file, i.line);
        match &i.status {
            Status::Structural(why) => say!(
                "{:>8} {:>8} {:>8} {:>8} {:>6}  {at:<width$}  {}  [structural: {why}]",
                "-",
                "-",
                "-",
                "-",
                "-",
                i.text
            ),
            status => {
                let flag = if *status == Status::NeverFired {
                    never += 1;
                    "  [never fired]"
                } else {
                    ""
                };
                say!(
                    "{:>8} {:>8} {:>8} {:>8} {:>6}  {at:<width$}  {}{flag}",
                    i.decided,
                    i.moves,
                    i.result,
                    i.position,
                    i.games,
                    i.text
                )
            }
        }
    }
    let judged = report
        .items
        .iter()
        .filter(|i| !matches!(i.status, Status::Structural(_)))
        .count();
    say!(
        "{} of {judged} judged items never fired in these games.",
        never
    );
    Ok(ExitCode::SUCCESS)
}
