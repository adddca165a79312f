//! Learned evaluations: the network's gradient against finite differences,
//! training that is a function of its seed, the `learned` agent against
//! the random one, and the errors of `train` and of evaluation files.

use crate::common;

use common::{Input, engine_at, ludus_in, root, temp_dir};
use ludus::learn::{Features, Net, Options, Scratch};

#[test]
fn the_gradient_is_the_networks_slope() {
    // d value / d weight, by back-propagation, against the change of the
    // value when one weight moves by a little (central differences).
    let mut rng = ludus::rng::rng(3);
    let net = Net::new(6, 4, &mut rng);
    let active = [(1u32, 1.0f32), (4, 0.5), (5, 2.0)];
    let mut scratch = Scratch::default();
    let v = net.value(&active, &mut scratch);
    let mut grad = vec![0.0; net.weights()];
    net.add_gradient(&active, &scratch, v, 1.0, &mut grad);
    let h = 1e-3f32;
    for k in 0..net.weights() {
        let mut bump = vec![0.0; net.weights()];
        bump[k] = 1.0;
        let mut up = net.clone();
        up.update(&bump, h);
        let mut down = net.clone();
        down.update(&bump, -h);
        let slope =
            (up.value(&active, &mut scratch) - down.value(&active, &mut scratch)) / (2.0 * h);
        assert!(
            (slope - grad[k]).abs() < 2e-3,
            "weight {k}: back-propagation {} against finite differences {slope}",
            grad[k]
        );
    }
    // Inputs at 0 leave their weights alone.
    let row0 = &grad[0..4];
    assert!(row0.iter().all(|&g| g == 0.0));
}

fn options(games: u64, seed: u64) -> Options {
    Options {
        games,
        alpha: 0.1,
        lambda: 0.7,
        explore: 0.1,
        seed,
        threads: 1,
    }
}

#[test]
fn training_is_a_function_of_its_seed() {
    for game in ["games/backgammon.game", "games/alquerque.game"] {
        let engine = engine_at(&root().join(game));
        let features = Features::new(&engine);
        let run = |seed: u64| {
            let mut net = Net::new(features.len(), 8, &mut ludus::rng::rng(1));
            ludus::learn::train(
                &engine,
                &features,
                &mut net,
                &options(30, seed),
                &|| true,
                &mut |_| {},
            )
            .unwrap();
            net
        };
        let (a, b, c) = (run(5), run(5), run(6));
        assert_eq!(a, b, "{game}: the same seed learns the same weights");
        assert_ne!(a, c, "{game}: another seed, other games");
    }
}

#[test]
fn threads_learn_from_the_same_weights_and_their_changes_add_up() {
    // Two threads, 16 games: each plays a round of 8 from the same start,
    // learning as it plays, and the run adds both changes in order. The
    // same games on one thread, each half from the start, say what that is.
    let engine = engine_at(&root().join("games/alquerque.game"));
    let features = Features::new(&engine);
    let start = Net::new(features.len(), 8, &mut ludus::rng::rng(1));
    let run = |options: &Options| {
        let mut net = start.clone();
        ludus::learn::train(&engine, &features, &mut net, options, &|| true, &mut |_| {}).unwrap();
        net
    };
    let rounds = ludus::learn::ROUND_GAMES;
    let two = Options {
        threads: 2,
        ..options(2 * rounds, 7)
    };
    let threaded = run(&two);
    assert_eq!(
        threaded,
        run(&two),
        "the same seed and threads, the same weights"
    );
    let first = run(&options(rounds, 7));
    let second = run(&options(rounds, 7 + rounds));
    let mut merged = start.clone();
    merged.add_change(&start, &first);
    merged.add_change(&start, &second);
    assert_eq!(threaded, merged);
    // On one thread the second half learns from the first: other weights.
    assert_ne!(threaded, run(&options(2 * rounds, 7)));
}

