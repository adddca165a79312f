//! Board games against OpenSpiel 2.0.2: for each, the legal turns and the
//! result of positions of seeded games, recorded from OpenSpiel by
//! `tests/reference/openspiel_boards.py` (one driver, an adapter per game,
//! which compares 10^5 positions), read back and judged by ludus.

use crate::common;

use common::{engine_at, root};
use ludus::engine::{Engine, Move, Outcome};
use ludus::notation::{move_text, parse_position};
use ludus::playout::outcome_text;

/// The legal turns of a position, sorted, and its outcome, as text
/// (also read by `morris.rs`).
pub fn turns_and_result(engine: &Engine, position: &str) -> (Vec<String>, String) {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut moves: Vec<Move> = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let outcome = engine.outcome_with(&st, !moves.is_empty());
    if outcome != Outcome::Ongoing {
        return (Vec::new(), outcome_text(engine, outcome));
    }
    let mut texts: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
    texts.sort();
    (texts, "unfinished".into())
}

/// Judges every line of an OpenSpiel data file (`POSITION | TURNS |
/// RESULT`) with `game`: the positions, and of them the finished ones.
pub fn check_against_openspiel(game: &str, data: &str) -> (usize, usize) {
    let engine = engine_at(&root().join(game));
    let text = std::fs::read_to_string(root().join(data)).expect("the data file");
    let (mut checked, mut finished) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let parts: Vec<&str> = line.split(" | ").collect();
        let [position, turns, result] = parts.as_slice() else {
            panic!("{data}: bad line {line}");
        };
        let mut want: Vec<String> = (turns.split(", "))
            .filter(|t| !t.trim().is_empty())
            .map(|t| t.trim().to_string())
            .collect();
        want.sort();
        let (got, outcome) = turns_and_result(&engine, position);
        assert_eq!(outcome, result.trim(), "{data}: result of {position}");
        assert_eq!(got, want, "{data}: turns of {position}");
        checked += 1;
        finished += usize::from(result.trim() != "unfinished");
    }
    (checked, finished)
}

/// Tic-tac-toe (`tic_tac_toe`): placements, three in a row, a full board
/// drawn; wins of either side and draws among the finished games.
#[test]
fn tic_tac_toe_matches_openspiel() {
    let (checked, finished) = check_against_openspiel(
        "games/tic-tac-toe.game",
        "tests/data/tic-tac-toe-openspiel.turns",
    );
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 200, "{finished} finished games");
    let text =
        std::fs::read_to_string(root().join("tests/data/tic-tac-toe-openspiel.turns")).unwrap();
    for result in ["| x wins", "| o wins", "| draw"] {
        assert!(text.contains(result), "no `{result}` in the sample");
    }
}

/// Breakthrough (`breakthrough`): steps forward, takes diagonally forward
/// (a capture by landing), the far row or the last piece taken wins.
#[test]
fn breakthrough_matches_openspiel() {
    let (checked, finished) = check_against_openspiel(
        "games/breakthrough.game",
        "tests/data/breakthrough-openspiel.turns",
    );
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 10, "{finished} finished games");
    let text =
        std::fs::read_to_string(root().join("tests/data/breakthrough-openspiel.turns")).unwrap();
    for what in ["x", "| black wins", "| white wins"] {
        assert!(text.contains(what), "no `{what}` in the sample");
    }
}

/// Clobber (`clobber`): every move takes an orthogonal neighbour; the
/// player left without a move loses.
#[test]
fn clobber_matches_openspiel() {
    let (checked, finished) =
        check_against_openspiel("games/clobber.game", "tests/data/clobber-openspiel.turns");
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 50, "{finished} finished games");
    let text = std::fs::read_to_string(root().join("tests/data/clobber-openspiel.turns")).unwrap();
    for what in ["| black wins", "| white wins"] {
        assert!(text.contains(what), "no `{what}` in the sample");
    }
}

/// Othello (`othello`): placements that flip, a forced pass, the game
/// over where neither side can place, more discs winning.
#[test]
fn othello_matches_openspiel() {
    let (checked, finished) =
        check_against_openspiel("games/othello.game", "tests/data/othello-openspiel.turns");
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 20, "{finished} finished games");
    let text = std::fs::read_to_string(root().join("tests/data/othello-openspiel.turns")).unwrap();
    for what in ["| pass |", "| black wins", "| white wins"] {
        assert!(text.contains(what), "no `{what}` in the sample");
    }
}

