//! The rules of Verquere and its variants (RULES.md section 1 and cases
//! 1-6), pinned on small positions written in position notation. The
//! per-roll move counts of `tests/data/*.rolls` are read in `perft.rs`.
//!
//! Positions use absolute points (White's numbering); the turns the engine
//! lists are written mover-relative (`bar/4`, `13/18`, `22/off`). Black's
//! point k is White's point k + 12 (mod 24): Black's first quarter is
//! White's 13..18, his head and last point White's 24 and 12.
//!
//! Every position gives each player his 15 men (checked by [`state`]).
//! Where a turn list is not obvious, the comment above it derives it.

use crate::common;
use common::men;

use ludus::engine::{Engine, Outcome, State};
use ludus::notation::{find_move, move_text, parse_dice, parse_position, position_text};
use std::collections::BTreeSet;
use std::path::Path;

const GAMES: [&str; 4] = [
    "verquere",
    "verquere-english",
    "verquere-five",
    "verquere-cotton",
];

const WHITE_DOUBLE: Outcome = Outcome::Decisive {
    winner: 0,
    points: 2,
};
const BLACK_DOUBLE: Outcome = Outcome::Decisive {
    winner: 1,
    points: 2,
};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The engine of `games/{game}.game`.
fn engine(game: &str) -> Engine {
    common::engine_at(&root().join(format!("games/{game}.game")))
}

/// The position written `position` (or the start) with `dice` thrown
/// (none for `""`). Every fixture must give each player 15 men.
#[track_caller]
fn state(engine: &Engine, position: &str, dice: &str) -> State {
    let mut st = if position == "start" {
        engine.start()
    } else {
        parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"))
    };
    assert_eq!(men(engine, &st), [15, 15], "`{position}`: 15 men each");
    if !dice.is_empty() {
        st.dice = parse_dice(engine, dice).unwrap_or_else(|e| panic!("{e}"));
    }
    st
}

/// The legal turns of `position` with `dice`, as sorted texts.
fn turns(game: &str, position: &str, dice: &str) -> Vec<String> {
    let engine = engine(game);
    let mut st = state(&engine, position, dice);
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    texts.sort();
    texts
}

/// Checks that the legal turns of `position` with `dice` are exactly
/// `expected` (one per resulting position, as the engine writes them).
#[track_caller]
fn check(game: &str, position: &str, dice: &str, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(
        turns(game, position, dice),
        expected,
        "{game}: {position}; dice {dice}"
    );
}

/// Plays `turn` (checked legal; any order or route of a legal turn) from
/// `position` with `dice`; returns the position reached, in notation.
#[track_caller]
fn after(game: &str, position: &str, dice: &str, turn: &str) -> String {
    let engine = engine(game);
    let mut st = state(&engine, position, dice);
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let m = find_move(&engine, &st, &moves, turn)
        .unwrap_or_else(|e| panic!("{game}: {position}; dice {dice}: `{turn}`: {e}"));
    engine.play(&mut st, &m).unwrap();
    position_text(&engine, &st)
}

/// The outcome of a position.
#[track_caller]
fn outcome(game: &str, position: &str) -> Outcome {
    let engine = engine(game);
    engine.outcome(&state(&engine, position, ""))
}

/// Every sequence of die moves the engine allows, as texts.
fn sequences(game: &str, position: &str, dice: &str) -> BTreeSet<String> {
    let engine = engine(game);
    let mut st = state(&engine, position, dice);
    let mut all = Vec::new();
    engine.all_sequences(&mut st, &mut all).unwrap();
    all.iter().map(|m| move_text(&engine, m)).collect()
}

// ------------------------------------------------------------ case 1

#[test]
fn case_1_opening_5_3_has_two_results() {
    for game in GAMES {
        check(game, "start", "5-3", &["1/4 1/6", "1/4 4/9"]);
        check(game, "start", "3-5", &["1/4 1/6", "1/4 4/9"]);
    }
}

#[test]
fn case_1_both_touchdowns_reach_the_same_turn() {
    let nine = "white: 1*14 9; black: 1*15; turn: black; idle: 0";
    assert_eq!(after("verquere", "start", "5-3", "1/4 4/9"), nine);
    assert_eq!(after("verquere", "start", "5-3", "1/6 6/9"), nine);
    assert_eq!(
        after("verquere", "start", "5-3", "1/6 1/4"),
        "white: 1*13 4 6; black: 1*15; turn: black; idle: 0"
    );
    let all = sequences("verquere", "start", "5-3");
    for seq in ["1/4 4/9", "1/6 6/9", "1/4 1/6", "1/6 1/4"] {
        assert!(all.contains(seq), "{seq} in {all:?}");
    }
}

