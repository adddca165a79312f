//! Men waiting at the start of a track.
//!
//! A track that starts in two zones (`white: start or bar, 1..24, off`):
//! men not yet entered wait in `start`, hit men go to `bar`, and both
//! enter alike (a die of n on the n-th point); `first from` rules say
//! which leave first. The games are `tests/data/start-zone-race.game`
//! (`first from bar`: hit men re-enter before anything else) and its
//! variant `start-zone-race-enter-first.game` (then `first from start`:
//! every man enters before an entered man moves on).
//!
//! Men that enter by `place`: `tests/data/enter-on-six.game` (Ludo's
//! entry: a 6 places a man on the first point of his track) and its
//! variant `enter-on-six-two-dice.game` (two dice, any die places a man
//! on any of the first six points).

use crate::common;

use ludus::engine::{Engine, State};
use ludus::notation::{move_text, parse_dice, parse_position, position_text};

fn engine(file: &str) -> Engine {
    common::engine_at(&common::root().join("tests/data").join(file))
}

const BAR_FIRST: &str = "start-zone-race.game";
const ENTER_FIRST: &str = "start-zone-race-enter-first.game";

#[track_caller]
fn state(engine: &Engine, position: &str, dice: &str) -> State {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{e}"));
    st.dice = parse_dice(engine, dice).unwrap_or_else(|e| panic!("{e}"));
    st
}

/// The legal turns, as texts in the engine's order.
fn turns(engine: &Engine, position: &str, dice: &str) -> Vec<String> {
    let mut st = state(engine, position, dice);
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    moves.iter().map(|m| move_text(engine, m)).collect()
}

/// The position after the turn written `text`.
fn after(engine: &Engine, position: &str, dice: &str, text: &str) -> String {
    let mut st = state(engine, position, dice);
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let m = ludus::notation::find_move(engine, &st, &moves, text).unwrap();
    engine.play(&mut st, &m).unwrap();
    position_text(engine, &st)
}

/// The start: every man waits in `start`. With 5-3, White enters two men
/// (start/3 start/5) or one man with both dice (start/3 3/8, the same
/// position as start/5 5/8): 2 turns.
#[test]
fn men_enter_from_the_start_zone_like_from_the_bar() {
    let engine = engine(BAR_FIRST);
    let st = engine.start();
    assert_eq!(
        position_text(&engine, &st),
        "white: start*15; black: start*15; turn: white; idle: 0"
    );
    let start = "white: start*15; black: start*15; turn: white";
    assert_eq!(
        turns(&engine, start, "5-3"),
        ["start/3 start/5", "start/3 3/8"]
    );
    assert_eq!(
        after(&engine, start, "5-3", "start/3 start/5"),
        "white: start*13 3 5; black: start*15; turn: black; idle: 0"
    );
}

/// Black's man on White's 8 (Black's track position 17) lands on White's
/// blot on 5 (Black's 20) with the 3: the blot goes to White's bar, not
/// back to his start, where his 14 waiting men stay 14.
#[test]
fn a_hit_man_goes_to_the_bar_not_to_the_start() {
    let engine = engine(BAR_FIRST);
    let position = "white: start*14 5; black: start*14 17; turn: black";
    assert_eq!(
        after(&engine, position, "3-1", "17/20 20/21"),
        "white: start*14 bar; black: start*14 21; turn: white; idle: 0"
    );
}

/// White has 13 men waiting and two on 10; no man on the bar; 2-1.
/// With hit men first only, any man may move: two men entered (start/1
/// start/2), one entered to 3 (start/1 1/3, as start/2 2/3), one entered
/// and a man of 10 moved (start/1 10/12, start/2 10/11), both men of 10
/// moved (10/11 10/12) or one to 13 (10/11 11/13): 6 turns. With waiting
/// men entering first, only start/1 start/2 (start/2 start/1 reaches the
/// same position): 1 turn.
#[test]
fn the_two_first_from_readings_decide_differently() {
    let position = "white: start*13 10*2; black: start*15; turn: white";
    assert_eq!(
        turns(&engine(BAR_FIRST), position, "2-1"),
        [
            "start/1 start/2",
            "start/1 1/3",
            "start/1 10/12",
            "start/2 10/11",
            "10/11 10/12",
            "10/11 11/13"
        ]
    );
    assert_eq!(
        turns(&engine(ENTER_FIRST), position, "2-1"),
        ["start/1 start/2"]
    );
}

/// A hit man on the bar, 12 waiting men and two on 10; 2-1. In both games
/// the hit man enters first; then, with hit men first only, any man moves
/// (bar/1 start/2, as bar/2 start/1; bar/1 1/3, as bar/2 2/3; bar/1 10/12;
/// bar/2 10/11): 4 turns; with waiting men next, a waiting man must
/// enter: bar/1 start/2 alone.
#[test]
fn hit_men_enter_before_waiting_men_in_both_games() {
    let position = "white: start*12 bar 10*2; black: start*15; turn: white";
    assert_eq!(
        turns(&engine(BAR_FIRST), position, "2-1"),
        ["bar/1 start/2", "bar/1 1/3", "bar/1 10/12", "bar/2 10/11"]
    );
    assert_eq!(
        turns(&engine(ENTER_FIRST), position, "2-1"),
        ["bar/1 start/2"]
    );
}

