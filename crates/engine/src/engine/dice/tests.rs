//! The shortcuts of the dice search checked against the plain reading of
//! the position, die move by die move, in seeded random games of every
//! bundled tables game: the site masks kept up to date, the preview of a
//! last die move, the end conditions skipped by their triggers and needs
//! (compared with every condition judged in full) and judged without
//! playing the die move (`judge.rs`), the bearing-off state
//! carried from node to node, and the routes the search skips (positions
//! met before, orders of die moves already searched).
//! The track positions of the mover's men, also carried from node to
//! node, are checked by a debug assertion in the search these games run.

use super::{Masks, NONE};
use crate::engine::{Engine, Move, Outcome, State};
use rand::RngExt;

/// Every bundled game with dice.
fn dice_games() -> Vec<(String, Engine)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games");
    let mut games = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the games folder") {
        let path = entry.expect("a game file").path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let loaded = crate::load::load(&path).expect("a readable game");
        let game = loaded.game.expect("a valid game");
        if game.tables_dice().is_some() {
            games.push((path.display().to_string(), Engine::new(game)));
        }
    }
    assert!(games.len() >= 8, "the bundled tables games are found");
    // Bear-off rules that count the opponent's men in the player's home,
    // hit or pinned and freed: what `Engine::bearing_after` carries over
    // die moves that move them (variants of bundled games).
    let variants =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/carried-bear-off");
    let before = games.len();
    for entry in std::fs::read_dir(&variants).expect("the variants folder") {
        let path = entry.expect("a variant file").path();
        let loaded = crate::load::load(&path).expect("a readable variant");
        let game = loaded.game.expect("a valid variant");
        games.push((path.display().to_string(), Engine::new(game)));
    }
    assert!(games.len() >= before + 2, "the bear-off variants are found");
    // Tracks that start in two zones (`start or bar`): the site a die
    // move from position 0 leaves depends on the position; a `forbid
    // ... after move` rule, judged on a copy of the position; and a race
    // of four players whose turns are two die moves or four.
    for file in [
        "start-zone-race.game",
        "start-zone-race-enter-first.game",
        "crowded-table.game",
        "ludo-4-two-dice.game",
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data")
            .join(file);
        let loaded = crate::load::load(&path).expect("a readable game");
        games.push((
            path.display().to_string(),
            Engine::new(loaded.game.expect("a valid game")),
        ));
    }
    // A board of more than 64 sites, searched with 128-bit masks.
    let wide = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/wide-board/long-race.game");
    let loaded = crate::load::load(&wide).expect("a readable game");
    let engine = Engine::new(loaded.game.expect("a valid game"));
    assert!(
        !engine.dice().unwrap().t.narrow,
        "a board of more than 64 sites"
    );
    games.push((wide.display().to_string(), engine));
    games
}

