//! Dice of any shape: faces listed with their values (`faces 0 1`), several
//! dice summed into one number (`summed`), a throw of 0 that passes. The
//! game is `tests/data/race-binary-dice.game`, a race on the Royal Game of
//! Ur's board thrown with Ur's four binary dice.
//!
//! White's track, by position: start 0, d1 1, c1 2, b1 3, a1 4, then the
//! middle row a2 5 .. h2 12, then h1 13, g1 14, off 15. Black's runs the
//! same way on row 3 and shares the middle row.

use crate::common;

use ludus::engine::{Engine, Outcome, State};
use ludus::ir::ZERO_THROW;
use ludus::notation::{dice_text, move_text, parse_dice, parse_position, position_text};

fn engine() -> Engine {
    common::engine_at(&common::root().join("tests/data/race-binary-dice.game"))
}

#[track_caller]
fn state(engine: &Engine, position: &str) -> State {
    parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"))
}

fn moves(engine: &Engine, st: &State) -> Vec<String> {
    let mut st = st.clone();
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    list.iter().map(|m| move_text(engine, m)).collect()
}

/// Four binary dice summed: 0 to 4 in 1, 4, 6, 4 and 1 of the 16 ways of
/// throwing them, the weights the agents' chance nodes use.
#[test]
fn four_summed_binary_dice_throw_zero_to_four_by_the_binomial_odds() {
    let engine = engine();
    let dice = engine.game().dice.expect("a dice game");
    assert_eq!((dice.count, dice.faces, dice.summed), (4, 2, true));
    let throws = dice.throws();
    assert_eq!(
        throws,
        vec![
            ([ZERO_THROW, 0, 0, 0], 1),
            ([1, 0, 0, 0], 4),
            ([2, 0, 0, 0], 6),
            ([3, 0, 0, 0], 4),
            ([4, 0, 0, 0], 1),
        ]
    );
    assert_eq!(dice.numbers(), vec![0, 1, 2, 3, 4]);
}

/// The engine's own throws, from a seed, fall by the same odds: 160,000
/// throws, each count within 1.5% of the total of its expectation (over
/// ten standard deviations for every count, so never by chance), and the
/// same seed throws the same numbers.
#[test]
fn the_engine_throws_summed_binary_dice_by_their_odds_from_the_seed() {
    let engine = engine();
    let throw_all = |seed: u64| {
        let mut rng = ludus::rng::rng(seed);
        let mut st = engine.start();
        let mut counts = [0u32; 5];
        let mut first = Vec::new();
        for i in 0..160_000 {
            engine.roll(&mut st, &mut rng);
            assert_eq!(st.dice[1..], [0, 0, 0], "one number for summed dice");
            let n = if st.dice[0] == ZERO_THROW {
                0
            } else {
                st.dice[0]
            };
            counts[n as usize] += 1;
            if i < 20 {
                first.push(n);
            }
        }
        (counts, first)
    };
    let (counts, first) = throw_all(7);
    for (n, (&got, ways)) in counts.iter().zip([1, 4, 6, 4, 1]).enumerate() {
        let expected = 10_000 * ways;
        assert!(
            got.abs_diff(expected) < 2_400,
            "a throw of {n}: {got} times in 160,000, about {expected} expected"
        );
    }
    assert_eq!(throw_all(7).1, first, "the same seed, the same throws");
}

/// A throw of 2. White has four men to enter, one on c1 (2), one on a2
/// (5), one on e2 (9); Black one on c2 (7). Entering lands on c1, where a
/// white man stands (`forbid single`): refused. c1 goes to a1 (`2/4`); a2
/// to c2 (`5/7`), hitting Black's man back to his start; e2 to g2
/// (`9/11`). Three turns.
#[test]
fn a_throw_of_two_moves_one_man_two_squares() {
    let engine = engine();
    let mut st = state(&engine, "white: start*4 2 5 9; black: start*6 7");
    st.dice = parse_dice(&engine, "2").unwrap();
    assert_eq!(dice_text(&st).as_deref(), Some("2"));
    assert_eq!(moves(&engine, &st), ["2/4", "5/7", "9/11"]);
    let mut list = Vec::new();
    let mut probe = st.clone();
    engine.legal_moves(&mut probe, &mut list);
    let hit = list
        .iter()
        .find(|m| move_text(&engine, m) == "5/7")
        .expect("the hit");
    let mut after = st.clone();
    engine.play_unchecked(&mut after, hit);
    assert_eq!(
        position_text(&engine, &after),
        "white: start*4 2 7 9; black: start*7; turn: black; idle: 0"
    );
}