#[test]
fn case_1_black_opening_is_written_from_his_side() {
    check(
        "verquere",
        "white: 1*15; black: 1*15; turn: black",
        "5-3",
        &["1/4 1/6", "1/4 4/9"],
    );
    assert_eq!(
        after(
            "verquere",
            "white: 1*15; black: 1*15; turn: black",
            "5-3",
            "1/4 4/9"
        ),
        "white: 1*15; black: 1*14 9; turn: white; idle: 0"
    );
}

// ------------------------------------------------------------ case 2

#[test]
fn case_2_opening_6_6_only_one_six() {
    for game in GAMES {
        check(game, "start", "6-6", &["1/7"]);
    }
}

/// Black's 15 men moved from White's 13 to White's 14, which no six of
/// White's touches: 1/7 7/13 13/19, a second man 1/7 on the vacated 7.
const THIRTEEN_EMPTY: &str = "white: 1*15; black: 2*15";

#[test]
fn case_2_with_point_13_empty() {
    check(
        "verquere",
        THIRTEEN_EMPTY,
        "6-6",
        &["1/7 7/13 1/7 7/13", "1/7 7/13 1/7 13/19"],
    );
    assert_eq!(
        after("verquere", THIRTEEN_EMPTY, "6-6", "1/7 7/13 13/19 1/7"),
        "white: 1*13 7 19; black: 2*15; turn: black; idle: 0"
    );
    assert_eq!(
        after("verquere", THIRTEEN_EMPTY, "6-6", "1/7 7/13 1/7 7/13"),
        "white: 1*13 13*2; black: 2*15; turn: black; idle: 0"
    );
}

// ------------------------------------------------------------ case 3

#[test]
fn case_3_bear_off_counts_the_distance() {
    for game in GAMES {
        check(
            game,
            "white: 23 24*2 off*12; black: 1*15",
            "2-1",
            &["23/off 24/off"],
        );
    }
    // The route through 24 is the turn of fewer pips, so it is refused.
    let all = sequences("verquere", "white: 23 24*2 off*12; black: 1*15", "2-1");
    assert!(!all.contains("23/24 24/off"), "{all:?}");
}

// ------------------------------------------------------------ case 4

/// Black: 4 men on his bar, his own men on his points 1, 2, 3 (White's 13,
/// 14, 15): B + O = 7 > 6.
const JEAN: &str = "white: 1*15; black: bar*4 1*9 2 3";

#[test]
fn case_4_jean_loses_a_double_game() {
    for game in ["verquere", "verquere-english", "verquere-five"] {
        assert_eq!(outcome(game, JEAN), WHITE_DOUBLE, "{game}");
        assert_eq!(
            outcome(game, &format!("{JEAN}; turn: black")),
            WHITE_DOUBLE,
            "{game}"
        );
    }
    // With one man fewer on the bar, B + O = 6: the game goes on.
    assert_eq!(
        outcome("verquere", "white: 1*15; black: bar*3 1*10 2 3"),
        Outcome::Ongoing
    );
}

#[test]
fn case_4_no_jean_in_cotton() {
    assert_eq!(outcome("verquere-cotton", JEAN), Outcome::Ongoing);
}

// ------------------------------------------------------------ case 5

/// Black has 3 men on his bar. His first quarter (White's 13..18): a White
/// blot on 13, White closes 14, 15, 16; 17 and 18 are empty. A = 3.
const ENTER: &str = "white: 1*8 13 14*2 15*2 16*2; black: bar*3 17*6 19*6; turn: black";
/// The same with White's 17 closed too: A = 2 < B = 3, Juncker.
const JUNCKER: &str = "white: 1*6 13 14*2 15*2 16*2 17*2; black: bar*3 17*6 19*6; turn: black";

#[test]
fn case_5_three_on_the_bar_and_three_available_enter() {
    for game in GAMES {
        check(game, ENTER, "6-5", &["bar/5 bar/6"]);
        // The 1 enters by hitting the White blot.
        check(game, ENTER, "1-6", &["bar/1 bar/6"]);
    }
    assert_eq!(
        after("verquere", ENTER, "1-6", "bar/1 bar/6"),
        "white: bar 1*8 14*2 15*2 16*2; black: bar 1 6 17*6 19*6; turn: white; idle: 0"
    );
}

#[test]
fn case_5_juncker_passes_even_with_enterable_dice() {
    for game in ["verquere", "verquere-english", "verquere-five"] {
        // Black's points 1 (White's blot) and 6 are open: 1-6 could enter two.
        check(game, JUNCKER, "1-6", &["pass"]);
        check(game, JUNCKER, "4-3", &["pass"]);
    }
}

// ------------------------------------------------------------ case 6

/// White's only free man is on 14; the men on 24 cannot move (not all home).
/// Black closes White's 23 = 14 + 6 + 3.
const ONE_DIE: &str = "white: 14 24*14; black: 1*13 11*2";

