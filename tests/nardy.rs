//! Long Nardy and Fevga: the limits on the die moves of a turn (the head
//! rule, with and without the first-turn doubles; the prime rule, refused
//! and allowed) and Fevga's start rule, on small positions.
//!
//! Positions use absolute points (White's numbering: his head is 24, his
//! home 1..6); turns are written in the mover's own track positions from 0
//! (White's point 24 is his 0, point 18 his 6). Black's head is point 12.

use crate::common;
use common::{men, root};

use ludus::engine::{Engine, State};
use ludus::notation::{move_text, parse_dice, parse_position, position_text};

fn engine(game: &str) -> Engine {
    common::engine_at(&root().join(format!("games/{game}.game")))
}

#[track_caller]
fn state(engine: &Engine, position: &str, dice: &str) -> State {
    let mut st = if position == "start" {
        engine.start()
    } else {
        parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"))
    };
    assert_eq!(men(engine, &st), [15, 15], "`{position}`: 15 men each");
    st.dice = parse_dice(engine, dice).unwrap_or_else(|e| panic!("{e}"));
    st
}

/// The legal turns, sorted, as the engine writes them.
fn turns_of(engine: &Engine, st: &State) -> Vec<String> {
    let mut moves = Vec::new();
    engine.legal_moves(&mut st.clone(), &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
    texts.sort();
    texts
}

#[track_caller]
fn check(game: &str, position: &str, dice: &str, expected: &[&str]) {
    let engine = engine(game);
    let st = state(&engine, position, dice);
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(
        turns_of(&engine, &st),
        expected,
        "{game}: `{position}` with {dice}"
    );
}

// ------------------------------------------------------------ the head rule

#[test]
fn first_turn_six_six_moves_two_men_from_the_head() {
    // 24-18-12 is blocked by Black's head: each man plays one six, and two
    // men leave the head (the exception), so two dice are played.
    check("long-nardy", "start", "6-6", &["0/6 0/6"]);
}

#[test]
fn first_turn_four_four_and_three_three_move_two_men_from_the_head() {
    check("long-nardy", "start", "4-4", &["0/4 0/4 4/8 4/8"]);
    check(
        "long-nardy",
        "start",
        "3-3",
        &["0/3 0/3 3/6 3/6", "0/3 0/3 3/6 6/9"],
    );
}

#[test]
fn first_turn_other_doubles_move_one_man_from_the_head() {
    // 5-5 is not an exception: one man plays all four fives.
    check("long-nardy", "start", "5-5", &["0/5 5/10 10/15 15/20"]);
    check("long-nardy", "start", "6-5", &["0/5 5/11"]);
}

#[test]
fn six_six_after_the_first_turn_moves_one_man_from_the_head() {
    // The same roll on White's second turn: one man leaves the head; the
    // man on 18 and the new one are blocked by Black's head at 12.
    check(
        "long-nardy",
        "white: 0*14 6; black: 0*14 6; turn: white; turns: 1 1",
        "6-6",
        &["0/6"],
    );
}

#[test]
fn black_first_turn_is_counted_apart_from_white() {
    // White plays his first turn; Black's next turn is still his first.
    let engine = engine("long-nardy");
    let mut st = state(&engine, "start", "6-5");
    let mut moves = Vec::new();
    engine.legal_moves(&mut st.clone(), &mut moves);
    engine.play_unchecked(&mut st, &moves[0]);
    assert_eq!(st.turns, [1, 0]);
    let text = position_text(&engine, &st);
    assert!(text.ends_with("turns: 1 0"), "{text}");
    st.dice = parse_dice(&engine, "6-6").unwrap();
    // Black's 12-6-24 is blocked by White's head: two men play one six.
    assert_eq!(turns_of(&engine, &st), ["0/6 0/6"]);
    // Read back, the position is the same, turn counts included.
    let again = parse_position(&engine, &text).unwrap();
    assert_eq!(
        engine.hash(&again),
        engine.hash(&{
            let mut s = st.clone();
            s.dice = [0; 4];
            s
        })
    );
}

#[test]
fn turn_counts_are_read_and_bounded() {
    let engine = engine("long-nardy");
    let err = parse_position(&engine, "white: 0*15; black: 0*15; turns: 2 0").unwrap_err();
    assert!(err.contains("from 0 to 1"), "{err}");
    let err = parse_position(&engine, "white: 0*15; black: 0*15; turns: 1").unwrap_err();
    assert!(err.contains("two numbers"), "{err}");
    // A game whose rules do not depend on the turns played has no such field.
    let verquere = self::engine("verquere");
    let err = parse_position(&verquere, "white: 1*15; black: 1*15; turns: 0 0").unwrap_err();
    assert!(err.contains("do not depend on the turns"), "{err}");
    assert!(!position_text(&verquere, &verquere.start()).contains("turns"));
}

// ------------------------------------------------------------ the prime rule

/// White holds 24 (his head) and 22..18; a man landing on 23 would make a
/// run of seven points.
const NEAR_PRIME: &str = "white: 0*10 2 3 4 5 6; black: 0*15; turns: 1 1";

#[test]
fn a_prime_with_no_opposing_man_ahead_is_refused() {
    let engine = engine("long-nardy");
    let st = state(&engine, NEAR_PRIME, "1-1");
    let turns = turns_of(&engine, &st);
    // Every turn is legal only if its first die moves never close 23 while
    // 22 is held: the head's man may go to 23 only after 22 is left.
    assert!(!turns.is_empty());
    assert!(
        turns.iter().all(|t| !t.starts_with("0/1")),
        "a turn starts by making the prime: {turns:?}"
    );
    assert!(turns.contains(&"2/3 0/1 1/2 2/3".to_string()), "{turns:?}");
}

#[test]
fn a_prime_with_an_opposing_man_ahead_is_allowed() {
    // A black man on 13, the last point of Black's track, is past every
    // point of the run (Black's positions 12 to 18).
    let engine = engine("long-nardy");
    let st = state(
        &engine,
        "white: 0*10 2 3 4 5 6; black: 0*14 23; turns: 1 1",
        "1-1",
    );
    let turns = turns_of(&engine, &st);
    assert!(turns.contains(&"0/1 1/2 2/3 2/3".to_string()), "{turns:?}");
    assert!(turns.iter().any(|t| t.starts_with("0/1")));
}

#[test]
fn fevga_has_the_prime_rule_too() {
    let engine = engine("fevga");
    let st = state(&engine, "white: 0*10 2 3 4 5 6; black: 0*15", "1-1");
    assert!(turns_of(&engine, &st).iter().all(|t| !t.starts_with("0/1")));
}

// ------------------------------------------------------------ Fevga's start

#[test]
fn fevga_start_moves_one_man_until_it_passes_the_opponent_start() {
    // From the start only one man leaves: 2-1 is one man's 0/3.
    check("fevga", "start", "2-1", &["0/1 1/3"]);
    // A man on his way (on 14, position 10) and none past: only he moves,
    // and not onto Black's start (12, position 12).
    check(
        "fevga",
        "white: 0*14 10; black: 0*15",
        "2-1",
        &["10/11 11/13"],
    );
}

#[test]
fn fevga_start_frees_the_other_men_once_one_has_passed() {
    // The man on 11 (position 13) is past Black's start: men leave freely.
    check(
        "fevga",
        "white: 0*14 13; black: 0*15",
        "2-1",
        &[
            "0/1 0/2",
            "0/1 1/3",
            "0/1 13/15",
            "0/2 13/14",
            "13/14 14/16",
        ],
    );
}

#[test]
fn nardy_games_end_and_score_mars() {
    let engine = engine("long-nardy");
    // White bears off his last man while Black has none off: mars, double.
    let st = state(&engine, "white: 23 off*14; black: 23*15; turns: 1 1", "6-5");
    let mut moves = Vec::new();
    engine.legal_moves(&mut st.clone(), &mut moves);
    let mut after = st.clone();
    let win = moves
        .iter()
        .find(|m| move_text(&engine, m).contains("off"))
        .expect("a turn bears off");
    engine.play_unchecked(&mut after, win);
    assert_eq!(
        engine.outcome(&after),
        ludus::engine::Outcome::Decisive {
            winner: 0,
            points: 2
        }
    );
}

/// A state's turn count set past what the game counts (the field is
/// public) neither overflows nor grows: it stays at the latest turn named.
#[test]
fn turn_count_saturates() {
    let engine = engine("long-nardy");
    let mut st = engine.start();
    st.turns = [u8::MAX, u8::MAX];
    engine.play_unchecked(&mut st, &ludus::engine::Move::PASS);
    assert_eq!(st.turns, [1, u8::MAX]);
}

/// Two routes to one position may have left a limited region a different
/// number of times: the search tells them apart, so a turn that moves the
/// man on the region after a route that never touched it stays legal.
#[test]
fn leave_counts_are_part_of_the_search_key() {
    let engine = common::engine_at(&root().join("tests/data/leave-limit-midtrack.game"));
    let mut st = engine.start();
    st.dice = parse_dice(&engine, "1-2-3").unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st.clone(), &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    assert!(
        texts.contains(&"17/20 20/22 23/off".to_string()),
        "the turn that bears off after 17/20 20/22 is missing: {texts:?}"
    );
    assert!(!texts.contains(&"17/19 19/22 23/off".to_string()));
}
