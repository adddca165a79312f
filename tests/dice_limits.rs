//! The dice-turn search on rolls far larger than the bundled games': it
//! stays within its stated limits (`MAX_TURNS`, `MAX_SEARCH`, and a game's
//! `MAX_WORK`), refuses a roll past them with a message on every path, and finds a typed turn by
//! walking its die moves, never by listing every route.

use crate::common;

use common::{Input, ludus, ludus_in, root, temp_dir};
use ludus::engine::{Engine, MAX_TURNS, MAX_WORK, TooManyTurns};
use ludus::notation::{find_move, move_text, parse_dice, parse_position};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A race on `points` points with `dice` dice played twice on doubles,
/// White's men set up as `white`.
fn race(points: u32, dice: u32, white: &str) -> String {
    format!(
        "game \"race\"
board {{
  points 1..{points}
  zone off
}}
player white
player black
track {{
  white: 1..{points}, off
  black: {points}..1, off
}}
piece man {{
  marks o x
  advance by die
}}
setup {{
  white man: {white}
  black man: {points} * 5
}}
dice {{
  count {dice}
  faces 6
  doubles twice
}}
rules {{
  overshoot from rearmost
}}
end {{
  no move in 10 turns: draw
}}
"
    )
}

/// Writes `text` as `name` in a fresh directory for `test`.
fn write_game(test: &str, name: &str, text: &str) -> PathBuf {
    let path = temp_dir("dice_limits", test).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_track_of_one_point_does_not_panic() {
    let text = "game \"one point\"
board {
  points 1..1
}
player white
player black
track {
  white: 1
  black: 1
}
piece man {
  marks o x
  advance by die
}
setup {
  white man: 1 * 1
}
dice {
  count 1
  faces 2
}
rules {
  vulnerable runs longer than 1
}
end {
  no move in 3 turns: draw
}
";
    let path = write_game("one_point", "one-point.game", text);
    let file = path.to_str().unwrap();
    for dice in ["1", "2"] {
        let run = ludus(&["moves", file, "--dice", dice]);
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (0, "pass\n"),
            "{}",
            run.stderr
        );
    }
    let run = ludus(&["playout", file, "--seed", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("draw"), "{}", run.stdout);
}

/// Fifty stacks of five men on sixty points, four dice: every roll has
/// more than [`MAX_TURNS`] turns.
fn too_wide() -> String {
    race(60, 4, "1..50 * 5")
}

#[test]
fn a_roll_with_too_many_turns_is_refused_by_every_command() {
    let path = write_game("every_command", "wide.game", &too_wide());
    let file = path.to_str().unwrap();
    let limit = MAX_TURNS.to_string();
    let runs: [&[&str]; 6] = [
        &["moves", file, "--dice", "1-2-3-5"],
        &["perft", file, "--depth", "1", "--dice", "1-2-3-5"],
        &["playout", file, "--seed", "1"],
        &["simulate", file, "--games", "2"],
        &["bench", file, "--seconds", "0.1"],
        &["play", file],
    ];
    for args in runs {
        let began = Instant::now();
        let run = ludus_in(root(), args, Input::Text("roll\n"));
        let stderr = run.stderr;
        assert_eq!(run.code, 1, "{args:?}: {stderr}");
        assert!(stderr.contains(&limit), "{args:?}: {stderr}");
        assert!(
            stderr.contains("the most the engine lists"),
            "{args:?}: {stderr}"
        );
        assert!(began.elapsed() < Duration::from_secs(20), "{args:?}");
    }
}

/// When games fail on several threads, the error names the game of lowest
/// seed, as a run on one thread would.
#[test]
fn simulate_names_the_first_failed_game_on_any_number_of_threads() {
    let path = write_game("first_failed", "wide.game", &too_wide());
    let file = path.to_str().unwrap();
    for threads in ["1", "2", "3"] {
        let run = ludus(&[
            "simulate",
            file,
            "--games",
            "300",
            "--seed",
            "40",
            "--threads",
            threads,
        ]);
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(
            run.stderr.contains("the game with seed 40 stopped"),
            "--threads {threads}: {}",
            run.stderr
        );
    }
}

#[test]
fn a_roll_past_the_limit_is_refused_by_the_library() {
    let engine = engine_of("library_limit", &too_wide());
    let mut st = engine.start();
    st.dice = parse_dice(&engine, "1-1-1-1").unwrap();
    let mut moves = Vec::new();
    assert_eq!(
        engine.try_legal_moves(&mut st, &mut moves),
        Err(TooManyTurns::Turns)
    );
    // What was found before the limit, never more than the limit.
    assert!(moves.len() <= MAX_TURNS);
    assert_eq!(
        engine.all_sequences(&mut st, &mut moves),
        Err(TooManyTurns::Routes)
    );
    assert!(moves.len() <= MAX_TURNS);
}

/// The engine of a game text, written for `test`.
fn engine_of(test: &str, text: &str) -> Engine {
    common::engine_at(&write_game(test, "game.game", text))
}

/// Eight die moves (four dice, doubles twice) from stacks of two.
fn eight_die_moves(test: &str) -> (Engine, ludus::engine::State) {
    let engine = engine_of(test, &race(24, 4, "1 * 15"));
    let position = "white: 1*2 3*2 5*2 7*2 9*2 11*2 13*2 15; black: 0*5; dice: 1-1-1-1";
    let st = parse_position(&engine, position).unwrap();
    (engine, st)
}

#[test]
fn a_turn_of_a_large_roll_is_found_by_walking_its_die_moves() {
    let (engine, mut st) = eight_die_moves("walk");
    let mut moves = Vec::new();
    engine.try_legal_moves(&mut st, &mut moves).unwrap();
    // Far too many routes to list, yet every listed turn is found from
    // its die moves typed in another order.
    assert_eq!(
        engine.all_sequences(&mut st, &mut Vec::new()),
        Err(TooManyTurns::Routes)
    );
    let mut reversed = 0;
    for m in &moves {
        let froms: Vec<u8> = m.steps().iter().map(|s| s.from).collect();
        let mut distinct = froms.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let chained = m.steps().iter().any(|s| froms.contains(&s.to));
        if distinct.len() != froms.len() || chained {
            continue;
        }
        // Each man leaves a stack of two once, and none leaves where
        // another lands: any order is a route.
        let text = move_text(&engine, m);
        let words: Vec<&str> = text.split(' ').rev().collect();
        let found = find_move(&engine, &st, &moves, &words.join(" ")).unwrap();
        assert_eq!(found, *m, "{text}");
        reversed += 1;
    }
    assert!(reversed > 0);
    // A turn that stops short of its dice is not a turn.
    let began = Instant::now();
    let first = move_text(&engine, &moves[0]);
    let short: Vec<&str> = first.split(' ').take(7).collect();
    let refused = find_move(&engine, &st, &moves, &short.join(" ")).unwrap_err();
    assert!(refused.contains("legal turns starting so"), "{refused}");
    assert!(began.elapsed() < Duration::from_secs(20));
}

#[test]
fn the_repl_takes_whole_turns_when_a_roll_has_too_many_routes() {
    let (engine, mut st) = eight_die_moves("repl_engine");
    let mut moves = Vec::new();
    engine.try_legal_moves(&mut st, &mut moves).unwrap();
    let turn = move_text(&engine, &moves[0]);
    let first = turn.split(' ').next().unwrap();
    let path = write_game("repl", "race.game", &race(24, 4, "1 * 15"));
    let position = "white: 1*2 3*2 5*2 7*2 9*2 11*2 13*2 15; black: 0*5";
    let input = format!("dice 1 1 1 1\n{first}\n{turn}\nquit\n");
    let args = ["play", path.to_str().unwrap(), "--position", position];
    let run = ludus_in(root(), &args, Input::Text(&input));
    let stdout = run.stdout;
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        stdout.contains("too many to follow die move by die move"),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("white plays {turn}")), "{stdout}");
}

