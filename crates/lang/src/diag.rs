//! Diagnostics: problems found in game files, as data with byte spans.
//!
//! Stages only build [`Diagnostic`]s; [`Sources::render`] turns them into
//! text with the file, line, column, the offending line and a caret.
//!
//! Rendering is bounded whatever the input: at most
//! [`MAX_SHOWN_PER_ITEM`] diagnostics of one item and [`MAX_SHOWN`] in all
//! are shown (the rest are counted in one line), source lines are clipped to
//! [`MAX_LINE_CHARS`] characters around the caret, and messages to
//! [`MAX_MESSAGE_CHARS`].

use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::{Error as FilesError, Files, column_index};
use codespan_reporting::term;

/// A byte range in a source file.
pub type Span = std::ops::Range<usize>;

/// Identifies a file in [`Sources`].
pub type FileId = usize;

/// One problem in a game file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file the problem is in.
    pub file: FileId,
    /// Where in the file.
    pub span: Span,
    /// What is wrong.
    pub message: String,
    /// A short label printed under the caret.
    pub label: String,
    /// How to fix it, where we can tell.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// A diagnostic without a hint.
    pub fn error(
        file: FileId,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) -> Self {
        Diagnostic {
            file,
            span,
            message: message.into(),
            label: label.into(),
            hint: None,
        }
    }

    /// Adds a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

/// The most diagnostics shown for one item.
pub const MAX_SHOWN_PER_ITEM: usize = 5;

/// The most diagnostics shown in all.
pub const MAX_SHOWN: usize = 50;

/// The most characters of a source line shown under a diagnostic.
pub const MAX_LINE_CHARS: usize = 100;

/// The most characters of a message, label or hint shown.
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// How many characters of a clipped line are shown before the caret.
const BEFORE_CARET: usize = 40;

/// The text of every file read while loading a game, for rendering.
#[derive(Default)]
pub struct Sources {
    /// Each file's name and text, by id.
    files: Vec<(String, String)>,
    /// The spans of the items read, by file and start, for grouping
    /// diagnostics per item.
    items: Vec<(FileId, Span)>,
}