/// Othello's passes and end, on positions built for them: a player
/// without a placement passes where his opponent has one; where neither
/// has, the game is over, more discs winning and equal counts drawn.
#[test]
fn othello_passes_and_ends_where_neither_can_place() {
    let engine = engine_at(&root().join("games/othello.game"));
    let hands = "hand: black 60, white 60";
    // Black's b1 beside White's corner a1: nothing for Black to enclose,
    // and White encloses b1 from c1.
    let (turns, result) = turns_and_result(&engine, &format!("black: b1; white: a1; {hands}"));
    assert_eq!(
        (turns, result.as_str()),
        (vec!["pass".to_string()], "unfinished")
    );
    let (turns, _) = turns_and_result(
        &engine,
        &format!("black: b1; white: a1; turn: white; {hands}"),
    );
    assert_eq!(turns, ["c1"]);
    // Nobody encloses anything: the game is over.
    let (turns, result) = turns_and_result(&engine, &format!("black: a1; white: h8; {hands}"));
    assert_eq!((turns.len(), result.as_str()), (0, "draw"));
    let (_, result) = turns_and_result(&engine, &format!("black: a1 b1; white: h8; {hands}"));
    assert_eq!(result, "black wins");
    // A full board: 40 black discs to 24 white.
    let rows = |ranks: std::ops::RangeInclusive<u32>| {
        let sites = ranks.flat_map(|r| ('a'..='h').map(move |f| format!("{f}{r}")));
        sites.collect::<Vec<_>>().join(" ")
    };
    let full = format!(
        "black: {}; white: {}; turn: white; hand: black 30, white 30",
        rows(1..=5),
        rows(6..=8)
    );
    let (turns, result) = turns_and_result(&engine, &full);
    assert_eq!((turns.len(), result.as_str()), (0, "black wins"));
}

/// Hex (`hex`, 11 x 11, no swap): placements from a supply, a chain of
/// one's stones across the board wins; wins of either side among the
/// finished games.
#[test]
fn hex_matches_openspiel() {
    let (checked, finished) =
        check_against_openspiel("games/hex.game", "tests/data/hex-openspiel.turns");
    assert!(checked > 1000, "{checked} positions");
    assert!(finished >= 10, "{finished} finished games");
    let text = std::fs::read_to_string(root().join("tests/data/hex-openspiel.turns")).unwrap();
    for result in ["| x wins", "| o wins"] {
        assert!(text.contains(result), "no `{result}` in the sample");
    }
}

/// Hex at 7 x 7 (`hex` with board_size 7): the variant games/hex-7.game.
#[test]
fn hex_7_matches_openspiel() {
    let (checked, finished) =
        check_against_openspiel("games/hex-7.game", "tests/data/hex-7-openspiel.turns");
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 40, "{finished} finished games");
    let text = std::fs::read_to_string(root().join("tests/data/hex-7-openspiel.turns")).unwrap();
    for result in ["| x wins", "| o wins"] {
        assert!(text.contains(result), "no `{result}` in the sample");
    }
}

/// Connect Four (`connect_four`): placements that fall to the lowest empty
/// site of a column (`place falling s`), four in a row, a full board
/// drawn; wins of either side among the finished games, and a draw (added
/// to the sample by hand: random games seldom fill the board).
#[test]
fn connect_four_matches_openspiel() {
    let (checked, finished) = check_against_openspiel(
        "games/connect-four.game",
        "tests/data/connect-four-openspiel.turns",
    );
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 50, "{finished} finished games");
    let text =
        std::fs::read_to_string(root().join("tests/data/connect-four-openspiel.turns")).unwrap();
    for result in ["| x wins", "| o wins", "| draw"] {
        assert!(text.contains(result), "no `{result}` in the sample");
    }
}

