//! Builds the table of bundled games: every `games/*.game` file, by its
//! stem, included in the library as text (`src/bundled.rs`), and every
//! learned evaluation beside them (`games/*.eval`).

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the games folder")
        .map(|e| e.expect("a games folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort_by_key(|p| p.file_stem().map(|s| s.to_os_string()));
    let mut out =
        String::from("/// Every bundled game: its name (the file's stem) and its text.\n");
    out.push_str("pub(crate) const GAMES: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 name");
        writeln!(
            out,
            "    ({stem:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    out.push_str("];\n");
    out.push_str(
        "/// Every bundled evaluation (`games/NAME.eval`): its game's name and its text.\n",
    );
    out.push_str("pub(crate) const EVALUATIONS: &[(&str, &str)] = &[\n");
    let mut evals: Vec<_> = std::fs::read_dir(&dir)
        .expect("the games folder")
        .map(|e| e.expect("a games folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "eval"))
        .collect();
    evals.sort();
    for path in &evals {
        println!("cargo:rerun-if-changed={}", path.display());
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 name");
        writeln!(
            out,
            "    ({stem:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("bundled_games.rs");
    std::fs::write(target, out).expect("writing the table of bundled games");
}
