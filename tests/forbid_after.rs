//! `forbid NAME after move: CONDITION`: a `forbid` rule judged on the
//! position after the die move (the man off his origin, on his landing
//! site, any man hit gone), against the default reading, judged before it.
//!
//! The games are `tests/data/crowded-table.game` (`forbid crowd after
//! move: own men in second-table > 4`, his points 7 to 12) and its variant
//! `crowded-table-before.game` (the same condition, judged before); in a
//! game without dice, `tests/data/crowded-grid.game` (`forbid crowd after
//! move: own men in top >= 2`), judged after the whole move.

use crate::common;

use ludus::engine::Engine;
use ludus::notation::{move_text, parse_dice, parse_position};

fn engine(file: &str) -> Engine {
    common::engine_at(&common::root().join("tests/data").join(file))
}

/// The legal turns, as texts in the engine's order.
fn turns(engine: &Engine, position: &str, dice: &str) -> Vec<String> {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{e}"));
    st.dice = parse_dice(engine, dice).unwrap_or_else(|e| panic!("{e}"));
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    moves.iter().map(|m| move_text(engine, m)).collect()
}

/// White has four men in his second table (three on 8, one on 9), one on
/// 5 and ten borne off; Black's men are all on 20. Roll 3-1.
///
/// Judged after the die move, 5/8 would make five men in the table and is
/// never allowed (no man can leave the table first: 9/12 and 8/11 stay in
/// it), and 5/6 6/9 neither; moves within the table keep four: 5/6 8/11,
/// 5/6 9/12, 8/9 8/11, 8/9 9/12 (as 8/11 11/12 or 9/12 8/9: 8*2 9 12),
/// 8/11 9/10, and 9/10 10/13 (as 9/12 12/13), the one man leaving: 6
/// turns.
///
/// Judged before, the count is four before either die move unless 5/8
/// came first (then five, and no second die move, a turn of one die that
/// `play most dice` drops): the same 6, and 5/6 6/9 (as 8/9 5/8: 8*3 9*2)
/// and 9/10 5/8 (8*4 10), each leaving five men in the table: 8 turns.
#[test]
fn a_move_within_a_full_table_is_allowed_and_one_into_it_is_not() {
    let position = "white: 5 8*3 9 off*10; black: 5*15; turn: white";
    let within = [
        "5/6 8/11",
        "5/6 9/12",
        "8/9 8/11",
        "8/9 9/12",
        "8/11 9/10",
        "9/10 10/13",
    ];
    assert_eq!(
        turns(&engine("crowded-table.game"), position, "3-1"),
        within
    );
    assert_eq!(
        turns(&engine("crowded-table-before.game"), position, "3-1"),
        [
            "5/6 6/9",
            "5/6 8/11",
            "5/6 9/12",
            "8/9 8/11",
            "8/9 9/12",
            "8/11 9/10",
            "9/10 5/8",
            "9/10 10/13"
        ]
    );
}

/// With a hit: White has 6, four men in the table (8*3 9) and ten off;
/// Black a blot on White's 10 and 14 men on 20. Roll 4-1. Alone, the 4
/// plays 6/10* (five in the table: refused), 8/12 (four) or 9/13 (three);
/// the 1 plays 6/7 (five: refused), 8/9 or 9/10* (four, hitting). Turns:
/// 8/9 8/12 (as 8/12 8/9), 8/9 9/13 (as 8/12 12/13: 8*2 9 13), 8/12 9/10*,
/// 9/10* 10/14 (the man from 9 to 14, hitting), 9/13 6/7 (three, then
/// four), 9/13 13/14 (to 14 without the hit); 6/10* after 8/9 or 9/10*
/// makes five, refused: 6 turns.
#[test]
fn the_crowd_is_counted_after_a_hit() {
    let engine = engine("crowded-table.game");
    let position = "white: 6 8*3 9 off*10; black: 5*14 15; turn: white";
    assert_eq!(
        turns(&engine, position, "4-1"),
        [
            "8/9 8/12",
            "8/9 9/13",
            "8/12 9/10",
            "9/10 10/14",
            "9/13 6/7",
            "9/13 13/14"
        ]
    );
}

/// `ludus explain` names the after-move rule, at its line, as what
/// forbids 5/6 6/9 in the position above (a fifth man into the table).
#[test]
fn explain_names_the_after_move_rule() {
    let run = common::ludus(&[
        "explain",
        "tests/data/crowded-table.game",
        "--position",
        "white: 5 8*3 9 off*10; black: 5*15; turn: white",
        "--dice",
        "3-1",
        "5/6 6/9",
    ]);
    assert!(
        run.stdout
            .contains("is forbidden by `forbid crowd after move: own men in second-table > 4`"),
        "{}",
        run.stdout
    );
}

/// In a game without dice the rule is judged after the whole move: White
/// has a man on the top rank (b3) and one below it (c2); c2-c3 would put a
/// second man there and is forbidden, leaving a1-a2. Judged before the
/// move (the same rule without `after move`) one man stands there, and
/// c2-c3 is legal. The rule takes effect in a playout too: no position of
/// seeded random games has two white men on the top rank.
#[test]
fn a_grid_game_judges_its_rule_after_the_whole_move() {
    let after = engine("crowded-grid.game");
    let position = "white: b3 c2 a1; black: a3; turn: white";
    let listed = |engine: &Engine| {
        let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        engine.legal_moves(&mut st, &mut moves);
        moves
            .iter()
            .map(|m| move_text(engine, m))
            .collect::<Vec<_>>()
    };
    assert_eq!(listed(&after), ["a1-a2"]);
    let before = common::variant_of(
        "../tests/data/crowded-grid.game",
        "rules {\n  forbid crowd: own men in top >= 2\n}",
    );
    assert_eq!(listed(&before), ["a1-a2", "c2-c3"]);
    for seed in 0..50 {
        let mut rng = ludus::rng::rng(seed);
        let mut st = after.start();
        let mut moves = Vec::new();
        for _ in 0..20 {
            after.legal_moves(&mut st, &mut moves);
            if after.outcome_with(&st, !moves.is_empty()) != ludus::engine::Outcome::Ongoing {
                break;
            }
            let m = moves[rand::RngExt::random_range(&mut rng, 0..moves.len())];
            after.play_unchecked(&mut st, &m);
            let text = ludus::notation::position_text(&after, &st);
            let white = text
                .split(';')
                .find_map(|f| f.strip_prefix("white:"))
                .unwrap();
            let on_top = (white.split_whitespace())
                .filter(|s| s.ends_with('3'))
                .count();
            assert!(on_top < 2, "seed {seed}: {text}");
        }
    }
}
