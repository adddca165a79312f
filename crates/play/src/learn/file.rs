//! A learned evaluation in a file: the weights, the game they were learned
//! for, and how (`ludus train` writes it, the `learned` agent reads it).

use super::{Features, Net};
use crate::engine::Engine;
use serde::{Deserialize, Serialize};

/// The file format's version.
pub const FORMAT: u32 = 1;

/// The largest evaluation file read, in bytes.
pub const MAX_EVALUATION_BYTES: u64 = 64 << 20;

/// A learned evaluation and its provenance.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Evaluation {
    /// [`FORMAT`].
    pub format: u32,
    /// The game's name.
    pub game: String,
    /// The SHA-256 of the game file's text it was learned on.
    pub game_sha256: String,
    /// The command that made it.
    pub command: String,
    /// The seed of its training games.
    pub seed: u64,
    /// Games of self-play it learned from, over every run.
    pub games: u64,
    /// The held-out error when last measured.
    pub held_out: Option<f64>,
    /// The network, its fields at the top level of the file (`inputs`,
    /// `hidden`, `w1`, `b1`, `w2`, `b2`).
    #[serde(flatten)]
    pub net: Net,
}

impl Evaluation {
    /// Reads an evaluation from its text, checked against the engine's
    /// game: the sizes must agree, every weight must be a finite number.
    pub fn parse(text: &str, engine: &Engine) -> Result<Evaluation, String> {
        let e: Evaluation =
            serde_json::from_str(text).map_err(|e| format!("not an evaluation file: {e}"))?;
        if e.format != FORMAT {
            return Err(format!(
                "format {} is not this version's ({FORMAT}): train it again",
                e.format
            ));
        }
        let wanted = Features::new(engine).len();
        let n = &e.net;
        if n.inputs != wanted {
            return Err(format!(
                "it was learned for a game of {} inputs (`{}`), and this game has {wanted}",
                n.inputs, e.game
            ));
        }
        let sizes_ok = n.hidden > 0
            && n.w1.len() == n.inputs * n.hidden
            && n.b1.len() == n.hidden
            && n.w2.len() == n.hidden;
        if !sizes_ok {
            return Err("its weights do not have the sizes its header gives".into());
        }
        let finite =
            n.w1.iter()
                .chain(&n.b1)
                .chain(&n.w2)
                .chain(std::iter::once(&n.b2))
                .all(|w| w.is_finite());
        if !finite {
            return Err("a weight is not a finite number".into());
        }
        Ok(e)
    }

    /// The evaluation as the text of its file.
    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("an evaluation serialises") + "\n"
    }
}
