//! The `ludus play` REPL, driven through the binary with piped stdin.

use crate::common;

use common::{Input, Run, ludus, ludus_in, root};
use ludus::engine::{Engine, Outcome};
use ludus::notation::{move_text, position_text};
use ludus::playout::{self, outcome_text};
use rand::RngExt;
use std::path::{Path, PathBuf};

fn games_dir() -> PathBuf {
    root().join("games")
}

fn engine(path: &Path) -> Engine {
    common::engine_at(path)
}

/// `ludus play FILE ARGS`, seeded with 0 unless ARGS give a seed (a game
/// without `--seed` draws a fresh one).
fn play_args<'a>(file: &'a Path, args: &[&'a str]) -> Vec<&'a str> {
    let seeded = args.contains(&"--seed");
    let seed: &[&str] = if seeded { &[] } else { &["--seed", "0"] };
    [&["play", file.to_str().unwrap()], seed, args].concat()
}

/// Runs `ludus play FILE ARGS` with `input` on stdin (none: nothing to
/// read).
fn play(file: &Path, args: &[&str], input: Option<&str>) -> Run {
    let input = input.map_or(Input::Nothing, Input::Text);
    ludus_in(root(), &play_args(file, args), input)
}

fn alquerque() -> PathBuf {
    games_dir().join("alquerque.game")
}

/// One turn of a seeded random game.
struct Played {
    /// The roll, as typed after `dice` (dice games only).
    dice: Option<String>,
    /// The move in notation (`pass` for a pass).
    text: String,
    /// Its die moves, in notation (dice games only).
    steps: Vec<String>,
    /// Whether the REPL plays it for a person: a pass, or in a dice game
    /// the only legal turn.
    automatic: bool,
}

/// A seeded random game, rolled and chosen as `random_playout` does: every
/// turn, and the result.
fn random_game_turns(engine: &Engine, seed: u64) -> (Vec<Played>, Outcome) {
    let mut rng = playout::rng(seed);
    let mut st = engine.start();
    // The REPL throws the opening, if the game has one, from its own seed
    // (0 unless `--seed` says otherwise); the moves follow from `seed`.
    engine.opening(&mut st, &mut playout::rng(0));
    let mut moves = Vec::new();
    let mut played = Vec::new();
    loop {
        // The opening may have thrown the first roll: it is not typed.
        let thrown = st.dice != [0; 4];
        if !thrown {
            engine.roll(&mut st, &mut rng);
        }
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
        let text = move_text(engine, &m);
        // As typed at the prompt: `dice 5 3`.
        let dice = ludus::notation::dice_text(&st)
            .filter(|_| !thrown)
            .map(|d| d.replace('-', " "));
        played.push(Played {
            dice,
            steps: text.split(' ').map(str::to_string).collect(),
            automatic: text == "pass" || (engine.has_dice() && moves.len() == 1),
            text,
        });
        engine.play_unchecked(&mut st, &m);
    }
}

/// A seeded random game: the text of every move, and the result.
fn random_game(engine: &Engine, seed: u64) -> (Vec<String>, Outcome) {
    let (turns, outcome) = random_game_turns(engine, seed);
    (turns.into_iter().map(|t| t.text).collect(), outcome)
}

/// The moves announced as `PLAYER plays MOVE` (forced or not), in order.
fn announced(engine: &Engine, output: &str) -> Vec<String> {
    let names: Vec<String> = engine
        .game()
        .players
        .iter()
        .map(|p| format!("{} plays ", p.name))
        .collect();
    output
        .lines()
        .filter_map(|l| {
            names
                .iter()
                .find_map(|n| l.strip_prefix(n.as_str()))
                .map(str::to_string)
                .or_else(|| {
                    // A chosen double: `white chooses 6-6`.
                    let (_, d) = l.split_once(" chooses ")?;
                    (!d.contains(' ')).then(|| format!("choose {d}"))
                })
        })
        .map(|m| m.strip_suffix(" (forced)").unwrap_or(&m).to_string())
        .collect()
}

fn assert_no_refusal(output: &str) {
    for bad in [
        "illegal move",
        "ambiguous",
        "unknown command",
        "is not a move",
        "is not a legal",
        "is not allowed",
        "bad roll",
        "must roll first",
        "has no man",
        "badly played",
    ] {
        assert!(!output.contains(bad), "unexpected `{bad}` in:\n{output}");
    }
}

/// Pipes a whole game into the REPL and checks every move and the result.
/// In dice games every roll is typed (`dice 5 3`); every third turn is
/// typed one die move per line, the others as whole turns.
fn replay_through_repl(file: &Path, seed: u64) -> Vec<String> {
    let engine = engine(file);
    let (turns, outcome) = random_game_turns(&engine, seed);
    let mut input = String::new();
    for (i, turn) in turns.iter().enumerate() {
        if let Some(dice) = &turn.dice {
            input.push_str(&format!("dice {dice}\n"));
        }
        // Passes, and forced turns of dice games, are played by the REPL.
        if turn.automatic {
            continue;
        }
        if turn.dice.is_some() && i % 3 == 1 {
            for step in &turn.steps {
                input.push_str(&format!("{step}\n"));
            }
        } else {
            input.push_str(&format!("{}\n", turn.text));
        }
    }
    let Run {
        code,
        stdout,
        stderr,
    } = play(file, &[], Some(&input));
    let name = file.display();
    assert_eq!(code, 0, "{name}: exit failure; stderr:\n{stderr}");
    assert_no_refusal(&stdout);
    let moves: Vec<String> = turns.into_iter().map(|t| t.text).collect();
    let expected: Vec<String> = moves.iter().filter(|m| *m != "pass").cloned().collect();
    assert_eq!(
        announced(&engine, &stdout),
        expected,
        "{name}: the moves played differ"
    );
    let last = format!(
        "game over after {} turns: {}\n",
        moves.len(),
        outcome_text(&engine, outcome)
    );
    // Money play (a game with a cube) then says its score and waits for
    // `next`; the input ends there.
    let rest = stdout.rsplit_once(last.as_str()).map(|(_, rest)| rest);
    assert!(
        rest.is_some_and(|r| r.is_empty() || r.starts_with("money play: ")),
        "{name}: expected the result `{last}`, got:\n{stdout}"
    );
    assert!(!stdout.contains("game left unfinished"), "{name}");
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

/// A double chosen after a 1-2 (`choose double after throw`): the choice
/// typed as listed (`choose 5-5`), announced, then the double played; a
/// game of seeds 1 to 40 that has one, played to its result.
#[test]
fn a_chosen_double_is_typed_and_announced() {
    let file = root().join("tests/data/backgammon-chosen-double.game");
    let engine = engine(&file);
    let seed = (1..=40)
        .find(|&s| {
            random_game_turns(&engine, s)
                .0
                .iter()
                .any(|t| t.text.starts_with("choose "))
        })
        .expect("a 1-2 played in full in one of 40 games");
    let moves = replay_through_repl(&file, seed);
    assert!(moves.iter().any(|m| m.starts_with("choose ")));
}

/// Dice that list their faces, summed or not: every roll typed as the game
/// shows it (`dice 2` for four binary dice summed, `dice 2 0` for two dice
/// numbered from 0), and some throw of 0 passing the turn.
#[test]
fn games_with_dice_of_listed_faces_play_their_typed_rolls() {
    for game in ["race-binary-dice", "race-dice-from-zero"] {
        let moves = replay_through_repl(&root().join(format!("tests/data/{game}.game")), 1);
        assert!(moves.iter().any(|m| m == "pass"), "{game}: no throw passed");
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
    let Run { code, stdout, .. } = play(
        &alquerque(),
        &[],
        Some("c3-c4\nz9-c3\n\nfrobnicate\nb2-c3\nposition\n"),
    );
    assert_eq!(code, 0);
    assert!(
        stdout.contains("white> c3-c4\nillegal move `c3-c4`: there is no piece on c3\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("illegal move `z9-c3`: `z9` is not a site of this board\n"),
        "{stdout}"
    );
    assert!(stdout.contains("unknown command `frobnicate`"), "{stdout}");
    assert!(
        stdout.contains("white> b2-c3\nwhite plays b2-c3\n"),
        "{stdout}"
    );
    assert!(stdout.contains("black> position\n"), "{stdout}");
    assert!(stdout.ends_with("game left unfinished\n"), "{stdout}");
}

#[test]
fn moves_numbers_the_legal_moves_and_a_number_plays_one() {
    let engine = engine(&alquerque());
    let mut st = engine.start();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    assert_eq!(texts.len(), 4);
    let Run { code, stdout, .. } = play(&alquerque(), &[], Some("moves\n1\nquit\n"));
    assert_eq!(code, 0);
    let listed: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.trim_start().split_once(". "))
        .filter(|(n, _)| n.parse::<usize>().is_ok())
        .map(|(_, m)| m)
        .collect();
    assert_eq!(listed, texts);
    assert_eq!(announced(&engine, &stdout), [texts[0].clone()]);
}

#[test]
fn prefixes_and_case_are_accepted_and_ambiguity_is_explained() {
    let engine = engine(&alquerque());
    let Run { code, stdout, .. } = play(&alquerque(), &[], Some("d\nB2 - C\n"));
    assert_eq!(code, 0);
    assert!(
        stdout.contains("ambiguous: matches d2-c3, d3-c3\n"),
        "{stdout}"
    );
    assert_eq!(announced(&engine, &stdout), ["b2-c3"]);
}

#[test]
fn undo_takes_back_the_last_move() {
    let engine = engine(&alquerque());
    let start = position_text(&engine, &engine.start());
    let Run { code, stdout, .. } = play(
        &alquerque(),
        &[],
        Some("undo\nb2-c3\nundo\nposition\nd3-c3\n"),
    );
    assert_eq!(code, 0);
    assert!(stdout.contains("white> undo\nnothing to undo"), "{stdout}");
    assert!(stdout.contains("took back 1 turn\n"), "{stdout}");
    assert!(
        stdout.contains(&format!("white> position\n{start}\n")),
        "{stdout}"
    );
    assert_eq!(announced(&engine, &stdout), ["b2-c3", "d3-c3"]);
}

#[test]
fn undo_against_an_agent_takes_back_its_reply_too() {
    let engine = engine(&alquerque());
    let start = position_text(&engine, &engine.start());
    let Run { code, stdout, .. } = play(
        &alquerque(),
        &["--black", "random", "--seed", "3"],
        Some("b2-c3\nundo\nposition\n"),
    );
    assert_eq!(code, 0);
    assert!(stdout.contains("\nblack plays "), "{stdout}");
    assert!(stdout.contains("took back 2 turns\n"), "{stdout}");
    assert!(
        stdout.contains(&format!("white> position\n{start}\n")),
        "{stdout}"
    );
}

#[test]
fn quit_and_end_of_input_leave_cleanly() {
    for input in ["quit\nb2-c3\n", "EXIT\nb2-c3\n", "b2-c3\n"] {
        let Run {
            code,
            stdout,
            stderr,
        } = play(&alquerque(), &[], Some(input));
        assert_eq!(code, 0, "{input:?}: {stderr}");
        assert!(stderr.is_empty(), "{input:?}: {stderr}");
        assert!(
            stdout.ends_with("game left unfinished\n"),
            "{input:?}: {stdout}"
        );
        let played = usize::from(input == "b2-c3\n");
        assert_eq!(
            stdout.matches("white plays").count(),
            played,
            "{input:?}: {stdout}"
        );
    }
}

#[test]
fn two_random_agents_play_the_seeded_game_without_input() {
    let file = games_dir().join("alquerque.game");
    let engine = engine(&file);
    let (moves, outcome) = random_game(&engine, 7);
    let Run {
        code,
        stdout,
        stderr,
    } = play(
        &file,
        &["--white", "random", "--black", "random", "--seed", "7"],
        None,
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(announced(&engine, &stdout), moves);
    let last = format!(
        "game over after {} turns: {}\n",
        moves.len(),
        outcome_text(&engine, outcome)
    );
    assert!(stdout.ends_with(&last), "{stdout}");
    // The same seed, the same game.
    let Run { stdout: again, .. } = play(
        &file,
        &["--white", "random", "--black", "random", "--seed", "7"],
        None,
    );
    assert_eq!(stdout, again);
}

fn verquere() -> PathBuf {
    games_dir().join("verquere.game")
}

/// The lines of `stdout` that are not part of a board drawing: its rows of
/// points (numbers, `.`, `|`, stacks such as `o15`) and its players' lines.
fn said(stdout: &str) -> Vec<&str> {
    let board_word =
        |w: &str| w == "|" || w == "." || w.trim_start_matches(['o', 'x']).parse::<u32>().is_ok();
    stdout
        .lines()
        .filter(|l| {
            let drawing = l.split_whitespace().all(board_word);
            let players = l.starts_with("white o: ") || l.starts_with("black x: ");
            !drawing && !players
        })
        .collect()
}

#[test]
fn a_verquere_game_typed_with_real_dice_plays_to_its_result() {
    let file = verquere();
    let engine = engine(&file);
    // A seed whose game has passes, forced turns, doubles and hits, so that
    // every way of entering a turn is used.
    let seed = (0..300)
        .find(|&seed| {
            let (turns, _) = random_game_turns(&engine, seed);
            let pass = turns.iter().any(|t| t.text == "pass");
            let forced = turns.iter().any(|t| t.automatic && t.text != "pass");
            let doubles = turns
                .iter()
                .enumerate()
                .any(|(i, t)| i % 3 == 1 && !t.automatic && t.steps.len() == 4);
            let entry = turns.iter().any(|t| t.text.contains("bar/"));
            pass && forced && doubles && entry
        })
        .expect("a seed with passes, forced turns, doubles and entries");
    let moves = replay_through_repl(&file, seed);
    assert!(moves.len() > 20, "{moves:?}");
    // The very game of `ludus playout --seed N`.
    let run = ludus(&[
        "playout",
        file.to_str().unwrap(),
        "--seed",
        &seed.to_string(),
    ]);
    let (_, outcome) = random_game(&engine, seed);
    assert_eq!(
        run.stdout,
        format!(
            "{} after {} turns (seed {seed})\n",
            outcome_text(&engine, outcome),
            moves.len()
        )
    );
}

#[test]
fn two_random_agents_play_the_playout_of_a_dice_game() {
    let file = verquere();
    let engine = engine(&file);
    for seed in [2, 9] {
        let (moves, outcome) = random_game(&engine, seed);
        let args = ["--white", "random", "--black", "random", "--seed"];
        let seed_text = seed.to_string();
        let Run {
            code,
            stdout,
            stderr,
        } = play(&file, &[&args[..], &[&seed_text]].concat(), None);
        assert_eq!(code, 0, "{stderr}");
        let expected: Vec<String> = moves.iter().filter(|m| *m != "pass").cloned().collect();
        assert_eq!(announced(&engine, &stdout), expected);
        let passes = stdout.matches(" cannot move: the turn passes\n").count()
            + stdout.matches(" passes (juncker)\n").count();
        assert_eq!(passes, moves.len() - expected.len());
        assert_eq!(stdout.matches(" rolls ").count(), moves.len());
        let last = format!(
            "game over after {} turns: {}\n",
            moves.len(),
            outcome_text(&engine, outcome)
        );
        assert!(stdout.ends_with(&last), "{stdout}");
    }
}

#[test]
fn roll_throws_the_seeded_dice() {
    let engine = engine(&verquere());
    let mut st = engine.start();
    engine.roll(&mut st, &mut playout::rng(3));
    let roll = format!("{}-{}", st.dice[0], st.dice[1]);
    let Run { code, stdout, .. } = play(&verquere(), &["--seed", "3"], Some("moves\nroll\nroll\n"));
    assert_eq!(code, 0);
    let lines = said(&stdout);
    assert_eq!(
        lines[..4],
        [
            "white to move",
            "white to roll: type `roll`, or `dice 5 3` for a roll thrown with real dice",
            "white to roll> moves",
            "white must roll first: type `roll`, or `dice 5 3` for a roll thrown with real dice",
        ]
    );
    assert!(
        stdout.contains(&format!("white to roll> roll\nwhite rolls {roll}\n")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("white to move; dice: {roll}\n")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "white {roll}> roll\nthe dice are already thrown ({roll})"
        )),
        "{stdout}"
    );
}

#[test]
fn bad_rolls_and_illegal_die_moves_are_refused_with_reasons() {
    let Run { code, stdout, .. } = play(
        &verquere(),
        &[],
        Some("dice 7 1\ndice 5\ndice 0-3\ndice 5-3\n1/5\n2/7\n1/4 4/8\n1/4\n1/4\n4/9\nposition\n"),
    );
    assert_eq!(code, 0);
    let lines = said(&stdout);
    for expected in [
        "white to roll> dice 7 1",
        "bad roll: `7` is not a face of a die (1 to 6)",
        "bad roll: `5`: the game throws 2 dice, written like `5-3`",
        "bad roll: `0` is not a face of a die (1 to 6)",
        "white rolls 5-3",
        "`1/5` moves 4 points, but the dice left are 5-3; the turn may begin with: 1/4, 1/6",
        "white has no man on 2; the turn may begin with: 1/4, 1/6",
        "after 1/4, `4/8` moves 4 points, but the die left is 5 (nothing of this line was played); the next die move may be: 1/6, 4/9",
        "white 5-3> 1/4",
        "white moves 1/4",
        "played so far: 1/4; left to play: 5",
        "white 5-3, 5 left> 1/4",
        "after 1/4, `1/4` moves 3 points, but the die left is 5; the next die move may be: 1/6, 4/9",
        "white 5-3, 5 left> 4/9",
        "white plays 1/4 4/9",
        "black to roll> position",
        "white: 1*14 9; black: 1*15; turn: black; idle: 0",
    ] {
        assert!(
            lines.contains(&expected),
            "missing `{expected}` in:\n{stdout}"
        );
    }
    assert!(stdout.ends_with("game left unfinished\n"), "{stdout}");
}

#[test]
fn undo_takes_back_die_moves_then_turns() {
    let engine = engine(&verquere());
    let Run { code, stdout, .. } = play(
        &verquere(),
        &[],
        Some(
            "dice 5 5\n1/6\n6/11\nundo\nundo\nundo\nposition\n1/6 1/6\n1/6 6/11 1/6\nmoves\n11/16\nundo\nposition\n",
        ),
    );
    assert_eq!(code, 0);
    let lines = said(&stdout);
    for expected in [
        "white 5-5> 1/6",
        "white moves 1/6",
        "played so far: 1/6; left to play: 5-5-5",
        "white 5-5, 5-5-5 left> 6/11",
        "played so far: 1/6 6/11; left to play: 5-5",
        "white 5-5, 5-5 left> undo",
        "took back 6/11",
        "white 5-5, 5-5-5 left> undo",
        "took back 1/6",
        "white 5-5> undo",
        "nothing to undo: no move typed here has been played",
        "white 5-5> 1/6 1/6",
        "after 1/6, `1/6` is not allowed: a man may not land on 6 here (nothing of this line was played); the next die move may be: 6/11",
        "white 5-5> 1/6 6/11 1/6",
        "white moves 1/6 6/11 1/6",
        "played so far: 1/6 6/11 1/6; left to play: 5",
        "legal turns of white beginning 1/6 6/11 1/6 (type a number to play one):",
        "next die move: 11/16",
        "white plays 1/6 6/11 1/6 11/16",
        "black to roll> undo",
        "took back 1 turn",
    ] {
        assert!(
            lines.contains(&expected),
            "missing `{expected}` in:\n{stdout}"
        );
    }
    assert!(stdout.contains("  1. 1/6 6/11 1/6 11/16\n"), "{stdout}");
    // Back at the start of the turn, with the roll still thrown.
    let start = position_text(&engine, &engine.start());
    let rolled = start.replace("; idle", "; dice: 5-5; idle");
    assert_eq!(
        stdout
            .matches(&format!("white 5-5> position\n{rolled}\n"))
            .count(),
        2,
        "{stdout}"
    );
}

#[test]
fn forced_turns_and_passes_are_announced_and_played() {
    // Juncker: two men on the bar and only one point of White's first
    // quarter open, so White passes whatever he rolls.
    let blocked = "white: bar*2 20*13; black: 1*5 13*2 14*2 15*2 16*2 17*2; turn: white";
    let Run { code, stdout, .. } = play(
        &verquere(),
        &["--position", blocked],
        Some("dice 6 6\nposition\n"),
    );
    assert_eq!(code, 0);
    assert!(
        stdout.contains("white rolls 6-6\n"),
        "the roll is shown: {stdout}"
    );
    assert!(stdout.contains("white passes (juncker)\n"), "{stdout}");
    assert!(
        stdout.contains("black to roll> position\nwhite: bar*2 20*13; black: 1*5 13*2 14*2 15*2 16*2 17*2; turn: black; idle: 1\n"),
        "{stdout}"
    );
    // Only one legal turn: it is played for the mover.
    let single = "white: 10; black: 1*13 7*2; turn: white";
    let Run { code, stdout, .. } = play(&verquere(), &["--position", single], Some("dice 6 3\n"));
    assert_eq!(code, 0);
    assert!(stdout.contains("white plays 10/16 (forced)\n"), "{stdout}");
    assert!(
        stdout.ends_with("black to roll> game left unfinished\n")
            || stdout.contains("black to roll: "),
        "{stdout}"
    );
}

#[test]
fn refusals_explain_the_rules() {
    let run = |position: &str, input: &str| {
        let Run { code, stdout, .. } = play(&verquere(), &["--position", position], Some(input));
        assert_eq!(code, 0);
        stdout
    };
    // 6/7 alone leaves the 6 unplayed: the obligations forbid it.
    let stdout = run(
        "white: 1*14 6; black: 1*13 20*2; dice: 6-1",
        "6/7\n7/6\n1/99\nfoo/7\npass\ndice 6 6\nroll\nfrobnicate\n12\n",
    );
    let lines = said(&stdout);
    for expected in [
        "`6/7` would leave the dice badly played: the turn must use as many dice as it can, then use the larger die when only one can be used, then move the most pips; the turn may begin with: 1/2, 1/7, 6/12",
        "`7/6` does not go forward along white's track; the turn may begin with: 1/2, 1/7, 6/12",
        "`99` is not a point of white's track; the turn may begin with: 1/2, 1/7, 6/12",
        "`foo` is not a point of white's track; the turn may begin with: 1/2, 1/7, 6/12",
        "white cannot pass: the turn may begin with: 1/2, 1/7, 6/12",
        "the dice are already thrown (6-1): type your die moves, or `moves`",
        "unknown command `frobnicate`: type `help` for the commands",
        "`12` is not a move: type `moves` first to number the legal turns",
    ] {
        assert!(
            lines.contains(&expected),
            "missing `{expected}` in:\n{stdout}"
        );
    }
    assert_eq!(stdout.matches("the dice are already thrown").count(), 2);
    // Men on the bar come in first; a man bears off only as the rules allow.
    let stdout = run(
        "white: bar 1*14; black: 1*15; dice: 5-3",
        "1/4\nbar/4\nmoves\n1\n",
    );
    let lines = said(&stdout);
    for expected in [
        "white must first move his men from bar; the turn may begin with: bar/3, bar/5",
        "`bar/4` moves 4 points, but the dice left are 5-3; the turn may begin with: bar/3, bar/5",
        "legal turns of white (type a number to play one):",
        "next die move: bar/3, bar/5",
    ] {
        assert!(
            lines.contains(&expected),
            "missing `{expected}` in:\n{stdout}"
        );
    }
    assert!(
        stdout.contains("white 5-3> 1\nwhite plays bar/3 "),
        "{stdout}"
    );
    let stdout = run(
        "white: 20 23 24*2 off*11; black: 1*15; dice: 2-1",
        "23/24\n24/off\n20/22\n",
    );
    let lines = said(&stdout);
    assert!(
        lines.contains(&"after 23/24, `24/off` is not allowed: a man may not go to off here; the next die move may be: 20/22"),
        "{stdout}"
    );
    assert!(lines.contains(&"white plays 23/24 20/22"), "{stdout}");
}

#[test]
fn a_whole_turn_may_be_typed_in_any_order_or_by_another_route() {
    let Run { code, stdout, .. } = play(
        &verquere(),
        &[],
        Some("dice 5 3\n1/6 6/9\ndice 4-2\n13/15\n1 / 3   3/7\n"),
    );
    assert_eq!(code, 0);
    assert!(
        stdout.contains("white 5-3> 1/6 6/9\nwhite plays 1/4 4/9\n"),
        "{stdout}"
    );
    assert!(stdout.contains("black rolls 4-2\n"), "{stdout}");
    assert!(
        stdout.contains("black plays 1/3 3/7\n") || stdout.contains("black plays "),
        "{stdout}"
    );
}

#[test]
fn the_board_is_drawn_from_the_side_of_the_player_to_move() {
    let position = "white: bar 2*3 9*2 20*8 off; black: bar 1*9 12 13*2 off*2; turn: black; dice: 6-4; idle: 2";
    let Run { code, stdout, .. } = play(&verquere(), &["--position", position], Some(""));
    assert_eq!(code, 0);
    // Black's home (White's 13) is at the far right, his own side is near.
    let board = "
 12  11  10   9   8   7 |   6   5   4   3   2   1
 x1   .   .   .  o8   . |   .   .   .   .   .  x9
                        |
 x2  o3   .   .   .   . |   .   .  o2   .   .   .
 13  14  15  16  17  18 |  19  20  21  22  23  24
white o: bar 1, off 1, pips 166
black x: bar 1, off 2, pips 278
black to move; dice: 6-4; turns without a move: 2
";
    assert!(stdout.starts_with(&board[1..]), "{stdout}");
}

/// `help` takes its examples from the game's own turns: in backgammon,
/// counted down from the mover's side (the opening 5-1 of seed 3 is
/// white's, whose back men stand on his 24-point), entering on `bar/21`
/// and bearing off to `off`; never another game's `13/18`.
#[test]
fn help_gives_examples_in_the_games_own_notation() {
    let run = play(
        &games_dir().join("backgammon.game"),
        &["--seed", "3"],
        Some("help\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("white 5-1> "), "{}", run.stdout);
    assert!(run.stdout.contains("(`24/23`)"), "{}", run.stdout);
    assert!(
        run.stdout.contains("`bar/21` moves a man"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("13/18"), "{}", run.stdout);
}

/// `--white` and `--black` name the game's players by the names it gives
/// them: in English draughts Black moves first, so `--white random` leaves
/// Black to the person and White to the agent, who answers Black's move.
/// `--first`/`--second` seat players by order, `--player NAME=AGENT` by
/// any name; a name the game lacks, or a player seated twice, is a bad
/// command line (exit 2).
#[test]
fn players_are_seated_by_the_names_the_game_gives_them() {
    let draughts = games_dir().join("english-draughts.game");
    let run = play(&draughts, &["--white", "random"], Some("moves\n1\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let black = run
        .stdout
        .find("black plays ")
        .expect("black's move, typed");
    let white = run
        .stdout
        .find("white plays ")
        .expect("white's answer, by the agent");
    assert!(black < white, "{}", run.stdout);
    let run = play(&draughts, &["--player", "white=random"], Some("moves\n1\n"));
    assert!(run.stdout.contains("white plays "), "{}", run.stdout);
    let run = play(&draughts, &["--player", "red=random"], None);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no player `red`"), "{}", run.stderr);
    let run = play(&draughts, &["--first", "random", "--black", "human"], None);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("given twice"), "{}", run.stderr);
}

/// The last `position` printed in a transcript.
fn last_position(stdout: &str) -> String {
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines
        .iter()
        .rposition(|l| l.contains("position") && l.trim_end().ends_with("position"))
        .expect("a `position` command");
    lines[at + 1].to_string()
}

/// `save`, `resign`, `load` and `play --record` in a game: two turns typed
/// (the first listed each time), `save` writes a record that `replay`
/// accepts as unfinished, `resign double` ends the game and the `--record`
/// file, written as it went, replays to the resignation; `load` in a new
/// session continues from the saved position, its turns kept.
fn save_resign_load(game: &str, agents: &[&str], typed: &str) {
    let dir = common::temp_dir("repl", &game.replace('.', "-"));
    let file = games_dir().join(game);
    let saved = dir.join("saved.jsonl");
    let recorded = dir.join("recorded.jsonl");
    let input = format!("{typed}position\nsave {}\nresign double\n", saved.display());
    let mut args = agents.to_vec();
    let recorded_arg = recorded.display().to_string();
    args.extend(["--record", &recorded_arg]);
    let run = play(&file, &args, Some(&input));
    assert_eq!(run.code, 0, "{game}: {}", run.stderr);
    assert!(run.stdout.contains("saved "), "{game}: {}", run.stdout);
    let mover = run
        .stdout
        .lines()
        .find_map(|l| {
            l.split_once(" resigns: ")
                .map(|(who, _)| who.rsplit("> ").next().unwrap().to_string())
        })
        .unwrap_or_else(|| panic!("{game}: no resignation in {}", run.stdout));
    let position = last_position(&run.stdout);
    let replayed = ludus(&["replay", saved.to_str().unwrap(), "--quiet"]);
    assert_eq!(replayed.code, 0, "{game}: {}", replayed.stderr);
    assert!(
        replayed.stdout.contains("every move legal; unfinished"),
        "{}",
        replayed.stdout
    );
    let replayed = ludus(&["replay", recorded.to_str().unwrap(), "--quiet"]);
    assert_eq!(replayed.code, 0, "{game}: {}", replayed.stderr);
    assert!(
        replayed.stdout.contains("wins a double game"),
        "{game}: {}",
        replayed.stdout
    );
    let record = std::fs::read_to_string(&recorded).unwrap();
    assert!(
        record.contains(&format!("\"resigned\":\"{mover}\"")),
        "{game}: {record}"
    );
    // Continued from the saved position.
    let input = format!("load {}\nposition\nquit\n", saved.display());
    let run = play(&file, agents, Some(&input));
    assert_eq!(run.code, 0, "{game}: {}", run.stderr);
    assert!(run.stdout.contains("loaded "), "{game}: {}", run.stdout);
    assert_eq!(last_position(&run.stdout), position, "{game}");
}

#[test]
fn backgammon_is_saved_resigned_and_loaded() {
    save_resign_load(
        "backgammon.game",
        &["--black", "random", "--seed", "3"],
        "moves\n1\nroll\nmoves\n1\npip\n",
    );
}

#[test]
fn english_draughts_is_saved_resigned_and_loaded() {
    save_resign_load("english-draughts.game", &[], "moves\n1\nmoves\n1\n");
}

#[test]
fn alquerque_is_saved_resigned_and_loaded() {
    save_resign_load("alquerque.game", &["--black", "random"], "moves\n1\n");
}

/// `pip` gives the pip counts the board shows.
#[test]
fn pip_counts_as_the_board_shows() {
    let run = play(
        &games_dir().join("backgammon.game"),
        &["--seed", "3"],
        Some("pip\n"),
    );
    assert!(
        run.stdout.contains("pips: white 167, black 167"),
        "{}",
        run.stdout
    );
    let run = play(&alquerque(), &[], Some("pip\n"));
    assert!(
        run.stdout.contains("no track to count pips along"),
        "{}",
        run.stdout
    );
}

/// A variant of the bundled game `base` with the doubling cube, written
/// in `dir` as `NAME.game`.
fn with_cube(dir: &Path, base: &str, name: &str) -> PathBuf {
    let path = dir.join(format!("{name}.game"));
    let text = format!(
        "variant \"{name}\" of \"{}\"\nstakes {{\n  cube\n}}\n",
        games_dir().join(base).display()
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `ludus play FILE ARGS` in `dir` with `input` on stdin.
fn play_in(dir: &Path, file: &Path, args: &[&str], input: &str) -> Run {
    ludus_in(dir, &play_args(file, args), Input::Text(input))
}

/// Without `--seed`, `play` draws a fresh seed, says which, and the
/// record keeps it: two sessions throw different dice, and `--seed` with
/// the seed shown plays the same game again.
#[test]
fn play_draws_a_fresh_seed_and_records_it() {
    let dir = common::temp_dir("repl", "fresh_seed");
    let file = games_dir().join("backgammon.game");
    let file = file.to_str().unwrap();
    let agents = ["--white", "random", "--black", "random"];
    let args = [&["play", file, "--record", "game.jsonl"][..], &agents].concat();
    let seed_of = |run: &Run| -> u64 {
        let first = run.stdout.lines().next().unwrap_or_default();
        let seed = first
            .strip_prefix("seed ")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no seed line: {}", run.stdout));
        seed.parse().unwrap()
    };
    let one = ludus_in(&dir, &args, Input::Text("quit\n"));
    assert_eq!(one.code, 0, "{}", one.stderr);
    let seed = seed_of(&one);
    let record = std::fs::read_to_string(dir.join("game.jsonl")).unwrap();
    assert!(record.contains(&format!("\"seed\":{seed}")), "{record}");
    std::fs::remove_file(dir.join("game.jsonl")).unwrap();
    let two = ludus_in(&dir, &args, Input::Text("quit\n"));
    assert_ne!(seed_of(&two), seed, "two sessions drew one seed");
    // The seed shown plays the same opening again, and is not shown.
    let seed_text = seed.to_string();
    let again = [&["play", file, "--seed", &seed_text][..], &agents].concat();
    let again = ludus_in(&dir, &again, Input::Text("quit\n"));
    let opening = |run: &Run| {
        run.stdout
            .lines()
            .find(|l| l.starts_with("opening throw"))
            .map(str::to_owned)
    };
    assert!(opening(&one).is_some(), "{}", one.stdout);
    assert_eq!(opening(&again), opening(&one));
    let rest = |run: &Run| -> Vec<String> {
        run.stdout
            .lines()
            .skip_while(|l| l.starts_with("seed "))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(rest(&again), rest(&one), "the same seed, another game");
    assert!(!again.stdout.starts_with("seed "), "{}", again.stdout);
}

/// `save` and `--record` while a double waits for its answer write a
/// record that `replay` accepts, the double its last action, and that
/// `load` continues with the double still waiting: the doubled player
/// takes or drops, and nothing else is played first.
#[test]
fn a_save_while_a_double_waits_loads_and_replays() {
    let dir = common::temp_dir("repl", "double_waits");
    let file = games_dir().join("backgammon.game");
    let run = play_in(
        &dir,
        &file,
        &["--seed", "1", "--record", "r.jsonl"],
        "moves\n1\ndouble\nsave d.jsonl\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for name in ["d.jsonl", "r.jsonl"] {
        let record = std::fs::read_to_string(dir.join(name)).unwrap();
        let last_action = record.lines().rev().nth(1).unwrap();
        assert!(last_action.contains("\"action\":\"double\""), "{record}");
        let replayed = ludus_in(&dir, &["replay", name, "--quiet"], Input::Nothing);
        assert_eq!(replayed.code, 0, "{name}: {}", replayed.stderr);
        assert!(
            replayed
                .stdout
                .contains("unfinished, black's double to 2 waiting for its answer"),
            "{}",
            replayed.stdout
        );
    }
    let run = play_in(
        &dir,
        &file,
        &["--seed", "1"],
        "load d.jsonl\nroll\nposition\ntake\nroll\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("loaded 1 turns from d.jsonl"), "{out}");
    assert!(out.contains("white: `take` or `drop`"), "{out}");
    assert!(
        out.contains("black has doubled: white must first `take`"),
        "{out}"
    );
    assert!(
        out.contains("turn: black; idle: 0; cube: 1; doubled: black"),
        "{out}"
    );
    assert!(
        out.contains("white takes: the cube is at 2, white's"),
        "{out}"
    );
    assert!(out.contains("black rolls "), "{out}");
}

/// Whether a player may double is judged by one rule for `play` and
/// `replay`: at the start of his turn, before he throws. In acey-deucey
/// the winner of the opening throw throws again, so he may double before
/// his first throw, and the record of it replays and loads; in backgammon
/// he plays the opening dice, so his first turn has begun and he may not.
#[test]
fn the_opening_starter_doubles_before_his_first_throw_only_where_he_throws_again() {
    let dir = common::temp_dir("repl", "opening_double");
    let file = with_cube(&dir, "acey-deucey.game", "acey-deucey cube");
    let run = play_in(
        &dir,
        &file,
        &["--seed", "8"],
        "double\ntake\nsave a1.jsonl\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("opening throw: white 4, black 6: black starts and throws"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("black doubles to 2"), "{}", run.stdout);
    let replayed = ludus_in(&dir, &["replay", "a1.jsonl", "--quiet"], Input::Nothing);
    assert_eq!(replayed.code, 0, "{}", replayed.stderr);
    let run = play_in(
        &dir,
        &file,
        &["--seed", "8"],
        "load a1.jsonl\nposition\nquit\n",
    );
    assert!(run.stdout.contains("loaded 0 turns"), "{}", run.stdout);
    assert!(
        run.stdout.contains("turn: black; idle: 0; cube: 2 white"),
        "{}",
        run.stdout
    );
    // Backgammon: the starter plays the opening dice.
    let run = play(
        &games_dir().join("backgammon.game"),
        &["--seed", "1"],
        Some("double\nquit\n"),
    );
    assert!(
        run.stdout
            .contains("white cannot double: a player doubles before his turn, not during it"),
        "{}",
        run.stdout
    );
}

/// A transcript's `position` printed after `save FILE`: the line after
/// the one that echoes `position`, following the one that echoes the save.
fn position_after_save(stdout: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.ends_with(&format!("> save {name}")))?;
    assert!(lines[at + 1].starts_with("saved "), "{}", lines[at + 1]);
    assert!(lines[at + 2].ends_with("> position"), "{}", lines[at + 2]);
    Some(lines[at + 3].to_string())
}

/// A seeded script of commands for `ludus play`: moves picked by their
/// number in the list `moves` gives (refused where there is none such),
/// throws, the cube's commands, `undo`, now and then `save` (then
/// `position`) and rarely `resign`, with a last `save` before `quit`; and
/// the files it saves.
fn random_script(seed: u64, commands: usize) -> (String, Vec<String>) {
    let mut rng = playout::rng(seed);
    let mut script = String::new();
    let mut saves = Vec::new();
    let mut save = |script: &mut String| {
        let name = format!("s{}.jsonl", saves.len() + 1);
        script.push_str(&format!("save {name}\nposition\n"));
        saves.push(name);
    };
    for _ in 0..commands {
        match rng.random_range(0..300) {
            0..120 => {
                let n = rng.random_range(1..=4);
                script.push_str(&format!("moves\n{n}\n"));
            }
            120..170 => script.push_str("roll\n"),
            170..200 => script.push_str("double\n"),
            200..225 => script.push_str("take\n"),
            225..231 => script.push_str("drop\n"),
            231..260 => script.push_str("undo\n"),
            260..261 => script.push_str("resign\n"),
            _ => save(&mut script),
        }
    }
    save(&mut script);
    script.push_str("quit\n");
    (script, saves)
}

/// The position a `position` line gives (its stakes fields left out),
/// drawn as the REPL draws it, and the line with the cube and score under
/// it.
fn drawn(engine: &Engine, line: &str) -> (String, String) {
    let (stakes, rest) = ludus::stakes::Stakes::new(engine, 0)
        .read_fields(engine, line)
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    let st = ludus::notation::parse_position(engine, &rest).unwrap();
    (ludus::render::board(engine, &st), stakes.summary(engine))
}

/// Checks one record saved by a session: every game in it replays (the
/// library's `replay`, as `ludus replay` runs it), the last to the
/// position `shown` (as `position` printed it, where known: for an
/// unfinished game with its stakes), and `load` in a new session (`args`)
/// continues from that position. True where the record ends with a
/// double waiting for its answer.
fn check_saved(
    (dir, file, engine): (&Path, &Path, &Engine),
    args: &[&str],
    name: &str,
    shown: Option<&str>,
) -> bool {
    let what = format!("{} {args:?}, {name}", file.display());
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let records = playout::parse_records(&text).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut last = None;
    for record in &records {
        let replayed = ludus::replay::replay(engine, record)
            .unwrap_or_else(|e| panic!("{what}: replay refuses it: {e}\n{text}"));
        last = Some(replayed);
    }
    let replayed = last.unwrap();
    let ours = position_text(engine, &replayed.last);
    let stakes = replayed.stakes.map_or(String::new(), |s| s.fields(engine));
    let unfinished = replayed.outcome == Outcome::Ongoing;
    if let Some(shown) = shown {
        let full = if stakes.is_empty() {
            ours.clone()
        } else {
            format!("{ours}; {stakes}")
        };
        if unfinished {
            assert_eq!(shown, full, "{what}");
        } else {
            assert!(shown.starts_with(&ours), "{what}: {shown} / {ours}");
        }
    }
    let run = play_in(dir, file, args, &format!("load {name}\nquit\n"));
    assert_eq!(run.code, 0, "{what}: {}", run.stderr);
    assert!(
        !run.stdout.contains("cannot load"),
        "{what}: {}\n{text}",
        run.stdout
    );
    let line = match shown {
        Some(s) => s.to_string(),
        None if stakes.is_empty() => ours,
        None => format!("{ours}; {stakes}"),
    };
    let (board, summary) = drawn(engine, &line);
    let at = run
        .stdout
        .find(&format!("from {name}\n"))
        .unwrap_or_else(|| panic!("{what}: {}", run.stdout));
    let after = &run.stdout[at..];
    let after = &after[after.find('\n').unwrap() + 1..];
    assert!(
        after.starts_with(&board),
        "{what}:\n{after}\nwanted\n{board}"
    );
    if unfinished && !summary.is_empty() {
        assert!(
            after[board.len()..].starts_with(&summary),
            "{what}: {after}"
        );
    }
    replayed.stakes.is_some_and(|s| s.offered.is_some())
}

/// The REPL's save and load round trip (issue 42): sessions of several
/// games (with a cube and without, with dice and without, people only,
/// against an agent, a match) driven by seeded random commands; every
/// record they save (and the `--record` file) is accepted by `replay` and
/// by `load`, which reaches the position the session saved at.
#[test]
fn every_saved_session_loads_and_replays_at_its_position() {
    let dir = common::temp_dir("repl", "round_trip");
    let games = games_dir();
    let backgammon = games.join("backgammon.game");
    let acey = games.join("acey-deucey.game");
    let acey_cube = with_cube(&dir, "acey-deucey.game", "acey-deucey cube");
    let draughts = games.join("english-draughts.game");
    let morris = games.join("nine-mens-morris.game");
    let morris_cube = with_cube(&dir, "nine-mens-morris.game", "nine men's morris cube");
    let runs: [(&Path, &[&str], u64); 13] = [
        (&backgammon, &[], 1),
        (&backgammon, &[], 2),
        (&backgammon, &["--black", "random"], 3),
        (&backgammon, &["--match", "3"], 4),
        (&acey, &[], 1),
        (&acey, &["--white", "random"], 2),
        (&acey_cube, &[], 1),
        (&acey_cube, &[], 8),
        (&draughts, &[], 1),
        (&draughts, &["--white", "random"], 2),
        (&morris, &[], 1),
        (&morris_cube, &[], 1),
        (&morris_cube, &["--black", "random"], 2),
    ];
    let mut waiting = 0;
    for (file, agents, seed) in runs {
        let engine = engine(file);
        let seed_text = seed.to_string();
        let args = [agents, &["--seed", &seed_text]].concat();
        let (script, saves) = random_script(seed, 150);
        let recorded = [&args[..], &["--record", "recorded.jsonl"]].concat();
        let _ = std::fs::remove_file(dir.join("recorded.jsonl"));
        let run = play_in(&dir, file, &recorded, &script);
        assert_eq!(run.code, 0, "{} {args:?}: {}", file.display(), run.stderr);
        let mut checked = 0;
        for name in &saves {
            // A game that ended (a resignation, a drop) ends the session.
            let Some(shown) = position_after_save(&run.stdout, name) else {
                break;
            };
            waiting += usize::from(check_saved(
                (&dir, file, &engine),
                &args,
                name,
                Some(&shown),
            ));
            checked += 1;
        }
        assert!(checked > 0, "{} {args:?}: nothing saved", file.display());
        if dir.join("recorded.jsonl").exists() {
            check_saved((&dir, file, &engine), &args, "recorded.jsonl", None);
        }
    }
    assert!(waiting > 0, "no record saved while a double waited");
}

/// Money play goes on: after a game is over and scored, `next` begins
/// the next one, and the score of the games so far is said after each and
/// when the session ends.
#[test]
fn money_play_goes_on_to_the_next_game_with_its_score() {
    let run = play(
        &games_dir().join("backgammon.game"),
        &["--seed", "3"],
        Some("resign\nnext\nresign double\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains(
            "money play: white 0, black 1 after 1 game\ntype `next` for the next game, or `quit`\n"
        ),
        "{out}"
    );
    assert_eq!(out.matches("opening throw:").count(), 2, "{out}");
    assert!(
        out.contains("money play: white 0, black 3 after 2 games\n"),
        "{out}"
    );
    assert!(
        out.ends_with("money play ends: white 0, black 3 after 2 games\n"),
        "{out}"
    );
    assert!(!out.contains("left unfinished"), "{out}");
}

/// `quit` in the middle of a match asks to be typed again; anything else
/// typed between them keeps the match going.
#[test]
fn quit_in_the_middle_of_a_match_asks_to_be_typed_again() {
    let backgammon = games_dir().join("backgammon.game");
    let run = play(
        &backgammon,
        &["--seed", "3", "--match", "3"],
        Some("quit\npip\nquit\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    let warning = "the match is not over (cube 1 in the middle; match to 3: white 0, black 0): type `quit` again to leave it unfinished\n";
    assert_eq!(out.matches(warning).count(), 2, "{out}");
    assert!(out.ends_with("game left unfinished\n"), "{out}");
    // Out of a match, `quit` leaves at once.
    let run = play(&backgammon, &["--seed", "3"], Some("quit\n"));
    assert!(!run.stdout.contains("type `quit` again"), "{}", run.stdout);
}

/// A tables board keeps its orientation: against an agent, the person's
/// side all game long; `--view PLAYER` names the side; an unknown player
/// is a bad command line.
#[test]
fn the_board_keeps_the_side_it_is_seen_from() {
    let backgammon = games_dir().join("backgammon.game");
    // The first line of every board drawn: the points along its top.
    let tops = |stdout: &str| -> Vec<String> {
        let lines: Vec<&str> = stdout.lines().collect();
        (0..lines.len().saturating_sub(1))
            .filter(|&i| {
                lines[i + 1].contains('|') && lines[i].trim_start().starts_with(char::is_numeric)
            })
            .map(|i| lines[i].to_string())
            .collect()
    };
    let run = play(
        &backgammon,
        &["--seed", "3", "--black", "random"],
        Some("roll\nmoves\n1\nroll\nmoves\n1\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let seen = tops(&run.stdout);
    assert!(seen.len() >= 4, "{}", run.stdout);
    assert!(seen.iter().all(|t| *t == seen[0]), "{seen:#?}");
    // Both seats people: the mover's side, unless `--view` says.
    let run = play(
        &backgammon,
        &["--seed", "3"],
        Some("roll\nmoves\n1\nquit\n"),
    );
    let mover = tops(&run.stdout);
    assert!(mover.iter().any(|t| *t != mover[0]), "{mover:#?}");
    let run = play(
        &backgammon,
        &["--seed", "3", "--view", "black"],
        Some("roll\nmoves\n1\nquit\n"),
    );
    let black = tops(&run.stdout);
    assert!(black.iter().all(|t| *t == black[0]), "{black:#?}");
    assert_ne!(black[0], seen[0]);
    let run = play(&backgammon, &["--view", "blue"], Some("quit\n"));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("--view blue: the game's players are white, black"),
        "{}",
        run.stderr
    );
}

/// A misspelt command is answered with the command meant; a word near
/// none is not.
#[test]
fn a_misspelt_command_is_answered_with_the_one_meant() {
    let run = play(
        &games_dir().join("backgammon.game"),
        &["--seed", "1"],
        Some("mvoes\nrol\nxyzzy\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for (typed, meant) in [("mvoes", "moves"), ("rol", "roll")] {
        let said = format!(
            "unknown command `{typed}`: did you mean `{meant}`? (`help` lists the commands)"
        );
        assert!(run.stdout.contains(&said), "{said}\n{}", run.stdout);
    }
    assert!(
        run.stdout
            .contains("unknown command `xyzzy`: type `help` for the commands"),
        "{}",
        run.stdout
    );
}
