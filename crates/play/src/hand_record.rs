//! Records of games played in `ludus play`: the moves typed by people or
//! chosen by agents, and the dice typed or thrown, one JSON line per turn
//! as the game goes ([`Writer`]). Their header says `"typed": true`, so
//! `replay` checks that each turn was legal in the position recorded
//! before it ([`replay`]) rather than that the seed gives it, as it does
//! for the seeded random games of `playout --record`. A game may end by a
//! resignation (the result line names who resigned) or be left unfinished.

use crate::engine::{Engine, Outcome, State};
use crate::in_progress::{GameInProgress, Kept};
use crate::notation::{find_move, move_text, parse_position, position_text};
use crate::playout::{self, Record, RecordLine, Replay, outcome_text};
pub use crate::record::{Ending, Writer};
use crate::stakes::Stakes;

/// Replays a record of a game played in `ludus play`: from its start
/// ([`start_position`]), every turn line's position must be the game's
/// (with the dice the line shows, where the game is to throw), its legal
/// turns the rules', its move one of them; every cube action the stakes'
/// ([`Stakes::why_no_double`] judges a double, as `play` does); the result
/// must be the rules' (or a resignation, or `unfinished` where the game
/// goes on, also with a double waiting for its answer as the last action).
/// The error names the first line and field that differ.
pub fn replay(engine: &Engine, record: &Record) -> Result<Replay, String> {
    let st = start_position(engine, record)?;
    // The stakes the header names, if any (a game without them has no
    // cube action).
    let staked = header_stakes(engine, record)?;
    let mut game = GameInProgress::new(engine, st, record.seed, Kept::NOTHING);
    if let Some(stakes) = staked {
        game.set_stakes(stakes);
    }
    let stakes_of = |game: &GameInProgress<&Engine>| staked.map(|_| *game.stakes());
    let mut turns = Vec::new();
    let mut before = Vec::new();
    for (n, line) in &record.lines {
        let dropped = game.dropped();
        let stakes = stakes_of(&game);
        if dropped.is_some() && !matches!(line, RecordLine::Result { .. }) {
            return Err(format!(
                "line {n}: the record goes on after a double was dropped"
            ));
        }
        // A double waits for its answer: the next line answers it, or the
        // record ends there (a game saved while the double waits).
        if stakes.is_some_and(|s| s.offered.is_some())
            && !matches!(line, RecordLine::Cube { .. } | RecordLine::Result { .. })
        {
            return Err(format!(
                "line {n}: the double before it is neither taken nor dropped"
            ));
        }
        match line {
            RecordLine::Header { .. } => return Err(format!("line {n}: a second header")),
            RecordLine::Cube {
                action,
                player,
                value,
            } => {
                let Some(stakes) = stakes else {
                    return Err(format!(
                        "line {n}: a cube action, and the header gives no stakes"
                    ));
                };
                let at = format!("line {n} ({action})");
                let Some(p) = engine.game().players.iter().position(|q| q.name == *player) else {
                    return Err(format!("{at}, `player`: `{player}` is not a player"));
                };
                let ours = match action.as_str() {
                    "double" => game
                        .double(p)
                        .map_err(|e| format!("{at}: {player} may not double: {e}"))?,
                    "take" | "drop" if stakes.offered == Some(p) => {
                        return Err(format!("{at}: {player} answers his own double"));
                    }
                    "take" => game.take().map_err(|e| format!("{at}: {e}"))?,
                    "drop" => {
                        // The doubled player drops: the doubler wins.
                        let value = stakes.cube.value * 2;
                        game.drop_double().map_err(|e| format!("{at}: {e}"))?;
                        value
                    }
                    _ => {
                        return Err(format!(
                            "{at}, `action`: expected `double`, `take` or `drop`"
                        ));
                    }
                };
                if *value != ours {
                    return Err(format!(
                        "{at}, `value`: the record says {value}, but the cube would be at {ours}"
                    ));
                }
            }
            RecordLine::Turn {
                ply,
                position,
                legal,
                played,
            } => {
                let plies = game.plies();
                if *ply != plies + 1 {
                    return Err(format!(
                        "line {n}, `ply`: the record says {ply}, but this is turn {}",
                        plies + 1
                    ));
                }
                let at = format!("line {n} (turn {ply})");
                let recorded = parse_position(engine, position)
                    .map_err(|e| format!("{at}, `position`: {e}"))?;
                if game.to_throw() {
                    // The dice typed or thrown for this turn.
                    game.set_dice(recorded.dice);
                    // A turn recorded before any throw is listed as it is.
                    game.list_unthrown();
                }
                let ours = position_text(engine, game.state());
                if ours != position_text(engine, &recorded) {
                    return Err(format!(
                        "{at}, `position`: the record says\n  {position}\nbut the game is at\n  {ours}"
                    ));
                }
                if let Some(stuck) = game.stuck() {
                    return Err(format!("{at}: {}", stuck.cause));
                }
                let outcome = game.outcome();
                let moves = game.legal();
                if outcome != Outcome::Ongoing {
                    return Err(format!(
                        "{at}: the record goes on, but the game is over: {}",
                        outcome_text(engine, outcome)
                    ));
                }
                let texts: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
                if &texts != legal {
                    return Err(format!(
                        "{at}, `legal`: the record lists the legal moves\n  {}\nbut the rules give\n  {}",
                        legal.join(", "),
                        texts.join(", ")
                    ));
                }
                let m = find_move(engine, game.state(), moves, played)
                    .map_err(|e| format!("{at}, `played`: `{played}` is illegal: {e}"))?;
                before.push(game.state().clone());
                game.play(&m, true);
                turns.push((move_text(engine, &m), game.state().clone()));
            }
            RecordLine::Result {
                result,
                winner,
                plies: recorded_plies,
                position,
                resigned,
                dropped: dropped_by,
                points,
            } => {
                let plies = game.plies();
                if *recorded_plies != plies {
                    return Err(format!(
                        "line {n}, `plies`: the record says {recorded_plies}, but {plies} turns were played"
                    ));
                }
                // A double waiting for its answer, the game saved before
                // it is answered: unfinished, the dice not yet thrown.
                let pending = stakes.and_then(|s| s.offered);
                if let Some(doubler) = pending
                    && (result != "unfinished" || resigned.is_some())
                {
                    return Err(format!(
                        "line {n}, `result`: {}'s double waits for its answer, so the game is unfinished",
                        engine.game().players[doubler].name
                    ));
                }
                // A game saved after its dice were thrown.
                if let Ok(recorded) = parse_position(engine, position)
                    && game.to_throw()
                    && pending.is_none()
                {
                    game.set_dice(recorded.dice);
                }
                let ours = position_text(engine, game.state());
                let same = parse_position(engine, position)
                    .is_ok_and(|p| position_text(engine, &p) == ours);
                if *position != ours && !same {
                    return Err(format!(
                        "line {n}, `position`: the record says `{position}`, but the game is at `{ours}`"
                    ));
                }
                // The rules' outcome: before the throw, the end rules alone.
                if let Some(stuck) = game.stuck() {
                    return Err(format!("line {n}: {}", stuck.cause));
                }
                let ruled = game.outcome();
                let player = |field: &str, name: &str| {
                    engine
                        .game()
                        .players
                        .iter()
                        .position(|p| p.name == *name)
                        .ok_or_else(|| {
                            format!("line {n}, `{field}`: `{name}` is not a player of this game")
                        })
                };
                let said = dropped_by
                    .as_deref()
                    .map(|name| player("dropped", name))
                    .transpose()?;
                if said != dropped {
                    let name = |p: Option<usize>| {
                        p.map_or("nobody".to_string(), |p| {
                            engine.game().players[p].name.clone()
                        })
                    };
                    return Err(format!(
                        "line {n}, `dropped`: the record says {}, but {} dropped a double",
                        name(said),
                        name(dropped)
                    ));
                }
                let outcome = match resigned {
                    _ if dropped.is_some() => {
                        let winner = 1 - dropped.unwrap_or(0);
                        let outcome = Outcome::Decisive { winner, points: 1 };
                        if *result != outcome_text(engine, outcome) {
                            return Err(format!(
                                "line {n}, `result`: the record says `{result}`, but the drop gives `{}`",
                                outcome_text(engine, outcome)
                            ));
                        }
                        outcome
                    }
                    Some(name) => {
                        let Some(p) = engine.game().players.iter().position(|p| p.name == *name)
                        else {
                            return Err(format!(
                                "line {n}, `resigned`: `{name}` is not a player of this game"
                            ));
                        };
                        if ruled != Outcome::Ongoing {
                            return Err(format!(
                                "line {n}: `{name}` resigned a game already over: {}",
                                outcome_text(engine, ruled)
                            ));
                        }
                        let winner = 1 - p;
                        (1..=crate::ir::MAX_RESULT_POINTS as u8)
                            .map(|points| Outcome::Decisive { winner, points })
                            .find(|o| outcome_text(engine, *o) == *result)
                            .ok_or_else(|| {
                                format!(
                                    "line {n}, `result`: `{result}` is not a win of {}, who did not resign",
                                    engine.game().players[winner].name
                                )
                            })?
                    }
                    None if result == "unfinished" && ruled == Outcome::Ongoing => ruled,
                    None => {
                        let text = outcome_text(engine, ruled);
                        if *result != text {
                            return Err(format!(
                                "line {n}, `result`: the record says `{result}`, but the rules give `{text}`"
                            ));
                        }
                        ruled
                    }
                };
                let our_winner = match outcome {
                    Outcome::Decisive { winner, .. } => {
                        Some(engine.game().players[winner].name.clone())
                    }
                    _ => None,
                };
                if *winner != our_winner {
                    return Err(format!(
                        "line {n}, `winner`: the record says `{}`, but it is `{}`",
                        winner.as_deref().unwrap_or("none"),
                        our_winner.as_deref().unwrap_or("none")
                    ));
                }
                if let Some(points) = points {
                    let ours = match (outcome, stakes) {
                        (Outcome::Decisive { points, .. }, Some(s)) if dropped.is_none() => {
                            s.scored(u32::from(points))
                        }
                        (Outcome::Decisive { .. }, Some(s)) => s.cube.value,
                        (Outcome::Decisive { points, .. }, None) => u32::from(points),
                        _ => 0,
                    };
                    if *points != ours {
                        return Err(format!(
                            "line {n}, `points`: the record says {points}, but the game scores {ours}"
                        ));
                    }
                }
                return Ok(Replay {
                    turns,
                    before,
                    outcome,
                    stakes,
                    dropped,
                    last: game.state().clone(),
                });
            }
        }
    }
    Err("the record has no result line".into())
}

