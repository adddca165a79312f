//! The JSON API of `ludus serve`: each request a method and a path under
//! `/api/`, a JSON body, and an answer (JSON, or a record's text) or a
//! refusal with a status and a message. Every move, roll, position and
//! record goes through the REPL's session or the library's replay, which
//! check them as `ludus play` and `ludus replay` do.
//!
//! | request | what it does |
//! |---|---|
//! | `GET /api/games` | the games listed |
//! | `POST /api/new` | a new game: `{game, seed?, agents?, position?, match?}` |
//! | `GET /api/game/ID` | its state |
//! | `POST /api/game/ID/move` | `{move, whole?}`: a turn, or die moves of it |
//! | `POST /api/game/ID/roll` | `{dice?}`: the dice thrown (or as typed) |
//! | `POST /api/game/ID/double`, `/take`, `/drop` | the cube, as the REPL's commands |
//! | `POST /api/game/ID/next` | the next game of a match (or of money play) |
//! | `POST /api/game/ID/agent` | the turn (or the answer to a double) of the seat's agent |
//! | `POST /api/game/ID/agents` | `{agents}`: who plays each seat |
//! | `POST /api/game/ID/undo`, `/hint`, `/resign` | as the REPL's commands |
//! | `POST /api/game/ID/forget` | the game dropped |
//! | `GET /api/game/ID/record` | the record, as `play` saves it |
//! | `POST /api/replay` | `{text, game?}`: a record or PDN, every position |
//! | `POST /api/load` | `{text, agents?}`: a record continued |

use super::body::{
    MAX_MOVE_TEXT, Refusal, game_id, learned, object, position, refuse, seats, short_text,
    text_field,
};
use super::games::{Game, Listed, Played, Served, lock};
use crate::Agent;
use crate::cli::replay::Frame;
use ludus::agent::Spec;
use ludus::notation::{dice_text, position_text};
use ludus::stakes::{MAX_MATCH, Stakes};
use serde_json::{Value, json};

/// An answer of the API.
pub(super) enum Answer {
    /// A JSON document.
    Json(Value),
    /// A record's text, saved by the browser as `name`.
    Record {
        /// The text.
        text: String,
        /// The file name offered.
        name: String,
    },
}

/// The API's state: the games listed and those being played. Shared by
/// every request's thread: each game has a lock of its own, held while a
/// request reads or changes it, never while an agent searches.
pub(super) struct Api<'e> {
    listed: &'e [Listed],
    played: Played<'e>,
}

impl<'e> Api<'e> {
    /// No game played yet.
    pub(super) fn new(listed: &'e [Listed]) -> Self {
        Api {
            listed,
            played: Played::new(),
        }
    }

    /// Answers `method` on `path` (which starts with `/api/`) with the JSON
    /// `body` (empty: `{}`).
    pub(super) fn route(&self, method: &str, path: &str, body: &[u8]) -> Result<Answer, Refusal> {
        let parts: Vec<&str> = path
            .trim_start_matches("/api/")
            .split('/')
            .filter(|p| !p.is_empty())
            .collect();
        let post = method == "POST";
        let get = method == "GET";
        match parts[..] {
            ["games"] if get => Ok(Answer::Json(self.games())),
            ["new"] if post => self.new_game(&object(body)?).map(Answer::Json),
            ["replay"] if post => self.replay(&object(body)?).map(Answer::Json),
            ["load"] if post => self.load(&object(body)?).map(Answer::Json),
            ["game", id] if get => {
                let id = game_id(id)?;
                let game = self.game(id)?;
                let served = lock(&game);
                Ok(Answer::Json(self.state(id, &served, String::new())))
            }
            ["game", id, "record"] if get => self.record(game_id(id)?),
            ["game", id, action] if post => {
                let id = game_id(id)?;
                let body = object(body)?;
                self.act(id, action, &body).map(Answer::Json)
            }
            ["games" | "new" | "replay" | "load"] | ["game", _] | ["game", _, _] => refuse(
                405,
                format!("`{method} {path}`: this request takes another method"),
            ),
            _ => refuse(404, format!("no such request: `{method} {path}`")),
        }
    }

