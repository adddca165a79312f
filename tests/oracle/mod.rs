//! The oracle shared by the mutation test (`tests/mutation.rs`) and the
//! cargo-fuzz targets (`fuzz/fuzz_targets/`): each function drives the
//! library with one untrusted input and returns `Ok` if it was accepted or
//! `Err(message)` if it was refused cleanly. A panic is the failure the
//! callers look for; they wrap every call in `catch_unwind`.
//!
//! Every function is bounded: a game is played for at most [`MAX_PLIES`]
//! plies, and a record is replayed as given (its length is the caller's).
// Each user calls its own subset.
#![allow(dead_code)]

use ludus::engine::{Engine, Move, Outcome, State};
use ludus::notation::{find_move, move_text, parse_dice, parse_position, position_text};
use ludus::playout;
use rand::RngExt;
use std::path::Path;

/// The most plies played from the start of a checked game.
pub const MAX_PLIES: usize = 6;

/// Whether the input was accepted (`Ok`) or refused with a message.
pub type Verdict = Result<(), String>;

/// Loads game text as if it were the file at `path` (bases are found beside
/// it), renders its diagnostics or its board, and plays a few seeded plies,
/// checking that every position and move reads back as written.
pub fn game_text(path: &Path, text: &str, seed: u64) -> Verdict {
    let loaded = ludus::load::load_text(path, text);
    let game = match loaded.game {
        Ok(game) => game,
        Err(diagnostics) => {
            let rendered = loaded.sources.render(&diagnostics);
            assert!(!diagnostics.is_empty(), "refused without a diagnostic");
            return Err(rendered);
        }
    };
    let _ = game.to_string();
    let engine = Engine::new(game);
    let mut st = engine.start();
    let _ = ludus::render::board(&engine, &st);
    if let Some(dice) = engine.game().dice {
        // Doubles at the start: the most die moves a turn can have.
        let mut doubles = st.clone();
        // A number the dice can show: the faces' values, or the sums of
        // summed dice, which fill one slot.
        let numbers = dice.numbers();
        let face = ludus::ir::stored_value(numbers[seed as usize % numbers.len()]);
        let slots = if dice.summed { 1 } else { dice.count.min(4) };
        doubles.dice[..usize::from(slots)].fill(face);
        let mut moves = Vec::new();
        engine.legal_moves(&mut doubles, &mut moves);
        round_trip(&engine, &doubles, &moves);
    }
    play_a_few(&engine, &mut st, seed, MAX_PLIES);
    Ok(())
}

/// Plays up to `plies` seeded random turns from `st`, checking at each that
/// the position and every listed move read back as written.
pub fn play_a_few(engine: &Engine, st: &mut State, seed: u64, plies: usize) {
    let mut rng = playout::rng(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        // As the playouts do, the dice are thrown only where the turn
        // played left none: a double chosen or climbed to stays.
        if st.dice == [0; 4] {
            engine.roll(st, &mut rng);
        }
        engine.legal_moves(st, &mut moves);
        let outcome = engine.outcome_with(st, !moves.is_empty());
        round_trip(engine, st, &moves);
        if outcome != Outcome::Ongoing || moves.is_empty() {
            return;
        }
        let m = moves[rng.random_range(0..moves.len())];
        engine.play_unchecked(st, &m);
    }
}

/// A position and the moves listed in it read back as written, and no two
/// listed moves share a text.
fn round_trip(engine: &Engine, st: &State, moves: &[Move]) {
    let text = position_text(engine, st);
    let back = parse_position(engine, &text)
        .unwrap_or_else(|e| panic!("position `{text}` does not read back: {e}"));
    assert!(back == *st, "position `{text}` reads back differently");
    let _ = ludus::render::board(engine, st);
    for player in 0..engine.game().players.len() {
        let _ = ludus::render::pips(engine, st, player);
    }
    let mut seen = std::collections::HashSet::new();
    for m in moves {
        let written = move_text(engine, m);
        assert!(
            seen.insert(written.clone()),
            "two listed moves are written `{written}` in `{text}`"
        );
    }
    for m in moves.iter().take(8) {
        let written = move_text(engine, m);
        let found = find_move(engine, st, moves, &written)
            .unwrap_or_else(|e| panic!("move `{written}` is not found: {e}"));
        assert!(
            found == *m,
            "move `{written}` reads back as another move in `{text}`"
        );
    }
}

/// Reads a position (and, if given, a roll as `--dice` does) and lists,
/// shows and plays its moves as `ludus moves` and `ludus play` do.
pub fn position(engine: &Engine, text: &str, dice: Option<&str>, seed: u64) -> Verdict {
    let mut st = parse_position(engine, text)?;
    if let Some(dice) = dice {
        st.dice = parse_dice(engine, dice)?;
    } else if engine.has_dice() && st.dice == [0; 4] {
        return Err("no dice".into());
    }
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let outcome = engine.outcome_with(&st, !moves.is_empty());
    let _ = position_text(engine, &st);
    let _ = ludus::render::board(engine, &st);
    for player in 0..engine.game().players.len() {
        let _ = ludus::render::pips(engine, &st, player);
    }
    for m in moves.iter().take(8) {
        let written = move_text(engine, m);
        let _ = find_move(engine, &st, &moves, &written);
    }
    st.dice = [0; 4];
    if outcome == Outcome::Ongoing
        && let Some(m) = moves.first()
    {
        engine.play_unchecked(&mut st, m);
        play_a_few(engine, &mut st, seed, 2);
    }
    Ok(())
}

