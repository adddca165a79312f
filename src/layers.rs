//! The library's layers, and a test that holds the code to them: every
//! path a module writes into another (`crate::NAME`, `crate::{A, B}`, in
//! `use` lines and in code alike) must go to a module of its own layer or
//! of a lower one, and the modules must have no cycle among them.
//!
//! | layer | modules | may use |
//! |---|---|---|
//! | language | `diag`, `syntax`, `ir`, `check`, `load`, `format`, `bundled` | itself |
//! | engine | `rng`, `engine` | language |
//! | play | `notation`, `position_id`, `match_id`, `render`, `svg`, `record`, `in_progress`, `playout`, `hand_record`, `replay`, `pdn`, `perft`, `stakes`, `learn`, `agent`, `simulate`, `matches`, `experiment` | engine, language |
//! | tools | `explain`, `diff`, `coverage`, `invariants` | play, engine, language |
//!
//! The binary (`main.rs`, `cli/`) and the Python module sit above them all.

/// Each layer's modules, lowest first.
const LAYERS: [(&str, &[&str]); 4] = [
    (
        "language",
        &["diag", "syntax", "ir", "check", "load", "format", "bundled"],
    ),
    ("engine", &["rng", "engine"]),
    (
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
            "experiment",
        ],
    ),
    ("tools", &["explain", "diff", "coverage", "invariants"]),
];

#[cfg(test)]
mod tests {
    use super::LAYERS;
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};

    /// The layer of a module, if it is one of the library's.
    fn layer(module: &str) -> Option<usize> {
        LAYERS.iter().position(|(_, mods)| mods.contains(&module))
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

    /// The modules a line of code names by `crate::` paths.
    fn named(line: &str) -> Vec<String> {
        let code = line.split("//").next().unwrap_or("");
        let mut out = Vec::new();
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
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
        out
    }

    /// The library's modules, read from `lib.rs`.
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

    #[test]
    fn modules_use_only_their_layer_and_lower_ones_and_have_no_cycle() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let modules = modules(&src);
        for m in &modules {
            assert!(
                m == "layers" || layer(m).is_some(),
                "the module `{m}` is in no layer: add it to `LAYERS` in src/layers.rs"
            );
        }
        let mut paths = Vec::new();
        files(&src, &mut paths);
        let mut edges: BTreeMap<(String, String), String> = BTreeMap::new();
        for path in &paths {
            let relative = path.strip_prefix(&src).unwrap();
            let first = relative.components().next().unwrap();
            let here = first.as_os_str().to_str().unwrap().trim_end_matches(".rs");
            if layer(here).is_none() {
                continue;
            }
            let text = std::fs::read_to_string(path).unwrap();
            for (n, line) in text.lines().enumerate() {
                for there in named(line) {
                    if there != here && layer(&there).is_some() {
                        edges
                            .entry((here.to_string(), there))
                            .or_insert_with(|| format!("{}:{}", relative.display(), n + 1));
                    }
                }
            }
        }
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
    }
}
