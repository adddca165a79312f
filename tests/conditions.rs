//! Every term of a dice game's conditions counts what it says, in every
//! kind of condition (pass, end, forbid, bear off) and for both players.
//!
//! The board has twelve points and the zones `bar` and `off`. White's
//! track runs `bar, 1..12, off`, Black's `bar, 12..1, off`: Black's track
//! position k is point 13 - k. Each term is judged on one fixed position
//! (below) as `TERM = K`, which must hold for exactly the count this file
//! works out by hand, for White and for Black.

use crate::common;

use ludus::engine::{Engine, Outcome, State};
use ludus::notation::{parse_dice, parse_position};
use std::path::Path;

/// The game, with `{rules}` and `{end}` filled in per test.
const GAME: &str = r#"game "Terms"

board {
  points 1..12
  zone bar
  zone off
  rows 12..7 / 1..6
}

player white {
  region corner: 4, 5
}

player black {
  region corner: 7, 8
}

track {
  white: bar, 1..12, off
  black: bar, 12..1, off
  region start: 1..3
  region end: 10..12
}

piece man {
  marks o x
  advance by die
}

setup {
  white man: 1 * 10
  black man: 12 * 10
}

dice {
  count 1
  faces 6
}

rules {
  hit to bar
{rules}
}

end {
{end}
}
"#;

/// An end rule that holds in no position of these tests.
const QUIET_END: &str = "  done: own men in off = 10 => win";

/// White (points): bar 2, off 1, 1:3, 5:1, 11:2, 12:1.
/// Black (points): bar 1, off 4, 2:1, 3:1, 7:2, 10:1.
const POSITION: &str = "white: bar*2 1*3 5 11*2 12 off; black: bar 3 6*2 10 11 off*4";

/// Each term with its count for White and for Black in [`POSITION`].
///
/// White's `start` is points 1..3, his `end` 10..12, his `corner` 4 and 5;
/// Black's `start` is points 12..10, his `end` 3..1, his `corner` 7 and 8.
/// `men in` reads the region of the player whose men it counts; `own
/// points` and `open points` read the regions of the player judged. An
/// `own` or `opponent` before the region's name reads that side's region
/// instead: `opponent men in own start` counts the opponent's men in the
/// judged player's start.
const TERMS: &[(&str, i32, i32)] = &[
    ("own men in bar", 2, 1),
    ("opponent men in bar", 1, 2),
    ("own men in off", 1, 4),
    ("opponent men in off", 4, 1),
    // White: 1:3. Black: 10:1.
    ("own men in start", 3, 1),
    // White counts Black's men on 12..10 (10:1); Black counts White's on 1..3.
    ("opponent men in start", 1, 3),
    // White: 11:2, 12:1. Black: 3:1, 2:1.
    ("own men in end", 3, 2),
    ("opponent men in end", 2, 3),
    // White: 5:1. Black: 7:2.
    ("own men in corner", 1, 2),
    ("opponent men in corner", 2, 1),
    // White holds 1 of 1..3; Black holds 10 of 12..10.
    ("own points in start", 1, 1),
    // White holds 11 and 12; Black holds 3 and 2.
    ("own points in end", 2, 2),
    ("own points in corner", 1, 1),
    ("own points in bar", 1, 1),
    // White: 2 and 3 hold one black man each. Black: 12 holds one white
    // man, 11 two (closed), 10 is his own.
    ("open points in start", 2, 1),
    // White: 10 holds one black man. Black: 1 holds three white men, 2 and
    // 3 are his own.
    ("open points in end", 1, 0),
    // White: 4 empty, 5 his own. Black: 7 his own, 8 empty.
    ("open points in corner", 1, 1),
    // Regions read in a stated frame. White's start 1..3 holds Black's
    // 2:1, 3:1; Black's start 12..10 holds White's 11:2, 12:1.
    ("opponent men in own start", 2, 3),
    ("own men in opponent start", 3, 2),
    // White's end 10..12 holds Black's 10:1; Black's end 3..1 White's 1:3.
    ("opponent men in own end", 1, 3),
    ("own men in opponent end", 3, 1),
    // Nobody stands in the other's corner.
    ("opponent men in own corner", 0, 0),
    ("own men in opponent corner", 0, 0),
    // The men of the game's one kind, counted by kind: as `men in`.
    ("own man pieces in start", 3, 1),
    ("opponent man pieces in own start", 2, 3),
    ("own man pieces in bar", 2, 1),
    // Stating the frame a term reads anyway changes nothing.
    ("own men in own start", 3, 1),
    ("opponent men in opponent start", 1, 3),
    ("own men in own bar", 2, 1),
    ("opponent men in opponent off", 4, 1),
    ("own points in own start", 1, 1),
    ("open points in own end", 1, 0),
    // White holds 11 and 12 of Black's start, Black 2 and 3 of White's.
    ("own points in opponent start", 2, 2),
    // White holds 1 of Black's end (3..1), Black 10 of White's (10..12).
    ("own points in opponent end", 1, 1),
    ("own points in opponent corner", 0, 0),
    // For White, Black's start 12..10: 10 holds one black man. For Black,
    // White's start 1..3: 1 is closed, 2 and 3 his own.
    ("open points in opponent start", 1, 0),
    // For White, Black's end 3..1: 3 and 2 hold one black man each, 1 is
    // his own. For Black, White's end 10..12: 12 holds one white man.
    ("open points in opponent end", 2, 1),
    // For White, Black's corner: 7 closed, 8 empty. For Black, White's
    // corner: 4 empty, 5 one white man.
    ("open points in opponent corner", 1, 2),
    // The backgammon count: the opponent's men on his bar or in the judged
    // player's end.
    ("opponent men in bar + opponent men in own end", 2, 5),
    // Sums and numbers.
    ("own men in bar + opponent men in off + 3", 9, 5),
    (
        "own men in start + own men in end + own men in corner",
        7,
        5,
    ),
];