/// The position a record's game starts from: its header's `start`, else
/// the setup; then the opening throw its header names (who starts, and the
/// dice he plays where the throw gives them). A record of a game with an
/// opening throw that does not name it takes who starts from the first
/// position it shows.
pub fn start_position(engine: &Engine, record: &Record) -> Result<State, String> {
    let mut st = match &record.start {
        Some(text) => parse_position(engine, text).map_err(|e| format!("header, `start`: {e}"))?,
        None => engine.start(),
    };
    if let Some(text) = &record.opening {
        if st != engine.start() {
            return Err(format!(
                "header, `opening`: `{text}` begins a game from its setup, and `start` is another position"
            ));
        }
        playout::read_opening(engine, &mut st, text)
            .map_err(|e| format!("header, `opening`: {e}"))?;
    } else if record.start.is_none() && engine.game().dice.is_some_and(|d| d.opening.is_some()) {
        let first = record.lines.iter().find_map(|(_, line)| match line {
            RecordLine::Turn { position, .. } | RecordLine::Result { position, .. } => {
                Some(position)
            }
            _ => None,
        });
        if let Some(Ok(shown)) = first.map(|p| parse_position(engine, p)) {
            st.to_move = shown.to_move;
            engine.sync_occupied(&mut st);
        }
    }
    Ok(st)
}

/// The cube and score a record's header names in its `stakes` field, if
/// it has one.
pub fn header_stakes(engine: &Engine, record: &Record) -> Result<Option<Stakes>, String> {
    record
        .stakes
        .as_deref()
        .map(|text| Stakes::from_header(engine, text))
        .transpose()
}
