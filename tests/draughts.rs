//! English draughts (`games/english-draughts.game`) on worked positions:
//! the numbered dark-square board, men and kings, compulsory capture, and
//! crowning that ends the move; then the capture rules of other members of
//! the family: a Russian king landing where its capture goes on (`capture
//! lands where it goes on`), a Turkish king never turning back (`chain
//! never turns back`). The perft counts are in `tests/data/`.

use crate::common;

use ludus::engine::{Engine, Outcome, State};
use ludus::load::load_text;
use ludus::notation::{move_text, parse_position};

const GAME: &str = "games/english-draughts.game";

fn draughts() -> Engine {
    common::engine_at(&common::root().join(GAME))
}

/// The game a variant text of English draughts describes.
fn variant(text: &str) -> Engine {
    let loaded = load_text(&common::root().join("games/variant.game"), text);
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}", loaded.sources.render(&d)),
    }
}

fn state(engine: &Engine, position: &str) -> State {
    parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"))
}

/// The legal moves of a position, as sorted texts.
fn moves(engine: &Engine, st: &mut State) -> Vec<String> {
    let mut moves = Vec::new();
    engine.legal_moves(st, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
    texts.sort();
    texts
}

#[track_caller]
fn check(engine: &Engine, position: &str, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(
        moves(engine, &mut state(engine, position)),
        expected,
        "{position}"
    );
}

#[test]
fn numbered_squares_name_the_opening_moves() {
    let engine = draughts();
    let mut st = engine.start();
    let expected = ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"];
    assert_eq!(moves(&engine, &mut st), expected);
}

#[test]
fn numbering_follows_the_rows_from_blacks_side() {
    let engine = draughts();
    let board = &engine.game().board;
    let square = |n: &str| {
        let s = board.sites.iter().find(|s| s.name == n).unwrap();
        s.coord.unwrap()
    };
    // 1 = b8, 4 = h8 (single corner), 5 = a7, 29 = a1, 32 = g1.
    assert_eq!(square("1"), (1, 7));
    assert_eq!(square("4"), (7, 7));
    assert_eq!(square("5"), (0, 6));
    assert_eq!(square("29"), (0, 0));
    assert_eq!(square("32"), (6, 0));
    assert_eq!(board.sites.len(), 32);
}

#[test]
fn men_step_forward_only_and_kings_every_diagonal() {
    let engine = draughts();
    check(&engine, "black: 14; white: 32", &["14-17", "14-18"]);
    check(
        &engine,
        "black: king 14; white: 32",
        &["14-10", "14-17", "14-18", "14-9"],
    );
}

#[test]
fn capture_is_compulsory_and_a_chain_goes_on() {
    let engine = draughts();
    // 15 (e5) jumps 18 (d4) to 22, then 25 (b2) to 29 (a1).
    check(&engine, "black: 15 1; white: 18 25", &["15x22x29"]);
}

#[test]
fn crowning_ends_the_move() {
    let engine = draughts();
    // 22 takes 26 and is crowned on 31; as a king it could take 27 next,
    // but crowning ends the move.
    let position = "black: 22; white: 26 27";
    check(&engine, position, &["22x31"]);
    let mut st = state(&engine, position);
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    engine.play_unchecked(&mut st, &list[0]);
    assert_eq!(
        ludus::notation::position_text(&engine, &st),
        "black: king 31; white: 27; turn: white; quiet: 0"
    );
}

#[test]
fn promotion_goes_on_with_the_chain_unless_told_to_stop() {
    let engine = variant(
        "variant \"Crowning continues\" of \"english-draughts.game\"\n\
         piece man { promote to king on opponent back-rank then continue }\n",
    );
    check(&engine, "black: 22; white: 26 27", &["22x31x24"]);
    let engine = variant(
        "variant \"Crowning continues\" of \"english-draughts.game\"\n\
         piece man { promote to king on opponent back-rank }\n",
    );
    check(&engine, "black: 22; white: 26 27", &["22x31x24"]);
}

#[test]
fn a_player_without_a_move_loses() {
    let engine = draughts();
    // Black's man on 28 (h2) is blocked by White's on 32 (g1).
    let st = state(&engine, "black: 28; white: 32");
    assert_eq!(
        engine.outcome(&st),
        Outcome::Decisive {
            winner: 1,
            points: 1
        }
    );
}

/// A bundled game's engine.
fn game(name: &str) -> Engine {
    common::engine_at(&common::root().join("games").join(name))
}

#[test]
fn a_russian_king_lands_where_its_capture_goes_on() {
    let engine = game("russian-draughts.game");
    // The king on a1 takes c3; of the squares beyond (d4 to h8), only from
    // e5 can it go on, taking f4: it must land there. Beyond f4, neither g3
    // nor h2 lets it go on, so it may land on either.
    let position = "white: king a1; black: c3 f4";
    check(&engine, position, &["a1xe5xg3", "a1xe5xh2"]);
    // Without the rule, every landing beyond c3 is a move.
    let anywhere = variant(
        "variant \"Landing anywhere\" of \"russian-draughts.game\"\n\
         rules { capture lands anywhere }\n",
    );
    check(
        &anywhere,
        position,
        &["a1xd4", "a1xe5xg3", "a1xe5xh2", "a1xf6", "a1xg7", "a1xh8"],
    );
}

#[test]
fn a_russian_man_crowned_mid_capture_goes_on_as_a_king() {
    let engine = game("russian-draughts.game");
    // Black's man on a5 takes b4 and d2, is crowned on e1, and goes on as
    // a king over f2; it must land on g3 (h4 holds White's man), and from
    // g3 takes f4, landing on e5 or d6 (c7 is Black's).
    check(
        &engine,
        "white: d2 f2 b4 f4 h4; black: a5 c7; turn: black",
        &["a5xc3xe1xg3xd6", "a5xc3xe1xg3xe5"],
    );
}

#[test]
fn a_turkish_king_never_turns_back_within_a_chain() {
    let engine = game("turkish-draughts.game");
    // The king on d4 may take d2 (south) or d6 (north). After d2, going
    // back north over d6 would turn 180 degrees: refused, so the longest
    // capture takes d6, then turns a right angle to take b7.
    let position = "white: king d4; black: d2 d6 b7";
    check(&engine, position, &["d4xd7xa7"]);
    // Allowed to turn back, the king takes all three.
    let back = variant(
        "variant \"Turning back\" of \"turkish-draughts.game\"\n\
         rules { chain turns back }\n",
    );
    check(&back, position, &["d4xd1xd7xa7"]);
}
