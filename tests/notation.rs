//! Move texts name exactly one move: where two captures share their
//! landings, the text names the pieces taken (`axd(b)`). Position texts
//! name a piece's kind only where it is not its player's default kind.

use crate::common;

use common::{game_files, ludus, temp_dir};
use ludus::engine::{Engine, NONE};
use ludus::notation::{find_move, move_text, parse_position, position_text};
use std::path::Path;

const AMBIGUOUS: &str = "tests/data/ambiguous-capture.game";

fn engine(path: &str) -> Engine {
    common::engine_at(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
}

#[test]
fn ambiguous_captures_are_each_reachable_by_text() {
    let engine = engine(AMBIGUOUS);
    let mut st = engine.start();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    assert!(texts.contains(&"axd(b)".to_string()), "{texts:?}");
    assert!(texts.contains(&"axd(c)".to_string()), "{texts:?}");
    let site = |n: &str| {
        engine
            .game()
            .board
            .sites
            .iter()
            .position(|s| s.name == n)
            .unwrap() as u8
    };
    for (text, over) in [("axd(b)", "b"), ("AxD (c)", "c"), ("a x d(b)", "b")] {
        let m = find_move(&engine, &st, &moves, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.steps()[0].over, site(over), "{text}");
        assert_eq!(m.len, 1, "{text}");
    }
    // The landings alone name two moves: refused, with both listed.
    let err = find_move(&engine, &st, &moves, "axd").unwrap_err();
    assert!(err.contains("axd(b)") && err.contains("axd(c)"), "{err}");
    // Every listed text names its own move.
    for (m, t) in moves.iter().zip(&texts) {
        assert_eq!(find_move(&engine, &st, &moves, t), Ok(*m), "{t}");
    }
}

#[test]
fn unambiguous_captures_keep_their_texts_and_accept_the_pieces_taken() {
    let engine = engine("games/alquerque.game");
    let mut st = parse_position(&engine, "white: c3; black: c2 b3 d4 a5").unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    assert!(texts.iter().all(|t| !t.contains('(')), "{texts:?}");
    let short = find_move(&engine, &st, &moves, "c3xa3").unwrap();
    let long = find_move(&engine, &st, &moves, "c3xa3(b3)").unwrap();
    assert_eq!(short, long);
    assert_ne!(short.steps()[0].over, NONE);
    assert!(find_move(&engine, &st, &moves, "c3xa3(d4)").is_err());
}

#[test]
fn records_of_either_ambiguous_capture_replay() {
    let dir = temp_dir("notation", "ambiguous");
    let mut first_moves = Vec::new();
    for seed in 0..16u64 {
        let path = dir.join(format!("seed-{seed}.jsonl"));
        let path = path.to_str().unwrap();
        let run = ludus(&[
            "playout",
            AMBIGUOUS,
            "--seed",
            &seed.to_string(),
            "--record",
            path,
        ]);
        assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
        let run = ludus(&["replay", "--quiet", path]);
        assert_eq!(run.code, 0, "seed {seed}: {}{}", run.stdout, run.stderr);
        let record = std::fs::read_to_string(path).unwrap();
        let first: serde_json::Value =
            serde_json::from_str(record.lines().nth(1).unwrap()).unwrap();
        first_moves.push(first["played"].as_str().unwrap().to_string());
    }
    for capture in ["axd(b)", "axd(c)"] {
        assert!(
            first_moves.iter().any(|m| m.starts_with(capture)),
            "no record starts with {capture}: {first_moves:?}"
        );
    }
}

/// The index of the player, kind or board site named `name`.
fn player(engine: &Engine, name: &str) -> usize {
    engine
        .game()
        .players
        .iter()
        .position(|p| p.name == name)
        .unwrap()
}

fn kind(engine: &Engine, name: &str) -> usize {
    engine
        .game()
        .kinds
        .iter()
        .position(|k| k.name == name)
        .unwrap()
}

fn site(engine: &Engine, name: &str) -> usize {
    let sites = &engine.game().board.sites;
    sites
        .iter()
        .position(|s| s.name == name && s.owner.is_none())
        .unwrap()
}

/// Bagh-chal declares `piece goat` first: a tiger written without its kind
/// is still a tiger, and the writer names neither kind.
#[test]
fn bagh_chal_bare_sites_are_each_players_own_kind() {
    let e = engine("games/bagh-chal.game");
    let (goat, tiger) = (player(&e, "goat"), player(&e, "tiger"));
    let (goat_kind, tiger_kind) = (kind(&e, "goat"), kind(&e, "tiger"));
    assert_eq!(goat_kind, 0, "the goat is the file's first kind");
    assert_eq!(e.game().default_kind(tiger), tiger_kind);
    assert_eq!(e.game().default_kind(goat), goat_kind);

    let text = "tiger: c3; goat: a1 d4; turn: tiger; hand: goat 18";
    let st = parse_position(&e, text).unwrap();
    assert_eq!(st.piece(site(&e, "c3")), Some((tiger, tiger_kind)));
    assert_eq!(st.piece(site(&e, "a1")), Some((goat, goat_kind)));
    assert_eq!(st.piece(site(&e, "d4")), Some((goat, goat_kind)));
    assert_eq!(st.hand[goat][goat_kind], 18);
    assert_eq!(st.hand[goat][tiger_kind], 0);
    assert_eq!(
        position_text(&e, &st),
        "goat: a1 d4; tiger: c3; turn: tiger; hand: goat 18, tiger 0; quiet: 0"
    );
    // The kinds named are read as before.
    let named = "tiger: tiger c3; goat: goat a1 d4; turn: tiger; hand: goat 18 goat";
    assert_eq!(parse_position(&e, named).unwrap(), st);
    // The start position: the tigers on the corners, unnamed.
    assert_eq!(
        position_text(&e, &e.start()),
        "goat:; tiger: a1 e1 a5 e5; turn: goat; hand: goat 20, tiger 0; quiet: 0"
    );
    // The piece on c3 moves as a tiger: it takes the goat on d4 (a goat
    // never jumps).
    let mut st = st;
    let mut moves = Vec::new();
    e.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&e, m)).collect();
    assert!(texts.iter().any(|t| t == "c3xe5"), "{texts:?}");
}

