//! Agents and matches: MCTS and expectimax play better than random at
//! fixed seeds and budgets (never timed), a larger budget beats a smaller
//! one, the intervals hold their rate, and the results do not depend on
//! threads or shards.

use crate::common;

use common::{engine_at, ludus, temp_dir};
use ludus::agent::Spec;
use ludus::matches::{Match, summarize, wilson};
use std::path::Path;

/// Plays a match with the agents swapping sides every game, on two threads,
/// and returns the first agent's wins.
fn wins(game: &str, a: &str, b: &str, games: u64) -> u64 {
    let engine = engine_at(Path::new(game));
    let m = Match {
        a: a.parse().unwrap(),
        b: b.parse().unwrap(),
        games,
        seed: 1,
        swap: true,
        shard: None,
        length: None,
    };
    let summary = summarize(&m.run(&engine, 2, &|| {}).unwrap());
    assert_eq!(summary.games, games);
    summary.first.wins
}

/// A time budget ends the search, however many iterations it allows.
#[test]
fn mcts_with_a_time_budget_chooses_a_turn() {
    let engine = engine_at(Path::new("games/alquerque.game"));
    let mut st = engine.start();
    let mut moves = Vec::new();
    engine.try_legal_moves(&mut st, &mut moves).unwrap();
    let spec: Spec = "mcts:seconds=0.05".parse().unwrap();
    let hints = spec
        .hints(&engine, &st, &moves, &mut ludus::rng::rng(1))
        .unwrap();
    assert_eq!(hints.len(), moves.len());
    let visits: u32 = hints.iter().map(|h| h.visits).sum();
    assert!(
        (1..ludus::agent::MAX_ITERATIONS).contains(&visits),
        "{visits}"
    );
}

#[test]
fn mcts_beats_random_in_alquerque() {
    let won = wins("games/alquerque.game", "mcts:iterations=20", "random", 40);
    assert!(won >= 36, "MCTS won {won} of 40");
}

#[test]
fn mcts_beats_random_in_verquere() {
    let won = wins(
        "games/verquere.game",
        "mcts:iterations=60,c=0.5",
        "random",
        40,
    );
    assert!(won >= 28, "MCTS won {won} of 40");
}

#[test]
fn a_larger_mcts_budget_beats_a_much_smaller_one() {
    let won = wins(
        "games/alquerque.game",
        "mcts:iterations=100",
        "mcts:iterations=5",
        20,
    );
    assert!(won > 10, "the larger budget won {won} of 20");
}

#[test]
fn expectimax_beats_random_in_alquerque() {
    let won = wins("games/alquerque.game", "expectimax:depth=2", "random", 20);
    assert!(won >= 18, "expectimax won {won} of 20");
}

/// Depth 2 in Verquere: every turn of the roll, then every roll of the
/// reply with every turn of it, judged by the race.
#[test]
fn expectimax_depth_two_beats_random_in_verquere() {
    let won = wins("games/verquere.game", "expectimax:depth=2", "random", 20);
    assert!(won >= 16, "expectimax won {won} of 20");
}

/// The 95% Wilson interval contains the true rate in about 95% of samples:
/// 2,000 seeded samples of 50 trials at several rates.
#[test]
fn wilson_intervals_contain_the_true_rate() {
    use rand::RngExt;
    let mut rng = ludus::rng::rng(5);
    for p in [0.05, 0.3, 0.5, 0.8] {
        let mut covered = 0;
        for _ in 0..2_000 {
            let k = (0..50).filter(|_| rng.random_range(0.0..1.0) < p).count() as u64;
            let r = wilson(k, 50);
            assert!(r.low <= r.rate && r.rate <= r.high);
            if r.low <= p && p <= r.high {
                covered += 1;
            }
        }
        let coverage = covered as f64 / 2_000.0;
        assert!(
            (0.92..=0.99).contains(&coverage),
            "p = {p}: coverage {coverage}"
        );
    }
    // Known values: 7 of 10 is 39.7%-89.2% (Wilson 1927, as in R's prop.test
    // without continuity correction).
    let r = wilson(7, 10);
    assert!(
        (r.low - 0.3968).abs() < 1e-3 && (r.high - 0.8922).abs() < 1e-3,
        "{r:?}"
    );
}

