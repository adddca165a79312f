//! Throws that pass the turn (`throw ROLL passes` in the `dice` section),
//! as stick dice with a throw that loses the turn have them: the player
//! who throws one passes, as with a throw of 0. The game is
//! `tests/data/race-stick-dice.game`: four binary dice summed (0 to 4),
//! with `throw 4 passes`.

use crate::common;

use common::{ludus, ludus_in, position, temp_dir, turn_texts};
use ludus::notation::parse_dice;

const STICKS: &str = "tests/data/race-stick-dice.game";
const START: &str = "white: start*7; black: start*7";

/// A throw of 4 passes: the one turn is `pass`. The same throw in the
/// game without the rule enters a man on the fourth site of the track
/// (`start/4`); a throw of 3 still enters one on the third.
#[test]
fn a_named_throw_passes() {
    let sticks = common::engine_at(&common::root().join(STICKS));
    let plain = common::engine_at(&common::root().join("tests/data/race-binary-dice.game"));
    let thrown = |engine, dice: &str| {
        let mut st = position(engine, START);
        st.dice = parse_dice(engine, dice).unwrap();
        turn_texts(engine, &st)
    };
    assert_eq!(thrown(&sticks, "4"), ["pass"]);
    assert_eq!(thrown(&plain, "4"), ["start/4"]);
    assert_eq!(thrown(&sticks, "3"), ["start/3"]);
    assert_eq!(thrown(&sticks, "0"), ["pass"]);
    // `moves --dice` and `show` alike.
    let run = ludus(&["moves", STICKS, "--position", START, "--dice", "4"]);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "pass\n"),
        "{}",
        run.stderr
    );
    let run = ludus(&["show", STICKS]);
    assert!(
        run.stdout.contains("dice: throw 4 passes\n"),
        "{}",
        run.stdout
    );
}

/// Dice used one by one: a throw is its faces in any order. Backgammon
/// with `throw 1-2 passes`: 1-2 and 2-1 pass; 1-1 and 1-3 are played.
#[test]
fn a_throw_of_two_dice_passes_whatever_their_order() {
    let dir = temp_dir("passing_throws", "two_dice");
    let base = common::root().join("games/backgammon.game");
    let path = dir.join("acey.game");
    std::fs::write(
        &path,
        format!(
            "variant \"Backgammon, 1-2 passes\" of \"{}\"\n\ndice {{\n  throw 1-2 passes\n}}\n",
            base.display()
        ),
    )
    .unwrap();
    let engine = common::engine_at(&path);
    let start = engine.start();
    let thrown = |dice: &str| {
        let mut st = start.clone();
        st.dice = parse_dice(&engine, dice).unwrap();
        turn_texts(&engine, &st)
    };
    assert_eq!(thrown("1-2"), ["pass"]);
    assert_eq!(thrown("2-1"), ["pass"]);
    assert!(thrown("1-1").len() > 1);
    assert!(thrown("1-3").len() > 1);
}

/// The REPL says why the turn passes; seeded games play to their end.
#[test]
fn the_repl_names_the_throw_and_games_finish() {
    let run = ludus_in(
        common::root(),
        &["play", STICKS],
        common::Input::Text("dice 4\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("white passes (throw 4)\n"),
        "{}",
        run.stdout
    );
    let run = ludus(&["simulate", STICKS, "--games", "50", "--seed", "7"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("unfinished"), "{}", run.stdout);
}
