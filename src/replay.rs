//! Replaying a record of either kind: a seeded random game (`playout
//! --record`), checked against the game its seed plays, or a game played
//! by hand (`ludus play`, marked `"typed": true`, or one starting from a
//! position), checked turn by turn against the rules. A record with
//! stakes that is not marked typed is checked against its seed too.

use crate::engine::Engine;
use crate::playout::{Record, Replay};

/// Replays `record` ([`crate::playout::replay_seeded`] or
/// [`crate::hand_record::replay`], as its header says): the positions after
/// every turn, or the first line and field that differ.
pub fn replay(engine: &Engine, record: &Record) -> Result<Replay, String> {
    if record.typed || record.start.is_some() {
        crate::hand_record::replay(engine, record)
    } else {
        crate::playout::replay_seeded(engine, record)
    }
}
