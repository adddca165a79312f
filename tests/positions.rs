//! The position notation refuses what a game can never hold, through
//! `ludus moves --position`: each refusal names the field.

use crate::common;

use common::{Run, ludus, root, temp_dir};

/// Runs `ludus moves GAME --position POSITION [--dice D]` from the crate
/// root.
fn moves(game: &str, position: &str, dice: Option<&str>) -> Run {
    let mut args = vec!["moves", game, "--position", position];
    if let Some(d) = dice {
        args.extend(["--dice", d]);
    }
    ludus(&args)
}

/// The roll given with a position of `game`: one for the dice games.
fn dice_of(game: &str) -> Option<&'static str> {
    if game.ends_with("ur.game") {
        Some("2")
    } else {
        ["verquere", "backgammon", "plakoto"]
            .iter()
            .any(|g| game.contains(g))
            .then_some("5-3")
    }
}

/// Asserts that `position` is refused as a bad position saying `says`.
fn refused(game: &str, position: &str, says: &str) {
    let dice = dice_of(game);
    let run = moves(game, position, dice);
    assert_eq!(run.code, 1, "{game}: `{position}` was accepted");
    assert!(
        run.stderr.contains("bad position") && run.stderr.contains(says),
        "{game}: `{position}`: wanted `{says}` in: {}",
        run.stderr
    );
}

/// Asserts that `position` is read.
fn accepted(game: &str, position: &str) {
    let dice = dice_of(game);
    let run = moves(game, position, dice);
    assert_eq!(run.code, 0, "{game}: `{position}`: {}", run.stderr);
}

const GRID: &str = "games/alquerque.game";
const HUFF: &str = "games/alquerque-huff.game";
const DICE: &str = "games/verquere.game";

#[test]
fn huff_field_without_huffing_is_refused() {
    refused(
        GRID,
        "white: a1; black: e5 d5; turn: white; huff: e5",
        "huff: this game has no huffing",
    );
    refused(
        DICE,
        "white: 1*15; black: 1*15; huff: 13",
        "huff: this game has no huffing",
    );
    // Where huffing is a rule, the field is read.
    accepted(HUFF, "white: a1; black: e5 d5; turn: white; huff: e5");
}

#[test]
fn quiet_field_in_dice_games_is_refused() {
    refused(
        DICE,
        "white: 1*15; black: 1*15; quiet: 3",
        "quiet: this game counts no turns without a capture",
    );
}

#[test]
fn dice_fields_in_games_without_dice_are_refused() {
    refused(
        GRID,
        "white: a1; black: e5; idle: 0",
        "idle: this game counts no turns in which no man moved",
    );
    refused(
        GRID,
        "white: a1; black: e5; dice: 5-3",
        "dice: this game has no dice",
    );
    refused(
        GRID,
        "white: a1*2; black: e5",
        "white: `a1*2`: only dice games stack men",
    );
}

#[test]
fn repeated_fields_are_refused() {
    refused(
        GRID,
        "white: a1; black: e5; turn: white; turn: black",
        "turn: the field is given twice",
    );
    refused(
        GRID,
        "white: a1; black: e5; quiet: 1; quiet: 2",
        "quiet: the field is given twice",
    );
    refused(
        DICE,
        "white: 1*15; black: 1*15; idle: 1; idle: 2",
        "idle: the field is given twice",
    );
}

#[test]
fn two_fields_for_one_player_are_refused() {
    refused(
        DICE,
        "white: 1*15; black: 1*15; white: 2*15",
        "white: the field is given twice",
    );
    refused(
        GRID,
        "white: a1; black: e5; black: d5",
        "black: the field is given twice",
    );
}

#[test]
fn more_men_than_the_game_has_are_refused() {
    refused(
        DICE,
        "white: 1*16; black: 1*15",
        "white: more men than the game gives white (15), counted up to `1*16`",
    );
    refused(
        DICE,
        "white: 1*10 2*5 3; black: 1*15",
        "white: more men than the game gives white (15), counted up to `3`",
    );
    refused(
        GRID,
        "white: a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 d3 e3 a3; black: e5",
        "white: more men than the game gives white (12)",
    );
    accepted(DICE, "white: 1*15; black: 1*15");
    accepted(DICE, "white: 1*3 off*12; black: 1*15");
}

#[test]
fn impossible_pieces_and_dice_are_refused() {
    // A piece kind that does not exist.
    refused(
        GRID,
        "white: queen a1; black: e5",
        "white: `queen` is not a site of this board (nor a piece kind: man)",
    );
    // Dice the game cannot throw.
    refused(
        DICE,
        "white: 1*15; black: 1*15; dice: 7-1",
        "dice: `7` is not a face of a die (1 to 6)",
    );
    refused(
        DICE,
        "white: 1*15; black: 1*15; dice: 1-2-3",
        "dice: `1-2-3`: the game throws 2 dice",
    );
    // Men of both players on one point.
    refused(
        DICE,
        "white: 1*14; black: 1*14 13",
        "black: `13`: white's men stand there (his `1`)",
    );
    // A stack of no men.
    refused(DICE, "white: 1*0; black: 1*15", "`0` is not a count of men");
}