/// Lines of action (`lines_of_action`): moves as long as the pieces on
/// their line (`step any counting over own`), captures by landing at that
/// distance, one group winning (the mover's first), a board standing again
/// drawn (positions given with the turns since the last capture, in the
/// `moves` field), no move losing.
#[test]
fn lines_of_action_matches_openspiel() {
    let data = "tests/data/lines-of-action-openspiel.turns";
    let (checked, finished) = check_against_openspiel("games/lines-of-action.game", data);
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 50, "{finished} finished games");
    let text = std::fs::read_to_string(root().join(data)).unwrap();
    for what in ["| black wins", "| white wins", "| draw", "x"] {
        assert!(text.contains(what), "no `{what}` in the sample");
    }
}

/// Lines of action's repetition: a board that stands again draws, with
/// either player to move, and only with the turns that led to it (the
/// position alone starts the history afresh).
#[test]
fn lines_of_action_draws_a_board_standing_again() {
    let engine = engine_at(&root().join("games/lines-of-action.game"));
    let start = "black: b1 c1 d1 e1 f1 g1 b8 c8 d8 e8 f8 g8; \
                 white: a2 a3 a4 a5 a6 a7 h2 h3 h4 h5 h6 h7; turn: black";
    // Back where it started, White to move again.
    let (turns, result) = turns_and_result(
        &engine,
        &format!("{start}; moves: b1-b3, a2-c2, b3-b1, c2-a2"),
    );
    assert_eq!((turns.len(), result.as_str()), (0, "draw"));
    // The same board given alone: no history, no repetition.
    let (turns, result) = turns_and_result(&engine, start);
    assert_eq!((turns.len(), result.as_str()), (36, "unfinished"));
    // One turn short of it: White's piece is still away.
    let (_, result) = turns_and_result(&engine, &format!("{start}; moves: b1-b3, a2-c2, b3-b1"));
    assert_eq!(result, "unfinished");
    // A turn that is not legal in its place is refused, naming it.
    let err = ludus::notation::parse_position(&engine, &format!("{start}; moves: b1-b3, b3-b1"))
        .unwrap_err();
    assert!(err.contains("moves: turn 2"), "{err}");
}

/// Gomoku on 11 x 11 and 9 x 9 (OpenSpiel's `gomoku` with `size` 11 and
/// 9): placements, five or more in a row winning; wins of either side, and
/// on 9 x 9 a full board drawn, among the finished games.
#[test]
fn gomoku_matches_openspiel() {
    for (game, data, results) in [
        (
            "games/gomoku-11.game",
            "tests/data/gomoku-11-openspiel.turns",
            &["| black wins", "| white wins"][..],
        ),
        (
            "games/gomoku-9.game",
            "tests/data/gomoku-9-openspiel.turns",
            &["| black wins", "| white wins", "| draw"][..],
        ),
    ] {
        let (checked, finished) = check_against_openspiel(game, data);
        assert!(checked > 400, "{data}: {checked} positions");
        assert!(finished > 50, "{data}: {finished} finished games");
        let text = std::fs::read_to_string(root().join(data)).unwrap();
        for result in results {
            assert!(text.contains(result), "no `{result}` in {data}");
        }
    }
}

/// `line of exactly N`: five in a row wins, six (an overline) does not,
/// along a rank or a diagonal, and five beside a gap wins.
#[test]
fn exactly_five_in_a_row_wins_and_an_overline_does_not() {
    let engine = engine_at(&root().join("tests/data/gomoku-exactly-five.game"));
    let white = "white: a9 b9 c9 d9 i9; turn: white; hand: black 36, white 35";
    let white6 = "white: a9 b9 c9 d9 i9 i8; turn: white; hand: black 35, white 34";
    for (black, white, result) in [
        ("a1 b1 c1 d1 e1", white, "black wins"),
        ("a1 b1 c1 d1 f1", white, "unfinished"),
        ("a1 b1 c1 d1 e1 f1", white6, "unfinished"),
        ("a1 b2 c3 d4 e5 f6", white6, "unfinished"),
        ("b2 c3 d4 e5 f6 h8", white6, "black wins"),
        ("a1 b1 c1 d1 e1 g1", white6, "black wins"),
    ] {
        let (_, outcome) = turns_and_result(&engine, &format!("black: {black}; {white}"));
        assert_eq!(outcome, result, "black on {black}");
    }
    // At least five, in the bundled file: the overline wins there.
    let engine = engine_at(&root().join("games/gomoku-9.game"));
    let (_, outcome) = turns_and_result(&engine, &format!("black: a1 b1 c1 d1 e1 f1; {white6}"));
    assert_eq!(outcome, "black wins");
}

