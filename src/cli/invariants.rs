//! `ludus check FILE --games N`: the game's invariants judged over seeded
//! random games (see [`ludus::invariants`]), printed.

use super::runs::progress_bar;
use crate::{Failure, engine};
use ludus::invariants::{self, Violation};
use ludus::load;
use ludus::simulate;
use ludus::syntax::ItemKind;
use std::path::Path;
use std::process::ExitCode;

/// Where the invariant named `name` is written: `file:line`.
fn written_at(file: &Path, name: &str) -> Option<(String, usize)> {
    let merged = load::merged(file).ok()?;
    let sections = merged.sections.as_ref().ok()?;
    let item = sections
        .iter()
        .flat_map(|s| s.items.iter())
        .find(|i| matches!(&i.kind, ItemKind::Invariant(n, _) if n.text == name))?;
    let text = merged.sources.text(item.file);
    let line = text[..item.span.start.min(text.len())]
        .matches('\n')
        .count()
        + 1;
    Some((merged.sources.name(item.file).to_string(), line))
}

pub(crate) fn check(
    file: &Path,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    json: bool,
) -> Result<ExitCode, Failure> {
    let (engine, _) = engine(file)?;
    let threads = threads.unwrap_or_else(simulate::default_threads);
    let count = engine.game().invariants.len();
    let bar = progress_bar(games, json);
    let found = invariants::check(&engine, games, seed, threads, &|n| bar.inc(n))
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    match found {
        Ok(summary) => {
            if json {
                say!(
                    "{}",
                    serde_json::json!({"file": file.display().to_string(), "invariants": count, "seed": seed, "violation": null, "games": summary.games, "positions": summary.positions, "unfinished": summary.unfinished})
                );
            } else if count == 0 {
                say!(
                    "{} states no invariants; {} games ({} positions) played without error",
                    file.display(),
                    summary.games,
                    summary.positions
                );
            } else {
                let names: Vec<String> = engine
                    .game()
                    .invariants
                    .iter()
                    .map(|i| format!("`{}`", i.name))
                    .collect();
                say!(
                    "ok: {} invariant{} ({}) held in all {} positions of {} games (seeds {}..{})",
                    count,
                    if count == 1 { "" } else { "s" },
                    names.join(", "),
                    summary.positions,
                    summary.games,
                    seed,
                    seed.wrapping_add(games - 1)
                );
                if summary.unfinished > 0 {
                    say!(
                        "{} games stopped unfinished after {} turns",
                        summary.unfinished,
                        ludus::playout::MAX_PLIES
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(v) => {
            let at = written_at(file, &v.invariant);
            if json {
                let mut value = serde_json::to_value(&*v).map_err(|e| e.to_string())?;
                if let Some((f, line)) = &at {
                    value["file"] = f.clone().into();
                    value["line"] = (*line).into();
                }
                say!(
                    "{}",
                    serde_json::json!({"file": file.display().to_string(), "invariants": count, "seed": seed, "violation": value})
                );
            } else {
                print_violation(&engine, &v, at)?;
            }
            Ok(ExitCode::FAILURE)
        }
    }
}

fn print_violation(
    engine: &ludus::engine::Engine,
    v: &Violation,
    at: Option<(String, usize)>,
) -> Result<(), Failure> {
    let cond = &engine.game().invariants[v.index].cond;
    let at = at.map_or(String::new(), |(f, line)| format!(" ({f}:{line})"));
    say!(
        "invariant `{}`{at} is broken for {}: {cond}",
        v.invariant,
        v.player
    );
    say!(
        "in game {} (seed {}), after {} turns",
        v.game,
        v.seed,
        v.moves.len()
    );
    say!("position: {}", v.position);
    if let Some(opening) = &v.opening {
        say!("opening: {opening}");
    }
    if v.moves.is_empty() {
        say!("moves: none (the start position)");
    } else {
        say!("moves from the start:");
        for (i, m) in v.moves.iter().enumerate() {
            say!("  {:>4}. {m}", i + 1);
        }
    }
    Ok(())
}