    /// Forgets the game a request's `path` names, if any (after a fault).
    pub(super) fn forget_path(&self, path: &str) {
        let mut parts = path.trim_start_matches("/api/").split('/');
        if parts.next() == Some("game")
            && let Some(Ok(id)) = parts.next().map(str::parse::<u64>)
        {
            self.played.remove(id);
        }
    }

    /// The games listed: their index, label, name, players and whether
    /// they have dice and a learned evaluation.
    fn games(&self) -> Value {
        let games: Vec<Value> = self
            .listed
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let game = g.engine.game();
                json!({
                    "index": i,
                    "label": g.label,
                    "name": game.name,
                    "players": game.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
                    "dice": g.engine.has_dice(),
                    "cube": game.stakes.is_some(),
                    "crawford": game.stakes.is_some_and(|s| s.crawford),
                    "learned": learned(g, 1, None).is_ok(),
                })
            })
            .collect();
        json!({ "games": games })
    }

    /// The game a request names: its index among the listed, or its label
    /// or name.
    fn listed_game(&self, v: Option<&Value>) -> Result<usize, Refusal> {
        let found = match v {
            Some(Value::Number(n)) => n
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .filter(|&n| n < self.listed.len()),
            Some(Value::String(s)) => self
                .listed
                .iter()
                .position(|g| g.label == *s || g.engine.game().name == *s),
            None => return refuse(400, "`game` is missing: give a game's index or name"),
            Some(_) => return refuse(400, "`game` is a game's index or name"),
        };
        match found {
            Some(i) => Ok(i),
            None => refuse(
                404,
                format!(
                    "no game {} is served here",
                    v.map_or_else(String::new, Value::to_string)
                ),
            ),
        }
    }

    /// `POST /api/new`.
    fn new_game(&self, body: &Value) -> Result<Value, Refusal> {
        let game = self.listed_game(body.get("game"))?;
        let listed = &self.listed[game];
        let agents = match body.get("agents") {
            None | Some(Value::Null) => vec![None; listed.engine.players()],
            Some(v) => seats(listed, v)?,
        };
        let seed = match body.get("seed") {
            None | Some(Value::Null) => crate::cli::seed::fresh_seed(),
            Some(v) => match v.as_u64() {
                Some(s) => s,
                None => return refuse(400, "`seed` is a whole number from 0 to 2^64 - 1"),
            },
        };
        let length = match body.get("match") {
            None | Some(Value::Null) => None,
            Some(v) => match v.as_u64().filter(|&n| n <= u64::from(MAX_MATCH)) {
                Some(n) => Some(n as u32),
                None => {
                    return refuse(
                        400,
                        format!(
                            "`match` is the points a match is played to, 0 (money play) to {MAX_MATCH}"
                        ),
                    );
                }
            },
        };
        if length.is_some_and(|n| n > 0) && listed.engine.players() > 2 {
            return refuse(400, "a match to points is for games of two players");
        }
        let text = match body.get("position") {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) if text.trim().is_empty() => None,
            Some(Value::String(text)) if text.len() > MAX_MOVE_TEXT * 10 => {
                return refuse(400, "the position is too long");
            }
            Some(Value::String(text)) => Some(text.as_str()),
            Some(_) => return refuse(400, "`position` is a position's text"),
        };
        // The cube and score fields of the position (or a GNU Backgammon
        // ID's), read as `play --position` reads them.
        let (stakes, text) = crate::staked_position(&listed.engine, text, length)
            .or_else(|e| refuse(422, format!("bad position: {e}")))?;
        if let Some(n) = length
            && stakes.score.length != n
        {
            return refuse(
                422,
                format!(
                    "`match` is {n}, and the position's `match: {}` disagrees",
                    stakes.score.length
                ),
            );
        }
        let st = match text {
            None => listed.engine.start(),
            Some(text) => position(&listed.engine, &text)?,
        };
        let mut session = listed.session(st, seed, stakes);
        let log = session.start();
        let (id, served) = self.played.insert(Served::new(game, session, agents));
        let served = lock(&served);
        Ok(self.state(id, &served, log))
    }

    /// `POST /api/load`: a record of a listed game continued, its turns
    /// kept to take back.
    fn load(&self, body: &Value) -> Result<Value, Refusal> {
        let text = text_field(body, "text")?;
        let game = self.record_game(text)?;
        let listed = &self.listed[game];
        let agents = match body.get("agents") {
            None | Some(Value::Null) => vec![None; listed.engine.players()],
            Some(v) => seats(listed, v)?,
        };
        let stakes = Stakes::new(&listed.engine, 0);
        let mut session = listed.session(
            listed.engine.start(),
            crate::cli::seed::fresh_seed(),
            stakes,
        );
        let turns = match session.load_text(text) {
            Ok(n) => n,
            Err(e) => return refuse(422, format!("cannot load the record: {e}")),
        };
        let mut log = format!("loaded {turns} turns\n");
        session.go_on_loaded(&mut log);
        let (id, served) = self.played.insert(Served::new(game, session, agents));
        let served = lock(&served);
        Ok(self.state(id, &served, log))
    }

    /// The listed game a record is of: the one whose text it was played
    /// with (its SHA-256), else one of the same name.
    fn record_game(&self, text: &str) -> Result<usize, Refusal> {
        let records = match ludus::playout::parse_records(text) {
            Ok(r) => r,
            Err(e) => return refuse(422, format!("not a record: {e}")),
        };
        let record = &records[0];
        let by_hash = self
            .listed
            .iter()
            .position(|g| ludus::playout::text_hash(&g.text) == record.sha256);
        match by_hash {
            Some(i) => Ok(i),
            None => refuse(
                422,
                format!(
                    "the record is of `{}` ({}), and no game served here has that text",
                    record.variant, record.game
                ),
            ),
        }
    }

    /// `POST /api/replay`: a record (JSON lines) or a PDN game (of the game
    /// `game`, or of the one its `GameFile` tag names), played again and
    /// checked; every position, to step through.
    fn replay(&self, body: &Value) -> Result<Value, Refusal> {
        let text = text_field(body, "text")?;
        let (game, frames) = if text.trim_start().starts_with('{') {
            self.record_frames(text)?
        } else {
            self.pdn_frames(text, body.get("game"))?
        };
        let engine = &self.listed[game].engine;
        let frames: Vec<Value> = frames
            .into_iter()
            .map(|f| {
                json!({
                    "caption": f.caption,
                    "position": position_text(engine, &f.position),
                    "svg": f.svg,
                })
            })
            .collect();
        Ok(json!({ "game": game, "frames": frames }))
    }

    /// A record's game and positions, as `replay --html` shows them; the
    /// last captioned with the result.
    fn record_frames(&self, text: &str) -> Result<(usize, Vec<Frame>), Refusal> {
        let game = self.record_game(text)?;
        let engine = &self.listed[game].engine;
        let records = ludus::playout::parse_records(text)
            .or_else(|e| refuse(422, format!("not a record: {e}")))?;
        // An older record's positions, naming the board's sites, read so.
        let records = records
            .iter()
            .map(|r| r.numbered_as_moves(engine))
            .collect::<Result<Vec<_>, _>>()
            .or_else(|e| refuse(422, format!("the record does not replay: {e}")))?;
        let mut replays = Vec::new();
        for record in &records {
            let replay = ludus::replay::replay(engine, record)
                .or_else(|e| refuse(422, format!("the record does not replay: {e}")))?;
            replays.push(replay);
        }
        let mut frames = crate::cli::replay::frames(engine, &records, &replays);
        if let (Some(last), Some(replay)) = (frames.last_mut(), replays.last()) {
            let outcome = ludus::playout::outcome_text(engine, replay.outcome);
            last.caption.push_str(&format!(" ({outcome})"));
        }
        Ok((game, frames))
    }

    /// A PDN game's game (`game`, else the one its `GameFile` tag names)
    /// and positions, each move marked; the last captioned with the
    /// result.
    fn pdn_frames(&self, text: &str, game: Option<&Value>) -> Result<(usize, Vec<Frame>), Refusal> {
        let parsed = ludus::pdn::parse_pdn(text)
            .or_else(|e| refuse(422, format!("neither a record nor a PDN game: {e}")))?;
        let game = match game {
            Some(v) if !v.is_null() => self.listed_game(Some(v))?,
            _ => {
                let tag = parsed.tag("GameFile").unwrap_or_default();
                let stem = |p: &str| {
                    let stem = std::path::Path::new(p).file_stem();
                    stem.and_then(|s| s.to_str()).map(str::to_string)
                };
                let found = self
                    .listed
                    .iter()
                    .position(|g| !tag.is_empty() && stem(&g.label) == stem(tag));
                match found {
                    Some(i) => i,
                    None => {
                        return refuse(
                            422,
                            "the PDN game names no game served here (its `GameFile` tag): choose the game",
                        );
                    }
                }
            }
        };
        let engine = &self.listed[game].engine;
        let replay = ludus::pdn::replay_pdn(engine, &parsed)
            .or_else(|e| refuse(422, format!("the PDN game does not replay: {e}")))?;
        let mut frames = vec![Frame {
            caption: "the start".into(),
            svg: ludus::svg::svg(engine, &replay.start, None),
            position: replay.start.clone(),
        }];
        let mut before = replay.start.clone();
        let mut moves = Vec::new();
        for (k, (played, st)) in replay.turns.iter().enumerate() {
            let _ = engine.try_legal_moves(&mut before, &mut moves);
            let m = ludus::notation::find_move(engine, &before, &moves, played).ok();
            let mover = &engine.game().players[before.to_move as usize].name;
            let mut caption = format!("{}. {mover}: {played}", k + 1);
            if k + 1 == replay.turns.len() {
                caption.push_str(&format!(" ({})", replay.stated.text()));
            }
            frames.push(Frame {
                caption,
                svg: ludus::svg::svg(engine, st, m.as_ref()),
                position: st.clone(),
            });
            before = st.clone();
        }
        Ok((game, frames))
    }

    /// The game `id`, or a refusal naming it.
    fn game(&self, id: u64) -> Result<Game<'e>, Refusal> {
        match self.played.get(id) {
            Some(g) => Ok(g),
            None => refuse(
                404,
                format!(
                    "no game {id} is being played here (it ended with the server, or was dropped for newer ones)"
                ),
            ),
        }
    }

    /// `GET /api/game/ID/record`: the record `ludus replay` reads.
    fn record(&self, id: u64) -> Result<Answer, Refusal> {
        let game = self.game(id)?;
        let served = lock(&game);
        let named = &self.listed[served.game].named;
        match served.session.record_named(named) {
            Some(text) => Ok(Answer::Record {
                text,
                name: format!(
                    "{}-{id}.jsonl",
                    file_name(&served.session.engine().game().name)
                ),
            }),
            None => refuse(409, "this game keeps no record"),
        }
    }

    /// `POST /api/game/ID/ACTION`.
    fn act(&self, id: u64, action: &str, body: &Value) -> Result<Value, Refusal> {
        let game = self.game(id)?;
        match action {
            "agent" => return self.agent(id, &game),
            "hint" => return self.hint(id, &game),
            "forget" => {
                self.played.remove(id);
                return Ok(json!({ "forgotten": id }));
            }
            _ => {}
        }
        let mut served = lock(&game);
        let served = &mut *served;
        let session = &mut served.session;
        let mut out = String::new();
        let over = session.result().is_some();
        let seat = session.to_move();
        let person = served.agents[seat].is_none();
        // While a double waits for its answer, only the answer (and what
        // changes nothing of the game) is taken, as in the REPL.
        if ["move", "roll", "undo", "resign", "double"].contains(&action)
            && let Some(why) = session.awaiting_answer(action)
        {
            return refuse(409, why);
        }
        match action {
            "move" => {
                let text = short_text(body, "move")?;
                let whole = match body.get("whole") {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(b)) => *b,
                    Some(_) => return refuse(400, "`whole` is true or false"),
                };
                if over {
                    return refuse(409, "the game is over");
                }
                if !person {
                    return refuse(409, "it is the agent's turn: ask for it (`agent`)");
                }
                let played = if whole {
                    session.whole_turn(text, &mut out)
                } else {
                    session.typed_move(text, &mut out)
                };
                if let Err(e) = played {
                    return refuse(422, e);
                }
            }
            "double" => {
                if over {
                    return refuse(409, "the game is over");
                }
                if !person {
                    return refuse(409, "it is the agent's turn: it decides its own doubles");
                }
                if let Err(e) = session.double(&mut out) {
                    return refuse(409, e);
                }
            }
            "take" | "drop" => {
                let Some(doubler) = session.stakes().offered else {
                    return refuse(409, "no double is offered");
                };
                if served.agents[1 - doubler].is_some() {
                    return refuse(
                        409,
                        "the player doubled is an agent: ask for its answer (`agent`)",
                    );
                }
                if let Err(e) = session.answer(action == "take", &mut out) {
                    return refuse(409, e);
                }
            }
            "next" => {
                if let Err(e) = session.next_of_match(&mut out) {
                    return refuse(409, e);
                }
            }
            "roll" => {
                if over {
                    return refuse(409, "the game is over");
                }
                if !person {
                    return refuse(409, "it is the agent's turn: ask for it (`agent`)");
                }
                if !session.waits_for_roll() {
                    return refuse(409, "there are no dice to throw now");
                }
                let typed = match body.get("dice") {
                    None | Some(Value::Null) => None,
                    Some(_) => Some(short_text(body, "dice")?),
                };
                let turns = session.played().len();
                session.throw(typed, &mut out);
                // Refused unless thrown: the dice wait to be played, or a
                // turn was (a forced one, a pass), and the next player's
                // wait to be thrown.
                if session.waits_for_roll() && session.played().len() == turns {
                    return refuse(422, out.trim_end().to_string());
                }
            }
            "agents" => {
                let agents = match body.get("agents") {
                    Some(v) => seats(&self.listed[served.game], v)?,
                    None => return refuse(400, "`agents` is missing"),
                };
                served.agents = agents;
            }
            "undo" => {
                let before = (session.played().len(), session.typed_so_far().len());
                session.undo(&mut out);
                if (session.played().len(), session.typed_so_far().len()) == before {
                    return refuse(409, out.trim_end().to_string());
                }
            }
            "resign" => {
                let points = match body.get("points") {
                    None | Some(Value::Null) => 1,
                    Some(Value::Number(n)) => match n.as_u64().filter(|n| (1..=64).contains(n)) {
                        Some(n) => n,
                        None => return refuse(400, "`points` is a whole number from 1 to 64"),
                    },
                    Some(_) => return refuse(400, "`points` is a whole number from 1 to 64"),
                };
                if over {
                    return refuse(409, "the game is over");
                }
                session.resign(&points.to_string(), &mut out);
            }
            _ => {
                return refuse(
                    404,
                    format!("no such request: `POST /api/game/{id}/{action}`"),
                );
            }
        }
        // A refused request changed nothing; this one did.
        served.version += 1;
        Ok(self.state(id, served, out))
    }

    /// `POST /api/game/ID/agent`: the turn of the agent of the seat to
    /// move, played by the session as the REPL plays it, the game unlocked
    /// while the agent searches. Refused (409) if a search of the game is
    /// under way, or if the game changed while the agent thought (its
    /// choice is then not played).
    fn agent(&self, id: u64, game: &Game<'e>) -> Result<Value, Refusal> {
        let mut served = lock(game);
        // The seat that acts: the one doubled, while a double waits.
        let seat = served.session.acting();
        let Some(spec) = served.agents[seat].clone() else {
            return refuse(409, "a person plays this side: play a move");
        };
        if served.session.result().is_some() {
            return refuse(409, "the game is over");
        }
        if served.searching {
            return refuse(409, "the agent is thinking (or a hint is): wait for it");
        }
        let agent = Agent::Machine(spec);
        let mut out = String::new();
        // A turn may need more than one search: an extra turn earned.
        while let Some(search) = served.session.agent_search(seat, &agent, &mut out) {
            served.version += 1;
            let version = served.version;
            served.searching = true;
            drop(served);
            let thought = search.think();
            served = lock(game);
            served.searching = false;
            self.unchanged(id, game, &served, version, "the agent thought")?;
            if let Err(e) = served.session.agent_chose(thought, &mut out) {
                return refuse(409, e);
            }
        }
        served.version += 1;
        Ok(self.state(id, &served, out))
    }

    /// `POST /api/game/ID/hint`: the REPL's `hint`, the game unlocked
    /// while the agent searches.
    fn hint(&self, id: u64, game: &Game<'e>) -> Result<Value, Refusal> {
        let mut served = lock(game);
        if served.session.result().is_some() {
            return refuse(409, "the game is over");
        }
        if served.searching {
            return refuse(409, "the agent is thinking (or a hint is): wait for it");
        }
        let mut out = String::new();
        // A cube decision's advice, a command the page makes a button of;
        // else the turns the agent names, each a button that plays it.
        let mut plays = Vec::new();
        let mut advice = None;
        if let Some(command) = served.session.cube_hint(&mut out) {
            advice = Some(command);
        } else if let Some(hinting) = served.session.hinting("", &mut out) {
            let version = served.version;
            served.searching = true;
            drop(served);
            let (said, named) = hinting.think_listed();
            served = lock(game);
            served.searching = false;
            self.unchanged(id, game, &served, version, "the hint was thought")?;
            out.push_str(&said);
            plays = named;
        }
        let mut state = self.state(id, &served, out);
        state["hint"] = json!({ "plays": plays, "cube": advice });
        Ok(state)
    }

    /// Refuses (409) to go on with a search's result if the game `id` was
    /// dropped or changed (its `version` moved on) while `what`.
    fn unchanged(
        &self,
        id: u64,
        game: &Game<'e>,
        served: &Served<'e>,
        version: u64,
        what: &str,
    ) -> Result<(), Refusal> {
        if !self.played.keeps(id, game) {
            return refuse(409, format!("the game was dropped while {what}"));
        }
        if served.version != version {
            return refuse(409, format!("the game changed while {what}"));
        }
        Ok(())
    }

    /// What the page shows of the game `id`, and `log`, what the last
    /// request did (as the REPL says it).
    fn state(&self, id: u64, served: &Served<'e>, log: String) -> Value {
        let listed = self.listed;
        let s = &served.session;
        let engine = s.engine();
        let game = engine.game();
        let parts: Vec<Value> = s
            .next_parts()
            .into_iter()
            .map(|p| {
                json!({ "text": p.text, "sites": p.sites, "removes": p.removes, "shoots": p.shoots, "chosen": p.chosen })
            })
            .collect();
        let result = s.result();
        let acting = s.acting();
        json!({
            "id": id,
            "game": served.game,
            "label": listed[served.game].label,
            "name": game.name,
            "players": game.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
            "colours": (0..game.players.len()).map(|p| ludus::svg::colours(engine, p)).collect::<Vec<_>>(),
            "agents": served.agents.iter().map(|a| a.as_ref().map(Spec::to_string)).collect::<Vec<_>>(),
            "to_move": s.to_move(),
            "position": position_text(engine, s.position()),
            "svg": ludus::svg::svg_seen_by(engine, &s.shown(), s.last_move().as_ref(), viewer(&served.agents)),
            "dice_game": engine.has_dice(),
            "dice": dice_text(s.position()),
            "needs_roll": s.waits_for_roll(),
            "typed": s.typed_so_far(),
            "left": s.left_to_play(),
            "whole_turns": s.typed_whole(),
            "parts": parts,
            "sites": game.board.sites.iter().map(|site| site.name.clone()).collect::<Vec<_>>(),
            "dice_shown": s.dice().iter().map(|d| json!({ "value": d.value, "used": d.used })).collect::<Vec<_>>(),
            "binary_dice": binary_dice(game),
            "choosing": s.choosing(),
            "example": s.example_move(),
            "example_roll": s.roll_example(),
            "played": s.played(),
            "movers": s.movers(),
            "rolls": s.rolls(),
            "pips": s.pips(),
            "acting": acting,
            "stakes": stakes_json(s, served.agents[acting].is_none()),
            "next_game": s.next_game_due(),
            "over": result.is_some(),
            "result": result,
            "log": log,
        })
    }
}