#[test]
fn case_6_only_one_die_playable_must_be_the_larger() {
    for game in GAMES {
        check(game, ONE_DIE, "6-3", &["14/20"]);
        check(game, ONE_DIE, "3-6", &["14/20"]);
    }
}

#[test]
fn case_6_the_smaller_when_the_larger_cannot_move() {
    // Black also closes 20: the 6 cannot move at all.
    check(
        "verquere",
        "white: 14 24*14; black: 1*11 8*2 11*2",
        "6-3",
        &["14/17"],
    );
}

#[test]
fn case_6_both_dice_before_the_larger() {
    // 6 first: 2/8, then no 3 (8/11 closed, 5/8 would join 8): one die.
    // 3 first: 5/8, then 8/14: both dice, so the lone 2/8 is refused.
    check(
        "verquere",
        "white: 2 5 24*13; black: 1*13 23*2",
        "6-3",
        &["5/8 8/14"],
    );
}

#[test]
fn case_6_black_larger_die_from_his_side() {
    // Black's free man is on his 2 (White's 14); his 14 men on his 24
    // (White's 12) cannot move. White closes Black's 11 (White's 23).
    check(
        "verquere",
        "white: 1*13 23*2; black: 2 24*14; turn: black",
        "6-3",
        &["2/8"],
    );
}

// ------------------------------------------------------------ 1.3 touchdown

#[test]
fn touchdown_on_a_closed_point_is_refused() {
    // Black closes White's 4: 1/4 4/9 is refused, 1/6 6/9 is not.
    for game in GAMES {
        check(game, "white: 1*15; black: 1*13 16*2", "5-3", &["1/6 6/9"]);
    }
}

#[test]
fn touchdown_refused_on_both_routes_leaves_no_move() {
    // 9 is empty, but both touchdown points are closed.
    check(
        "verquere",
        "white: 1*15; black: 1*11 16*2 18*2",
        "5-3",
        &["pass"],
    );
}

#[test]
fn touchdown_on_a_closed_point_refused_for_black() {
    // White closes Black's 4 (White's 16).
    check(
        "verquere",
        "white: 1*13 16*2; black: 1*15; turn: black",
        "5-3",
        &["1/6 6/9"],
    );
}

#[test]
fn touchdown_through_a_closed_point_with_doubles() {
    // Black closes 7: the man on 4 cannot go on through it, and no second
    // man may join him on 4. One three of four.
    check("verquere", "white: 1*15; black: 1*13 19*2", "3-3", &["1/4"]);
}

// ------------------------------------------------------------ 1.3 touchdown hits

#[test]
fn touchdown_on_a_blot_hits_it() {
    // The two routes to 9 differ now: one hits on 4.
    check(
        "verquere",
        "white: 1*15; black: 1*14 16",
        "5-3",
        &["1/4 1/6", "1/4 4/9", "1/6 6/9"],
    );
    assert_eq!(
        after("verquere", "white: 1*15; black: 1*14 16", "5-3", "1/4 4/9"),
        "white: 1*14 9; black: bar 1*14; turn: black; idle: 0"
    );
    assert_eq!(
        after("verquere", "white: 1*15; black: 1*14 16", "5-3", "1/6 6/9"),
        "white: 1*14 9; black: 1*14 16; turn: black; idle: 0"
    );
}

#[test]
fn touchdown_and_landing_both_hit() {
    assert_eq!(
        after(
            "verquere",
            "white: 1*15; black: 1*13 16 21",
            "5-3",
            "1/4 4/9"
        ),
        "white: 1*14 9; black: bar*2 1*13; turn: black; idle: 0"
    );
}

#[test]
fn black_touchdown_hits_a_white_blot() {
    // White's blot on 16 is Black's 4.
    assert_eq!(
        after(
            "verquere",
            "white: 1*14 16; black: 1*15; turn: black",
            "3-5",
            "1/4 4/9"
        ),
        "white: bar 1*14; black: 1*14 9; turn: white; idle: 0"
    );
}

// ------------------------------------------------------------ 1.4 joining

/// Black closes White's 13..17 (five points: not vulnerable even in
/// verquere-five), so no man of White's can get past 12.
const WALL: &str = "black: 1*3 2*3 3*3 4*3 5*3";

#[test]
fn head_may_be_closed() {
    check(
        "verquere",
        &format!("white: 10 12 24*13; {WALL}"),
        "2-2",
        &["10/12"],
    );
    assert_eq!(
        after(
            "verquere",
            &format!("white: 10 12 24*13; {WALL}"),
            "2-2",
            "10/12"
        ),
        format!("white: 12*2 24*13; {WALL}; turn: black; idle: 0")
    );
}

#[test]
fn head_may_hold_a_third_man() {
    check(
        "verquere",
        &format!("white: 10 12*2 24*12; {WALL}"),
        "2-2",
        &["10/12"],
    );
}

