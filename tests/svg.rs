//! `ludus render --svg`: every bundled game is drawn as well-formed SVG with
//! one disc per man shown, stacks counted, pinned men drawn under the pinner.

use crate::common;

use common::{engine_at, ludus};
use ludus::notation::parse_position;
use ludus::svg::svg;
use std::path::Path;

/// The pieces drawn: circles with a black outline of width 2.
fn discs(doc: &roxmltree::Document) -> usize {
    doc.descendants()
        .filter(|n| {
            n.has_tag_name("circle")
                && n.attribute("stroke") == Some("black")
                && n.attribute("stroke-width") == Some("2")
        })
        .count()
}

fn parse(text: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not well-formed: {e}\n{text}"))
}

#[test]
fn every_bundled_game_is_drawn_as_well_formed_svg() {
    let mut games: Vec<_> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    games.sort();
    assert!(games.len() >= 20);
    for path in games {
        let engine = engine_at(&path);
        let st = engine.start();
        let text = svg(&engine, &st, None);
        let doc = parse(&text);
        assert_eq!(
            doc.root_element().tag_name().name(),
            "svg",
            "{}",
            path.display()
        );
        let men: u32 = st.counts.iter().map(|&c| u32::from(c)).sum();
        let shown = discs(&doc) as u32;
        if engine.sows() {
            // Every site's count of seeds, written in it.
            let counts: u32 = (doc.descendants())
                .filter(|n| n.attribute("class") == Some("seeds"))
                .map(|n| n.text().unwrap().parse::<u32>().unwrap())
                .sum();
            assert_eq!(counts, 48, "{}: the seeds written", path.display());
        } else if engine.has_dice() {
            // Stacks past five men show five and a number; men in zones
            // (a start, a bar, a tray) are counted beside the board, one
            // disc per zone that holds some.
            let sites = &engine.game().board.sites;
            let on_points = (0..sites.len())
                .filter(|&s| sites[s].owner.is_none())
                .any(|s| engine.men(&st, s) > 0);
            let zones = (0..sites.len())
                .filter(|&s| sites[s].owner.is_some() && engine.men(&st, s) > 0)
                .count() as u32;
            assert!(
                shown <= men && (on_points && shown >= 2 || !on_points && shown == 0),
                "{}: {shown} of {men}",
                path.display()
            );
            if !on_points {
                let marks = doc
                    .descendants()
                    .filter(|n| n.has_tag_name("circle") && n.attribute("stroke") == Some("black"))
                    .count() as u32;
                assert_eq!(
                    marks,
                    zones,
                    "{}: a mark per zone holding men",
                    path.display()
                );
            }
        } else {
            assert_eq!(shown, men, "{}", path.display());
        }
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert!(
            title.text().unwrap().ends_with("to move"),
            "{}",
            path.display()
        );
    }
}

/// A stack of fifteen shows five men and the number 15; a pinned man is a
/// disc of his own under the pinner.
#[test]
fn stacks_are_counted_and_pinned_men_drawn() {
    let engine = engine_at(Path::new("games/plakoto.game"));
    let st = parse_position(
        &engine,
        "white: 0*13 1 7; black: 0*14; turn: black; pinned: black 16",
    )
    .unwrap();
    let text = svg(&engine, &st, None);
    let doc = parse(&text);
    // White: 5 of 13 on point 1, then 2, then 8; Black: 5 of 14, and the
    // pinned man on 8.
    assert_eq!(discs(&doc), 5 + 1 + 1 + 5 + 1);
    let numbers: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("font-weight") == Some("bold"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(numbers, ["13", "14"]);
}

/// Two stacks facing each other across the board show their counts each
/// on its own last man, apart (they met in the middle before).
#[test]
fn the_counts_of_facing_stacks_stay_apart() {
    let engine = engine_at(Path::new("games/plakoto.game"));
    let doc_text = svg(&engine, &engine.start(), None);
    let doc = parse(&doc_text);
    let counts: Vec<(f64, &str)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("count"))
        .map(|n| {
            (
                n.attribute("y").unwrap().parse().unwrap(),
                n.text().unwrap(),
            )
        })
        .collect();
    assert_eq!(counts.len(), 2, "{counts:?}");
    assert!(counts.iter().all(|&(_, men)| men == "15"), "{counts:?}");
    // More than a man's width apart: the men are 36 across.
    assert!((counts[0].0 - counts[1].0).abs() > 36.0, "{counts:?}");
}

