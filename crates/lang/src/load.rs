//! Loading: reads a game file and the files it builds on, merges variants
//! into one set of sections, and checks the result.
//!
//! Every file ludus reads (game files, their bases, records) goes through
//! [`read_text`], which refuses what is not a regular file and what is larger
//! than the limit for its kind.

use crate::check;
use crate::diag::{Diagnostic, FileId, Sources};
use crate::ir::Game;
use crate::syntax::{self, Item, ItemKind, Section};
use std::collections::{HashMap, HashSet, VecDeque};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest game file (or base file) read, in bytes: 256 KiB, about a
/// hundred times the largest bundled game. It bounds the memory of checking
/// a file that is one long list of mistakes.
pub const MAX_GAME_BYTES: u64 = 256 << 10;

/// The largest record read by `replay`, in bytes: 256 MiB.
pub const MAX_RECORD_BYTES: u64 = 256 << 20;

/// The longest chain of variants: a game file and at most this many files it
/// builds on, one on the other.
pub const MAX_VARIANT_DEPTH: usize = 64;

/// A game file read from disk: its sources and either the game or its problems.
pub struct Loaded {
    /// Every file read, for rendering diagnostics.
    pub sources: Sources,
    /// The checked game, or every diagnostic found.
    pub game: Result<Game, Vec<Diagnostic>>,
}

/// Why a file could not even be read.
#[derive(Debug, thiserror::Error)]
#[error("cannot read {path}: {source}")]
pub struct ReadError {
    /// The file asked for.
    pub path: String,
    /// What the system said, or why ludus refused the file.
    pub source: std::io::Error,
}

/// Reads the text of the regular file at `path`, of at most `limit` bytes.
///
/// Directories, devices, pipes and sockets are refused before they are
/// opened (`/dev/zero`, `/dev/stdin` from a terminal), and so is a file that
/// is, or grows while it is read, larger than `limit`. A leading UTF-8 byte
/// order mark is kept (see [`load_text`]).
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let fail = |source: std::io::Error| ReadError {
        path: path.display().to_string(),
        source,
    };
    let refuse = |why: String| fail(std::io::Error::other(why));
    let meta = std::fs::metadata(path).map_err(fail)?;
    if meta.is_dir() {
        return Err(refuse("it is a directory, not a file".into()));
    }
    if !meta.is_file() {
        return Err(refuse(
            "it is not a regular file (a device, pipe or socket)".into(),
        ));
    }
    let too_large = || {
        refuse(format!(
            "it is larger than {} bytes, the most ludus reads for this kind of file",
            limit
        ))
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(fail)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(fail)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        refuse(format!(
            "it is not UTF-8 text (byte {at} is not valid UTF-8)"
        ))
    })
}

/// Reads and checks the game file at `path`, following `variant ... of` bases.
pub fn load(path: &Path) -> Result<Loaded, ReadError> {
    let text = read_text(path, MAX_GAME_BYTES)?;
    Ok(load_text(path, &text))
}

/// Checks game text as if read from `path` (bases are found beside it). A
/// leading UTF-8 byte order mark is skipped, here and in every base.
pub fn load_text(path: &Path, text: &str) -> Loaded {
    load_text_with(path, text, &|base| read_text(base, MAX_GAME_BYTES))
}

/// Reads the text of a base file named by a variant; [`read_text`] on disk.
pub type Reader<'a> = dyn Fn(&Path) -> Result<String, ReadError> + 'a;

/// [`load_text`] with the bases read by `read` rather than from disk (the
/// games bundled in the binary, see [`crate::bundled`]).
pub fn load_text_with(path: &Path, text: &str, read: &Reader) -> Loaded {
    let mut sources = Sources::default();
    let text = without_bom(text);
    let file = sources.add(path.display().to_string(), text);
    let game = resolve(&mut sources, path, file, read).and_then(|(header, file, sections)| {
        let mut game = check::check(&header.name, file, &sections)?;
        game.family = header.family.map(|f| f.text);
        Ok(game)
    });
    Loaded { sources, game }
}

/// A game file and the chain of files it builds on, parsed and merged
/// (variants applied) but not checked: what `ludus diff` compares.
pub struct Merged {
    /// The file and its bases, for line numbers.
    pub sources: Sources,
    /// The merged sections, or the diagnostics that stopped the merge.
    pub sections: Result<Vec<Section>, Vec<Diagnostic>>,
}

/// Reads, parses and merges a game file with its bases, without checking.
pub fn merged(path: &Path) -> Result<Merged, ReadError> {
    let text = read_text(path, MAX_GAME_BYTES)?;
    Ok(merged_text(path, &text))
}

/// [`merged`] of game text as if read from `path` (bases are found beside
/// it), as [`load_text`] is of [`load`].
pub fn merged_text(path: &Path, text: &str) -> Merged {
    let mut sources = Sources::default();
    let file = sources.add(path.display().to_string(), without_bom(text));
    let read = |base: &Path| read_text(base, MAX_GAME_BYTES);
    let sections = resolve(&mut sources, path, file, &read).map(|(_, _, sections)| sections);
    Merged { sources, sections }
}