impl Sources {
    /// Stores a file's text and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push((name.into(), text.into()));
        self.files.len() - 1
    }

    /// Records where items stand, so that [`Sources::render`] shows at most
    /// [`MAX_SHOWN_PER_ITEM`] diagnostics of each.
    pub fn add_items(&mut self, items: impl IntoIterator<Item = (FileId, Span)>) {
        self.items.extend(items);
        self.items
            .sort_by_key(|(file, span)| (*file, span.start, span.end));
        self.items.dedup();
    }

    /// The text of a stored file.
    pub fn text(&self, file: FileId) -> &str {
        self.files.get(file).map_or("", |f| f.1.as_str())
    }

    /// The name of a stored file.
    pub fn name(&self, file: FileId) -> &str {
        self.files.get(file).map_or("", |f| f.0.as_str())
    }

    /// The item each diagnostic is in, by its file and start; `None` for a
    /// diagnostic outside every item (a header or a section's name).
    fn groups(&self, sorted: &[&Diagnostic]) -> Vec<Option<(FileId, usize)>> {
        sorted
            .iter()
            .map(|d| {
                let at = d.span.start;
                let i = self
                    .items
                    .partition_point(|(file, span)| (*file, span.start) <= (d.file, at));
                let (file, span) = &self.items[i.checked_sub(1)?];
                (*file == d.file && at <= span.end).then_some((d.file, span.start))
            })
            .collect()
    }

    /// Renders diagnostics as plain text, sorted by file and position, with
    /// the limits of this module: the output stays small whatever the input.
    pub fn render(&self, diagnostics: &[Diagnostic]) -> String {
        self.render_styled(diagnostics, Style::Plain)
    }

    /// [`Sources::render`] in `style`: plain, or coloured for a terminal.
    pub fn render_styled(&self, diagnostics: &[Diagnostic], style: Style) -> String {
        let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
        sorted.sort_by_key(|d| (d.file, d.span.start, d.span.end));
        let groups = self.groups(&sorted);
        let mut out = String::new();
        let mut shown = 0;
        let mut at = 0;
        while at < sorted.len() {
            if shown == MAX_SHOWN {
                out.push_str(&format!(
                    "... and {} (only the first {MAX_SHOWN} are shown)\n",
                    more(sorted.len() - at)
                ));
                break;
            }
            let group = groups[at];
            let len = match group {
                None => 1,
                Some(_) => groups[at..]
                    .iter()
                    .position(|g| *g != group)
                    .unwrap_or(sorted.len() - at),
            };
            let show = len.min(MAX_SHOWN_PER_ITEM).min(MAX_SHOWN - shown);
            for d in &sorted[at..at + show] {
                out.push_str(&self.render_one(d, style));
            }
            shown += show;
            if show < len.min(MAX_SHOWN_PER_ITEM) {
                // Cut by the total: the next turn counts the rest.
                at += show;
                continue;
            }
            let hidden = len - show;
            if hidden > 0 {
                out.push_str(&format!(
                    "... and {} in this item (only the first {MAX_SHOWN_PER_ITEM} of an \
                     item are shown)\n\n",
                    more(hidden)
                ));
            }
            at += len;
        }
        out
    }

    /// One diagnostic drawn as a note rather than an error (`note: ...`),
    /// its source line clipped as [`Sources::render`] clips it: how
    /// `ludus explain` shows the rules that allow a move.
    pub fn render_note(&self, d: &Diagnostic) -> String {
        let (window, span) = Window::new(self.name(d.file), self.text(d.file), &d.span);
        let mut report = Report::note()
            .with_message(clip(&d.message))
            .with_labels(vec![Label::primary((), span).with_message(clip(&d.label))]);
        if let Some(hint) = &d.hint {
            report = report.with_notes(vec![clip(hint)]);
        }
        term::emit_into_string(&term::Config::default(), &window, &report)
            .unwrap_or_else(|_| format!("note: {}\n", clip(&d.message)))
    }

    /// One diagnostic, its source line clipped around the caret.
    fn render_one(&self, d: &Diagnostic, style: Style) -> String {
        let (window, span) = Window::new(self.name(d.file), self.text(d.file), &d.span);
        let mut report = Report::error()
            .with_message(clip(&d.message))
            .with_labels(vec![Label::primary((), span).with_message(clip(&d.label))]);
        if let Some(hint) = &d.hint {
            report = report.with_notes(vec![format!("hint: {}", clip(hint))]);
        }
        let config = term::Config::default();
        let drawn = match style {
            Style::Plain => term::emit_into_string(&config, &window, &report).ok(),
            Style::Colour => {
                let mut buffer = term::termcolor::Buffer::ansi();
                term::emit_to_write_style(&mut buffer, &config, &window, &report)
                    .ok()
                    .and_then(|()| String::from_utf8(buffer.into_inner()).ok())
            }
        };
        drawn.unwrap_or_else(|| format!("error: {}\n", clip(&d.message)))
    }
}

/// A `did you mean` hint: the closest candidate within two edits that keeps
/// part of what was written (`4` does not suggest `1`).
pub fn suggest<'a>(wrong: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    let length = wrong.chars().count();
    candidates
        .map(|c| (edit_distance(wrong, c), c))
        .filter(|(d, _)| *d <= 2 && *d < length)
        .min()
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

/// The edit distance (Levenshtein's) between two words, in characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// How diagnostics are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Plain text, for files, pipes and tests.
    Plain,
    /// With a terminal's colours (ANSI escapes).
    Colour,
}

/// `N more problems`, in the singular for one.
fn more(n: usize) -> String {
    match n {
        1 => "1 more problem".into(),
        n => format!("{n} more problems"),
    }
}

