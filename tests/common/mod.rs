//! Helpers shared by the integration tests.
// Each test binary uses its own subset of these.
#![allow(dead_code)]

use ludus::engine::{Engine, State};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The engine of a game file; panics with its rendered diagnostics.
pub fn engine_at(path: &Path) -> Engine {
    let loaded = ludus::load::load(path).unwrap_or_else(|e| panic!("{e}"));
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}", loaded.sources.render(&d)),
    }
}

/// Men of each player on every site, zones included (a stack counts all,
/// and a man pinned under the other player's men counts for his owner).
pub fn men(engine: &Engine, st: &State) -> [u32; 2] {
    let mut total = [0; 2];
    for s in 0..engine.sites() {
        if let Some((player, _)) = st.piece(s) {
            total[player] += u32::from(engine.men(st, s));
        }
        if let Some(player) = engine.pinned_man(st, s) {
            total[player] += 1;
        }
    }
    total
}

/// The crate root, where `games/...` and `tests/data/...` paths start.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// What a run of the binary printed, and how it exited.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// What a run of the binary reads on standard input.
pub enum Input<'a> {
    /// Nothing: reading finds the end at once.
    Nothing,
    /// This text, through a pipe (written whole, while the binary runs).
    Text(&'a str),
    /// This file, opened: a regular file, not a pipe.
    File(File),
}

/// Runs `ludus ARGS` in the folder `cwd` with `input` on standard input.
/// Asserts that it exited by itself (not by a signal) and did not panic.
pub fn ludus_in(cwd: &Path, args: &[&str], input: Input) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ludus"));
    command
        .args(args)
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut text = None;
    match input {
        Input::Nothing => command.stdin(Stdio::null()),
        Input::Text(t) => {
            text = Some(t.to_string());
            command.stdin(Stdio::piped())
        }
        Input::File(file) => command.stdin(file),
    };
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("ludus {args:?} did not start: {e}"));
    // Written from another thread, so that a binary that prints while it
    // reads cannot block on a full pipe; one that stops reading early
    // (game over, quit, a refusal) breaks the pipe, which is no fault.
    let writer = text.map(|text| {
        let mut stdin = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        })
    });
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("ludus {args:?} did not run: {e}"));
    if let Some(writer) = writer {
        writer.join().unwrap();
    }
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        !stderr.contains("panicked"),
        "ludus {args:?} panicked:\n{stderr}"
    );
    let code = out
        .status
        .code()
        .unwrap_or_else(|| panic!("ludus {args:?} was killed by a signal:\n{stderr}"));
    Run {
        code,
        stdout,
        stderr,
    }
}

/// Runs `ludus ARGS` from the crate root, so `games/...` paths work, with
/// nothing on standard input. Asserts as `ludus_in` does.
pub fn ludus(args: &[&str]) -> Run {
    ludus_in(root(), args, Input::Nothing)
}

/// A fresh, empty directory for the files of `test` in the test file
/// `test_file`, under Cargo's temporary folder.
pub fn temp_dir(test_file: &str, test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(test_file)
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The bundled game files, as `games/NAME.game` paths from the crate
/// root, sorted.
pub fn game_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".game"))
        .map(|n| format!("games/{n}"))
        .collect();
    files.sort();
    files
}

/// Records one seeded game of `game` (a path from the crate root) as
/// `game.jsonl` in `dir`; asserts the playout named its seed, and returns
/// the record's lines.
pub fn record_game(dir: &Path, game: &str, seed: u64) -> Vec<String> {
    let path = dir.join("game.jsonl");
    let seed = seed.to_string();
    let run = ludus(&[
        "playout",
        "--seed",
        &seed,
        "--record",
        path.to_str().unwrap(),
        game,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(&format!("(seed {seed})")),
        "{}",
        run.stdout
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// The position written `text`; panics with the reason it is refused.
#[track_caller]
pub fn position(engine: &Engine, text: &str) -> State {
    ludus::notation::parse_position(engine, text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// The legal turns of `st` (its dice thrown), in notation, in order.
pub fn turn_texts(engine: &Engine, st: &State) -> Vec<String> {
    let mut st = st.clone();
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    list.iter()
        .map(|m| ludus::notation::move_text(engine, m))
        .collect()
}

/// The position after the legal turn written `text` (as a person may
/// type it) is played from `st`; panics where it is not legal.
#[track_caller]
pub fn played(engine: &Engine, st: &State, text: &str) -> State {
    let mut st = st.clone();
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    let m = ludus::notation::find_move(engine, &st, &list, text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    engine.play_unchecked(&mut st, &m);
    st
}
