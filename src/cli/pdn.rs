//! `ludus playout --pdn` and `ludus replay GAME.pdn`: PDN games written and
//! played again (see [`ludus::pdn`]).

use super::replay::read_record;
use crate::Failure;
use crate::checked;
use ludus::engine::{Engine, Outcome};
use ludus::pdn::{self, PdnResult};
use ludus::playout::{self, RecordLine};
use ludus::render;
use std::path::Path;
use std::process::ExitCode;

/// Writes a recorded playout's game as PDN to `path`.
pub(crate) fn write(
    engine: &Engine,
    file: &Path,
    seed: u64,
    lines: &[RecordLine],
    path: &Path,
) -> Result<(), Failure> {
    let mut moves = Vec::new();
    let mut outcome = Outcome::Ongoing;
    for line in lines {
        match line {
            RecordLine::Turn { played, .. } => moves.push(played.clone()),
            RecordLine::Result { result, winner, .. } => {
                let players = &engine.game().players;
                outcome = match winner {
                    Some(w) => Outcome::Decisive {
                        winner: players.iter().position(|p| p.name == *w).unwrap_or(0),
                        points: 1,
                    },
                    None if result == "draw" => Outcome::Draw,
                    None => Outcome::Ongoing,
                };
            }
            RecordLine::Header { .. } | RecordLine::Cube { .. } => {}
        }
    }
    let tags = [
        ("Event", format!("ludus playout, seed {seed}")),
        ("Site", "?".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", "?".to_string()),
        ("White", "random".to_string()),
        ("Black", "random".to_string()),
        ("GameFile", file.display().to_string()),
    ];
    let text = pdn::write_pdn(engine, &tags, &engine.start(), &moves, outcome)?;
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(())
}

/// Plays a PDN game again from its game file (`--game`, or its `GameFile`
/// tag looked for beside the PDN, then in the current folder) and shows it.
pub(crate) fn replay(path: &Path, game: Option<&Path>, quiet: bool) -> Result<ExitCode, Failure> {
    let text = read_record(path)?;
    let parsed = pdn::parse_pdn(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = match (game, parsed.tag("GameFile")) {
        (Some(g), _) => g.to_path_buf(),
        (None, Some(named)) => {
            let beside = path.parent().unwrap_or(Path::new("")).join(named);
            if beside.exists() {
                beside
            } else {
                Path::new(named).to_path_buf()
            }
        }
        (None, None) => {
            eprintln!(
                "error: {}: a PDN game names no game file: give it with `--game FILE`",
                path.display()
            );
            return Ok(ExitCode::from(2));
        }
    };
    let (engine, _) = checked(&file, ludus::bundled::load_file_or_name(&file)?)?;
    let replayed =
        pdn::replay_pdn(&engine, &parsed).map_err(|e| format!("{}: {e}", path.display()))?;
    if !quiet {
        say_part!("{}", render::board(&engine, &replayed.start));
        for (i, (played, st)) in replayed.turns.iter().enumerate() {
            say!("\n{}. {played}", i + 1);
            say_part!("{}", render::board(&engine, st));
        }
        say!();
    }
    let how = if replayed.outcome != Outcome::Ongoing {
        playout::outcome_text(&engine, replayed.outcome)
    } else if replayed.stated == PdnResult::Unknown {
        "the game goes on".to_string()
    } else {
        "not over by the rules".to_string()
    };
    say!(
        "{}: {} moves, every move legal; result {} ({how})",
        path.display(),
        replayed.turns.len(),
        replayed.stated.text()
    );
    Ok(ExitCode::SUCCESS)
}
