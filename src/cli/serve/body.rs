//! A request of `ludus serve`'s API read into checked values: its body as
//! a JSON object, a game's id, text fields of bounded length, a position,
//! the seats' agents (bounded: MCTS by its thinking time, the searches by
//! their depth); and a refusal, with its status and message.

use super::games::Listed;
use ludus::agent::{Judge, Spec};
use ludus::engine::{Engine, State};
use serde_json::{Value, json};

/// The longest thinking time per turn an agent may be given, in seconds.
pub(super) const MAX_THINK_SECONDS: f64 = 10.0;

/// The deepest search an agent of the page may be given, in turns.
pub(super) const MAX_PAGE_DEPTH: u32 = 2;

/// The longest move or roll text read.
pub(super) const MAX_MOVE_TEXT: usize = 1_000;

/// A request refused: the HTTP status and why.
#[derive(Debug)]
pub(super) struct Refusal {
    /// A 4xx status.
    pub status: u16,
    /// The message, for the page to show.
    pub message: String,
}

/// A refusal with `status` and `message`.
pub(super) fn refuse<T>(status: u16, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        status,
        message: message.into(),
    })
}

/// The request's body as a JSON object (an empty body is `{}`).
pub(super) fn object(body: &[u8]) -> Result<Value, Refusal> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({}));
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(v) if v.is_object() => Ok(v),
        Ok(_) => refuse(400, "the body is not a JSON object"),
        Err(e) => refuse(400, format!("the body is not JSON: {e}")),
    }
}

/// A game's id in a path.
pub(super) fn game_id(text: &str) -> Result<u64, Refusal> {
    text.parse()
        .or_else(|_| refuse(404, format!("`{text}` is not a game's id")))
}

/// The text field `key` of `body`, required.
pub(super) fn text_field<'b>(body: &'b Value, key: &str) -> Result<&'b str, Refusal> {
    match body.get(key) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => refuse(400, format!("`{key}` is text")),
        None => refuse(400, format!("`{key}` is missing")),
    }
}

/// The text field `key` of `body`, required and at most [`MAX_MOVE_TEXT`]
/// bytes long.
pub(super) fn short_text<'b>(body: &'b Value, key: &str) -> Result<&'b str, Refusal> {
    let text = text_field(body, key)?;
    if text.len() > MAX_MOVE_TEXT {
        return refuse(400, format!("`{key}` is longer than {MAX_MOVE_TEXT} bytes"));
    }
    Ok(text)
}

/// A position typed: checked by the engine as `--position` is.
pub(super) fn position(engine: &Engine, text: &str) -> Result<State, Refusal> {
    if text.len() > MAX_MOVE_TEXT * 10 {
        return refuse(400, "the position is too long");
    }
    crate::read_position(engine, text).or_else(|e| refuse(422, format!("bad position: {e}")))
}

/// The learned agent of a listed game (expectimax judged by the game's own
/// evaluation), searching as `depth` and `seconds` say, where the game has
/// an evaluation.
pub(super) fn learned(listed: &Listed, depth: u32, seconds: Option<f64>) -> Result<Spec, String> {
    let spec = Spec::Expectimax {
        depth,
        seconds,
        judge: Judge::Learned(None),
    };
    spec.for_game(&listed.engine, std::path::Path::new(&listed.named))
}

/// Who plays each seat: `[a, b]`, each `null` or `"human"` for a person,
/// or an agent `{"kind": "computer" | "random" | "mcts" | "expectimax" |
/// "learned", "seconds": S, "depth": D}` (a plain string for the kind
/// alone). Bounded: `computer` is the strongest agent measured for the
/// game at a person's pace ([`Spec::strongest`]), MCTS thinks at most
/// [`MAX_THINK_SECONDS`] a turn (1 unless given); expectimax and learned
/// look at most [`MAX_PAGE_DEPTH`] turns ahead, or with `seconds` deepen
/// as far as that time allows; no agent reads a file the request names.
pub(super) fn seats(listed: &Listed, v: &Value) -> Result<Vec<Option<Spec>>, Refusal> {
    let players = listed.engine.players();
    match v.as_array() {
        Some(list) if list.len() == players => {
            let seats: Vec<Option<Spec>> = list
                .iter()
                .map(|a| seat(listed, a))
                .collect::<Result<_, _>>()?;
            for spec in seats.iter().flatten() {
                if let Err(why) = spec.fits_players(players) {
                    return refuse(400, why);
                }
            }
            Ok(seats)
        }
        _ => refuse(
            400,
            format!("`agents` is a list of {players}: one per seat, in the game's player order"),
        ),
    }
}

/// One seat of [`seats`].
pub(super) fn seat(listed: &Listed, v: &Value) -> Result<Option<Spec>, Refusal> {
    let (kind, options) = match v {
        Value::Null => return Ok(None),
        Value::String(kind) => (kind.as_str(), None),
        Value::Object(o) => match o.get("kind") {
            Some(Value::String(kind)) => (kind.as_str(), Some(o)),
            _ => return refuse(400, "an agent has a `kind`"),
        },
        _ => return refuse(400, "an agent is `null`, a kind, or `{\"kind\": ...}`"),
    };
    let number = |key: &str| options.and_then(|o| o.get(key)).filter(|v| !v.is_null());
    if let Some(o) = options
        && let Some(key) = o
            .keys()
            .find(|k| !["kind", "seconds", "depth"].contains(&k.as_str()))
    {
        return refuse(400, format!("an agent has no option `{key}`"));
    }
    let timed = number("seconds").is_some();
    let depth = match number("depth") {
        // A thinking time alone deepens as far as it allows.
        None if timed => ludus::agent::MAX_DEPTH,
        None => MAX_PAGE_DEPTH,
        Some(d) => match d
            .as_u64()
            .filter(|d| (1..=u64::from(MAX_PAGE_DEPTH)).contains(d))
        {
            Some(d) => d as u32,
            None => {
                return refuse(
                    400,
                    format!("`depth` is a whole number from 1 to {MAX_PAGE_DEPTH}"),
                );
            }
        },
    };
    let seconds = match number("seconds") {
        None => 1.0,
        Some(s) => match s.as_f64().filter(|s| *s >= 0.01 && *s <= MAX_THINK_SECONDS) {
            Some(s) => s,
            None => {
                return refuse(
                    400,
                    format!("`seconds` is a thinking time from 0.01 to {MAX_THINK_SECONDS}"),
                );
            }
        },
    };
    let game = std::path::Path::new(&listed.named);
    let spec = match kind {
        "human" => return Ok(None),
        "computer" => match Spec::Computer.for_game(&listed.engine, game) {
            Ok(s) => s,
            Err(e) => return refuse(422, format!("no computer agent for this game: {e}")),
        },
        "random" => Spec::Random,
        "mcts" => Spec::Mcts {
            iterations: ludus::agent::MAX_ITERATIONS,
            exploration: ludus::agent::DEFAULT_EXPLORATION,
            seconds: Some(seconds),
            judge: Judge::Rules,
        },
        "expectimax" => Spec::Expectimax {
            depth,
            seconds: timed.then_some(seconds),
            judge: Judge::Rules,
        },
        "learned" => match learned(listed, depth, timed.then_some(seconds)) {
            Ok(s) => s,
            Err(e) => return refuse(422, format!("no learned agent for this game: {e}")),
        },
        other => {
            return refuse(
                400,
                format!("no agent `{other}`: human, computer, random, mcts, expectimax or learned"),
            );
        }
    };
    Ok(Some(spec))
}