#[test]
fn second_man_on_points_2_to_11_is_refused() {
    for game in GAMES {
        // 9/11 would join, 11/13 is closed.
        check(
            game,
            &format!("white: 9 11 24*13; {WALL}"),
            "2-2",
            &["pass"],
        );
        // 1/2 would join the man on 2, so he moves first. Four pips with
        // at most one man per point: {6}, {3, 4} or {2, 5}.
        check(
            game,
            "white: 1*14 2; black: 1*15",
            "1-1",
            &["2/3 1/2 3/4 2/3", "2/3 1/2 3/4 4/5", "2/3 3/4 4/5 5/6"],
        );
    }
}

#[test]
fn black_may_close_his_head_not_his_points_1_to_11() {
    // White closes Black's 13..17 (White's 1..5). Black's 10 and 12 are
    // White's 22 and 24; his 9 and 11 White's 21 and 23.
    let white = "white: 1*3 2*3 3*3 4*3 5*3";
    check(
        "verquere",
        &format!("{white}; black: 10 12 24*13; turn: black"),
        "2-2",
        &["10/12"],
    );
    check(
        "verquere",
        &format!("{white}; black: 9 11 24*13; turn: black"),
        "2-2",
        &["pass"],
    );
}

// ------------------------------------------------------------ 1.5 re-entry

#[test]
fn reentry_on_a_blot_hits_it() {
    // Black's blot on White's 3; 5 empty.
    let position = "white: bar 1*14; black: 1*14 15";
    check(
        "verquere",
        position,
        "3-5",
        &["bar/3 1/6", "bar/3 3/8", "bar/5 1/4", "bar/5 5/8"],
    );
    assert_eq!(
        after("verquere", position, "3-5", "bar/3 3/8"),
        "white: 1*14 8; black: bar 1*14; turn: black; idle: 0"
    );
}

#[test]
fn black_reentry_on_a_blot_hits_it() {
    // White's blot on 15 is Black's 3.
    assert_eq!(
        after(
            "verquere",
            "white: 1*14 15; black: bar 19*14; turn: black",
            "3-6",
            "bar/3 3/9"
        ),
        "white: bar 1*14; black: 9 19*14; turn: white; idle: 0"
    );
}

#[test]
fn reentry_hit_then_the_other_die_is_free() {
    // After entering (the 1 cannot: his home is his own), the other die
    // may move any man.
    check(
        "verquere",
        "white: bar 1*13 20; black: 1*14 15",
        "3-1",
        &["bar/3 1/2", "bar/3 3/4", "bar/3 20/21"],
    );
}

/// White's man on the bar; his 1 and 3 hold his own men, Black closes his
/// 5. A = 3 (2, 4, 6): no Juncker.
const REENTRY: &str = "white: bar 1*13 3; black: 1*13 17*2";

#[test]
fn reentry_refused_on_a_closed_point() {
    for game in GAMES {
        check(game, REENTRY, "5-5", &["pass"]);
        // The 6 enters; the 5 then moves a man (1/6 would join).
        check(game, REENTRY, "6-5", &["bar/6 3/8", "bar/6 6/11"]);
    }
}

#[test]
fn reentry_refused_on_own_men_home_included() {
    for game in GAMES {
        check(game, REENTRY, "3-1", &["pass"]);
        check(game, REENTRY, "3-3", &["pass"]);
        check(game, REENTRY, "3-2", &["bar/2 1/4", "bar/2 3/6"]);
    }
}

#[test]
fn reentry_refused_with_both_dice_loses_the_turn() {
    // Not Juncker (A = 3), so the pass comes from the dice alone.
    check("verquere", REENTRY, "5-3", &["pass"]);
    assert_eq!(
        after("verquere", REENTRY, "5-3", "pass"),
        "white: bar 1*13 3; black: 1*13 17*2; turn: black; idle: 1"
    );
    // With a 4 he enters, and the 3 is free again (1/4 would join).
    check("verquere", REENTRY, "4-3", &["bar/4 3/6", "bar/4 4/7"]);
}

// ------------------------------------------------------------ 1.5 bar first

#[test]
fn bar_first_then_any_man() {
    check(
        "verquere",
        "white: bar 1*13 8; black: 1*15",
        "4-2",
        &[
            "bar/2 1/5",
            "bar/2 2/6",
            "bar/2 8/12",
            "bar/4 1/3",
            "bar/4 8/10",
        ],
    );
}

#[test]
fn bar_first_two_men_take_both_dice() {
    check(
        "verquere",
        "white: bar*2 1*12 8; black: 1*15",
        "4-2",
        &["bar/2 bar/4"],
    );
}

