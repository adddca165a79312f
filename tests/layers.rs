//! The library's layers, one crate each, and a test that holds the code to
//! them: every path a module writes into another (`crate::NAME`,
//! `crate::{A, B}`, `ludus_engine::NAME`, in `use` lines and in code alike)
//! must go to a module of its own layer or of a lower one, the modules must
//! have no cycle among them, and each crate's manifest may depend only on
//! the crates of lower layers.
//!
//! | layer | crate | modules | may use |
//! |---|---|---|---|
//! | language | `crates/lang` | `diag`, `syntax`, `ir`, `check`, `load`, `format`, `bundled` | itself |
//! | engine | `crates/engine` | `rng`, `engine` | language |
//! | play | `crates/play` | `notation`, `position_id`, `match_id`, `render`, `svg`, `record`, `in_progress`, `playout`, `hand_record`, `replay`, `pdn`, `perft`, `stakes`, `learn`, `agent`, `simulate`, `matches`, `seating`, `merge`, `experiment` | engine, language |
//! | tools | `crates/tools` | `explain`, `diff`, `coverage`, `invariants` | play, engine, language |
//!
//! The command line and the web page (this package: `src/main.rs`, `src/cli/`)
//! and the Python module (`python/`) sit above them all. Only the command
//! line's manifest names its own dependencies (clap, indicatif, rustyline),
//! and the Python module builds without it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each layer: its name, its crate (folder under `crates/`) and its
/// modules, lowest first.
const LAYERS: [(&str, &str, &[&str]); 4] = [
    (
        "language",
        "lang",
        &["diag", "syntax", "ir", "check", "load", "format", "bundled"],
    ),
    ("engine", "engine", &["rng", "engine"]),
    (
        "play",
        "play",
        &[
            "notation",
            "position_id",
            "match_id",
            "render",
            "svg",
            "record",
            "in_progress",
            "playout",
            "hand_record",
            "replay",
            "pdn",
            "perft",
            "stakes",
            "learn",
            "agent",
            "simulate",
            "matches",
            "seating",
            "merge",
            "experiment",
        ],
    ),
    (
        "tools",
        "tools",
        &["explain", "diff", "coverage", "invariants"],
    ),
];

/// The command line's own dependencies, which no library crate may name.
const CLI_ONLY: [&str; 3] = ["clap", "indicatif", "rustyline"];

/// The layer of a module, if it is one of the library's.
fn layer(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, _, mods)| mods.contains(&module))
}

/// The layer of a crate, by its package name (`ludus-engine`) or its path
/// name (`ludus_engine`).
fn crate_layer(name: &str) -> Option<usize> {
    let short = name
        .strip_prefix("ludus-")
        .or_else(|| name.strip_prefix("ludus_"))?;
    LAYERS.iter().position(|(_, c, _)| *c == short)
}

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The modules a line of code names by `crate::` paths and by the layer
/// crates' paths (`ludus_play::agent`).
fn named(line: &str) -> Vec<String> {
    let code = line.split("//").next().unwrap_or("");
    let mut out = Vec::new();
    for prefix in [
        "crate::",
        "ludus_lang::",
        "ludus_engine::",
        "ludus_play::",
        "ludus_tools::",
    ] {
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            // `ludus_play::` inside a longer name is not a path.
            let before = rest[..at].chars().next_back();
            rest = &rest[at + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for part in group[..end].split(',') {
                    let name = part.trim().split("::").next().unwrap_or("");
                    out.push(name.to_string());
                }
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.push(name);
            }
        }
    }
    out
}

/// The modules a crate declares in its `lib.rs`.
fn modules(src: &Path) -> Vec<String> {
    std::fs::read_to_string(src.join("lib.rs"))
        .unwrap()
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))
                .map(|m| m.trim_end_matches(';').to_string())
        })
        .collect()
}

/// The names of the dependencies a manifest lists in its `[dependencies]`.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or("").to_string();
            // A renamed dependency names its package.
            let package = line
                .split("package = \"")
                .nth(1)
                .and_then(|p| p.split('"').next())
                .map(str::to_string);
            out.push(package.unwrap_or(name));
        }
    }
    out
}