/// Checks every first die move of the position `st` (dice thrown).
fn check_die_moves(name: &str, engine: &Engine, st: &State) -> usize {
    let t = &engine.dice().unwrap().t;
    let player = st.to_move as usize;
    let masks = Masks::of(st);
    let bearing = |st: &State, masks: &Masks| {
        engine.rules.bear_off.as_ref().is_some_and(|c| {
            let vulnerable = engine.dice().unwrap().vulnerable(st, player ^ 1);
            engine
                .dice()
                .unwrap()
                .holds(st, masks, c, player, (NONE, NONE, NONE), vulnerable)
        })
    };
    let was = bearing(st, &masks);
    let mut checked = 0;
    for step in engine.first_die_moves(st) {
        let (from, to) = (step.from, step.to);
        let preview =
            engine
                .dice()
                .unwrap()
                .die_move_preview(st, &masks, player, (from, to), t.pin_blots);
        let mut after = st.clone();
        let mut kept = masks;
        let (hit, victims, delta) = engine
            .dice()
            .unwrap()
            .die_move(&mut after, player, from, to);
        let change = if t.pin_blots {
            kept.pinned(&after, player, (from, to), victims)
        } else {
            kept.moved(&after, player, (from, to, hit))
        };
        let at = format!("{name}: {from}->{to} in {st:?}");
        assert_eq!(kept, Masks::of(&after), "masks kept up to date: {at}");
        assert_eq!(
            engine.dice().unwrap().position_key(st) ^ delta,
            engine.dice().unwrap().position_key(&after),
            "key change: {at}"
        );
        let fired = t.ends_fire.fired(&change);
        let preview = preview.map(|(key_change, preview_hit, preview_fired, standing)| {
            let standing = standing.unwrap_or_else(|| {
                engine
                    .dice()
                    .unwrap()
                    .standing_after(st, &masks, player, (from, to, hit))
            });
            (key_change, preview_hit, preview_fired, standing)
        });
        if let Some((key_change, preview_hit, preview_fired, (occ, pinned))) = preview {
            assert_eq!(key_change, delta, "previewed key change: {at}");
            assert_eq!(preview_hit, hit, "previewed hit: {at}");
            assert_eq!(occ, kept.occ, "previewed men: {at}");
            assert_eq!(pinned, after.pinned, "previewed pins: {at}");
            assert_eq!(
                preview_fired, fired,
                "previewed end conditions set off: {at}"
            );
        }
        // Every end condition judged in full, for the mover and then each
        // other player in turn, in the masks he sees: neither triggers nor
        // needs.
        let n = engine.players;
        let judged = (player..player + n).map(|p| p % n).find_map(|who| {
            let vulnerable = engine.dice().unwrap().vulnerable(&after, who ^ 1);
            let seen = Masks::seen_by(&after, who);
            t.ends
                .iter()
                .find(|e| {
                    engine.dice().unwrap().holds(
                        &after,
                        &seen,
                        &e.cond,
                        who,
                        (NONE, NONE, NONE),
                        vulnerable,
                    )
                })
                .map(|e| (who, e.result, e.points))
        });
        assert_eq!(
            engine
                .dice()
                .unwrap()
                .dice_outcome(&after, &kept, player, &change),
            judged,
            "end conditions skipped only where they cannot hold: {at}"
        );
        if let Some((_, preview_hit, preview_fired, standing)) = preview {
            let moved = (from, to, preview_hit);
            let fires = engine.dice().unwrap().ends_fire_after(
                st,
                &masks,
                player,
                moved,
                preview_fired,
                standing,
            );
            if judged.is_some() {
                assert!(
                    fires,
                    "a previewed die move that ends the game is played: {at}"
                );
            }
            // Judged without playing it wherever every end condition can be
            // (in a game of two: those of more are judged with it played).
            if engine.players == 2
                && t.ends
                    .iter()
                    .all(|e| e.exact[..engine.players].iter().all(Option::is_some))
            {
                assert_eq!(
                    fires,
                    judged.is_some(),
                    "end conditions judged without playing the die move: {at}"
                );
            }
        }
        if let Some(carried) =
            engine
                .dice()
                .unwrap()
                .bearing_after(player, was, &change, (from, to, hit, victims))
        {
            assert_eq!(carried, bearing(&after, &kept), "bearing off: {at}");
        }
        checked += 1;
    }
    checked
}

/// Plays `games` random games of `engine` from seed `seed`, of at most
/// `turns` turns each, the dice thrown where none are: `turn` is given
/// each position and the seeded stream, and returns the turn to play, or
/// `None` to end the game there.
fn random_games(
    engine: &Engine,
    (seed, games, turns): (u64, usize, usize),
    mut turn: impl FnMut(&mut State, &mut crate::rng::Rng) -> Option<Move>,
) {
    let mut rng = crate::rng::rng(seed);
    for _ in 0..games {
        let mut st = engine.start();
        engine.opening(&mut st, &mut rng);
        for _ in 0..turns {
            if st.dice == [0; crate::ir::MAX_DICE] {
                engine.roll(&mut st, &mut rng);
            }
            let Some(m) = turn(&mut st, &mut rng) else {
                break;
            };
            engine.play_unchecked(&mut st, &m);
        }
    }
}