/// A throw of 0 moves no man: the one turn is the pass, which leaves the
/// men where they are and gives the dice to Black. Written `dice: 0` in a
/// position and read back so.
#[test]
fn a_throw_of_zero_passes_the_turn() {
    let engine = engine();
    let start = "white: start*4 2 5 9; black: start*6 7; dice: 0";
    let st = state(&engine, start);
    assert_eq!(st.dice, [ZERO_THROW, 0, 0, 0]);
    assert_eq!(dice_text(&st).as_deref(), Some("0"));
    assert_eq!(
        position_text(&engine, &st),
        "white: start*4 2 5 9; black: start*6 7; turn: white; dice: 0; idle: 0"
    );
    let mut probe = st.clone();
    let mut turns = Vec::new();
    engine.legal_moves(&mut probe, &mut turns);
    assert_eq!(turns.len(), 1);
    assert_eq!(turns[0].len, 0, "the pass");
    assert_eq!(move_text(&engine, &turns[0]), "pass");
    let mut after = st.clone();
    engine.play_unchecked(&mut after, &turns[0]);
    assert_eq!(
        position_text(&engine, &after),
        "white: start*4 2 5 9; black: start*6 7; turn: black; idle: 1"
    );
    assert_eq!(engine.outcome(&after), Outcome::Ongoing);
}

/// A summed throw is one number: two numbers, or a sum four binary dice
/// cannot make, are refused.
#[test]
fn a_summed_throw_is_read_as_one_number_the_dice_can_make() {
    let engine = engine();
    let two = parse_dice(&engine, "1-1").unwrap_err();
    assert!(two.contains("summed"), "{two}");
    let five = parse_dice(&engine, "5").unwrap_err();
    assert!(five.contains("0, 1, 2, 3, 4"), "{five}");
    assert_eq!(parse_dice(&engine, "4").unwrap(), [4, 0, 0, 0]);
}

/// Two dice numbered 0 to 3 (`faces 0 1 2 3`), used one by one: sixteen
/// ordered throws, ten distinct, a double once and two unequal numbers
/// twice; a die showing 0 is kept as `ZERO_THROW`.
#[test]
fn dice_numbered_from_zero_throw_every_pair_of_faces() {
    let engine = common::engine_at(&common::root().join("tests/data/race-dice-from-zero.game"));
    let dice = engine.game().dice.expect("a dice game");
    let throws = dice.throws();
    assert_eq!(throws.len(), 10);
    assert_eq!(throws.iter().map(|(_, n)| n).sum::<u64>(), 16);
    for (thrown, n) in &throws {
        let doubles = thrown[0] == thrown[1];
        assert_eq!(*n, if doubles { 1 } else { 2 }, "{thrown:?}");
    }
    assert!(throws.contains(&([2, ZERO_THROW, 0, 0], 2)));
    assert_eq!(dice.numbers(), vec![0, 1, 2, 3]);
}

/// The position of `a_throw_of_two_moves_one_man_two_squares` thrown 2-0:
/// the 0 plays nothing, so the turns are those of a lone 2. A throw of
/// 0-0 passes.
#[test]
fn a_die_showing_zero_plays_nothing() {
    let engine = common::engine_at(&common::root().join("tests/data/race-dice-from-zero.game"));
    let mut st = state(&engine, "white: start*4 2 5 9; black: start*6 7");
    st.dice = parse_dice(&engine, "2-0").unwrap();
    assert_eq!(st.dice, [2, ZERO_THROW, 0, 0]);
    assert_eq!(dice_text(&st).as_deref(), Some("2-0"));
    assert_eq!(moves(&engine, &st), ["2/4", "5/7", "9/11"]);
    st.dice = parse_dice(&engine, "0-0").unwrap();
    assert_eq!(moves(&engine, &st), ["pass"]);
}

/// A `limit` exception names a summed throw as one number (`with 2`): in
/// `race-binary-dice-entry-limit.game` no man leaves the start but on a
/// throw of 2. White has six men to enter and one on a2 (5).
#[test]
fn a_limit_exception_names_a_summed_throw() {
    let engine =
        common::engine_at(&common::root().join("tests/data/race-binary-dice-entry-limit.game"));
    let mut st = state(&engine, "white: start*6 5; black: start*7");
    for (thrown, turns) in [
        ("1", vec!["5/6"]),
        ("2", vec!["start/2", "5/7"]),
        ("3", vec!["5/8"]),
    ] {
        st.dice = parse_dice(&engine, thrown).unwrap();
        assert_eq!(moves(&engine, &st), turns, "a throw of {thrown}");
    }
}