#[test]
fn each_crate_depends_only_on_lower_layers_and_no_library_on_the_command_line() {
    for (i, (name, dir, _)) in LAYERS.iter().enumerate() {
        let manifest = root().join("crates").join(dir).join("Cargo.toml");
        for dep in dependencies(&manifest) {
            if let Some(j) = crate_layer(&dep) {
                assert!(
                    j < i,
                    "the {name} layer's crate depends on `{dep}`, of the {} layer, which is not below it",
                    LAYERS[j].0
                );
            }
            assert!(
                !CLI_ONLY.contains(&dep.as_str()),
                "the {name} layer's crate depends on `{dep}`, a dependency of the command line only"
            );
            assert_ne!(
                dep, "ludus",
                "the {name} layer's crate depends on the command line"
            );
        }
    }
    let python = dependencies(&root().join("python/Cargo.toml"));
    assert!(
        python
            .iter()
            .all(|d| d != "ludus" && !CLI_ONLY.contains(&d.as_str())),
        "the Python module depends on the command line: {python:?}"
    );
    let cli = dependencies(&root().join("Cargo.toml"));
    for dep in CLI_ONLY {
        assert!(
            cli.iter().any(|d| d == dep),
            "the command line's manifest names `{dep}`"
        );
    }
}

#[test]
fn modules_use_only_their_layer_and_lower_ones_and_have_no_cycle() {
    let mut paths = Vec::new();
    for (i, (_, dir, mods)) in LAYERS.iter().enumerate() {
        let src = root().join("crates").join(dir).join("src");
        for m in modules(&src) {
            assert!(
                layer(&m) == Some(i),
                "the module `{m}` of crates/{dir} is not in its layer: add it to `LAYERS` in tests/layers.rs"
            );
        }
        for m in mods.iter() {
            assert!(
                modules(&src).iter().any(|n| n == m),
                "crates/{dir} declares no module `{m}`"
            );
        }
        let mut found = Vec::new();
        files(&src, &mut found);
        paths.extend(found.into_iter().map(|p| (src.clone(), p)));
    }
    assert!(
        paths.len() > 100,
        "the crates' sources are read ({} files)",
        paths.len()
    );
    let mut edges: BTreeMap<(String, String), String> = BTreeMap::new();
    for (src, path) in &paths {
        let relative = path.strip_prefix(src).unwrap();
        let first = relative.components().next().unwrap();
        let here = first.as_os_str().to_str().unwrap().trim_end_matches(".rs");
        if layer(here).is_none() {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        for (n, line) in text.lines().enumerate() {
            for there in named(line) {
                if there != here && layer(&there).is_some() {
                    edges.entry((here.to_string(), there)).or_insert_with(|| {
                        format!("{}:{}", path.strip_prefix(root()).unwrap().display(), n + 1)
                    });
                }
            }
        }
    }
    assert!(
        edges.len() > 50,
        "the paths between modules are read ({} edges)",
        edges.len()
    );
    let upward: Vec<String> = edges
        .iter()
        .filter(|((a, b), _)| layer(b) > layer(a))
        .map(|((a, b), at)| {
            format!(
                "{a} ({}) uses {b} ({}) at {at}",
                LAYERS[layer(a).unwrap()].0,
                LAYERS[layer(b).unwrap()].0
            )
        })
        .collect();
    assert!(
        upward.is_empty(),
        "a lower layer uses a higher one:\n{}",
        upward.join("\n")
    );
    // A cycle: a module that reaches itself.
    let next = |m: &str| -> BTreeSet<String> {
        edges
            .keys()
            .filter(|(a, _)| a == m)
            .map(|(_, b)| b.clone())
            .collect()
    };
    for start in edges
        .keys()
        .map(|(a, _)| a.clone())
        .collect::<BTreeSet<_>>()
    {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        while let Some((m, route)) = stack.pop() {
            for b in next(&m) {
                let mut route = route.clone();
                route.push(b.clone());
                if b == start {
                    let shown: Vec<String> = route
                        .windows(2)
                        .map(|w| {
                            format!(
                                "{} -> {} ({})",
                                w[0],
                                w[1],
                                edges[&(w[0].clone(), w[1].clone())]
                            )
                        })
                        .collect();
                    panic!("a cycle of modules:\n{}", shown.join("\n"));
                }
                if seen.insert(b.clone()) {
                    stack.push((b, route));
                }
            }
        }
    }
}

#[test]
fn crate_paths_are_read_in_code_and_in_groups() {
    assert_eq!(named("use crate::engine::Engine;"), ["engine"]);
    assert_eq!(
        named("let x = crate::playout::rng(1); crate::agent::Spec::Random"),
        ["playout", "agent"]
    );
    assert_eq!(named("use crate::{engine, ir::Game};"), ["engine", "ir"]);
    assert!(named("// crate::agent in a comment").is_empty());
    assert_eq!(
        named("use ludus_play::{agent, record};"),
        ["agent", "record"]
    );
    assert!(named("my_ludus_play::agent").is_empty());
}

#[test]
fn manifests_are_read_with_their_renamed_packages() {
    let python = dependencies(&root().join("python/Cargo.toml"));
    assert!(python.iter().any(|d| d == "ludus-play"), "{python:?}");
}
