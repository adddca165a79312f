//! `ludus train`: an evaluation learned by self-play, written to a file.

use crate::cli::args::TrainArgs;
use crate::{Failure, engine};
use ludus::learn::{Evaluation, FORMAT, Features, MAX_EVALUATION_BYTES, Net, Options};
use ludus::load;
use ludus::playout;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// Reads the evaluation at `path` for the engine's game.
pub(crate) fn read_evaluation(
    path: &Path,
    engine: &ludus::engine::Engine,
) -> Result<Evaluation, Failure> {
    let text = load::read_text(path, MAX_EVALUATION_BYTES).map_err(|e| e.to_string())?;
    Evaluation::parse(&text, engine)
        .map_err(|e| Failure::Message(format!("{}: {e}", path.display())))
}

pub(crate) fn train(r: TrainArgs) -> Result<ExitCode, Failure> {
    let mut inputs: Vec<&Path> = vec![&r.file];
    inputs.extend(r.from.as_deref());
    crate::refuse_overwrite("--out", &r.out, &inputs)?;
    let (engine, text) = engine(&r.file)?;
    let features = Features::new(&engine);
    let sha = playout::text_hash(&text);
    let command = std::env::args().collect::<Vec<_>>().join(" ");
    let (mut evaluation, mut net) = match &r.from {
        Some(from) => {
            let mut e = read_evaluation(from, &engine)?;
            let game = &engine.game().name;
            if e.game != *game {
                eprintln!(
                    "note: {} was learned for `{}`; its weights are the start of an evaluation of `{game}`",
                    from.display(),
                    e.game
                );
                // The new file is of the game it is trained on.
                e.game = game.clone();
            } else if e.game_sha256 != sha {
                eprintln!(
                    "note: {} was learned on another text of the game (`{}`); its weights are the start",
                    from.display(),
                    e.game
                );
            }
            let net = e.net.clone();
            (e, net)
        }
        None => {
            let mut rng = ludus::rng::rng(r.seed);
            let net = Net::new(features.len(), r.hidden as usize, &mut rng);
            let e = Evaluation {
                format: FORMAT,
                game: engine.game().name.clone(),
                game_sha256: sha.clone(),
                command: String::new(),
                seed: r.seed,
                games: 0,
                held_out: None,
                net: net.clone(),
            };
            (e, net)
        }
    };
    let options = Options {
        games: r.games,
        alpha: r.alpha as f32,
        lambda: r.lambda as f32,
        explore: 0.1,
        seed: r.seed,
        threads: r.threads,
    };
    let bar = crate::cli::runs::progress_bar(r.games, r.json);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, held-out error {msg}, {eta} left",
        )
        .expect("a valid template"),
    );
    bar.set_message("-");
    let started = Instant::now();
    let keep_going = || {
        r.seconds
            .is_none_or(|s| started.elapsed().as_secs_f64() < s)
    };
    let report = ludus::learn::train(
        &engine,
        &features,
        &mut net,
        &options,
        &keep_going,
        &mut |p| {
            bar.set_position(p.games);
            if let Some(e) = p.held_out {
                bar.set_message(format!("{e:.4}"));
            }
        },
    )
    .map_err(|e| Failure::Message(format!("{}: {e}", r.file.display())))?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if report.games == 0 {
        return Err(Failure::Message(format!(
            "no game of self-play was played in {:e} s: nothing learned, and {} not written; give more `--seconds`",
            r.seconds.unwrap_or(0.0),
            r.out.display()
        )));
    }
    evaluation.net = net;
    evaluation.game_sha256 = sha;
    evaluation.games += report.games;
    evaluation.held_out = report.held_out.or(evaluation.held_out);
    evaluation.command = if evaluation.command.is_empty() {
        command
    } else {
        format!("{}; then {command}", evaluation.command)
    };
    std::fs::write(&r.out, evaluation.text())
        .map_err(|e| format!("cannot write {}: {e}", r.out.display()))?;
    if r.json {
        say!(
            "{}",
            serde_json::json!({
                "game": evaluation.game,
                "out": r.out.display().to_string(),
                "games": report.games,
                "games_total": evaluation.games,
                "held_out_error": report.held_out,
                "seconds": seconds,
                "inputs": evaluation.net.inputs,
                "hidden": evaluation.net.hidden,
                "seed": r.seed,
                "threads": r.threads,
            })
        );
    } else {
        say!(
            "{}: {} games of self-play in {:.1} s ({} in all); held-out error {}; {} inputs, {} hidden units; written to {}",
            evaluation.game,
            report.games,
            seconds,
            evaluation.games,
            report
                .held_out
                .map_or_else(|| "not measured".to_string(), |e| format!("{e:.4}")),
            evaluation.net.inputs,
            evaluation.net.hidden,
            r.out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