#[test]
fn search_shortcuts_agree_with_the_position_in_random_games() {
    for (name, engine) in dice_games() {
        let mut moves = Vec::new();
        let mut routes = Vec::new();
        let mut checked = 0;
        let mut compared = 0;
        random_games(&engine, (11, 12, 400), |st, rng| {
            engine
                .try_legal_moves(st, &mut moves)
                .expect("a roll the engine lists");
            if engine.outcome_with(st, !moves.is_empty()) != Outcome::Ongoing {
                return None;
            }
            // Only positions in play: no end condition holds there.
            checked += check_die_moves(&name, &engine, st);
            // One turn per position, the first of its routes in rank
            // order: what the search keeps without walking every route.
            if engine.all_sequences(st, &mut routes).is_ok() {
                let mut seen = std::collections::HashSet::new();
                routes.retain(|m| seen.insert(m.key));
                assert_eq!(routes, moves, "{name}: the turns of {st:?}");
                compared += 1;
            }
            Some(moves[rng.random_range(0..moves.len())])
        });
        assert!(checked > 1000, "{name}: only {checked} die moves checked");
        assert!(compared > 500, "{name}: only {compared} rolls compared");
    }
}

/// What a playout asks of a dice game every turn, checked against the plain
/// computation: the root's masks and key worked out together
/// (`Engine::masks_and_key`), and the turn drawn from the routes just
/// counted without comparing the position (`Engine::counted_turn_at`).
#[test]
fn playout_turns_and_root_agree_with_the_plain_computation() {
    for (name, engine) in dice_games() {
        let mut moves = Vec::new();
        let mut listed = Vec::new();
        let mut compared = 0;
        random_games(&engine, (7, 6, 300), |st, rng| {
            let (masks, key) = engine.dice().unwrap().masks_and_key(st);
            assert_eq!(masks, Masks::of(st), "{name}: the masks of {st:?}");
            assert_eq!(
                key,
                engine.dice().unwrap().position_key(st),
                "{name}: the key of {st:?}"
            );
            engine
                .try_legal_moves(st, &mut moves)
                .expect("a roll the engine lists");
            let n = engine.count_turns(st, &mut listed).expect("a roll counted");
            assert_eq!(n, moves.len(), "{name}: the turns counted of {st:?}");
            if n == 0 || engine.outcome_with(st, true) != Outcome::Ongoing {
                return None;
            }
            let i = rng.random_range(0..n);
            let m = engine.counted_turn_at(st, &listed, i);
            assert_eq!(m, moves[i], "{name}: turn {i} of {st:?}");
            compared += 1;
            Some(m)
        });
        assert!(compared > 200, "{name}: only {compared} turns compared");
    }
}

/// The change of key a die move reads per site (`Engine::men_key`) is the
/// key of that many men there xor the key of one fewer, for every count a
/// site can hold: those of the table and the larger ones worked out.
#[test]
fn men_keys_are_the_change_of_the_site_key_for_every_count() {
    for (name, engine) in dice_games() {
        for site in 0..engine.sites {
            for owner in 0..2 {
                let c = crate::engine::cell(owner, 0);
                for men in 1..=u8::MAX {
                    let fewer = if men > 1 {
                        engine.dice().unwrap().site_key(site, c, men - 1)
                    } else {
                        0
                    };
                    assert_eq!(
                        engine.dice().unwrap().men_key(site as u8, owner, men),
                        engine.dice().unwrap().site_key(site, c, men) ^ fewer,
                        "{name}: site {site}, owner {owner}, {men} men"
                    );
                }
            }
        }
    }
}