/// The last move's sites are marked.
#[test]
fn the_last_move_is_marked() {
    let engine = engine_at(Path::new("games/alquerque.game"));
    let mut st = engine.start();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let m = moves[0];
    engine.play_unchecked(&mut st, &m);
    let marked = |text: &str| {
        parse(text)
            .descendants()
            .filter(|n| n.attribute("stroke") == Some("#d62828"))
            .count()
    };
    assert_eq!(marked(&svg(&engine, &st, Some(&m))), 2);
    assert_eq!(marked(&svg(&engine, &st, None)), 0);
}

/// The squares of a chequered board (`<rect>`s a square's size, 60), the
/// dark ones among them, and the lines drawn (links of a board of points,
/// or of sites on a circle).
fn chequered(doc: &roxmltree::Document) -> (usize, usize, usize) {
    let squares: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("width") == Some("60"))
        .collect();
    let dark = squares
        .iter()
        .filter(|n| n.attribute("fill") == Some("#b58863"))
        .count();
    let lines = doc.descendants().filter(|n| n.has_tag_name("line")).count();
    (squares.len(), dark, lines)
}

/// Canadian draughts keeps 72 of its 12 x 12 grid's points, within the
/// limit of 128 sites: `render` draws it as a chequered board of 144
/// squares, the 72 dark ones numbered, as it draws International draughts'
/// 10 x 10, and not as sites on a circle joined by lines.
#[test]
fn a_twelve_by_twelve_draughts_board_is_drawn_chequered() {
    let engine = engine_at(Path::new("games/canadian-draughts.game"));
    assert!(engine.game().board.grid.is_some(), "the board is a grid");
    assert_eq!(engine.sites(), 72);
    for (game, side, kept) in [
        ("games/canadian-draughts.game", 12, 72),
        ("games/international-draughts.game", 10, 50),
    ] {
        let run = ludus(&["render", game, "--svg", "-"]);
        assert_eq!(run.code, 0, "{game}: {}", run.stderr);
        let doc = parse(&run.stdout);
        assert_eq!(chequered(&doc), (side * side, kept, 0), "{game}");
        let mut labels: Vec<u32> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text") && n.attribute("fill") == Some("white"))
            .filter_map(|n| n.text()?.parse().ok())
            .collect();
        labels.sort_unstable();
        let numbers: Vec<u32> = (1..=kept as u32).collect();
        assert_eq!(labels, numbers, "{game}: the dark squares numbered");
        // Every dark square holds a man but those of the two middle rows.
        assert_eq!(discs(&doc), kept - side, "{game}: the men");
    }
}