/// Amazons (`amazons`, 10 x 10): OpenSpiel's three actions of a turn (the
/// amazon, its landing, its arrow) folded into one ludus turn
/// (`shoot arrow any far`), the arrow landing on the square the amazon
/// left included; the player without a move loses.
#[test]
fn amazons_matches_openspiel() {
    let (checked, finished) =
        check_against_openspiel("games/amazons.game", "tests/data/amazons-openspiel.turns");
    assert!(checked > 100, "{checked} positions");
    assert!(finished > 20, "{finished} finished games");
    let text = std::fs::read_to_string(root().join("tests/data/amazons-openspiel.turns")).unwrap();
    for what in ["| white wins", "| black wins"] {
        assert!(text.contains(what), "no `{what}` in the sample");
    }
    // A shot back onto the square the amazon left: `d1-d2/d1` at the start.
    assert!(
        text.contains("d1-d2/d1,"),
        "no shot onto the vacated square"
    );
}

/// Dots and boxes (`dots_and_boxes`, 2 x 2 boxes and 3 x 3): a line drawn
/// on an edge of the lattice (`drawn as edges`), a box claimed where its
/// fourth side is drawn (`enclose`) and another turn for it (`again after
/// enclosing`), the game over once every line is drawn, more boxes
/// winning; equal counts draw on the 2 x 2 board.
#[test]
fn dots_and_boxes_matches_openspiel() {
    for (game, data, results) in [
        (
            "games/dots-and-boxes.game",
            "tests/data/dots-and-boxes-openspiel.turns",
            &["| first wins", "| second wins", "| draw"][..],
        ),
        (
            "games/dots-and-boxes-3x3.game",
            "tests/data/dots-and-boxes-3x3-openspiel.turns",
            &["| first wins", "| second wins"][..],
        ),
    ] {
        let (checked, finished) = check_against_openspiel(game, data);
        assert!(checked > 900, "{data}: {checked} positions");
        assert!(finished > 30, "{data}: {finished} finished games");
        let text = std::fs::read_to_string(root().join(data)).unwrap();
        for what in results.iter().chain(&["again: 2", " box "]) {
            assert!(text.contains(what), "{data}: no `{what}` in the sample");
        }
    }
}

/// Chinese checkers (`chinese_checkers`, two players): steps and chains of
/// hops over marbles of either colour, OpenSpiel's hop-by-hop actions
/// folded into the hole the marble ends on; the first to fill the
/// opposite point wins, and 1,000 turns draw.
#[test]
fn chinese_checkers_matches_openspiel() {
    let data = "tests/data/chinese-checkers-openspiel.turns";
    let (checked, finished) = check_against_openspiel("games/chinese-checkers.game", data);
    assert!(checked > 200, "{checked} positions");
    assert!(finished > 50, "{finished} finished games");
    let text = std::fs::read_to_string(root().join(data)).unwrap();
    for result in ["| red wins", "| green wins", "| draw"] {
        assert!(text.contains(result), "no `{result}` in the sample");
    }
}

/// Chinese checkers for 3, 4 and 6 players (`chinese_checkers(players=N)`):
/// the turn going round the players in OpenSpiel's order, each racing to
/// the point opposite his own; in the sample, games won by players past
/// the first two.
#[test]
fn chinese_checkers_for_more_players_matches_openspiel() {
    for (n, winners) in [
        (3, &["blue"][..]),
        (4, &["blue", "yellow"][..]),
        (6, &["yellow", "purple", "orange"][..]),
    ] {
        let data = format!("tests/data/chinese-checkers-{n}-openspiel.turns");
        let game = format!("games/chinese-checkers-{n}.game");
        let (checked, finished) = check_against_openspiel(&game, &data);
        assert!(checked > 200, "{n} players: {checked} positions");
        assert!(finished > 10, "{n} players: {finished} finished games");
        let text = std::fs::read_to_string(root().join(&data)).unwrap();
        assert!(
            text.contains(&format!("turn: {}", winners[0])),
            "{n} players"
        );
        assert!(
            winners
                .iter()
                .any(|w| text.contains(&format!("| {w} wins"))),
            "{n} players: no game won by {winners:?} in the sample"
        );
    }
}