#[test]
fn the_features_see_the_position_from_the_player_to_move() {
    // Backgammon's start is the same for both players seen from their own
    // side: each has 2, 5, 3 and 5 men on his 24, 13, 8 and 6 points.
    let engine = engine_at(&root().join("games/backgammon.game"));
    let features = Features::new(&engine);
    let st = engine.start();
    let (mut white, mut black) = (Vec::new(), Vec::new());
    features.encode(&engine, &st, 0, &mut white);
    features.encode(&engine, &st, 1, &mut black);
    assert_eq!(white, black);
    // 2 men: two inputs; 5 men: three and (5-3)/2 = 1; 3 men: three.
    let ones = white.iter().filter(|&&(_, v)| v == 1.0).count();
    assert_eq!(ones, 2 * (2 + 4 + 3 + 4));
    // A grid game: whose turn it is is an input.
    let engine = engine_at(&root().join("games/alquerque.game"));
    let features = Features::new(&engine);
    let st = engine.start();
    features.encode(&engine, &st, 0, &mut white);
    features.encode(&engine, &st, 1, &mut black);
    assert_eq!(white.len(), 24);
    assert_eq!(black.len(), 25);
}

#[test]
fn train_writes_an_evaluation_the_learned_agent_plays_by() {
    let dir = temp_dir("learn", "train");
    let run = |args: &[&str]| ludus_in(&dir, args, Input::Nothing);
    let game = root().join("games/backgammon.game");
    let game = game.to_str().unwrap();
    let trained = run(&[
        "train", game, "--out", "bg.eval", "--games", "3000", "--seed", "1", "--json",
    ]);
    assert_eq!(trained.code, 0, "{}", trained.stderr);
    let summary: serde_json::Value = serde_json::from_str(&trained.stdout).unwrap();
    assert_eq!(summary["games"], 3000);
    assert!(summary["held_out_error"].as_f64().unwrap() < 0.5);
    // Resumed from the file: its games add up.
    let resumed = run(&[
        "train", game, "--from", "bg.eval", "--out", "bg2.eval", "--games", "10", "--json",
    ]);
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    let summary: serde_json::Value = serde_json::from_str(&resumed.stdout).unwrap();
    assert_eq!(summary["games_total"], 3010);
    // Three thousand games of self-play already beat the random agent.
    let played = run(&[
        "match",
        game,
        "--first",
        "learned:file=bg.eval,depth=1",
        "--second",
        "random",
        "--games",
        "100",
        "--swap",
        "--seed",
        "2",
        "--json",
    ]);
    assert_eq!(played.code, 0, "{}", played.stderr);
    let summary: serde_json::Value = serde_json::from_str(&played.stdout).unwrap();
    // The summary is keyed by the seats' first names, whoever moves first.
    assert_eq!(summary["white"]["agent"], "learned:file=bg.eval,depth=1");
    let wins = summary["white"]["wins"].as_u64().unwrap();
    assert!(
        wins >= 80,
        "the learned agent won {wins} of 100 games against random: {summary}"
    );
}

#[test]
fn bad_evaluations_and_arguments_are_refused_with_their_reason() {
    let dir = temp_dir("learn", "refused");
    let run = |args: &[&str]| ludus_in(&dir, args, Input::Nothing);
    let bg = root().join("games/backgammon.game");
    let bg = bg.to_str().unwrap();
    let alq = root().join("games/alquerque.game");
    let alq = alq.to_str().unwrap();
    assert_eq!(
        run(&["train", alq, "--out", "alq.eval", "--games", "5"]).code,
        0
    );
    // An evaluation of another game.
    let other = run(&[
        "match",
        bg,
        "--first",
        "learned:file=alq.eval",
        "--second",
        "random",
        "--games",
        "1",
    ]);
    assert_eq!(other.code, 1);
    assert!(
        other.stderr.contains("it was learned for a game of"),
        "{}",
        other.stderr
    );
    // Not an evaluation at all.
    std::fs::write(dir.join("junk.eval"), "{ nope").unwrap();
    let junk = run(&[
        "match",
        bg,
        "--first",
        "learned:file=junk.eval",
        "--second",
        "random",
    ]);
    assert_eq!(junk.code, 2);
    assert!(
        junk.stderr.contains("not an evaluation file"),
        "{}",
        junk.stderr
    );
    // An option `learned` does not have.
    let odd = run(&[
        "match",
        bg,
        "--first",
        "learned:iterations=5",
        "--second",
        "random",
    ]);
    assert_eq!(odd.code, 2);
    assert!(
        odd.stderr.contains("has no option `iterations`"),
        "{}",
        odd.stderr
    );
    // Rates out of range, and writing over the game file.
    assert_eq!(
        run(&["train", bg, "--out", "x.eval", "--alpha", "0"]).code,
        2
    );
    assert_eq!(
        run(&["train", bg, "--out", "x.eval", "--lambda", "1.5"]).code,
        2
    );
    assert_eq!(run(&["train", bg, "--out", bg]).code, 2);
}