#[test]
fn bar_first_doubles_stop_when_the_second_man_cannot_enter() {
    // The second man may not join the first on 2, and no other man may
    // move while he waits: one die of four.
    for game in GAMES {
        check(game, "white: bar*2 1*12 8; black: 1*15", "2-2", &["bar/2"]);
    }
    // With one man on the bar, he enters and the rest is free.
    let all = turns("verquere", "white: bar 1*13 8; black: 1*15", "2-2");
    assert!(all.iter().all(|t| t.starts_with("bar/2 ")), "{all:?}");
    assert!(all.contains(&"bar/2 1/3 8/10 10/12".to_string()), "{all:?}");
}

// ------------------------------------------------------------ 1.6 Jean

/// Black: 2 men on his bar and his men on 4 points of his first quarter
/// (White's 13..16): B + O = 6. A blot on White's 4 (Black's 16).
const BEFORE_JEAN: &str = "white: 1*15; black: bar*2 1*3 2*3 3*3 4*3 16";

#[test]
fn jean_after_a_hit_wins_at_once_for_the_hitter() {
    // 1/4 hits: B + O = 7, White wins before the 5 is played. 1/6 then the
    // 3 (1/4) wins too; 1/6 6/9 is the only turn that does not hit.
    check(
        "verquere",
        BEFORE_JEAN,
        "5-3",
        &["1/4", "1/6 1/4", "1/6 6/9"],
    );
    let end = after("verquere", BEFORE_JEAN, "5-3", "1/4");
    assert_eq!(
        end,
        "white: 1*14 4; black: bar*3 1*3 2*3 3*3 4*3; turn: black; idle: 0"
    );
    assert_eq!(outcome("verquere", &end), WHITE_DOUBLE);
}

#[test]
fn jean_after_a_touchdown_hit_ends_the_turn_there() {
    // The blot on 4 is hit by the touchdown of 1/4 4/9: the game ends on 4,
    // so no turn goes on to 9 through it.
    let all = sequences("verquere", BEFORE_JEAN, "5-3");
    assert!(all.contains("1/4"), "{all:?}");
    assert!(!all.contains("1/4 4/9"), "{all:?}");
    assert!(!all.contains("1/4 1/6"), "{all:?}");
}

#[test]
fn jean_after_a_hit_by_black() {
    // White: 2 men on his bar, his men on 1, 2, 3, 4; a blot on his 16
    // (Black's 4). Black hits it with 3 from his 1.
    let position = "white: bar*2 1*3 2*3 3*3 4*3 16; black: 1*15; turn: black";
    let end = after("verquere", position, "3-5", "1/4");
    assert_eq!(outcome("verquere", &end), BLACK_DOUBLE);
    assert!(turns("verquere", position, "3-5").contains(&"1/4".to_string()));
}

#[test]
fn hit_in_the_victims_first_quarter_makes_no_jean() {
    // The blot on Black's 2 (White's 14) is his only man there: the hit
    // adds one to B and takes one from O.
    let position = "white: 1*14 8; black: bar*2 1*4 2 3*4 4*4";
    let end = after("verquere", position, "6-1", "8/14 1/2");
    assert_eq!(outcome("verquere", &end), Outcome::Ongoing, "{end}");
}

#[test]
fn no_jean_after_a_hit_in_cotton() {
    let end = after("verquere-cotton", BEFORE_JEAN, "5-3", "1/4 4/9");
    assert_eq!(outcome("verquere-cotton", &end), Outcome::Ongoing, "{end}");
}

// ------------------------------------------------------------ 1.6 Juncker

#[test]
fn juncker_passes_and_the_roll_stays() {
    let engine = engine("verquere");
    let mut st = state(&engine, JUNCKER, "6-1");
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].len, 0);
    assert_eq!(move_text(&engine, &moves[0]), "pass");
    // The roll is still there to be shown and recorded.
    assert_eq!(
        position_text(&engine, &st),
        format!("{JUNCKER}; dice: 6-1; idle: 0")
    );
    engine.play_unchecked(&mut st, &moves[0]);
    assert_eq!(
        position_text(&engine, &st),
        "white: 1*6 13 14*2 15*2 16*2 17*2; black: bar*3 17*6 19*6; turn: white; idle: 1"
    );
}

#[test]
fn juncker_counts_a_blot_as_available() {
    // Black: 2 men on his bar; his 1 (White's 13) holds a White blot, his
    // 2..4 are closed, his 5 is empty, his 6 holds his own man: A = 2 = B.
    let blot = "white: 1*8 13 14*2 15*2 16*2; black: bar*2 6 17*12; turn: black";
    check("verquere", blot, "1-5", &["bar/1 bar/5"]);
    // With White's 13 closed instead, A = 1 < B: Juncker.
    let closed = "white: 1*7 13*2 14*2 15*2 16*2; black: bar*2 6 17*12; turn: black";
    check("verquere", closed, "1-5", &["pass"]);
    // His own man on his 6 does not make the point available either.
    check("verquere", closed, "6-5", &["pass"]);
}