/// Hops: over a marble of either colour to the empty hole beyond, on and
/// on, never landing twice nor where the chain began; every chain to one
/// hole is one turn, and no turn is listed twice.
#[test]
fn a_chain_of_hops_is_one_turn_per_hole_it_ends_on() {
    let engine = engine_at(&root().join("games/chinese-checkers.game"));
    let (turns, _) = turns_and_result(&engine, "red: 41 51 50; green: 30; turn: red");
    let mut unique = turns.clone();
    unique.dedup();
    assert_eq!(unique, turns, "a turn listed twice");
    let mut got: Vec<&str> = (turns.iter())
        .filter(|t| t.starts_with("41-"))
        .map(String::as_str)
        .collect();
    got.sort();
    // 41 (h11) steps to 29, 40, 42 and 52 (30 and 51 are taken); it hops
    // over green's 30 to 18, over red's 51 to 60, and on from 60 over red's
    // 50 to 39. From 60 over 51 would land on 41, where the chain began,
    // and from 39 nothing is left to hop over.
    let mut want = vec![
        "41-18", "41-29", "41-39", "41-40", "41-42", "41-52", "41-60",
    ];
    want.sort();
    assert_eq!(got, want);
}
/// Mensch ärgere Dich nicht (`maedn`, two players on opposite sides):
/// after each throw, the men that may move the die's pips, a 6 bringing a
/// man in, the first field cleared first while men wait, passes; the four
/// goal fields filled win.
#[test]
fn ludo_matches_openspiel() {
    check_ludo(
        "games/ludo.game",
        "tests/data/ludo-openspiel.turns",
        &["red", "green"],
        100,
    );
}

/// Mensch ärgere Dich nicht for three (`maedn(players=3)`): a man landed on
/// by any other player's goes back to his own start.
#[test]
fn ludo_for_three_matches_openspiel() {
    let players = ["red", "green", "blue"];
    check_ludo(
        "games/ludo-3.game",
        "tests/data/ludo-3-openspiel.turns",
        &players,
        80,
    );
}

/// Mensch ärgere Dich nicht for four (`maedn(players=4)`).
#[test]
fn ludo_for_four_matches_openspiel() {
    let players = ["red", "green", "blue", "yellow"];
    check_ludo(
        "games/ludo-4.game",
        "tests/data/ludo-4-openspiel.turns",
        &players,
        50,
    );
}

/// Checks a Ludo game against OpenSpiel's sample `data`: at least 400
/// positions and `finished` finished games, among them an entry, a pass, a
/// 6 and a win of each of `players`.
fn check_ludo(game: &str, data: &str, players: &[&str], finished: usize) {
    let (checked, ended) = check_against_openspiel(game, data);
    assert!(checked > 400, "{checked} positions");
    assert!(ended >= finished, "{ended} finished games");
    let text = std::fs::read_to_string(root().join(data)).unwrap();
    let wins = players.iter().map(|p| format!("| {p} wins"));
    for what in ["start/1".into(), "| pass |".into(), "dice: 6".into()]
        .into_iter()
        .chain(wins)
    {
        assert!(text.contains(&what), "no `{what}` in the sample");
    }
}

/// Einstein würfelt nicht (`einstein_wurfelt_nicht`): after each throw,
/// the turns of the cube the die names or of its nearest cubes below and
/// above, takes of either side's cubes, from OpenSpiel's dealt
/// arrangements; the opposite corner or the last cube taken wins.
#[test]
fn einstein_wurfelt_nicht_matches_openspiel() {
    let data = "tests/data/einstein-wurfelt-nicht-openspiel.turns";
    let (checked, finished) = check_against_openspiel("games/einstein-wurfelt-nicht.game", data);
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 50, "{finished} finished games");
    let text = std::fs::read_to_string(root().join(data)).unwrap();
    for what in ["x", "dice: 1", "dice: 6", "| black wins", "| white wins"] {
        assert!(text.contains(what), "no `{what}` in the sample");
    }
}