/// The cube and the score as the page shows them: the cube (null in a
/// game without one) with its value, owner, highest value and the double
/// waiting for its answer; whether the player to move may double now
/// (a person, judged by `Stakes::why_no_double`) and why not; the match
/// (`length` 0: money play) and its score; the games finished.
fn stakes_json(s: &crate::cli::repl::Session, person: bool) -> Value {
    let stakes = s.stakes();
    let mover = s.to_move();
    let why_not = s.why_no_double(mover);
    let cube = stakes.rules.map(|rules| {
        json!({
            "value": stakes.cube.value,
            "owner": stakes.cube.owner,
            "max": rules.cube_max,
            "offered": stakes.offered,
            "may_double": person && why_not.is_none(),
            "why_not": why_not,
        })
    });
    let score = &stakes.score;
    let finished: Vec<Value> = s
        .results()
        .iter()
        .map(|r| {
            json!({
                "winner": r.winner,
                "points": r.points,
                "cube": r.cube,
                "dropped": r.dropped,
                "resigned": r.resigned,
            })
        })
        .collect();
    json!({
        "cube": cube,
        "match": score.length,
        "score": score.points,
        "crawford": score.crawford,
        "crawford_rule": stakes.rules.is_some_and(|r| r.crawford),
        "crawford_done": score.crawford_done,
        "games": score.games,
        "winner": score.winner(),
        "summary": stakes.summary(s.engine()),
        "finished": finished,
        "resign": resign_levels(s.engine()),
    })
}

