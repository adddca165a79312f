//! The condition language's `forbid` and `evaluate` in games without dice:
//! a `forbid` rule judges each move by the site it leaves (`from in`) and
//! the site where it ends (`here in`), before the obligations; a forbidden
//! capture is no capture, so the steps come back where every capture is
//! forbidden. `evaluate` gives the agents the game's own judgement.

use crate::common;

use common::root;
use ludus::engine::{Engine, Move};
use ludus::load::load_text;
use ludus::notation::{move_text, parse_position};

/// English draughts with `extra` added to its players and rules.
fn draughts(regions: &str, rules: &str) -> Engine {
    let path = root().join("games/english-draughts.game");
    let text = std::fs::read_to_string(&path).expect("the bundled game");
    let text = text
        .replace(
            "  region back-rank: rank 8\n",
            &format!("  region back-rank: rank 8\n{regions}"),
        )
        .replace(
            "  region back-rank: rank 1\n",
            &format!("  region back-rank: rank 1\n{regions}"),
        )
        .replace(
            "  chain compulsory\n",
            &format!("  chain compulsory\n{rules}"),
        );
    let loaded = load_text(&path, &text);
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}", loaded.sources.render(&d)),
    }
}

fn turns(engine: &Engine, position: Option<&str>) -> Vec<String> {
    let mut st = match position {
        Some(p) => parse_position(engine, p).unwrap_or_else(|e| panic!("{p}: {e}")),
        None => engine.start(),
    };
    let mut moves: Vec<Move> = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
    texts.sort();
    texts
}

const EDGE: &str = "  region edge: file a, file h\n";