fn engine(rules: &str, end: &str) -> Engine {
    let text = GAME.replace("{rules}", rules).replace("{end}", end);
    let loaded = ludus::load::load_text(Path::new("terms.game"), &text);
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}\n{}", text, loaded.sources.render(&d)),
    }
}

/// [`POSITION`] with `player` to move and `dice` thrown (none for `""`).
fn position(engine: &Engine, player: usize, dice: &str) -> State {
    let turn = ["white", "black"][player];
    let mut st = parse_position(engine, &format!("{POSITION}; turn: {turn}"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(common::men(engine, &st), [10, 10]);
    if !dice.is_empty() {
        st.dice = parse_dice(engine, dice).unwrap();
    }
    st
}

fn legal(engine: &Engine, st: &State) -> Vec<ludus::engine::Move> {
    let mut moves = Vec::new();
    engine.legal_moves(&mut st.clone(), &mut moves);
    moves
}

/// Whether `cond` holds for `player` as a pass rule.
fn as_pass(cond: &str, player: usize) -> bool {
    let engine = engine(&format!("  pass p: {cond}"), QUIET_END);
    let st = position(&engine, player, "");
    engine.pass_rule(&st) == Some("p")
}

/// Whether `cond` holds for `player` as an end rule. The player judged
/// first is the one who moved last, so `player` is made the one not to move.
fn as_end(cond: &str, player: usize) -> bool {
    let engine = engine("", &format!("  e: {cond} => win"));
    let st = position(&engine, 1 - player, "");
    match engine.outcome(&st) {
        Outcome::Decisive { winner, points: 1 } => winner == player,
        Outcome::Ongoing => false,
        other => panic!("{other:?}"),
    }
}

/// Whether `cond` holds for `player` as a forbid rule without a landing
/// site: then no man may land on any point (each has a die move of 1).
fn as_forbid(cond: &str, player: usize) -> bool {
    let engine = engine(&format!("  forbid f: {cond}"), QUIET_END);
    let st = position(&engine, player, "1");
    let moves = legal(&engine, &st);
    !moves.iter().any(|m| m.len > 0)
}

/// Whether `cond` holds for `player` as the bear-off condition: then the
/// man on his last point bears off with a 1 (White 12, Black 1 .. Black's
/// last point is 1, where White stands, so Black's man on 2 uses a 2).
fn as_bear_off(cond: &str, player: usize) -> bool {
    let engine = engine(&format!("  bear off when {cond}"), QUIET_END);
    let dice = ["1", "2"][player];
    let st = position(&engine, player, dice);
    let off = engine.game().players[player]
        .regions
        .iter()
        .find(|r| r.name == "off")
        .unwrap()
        .sites[0] as u8;
    legal(&engine, &st)
        .iter()
        .any(|m| m.steps().iter().any(|s| s.to == off))
}

/// Whether a condition holds for a player, judged in one kind of rule.
type Judge = fn(&str, usize) -> bool;

/// Checks that `TERM = K` holds exactly for the expected count, in every
/// kind of condition and for both players.
#[test]
fn every_term_counts_what_it_says_in_every_condition_for_both_players() {
    let judges: [(&str, Judge); 4] = [
        ("pass", as_pass),
        ("end", as_end),
        ("forbid", as_forbid),
        ("bear off", as_bear_off),
    ];
    for &(term, white, black) in TERMS {
        for (player, count) in [(0, white), (1, black)] {
            for (kind, holds) in judges {
                for k in [count - 1, count, count + 1] {
                    if k < 0 {
                        continue;
                    }
                    assert_eq!(
                        holds(&format!("{term} = {k}"), player),
                        k == count,
                        "{kind} `{term} = {k}` for {}",
                        ["white", "black"][player]
                    );
                }
            }
        }
    }
}

/// The condition of the issue: `opponent men in bar` counts the men the
/// opponent has on his own bar, so an end rule on it fires.
#[test]
fn opponent_men_in_bar_and_off_count() {
    assert!(as_end("opponent men in bar >= 1", 0));
    assert!(as_end("opponent men in off >= 4", 0));
    assert!(as_pass("opponent men in bar = 2", 1));
    assert!(as_pass("opponent men in off = 1", 1));
}

/// The points `player` may land on with `dice` under `forbid f: COND`, as
/// absolute point names.
fn landings(cond: &str, player: usize, dice: &str) -> Vec<String> {
    let engine = engine(&format!("  forbid f: {cond}"), QUIET_END);
    let st = position(&engine, player, dice);
    landing_names(&engine, &st)
}

/// Every point a die move of the legal turns of `st` lands on, sorted.
fn landing_names(engine: &Engine, st: &State) -> Vec<String> {
    let sites = &engine.game().board.sites;
    let mut out: Vec<String> = legal(engine, st)
        .iter()
        .flat_map(|m| m.steps().iter().map(|s| sites[s.to as usize].name.clone()))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// With a 1, White may land on 1 (from the bar: three of his men), 2 (one
/// black man), 6 (empty) and 12 (one of his men); Black on 12 (from the bar:
/// one white man), 1 (three white men), 2 (one of his men), 6 and 9 (empty).
#[test]
fn men_here_counts_the_landing_site_for_both_players() {
    let white = |c: &str| landings(c, 0, "1");
    let black = |c: &str| landings(c, 1, "1");
    assert_eq!(white("own men here = 7"), ["1", "12", "2", "6"]);
    assert_eq!(white("own men here = 3"), ["12", "2", "6"]);
    assert_eq!(white("own men here = 1"), ["1", "2", "6"]);
    assert_eq!(white("opponent men here = 1"), ["1", "12", "6"]);
    assert_eq!(
        white("own men here + opponent men here = 0"),
        ["1", "12", "2"]
    );
    assert_eq!(black("own men here = 7"), ["1", "12", "2", "6", "9"]);
    assert_eq!(black("own men here = 1"), ["1", "12", "6", "9"]);
    assert_eq!(black("opponent men here = 1"), ["1", "2", "6", "9"]);
    assert_eq!(black("opponent men here = 3"), ["12", "2", "6", "9"]);
    assert_eq!(black("opponent men here >= 1 + 0"), ["2", "6", "9"]);
}

/// `here in` reads the region of the player who lands.
#[test]
fn here_in_reads_the_movers_region() {
    // White's start is 1..3, his end 10..12, his corner 4 and 5.
    assert_eq!(landings("here in start", 0, "1"), ["12", "6"]);
    assert_eq!(landings("here in end", 0, "1"), ["1", "2", "6"]);
    assert_eq!(landings("here in corner", 0, "1"), ["1", "12", "2", "6"]);
    // Black's start is 12..10, his end 3..1, his corner 7 and 8. With a 2
    // he lands from the bar on 11 (hitting two men), from 3 on 1, from 7
    // on 5 and from 10 on 8 (his man on 2 may not bear off).
    assert_eq!(landings("here in start", 1, "1"), ["1", "2", "6", "9"]);
    assert_eq!(landings("here in end", 1, "1"), ["12", "6", "9"]);
    assert_eq!(landings("here in corner", 1, "2"), ["1", "11", "5"]);
    assert_eq!(landings("here in start", 1, "2"), ["1", "5", "8"]);
}

/// `here in opponent REGION` reads the region of the mover's opponent.
#[test]
fn here_in_opponent_reads_the_opponents_region() {
    // Black's start is 12..10, his end 3..1, his corner 7 and 8.
    assert_eq!(landings("here in opponent start", 0, "1"), ["1", "2", "6"]);
    assert_eq!(landings("here in opponent end", 0, "1"), ["12", "6"]);
    assert_eq!(
        landings("here in opponent corner", 0, "1"),
        ["1", "12", "2", "6"]
    );
    // White's start is 1..3, his end 10..12, his corner 4 and 5.
    assert_eq!(landings("here in opponent start", 1, "1"), ["12", "6", "9"]);
    assert_eq!(
        landings("here in opponent end", 1, "1"),
        ["1", "2", "6", "9"]
    );
    assert_eq!(
        landings("here in opponent corner", 1, "2"),
        ["1", "11", "8"]
    );
    // Stating the mover's own frame changes nothing.
    assert_eq!(landings("here in own start", 0, "1"), ["12", "6"]);
    assert_eq!(landings("here in own corner", 1, "2"), ["1", "11", "5"]);
}

/// The points an end rule's result is worth reach the outcome: `single`,
/// `double`, `triple` and `N points`, for a win and for a loss.
#[test]
fn results_are_worth_the_points_they_state() {
    for (result, winner, points) in [
        ("win", 0, 1),
        ("win single", 0, 1),
        ("win double", 0, 2),
        ("win triple", 0, 3),
        ("win 5 points", 0, 5),
        ("win 1 point", 0, 1),
        ("loss triple", 1, 3),
        ("loss 64 points", 1, 64),
    ] {
        let engine = engine("", &format!("  e: own men in bar = 2 => {result}"));
        // The rule holds for White (two men on his bar) as the last mover.
        let st = position(&engine, 1, "");
        assert_eq!(
            engine.outcome(&st),
            Outcome::Decisive { winner, points },
            "`=> {result}`"
        );
        let text = ludus::playout::outcome_text(&engine, engine.outcome(&st));
        let name = ["white", "black"][winner];
        let expected = match points {
            1 => format!("{name} wins"),
            2 => format!("{name} wins a double game"),
            n => format!("{name} wins {n} points"),
        };
        assert_eq!(text, expected);
    }
}

/// `here vulnerable` and `open points` see the opponent's runs of closed
/// points longer than the game allows.
#[test]
fn vulnerable_runs_are_seen_by_both_players() {
    // White's run is 10..12 (two men each; 1 stands alone); Black's is 7
    // and 6 (his positions 6 and 7; 9 and 2 stand alone).
    let landings = |forbid: &str, player: usize, dice: &str| {
        let rules = format!("  vulnerable runs longer than 1\n  forbid f: {forbid}");
        let engine = engine(&rules, QUIET_END);
        let text = "white: 1*4 10*2 11*2 12*2; black: 4*2 6*2 7*2 11*4";
        let mut st = parse_position(&engine, text).unwrap();
        st.to_move = player as u8;
        st.dice = parse_dice(&engine, dice).unwrap();
        landing_names(&engine, &st)
    };
    let closed = "opponent men here >= 2 and not here vulnerable";
    // White with a 6: only 1 to 7 lands (the others may not bear off), on
    // two black men in a vulnerable run.
    assert_eq!(landings(closed, 0, "6"), ["7"]);
    assert!(landings("opponent men here >= 2", 0, "6").is_empty());
    // Black with a 1: 2 to 1 is closed (White's four men stand alone), 6
    // to 5, 7 to 6 and 9 to 8 land.
    assert_eq!(landings(closed, 1, "1"), ["5", "6", "8"]);
    // As a forbid without a landing site, a count that holds forbids every
    // landing. White's start (1..3): 1 his own, 2 closed, 3 empty: one open
    // point; his end is all his own. Black's start (12..10) is White's
    // vulnerable run: all open; his end (3..1): 3 empty, 2 his own, 1
    // closed: one open point.
    for (cond, player, holds) in [
        ("open points in start = 1", 0, true),
        ("open points in start = 2", 0, false),
        ("open points in end = 0", 0, true),
        ("open points in start = 3", 1, true),
        ("open points in start = 2", 1, false),
        ("open points in end = 1", 1, true),
        ("open points in end = 2", 1, false),
    ] {
        let none = landings(cond, player, "1").is_empty();
        assert_eq!(none, holds, "`{cond}` for player {player}");
    }
}

/// `moving KIND` reads the kind of the man a die move moves: a dice game's
/// men are of one kind, so it holds for every die move, alone (a landing
/// program) and joined to a test the search judges move by move.
#[test]
fn moving_reads_the_kind_of_the_man_moved() {
    assert_eq!(
        landings("moving man and here in start", 0, "1"),
        ["12", "6"]
    );
    assert_eq!(
        landings("moving man and here in start", 1, "2"),
        landings("here in start", 1, "2")
    );
    assert_eq!(
        landings("moving man and own men here = 3", 0, "1"),
        ["12", "2", "6"]
    );
    assert_eq!(
        landings("not moving man or here in end", 0, "1"),
        landings("here in end", 0, "1")
    );
}

/// `player NAME` binds a condition to one side in a dice game too: in a
/// landing program, in the search's own judgement of a test, and in an
/// end condition.
#[test]
fn player_binds_a_condition_to_one_side() {
    // White may not land in his start; Black lands as he would.
    let rule = "player white and here in start";
    assert_eq!(landings(rule, 0, "1"), landings("here in start", 0, "1"));
    assert_eq!(landings(rule, 1, "1"), landings("1 = 1 and 0 = 1", 1, "1"));
    // Joined to a count of the landing site the search judges itself.
    let rule = "player black and opponent men here = 1";
    assert_eq!(
        landings(rule, 1, "1"),
        landings("opponent men here = 1", 1, "1")
    );
    assert_eq!(landings(rule, 0, "1"), landings("1 = 1 and 0 = 1", 0, "1"));
    // An end condition: it holds for the player it names only.
    assert!(as_end("player white and own men in bar >= 0", 0));
    assert!(!as_end("player white and own men in bar >= 0", 1));
}

// ------------------------------------------------ the die a move plays

/// Verquere whose men enter from the bar on a 6 only.
fn enter_on_six() -> Engine {
    common::variant_of(
        "verquere.game",
        "rules {\n  forbid six-to-enter: from in bar and die < 6\n}",
    )
}

/// The legal turns' texts at `position` with `dice` thrown.
fn turns_at(engine: &Engine, position: &str) -> Vec<String> {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    moves
        .iter()
        .map(|m| ludus::notation::move_text(engine, m))
        .collect()
}

#[test]
fn a_forbid_rule_reads_the_die_a_die_move_plays() {
    let engine = enter_on_six();
    let verquere = common::engine_at(&common::root().join("games/verquere.game"));
    let hit = "white: bar 1*14; black: 1*15; turn: white";
    // Without a 6 the man on the bar stays there, and with him every other
    // man (`first from bar`): White passes. Verquere itself enters him.
    assert_eq!(turns_at(&engine, &format!("{hit}; dice: 5-3")), ["pass"]);
    let plain = turns_at(&verquere, &format!("{hit}; dice: 5-3"));
    assert!(plain.iter().any(|t| t.starts_with("bar/")), "{plain:?}");
    // With a 6 he enters by it, and the 3 plays on.
    let with_six = turns_at(&engine, &format!("{hit}; dice: 6-3"));
    assert!(
        !with_six.is_empty() && with_six.iter().all(|t| t.contains("bar/6")),
        "{with_six:?}"
    );
    assert!(
        with_six.iter().all(|t| !t.contains("bar/3")),
        "{with_six:?}"
    );
    // A man on the board moves by any die.
    let free = turns_at(&engine, "white: 1*15; black: 1*15; turn: white; dice: 5-3");
    assert_eq!(
        free,
        turns_at(
            &verquere,
            "white: 1*15; black: 1*15; turn: white; dice: 5-3"
        )
    );
}

#[test]
fn the_die_is_refused_where_no_die_move_is_judged() {
    for (base, rules, wanted) in [
        (
            "verquere.game",
            "rules {\n  pass stuck: die < 6\n}\n",
            "judges none",
        ),
        (
            "english-draughts.game",
            "rules {\n  forbid low: die < 6\n}\n",
            "a game without dice moves no piece by a die",
        ),
    ] {
        let text = format!("variant \"v\" of \"{base}\"\n{rules}");
        let loaded = ludus::load::load_text(&common::root().join("games/variant.game"), &text);
        let Err(d) = loaded.game else {
            panic!("{base}: `die` accepted")
        };
        let shown = loaded.sources.render(&d);
        assert!(shown.contains(wanted), "{base}: {shown}");
    }
}