/// Finds a typed move in a position, with the roll given (if any), and
/// plays it as `ludus play` would.
pub fn move_in(engine: &Engine, st: &State, dice: Option<&str>, text: &str) -> Verdict {
    let mut st = st.clone();
    if let Some(dice) = dice {
        st.dice = parse_dice(engine, dice)?;
    }
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let m = find_move(engine, &st, &moves, text)?;
    engine
        .play(&mut st, &m)
        .map_err(|_| "illegal".to_string())?;
    let _ = engine.outcome(&st);
    let _ = position_text(engine, &st);
    Ok(())
}

/// Replays a record given as JSON lines, as `ludus replay` does once the
/// record's game file is loaded (`engine`).
pub fn record(engine: &Engine, jsonl: &str) -> Verdict {
    let record = playout::parse_record(jsonl)?;
    if record.variant != engine.game().name {
        return Err("another variant".into());
    }
    let replayed = ludus::replay::replay(engine, &record)?;
    for (_, st) in &replayed.turns {
        let _ = position_text(engine, st);
    }
    let _ = playout::outcome_text(engine, replayed.outcome);
    Ok(())
}

/// A PDN game: read, played again on `engine` (a game with numbered
/// sites), every position written back in notation and as FEN.
pub fn pdn(engine: &Engine, text: &str) -> Verdict {
    let game = ludus::pdn::parse_pdn(text)?;
    let replayed = ludus::pdn::replay_pdn(engine, &game)?;
    for (_, st) in &replayed.turns {
        let _ = position_text(engine, st);
        let _ = ludus::pdn::fen_text(engine, st);
    }
    Ok(())
}

/// The engine of a game file that must load.
pub fn engine_at(path: &Path) -> Engine {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
    let loaded = ludus::load::load_text(path, &text);
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}", loaded.sources.render(&d)),
    }
}

/// The position `position` of `engine` (the start where it is blank) with
/// `dice` thrown, if given.
fn position_with_dice(
    engine: &Engine,
    position: &str,
    dice: Option<&str>,
) -> Result<State, String> {
    let mut st = if position.trim().is_empty() {
        engine.start()
    } else {
        parse_position(engine, position)?
    };
    if let Some(dice) = dice {
        st.dice = parse_dice(engine, dice)?;
    }
    Ok(st)
}

/// Explains the move `typed` in `position` (with `dice`) of a bundled game
/// whose rule items are `rules`, as `ludus explain` does, and writes the
/// explanation as JSON; then, in a dice game, its die moves as the REPL
/// explains them one at a time.
pub fn explain(
    rules: &ludus::explain::Rules,
    engine: &Engine,
    position: &str,
    dice: Option<&str>,
    typed: &str,
) -> Verdict {
    let st = position_with_dice(engine, position, dice)?;
    let explained = ludus::explain::explain(rules, engine, &st, typed).map_err(|e| e.to_string());
    if let Ok(e) = &explained {
        serde_json::to_string(e).expect("an explanation is JSON");
    }
    if engine.has_dice() {
        let typed: Vec<String> = typed.split_whitespace().map(str::to_string).collect();
        let _ = ludus::explain::explain_die_moves(rules, engine, &st, &typed);
    }
    explained.map(|_| ())
}

/// `ludus diff` of the bundled game at `a_path` (`a`, its engine) against
/// game text read as if from `b_path`: the rule items compared and the
/// witness searched (near the start, then `games` random games).
pub fn diff(a_path: &Path, a: &Engine, b_path: &Path, b_text: &str, games: u64) -> Verdict {
    let loaded = ludus::load::load_text(b_path, b_text);
    let game = loaded.game.map_err(|d| loaded.sources.render(&d))?;
    let b = Engine::new(game);
    let ma = ludus::load::merged(a_path).map_err(|e| e.to_string())?;
    let mb = ludus::load::merged_text(b_path, b_text);
    let sa = ma.sections.as_ref().expect("a bundled game merges");
    let sb = mb.sections.as_ref().expect("a game that checks merges");
    let changes = ludus::diff::rule_changes(&ma, sa, &mb, sb);
    serde_json::to_string(&changes).expect("changes are JSON");
    let found = ludus::diff::witness(a, &b, 0, games)
        .map_err(|e| e.to_string())?
        .witness;
    serde_json::to_string(&found).expect("a witness is JSON");
    // A game against itself never differs.
    if changes.is_empty() && a.game().to_string() == b.game().to_string() {
        assert_eq!(found, None, "a game differs from itself");
    }
    Ok(())
}

/// `ludus fmt` of game text read as if from `path`: refused (a syntax
/// error), or formatted; a formatted text formats to itself. The
/// formatter's own check refusing its layout (`FormatError::Unsafe`) is a
/// bug of the formatter, a failure here.
pub fn fmt(path: &Path, text: &str) -> Verdict {
    use ludus::format::{FormatError, format};
    match format(path, text) {
        Ok(formatted) => {
            match format(path, &formatted) {
                Ok(again) => assert_eq!(again, formatted, "formatting is not stable"),
                Err(FormatError::Unsafe(why)) => panic!("the layout's layout is refused: {why}"),
                Err(e) => panic!("the layout is refused: {e:?}"),
            }
            Ok(())
        }
        Err(FormatError::Unsafe(why)) => panic!("the layout changes the game: {why}"),
        Err(e) => Err(format!("{e:?}")),
    }
}

/// `ludus merge` of shards: `text` cut into files at lines of `---`, read
/// as the JSON lines of a match's games, then summarized per run.
pub fn merge(text: &str) -> Verdict {
    let files: Vec<(String, String)> = text
        .split("\n---\n")
        .enumerate()
        .map(|(i, t)| (format!("shard{i}.jsonl"), t.to_string()))
        .collect();
    let groups = ludus::merge::read_games(&files)?;
    for group in &groups {
        serde_json::to_string(&group.summarize()).expect("a summary is JSON");
    }
    Ok(())
}
