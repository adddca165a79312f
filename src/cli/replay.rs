//! `ludus replay F.jsonl`: a record played again and checked line by line,
//! shown as text, and as an HTML page of pictures with `--html`.

use crate::{Failure, checked};
use ludus::engine::Engine;
use ludus::load;
use ludus::playout;
use ludus::render;
use std::path::Path;
use std::process::ExitCode;

/// Replays the record at `path` (see [`playout::replay`]).
pub(crate) fn replay(path: &Path, quiet: bool, html: Option<&Path>) -> Result<ExitCode, Failure> {
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
    if let Some(out) = html {
        replay_page(&engine, &record, &replayed, out)?;
    }
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

/// Writes the HTML page of a replayed record: the start, then each turn's
/// position with the turn marked.
fn replay_page(
    engine: &Engine,
    record: &playout::Record,
    replayed: &playout::Replay,
    out: &Path,
) -> Result<(), Failure> {
    // The start: the position before the first turn, its first roll shown.
    let start = replayed
        .before
        .first()
        .cloned()
        .unwrap_or_else(|| engine.start());
    let mut frames = vec![(
        "the start".to_string(),
        ludus::svg::svg(engine, &start, None),
    )];
    let mut moves = Vec::new();
    for (i, ((played, st), before)) in replayed.turns.iter().zip(&replayed.before).enumerate() {
        // The turn, found among the moves of the position before it (its
        // dice thrown), to mark it.
        let mut scratch = before.clone();
        let _ = engine.try_legal_moves(&mut scratch, &mut moves);
        let m = ludus::notation::find_move(engine, before, &moves, played).ok();
        let mover = &engine.game().players[before.to_move as usize].name;
        let caption = match ludus::notation::dice_text(before) {
            Some(dice) => format!("{}. {mover} {dice}: {played}", i + 1),
            None => format!("{}. {mover}: {played}", i + 1),
        };
        frames.push((caption, ludus::svg::svg(engine, st, m.as_ref())));
    }
    let title = format!("{}, seed {}", record.variant, record.seed);
    std::fs::write(out, ludus::svg::page(&title, &frames))
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(())
}

/// Reads a record file's text.
pub(crate) fn read_record(path: &Path) -> Result<String, Failure> {
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