#[test]
fn each_turn_is_listed_by_its_first_route_with_four_different_dice() {
    // With three or more different dice a position is reached in the
    // middle of the turn by several orders: the search must still keep,
    // for each turn, its first route in presentation order.
    let engine = engine_of("first_route", &race(24, 4, "1 * 15"));
    let position = "white: 1*3 2*3 4*3 7*3 8*3; black: 0*5; dice: 1-2-4-5";
    let mut st = parse_position(&engine, position).unwrap();
    let mut moves = Vec::new();
    engine.try_legal_moves(&mut st, &mut moves).unwrap();
    let mut routes = Vec::new();
    engine.all_sequences(&mut st, &mut routes).unwrap();
    assert!(moves.len() > 100 && routes.len() > moves.len());
    for m in &moves {
        let first = routes
            .iter()
            .filter(|r| r.key == m.key)
            .map(|r| r.rank)
            .min();
        assert_eq!(first, Some(m.rank), "{}", move_text(&engine, m));
    }
}

/// A `forbid` rule with a part that reads no landing site (`own men in
/// off > 0`) forbids every landing on a point once it holds, and none
/// before: the search once read its forbidden sites past the
/// board's (an index out of bounds) as soon as a man could bear off.
#[test]
fn a_forbid_rule_that_reads_no_landing_site_is_applied_to_every_point() {
    let text = "game \"two points\"
board {
  points 1..2
  zone off
}
player white
player black
track {
  white: 1..2, off
  black: 2..1, off
}
piece man {
  marks o x
  advance by die
}
setup {
  white man: 1 * 2
  black man: 2 * 2
}
dice {
  count 2
  faces 6
}
rules {
  forbid f: own men in off > 0
  bear off when 6 != opponent men in off
}
end {
  no move in 1 turns: draw
}
";
    let path = write_game("forbid_global", "game.game", text);
    let engine = common::engine_at(&path);
    let turns = |position: &str| {
        let mut st = parse_position(&engine, position).unwrap();
        let mut moves = Vec::new();
        engine.try_legal_moves(&mut st, &mut moves).unwrap();
        let mut texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
        texts.sort();
        texts
    };
    // No man off yet: a man may land on point 2 (track position 1) with
    // the 1, but not once the 2 has borne a man off.
    assert_eq!(
        turns("white: 0*2; black: off*2; dice: 1-2"),
        ["0/1 0/off", "0/off"]
    );
    // A man off: no landing on a point (`0/1` is forbidden), bearing off
    // is no landing.
    assert_eq!(turns("white: 0 off; black: off*2; dice: 1-2"), ["0/off"]);
    // Every command that plays the game, through the binary.
    let file = path.to_str().unwrap();
    let runs: [&[&str]; 3] = [
        &["moves", file, "--dice", "1-2"],
        &["playout", file, "--seed", "1"],
        &["simulate", file, "--games", "50"],
    ];
    for args in runs {
        let run = ludus(args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    }
}

/// Every roll a game searches counts towards the game's work
/// (`State::work`): past `MAX_WORK`, the roll is refused, as one past a
/// roll's limits is.
#[test]
fn a_game_past_its_work_budget_is_refused() {
    let engine = engine_of("work_budget", &race(24, 2, "1 * 15"));
    let mut st = engine.start();
    st.dice = parse_dice(&engine, "3-1").unwrap();
    let mut moves = Vec::new();
    // Each roll counts, the same every time.
    let mut a = st.clone();
    engine.try_legal_moves(&mut a, &mut moves).unwrap();
    assert!(a.work > st.work);
    let mut b = st.clone();
    engine.try_legal_moves(&mut b, &mut moves).unwrap();
    assert_eq!(a.work, b.work);
    // Not part of the position.
    assert_eq!(a, st);
    // Past the budget, refused.
    st.work = MAX_WORK;
    assert_eq!(
        engine.try_legal_moves(&mut st, &mut moves),
        Err(TooManyTurns::Work)
    );
    let mut n = Vec::new();
    assert_eq!(engine.count_turns(&mut st, &mut n), Err(TooManyTurns::Work));
}

/// An agent's search is charged to the game's budget: it adds the
/// positions it passed through to `State::work`, and is refused once the
/// game has none left, so `match` with a searching agent ends on a game
/// too costly to play, as `playout` does.
#[test]
fn agents_searches_share_the_games_work_budget() {
    use ludus::agent::Spec;
    let engine = engine_of("agent_budget", &race(24, 2, "1 * 15"));
    let mut st = engine.start();
    st.dice = parse_dice(&engine, "3-1").unwrap();
    let mut moves = Vec::new();
    engine.try_legal_moves(&mut st, &mut moves).unwrap();
    let mut rng = ludus::playout::rng(1);
    for spec in ["expectimax:depth=2", "mcts:iterations=50"] {
        let spec: Spec = spec.parse().unwrap();
        let mut charged = st.clone();
        spec.choose_charged(&engine, &mut charged, &moves, &mut rng)
            .unwrap();
        assert!(charged.work > st.work, "{spec:?} charged nothing");
        let mut spent = st.clone();
        spent.work = MAX_WORK - 1;
        assert_eq!(
            spec.choose_charged(&engine, &mut spent, &moves, &mut rng),
            Err(TooManyTurns::Work),
            "{spec:?}"
        );
    }
}