/// The text without a leading UTF-8 byte order mark.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The key under which a file is recognised when a chain of variants comes
/// back to it: its canonical path, or the path as written if it has none.
fn identity(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Parses a file and the chain of files it builds on, then merges their
/// sections from the deepest base up. Each path is canonicalised once and
/// each file read and parsed once, so a chain loads in linear time.
fn resolve(
    sources: &mut Sources,
    path: &Path,
    file: FileId,
    read: &Reader,
) -> Result<(Header, FileId, Vec<Section>), Vec<Diagnostic>> {
    let mut chain: Vec<PathBuf> = vec![path.to_path_buf()];
    let mut seen: HashSet<PathBuf> = HashSet::from([identity(path)]);
    let mut files: Vec<syntax::File> = Vec::new();
    let mut current = file;
    loop {
        let parsed = syntax::parse_all(current, sources.text(current))?;
        let Some(base) = parsed.base.clone() else {
            files.push(parsed);
            break;
        };
        files.push(parsed);
        let here = chain.last().cloned().unwrap_or_default();
        let base_path = here.parent().unwrap_or(Path::new("")).join(&base.text);
        if chain.len() > MAX_VARIANT_DEPTH {
            return Err(vec![
                Diagnostic::error(
                    current,
                    base.span.clone(),
                    format!(
                        "variants build on at most {MAX_VARIANT_DEPTH} files in a chain; \
                         {} is the {}th file below {}",
                        base_path.display(),
                        chain.len(),
                        path.display()
                    ),
                    "too many variants deep",
                )
                .with_hint("build on a game nearer the end of the chain"),
            ]);
        }
        if !seen.insert(identity(&base_path)) {
            let cycle: Vec<String> = chain
                .iter()
                .chain(std::iter::once(&base_path))
                .map(|p| p.display().to_string())
                .collect();
            return Err(vec![
                Diagnostic::error(
                    current,
                    base.span.clone(),
                    format!("the variant builds on itself: {}", cycle.join(" -> ")),
                    "cyclic base",
                )
                .with_hint("a variant must build on a game that does not build on it"),
            ]);
        }
        let base_text = match read(&base_path) {
            Ok(t) => t,
            Err(e) => {
                return Err(vec![
                    Diagnostic::error(
                        current,
                        base.span.clone(),
                        format!("cannot read the base file {}: {}", e.path, e.source),
                        "cannot read this base",
                    )
                    .with_hint("the base is found relative to the variant's own file"),
                ]);
            }
        };
        current = sources.add(base_path.display().to_string(), without_bom(&base_text));
        chain.push(base_path);
    }
    sources.add_items(files.iter().flat_map(|f| {
        f.sections
            .iter()
            .flat_map(|s| s.items.iter().map(|i| (i.file, i.span.clone())))
    }));
    let mut files = files.into_iter().rev();
    let deepest = files
        .next()
        .expect("the chain holds at least the file itself");
    let mut sections = deepest.sections;
    let mut header = Header {
        name: deepest.name,
        family: deepest.family,
    };
    let mut last = deepest.file;
    for variant in files {
        sections = merge(sections, variant.sections);
        header.name = variant.name;
        header.family = variant.family.or(header.family);
        last = variant.file;
    }
    Ok((header, last, sections))
}

/// What a merged game's header says: its name (the variant's own), and
/// its family (the nearest file's that names one).
struct Header {
    name: syntax::Name,
    family: Option<syntax::Name>,
}

/// Applies a variant's sections over its base's: an item replaces the base
/// item with the same key in the same section, and new items are appended.
/// An item repeated within the variant is kept twice, for the checker to
/// report. The variant's items all come from one file, not a base's.
///
/// Sections and items are found through hash maps built once, so merging
/// takes time linear in the number of items.
pub fn merge(base: Vec<Section>, variant: Vec<Section>) -> Vec<Section> {
    type SectionKey = (u8, Option<String>);
    let section_key = |s: &Section| (s.kind as u8, s.name.as_ref().map(|n| n.text.clone()));
    let mut sections: Vec<(Section, Vec<Option<Item>>)> = Vec::new();
    let mut by_section: HashMap<SectionKey, usize> = HashMap::new();
    // Where the base's items stand, by section and key, in file order.
    let mut by_key: HashMap<(usize, String), VecDeque<usize>> = HashMap::new();
    for mut section in base {
        let at = sections.len();
        by_section.entry(section_key(&section)).or_insert(at);
        let items = std::mem::take(&mut section.items);
        for (i, item) in items.iter().enumerate() {
            by_key
                .entry((at, item.kind.key()))
                .or_default()
                .push_back(i);
        }
        sections.push((section, items.into_iter().map(Some).collect()));
    }
    for mut section in variant {
        let items = std::mem::take(&mut section.items);
        let target = match by_section.get(&section_key(&section)) {
            Some(&at) => at,
            None => {
                let at = sections.len();
                by_section.insert(section_key(&section), at);
                sections.push((section, Vec::new()));
                at
            }
        };
        let slots = &mut sections[target].1;
        for item in items {
            let base_items = by_key.get_mut(&(target, item.kind.key()));
            if let ItemKind::Drop(_) = item.kind
                && let Some(base_items) = base_items
                && !base_items.is_empty()
            {
                for i in base_items.drain(..) {
                    slots[i] = None;
                }
                continue;
            }
            match by_key
                .get_mut(&(target, item.kind.key()))
                .and_then(VecDeque::pop_front)
            {
                Some(i) => slots[i] = Some(item),
                None => slots.push(Some(item)),
            }
        }
    }
    sections
        .into_iter()
        .map(|(mut section, items)| {
            section.items = items.into_iter().flatten().collect();
            section
        })
        .collect()
}
