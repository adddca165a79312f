//! The `ludus play` REPL, driven through the binary with piped stdin.

use ludus::engine::{Engine, Outcome};
use ludus::notation::{move_text, position_text};
use ludus::playout::{self, outcome_text};
use rand::RngExt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn games_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("games")
}

fn engine(path: &Path) -> Engine {
    let loaded = ludus::load::load(path).expect("readable game file");
    Engine::new(loaded.game.expect("valid game file"))
}

/// Runs `ludus play FILE ARGS` with `input` on stdin; returns (exited 0, stdout, stderr).
fn play(file: &Path, args: &[&str], input: Option<&str>) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .arg("play")
        .arg(file)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let writer = input.map(|text| {
        let mut stdin = child.stdin.take().unwrap();
        let text = text.to_string();
        // The REPL may stop reading early (game over, quit): ignore a broken pipe.
        std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        })
    });
    let output = child.wait_with_output().expect("the binary runs");
    if let Some(w) = writer {
        w.join().unwrap();
    }
    (
        output.status.success(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn alquerque() -> PathBuf {
    games_dir().join("alquerque.game")
}

/// A seeded random game: the text of every move, and the result.
fn random_game(engine: &Engine, seed: u64) -> (Vec<String>, Outcome) {
    let mut rng = playout::rng(seed);
    let mut st = engine.start();
    let mut moves = Vec::new();
    let mut played = Vec::new();
    loop {
        engine.legal_moves(&mut st, &mut moves);
        let outcome = engine.outcome_with(&st, !moves.is_empty());
        if outcome != Outcome::Ongoing {
            return (played, outcome);
        }
        assert!(
            played.len() < playout::MAX_PLIES as usize,
            "seed {seed} never ends"
        );
        let m = moves[rng.random_range(0..moves.len())];
        played.push(move_text(engine, &m));
        engine.play_unchecked(&mut st, &m);
    }
}

/// The moves announced as `PLAYER plays MOVE`, in order.
fn announced(engine: &Engine, output: &str) -> Vec<String> {
    let names: Vec<String> = engine
        .game()
        .players
        .iter()
        .map(|p| format!("{} plays ", p.name))
        .collect();
    output
        .lines()
        .filter_map(|l| names.iter().find_map(|n| l.strip_prefix(n.as_str())))
        .map(str::to_string)
        .collect()
}

fn assert_no_refusal(output: &str) {
    for bad in [
        "illegal move",
        "ambiguous",
        "unknown command",
        "is not a move",
    ] {
        assert!(!output.contains(bad), "unexpected `{bad}` in:\n{output}");
    }
}

/// Pipes a whole game into the REPL and checks every move and the result.
fn replay_through_repl(file: &Path, seed: u64) -> Vec<String> {
    let engine = engine(file);
    let (moves, outcome) = random_game(&engine, seed);
    // Forced passes are played by the REPL itself.
    let typed: Vec<String> = moves.iter().filter(|m| *m != "pass").cloned().collect();
    let input: String = typed.iter().map(|m| format!("{m}\n")).collect();
    let (ok, out, err) = play(file, &[], Some(&input));
    let name = file.display();
    assert!(ok, "{name}: exit failure; stderr:\n{err}");
    assert_no_refusal(&out);
    assert_eq!(
        announced(&engine, &out),
        typed,
        "{name}: the moves played differ"
    );
    let last = format!(
        "game over after {} turns: {}\n",
        moves.len(),
        outcome_text(&engine, outcome)
    );
    assert!(
        out.ends_with(&last),
        "{name}: expected the result `{last}`, got:\n{out}"
    );
    assert!(!out.contains("game left unfinished"), "{name}");
    moves
}

#[test]
fn every_game_plays_a_seeded_game_to_its_result() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(games_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    assert!(files.len() >= 2, "no game files found");
    for file in files {
        if file.ends_with("alquerque-huff.game") {
            continue; // its own test, with a huff in the game
        }
        replay_through_repl(&file, 1);
    }
}

#[test]
fn a_huffing_game_with_a_huff_plays_to_its_result() {
    let file = games_dir().join("alquerque-huff.game");
    let engine = engine(&file);
    let seed = (0..500)
        .find(|&seed| {
            random_game(&engine, seed)
                .0
                .iter()
                .any(|m| m.starts_with("huff "))
        })
        .expect("a seed whose game has a huff");
    let moves = replay_through_repl(&file, seed);
    assert!(moves.iter().any(|m| m.starts_with("huff ")));
}

#[test]
fn an_illegal_move_is_refused_with_a_reason_and_the_game_goes_on() {
    let (ok, out, _) = play(
        &alquerque(),
        &[],
        Some("c3-c4\nz9-c3\n\nfrobnicate\nb2-c3\nposition\n"),
    );
    assert!(ok);
    assert!(
        out.contains("white> c3-c4\nillegal move `c3-c4`: there is no piece on c3\n"),
        "{out}"
    );
    assert!(
        out.contains("illegal move `z9-c3`: `z9` is not a site of this board\n"),
        "{out}"
    );
    assert!(out.contains("unknown command `frobnicate`"), "{out}");
    assert!(out.contains("white> b2-c3\nwhite plays b2-c3\n"), "{out}");
    assert!(out.contains("black> position\n"), "{out}");
    assert!(out.ends_with("game left unfinished\n"), "{out}");
}

#[test]
fn moves_numbers_the_legal_moves_and_a_number_plays_one() {
    let engine = engine(&alquerque());
    let mut st = engine.start();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    assert_eq!(texts.len(), 4);
    let (ok, out, _) = play(&alquerque(), &[], Some("moves\n1\nquit\n"));
    assert!(ok);
    let listed: Vec<&str> = out
        .lines()
        .filter_map(|l| l.trim_start().split_once(". "))
        .filter(|(n, _)| n.parse::<usize>().is_ok())
        .map(|(_, m)| m)
        .collect();
    assert_eq!(listed, texts);
    assert_eq!(announced(&engine, &out), [texts[0].clone()]);
}

#[test]
fn prefixes_and_case_are_accepted_and_ambiguity_is_explained() {
    let engine = engine(&alquerque());
    let (ok, out, _) = play(&alquerque(), &[], Some("d\nB2 - C\n"));
    assert!(ok);
    assert!(out.contains("ambiguous: matches d2-c3, d3-c3\n"), "{out}");
    assert_eq!(announced(&engine, &out), ["b2-c3"]);
}

#[test]
fn undo_takes_back_the_last_move() {
    let engine = engine(&alquerque());
    let start = position_text(&engine, &engine.start());
    let (ok, out, _) = play(
        &alquerque(),
        &[],
        Some("undo\nb2-c3\nundo\nposition\nd3-c3\n"),
    );
    assert!(ok);
    assert!(out.contains("white> undo\nnothing to undo"), "{out}");
    assert!(out.contains("took back 1 turn\n"), "{out}");
    assert!(
        out.contains(&format!("white> position\n{start}\n")),
        "{out}"
    );
    assert_eq!(announced(&engine, &out), ["b2-c3", "d3-c3"]);
}

#[test]
fn undo_against_an_agent_takes_back_its_reply_too() {
    let engine = engine(&alquerque());
    let start = position_text(&engine, &engine.start());
    let (ok, out, _) = play(
        &alquerque(),
        &["--black", "random", "--seed", "3"],
        Some("b2-c3\nundo\nposition\n"),
    );
    assert!(ok);
    assert!(out.contains("\nblack plays "), "{out}");
    assert!(out.contains("took back 2 turns\n"), "{out}");
    assert!(
        out.contains(&format!("white> position\n{start}\n")),
        "{out}"
    );
}

#[test]
fn quit_and_end_of_input_leave_cleanly() {
    for input in ["quit\nb2-c3\n", "EXIT\nb2-c3\n", "b2-c3\n"] {
        let (ok, out, err) = play(&alquerque(), &[], Some(input));
        assert!(ok, "{input:?}: {err}");
        assert!(err.is_empty(), "{input:?}: {err}");
        assert!(out.ends_with("game left unfinished\n"), "{input:?}: {out}");
        let played = usize::from(input == "b2-c3\n");
        assert_eq!(
            out.matches("white plays").count(),
            played,
            "{input:?}: {out}"
        );
    }
}

#[test]
fn two_random_agents_play_the_seeded_game_without_input() {
    let file = games_dir().join("alquerque.game");
    let engine = engine(&file);
    let (moves, outcome) = random_game(&engine, 7);
    let (ok, out, err) = play(
        &file,
        &["--white", "random", "--black", "random", "--seed", "7"],
        None,
    );
    assert!(ok, "{err}");
    assert_eq!(announced(&engine, &out), moves);
    let last = format!(
        "game over after {} turns: {}\n",
        moves.len(),
        outcome_text(&engine, outcome)
    );
    assert!(out.ends_with(&last), "{out}");
    // The same seed, the same game.
    let (_, again, _) = play(
        &file,
        &["--white", "random", "--black", "random", "--seed", "7"],
        None,
    );
    assert_eq!(out, again);
}
