//! `ludus diff`: what one game's rules change against another's, printed
//! (see [`ludus::diff`]).

use crate::{Failure, engine};
use ludus::load;
use std::path::Path;
use std::process::ExitCode;

pub(crate) fn diff(
    a: &Path,
    b: &Path,
    seed: u64,
    games: u64,
    json: bool,
) -> Result<ExitCode, Failure> {
    let (engine_a, _) = engine(a)?;
    let (engine_b, _) = engine(b)?;
    let merged = |path: &Path| -> Result<(load::Merged, Vec<ludus::syntax::Section>), Failure> {
        let mut m = load::merged(path).map_err(|e| e.to_string())?;
        let sections = std::mem::replace(&mut m.sections, Ok(Vec::new()))
            .map_err(|d| Failure::Message(m.sources.render(&d)))?;
        Ok((m, sections))
    };
    let (ma, sa) = merged(a)?;
    let (mb, sb) = merged(b)?;
    let changes = ludus::diff::rule_changes(&ma, &sa, &mb, &sb);
    let searched = ludus::diff::witness(&engine_a, &engine_b, seed, games)
        .map_err(|e| format!("the witness search stopped: {e}"))?;
    let found = searched.witness;
    if json {
        say!(
            "{}",
            serde_json::json!({"a": a.display().to_string(), "b": b.display().to_string(), "changes": changes, "witness": found, "searched": {"near_positions": searched.near_positions, "near_depth": ludus::diff::MAX_NEAR_DEPTH, "random_games": games, "seed": seed}})
        );
        return Ok(ExitCode::SUCCESS);
    }
    let at = |i: &ludus::diff::ItemText| format!("{}:{}", i.file, i.line);
    if changes.is_empty() {
        say!("The rules are the same item for item (variants merged).");
    } else {
        say!("Rules that differ (variants merged; - first game, + second):");
        let mut sections: Vec<&str> = Vec::new();
        for c in &changes {
            if !sections.contains(&c.section()) {
                sections.push(c.section());
            }
        }
        for section in sections {
            say!("  {section}:");
            for c in changes.iter().filter(|c| c.section() == section) {
                match c {
                    ludus::diff::Change::Added { b, .. } => say!("    + {}  ({})", b.text, at(b)),
                    ludus::diff::Change::Removed { a, .. } => say!("    - {}  ({})", a.text, at(a)),
                    ludus::diff::Change::Changed { a, b, .. } => {
                        say!("    - {}  ({})", a.text, at(a));
                        say!("    + {}  ({})", b.text, at(b));
                    }
                    ludus::diff::Change::Reordered { .. } => {
                        say!("    the rules both games have are judged in another order")
                    }
                }
            }
        }
    }
    let Some(w) = found else {
        say!(
            "No difference in play found: {} positions near the start (up to {} turns), then {games} random games from seed {seed}.",
            searched.near_positions,
            ludus::diff::MAX_NEAR_DEPTH
        );
        return Ok(ExitCode::SUCCESS);
    };
    say!("Witness, found {}:", w.found);
    if w.moves.is_empty() {
        say!("  at the start");
    } else {
        say!(
            "  after {} turn{}: {}",
            w.moves.len(),
            if w.moves.len() == 1 { "" } else { "s" },
            w.moves.join(", ")
        );
    }
    say!("  position: {}", w.position);
    if let Some(d) = &w.dice {
        say!("  roll: {d}");
    }
    match w.differs_in.as_str() {
        "outcome" => say!(
            "  the first game says {}, the second {}",
            w.outcome_a,
            w.outcome_b
        ),
        "position" => say!(
            "  the last turn leads to another position in the second game: {}",
            w.position_b.as_deref().unwrap_or_default()
        ),
        "dice" => say!("  the games throw different dice"),
        _ => {
            let list = |moves: &[String]| {
                if moves.is_empty() {
                    "none".to_string()
                } else {
                    moves.join(", ")
                }
            };
            say!("  legal in the first game only: {}", list(&w.only_a));
            say!("  legal in the second game only: {}", list(&w.only_b));
        }
    }
    Ok(ExitCode::SUCCESS)
}