#[test]
fn juncker_cotton_enters_what_it_can() {
    // Cotton has no Juncker: each man enters if his die allows.
    check("verquere-cotton", JUNCKER, "1-6", &["bar/1 bar/6"]);
    // Two men, one open point (the blot on his 1): one enters, the other
    // die is lost. In verquere that is Juncker.
    let position = "white: 1*6 13 14*2 15*2 16*2 17*2; black: bar*2 6 17*12; turn: black";
    check("verquere-cotton", position, "1-3", &["bar/1"]);
    check("verquere", position, "1-3", &["pass"]);
}

// ------------------------------------------------------------ 1.7 bear-off

#[test]
fn bear_off_larger_die_only_from_the_rearmost() {
    // 6 and 5 both overshoot from 22, 23 and 24: each takes the rearmost.
    check(
        "verquere",
        "white: 22 23 24 off*12; black: 1*15",
        "6-5",
        &["22/off 23/off"],
    );
}

#[test]
fn bear_off_exact_die_from_any_point() {
    // 6: only 20 (rearmost) may bear off; 1: 24/off exactly, or a step.
    // 21/off after 20/21 is the turn of fewer pips (5 against 6).
    check(
        "verquere",
        "white: 20 22 24 off*12; black: 1*15",
        "6-1",
        &["20/off 22/23", "20/off 24/off"],
    );
}

#[test]
fn bear_off_only_with_every_man_home() {
    // 23/off would need the man on 17 home first, and the 1 only brings
    // him to 18.
    check(
        "verquere",
        "white: 17 23 off*13; black: 1*15",
        "2-1",
        &["17/18 18/20", "17/19 23/24"],
    );
    // Once he is home, the same die bears off.
    check(
        "verquere",
        "white: 19 23 off*13; black: 1*15",
        "2-1",
        &["19/20 20/22", "19/20 23/off", "19/21 23/24"],
    );
}

// ------------------------------------------------------------ 1.3 obligation 3: pips

#[test]
fn most_pips_bear_off_counts_the_distance() {
    // 22/23 23/off is 3 pips; the others 4.
    check(
        "verquere",
        "white: 22 23 24*2 off*11; black: 1*15",
        "5-1",
        &["22/off 23/24", "22/off 24/off"],
    );
}

#[test]
fn most_pips_refuses_the_shorter_route_to_the_rearmost_point() {
    // 21/22 22/off is 4 pips; the others 5.
    check(
        "verquere",
        "white: 21 23 24*2 off*11; black: 1*15",
        "6-1",
        &["21/off 23/24", "21/off 24/off"],
    );
}

#[test]
fn most_pips_counts_the_turn_that_bears_off_the_last_man() {
    // RULES 1.3 obligation 3 over all legal complete turns: 23/off 24/off
    // (3 pips, and it wins) is a complete turn, so 23/24 24/off (2 pips)
    // is refused, as in the example of 1.7.
    for game in GAMES {
        check(
            game,
            "white: 23 24 off*13; black: 1*15",
            "2-1",
            &["23/off 24/off"],
        );
    }
}

#[test]
fn most_dice_counts_the_turn_that_ends_the_game() {
    // Black: B + O = 6 with a blot on White's 12. White's free men are on
    // 2 and 4. 6 first: 2/7, then no 3 (7/10 closed, 4/7 would join).
    // 3 first: 4/7, then 7/12 hits: Jean, White wins with both dice used.
    // Obligation 1 is over all complete turns, so the lone 2/7 is refused.
    check(
        "verquere",
        "white: 2 4 24*13; black: bar*2 1*2 2*2 3 4 17*2 21*2 22*2 24",
        "5-3",
        &["4/7 7/12"],
    );
}

// ------------------------------------------------------------ 1.8 last point

/// White's 14 men on 24 and one on 23, all home.
const ALMOST_ALL_ON_LAST: &str = "white: 23 24*14; black: 1*15";

#[test]
fn all_on_the_last_point_wins_double_at_once() {
    for game in ["verquere", "verquere-five"] {
        // 23/24 wins at once (the 2 is never played); or bear two off.
        check(game, ALMOST_ALL_ON_LAST, "2-1", &["23/24", "23/off 24/off"]);
        let end = after(game, ALMOST_ALL_ON_LAST, "2-1", "23/24");
        assert_eq!(end, "white: 24*15; black: 1*15; turn: black; idle: 0");
        assert_eq!(outcome(game, &end), WHITE_DOUBLE);
    }
}

#[test]
fn all_on_the_last_point_not_in_english_or_cotton() {
    for game in ["verquere-english", "verquere-cotton"] {
        // 23/24 24/off is 2 pips against 3.
        check(game, ALMOST_ALL_ON_LAST, "2-1", &["23/off 24/off"]);
        assert_eq!(
            outcome(game, "white: 24*15; black: 1*15; turn: black"),
            Outcome::Ongoing,
            "{game}"
        );
    }
}