/// In every bundled game, each player's pieces of every kind he can have
/// read back as that kind from `PLAYER: KIND SITE`, and are written with
/// the kind named exactly where it is not his default; a kind he can never
/// have is refused.
#[test]
fn every_kind_a_player_can_have_reads_back_in_every_game() {
    let mut refused = 0;
    for file in game_files() {
        let e = engine(&file);
        if e.stacks() {
            // One kind of man, on the player's track only.
            assert_eq!(e.game().kinds.len(), 1, "{file}");
            continue;
        }
        if e.sows() {
            // Seeds are of no player (`tests/sowing.rs`).
            continue;
        }
        let game = e.game();
        let s = game
            .board
            .sites
            .iter()
            .position(|s| s.owner.is_none())
            .unwrap();
        let at = &game.board.sites[s].name;
        for (p, pl) in game.players.iter().enumerate() {
            let default = game.default_kind(p);
            let owned = game.kinds_owned(p);
            assert!(owned[default], "{file}: {}'s default kind", pl.name);
            for (k, kd) in game.kinds.iter().enumerate() {
                let text = format!("{}: {} {at}", pl.name, kd.name);
                let st = match parse_position(&e, &text) {
                    Ok(st) => st,
                    Err(why) => {
                        assert!(!owned[k], "{file}: `{text}` refused: {why}");
                        assert!(why.contains("never has"), "{file}: `{text}`: {why}");
                        refused += 1;
                        continue;
                    }
                };
                assert!(owned[k], "{file}: `{text}` accepted");
                assert_eq!(st.piece(s), Some((p, k)), "{file}: `{text}`");
                let written = position_text(&e, &st);
                let field = if k == default {
                    format!("{}: {at}", pl.name)
                } else {
                    format!("{}: {} {at}", pl.name, kd.name)
                };
                assert!(
                    written.split("; ").any(|f| f == field),
                    "{file}: `{text}` written `{written}`, not `{field}`"
                );
                let back = parse_position(&e, &written).unwrap();
                assert_eq!(back, st, "{file}: `{written}`");
                assert_eq!(position_text(&e, &back), written, "{file}");
            }
        }
    }
    // Bagh-chal, Fox and geese and Adugo each give one kind per player.
    assert!(refused >= 6, "{refused} kinds refused");
}

