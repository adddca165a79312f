//! `simulate` breaks each player's wins down by the points they were
//! worth, in its text and in `--json`.

use crate::common;

use common::ludus;

/// Verquere has single games (all men borne off) and double games (Jean,
/// all men on the last point): the breakdown adds up to the wins and to
/// the points, and shows both sizes.
#[test]
fn simulate_breaks_wins_down_by_points() {
    let run = ludus(&[
        "simulate",
        "games/verquere.game",
        "--games",
        "100",
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let mut sizes_seen = std::collections::BTreeSet::new();
    for (i, player) in ["white", "black"].iter().enumerate() {
        let wins = value["wins"][player].as_u64().unwrap();
        let points = value["points"][i].as_u64().unwrap();
        let by_points = value["wins_by_points"][player].as_object().unwrap();
        let mut total_wins = 0;
        let mut total_points = 0;
        for (size, count) in by_points {
            let size: u64 = size.parse().unwrap();
            let count = count.as_u64().unwrap();
            assert!(count > 0, "{player}: {by_points:?}");
            sizes_seen.insert(size);
            total_wins += count;
            total_points += size * count;
        }
        assert_eq!(total_wins, wins, "{player}: {}", run.stdout);
        assert_eq!(total_points, points, "{player}: {}", run.stdout);
    }
    assert!(
        sizes_seen.contains(&1) && sizes_seen.contains(&2),
        "{sizes_seen:?}"
    );

    let text = ludus(&[
        "simulate",
        "games/verquere.game",
        "--games",
        "100",
        "--seed",
        "1",
    ]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    for (player, by_points) in value["wins_by_points"].as_object().unwrap() {
        let single = by_points.get("1").map_or(0, |c| c.as_u64().unwrap());
        let double = by_points.get("2").map_or(0, |c| c.as_u64().unwrap());
        let mut sizes = Vec::new();
        if single > 0 {
            sizes.push(format!("{single} single"));
        }
        if double > 0 {
            sizes.push(format!("{double} double"));
        }
        let line = format!("({})", sizes.join(", "));
        assert!(
            text.stdout
                .lines()
                .any(|l| l.contains(&format!("{player} wins")) && l.ends_with(&line)),
            "{player} `{line}`:\n{}",
            text.stdout
        );
    }
}

/// Wins all worth one point need no breakdown in the text; the JSON still
/// gives it.
#[test]
fn simulate_of_single_games_prints_no_breakdown() {
    let text = ludus(&[
        "simulate",
        "games/alquerque.game",
        "--games",
        "5",
        "--seed",
        "1",
    ]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(!text.stdout.contains("single"), "{}", text.stdout);
    let run = ludus(&[
        "simulate",
        "games/alquerque.game",
        "--games",
        "5",
        "--seed",
        "1",
        "--json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let sizes = value["wins_by_points"].as_object().unwrap();
    let total: u64 = sizes
        .values()
        .flat_map(|s| s.as_object().unwrap().iter())
        .map(|(size, count)| {
            assert_eq!(size, "1");
            count.as_u64().unwrap()
        })
        .sum();
    let draws = value["draws"].as_u64().unwrap() + value["unfinished"].as_u64().unwrap();
    assert_eq!(total + draws, 5, "{}", run.stdout);
}

/// Game i is the playout of seed + i whichever thread plays it, so the
/// summary is the same for every number of threads, for grid and dice games.
#[test]
fn simulate_gives_the_same_summary_on_any_number_of_threads() {
    for game in ["games/verquere.game", "games/alquerque.game"] {
        let runs: Vec<String> = ["1", "2", "3"]
            .iter()
            .map(|threads| {
                let run = ludus(&[
                    "simulate",
                    game,
                    "--games",
                    "150",
                    "--seed",
                    "11",
                    "--threads",
                    threads,
                    "--json",
                ]);
                assert_eq!(run.code, 0, "{game} --threads {threads}: {}", run.stderr);
                run.stdout
            })
            .collect();
        assert_eq!(runs[0], runs[1], "{game}");
        assert_eq!(runs[0], runs[2], "{game}");
    }
}

/// The library's summary on many threads equals a run on one, and the
/// progress reported adds up to the games played.
#[test]
fn the_library_summary_does_not_depend_on_threads() {
    let engine = common::engine_at(std::path::Path::new("games/verquere-cotton.game"));
    let one = ludus::simulate::simulate(&engine, 300, 3, 1, &|_| {}).unwrap();
    let done = std::sync::atomic::AtomicU64::new(0);
    let four = ludus::simulate::simulate(&engine, 300, 3, 4, &|n| {
        done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(one, four);
    assert_eq!(one.games, 300);
    assert_eq!(done.into_inner(), 300);
    assert_eq!(
        one.wins.iter().sum::<u64>() + one.draws + one.unfinished,
        300
    );
}

#[test]
fn a_wrong_thread_count_is_refused() {
    for bad in ["0", "-1", "x", "100000"] {
        for command in ["simulate", "bench"] {
            let run = ludus(&[command, "games/alquerque.game", "--threads", bad]);
            assert_eq!(run.code, 2, "{command} --threads {bad}: {}", run.stderr);
            assert!(run.stderr.contains("threads"), "{}", run.stderr);
        }
    }
}