#[test]
fn a_forbidden_landing_drops_the_moves_that_end_there() {
    // Black's seven opening moves in English draughts are 9-13, 9-14,
    // 10-14, 10-15, 11-15, 11-16, 12-16; square 13 is a5, on the edge.
    let plain = draughts("", "");
    assert_eq!(
        turns(&plain, None),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    let edge = draughts(EDGE, "  forbid edge: here in edge\n");
    assert_eq!(
        turns(&edge, None),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-14"]
    );
}

#[test]
fn a_forbidden_origin_drops_the_moves_that_leave_it() {
    // Squares 12 and 20 (h6, h4) are on the edge: 12-16 leaves it.
    let edge = draughts(EDGE, "  forbid stay: from in edge\n");
    assert_eq!(
        turns(&edge, None),
        ["10-14", "10-15", "11-15", "11-16", "9-13", "9-14"]
    );
}

#[test]
fn a_forbidden_capture_is_no_capture() {
    let edge = draughts(EDGE, "  forbid edge: here in edge\n");
    // 6x13 lands on a5: without it, the man steps, captures being
    // compulsory only where one is allowed.
    let alone = "black: 6; white: 9 30; turn: black";
    assert_eq!(turns(&draughts("", ""), Some(alone)), ["6x13"]);
    assert_eq!(turns(&edge, Some(alone)), ["6-10"]);
    // With an allowed capture beside it, that capture is compulsory.
    let both = "black: 6 7; white: 9 11 30; turn: black";
    assert_eq!(turns(&draughts("", ""), Some(both)), ["6x13", "7x16"]);
    assert_eq!(turns(&edge, Some(both)), ["7x16"]);
}

#[test]
fn a_forbid_rule_is_judged_for_the_player_to_move() {
    // Black alone may not land on the edge.
    let edge = draughts(EDGE, "  forbid edge: player black and here in edge\n");
    assert_eq!(turns(&edge, None).len(), 6);
    let white = "black: 1; white: 21 22; turn: white";
    assert_eq!(
        turns(&edge, Some(white)),
        turns(&draughts("", ""), Some(white))
    );
    assert!(turns(&edge, Some(white)).contains(&"21-17".to_string()));
}

#[test]
fn evaluate_judges_a_position_of_a_game_without_dice() {
    let judged = draughts("", "  evaluate: own pieces + own king pieces\n");
    let st = parse_position(&judged, "black: 1 2 king 3; white: 30; turn: black").unwrap();
    // Black: 3 pieces + 1 king; White: 1 piece.
    assert_eq!(judged.evaluation(&st, 0), Some(3));
    assert_eq!(judged.evaluation(&st, 1), Some(-3));
    assert_eq!(draughts("", "").evaluation(&st, 0), None);
}

#[test]
fn a_pass_rule_makes_the_player_to_move_pass() {
    let waiting = draughts("", "  pass wait: player black and own pieces > 11\n");
    assert_eq!(turns(&waiting, None), ["pass"]);
    assert_eq!(waiting.pass_rule(&waiting.start()), Some("wait"));
    // Once Black is down to eleven men, or for White, no one passes.
    let eleven =
        "black: 1 2 3 4 5 6 7 8 9 10 11; white: 21 22 23 24 25 26 27 28 29 30 31 32; turn: black";
    assert_eq!(
        turns(&waiting, Some(eleven)),
        turns(&draughts("", ""), Some(eleven))
    );
    let mut st = waiting.start();
    let mut moves = Vec::new();
    waiting.legal_moves(&mut st, &mut moves);
    waiting.play_unchecked(&mut st, &moves[0]);
    assert_eq!(waiting.pass_rule(&st), None);
    assert_eq!(
        turns(&waiting, Some("black: 1; white: 21 22; turn: white")).len(),
        3
    );
}

#[test]
fn a_forbid_rule_may_name_the_moving_piece_s_kind() {
    // Black's man on 8 steps to 11 or to 12 (h6, on the edge); his king
    // on 17 (b4) to 13 and 21 (a5, a3: the edge), 14 and 22.
    let position = Some("black: 8 king 17; white: 30; turn: black");
    let plain = draughts(EDGE, "");
    assert_eq!(
        turns(&plain, position),
        ["17-13", "17-14", "17-21", "17-22", "8-11", "8-12"]
    );
    let kings = draughts(
        EDGE,
        "  forbid kings-inland: moving king and here in edge\n",
    );
    assert_eq!(turns(&kings, position), ["17-14", "17-22", "8-11", "8-12"]);
    let men = draughts(EDGE, "  forbid men-inland: moving man and here in edge\n");
    assert_eq!(
        turns(&men, position),
        ["17-13", "17-14", "17-21", "17-22", "8-11"]
    );
    // `moving` names a kind the game has, and judges a move.
    let path = root().join("games/english-draughts.game");
    let text = std::fs::read_to_string(&path).unwrap();
    for (rule, said) in [
        ("  forbid x: moving kong\n", "there is no piece `kong`"),
        ("  pass x: moving king\n", "`moving KIND` needs a move"),
    ] {
        let text = text.replace(
            "  chain compulsory\n",
            &format!("  chain compulsory\n{rule}"),
        );
        let loaded = load_text(&path, &text);
        let err = loaded.game.expect_err("a refused rule");
        let shown = loaded.sources.render(&err);
        assert!(shown.contains(said), "{shown}");
    }
}

#[test]
fn a_count_of_one_kind_may_be_read_in_a_region() {
    // Squares 4, 12, 20, 28 are on the h-file and 5, 13, 21, 29 on the
    // a-file: the edge. Black has a man and two kings there and a king
    // inland; White a king there and a man inland.
    let position = "black: 12 king 13 21 14; white: 22 king 29; turn: black";
    let eval = |sum: &str, player: usize| {
        let judged = draughts(EDGE, &format!("  evaluate: {sum}\n"));
        let st = parse_position(&judged, position).unwrap();
        judged.evaluation(&st, player)
    };
    // Kings on the edge: Black 2, White 1.
    assert_eq!(eval("own king pieces in edge", 0), Some(1));
    assert_eq!(eval("own king pieces in edge", 1), Some(-1));
    // Men on the edge: Black 1, White 0.
    assert_eq!(eval("own man pieces in edge", 0), Some(1));
    // A region read in the other player's frame: the same edge here.
    assert_eq!(eval("own king pieces in opponent edge", 0), Some(1));
    // The whole board, as before: Black's three kings against White's one.
    assert_eq!(eval("own king pieces", 0), Some(2));
    // Against other terms: Black's pieces less his kings off the edge.
    assert_eq!(
        eval("own pieces + opponent king pieces in edge", 0),
        Some(4 + 1 - 2 - 2)
    );
}
