//! `ludus replay F.jsonl`: a record played again and checked line by line,
//! shown as text, and as an HTML page of pictures with `--html`.

use crate::{Failure, checked};
use ludus::engine::{Engine, State};
use ludus::load;
use ludus::playout;
use ludus::render;
use std::path::Path;
use std::process::ExitCode;

/// Replays the record at `path` (see [`ludus::replay::replay`]): one game, or
/// the games of a match one after another.
pub(crate) fn replay(path: &Path, quiet: bool, html: Option<&Path>) -> Result<ExitCode, Failure> {
    let text = read_record(path)?;
    let records = playout::parse_records(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let engine = record_game(path, &records[0])?;
    let variant = &records[0].variant;
    if engine.game().name != *variant {
        return Err(Failure::Message(format!(
            "{}: line 1, `variant`: the record is of `{variant}` but {} is `{}`",
            path.display(),
            records[0].game,
            engine.game().name
        )));
    }
    // An older record's positions, naming the board's sites, read so.
    let records = records
        .iter()
        .map(|r| r.numbered_as_moves(&engine))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let several = records.len() > 1;
    let mut replays = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let replayed = ludus::replay::replay(&engine, record).map_err(|e| {
            if several {
                format!("{}: game {}: {e}", path.display(), i + 1)
            } else {
                format!("{}: {e}", path.display())
            }
        })?;
        replays.push(replayed);
    }
    if let Some(out) = html {
        replay_page(&engine, &records, &replays, out)?;
    }
    for (i, (record, replayed)) in records.iter().zip(&replays).enumerate() {
        if !quiet {
            if several {
                say!("game {}{}", i + 1, stakes_note(record));
            }
            say_part!("{}", render::board(&engine, &engine.start()));
            for (k, (played, st)) in replayed.turns.iter().enumerate() {
                say!("\n{}. {played}", k + 1);
                say_part!("{}", render::board(&engine, st));
            }
            say!();
        }
        let game = if several {
            format!("game {}: ", i + 1)
        } else {
            String::new()
        };
        say!(
            "{game}{variant}, seed {}: {} turns, every move legal; {}{}",
            record.seed,
            replayed.turns.len(),
            playout::outcome_text(&engine, replayed.outcome),
            ending_note(&engine, replayed)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// ` (cube: 1; match: 5; score: 2-1)`: the stakes a game starts with.
fn stakes_note(record: &playout::Record) -> String {
    record
        .stakes
        .as_ref()
        .map_or(String::new(), |s| format!(" ({s})"))
}

/// `, black dropped; 2 points`: how a game with stakes ended (or, unfinished,
/// the double waiting for its answer).
fn ending_note(engine: &Engine, replayed: &playout::Replay) -> String {
    let mut note = String::new();
    if let Some(p) = replayed.dropped {
        note.push_str(&format!(
            ", {} dropped the double",
            engine.game().players[p].name
        ));
    }
    if let Some(stakes) = replayed.stakes
        && let Some(doubler) = stakes.offered
    {
        note.push_str(&format!(
            ", {}'s double to {} waiting for its answer",
            engine.game().players[doubler].name,
            stakes.cube.value.saturating_mul(2)
        ));
    }
    if let (Some(stakes), ludus::engine::Outcome::Decisive { points, .. }) =
        (replayed.stakes, replayed.outcome)
    {
        let scored = if replayed.dropped.is_some() {
            stakes.cube.value
        } else {
            stakes.scored(u32::from(points))
        };
        note.push_str(&format!(
            "; {scored} point{}",
            if scored == 1 { "" } else { "s" }
        ));
    }
    note
}

/// Writes the HTML page of replayed records: their [`frames`].
fn replay_page(
    engine: &Engine,
    records: &[playout::Record],
    replays: &[playout::Replay],
    out: &Path,
) -> Result<(), Failure> {
    let frames: Vec<(String, String)> = frames(engine, records, replays)
        .into_iter()
        .map(|f| (f.caption, f.svg))
        .collect();
    let first = &records[0];
    let title = if records.len() > 1 {
        format!("{}, {} games", first.variant, records.len())
    } else {
        format!("{}, seed {}", first.variant, first.seed)
    };
    std::fs::write(out, ludus::svg::page(&title, &frames))
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(())
}

/// One position of a replayed game, as a page shows it.
pub(crate) struct Frame {
    /// What it shows: the turn played, who played it with what dice.
    pub caption: String,
    /// The position.
    pub position: State,
    /// Its picture, the turn that led to it marked.
    pub svg: String,
}

/// The most positions one page draws (`replay --html`, `ludus serve`'s
/// replays): a picture is a few kilobytes, so a page of a game of 100,000
/// turns would take hundreds of megabytes to write and to open.
pub(crate) const MAX_FRAMES: usize = 2_000;

/// The positions of replayed records (`replay --html`, and `ludus
/// serve`'s replays): for each game the start, then each turn's position
/// with the turn marked, the cube actions before it in its caption. Of
/// more than [`MAX_FRAMES`] positions, the first and the last half of
/// that many are drawn, and a frame between them says which are left out.
pub(crate) fn frames(
    engine: &Engine,
    records: &[playout::Record],
    replays: &[playout::Replay],
) -> Vec<Frame> {
    let mut frames = Vec::new();
    let several = records.len() > 1;
    let total: usize = records
        .iter()
        .zip(replays)
        .map(|(record, replayed)| {
            let dropped = cube_actions(record)
                .get(replayed.turns.len())
                .is_some_and(|a| !a.is_empty());
            1 + replayed.turns.len() + usize::from(dropped)
        })
        .sum();
    let half = MAX_FRAMES / 2;
    let mut index = 0;
    // Whether the next frame is drawn; the first left out adds the note.
    let mut drawn = |frames: &mut Vec<Frame>, at: &State| {
        let i = index;
        index += 1;
        if total <= MAX_FRAMES || i < half || i >= total - half {
            return true;
        }
        if i == half {
            frames.push(Frame {
                caption: format!(
                    "positions {} to {} of {total} are not drawn (a page draws at most {MAX_FRAMES}); `ludus replay` without `--html` lists every turn",
                    half + 1,
                    total - half
                ),
                svg: String::new(),
                position: at.clone(),
            });
        }
        false
    };
    for (g, (record, replayed)) in records.iter().zip(replays).enumerate() {
        let game = if several {
            format!("game {}{}, ", g + 1, stakes_note(record))
        } else {
            String::new()
        };
        // The start: the position before the first turn, its first roll
        // shown (with no turn, the position the record starts from).
        let start = replayed.before.first().cloned().unwrap_or_else(|| {
            let given = record.start.as_deref();
            given
                .and_then(|p| ludus::notation::parse_position(engine, p).ok())
                .unwrap_or_else(|| engine.start())
        });
        if drawn(&mut frames, &start) {
            frames.push(Frame {
                caption: format!("{game}the start"),
                svg: ludus::svg::svg(engine, &start, None),
                position: start.clone(),
            });
        }
        let actions = cube_actions(record);
        let mut moves = Vec::new();
        for (i, ((played, st), before)) in replayed.turns.iter().zip(&replayed.before).enumerate() {
            if !drawn(&mut frames, st) {
                continue;
            }
            // The turn, found among the moves of the position before it (its
            // dice thrown), to mark it.
            let mut scratch = before.clone();
            let _ = engine.try_legal_moves(&mut scratch, &mut moves);
            let m = ludus::notation::find_move(engine, before, &moves, played).ok();
            let mover = &engine.game().players[before.to_move as usize].name;
            let cube = actions.get(i).filter(|a| !a.is_empty());
            let cube = cube.map_or(String::new(), |a| format!("{}; ", a.join(", ")));
            let caption = match ludus::notation::dice_text(before) {
                Some(dice) => format!("{game}{}. {cube}{mover} {dice}: {played}", i + 1),
                None => format!("{game}{}. {cube}{mover}: {played}", i + 1),
            };
            frames.push(Frame {
                caption,
                svg: ludus::svg::svg(engine, st, m.as_ref()),
                position: st.clone(),
            });
        }
        // A double after the last turn, dropped: the game's last frame.
        if let Some(last) = actions.get(replayed.turns.len()).filter(|a| !a.is_empty()) {
            let end = replayed.turns.last().map_or(start, |(_, st)| st.clone());
            if !drawn(&mut frames, &end) {
                continue;
            }
            let result = playout::outcome_text(engine, replayed.outcome);
            let ending = ending_note(engine, replayed);
            frames.push(Frame {
                caption: format!("{game}{}; {result}{ending}", last.join(", ")),
                svg: ludus::svg::svg(engine, &end, None),
                position: end,
            });
        }
    }
    frames
}

/// The cube actions of a record, as `white doubles to 2`, `black takes`:
/// those before each turn, by turn, and those after the last.
fn cube_actions(record: &playout::Record) -> Vec<Vec<String>> {
    let mut by_turn = vec![Vec::new()];
    for (_, line) in &record.lines {
        match line {
            playout::RecordLine::Turn { .. } => by_turn.push(Vec::new()),
            playout::RecordLine::Cube {
                action,
                player,
                value,
            } => {
                let text = match action.as_str() {
                    "double" => format!("{player} doubles to {value}"),
                    "take" => format!("{player} takes"),
                    _ => format!("{player} drops"),
                };
                if let Some(last) = by_turn.last_mut() {
                    last.push(text);
                }
            }
            _ => {}
        }
    }
    by_turn
}

/// Reads a record file's text.
pub(crate) fn read_record(path: &Path) -> Result<String, Failure> {
    Ok(load::read_text(path, load::MAX_RECORD_BYTES)?)
}

/// Finds and loads the game a record names: beside the record first, then
/// relative to the current folder, then among the bundled games by name;
/// the file whose text has the record's SHA-256 is the one.
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
    // A game played by its bundled name, as this build bundles it.
    if let Some(text) = ludus::bundled::text(&record.game)
        && playout::text_hash(text) == record.sha256
        && let Some(loaded) = ludus::bundled::load(&record.game)
    {
        return checked(named, loaded).map(|(engine, _)| engine);
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