/// Where the setup gives a player pieces of one kind only, the start
/// position names no kind in his field or his hand.
#[test]
fn start_positions_name_no_kind_of_a_player_with_one() {
    for file in game_files() {
        let e = engine(&file);
        let game = e.game();
        let text = position_text(&e, &e.start());
        let kinds: Vec<&str> = game.kinds.iter().map(|k| k.name.as_str()).collect();
        for (p, pl) in game.players.iter().enumerate() {
            let mut given: Vec<usize> = game
                .setup
                .iter()
                .filter(|x| x.player == p)
                .map(|x| x.kind)
                .collect();
            given.extend(game.hand.iter().filter(|h| h.player == p).map(|h| h.kind));
            given.sort_unstable();
            given.dedup();
            if given.len() != 1 {
                continue;
            }
            let field = text
                .split("; ")
                .find_map(|f| f.strip_prefix(&format!("{}:", pl.name)))
                .unwrap();
            let hand = text
                .split("; ")
                .find_map(|f| f.strip_prefix("hand: "))
                .and_then(|h| {
                    h.split(", ")
                        .find_map(|part| part.strip_prefix(&format!("{} ", pl.name)))
                })
                .unwrap_or("");
            for word in field.split_whitespace().chain(hand.split_whitespace()) {
                assert!(!kinds.contains(&word), "{file}: `{text}` names `{word}`");
            }
        }
    }
}

/// A turn's text with each man's move from its first point to its last,
/// the hit marks dropped: `24/18*/13 8/5*(2)` is `24/13 8/5(2)`.
fn short_form(text: &str) -> String {
    let words: Vec<String> = text
        .split(' ')
        .map(|w| {
            let (w, n) = w.split_once('(').map_or((w, ""), |(w, n)| (w, n));
            let points: Vec<&str> = w.split('/').collect();
            let n = if n.is_empty() {
                String::new()
            } else {
                format!("({n}")
            };
            let last = points[points.len() - 1].trim_end_matches('*');
            format!("{}/{last}{n}", points[0])
        })
        .collect();
    words.join(" ")
}

/// Backgammon's turns are written as GNU Backgammon writes them (`24/13`,
/// `6/2*/1*`, `13/7(2)`, `bar/22`, `6/off`), and read so: for every play
/// of `tests/data/gnubg-moves.txt` (GNU Backgammon's own strings, made by
/// `scripts/gnubg-moves.py`), the text names a legal turn, and that turn
/// written back is GNU Backgammon's text.
#[test]
fn backgammon_turns_are_written_as_gnu_backgammon_writes_them() {
    let engine = engine("games/backgammon.game");
    let data = include_str!("data/gnubg-moves.txt");
    let (mut positions, mut plays, mut joined) = (0, 0, 0);
    let mut wrong = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (head, texts) = line.split_once(": ").expect("ID dice: plays");
        let (id, dice) = head.split_once(' ').expect("ID dice");
        let men = ludus::position_id::men_fields(&engine, id, 0).expect("a Position ID");
        let mut st = parse_position(&engine, &format!("{men}; turn: white; dice: {dice}"))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        let mut turns = Vec::new();
        engine.legal_moves(&mut st, &mut turns);
        for text in texts.split(" ; ") {
            match find_move(&engine, &st, &turns, text) {
                Ok(m) if move_text(&engine, &m) == text => {}
                Ok(m) => wrong.push(format!(
                    "{id} {dice}: `{text}` written `{}`",
                    move_text(&engine, &m)
                )),
                Err(e) => wrong.push(format!("{id} {dice}: `{text}` not read: {e}")),
            }
            plays += 1;
            // A man's move typed from its first point to its last where
            // gnubg keeps a point of a hit between (`6/1` for `6/2*/1*`):
            // that turn where it is the only one, else a refusal naming them.
            if text.contains("*/") {
                let short = short_form(text);
                match find_move(&engine, &st, &turns, &short) {
                    Ok(m) if move_text(&engine, &m) == text => joined += 1,
                    // Another turn whose own text reads so (`6/1*` for `6/1`).
                    Ok(m) if short_form(&move_text(&engine, &m)) == short => {}
                    Ok(m) => wrong.push(format!(
                        "{id} {dice}: `{short}` read as `{}`, not `{text}`",
                        move_text(&engine, &m)
                    )),
                    Err(e) if e.contains("different turns") => {}
                    Err(e) => wrong.push(format!("{id} {dice}: `{short}` for `{text}`: {e}")),
                }
            }
        }
        positions += 1;
    }
    assert!(
        wrong.is_empty(),
        "{} of {plays} plays:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(
        positions >= 600 && plays >= 8000,
        "{positions} positions, {plays} plays"
    );
    assert!(
        joined >= 20,
        "{joined} turns read from their men's first and last points"
    );
}
