//! Builds the table of bundled games: every `games/*.game` file, by its
//! stem, included in the library as text (`src/bundled.rs`), and every
//! learned evaluation beside them (`games/*.eval`).

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut out = String::new();
    table(
        &mut out,
        &dir,
        "game",
        "GAMES",
        "Every bundled game: its name (the file's stem) and its text.",
    );
    table(
        &mut out,
        &dir,
        "eval",
        "EVALUATIONS",
        "Every bundled evaluation (`games/NAME.eval`): its game's name and its text.",
    );
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("bundled_games.rs");
    std::fs::write(target, out).expect("writing the table of bundled games");
}

/// Appends to `out` the constant `name`: every file of `dir` ending in
/// `.ext`, by stem (sorted), with its text included.
fn table(out: &mut String, dir: &Path, ext: &str, name: &str, doc: &str) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the games folder")
        .map(|e| e.expect("a games folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort_by_key(|p| p.file_stem().map(|s| s.to_os_string()));
    writeln!(
        out,
        "/// {doc}\npub(crate) const {name}: &[(&str, &str)] = &["
    )
    .expect("writing to a string");
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
}
