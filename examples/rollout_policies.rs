//! Measures the rollout policies of `ludus::agent::equity` on the race
//! positions of `tests/rollout.rs` (against the Kleinman count), on the
//! opening rolls (against the standard opening moves) and for speed:
//!   cargo run --release --example rollout_policies -- GAME_FILE [GAMES]
use ludus::agent::{Policy, equity_with, turn_equities_with};
use ludus::engine::{Engine, Move};
use ludus::notation::{move_text, parse_dice, parse_position};
use std::time::Instant;

fn kleinman(roller: f64, other: f64) -> f64 {
    let d = other - roller + 4.0;
    let s = other + roller - 4.0;
    let k = d * d / s;
    let w = if k > 1.0 {
        0.76 + 0.114 * k.ln()
    } else {
        0.5 + 0.267 * k.sqrt()
    };
    if d >= 0.0 { w } else { 1.0 - w }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("GAME_FILE");
    let games: u32 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(1000);
    let loaded = ludus::load::load(std::path::Path::new(path)).unwrap();
    let engine = Engine::new(loaded.game.unwrap());
    let races = [
        (
            "white: 10 9 8*3 7*3 6*3 5*2 4*2; black: 14 12 9*3 8*3 6*3 5*2 4*2; turn: white",
            100.0,
            113.0,
        ),
        (
            "white: 10 9 8*3 7*3 6*3 5*2 4*2; black: 13 12 9*3 8*3 6*3 5*2 4*2; turn: white",
            100.0,
            112.0,
        ),
        (
            "white: 10 9 8*3 7*3 6*3 5*2 4*2; black: 10 9 8*3 7*3 6*3 5*2 4*2; turn: white",
            100.0,
            100.0,
        ),
        (
            "white: 10 9 8*3 7*3 6*3 5*2 4*2; black: 12 9 8*3 7*3 6*3 5*2 4*2; turn: white",
            100.0,
            102.0,
        ),
        (
            "white: 10 9 8*3 7*3 6*3 5*2 4*2; black: 14 12 9*3 8*3 7*3 5*2 4*2; turn: white",
            100.0,
            116.0,
        ),
        (
            "white: 6*3 5*3 4*3 3*2 2*2 1*2; black: 14 12 9*3 8*3 7*3 5*2 4*2; turn: white",
            52.0,
            116.0,
        ),
    ];
    for policy in [Policy::Greedy, Policy::Plain, Policy::Random] {
        let t = Instant::now();
        for (text, a, b) in races {
            let st = parse_position(&engine, text).unwrap();
            let e = equity_with(&engine, &st, 0, games, policy, &mut ludus::rng::rng(7)).unwrap();
            println!(
                "{policy:?} race {a}-{b}: win {:.3} (kleinman {:.3}) points {:+.3} ±{:.3} more {:.3}/{:.3}",
                e.win,
                kleinman(a, b),
                e.points,
                e.error,
                e.win_more,
                e.lose_more
            );
        }
        println!("  {:?}", t.elapsed());
    }
    // Before the opening: symmetric, so 0; how long the games run.
    for policy in [Policy::Greedy, Policy::Plain, Policy::Random] {
        let t = Instant::now();
        let st = engine.start();
        let n = if policy == Policy::Plain { 20 } else { games };
        let e = equity_with(&engine, &st, 0, n, policy, &mut ludus::rng::rng(5)).unwrap();
        println!(
            "{policy:?} opening: points {:+.3} ±{:.3} win {:.3} more {:.3}/{:.3} unfinished {:.3}; {:?} per game",
            e.points,
            e.error,
            e.win,
            e.win_more,
            e.lose_more,
            e.unfinished,
            t.elapsed() / n
        );
    }
    // The opening rolls: every turn rolled out; the standard best moves.
    let standard = [
        ("3-1", "8/5 6/5"),
        ("4-2", "8/4 6/4"),
        ("5-3", "8/3 6/3"),
        ("6-1", "13/7 8/7"),
        ("6-5", "24/18 18/13"),
        ("5-2", "13/11 13/8"),
        ("6-3", "24/18 13/10"),
        ("4-1", "24/23 13/9"),
    ];
    let start = "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*5; turn: white";
    for policy in [Policy::Greedy, Policy::Random] {
        let t = Instant::now();
        let mut right = 0;
        for (roll, best) in standard {
            let mut st = parse_position(&engine, start).unwrap();
            st.dice = parse_dice(&engine, roll).unwrap();
            let mut moves: Vec<Move> = Vec::new();
            engine.legal_moves(&mut st, &mut moves);
            let eq = turn_equities_with(
                &engine,
                &st,
                &moves,
                games / 2,
                policy,
                &mut ludus::rng::rng(3),
            )
            .unwrap();
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by(|&i, &j| eq[j].points.total_cmp(&eq[i].points));
            let names: Vec<String> = order
                .iter()
                .take(3)
                .map(|&i| format!("{} {:+.3}", move_text(&engine, &moves[i]), eq[i].points))
                .collect();
            let rank = order
                .iter()
                .position(|&i| move_text(&engine, &moves[i]) == best)
                .unwrap_or(99);
            right += usize::from(rank == 0);
            println!(
                "{policy:?} {roll}: standard {best} ranked {} of {}; top {names:?}",
                rank + 1,
                moves.len()
            );
        }
        println!(
            "  {policy:?} {right} of {} first; {:?}",
            standard.len(),
            t.elapsed()
        );
    }
}
