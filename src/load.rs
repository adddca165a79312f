//! Loading: reads a game file and the files it builds on, merges variants
//! into one set of sections, and checks the result.

use crate::check;
use crate::diag::{Diagnostic, FileId, Sources};
use crate::ir::Game;
use crate::syntax::{self, ItemKind, Section};
use std::path::{Path, PathBuf};

/// A game file read from disk: its sources and either the game or its problems.
pub struct Loaded {
    /// Every file read, for rendering diagnostics.
    pub sources: Sources,
    /// The checked game, or every diagnostic found.
    pub game: Result<Game, Vec<Diagnostic>>,
}

/// Why a game file could not even be read.
#[derive(Debug, thiserror::Error)]
#[error("cannot read {path}: {source}")]
pub struct ReadError {
    /// The file asked for.
    pub path: String,
    /// What the system said.
    pub source: std::io::Error,
}

/// Reads and checks the game file at `path`, following `variant ... of` bases.
pub fn load(path: &Path) -> Result<Loaded, ReadError> {
    let text = std::fs::read_to_string(path).map_err(|source| ReadError {
        path: path.display().to_string(),
        source,
    })?;
    Ok(load_text(path, &text))
}

/// Checks game text as if read from `path` (bases are found beside it).
pub fn load_text(path: &Path, text: &str) -> Loaded {
    let mut sources = Sources::default();
    let file = sources.add(path.display().to_string(), text);
    let mut chain = vec![path.to_path_buf()];
    let game = resolve(&mut sources, file, text, &mut chain)
        .and_then(|(name, file, sections)| check::check(&name, file, &sections));
    Loaded { sources, game }
}

/// Parses one file and, for a variant, its bases; returns merged sections.
fn resolve(
    sources: &mut Sources,
    file: FileId,
    text: &str,
    chain: &mut Vec<PathBuf>,
) -> Result<(syntax::Name, FileId, Vec<Section>), Vec<Diagnostic>> {
    let parsed = syntax::parse(file, text).map_err(|d| vec![d])?;
    let Some(base) = &parsed.base else {
        return Ok((parsed.name, file, parsed.sections));
    };
    let here = chain.last().cloned().unwrap_or_default();
    let base_path = here.parent().unwrap_or(Path::new("")).join(&base.text);
    let same = |p: &PathBuf| {
        std::fs::canonicalize(p).ok() == std::fs::canonicalize(&base_path).ok() || *p == base_path
    };
    if chain.iter().any(same) {
        let cycle: Vec<String> = chain
            .iter()
            .chain(std::iter::once(&base_path))
            .map(|p| p.display().to_string())
            .collect();
        return Err(vec![
            Diagnostic::error(
                file,
                base.span.clone(),
                format!("the variant builds on itself: {}", cycle.join(" -> ")),
                "cyclic base",
            )
            .with_hint("a variant must build on a game that does not build on it"),
        ]);
    }
    let base_text = match std::fs::read_to_string(&base_path) {
        Ok(t) => t,
        Err(e) => {
            return Err(vec![
                Diagnostic::error(
                    file,
                    base.span.clone(),
                    format!("cannot read the base file {}: {e}", base_path.display()),
                    "base file not found",
                )
                .with_hint("the base is found relative to the variant's own file"),
            ]);
        }
    };
    let base_file = sources.add(base_path.display().to_string(), base_text.clone());
    chain.push(base_path);
    let (_, _, base_sections) = resolve(sources, base_file, &base_text, chain)?;
    chain.pop();
    Ok((parsed.name, file, merge(base_sections, parsed.sections)))
}

/// Applies a variant's sections over its base's: an item replaces the base
/// item with the same key in the same section, and new items are appended.
/// An item repeated within the variant is kept twice, for the checker to
/// report.
pub fn merge(mut base: Vec<Section>, variant: Vec<Section>) -> Vec<Section> {
    for section in variant {
        let target = base.iter_mut().find(|b| {
            b.kind == section.kind
                && b.name.as_ref().map(|n| &n.text) == section.name.as_ref().map(|n| &n.text)
        });
        match target {
            None => base.push(section),
            Some(target) => {
                for item in section.items {
                    let key = item.kind.key();
                    if let ItemKind::Drop(_) = item.kind {
                        let before = target.items.len();
                        target
                            .items
                            .retain(|i| i.kind.key() != key || i.file == item.file);
                        if target.items.len() < before {
                            continue;
                        }
                    }
                    match target
                        .items
                        .iter_mut()
                        .find(|i| i.kind.key() == key && i.file != item.file)
                    {
                        Some(old) => *old = item,
                        None => target.items.push(item),
                    }
                }
            }
        }
    }
    base
}
