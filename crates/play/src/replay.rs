//! Replaying a record of either kind: a seeded random game (`playout
//! --record`), checked against the game its seed plays, or a game played
//! by hand (`ludus play`, its header marked `"typed": true`), checked turn
//! by turn against the rules.

use crate::engine::Engine;
use crate::playout::{Record, Replay};

/// Replays `record` ([`crate::hand_record::replay`] where its header says
/// `"typed": true`, else [`crate::playout::replay_seeded`], in every game,
/// with a cube or without): the positions after every turn, or the first
/// line and field that differ.
///
/// A record of a dice game written before positions were numbered as the
/// moves are is read with its positions naming the board's sites (see
/// [`Record::numbered_as_moves`]).
pub fn replay(engine: &Engine, record: &Record) -> Result<Replay, String> {
    let record = &record.numbered_as_moves(engine)?;
    if record.typed {
        return crate::hand_record::replay(engine, record);
    }
    if record.start.is_some() {
        return Err(
            "header, `start`: a seeded random game starts from the setup; a game begun from a position is played by hand, its header marked `\"typed\": true`".into(),
        );
    }
    // The stakes it is played for are read by the seeded replay: a seeded
    // game has no cube action, so it ends with them.
    crate::playout::replay_seeded(engine, record)
}