/// How many dice a throw of summed two-valued dice throws (faces of 0
/// and 1 only, as four tetrahedral dice with a marked tip): their total
/// says how many show 1, so the page draws each; `None` for other dice,
/// drawn as the numbers played.
fn binary_dice(game: &ludus::ir::Game) -> Option<u8> {
    let dice = game.dice.as_ref().filter(|d| d.summed && d.count > 1)?;
    let values = dice.values?;
    values[..usize::from(dice.faces)]
        .iter()
        .all(|&v| v <= 1)
        .then_some(dice.count)
}

/// What a player may concede: each number of points a win scores
/// ([`ludus::engine::Engine::win_points`]), a single game first, each
/// greater one named by the first end rule that scores it (`gammon` 2,
/// `backgammon` 3).
fn resign_levels(engine: &ludus::engine::Engine) -> Value {
    let name = |points: u8| {
        (engine.game().end.iter())
            .find_map(|rule| match rule {
                ludus::ir::EndRule::When {
                    name, points: p, ..
                } if *p == points => Some(name.as_str()),
                _ => None,
            })
            .unwrap_or("single")
    };
    (engine.win_points().into_iter())
        .map(|points| {
            let name = if points == 1 { "single" } else { name(points) };
            json!({"points": points, "name": name})
        })
        .collect()
}

/// `name` as a file name: letters and digits kept (lower case), runs of
/// anything else one `-`.
fn file_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "game".into()
    } else {
        out.to_string()
    }
}

/// Whose side a tables board's points are labelled from on the page: the
/// one person playing where the other seat is an agent, as in `ludus
/// play`; else the player to move's (`None`).
fn viewer(agents: &[Option<Spec>]) -> Option<usize> {
    let people: Vec<usize> = (0..agents.len()).filter(|&p| agents[p].is_none()).collect();
    match people.as_slice() {
        [one] if agents.len() == 2 => Some(*one),
        _ => None,
    }
}