#[test]
fn english_all_on_the_last_point_is_just_a_position() {
    // 1-1: in verquere 23/24 wins at once. In verquere-english it is one
    // more die move: with 23/24 and three men off, or four men off from 24.
    check(
        "verquere",
        ALMOST_ALL_ON_LAST,
        "1-1",
        &[
            "23/24",
            "24/off 23/24 24/off 24/off",
            "24/off 24/off 24/off 24/off",
        ],
    );
    check(
        "verquere-english",
        ALMOST_ALL_ON_LAST,
        "1-1",
        &["23/24 24/off 24/off 24/off", "24/off 24/off 24/off 24/off"],
    );
}

#[test]
fn all_on_the_last_point_for_black() {
    // Black's 24 is White's 12.
    assert_eq!(
        outcome("verquere", "white: 1*15; black: 24*15"),
        BLACK_DOUBLE
    );
    assert_eq!(
        outcome("verquere-english", "white: 1*15; black: 24*15"),
        Outcome::Ongoing
    );
    // 14 men there is nothing special.
    assert_eq!(
        outcome("verquere", "white: 1*15; black: 23 24*14"),
        Outcome::Ongoing
    );
}

// ------------------------------------------------------------ 1.9 blocked game

/// Both players shut out: each has a man on his bar, his own men on his
/// points 1, 2, 3 and the other's closed points on his 4, 5, 6 (runs of
/// three: nothing is vulnerable in verquere-five).
const SHUT_OUT: &str = "white: bar 1*6 2 3 16*2 17*2 18*2; black: bar 1*6 2 3 16*2 17*2 18*2";

#[test]
fn blocked_game_draws_after_ten_idle_turns() {
    for game in GAMES {
        check(game, SHUT_OUT, "6-5", &["pass"]);
        let tenth = after(game, &format!("{SHUT_OUT}; idle: 9"), "6-5", "pass");
        assert!(tenth.ends_with("turn: black; idle: 10"), "{tenth}");
        assert_eq!(outcome(game, &tenth), Outcome::Draw, "{game}");
    }
}

#[test]
fn blocked_game_nine_idle_turns_go_on() {
    for game in GAMES {
        assert_eq!(
            outcome(game, &format!("{SHUT_OUT}; idle: 9")),
            Outcome::Ongoing,
            "{game}"
        );
        let ninth = after(game, &format!("{SHUT_OUT}; idle: 8"), "1-1", "pass");
        assert_eq!(outcome(game, &ninth), Outcome::Ongoing, "{game}");
    }
}

#[test]
fn a_man_moving_resets_the_idle_count() {
    assert_eq!(
        after(
            "verquere",
            "white: 1*15; black: 1*15; idle: 9",
            "5-3",
            "1/4 1/6"
        ),
        "white: 1*13 4 6; black: 1*15; turn: black; idle: 0"
    );
}

// ------------------------------------------------------------ verquere-five (a)

#[test]
fn five_no_closed_point_while_home_holds_more_than_ten() {
    // Two men on 13 would close it while home holds 13.
    check(
        "verquere-five",
        THIRTEEN_EMPTY,
        "6-6",
        &["1/7 7/13 1/7 13/19"],
    );
}

/// White's home holds 11; Black closes White's 2.
const ELEVEN_HOME: &str = "white: 1*11 21 22 23 24; black: 1*13 14*2";

#[test]
fn five_home_rule_is_judged_before_every_die_move() {
    // 1 first: 1/2 is closed and every other 1 closes a point (home 11).
    // 3 first: 1/4 takes home to 10; then the 1 may close a point.
    check(
        "verquere-five",
        ELEVEN_HOME,
        "3-1",
        &["1/4 4/5", "1/4 21/22", "1/4 22/23", "1/4 23/24"],
    );
    let all = sequences("verquere-five", ELEVEN_HOME, "3-1");
    assert!(all.contains("1/4 21/22"), "{all:?}");
    assert!(!all.contains("21/22 1/4"), "{all:?}");
    // Without the rule, either die may close a point, in either order:
    // 21/24 with 22/23 or 23/24 as well.
    check(
        "verquere",
        ELEVEN_HOME,
        "3-1",
        &[
            "1/4 4/5",
            "1/4 21/22",
            "1/4 22/23",
            "1/4 23/24",
            "21/24 22/23",
            "21/24 23/24",
        ],
    );
}

#[test]
fn five_home_rule_for_black() {
    // Black's home (White's 13) holds 11; White closes Black's 2 (White's 14).
    let position = "white: 1*13 14*2; black: 1*11 21 22 23 24; turn: black";
    check(
        "verquere-five",
        position,
        "3-1",
        &["1/4 4/5", "1/4 21/22", "1/4 22/23", "1/4 23/24"],
    );
}