/// The end conditions of every bundled tables game count men and points
/// only, so that the search judges them without playing a last die move
/// (`judge.rs`), which `check_die_moves` then holds to the interpreter; a
/// condition that falls back to playing every such move would go unseen
/// but for the time it costs.
#[test]
fn bundled_end_conditions_are_judged_exactly() {
    for (name, engine) in dice_games() {
        let t = &engine.dice().unwrap().t;
        assert!(!t.ends.is_empty(), "{name}: end conditions");
        for (i, e) in t.ends.iter().enumerate() {
            assert!(
                e.exact[..engine.players].iter().all(Option::is_some),
                "{name}: end condition {i} judged by the interpreter"
            );
        }
    }
}

/// The bundled games' bear-off rules count men alone, so that the root of
/// the search judges them exactly ([`Engine::may_bear_off`]), not by the
/// interpreter; the random games above (in a debug build) check that
/// judgment against the interpreter's.
#[test]
fn bundled_bear_off_rules_are_judged_exactly() {
    let mut judged = 0;
    for (name, engine) in dice_games() {
        let t = &engine.dice().unwrap().t;
        if engine.rules.bear_off.is_some() {
            assert!(
                t.bear_off_exact[..engine.players]
                    .iter()
                    .all(Option::is_some),
                "{name}: bear-off rule judged by the interpreter"
            );
            judged += 1;
        }
    }
    assert!(judged >= 8, "bear-off rules judged: {judged}");
}

/// The pass rules of the bundled games (a player blocked on the bar
/// passes) need men somewhere, so that the root of a roll's search skips
/// judging them where those men are missing, the usual position; the
/// random games above (in a debug build) hold that skip to the full
/// judgment.
#[test]
fn bundled_pass_rules_need_men() {
    let mut rules = 0;
    for (name, engine) in dice_games() {
        let t = &engine.dice().unwrap().t;
        assert_eq!(engine.rules.pass.len(), t.pass_needs.len(), "{name}");
        let players = engine.players;
        for (who, needs) in t.pass_needs.iter().flat_map(|n| &n[..players]).enumerate() {
            let none = [0u128; 2];
            assert!(
                !needs.met(who % players, &none, 0),
                "{name}: pass rule judged everywhere"
            );
            rules += 1;
        }
    }
    assert!(rules >= 2, "pass rules checked: {rules}");
}

/// The search at 128 bits, which boards of more than 64 sites take, finds
/// the turns the 64-bit search finds on every board of 64 sites at most
/// (every bundled one), in the same order, counted and drawn alike.
#[test]
fn the_search_finds_the_same_turns_at_either_width() {
    let mut narrow = 0;
    for (name, engine) in dice_games() {
        if !engine.dice().unwrap().t.narrow {
            continue;
        }
        narrow += 1;
        let mut wide = Engine::new(
            crate::load::load(std::path::Path::new(name.as_str()))
                .expect("a readable game")
                .game
                .expect("a valid game"),
        );
        match &mut wide.family {
            crate::engine::strategy::Family::Dice(d) => d.t.narrow = false,
            _ => panic!("a dice game"),
        }
        let (mut moves, mut wide_moves) = (Vec::new(), Vec::new());
        let mut listed = Vec::new();
        let mut compared = 0;
        random_games(&engine, (5, 6, 300), |st, rng| {
            engine
                .try_legal_moves(st, &mut moves)
                .expect("a roll the engine lists");
            wide.try_legal_moves(st, &mut wide_moves)
                .expect("a roll the engine lists at 128 bits");
            assert_eq!(moves, wide_moves, "{name}: the turns of {st:?}");
            let n = wide
                .count_turns(st, &mut listed)
                .expect("a roll counted at 128 bits");
            assert_eq!(n, moves.len(), "{name}: the turns counted of {st:?}");
            if n == 0 || engine.outcome_with(st, true) != Outcome::Ongoing {
                return None;
            }
            let i = rng.random_range(0..n);
            assert_eq!(wide.counted_turn_at(st, &listed, i), moves[i], "{name}");
            compared += 1;
            Some(moves[i])
        });
        assert!(compared > 200, "{name}: only {compared} turns compared");
    }
    assert!(narrow >= 10, "every bundled game and variant compared");
}