/// Conditions count the men in the start zone: the game's invariant
/// `waiting: own men in start <= 15`, and a region of position 0 names
/// both zones.
#[test]
fn conditions_count_the_men_in_the_start_zone() {
    let engine = engine(BAR_FIRST);
    let st = state(
        &engine,
        "white: start*14 bar; black: start*15; turn: white",
        "2-1",
    );
    assert_eq!(ludus::render::pips(&engine, &st, 0), Some(15 * 25));
    let game = engine.game();
    let start = game.players[0]
        .regions
        .iter()
        .find(|r| r.name == "start")
        .expect("the start zone is a region");
    assert_eq!(start.sites.len(), 1);
    assert_eq!(usize::from(engine.men(&st, start.sites[0])), 14);
}

/// A seeded game's record names die moves from the start zone
/// (`start/5`) and `replay` plays it back legal move by legal move.
#[test]
fn records_of_start_zone_games_replay() {
    let dir = common::temp_dir("start_zone", "records");
    let record = dir.join("game.jsonl");
    let record = record.to_str().unwrap();
    let game = "tests/data/start-zone-race-enter-first.game";
    let run = common::ludus(&["playout", game, "--seed", "3", "--record", record]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(record).unwrap();
    assert!(text.contains("\"start/"), "{text}");
    let run = common::ludus(&["replay", record]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
}

/// The REPL: `start/1` typed while a hit man waits on the bar is refused
/// by `first from bar`, at its line; `bar/1` then `start/2` is played.
#[test]
fn the_repl_refuses_entering_from_start_before_the_bar() {
    let run = common::ludus_in(
        common::root(),
        &[
            "play",
            "tests/data/start-zone-race.game",
            "--position",
            "white: start*12 bar 10*2; black: start*15; turn: white",
        ],
        common::Input::Text("dice 2 1\nstart/1\nbar/1\nstart/2\nquit\n"),
    );
    assert!(
        run.stdout
            .contains("white must first move his men from bar"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("`start/1` is forbidden by `first from bar`")
    );
    assert!(
        run.stdout.contains("white plays bar/1 start/2"),
        "{}",
        run.stdout
    );
}

/// `ludus explain` names `first from bar` as what forbids entering from
/// the start while a hit man waits on the bar, with the other start's
/// rule as the relaxation that would allow it.
#[test]
fn explain_names_first_from_bar() {
    let run = common::ludus(&[
        "explain",
        "tests/data/start-zone-race.game",
        "--position",
        "white: start*12 bar 10*2; black: start*15; turn: white",
        "--dice",
        "2-1",
        "start/1 start/2",
    ]);
    assert!(
        run.stdout
            .contains("`start/1 start/2` is forbidden by `first from bar`"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("as `first from start`, `start/1 start/2` would be legal"),
        "{}",
        run.stdout
    );
}

/// A condition counting the men in the start zone decides play:
/// `start-zone-race-waiting.game` adds `forbid late: here in home and own
/// men in start > 0`. White: one man waiting, one on 10, one on 17, twelve
/// off; 2-1. Alone, the 2 plays start/2, 10/12 or 17/19 (into his home,
/// 19..24: refused while a man waits); the 1 start/1, 10/11 or 17/18.
/// Turns: start/1 1/3 (as start/2 2/3), start/1 10/12, start/1 17/19 (no
/// man waits any more), start/2 10/11, start/2 17/18, 10/11 11/13 (as
/// 10/12 12/13), 10/12 17/18: 7. Without the rule, 10/11 17/19 and 17/18
/// 18/20 too: 9.
#[test]
fn a_condition_counts_the_men_waiting_to_enter() {
    let position = "white: start 10 17 off*12; black: start*15; turn: white";
    let waiting = [
        "start/1 1/3",
        "start/1 10/12",
        "start/1 17/19",
        "start/2 10/11",
        "start/2 17/18",
        "10/11 11/13",
        "10/12 17/18",
    ];
    assert_eq!(
        turns(&engine("start-zone-race-waiting.game"), position, "2-1"),
        waiting
    );
    let mut free = turns(&engine(BAR_FIRST), position, "2-1");
    assert_eq!(free.len(), 9);
    free.retain(|t| !waiting.contains(&t.as_str()));
    assert_eq!(free, ["10/11 17/19", "17/18 18/20"]);
}

const SIX: &str = "enter-on-six.game";
const SIX_TWO_DICE: &str = "enter-on-six-two-dice.game";

/// `place` in a game with dice: waiting men enter by a placement alone,
/// with the die the rules allow (`forbid enter: from in own yard and die
/// < 6`), onto the point of the line's region; they never advance from
/// the yard by the die's pips (a 6 would take them to the sixth point).
#[test]
fn a_six_places_a_waiting_man_and_other_dice_do_not() {
    let engine = engine(SIX);
    let start = "white: yard*4; black: yard*4; turn: white";
    assert_eq!(turns(&engine, start, "6"), ["yard/1"]);
    for die in 1..6 {
        assert_eq!(turns(&engine, start, &die.to_string()), ["pass"], "{die}");
    }
    let one_out = "white: yard*3 3; black: yard*4; turn: white";
    assert_eq!(turns(&engine, one_out, "6"), ["yard/1", "3/9"]);
    assert_eq!(turns(&engine, one_out, "4"), ["3/7"]);
    // The 6 earns another throw (`again after throw 6`).
    assert_eq!(
        after(&engine, start, "6", "yard/1"),
        "white: yard*3 1; black: yard*4; turn: white; again: 1; idle: 0"
    );
}

/// A placement lands as a die move does: it hits a lone opposing man
/// (black's man on point 1, the 13th of his round, goes back to his
/// yard), and two opposing men block the point (`forbid blocked`).
#[test]
fn a_placement_hits_a_lone_man_and_two_men_block_it() {
    let engine = engine(SIX);
    assert_eq!(
        after(
            &engine,
            "white: yard*4; black: yard*3 13; turn: white",
            "6",
            "yard/1"
        ),
        "white: yard*3 1; black: yard*4; turn: white; again: 1; idle: 0"
    );
    assert_eq!(
        turns(
            &engine,
            "white: yard*4; black: yard*2 13*2; turn: white",
            "6"
        ),
        ["pass"]
    );
}

/// With two dice, a placement is one die move among the roll's. White: a
/// man on 20, one waiting; 2-1, either die placing him on any of the
/// first six points. Turns, one per position: he is placed on p and the
/// other die moves the man on 20 (p 21 or p 22: 12), or moves him on
/// (2..8 with 20: 7), or he waits and 20/23 (1): 20 in all. Typed die
/// move by die move, `yard/4` then `4/6` places with the 1 and moves on
/// with the 2.
#[test]
fn placements_are_die_moves_among_the_roll_s() {
    let engine = engine(SIX_TWO_DICE);
    let position = "white: 20 yard; black: yard*4; turn: white";
    let listed = turns(&engine, position, "2-1");
    assert_eq!(listed.len(), 20, "{listed:?}");
    for p in 1..=6 {
        for q in [21, 22] {
            assert!(listed.contains(&format!("yard/{p} 20/{q}")), "{p} {q}");
        }
    }
    assert!(listed.contains(&"20/21 21/23".to_string()));
    assert_eq!(
        after(&engine, position, "2-1", "yard/4 4/6"),
        "white: 6 20; black: yard*4; turn: black; idle: 0"
    );
    // The first die moves a typed route may start with: each placement
    // with each die, and the man on 20 with each.
    let st = state(&engine, position, "2-1");
    let first = engine.first_die_moves(&st);
    assert_eq!(first.len(), 2 * 6 + 2, "{first:?}");
}

/// Seeded games of both placing games keep their men (the invariant
/// `men: own pieces = 4`, judged by `ludus check` over 200 games), and a
/// record replays legal move by legal move.
#[test]
fn placing_games_keep_their_men_and_their_records_replay() {
    for game in [SIX, SIX_TWO_DICE] {
        let path = format!("tests/data/{game}");
        let run = common::ludus(&["check", &path, "--games", "200"]);
        assert_eq!(run.code, 0, "{game}: {}{}", run.stdout, run.stderr);
        let dir = common::temp_dir("start_zone", game);
        let record = dir.join("game.jsonl");
        let record = record.to_str().unwrap();
        let run = common::ludus(&["playout", &path, "--seed", "4", "--record", record]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(std::fs::read_to_string(record).unwrap().contains("\"yard/"));
        let run = common::ludus(&["replay", record]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
    }
}

/// The REPL and `explain` say why a placement is refused: by the rule
/// that forbids it, never by its pips (a placement spends a die whatever
/// its number).
#[test]
fn a_refused_placement_names_the_rule() {
    let run = common::ludus(&[
        "explain",
        "tests/data/enter-on-six.game",
        "--position",
        "white: yard*3 3; black: yard*4; turn: white",
        "--dice",
        "5",
        "yard/1",
    ]);
    assert!(
        run.stdout
            .contains("`yard/1` is forbidden by `forbid enter: from in own yard and die < 6`"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("points, but"), "{}", run.stdout);
    let run = common::ludus_in(
        common::root(),
        &[
            "play",
            "tests/data/enter-on-six.game",
            "--position",
            "white: yard*3 3; black: yard*4; turn: white",
        ],
        common::Input::Text("dice 5\nyard/1\n3/8\nquit\n"),
    );
    assert!(!run.stdout.contains("points, but"), "{}", run.stdout);
    assert!(run.stdout.contains("white plays 3/8"), "{}", run.stdout);
}