// ------------------------------------------------------------ verquere-five (b)

/// Black closes White's 15..20 (his 3..8): a run of six. Three more Black
/// men on White's 10. White's free man is on 14.
const RUN_OF_SIX: &str = "white: 14 24*14; black: 3*2 4*2 5*2 6*2 7*2 8*2 22*3";

#[test]
fn five_lands_on_a_run_of_six_and_hits_every_man() {
    // 14/17 hits both men on 17 and breaks the run: 17/18 is then closed,
    // judged afresh. 14/15 likewise leaves no 3. One die: the larger.
    check("verquere-five", RUN_OF_SIX, "3-1", &["14/17"]);
    assert_eq!(
        after("verquere-five", RUN_OF_SIX, "3-1", "14/17"),
        "white: 17 24*14; black: bar*2 3*2 4*2 6*2 7*2 8*2 22*3; turn: black; idle: 0"
    );
    for game in ["verquere", "verquere-english", "verquere-cotton"] {
        check(game, RUN_OF_SIX, "3-1", &["pass"]);
    }
}

#[test]
fn five_touchdown_on_a_vulnerable_run() {
    // A run of seven (White's 16..22, Black's 4..10). 2 first: 14/16 hits
    // and leaves a run of six, still vulnerable: 16/22 hits again. 6 first:
    // 14/20 hits and splits the run, so 20/22 is closed: one die only.
    let position = "white: 14 24*14; black: 4*2 5*2 6*2 7*2 8*2 9*2 10*2 22";
    check("verquere-five", position, "6-2", &["14/16 16/22"]);
    let end = after("verquere-five", position, "6-2", "14/16 16/22");
    assert_eq!(
        end,
        "white: 22 24*14; black: bar*4 5*2 6*2 7*2 8*2 9*2 22; turn: black; idle: 0"
    );
    // B = 4, O = 2 (White's 17 and 18): no Jean.
    assert_eq!(outcome("verquere-five", &end), Outcome::Ongoing);
    check("verquere", position, "6-2", &["pass"]);
}

#[test]
fn five_reenters_on_a_vulnerable_run_and_no_juncker() {
    // Black closes White's whole first quarter, a run of six: in
    // verquere-five those points are available (A = 6), so no Juncker.
    let position = "white: bar 24*14; black: 13*2 14*2 15*2 16*2 17*2 18*2 22*3";
    check(
        "verquere-five",
        position,
        "3-5",
        &["bar/3 3/8", "bar/5 5/8"],
    );
    assert_eq!(
        after("verquere-five", position, "3-5", "bar/3 3/8"),
        "white: 8 24*14; black: bar*2 13*2 14*2 16*2 17*2 18*2 22*3; turn: black; idle: 0"
    );
    for game in ["verquere", "verquere-english", "verquere-cotton"] {
        check(game, position, "3-5", &["pass"]);
    }
}

#[test]
fn five_a_run_of_five_is_not_vulnerable() {
    let position = "white: bar 24*14; black: 13*2 14*2 15*2 16*2 17*2 22*5";
    check("verquere-five", position, "3-5", &["pass"]);
    check("verquere-five", position, "6-5", &["bar/6 6/11"]);
}

#[test]
fn five_runs_do_not_wrap_from_the_last_point_to_the_first() {
    // Black's 22, 23, 24 (White's 10, 11, 12) and 1, 2, 3 (White's 13, 14,
    // 15): six closed points in White's numbering, two runs of three in
    // Black's.
    let position = "white: 9 24*14; black: 1*2 2*2 3*2 4*3 22*2 23*2 24*2";
    check("verquere-five", position, "1-2", &["pass"]);
}

// ------------------------------------------------------------ verquere-cotton

#[test]
fn cotton_no_joining_on_the_head() {
    check(
        "verquere-cotton",
        &format!("white: 10 12 24*13; {WALL}"),
        "2-2",
        &["pass"],
    );
}

#[test]
fn cotton_no_second_man_anywhere_on_1_to_12() {
    // The head is no exception: 9/12 is refused; 9/10 leaves no 3.
    let position = format!("white: 9 12 24*13; {WALL}");
    check("verquere-cotton", &position, "3-1", &["9/10"]);
    // In verquere 9/12 may join the head: one die either way, the larger.
    check("verquere", &position, "3-1", &["9/12"]);
}

#[test]
fn cotton_lost_die_on_the_bar() {
    // Black's B = 3, A = 2 (his 1 and 6): in verquere Juncker. In cotton
    // one man enters on 6; the next may not join him, so the other three
    // sixes are lost.
    check("verquere-cotton", JUNCKER, "6-6", &["bar/6"]);
    check("verquere", JUNCKER, "6-6", &["pass"]);
}