fn match_json(extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "match",
        "games/alquerque.game",
        "--white",
        "mcts:iterations=8",
        "--black",
        "random",
        "--games",
        "12",
        "--seed",
        "3",
        "--swap",
        "--json",
    ];
    args.extend_from_slice(extra);
    let run = ludus(&args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

#[test]
fn a_match_is_the_same_on_one_and_two_threads() {
    let one = match_json(&["--threads", "1"]);
    let two = match_json(&["--threads", "2"]);
    assert_eq!(one, two);
    assert_eq!(one["games"], 12);
    assert_eq!(one["white"]["agent"], "mcts:iterations=8");
    assert_eq!(one["black"]["agent"], "random");
    let total = one["white"]["wins"].as_u64().unwrap()
        + one["black"]["wins"].as_u64().unwrap()
        + one["draws"].as_u64().unwrap()
        + one["unfinished"].as_u64().unwrap();
    assert_eq!(total, 12);
}

#[test]
fn merged_shards_equal_one_run() {
    let dir = temp_dir("agents", "shards");
    let whole = match_json(&[]);
    let mut files = Vec::new();
    for k in 1..=3 {
        let out = dir.join(format!("shard-{k}.jsonl"));
        let shard = format!("{k}/3");
        match_json(&["--shard", &shard, "--out", out.to_str().unwrap()]);
        files.push(out.to_str().unwrap().to_string());
    }
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let run = ludus(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let merged: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(merged, whole);

    // A shard read twice, or the shards of another match, are refused.
    let run = ludus(&["merge", &files[0], &files[0]]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("already read"), "{}", run.stderr);
    let other = dir.join("other.jsonl");
    let run = ludus(&[
        "match",
        "games/alquerque.game",
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "2",
        "--out",
        other.to_str().unwrap(),
        "--shard",
        "1/2",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = ludus(&["merge", &files[1], other.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("is not of the match"), "{}", run.stderr);
}

#[test]
fn bad_agents_and_shards_are_refused() {
    for (flag, value, says) in [
        ("--white", "alphazero", "unknown agent"),
        ("--white", "mcts:iterations=0", "iterations=0"),
        ("--white", "mcts:depth=2", "no option `depth`"),
        ("--black", "expectimax:depth=99", "depth=99"),
        ("--black", "mcts:iterations", "KEY=VALUE"),
        ("--black", "mcts:seconds=0", "seconds=0"),
        ("--black", "mcts:seconds=nan", "seconds=nan"),
        (
            "--white",
            "mcts:iterations=1,iterations=2",
            "`iterations` is given twice",
        ),
        (
            "--black",
            "expectimax:depth=1, depth=1",
            "`depth` is given twice",
        ),
        ("--black", "expectimax:seconds=0", "seconds=0"),
        ("--black", "expectimax:file=x.eval", "no option `file`"),
        ("--black", "learned:eval=x.eval", "no option `eval`"),
        ("--black", "computer:depth=2", "no option `depth`"),
        ("--black", "mcts:eval=missing.eval", "missing.eval"),
        ("--shard", "0/4", "K/N"),
        ("--shard", "5/4", "K/N"),
    ] {
        let mut args = vec!["match", "games/alquerque.game", flag, value];
        for other in ["--white", "--black"] {
            if other != flag {
                args.extend([other, "random"]);
            }
        }
        let run = ludus(&args);
        assert_eq!(run.code, 2, "{flag} {value}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{flag} {value}: {}", run.stderr);
    }
    for text in [
        "mcts:iterations=300,c=0.5",
        "mcts:seconds=0.5",
        "mcts:seconds=2,iterations=50",
        "mcts:eval=own",
        "expectimax:depth=3,seconds=0.25",
        "learned:seconds=1",
        "computer",
    ] {
        let spec: Spec = text.parse().unwrap();
        assert_eq!(spec.to_string().parse::<Spec>().unwrap(), spec, "{text}");
    }
    for (text, shown) in [
        ("mcts:seconds=0.5", "mcts:seconds=0.5"),
        ("mcts:eval=own", "mcts:iterations=1000,eval=own"),
        // A time budget alone searches as deep as it allows.
        ("learned:seconds=1", "learned:seconds=1"),
        ("learned", "learned:depth=2"),
        ("expectimax:seconds=0.5", "expectimax:seconds=0.5"),
        ("expectimax:eval=own", "learned:depth=2"),
    ] {
        assert_eq!(text.parse::<Spec>().unwrap().to_string(), shown);
    }
}

/// The positions of a seeded random game of `game`, every `every`th.
fn positions(
    game: &str,
    seed: u64,
    every: usize,
) -> (ludus::engine::Engine, Vec<ludus::engine::State>) {
    let engine = engine_at(&common::root().join(game));
    let mut rng = ludus::rng::rng(seed);
    let mut st = engine.start();
    let mut moves = Vec::new();
    let mut out = Vec::new();
    for turn in 0..200 {
        engine.try_legal_moves(&mut st, &mut moves).unwrap();
        if moves.is_empty() || engine.outcome_with(&st, true) != ludus::engine::Outcome::Ongoing {
            break;
        }
        if turn % every == 0 {
            out.push(st.clone());
        }
        let m = moves[rand::RngExt::random_range(&mut rng, 0..moves.len())];
        engine.play_unchecked(&mut st, &m);
    }
    (engine, out)
}

/// Expectimax's choice is among the best turns a search without pruning
/// at the root values (alpha-beta there only proves the others worse); a
/// time budget that lets it finish deepens to the fixed depth's choice, and
/// one that lets it finish only the first turn's search plays that
/// search's choice.
#[test]
fn deepening_and_root_pruning_keep_expectimax_choice() {
    for game in ["games/alquerque.game", "games/english-draughts.game"] {
        let (engine, states) = positions(game, 3, 4);
        assert!(states.len() >= 8, "{game}: {} positions", states.len());
        let fixed: Spec = "expectimax:depth=3".parse().unwrap();
        let deepened: Spec = "expectimax:depth=3,seconds=600".parse().unwrap();
        let one: Spec = "expectimax:depth=1".parse().unwrap();
        let hurried: Spec = "expectimax:depth=3,seconds=0.000001".parse().unwrap();
        let mut moves = Vec::new();
        for (k, st) in states.iter().enumerate() {
            let mut st = st.clone();
            engine.try_legal_moves(&mut st, &mut moves).unwrap();
            let choose = |spec: &Spec| {
                spec.choose(&engine, &st, &moves, &mut ludus::rng::rng(k as u64))
                    .unwrap()
            };
            let chosen = choose(&fixed);
            let hints = fixed
                .hints(&engine, &st, &moves, &mut ludus::rng::rng(0))
                .unwrap();
            let value = |i: usize| hints.iter().find(|h| h.index == i).unwrap().value;
            assert!(
                value(chosen) >= hints[0].value - 1e-12,
                "{game}, position {k}"
            );
            assert_eq!(choose(&deepened), chosen, "{game}, position {k}");
            assert_eq!(choose(&hurried), choose(&one), "{game}, position {k}");
        }
    }
}

/// The legal turns of `position` and `agent`'s hints on them.
fn hints_at(
    engine: &ludus::engine::Engine,
    position: &str,
    agent: &str,
) -> (Vec<ludus::engine::Move>, Vec<ludus::agent::Hint>) {
    let mut st = ludus::notation::parse_position(engine, position).unwrap();
    let mut moves = Vec::new();
    engine.try_legal_moves(&mut st, &mut moves).unwrap();
    let hints = agent
        .parse::<Spec>()
        .unwrap()
        .hints(engine, &st, &moves, &mut ludus::rng::rng(0))
        .unwrap();
    (moves, hints)
}

/// MCTS rewards the points a game is worth, as a share of the most it can
/// be: in backgammon (a backgammon, 3 points, the most) a turn that wins a
/// gammon is worth (1 + 2/3) / 2, a single win (1 + 1/3) / 2.
#[test]
fn mcts_rewards_the_points_a_game_is_worth() {
    let engine = engine_at(&common::root().join("games/backgammon.game"));
    for (position, points) in [
        ("white: 1 off*14; black: 1*15; turn: white; dice: 3-1", 2.0),
        (
            "white: 1 off*14; black: 12*14 off; turn: white; dice: 3-1",
            1.0,
        ),
    ] {
        let (_, hints) = hints_at(&engine, position, "mcts:iterations=20");
        let expected = (1.0 + points / 3.0) / 2.0;
        for h in hints.iter().filter(|h| h.visits > 0) {
            assert!((h.value - expected).abs() < 1e-9, "{position}: {h:?}");
        }
    }
}

/// The `computer` opponent is the strongest agent measured for the game:
/// the game's own learned evaluation where it has one (searching a fixed
/// depth in dice games, to a time budget elsewhere), else expectimax in
/// dice games and MCTS elsewhere.
#[test]
fn the_computer_is_the_strongest_agent_for_the_game() {
    for (game, agent) in [
        ("backgammon", "learned:file=games/backgammon.eval,depth=2"),
        ("alquerque", "learned:file=games/alquerque.eval,seconds=0.5"),
        (
            "english-draughts",
            "learned:file=games/english-draughts.eval,seconds=0.5",
        ),
        ("plakoto", "learned:file=games/plakoto.eval,depth=2"),
        ("verquere", "expectimax:depth=2"),
        ("nine-mens-morris", "mcts:iterations=1000"),
    ] {
        let path = common::root().join("games").join(format!("{game}.game"));
        let engine = engine_at(&path);
        let computer = "computer".parse::<Spec>().unwrap();
        let ready = computer.for_game(&engine, &path).unwrap();
        let shown = ready
            .to_string()
            .replace(&format!("{}/", common::root().display()), "");
        assert_eq!(shown, agent, "{game}");
    }
}

/// `hint` lists the agent's view of the legal moves without changing the
/// game; an agent plays the other side in the REPL.
#[test]
fn the_repl_gives_hints_and_plays_against_an_agent() {
    let run = common::ludus_in(
        common::root(),
        &[
            "play",
            "games/alquerque.game",
            "--black",
            "mcts:iterations=30",
            "--seed",
            "2",
        ],
        common::Input::Text(
            "hint mcts:iterations=200\nhint expectimax:depth=1\nhint nonsense\nb2-c3\nquit\n",
        ),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("mcts:iterations=200 on the turns of white:"),
        "{out}"
    );
    assert!(out.contains("% of "), "{out}");
    assert!(
        out.contains(
            "expectimax:depth=1 on the turns of white (values: its evaluation, -1 lost to +1 won):"
        ),
        "{out}"
    );
    assert!(out.contains("unknown agent `nonsense`"), "{out}");
    assert!(out.contains("white plays b2-c3"), "{out}");
    assert!(out.contains("black plays "), "{out}");
    let bad = ludus(&["play", "games/alquerque.game", "--white", "robot"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("or `human`"), "{}", bad.stderr);
}

/// In a dice game `hint` ranks the turns by the game's learned evaluation
/// two turns deep (backgammon's, beside its file) and shows its best five
/// by their equity from rollouts, best first, saying so; `hint AGENT`
/// still shows that agent's own view; both are the same when asked again
/// (seeded by the turn).
#[test]
fn the_repl_hint_of_a_dice_game_shows_equities() {
    let run = common::ludus_in(
        common::root(),
        &["play", "games/backgammon.game", "--seed", "1"],
        common::Input::Text("hint\nhint\nhint expectimax:depth=1\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    let header = "learned:file=games/backgammon.eval,depth=2 on the turns of white, its best 5 then played out 300 times each by greedy play (equity: points expected per game, no doubling cube):\n";
    let hints: Vec<&str> = out.split(header).skip(1).collect();
    assert_eq!(hints.len(), 2, "{out}");
    let lines: Vec<&str> = hints[0].lines().take(5).collect();
    let again: Vec<&str> = hints[1].lines().take(5).collect();
    assert_eq!(lines, again);
    let mut last = f64::INFINITY;
    for line in &lines {
        // `  24/18 13/11  equity +0.083  (wins 53%, 10% doubled or more; loses 7% doubled or more)`
        let (_, rest) = line
            .split_once("  equity ")
            .unwrap_or_else(|| panic!("{line}"));
        let (number, shares) = rest.split_once("  (wins ").unwrap();
        let equity: f64 = number.parse().unwrap();
        assert!((-3.0..=3.0).contains(&equity) && equity <= last, "{out}");
        last = equity;
        assert!(
            shares.contains("% doubled or more; loses ") && shares.ends_with("% doubled or more)"),
            "{line}"
        );
    }
    assert!(hints[1].contains("  (9 more)"), "{out}");
    assert!(
        out.contains(
            "expectimax:depth=1 on the turns of white (values: its evaluation, -1 lost to +1 won):"
        ),
        "{out}"
    );
}

/// An experiment runs each `[[run]]` of its TOML file, writes every game as
/// a JSON line naming its run, and its shards merge into the same summaries.
#[test]
fn an_experiment_runs_each_match_and_its_shards_merge() {
    let dir = temp_dir("agents", "experiment");
    let root = common::root();
    let spec = dir.join("first-player.toml");
    std::fs::write(
        &spec,
        format!(
            "[[run]]\nname = \"plain\"\ngame = \"{0}/games/alquerque.game\"\nwhite = \"random\"\nblack = \"random\"\ngames = 30\nseed = 4\n\n\
             [[run]]\nname = \"compulsory\"\ngame = \"{0}/games/alquerque-compulsory.game\"\nwhite = \"mcts:iterations=5\"\nblack = \"random\"\ngames = 10\nswap = true\n",
            root.display()
        ),
    )
    .unwrap();
    let run = ludus(&["experiment", spec.to_str().unwrap(), "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let whole: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(whole[0]["run"], "plain");
    assert_eq!(whole[0]["summary"]["games"], 30);
    assert_eq!(whole[1]["run"], "compulsory");
    assert_eq!(whole[1]["summary"]["white"]["agent"], "mcts:iterations=5");
    let lines = std::fs::read_to_string(dir.join("first-player.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 40);
    assert!(lines.lines().all(|l| l.contains("\"run\":")));

    let mut shards = Vec::new();
    for k in ["1/2", "2/2"] {
        let out = dir.join(format!("shard-{}.jsonl", &k[..1]));
        let run = ludus(&[
            "experiment",
            spec.to_str().unwrap(),
            "--shard",
            k,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains("first agent wins"), "{}", run.stdout);
        shards.push(out.to_str().unwrap().to_string());
    }
    let run = ludus(&["merge", "--json", &shards[1], &shards[0]]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let merged: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(merged, whole);

    for (text, says) in [
        (
            "[[run]]\ngame = \"x.game\"\nwhite = \"random\"\nblack = \"random\"\n",
            "missing field `games`",
        ),
        (
            "[[run]]\ngame = \"x.game\"\nwhite = \"random\"\nblack = \"random\"\ngames = 3\ncolour = 1\n",
            "`colour = 1`: a run's keys are",
        ),
        (
            "[[run]]\ngame = \"x.game\"\nwhite = \"wizard\"\nblack = \"random\"\ngames = 3\n",
            "white: unknown agent",
        ),
        ("", "no [[run]]"),
        (
            "[[run]]\nname = \"\"\ngame = \"x.game\"\nwhite = \"random\"\nblack = \"random\"\ngames = 3\n",
            "run 1: the name is empty",
        ),
        (
            "[[run]]\nname = \"last\"\ngame = \"x.game\"\nwhite = \"random\"\nblack = \"random\"\ngames = 3\nseed = 18446744073709551614\n",
            "run 1: seed 18446744073709551614 with 3 games",
        ),
    ] {
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, text).unwrap();
        let run = ludus(&["experiment", bad.to_str().unwrap()]);
        assert_eq!(run.code, 1, "{text}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{text}: {}", run.stderr);
    }
}

/// A game may say how agents judge its positions (`evaluate: SUM`): the sum
/// for the player less the sum for his opponent, read by expectimax.
#[test]
fn a_game_file_gives_the_evaluation() {
    let dir = temp_dir("agents", "evaluate");
    let base = common::root().join("games/verquere.game");
    let file = dir.join("judged.game");
    std::fs::write(
        &file,
        format!(
            "variant \"Verquere, judged\" of \"{}\"\n\nrules {{\n  evaluate: own men in off + own men in off + own men in fourth-quarter\n}}\n",
            base.display()
        ),
    )
    .unwrap();
    let engine = engine_at(&file);
    let plain = engine_at(&base);
    let start = engine.start();
    assert_eq!(engine.evaluation(&start, 0), Some(0));
    assert_eq!(plain.evaluation(&start, 0), None);
    let st = ludus::notation::parse_position(
        &engine,
        "white: 20*3 off*12; black: 1*10 12*5; turn: black",
    )
    .unwrap();
    // White: 12 men off, counted twice, and 3 in his fourth quarter
    // (points 19..24 of his track); Black: none off, and none in his
    // fourth quarter (points 7..12 of White's numbering).
    assert_eq!(engine.evaluation(&st, 0), Some(27));
    assert_eq!(engine.evaluation(&st, 1), Some(-27));
    // Expectimax's leaves follow the file: with 3-1 the turn that bears a
    // man off is the best.
    let (moves, hints) = hints_at(
        &engine,
        "white: 19*2 22 off*12; black: 1*10 12*5; turn: white; dice: 3-1",
        "expectimax:depth=1",
    );
    let best = ludus::notation::move_text(&engine, &moves[hints[0].index]);
    assert!(best.contains("off"), "{best}");
    assert!(hints[0].value > hints[hints.len() - 1].value);
}

/// The lines of a match's shard, from `--out`.
fn shard_lines(dir: &Path, name: &str, args: &[&str]) -> Vec<String> {
    let out = dir.join(name);
    let mut all = vec![
        "match",
        "games/alquerque.game",
        "--white",
        "random",
        "--black",
        "random",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let run = ludus(&all);
    assert_eq!(run.code, 0, "{}", run.stderr);
    std::fs::read_to_string(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// `merge` refuses what no single match gives (issue 26): the shards of
/// matches from other seeds, a line whose seed or index was edited, and
/// points no result of the game gives; each refusal names file and line.
#[test]
fn merge_refuses_games_no_single_match_gives() {
    let dir = temp_dir("agents", "merge-foreign");
    let merge = |files: &[(&str, Vec<String>)]| {
        let mut args = vec!["merge".to_string()];
        for (name, lines) in files {
            let path = dir.join(name);
            std::fs::write(&path, lines.join("\n") + "\n").unwrap();
            args.push(path.to_str().unwrap().to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ludus(&args)
    };
    // The reproducer: shard 1/2 of the match from seed 3 and shard 2/2 of
    // the match from seed 4.
    let s1 = shard_lines(
        &dir,
        "s1.jsonl",
        &["--games", "4", "--seed", "3", "--shard", "1/2"],
    );
    let s2 = shard_lines(
        &dir,
        "s2.jsonl",
        &["--games", "4", "--seed", "4", "--shard", "2/2"],
    );
    let same = shard_lines(
        &dir,
        "t2.jsonl",
        &["--games", "4", "--seed", "3", "--shard", "2/2"],
    );
    assert_eq!(
        merge(&[("a.jsonl", s1.clone()), ("b.jsonl", same.clone())]).code,
        0
    );
    let run = merge(&[("a.jsonl", s1.clone()), ("b.jsonl", s2.clone())]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr.contains(
            "b.jsonl, line 1: game 1 has seed 5, so its match starts at seed 4, not at 3"
        ),
        "{}",
        run.stderr
    );
    // Lines edited one field at a time.
    let edit = |line: &str, from: &str, to: &str| {
        assert!(line.contains(from), "{line}");
        line.replacen(from, to, 1)
    };
    // A won game of the match, to score too much.
    let won = s1
        .iter()
        .chain(&same)
        .find(|l| l.contains("\"points\":1"))
        .expect("a won game among four");
    let mut cases = vec![
        (
            edit(&s1[1], "\"seed\":5", "\"seed\":6"),
            "game 2 has seed 6, but game i of a match from seed 3 has seed 3 + i",
        ),
        (
            edit(&s1[1], "\"index\":2", "\"index\":1"),
            "game 1 has seed 5, but game i of a match from seed 3",
        ),
        (
            edit(&s1[1], "\"index\":2", "\"index\":4"),
            "game 4 has seed 5",
        ),
        (
            edit(&s1[1], "\"a_first\":true", "\"a_first\":false"),
            "game 2 has `a_first` false",
        ),
        (
            edit(&s1[1], "\"games\":4", "\"games\":5"),
            "`games` is 5, but 4",
        ),
    ];
    cases.push((
        edit(won, "\"points\":1", "\"points\":100"),
        "a win worth 100 points: a win is worth 1 to 64",
    ));
    cases.push((
        edit(won, "\"points\":1", "\"points\":2"),
        "a win worth 2 points, but a win of `Alquerque` is worth 1",
    ));
    for (line, says) in cases {
        // The edited line alone (but for a match's size, which only
        // another line tells), and after a line of the match.
        if !says.contains("`games` is") {
            let run = merge(&[("edited.jsonl", vec![line.clone()])]);
            assert_eq!(run.code, 1, "{says}: {}", run.stdout);
            assert!(
                run.stderr
                    .contains(&format!("edited.jsonl, line 1: {says}")),
                "{says}: {}",
                run.stderr
            );
        }
        let run = merge(&[("edited.jsonl", vec![s1[0].clone(), line])]);
        assert_eq!(run.code, 1, "{says}: {}", run.stdout);
        assert!(
            run.stderr
                .contains(&format!("edited.jsonl, line 2: {says}")),
            "{says}: {}",
            run.stderr
        );
    }
    // Lines written before the match's seed, size, swap and win points
    // were added still merge, and are still held to seed = first + index.
    let old = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                for field in ["first_seed", "games", "swap", "win_points"] {
                    v.as_object_mut().unwrap().remove(field).unwrap();
                }
                v.to_string()
            })
            .collect()
    };
    let run = merge(&[("old1.jsonl", old(&s1)), ("old2.jsonl", old(&same))]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = merge(&[("old1.jsonl", old(&s1)), ("old2.jsonl", old(&s2))]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("old2.jsonl, line 1: game 1 has seed 5, so its match starts at seed 4"),
        "{}",
        run.stderr
    );
}

/// A first seed so large that a later game's seed would pass `u64::MAX` is
/// refused (exit 2) by every command that plays game i from seed S + i,
/// rather than wrapping to 0; one game from the largest seed is fine.
#[test]
fn seeds_past_the_largest_are_refused() {
    let max = u64::MAX.to_string();
    let game = "games/alquerque.game";
    let agents = ["--white", "random", "--black", "random"];
    let mut commands: Vec<Vec<&str>> = vec![
        vec!["simulate", game],
        vec!["coverage", game],
        vec!["check", game],
        vec!["diff", game, "games/alquerque-compulsory.game"],
    ];
    let mut m = vec!["match", game];
    m.extend(agents);
    commands.push(m);
    for mut args in commands {
        args.extend(["--seed", &max, "--games", "2"]);
        let run = ludus(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("past the largest seed")
                && run
                    .stderr
                    .contains("give a seed of at most 18446744073709551614"),
            "{args:?}: {}",
            run.stderr
        );
    }
    let run = ludus(&[
        "bench",
        game,
        "--seed",
        &max,
        "--seconds",
        "0.1",
        "--threads",
        "1",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("past the largest seed"),
        "{}",
        run.stderr
    );
    let mut args = vec!["match", game, "--games", "1", "--seed", &max, "--json"];
    args.extend(agents);
    let run = ludus(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// `match` seats the agents by the names the game gives its players: in
/// English draughts Black moves first, so `--white A --black B` makes B the
/// first player's agent (`a` in the games' lines); `--first` and
/// `--second`, and `--player NAME=AGENT`, seat them as `play` does; a
/// seat without an agent is a bad command line.
#[test]
fn match_seats_agents_by_player_name() {
    let dir = temp_dir("agents", "match_seats");
    let out = dir.join("games.jsonl");
    let out = out.to_str().unwrap();
    let first_agent = |args: &[&str]| -> (String, String) {
        let _ = std::fs::remove_file(out);
        let mut all = vec!["match", "games/english-draughts.game", "--games", "2"];
        all.extend(args);
        all.extend(["--out", out, "--quiet"]);
        let run = ludus(&all);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        let text = std::fs::read_to_string(out).unwrap();
        let line: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(line["a_first"], true, "{line}");
        (
            line["a"].as_str().unwrap().to_string(),
            line["b"].as_str().unwrap().to_string(),
        )
    };
    let depth = "expectimax:depth=1".to_string();
    let random = "random".to_string();
    assert_eq!(
        first_agent(&["--white", "random", "--black", "expectimax:depth=1"]),
        (depth.clone(), random.clone())
    );
    assert_eq!(
        first_agent(&["--first", "random", "--second", "expectimax:depth=1"]),
        (random.clone(), depth.clone())
    );
    assert_eq!(
        first_agent(&[
            "--player",
            "white=random",
            "--player",
            "black=expectimax:depth=1"
        ]),
        (depth, random)
    );
    let run = ludus(&["match", "games/english-draughts.game", "--white", "random"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("give one for `black`"),
        "{}",
        run.stderr
    );
    let run = ludus(&[
        "match",
        "games/alquerque.game",
        "--white",
        "random",
        "--red",
        "random",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

/// `match --match N`: each line is a whole match to N points, its winner
/// with at least N and the loser fewer, worth 1 point; the same lines on
/// one thread or two; and so with a searching agent, which judges the
/// cube by its rollouts.
#[test]
fn a_match_of_matches_plays_each_to_its_points() {
    let dir = temp_dir("agents", "match_of_matches");
    let lines = |threads: &str, white: &str| -> Vec<serde_json::Value> {
        let out = dir.join(format!("m{threads}.jsonl"));
        let _ = std::fs::remove_file(&out);
        let run = ludus(&[
            "match",
            "games/backgammon.game",
            "--white",
            white,
            "--black",
            "random",
            "--match",
            "3",
            "--games",
            "3",
            "--threads",
            threads,
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        std::fs::read_to_string(&out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let one = lines("1", "random");
    assert_eq!(one, lines("2", "random"));
    for line in one.iter().chain(&lines("1", "expectimax:depth=2")) {
        assert_eq!(line["match_to"], 3, "{line}");
        assert_eq!(line["points"], 1, "{line}");
        let score = [
            line["score"][0].as_u64().unwrap(),
            line["score"][1].as_u64().unwrap(),
        ];
        let (won, lost) = if line["result"] == "a" {
            (score[0], score[1])
        } else {
            (score[1], score[0])
        };
        assert!(won >= 3 && lost < 3, "{line}");
    }
}

#[test]
fn a_bundled_games_own_evaluation_is_shown_as_it_is_typed() {
    // By name, the game's evaluation is the bundled one, which no file
    // names: each agent is shown as typed, so that it reads back.
    let run = |white: &str, black: &str| {
        let args = [
            "match",
            "alquerque",
            "--white",
            white,
            "--black",
            black,
            "--games",
            "1",
            "--seed",
            "1",
            "--json",
        ];
        let run = ludus(&args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let name = |side: &str| json[side]["agent"].as_str().unwrap().to_string();
        (name("white"), name("black"))
    };
    let (white, black) = run("learned", "mcts:iterations=4,eval=own");
    assert_eq!(white, "learned:depth=2");
    assert_eq!(black, "mcts:iterations=4,eval=own");
    assert_eq!(run(&white, &black), (white.clone(), black.clone()));
}

/// Seats are by name everywhere (issue 42): in English draughts, whose
/// first player is Black, `--black mcts` is reported under `black` in the
/// summary, its lines name the players, and an experiment's `black = ...`
/// seats the same agent as `match --black`.
#[test]
fn agents_are_seated_and_reported_by_their_players_names() {
    let dir = temp_dir("agents", "seats");
    let out = dir.join("m.jsonl");
    let run = ludus(&[
        "match",
        "games/english-draughts.game",
        "--white",
        "random",
        "--black",
        "mcts:iterations=20",
        "--games",
        "2",
        "--seed",
        "1",
        "--json",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["black"]["agent"], "mcts:iterations=20");
    assert_eq!(summary["white"]["agent"], "random");
    assert_eq!(summary["players"], serde_json::json!(["black", "white"]));
    let line = std::fs::read_to_string(&out).unwrap();
    let first: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    assert_eq!(first["a"], "mcts:iterations=20");
    assert_eq!(first["players"], serde_json::json!(["black", "white"]));

    let spec = dir.join("e.toml");
    std::fs::write(
        &spec,
        format!(
            "[[run]]\nname = \"ed\"\ngame = \"{}/games/english-draughts.game\"\nwhite = \"random\"\nblack = \"mcts:iterations=20\"\ngames = 2\nseed = 1\n",
            common::root().display()
        ),
    )
    .unwrap();
    let run = ludus(&["experiment", spec.to_str().unwrap(), "--json", "--quiet"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rows: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(rows[0]["summary"]["black"]["agent"], "mcts:iterations=20");
    let lines = std::fs::read_to_string(dir.join("e.jsonl")).unwrap();
    let first_e: serde_json::Value = serde_json::from_str(lines.lines().next().unwrap()).unwrap();
    assert_eq!(first_e["a"], first["a"]);
    assert_eq!(first_e["result"], first["result"]);

    // A key that names no player, or a player seated twice, is refused.
    for (extra, says) in [
        (
            "red = \"random\"\n",
            "`red` is neither a key of a run nor a player",
        ),
        (
            "first = \"random\"\n",
            "the agent for `black` is given twice",
        ),
        ("gmes = 3\n", "`gmes = 3`: a run's keys are"),
    ] {
        let text = std::fs::read_to_string(&spec).unwrap() + extra;
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, text).unwrap();
        let run = ludus(&["experiment", bad.to_str().unwrap(), "--quiet"]);
        assert_eq!(run.code, 1, "{extra}");
        assert!(run.stderr.contains(says), "{extra}: {}", run.stderr);
    }
}

/// `merge` checks the final score of each match of a match of matches
/// (issue 42): the winner reaches the length and the loser does not, a
/// match is never drawn, and the winner's points are a score short of the
/// length plus what one game of the game can score with the cube.
#[test]
fn merge_refuses_match_scores_no_match_gives() {
    let dir = temp_dir("agents", "merge-score");
    let out = dir.join("m.jsonl");
    let run = ludus(&[
        "match",
        "games/backgammon.game",
        "--white",
        "random",
        "--black",
        "random",
        "--match",
        "3",
        "--games",
        "2",
        "--seed",
        "1",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = std::fs::read_to_string(&out).unwrap();
    let line = lines.lines().next().unwrap().to_string();
    let game: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(game["game_points"], serde_json::json!([1, 2, 3]));
    assert_eq!(game["match_to"], 3);
    let merge = |text: &str| {
        let path = dir.join("edited.jsonl");
        std::fs::write(&path, format!("{text}\n")).unwrap();
        ludus(&["merge", path.to_str().unwrap()])
    };
    assert_eq!(merge(&line).code, 0);
    let score = game["score"].to_string();
    let won_by_b = game["result"] == "b";
    let (winner_too_far, contradicts) = if won_by_b {
        ("[1,99]", "[3,1]")
    } else {
        ("[99,1]", "[1,3]")
    };
    for (edited, says) in [
        (
            line.replace(
                &format!("\"score\":{score}"),
                &format!("\"score\":{winner_too_far}"),
            ),
            "no game of `Backgammon` scores the rest",
        ),
        (
            line.replace(
                &format!("\"score\":{score}"),
                &format!("\"score\":{contradicts}"),
            ),
            "the winner reaches 3, the loser does not",
        ),
        (
            line.replace(&format!("\"score\":{score}"), "\"score\":[2,2]")
                .replace(
                    &format!("\"result\":\"{}\"", game["result"].as_str().unwrap()),
                    "\"result\":\"unfinished\"",
                )
                .replace("\"points\":1", "\"points\":0"),
            "",
        ),
        (
            line.replace(
                &format!(
                    "\"result\":\"{}\",\"points\":1",
                    game["result"].as_str().unwrap()
                ),
                "\"result\":\"draw\",\"points\":0",
            ),
            "a match is won or unfinished, never drawn",
        ),
    ] {
        assert_ne!(edited, line);
        let run = merge(&edited);
        if says.is_empty() {
            // An unfinished match short of the length is a line a match gives.
            assert_eq!(run.code, 0, "{edited}: {}", run.stderr);
        } else {
            assert_eq!(run.code, 1, "{edited}");
            assert!(run.stderr.contains(says), "{edited}: {}", run.stderr);
        }
    }
}