#[test]
fn learned_without_a_file_plays_by_the_games_own_evaluation() {
    let dir = temp_dir("learn", "own");
    let run = |args: &[&str]| ludus_in(&dir, args, Input::Nothing);
    // Backgammon's evaluation is bundled (games/backgammon.eval).
    let played = run(&[
        "match",
        "backgammon",
        "--first",
        "learned:depth=1",
        "--second",
        "random",
        "--games",
        "40",
        "--swap",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(played.code, 0, "{}", played.stderr);
    let summary: serde_json::Value = serde_json::from_str(&played.stdout).unwrap();
    // Shown as typed: the bundled evaluation has no file to name.
    assert_eq!(summary["white"]["agent"], "learned:depth=1");
    assert!(
        summary["white"]["wins"].as_u64().unwrap() >= 36,
        "{summary}"
    );
    // A file beside the game comes first; a game with neither is refused
    // (a copy of Alquerque under a name no bundled game has).
    let alq = dir.join("my-alquerque.game");
    std::fs::copy(root().join("games/alquerque.game"), &alq).unwrap();
    let none = run(&[
        "match",
        "my-alquerque.game",
        "--first",
        "learned",
        "--second",
        "random",
    ]);
    assert_eq!(none.code, 1);
    assert!(
        none.stderr
            .contains("has none (no my-alquerque.eval beside it, none bundled)"),
        "{}",
        none.stderr
    );
    assert_eq!(
        run(&[
            "train",
            "my-alquerque.game",
            "--out",
            "my-alquerque.eval",
            "--games",
            "5"
        ])
        .code,
        0
    );
    let beside = run(&[
        "match",
        "my-alquerque.game",
        "--first",
        "learned:depth=1",
        "--second",
        "random",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(beside.code, 0, "{}", beside.stderr);
    assert!(
        beside
            .stdout
            .contains("learned:file=my-alquerque.eval,depth=1"),
        "{}",
        beside.stdout
    );
}

#[test]
fn the_hint_of_a_game_with_an_evaluation_ranks_by_it() {
    // Seed 1 opens with White's 6-2. GNU Backgammon's best opening 6-2 is
    // 24/18 13/11; the hint ranks by the bundled evaluation, then rolls out
    // its best five.
    let dir = temp_dir("learn", "hint");
    let run = ludus_in(
        &dir,
        &["play", "backgammon", "--seed", "1"],
        Input::Text("hint\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    let at = out
        .find("learned:depth=2 on the turns of white")
        .unwrap_or_else(|| panic!("{out}"));
    let first = out[at..].lines().nth(1).unwrap();
    assert!(first.trim_start().starts_with("24/18 13/11"), "{out}");
}

/// An evaluation learned for another game of the same shape plays with a
/// note, and a file trained from it is named for the game it was trained
/// on (issue 42: it kept the other game's name); a run that plays no game
/// writes nothing and fails.
#[test]
fn an_evaluation_of_another_game_is_noted_and_training_names_its_own_game() {
    let dir = temp_dir("learn", "foreign");
    let run = ludus_in(
        root(),
        &[
            "match",
            "games/plakoto.game",
            "--first",
            "learned:file=games/fevga.eval,depth=1",
            "--second",
            "random",
            "--games",
            "1",
            "--seed",
            "1",
            "--quiet",
        ],
        Input::Nothing,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("note: games/fevga.eval was learned for `Fevga`, not for `Plakoto`"),
        "{}",
        run.stderr
    );
    let out = dir.join("pf.eval");
    let run = ludus_in(
        root(),
        &[
            "train",
            "games/plakoto.game",
            "--from",
            "games/fevga.eval",
            "--out",
            out.to_str().unwrap(),
            "--games",
            "1",
        ],
        Input::Nothing,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("Plakoto: 1 games"), "{}", run.stdout);
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(written["game"], "Plakoto");

    let none = dir.join("none.eval");
    let run = ludus_in(
        root(),
        &[
            "train",
            "games/alquerque.game",
            "--out",
            none.to_str().unwrap(),
            "--seconds",
            "1e-320",
        ],
        Input::Nothing,
    );
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr.contains("no game of self-play was played"),
        "{}",
        run.stderr
    );
    assert!(!none.exists());
}
