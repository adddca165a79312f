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
    /// Inputs ([`Features::len`]).
    pub inputs: usize,
    /// Hidden units.
    pub hidden: usize,
    /// Input-to-hidden weights, input-major.
    pub w1: Vec<f32>,
    /// Hidden biases.
    pub b1: Vec<f32>,
    /// Hidden-to-output weights.
    pub w2: Vec<f32>,
    /// Output bias.
    pub b2: f32,
}

impl Evaluation {
    /// The network it holds.
    pub fn net(&self) -> Net {
        Net {
            inputs: self.inputs,
            hidden: self.hidden,
            w1: self.w1.clone(),
            b1: self.b1.clone(),
            w2: self.w2.clone(),
            b2: self.b2,
        }
    }

    /// Keeps `net`'s weights.
    pub fn set_net(&mut self, net: &Net) {
        self.inputs = net.inputs;
        self.hidden = net.hidden;
        self.w1.clone_from(&net.w1);
        self.b1.clone_from(&net.b1);
        self.w2.clone_from(&net.w2);
        self.b2 = net.b2;
    }

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
        if e.inputs != wanted {
            return Err(format!(
                "it was learned for a game of {} inputs (`{}`), and this game has {wanted}",
                e.inputs, e.game
            ));
        }
        let sizes_ok = e.hidden > 0
            && e.w1.len() == e.inputs * e.hidden
            && e.b1.len() == e.hidden
            && e.w2.len() == e.hidden;
        if !sizes_ok {
            return Err("its weights do not have the sizes its header gives".into());
        }
        let finite =
            e.w1.iter()
                .chain(&e.b1)
                .chain(&e.w2)
                .chain(std::iter::once(&e.b2))
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