#[test]
fn kind_followed_by_no_site_is_refused() {
    let game = "games/fetach.game";
    refused(
        game,
        "white: a1 king; black: e5",
        "white: `king` is followed by no site",
    );
    refused(
        game,
        "white: king man a1; black: e5",
        "white: `king` is followed by no site",
    );
    accepted(game, "white: a1 king c3; black: e5");
}

/// A piece's kind must be one its player can have: one the setup gives him
/// or one of those is promoted to.
#[test]
fn kinds_a_player_never_has_are_refused() {
    let game = "games/bagh-chal.game";
    refused(
        game,
        "tiger: goat c3; goat: a1",
        "tiger: `goat`: tiger never has a piece of this kind (only `tiger`",
    );
    refused(game, "goat: a1 tiger c3", "goat: `tiger`: goat never has");
    refused(
        game,
        "tiger: c3; hand: goat 3, tiger 2 goat",
        "hand: `goat`: tiger never has",
    );
    // Without kinds, each player's pieces are his own kind.
    accepted(game, "tiger: c3; goat: a1; hand: goat 3");
    accepted(game, "tiger: tiger c3; goat: goat a1; hand: goat 3 goat");
    // Kings come by promotion: either player may have them.
    accepted(
        "games/english-draughts.game",
        "white: king 1; black: king 32",
    );
}

#[test]
fn men_off_their_track_are_refused() {
    // Point 25 is on White's track only: Black has no number for it.
    let dir = temp_dir("positions", "track");
    std::fs::copy(root().join(DICE), dir.join("verquere.game")).unwrap();
    let game = dir.join("verquere-long.game");
    std::fs::write(
        &game,
        "variant \"Long\" of \"verquere.game\"\n\nboard {\n  points 1..25\n  rows 12..1 / 13..25\n}\n\ntrack {\n  white: bar, 1..25, off\n}\n",
    )
    .unwrap();
    let game = game.to_str().unwrap();
    refused(
        game,
        "white: 1*15; black: 25 1*14",
        "black: `25` is not a point of black's track, written bar, 1 to 24, off",
    );
    accepted(game, "white: 25 1*14; black: 1*15");
}

/// A hand is checked as the men on the board are (issue 42): no more of a
/// kind in hand than the setup gives, no more men on the board and in hand
/// together than the game gives the player, and each player's hand once.
#[test]
fn a_hand_beyond_what_the_game_gives_is_refused() {
    let game = "games/nine-mens-morris.game";
    refused(
        game,
        "white:; black:; turn: white; hand: white 10, black 9",
        "hand: white holds 10 `man` in hand, more than the game gives him (9)",
    );
    refused(
        game,
        "white: a1 d1 g1 b2 d2 f2 c3 d3 e3; black:; turn: white; hand: white 9, black 9",
        "hand: white has 9 men on the board and 9 in hand, 18 in all, more than the game gives him (9)",
    );
    refused(
        game,
        "white:; black:; turn: white; hand: white 9, black 9, white 2",
        "hand: `white` is named twice",
    );
    refused(
        "games/bagh-chal.game",
        "goat:; tiger: a1 e1 a5 e5; turn: goat; hand: goat 255, tiger 0",
        "more than the game gives him (20)",
    );
    // What the game can reach is read as before.
    accepted(
        game,
        "white: a1 d1; black: g7; turn: white; hand: white 7, black 8",
    );
    accepted(game, "white:; black:; turn: white; hand: white 9, black 9");
}

/// A dice game's position numbers each man as his own moves number his
/// point: counted down from his side with `notation counting down`, else
/// his track position from 0; zones by name.
#[test]
fn dice_positions_number_men_as_their_moves_do() {
    for (game, start, first) in [
        (
            "games/backgammon.game",
            "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*5; turn: white",
            "24/21 13/8",
        ),
        (
            "games/plakoto.game",
            "white: 0*15; black: 0*15; turn: white",
            "0/3 0/5",
        ),
        (
            "games/ur.game",
            "white: start*7; black: start*7; turn: white",
            "start/2",
        ),
    ] {
        let dice = if game.ends_with("ur.game") {
            "2"
        } else {
            "5-3"
        };
        let run = ludus(&["moves", game, "--json", "--dice", dice]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let position = json["position"].as_str().unwrap();
        assert!(position.starts_with(start), "{game}: {position}");
        let moves = json["moves"].to_string();
        assert!(moves.contains(first), "{game}: {moves}");
    }
    // Each player's men by his own numbers: Black's 20 is White's 5, and
    // his 19 White's 6.
    accepted(
        "games/backgammon.game",
        "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*4 20",
    );
    refused(
        "games/backgammon.game",
        "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*4 19",
        "black: `19`: white's men stand there (his `6`)",
    );
    refused(
        "games/backgammon.game",
        "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*4 25",
        "black: `25` is not a point of black's track, written bar, 24 to 1, off",
    );
    refused(
        "games/plakoto.game",
        "white: 0*14 24; black: 0*15",
        "white: `24` is not a point of white's track, written 0 to 23, off",
    );
    refused(
        "games/ur.game",
        "white: start*6 d1; black: start*7",
        "white: `d1` is not a point of white's track, written start, 1 to 14, off",
    );
}