#[test]
fn render_writes_a_file_or_standard_output() {
    let dir = common::temp_dir("svg", "cli");
    let out = dir.join("board.svg");
    let run = ludus(&[
        "render",
        "games/english-draughts.game",
        "--svg",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    parse(&std::fs::read_to_string(&out).unwrap());
    let run = ludus(&["render", "games/verquere.game", "--svg", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    parse(&run.stdout);
    let run = ludus(&[
        "render",
        "games/verquere.game",
        "--svg",
        "-",
        "--position",
        "white: 99",
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("99"), "{}", run.stderr);
}

/// `replay --html` writes one page holding the start and every turn's
/// picture, each well-formed, with the moves as captions.
#[test]
fn replay_writes_a_page_that_steps_through_the_game() {
    let dir = common::temp_dir("svg", "html");
    let (_, page, run) = common::replay_page(&dir);
    let turns: usize = run
        .stdout
        .split(": ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}", run.stdout));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("ArrowRight") && html.contains("ArrowLeft"));
    let start = html.find("const frames = ").unwrap() + "const frames = ".len();
    let end = start + html[start..].find(";\nlet at").unwrap();
    assert!(
        !html[start..end].contains('<'),
        "the script's data cannot close it"
    );
    let frames: Vec<(String, String)> = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(frames.len(), turns + 1);
    assert_eq!(frames[0].0, "the start");
    assert!(frames[1].0.starts_with("1. "), "{}", frames[1].0);
    for (_, picture) in &frames {
        parse(picture);
    }
    // Every turn after the start marks its move.
    assert!(frames[1].1.contains("#d62828"));
    let run = ludus(&[
        "replay",
        "tests/data/pdn/tinsley-long-1947.pdn",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

/// A dice game on a grid with no links (its men go along tracks) is drawn
/// as its squares, one per site the grid keeps, with the men on them and
/// the zones off the grid and the dice beside it.
#[test]
fn a_race_on_a_grid_is_drawn_as_its_squares() {
    let engine = engine_at(Path::new("tests/data/race-on-squares.game"));
    let st = parse_position(
        &engine,
        "white: start*4 1 5 9; black: start*5 2 off; turn: white; dice: 3",
    )
    .unwrap();
    let text = svg(&engine, &st, None);
    let doc = parse(&text);
    let squares = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("stroke").is_some())
        .count();
    assert_eq!(squares, 20, "{text}");
    // No points or lines of a board of points.
    assert!(!doc.descendants().any(|n| n.has_tag_name("line")), "{text}");
    assert_eq!(discs(&doc), 4, "{text}");
    for said in ["white: start 4", "black: start 5, off 1", "dice 3"] {
        assert!(
            doc.descendants().any(|n| n.text() == Some(said)),
            "no `{said}` in {text}"
        );
    }
}

/// A king (a kind another is promoted to) is drawn with a crown, a man
/// without; men on the bar are drawn on the bar.
#[test]
fn kings_are_crowned_and_bar_men_drawn() {
    let engine = engine_at(std::path::Path::new("games/english-draughts.game"));
    let st =
        ludus::notation::parse_position(&engine, "black: king 1; white: 32; turn: black").unwrap();
    let text = svg(&engine, &st, None);
    assert_eq!(text.matches(r#"class="crown""#).count(), 1, "{text}");
    let engine = engine_at(std::path::Path::new("games/backgammon.game"));
    let st = ludus::notation::parse_position(
        &engine,
        "white: bar*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*5; turn: white",
    )
    .unwrap();
    let doc_text = svg(&engine, &st, None);
    let doc = parse(&doc_text);
    // Thirteen men on points, two on the bar; fifteen black men (five
    // shown on each of the two points of five), all discs.
    assert_eq!(discs(&doc), 13 + 2 + 15);
}

/// A position with pieces in hand shows each player's hand under the board.
#[test]
fn pieces_in_hand_are_shown() {
    let engine = engine_at(Path::new("games/nine-mens-morris.game"));
    let text = svg(&engine, &engine.start(), None);
    assert!(text.contains("white in hand: 9 man"), "{text}");
    assert!(text.contains("black in hand: 9 man"), "{text}");
    let doc = parse(&text);
    assert_eq!(doc.root_element().tag_name().name(), "svg");
}

#[test]
fn every_site_drawn_on_the_board_is_marked_for_clicks() {
    // `ludus serve`'s page maps a click to a site by `data-site`: every
    // site of a grid with a square or point, every point of a tables
    // board's rows, every site of a board on a circle, and each man on
    // them, name their site's index.
    for path in common::game_files() {
        let engine = engine_at(&common::root().join(&path));
        let board = &engine.game().board;
        let st = engine.start();
        let text = svg(&engine, &st, None);
        let doc = parse(&text);
        let mut marked = std::collections::BTreeSet::new();
        for n in doc.descendants() {
            if let Some(v) = n.attribute("data-site") {
                let s: usize = v.parse().unwrap();
                assert!(s < board.sites.len(), "{path}: site {s}");
                marked.insert(s);
            }
        }
        let drawn: Vec<usize> = (0..board.sites.len())
            .filter(|&s| match (&board.grid, board.rows.is_empty()) {
                (Some(_), _) => board.sites[s].coord.is_some(),
                (None, false) => board.rows.iter().any(|r| r.contains(&s)),
                (None, true) => true,
            })
            .collect();
        for s in &drawn {
            assert!(marked.contains(s), "{path}: site {s} is drawn unmarked");
        }
        // Each disc of a man on the board names the site it stands on.
        for n in doc.descendants().filter(|n| {
            n.has_tag_name("circle")
                && n.attribute("stroke") == Some("black")
                && n.attribute("stroke-width") == Some("2")
        }) {
            let s: usize = n.attribute("data-site").unwrap().parse().unwrap();
            assert!(engine.men(&st, s) > 0, "{path}: a man drawn on {s}");
        }
    }
}

/// The squares where a landing earns another throw (`again after landing
/// in`) are marked, as players mark the rosettes of Ur; no other.
#[test]
fn the_squares_that_earn_another_throw_are_marked() {
    let engine = engine_at(Path::new("games/ur.game"));
    let text = svg(&engine, &engine.start(), None);
    let doc = parse(&text);
    let mut marked: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("polygon") && n.attribute("class") == Some("again"))
        .map(|n| {
            let s: usize = n.attribute("data-site").unwrap().parse().unwrap();
            engine.game().board.sites[s].name.as_str()
        })
        .collect();
    marked.sort_unstable();
    assert_eq!(marked, ["a1", "a3", "d2", "g1", "g3"]);
    // A game without such a rule marks none.
    let backgammon = engine_at(Path::new("games/backgammon.game"));
    let plain = svg(&backgammon, &backgammon.start(), None);
    assert!(!plain.contains(r#"class="again""#));
}

/// The point labels of a tables board, in the order drawn.
fn point_labels(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("font-size") == Some("12"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect()
}

/// A tables board's points are labelled as the viewer's moves and
/// positions number them: the player to move's by default, or the one
/// asked for (the person playing, on the web page), whoever moves.
#[test]
fn points_are_labelled_as_the_viewer_numbers_them() {
    let engine = engine_at(Path::new("games/backgammon.game"));
    let st = engine.start();
    let white = point_labels(&parse(&svg(&engine, &st, None)));
    let black = point_labels(&parse(&ludus::svg::svg_seen_by(
        &engine,
        &st,
        None,
        Some(1),
    )));
    // The far row, left to right, is 13..24 from White's side and 12..1
    // from Black's: White's 24-point, where his two men start, is Black's 1.
    assert_eq!(
        white[..12],
        [
            "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24"
        ]
    );
    assert_eq!(
        black[..12],
        [
            "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"
        ]
    );
    let mut black_to_move = st.clone();
    black_to_move.to_move = 1;
    assert_eq!(
        point_labels(&parse(&svg(&engine, &black_to_move, None))),
        black
    );
    assert_eq!(
        point_labels(&parse(&ludus::svg::svg_seen_by(
            &engine,
            &black_to_move,
            None,
            Some(0)
        ))),
        white
    );
}

/// A grid `drawn as squares` (othello) is drawn as one square per site,
/// each taking clicks, and none of its links; the same grid drawn as
/// points (alquerque's) shows its lines and no square.
#[test]
fn a_grid_drawn_as_squares_shows_its_squares_not_its_links() {
    let count = |text: &str, tag: &str| {
        let doc = parse(text);
        let found = doc.descendants().filter(|n| {
            n.has_tag_name(tag) && (tag == "line" || n.attribute("data-site").is_some())
        });
        found.count()
    };
    let othello = engine_at(Path::new("games/othello.game"));
    let text = svg(&othello, &othello.start(), None);
    assert_eq!(count(&text, "rect"), 64);
    assert_eq!(count(&text, "line"), 0);
    let alquerque = engine_at(Path::new("games/alquerque.game"));
    let text = svg(&alquerque, &alquerque.start(), None);
    assert_eq!(count(&text, "rect"), 0);
    assert!(count(&text, "line") > 20);
}