/// `N problems`, in the singular for one.
pub fn problems(n: usize) -> String {
    match n {
        1 => "1 problem".into(),
        n => format!("{n} problems"),
    }
}

/// Text cut to [`MAX_MESSAGE_CHARS`] characters, with `…` where it was cut.
fn clip(text: &str) -> String {
    match text.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// The largest char boundary of `text` at or below `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The one source line a diagnostic shows, clipped to [`MAX_LINE_CHARS`]
/// characters around its caret, as a file for codespan with the line's true
/// name, line number and columns.
struct Window<'a> {
    name: &'a str,
    text: String,
    line_number: usize,
    /// Added to a column of `text` to give the column in the true line.
    column_shift: isize,
}

impl<'a> Window<'a> {
    /// The window of `source` around `span`, and the span within it.
    fn new(name: &'a str, source: &str, span: &Span) -> (Self, Span) {
        let start = floor_boundary(source, span.start);
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let mut line_end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        if line_end > start && source[..line_end].ends_with('\r') {
            line_end -= 1;
        }
        let end = floor_boundary(source, span.end.clamp(start, line_end));
        let line = &source[line_start..line_end];
        let caret = source[line_start..start].chars().count();
        let count = line.chars().count();
        let first = if count <= MAX_LINE_CHARS {
            0
        } else {
            caret
                .saturating_sub(BEFORE_CARET)
                .min(count - MAX_LINE_CHARS)
        };
        let byte = |chars: usize| line.char_indices().nth(chars).map_or(line.len(), |c| c.0);
        let (from, to) = (byte(first), byte(first + MAX_LINE_CHARS));
        let prefix = if from > 0 { "…" } else { "" };
        let suffix = if to < line.len() { "…" } else { "" };
        let text = format!("{prefix}{}{suffix}", &line[from..to]);
        let shift =
            |at: usize| (at - line_start).clamp(from, to).saturating_sub(from) + prefix.len();
        let window = Window {
            name,
            line_number: source[..line_start].matches('\n').count() + 1,
            column_shift: first as isize - prefix.chars().count() as isize,
            text,
        };
        (window, shift(start)..shift(end))
    }
}

impl<'a> Files<'a> for Window<'a> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, FilesError> {
        Ok(self.name)
    }

    fn source(&'a self, (): ()) -> Result<&'a str, FilesError> {
        Ok(&self.text)
    }

    fn line_index(&'a self, (): (), _byte_index: usize) -> Result<usize, FilesError> {
        Ok(0)
    }

    fn line_number(&'a self, (): (), _line_index: usize) -> Result<usize, FilesError> {
        Ok(self.line_number)
    }

    fn column_number(
        &'a self,
        (): (),
        _line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        let column = column_index(&self.text, 0..self.text.len(), byte_index) as isize;
        Ok((column + self.column_shift).max(0) as usize + 1)
    }

    fn line_range(
        &'a self,
        (): (),
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, FilesError> {
        match line_index {
            0 => Ok(0..self.text.len()),
            given => Err(FilesError::LineTooLarge { given, max: 0 }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Diagnostic, Sources, Style};

    /// The coloured drawing is the plain one with the terminal's colour
    /// escapes: the same text once they are taken out.
    #[test]
    fn colour_adds_escapes_to_the_plain_text() {
        let mut sources = Sources::default();
        let file = sources.add("a.game", "game \"A\"\nboard { grid 2 x }\n");
        let d = [Diagnostic::error(file, 20..21, "expected a number", "here")];
        let plain = sources.render_styled(&d, Style::Plain);
        let colour = sources.render_styled(&d, Style::Colour);
        assert!(!plain.contains('\u{1b}'), "{plain}");
        assert!(colour.contains("\u{1b}["), "{colour}");
        let mut stripped = String::new();
        let mut chars = colour.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                // An escape runs to its final letter.
                for e in chars.by_ref() {
                    if e.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                stripped.push(c);
            }
        }
        assert_eq!(stripped, plain);
        assert_eq!(sources.render(&d), plain);
    }
}
