//! `ludus moves`: the legal moves of a position, as text or JSON, and
//! `--batch`, one answer per line of positions read from standard input.

use crate::{Failure, engine, position_with_dice, read_position};
use ludus::engine::{Engine, Move, Outcome, State};
use ludus::notation::{move_text, position_text};
use ludus::playout;
use std::path::Path;
use std::process::ExitCode;

/// `ludus moves FILE`: the moves of the position (the start unless
/// `position` gives one), with `dice` thrown in a game with dice; with an
/// `agent`, also the turn it chooses, seeded by `seed`. With `cube` (a
/// number of rollouts), the cube decision before the throw instead, as
/// the agent (by default the strongest for the game) judges it.
#[allow(clippy::too_many_arguments)]
pub(crate) fn moves(
    file: &Path,
    position: Option<&str>,
    dice: Option<&str>,
    json: bool,
    batch: bool,
    agent: Option<ludus::agent::Spec>,
    seed: u64,
    cube: Option<u32>,
) -> Result<ExitCode, Failure> {
    let (engine, _) = engine(file)?;
    if let Some(rollouts) = cube {
        let spec = agent
            .unwrap_or(ludus::agent::Spec::Computer)
            .for_game(&engine, file)
            .map_err(Failure::Message)?;
        let judge = super::cube::CubeJudge {
            agent: &spec,
            rollouts,
            seed,
        };
        if batch {
            return moves_batch(&engine, None, Some(&judge));
        }
        let value = super::cube::cube_answer(&engine, position.unwrap_or(""), &judge)
            .map_err(Failure::Message)?;
        say!("{}", value);
        return Ok(ExitCode::SUCCESS);
    }
    let chooser = match agent {
        Some(spec) => {
            let spec = spec.for_game(&engine, file).map_err(Failure::Message)?;
            if let Some(note) = spec.foreign_evaluation(&engine) {
                eprintln!("{note}");
            }
            Some((spec, playout::rng(seed)))
        }
        None => None,
    };
    let mut chooser = chooser;
    if batch {
        return moves_batch(&engine, chooser.as_mut(), None);
    }
    let mut st = position_with_dice(&engine, position, dice)?;
    let mut moves = Vec::new();
    engine.try_legal_moves(&mut st, &mut moves)?;
    let outcome = engine.outcome_with(&st, !moves.is_empty());
    if outcome != Outcome::Ongoing {
        moves.clear();
    }
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    if json {
        let mut value = moves_json(&engine, &st, &moves, outcome)?;
        if let Some((spec, rng)) = chooser.as_mut() {
            choose_into(&engine, &st, &moves, spec, rng, &mut value)?;
        }
        say!("{}", value);
    } else if outcome != Outcome::Ongoing {
        eprintln!(
            "the game is over: {}",
            playout::outcome_text(&engine, outcome)
        );
    } else {
        for t in texts {
            say!("{t}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The answer of `moves --json`: the position, who moves, the outcome,
/// the legal moves and the position after each (`results`, in the same
/// order).
fn moves_json(
    engine: &Engine,
    st: &State,
    moves: &[Move],
    outcome: Outcome,
) -> Result<serde_json::Value, Failure> {
    let mut results = Vec::with_capacity(moves.len());
    let mut result_ids = Vec::with_capacity(moves.len());
    let mut outcomes = Vec::with_capacity(moves.len());
    let mut next = Vec::new();
    for m in moves {
        let mut after = st.clone();
        engine.play_unchecked(&mut after, m);
        results.push(position_text(engine, &after));
        let mut rolled = after.clone();
        rolled.dice = [0; 4];
        result_ids.push(ludus::position_id::position_id(engine, &rolled).ok());
        // The outcome after the move, as a game played on judges it.
        let ended = engine.outcome_after_turn(&mut after, m, &mut next)?;
        outcomes.push(ended);
    }
    let mut value = serde_json::json!({
        "position": position_text(engine, st),
        "to_move": engine.game().players[st.to_move as usize].name,
        "outcome": playout::outcome_text(engine, outcome),
        "moves": moves.iter().map(|m| move_text(engine, m)).collect::<Vec<_>>(),
        "results": results,
        "ends": outcomes.iter().map(|&o| o != Outcome::Ongoing).collect::<Vec<_>>(),
        "outcomes": outcomes.iter().map(|&o| playout::outcome_text(engine, o)).collect::<Vec<_>>(),
    });
    // GNU Backgammon's Position ID, for games that can have one.
    if let Ok(id) = ludus::position_id::position_id(engine, st) {
        value["position_id"] = id.into();
        value["result_ids"] = result_ids.into();
    }
    Ok(value)
}

/// The longest line `moves --batch` reads.
const MAX_BATCH_LINE: usize = 4096;

/// `moves --batch`: one position per line of standard input, each answered
/// by one line of JSON as `moves --json` prints, so that answer i is of line
/// i. A line refused (a bad position, a blank line, a line too long) is
/// answered `{"line": N, "error": "..."}` and the batch goes on; the exit
/// code is then 1. With `cube`, each answer is the line's cube decision.
fn moves_batch(
    engine: &Engine,
    mut chooser: Option<&mut (ludus::agent::Spec, ludus::rng::Rng)>,
    cube: Option<&super::cube::CubeJudge>,
) -> Result<ExitCode, Failure> {
    use std::io::{BufRead as _, Read as _};
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    let mut moves = Vec::new();
    let mut refused = 0u64;
    let mut lines = 0u64;
    for number in 1u64.. {
        bytes.clear();
        // The limit is on the line without its ending (`\n` or `\r\n`):
        // read up to two bytes more to see that ending.
        let read = (&mut input)
            .take(MAX_BATCH_LINE as u64 + 2)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("line {number} of standard input: {e}"))?;
        if read == 0 {
            break;
        }
        lines += 1;
        let mut line = bytes.as_slice();
        let ended = line.ends_with(b"\n");
        if let Some(rest) = line.strip_suffix(b"\n") {
            line = rest.strip_suffix(b"\r").unwrap_or(rest);
        }
        let answer = if line.len() > MAX_BATCH_LINE {
            if !ended {
                // The rest of the long line, read and dropped a buffer at a
                // time.
                loop {
                    let buf = input
                        .fill_buf()
                        .map_err(|e| format!("line {number} of standard input: {e}"))?;
                    if buf.is_empty() {
                        break;
                    }
                    let (n, end) = match buf.iter().position(|&b| b == b'\n') {
                        Some(k) => (k + 1, true),
                        None => (buf.len(), false),
                    };
                    input.consume(n);
                    if end {
                        break;
                    }
                }
            }
            Err(format!(
                "the line is longer than {MAX_BATCH_LINE} bytes (MAX_BATCH_LINE)"
            ))
        } else {
            match std::str::from_utf8(line) {
                Err(_) => Err("the line is not UTF-8 text".to_string()),
                Ok(text) if text.trim().is_empty() => {
                    Err("a blank line: give one position a line".into())
                }
                Ok(text) => match cube {
                    Some(judge) => super::cube::cube_answer(engine, text.trim(), judge),
                    None => batch_answer(engine, text.trim(), &mut moves, chooser.as_deref_mut()),
                },
            }
        };
        match answer {
            Ok(value) => say!("{}", value),
            Err(e) => {
                refused += 1;
                say!("{}", serde_json::json!({ "line": number, "error": e }));
            }
        }
    }
    if refused > 0 {
        eprintln!("error: {refused} of {lines} lines refused (each answered with its error)");
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// The answer to one line of `moves --batch`, or why the line is refused.
fn batch_answer(
    engine: &Engine,
    text: &str,
    moves: &mut Vec<Move>,
    chooser: Option<&mut (ludus::agent::Spec, ludus::rng::Rng)>,
) -> Result<serde_json::Value, String> {
    if text.is_empty() {
        return Err("a blank line: give one position a line".into());
    }
    let mut st = read_position(engine, text).map_err(|e| format!("bad position: {e}"))?;
    // A finished game needs no roll: its outcome is the answer.
    if engine.to_throw(&st) && engine.outcome_with(&st, true) == Outcome::Ongoing {
        return Err(
            "this game is played with dice: give the roll in the position (`dice: 5-3`)".into(),
        );
    }
    engine
        .try_legal_moves(&mut st, moves)
        .map_err(|e| e.to_string())?;
    let outcome = engine.outcome_with(&st, !moves.is_empty());
    if outcome != Outcome::Ongoing {
        moves.clear();
    }
    let mut value = moves_json(engine, &st, moves, outcome).map_err(Failure::text)?;
    if let Some((spec, rng)) = chooser {
        choose_into(engine, &st, moves, spec, rng, &mut value).map_err(Failure::text)?;
    }
    Ok(value)
}

/// Adds to a `moves --json` answer the index of the turn `spec` chooses
/// (`chosen`; null where there is no turn).
fn choose_into(
    engine: &Engine,
    st: &State,
    moves: &[Move],
    spec: &ludus::agent::Spec,
    rng: &mut ludus::rng::Rng,
    value: &mut serde_json::Value,
) -> Result<(), Failure> {
    value["agent"] = spec.to_string().into();
    value["chosen"] = if moves.is_empty() {
        serde_json::Value::Null
    } else {
        spec.choose(engine, st, moves, rng)?.into()
    };
    Ok(())
}
