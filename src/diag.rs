//! Diagnostics: problems found in game files, as data with byte spans.
//!
//! Stages only build [`Diagnostic`]s; [`Sources::render`] turns them into
//! text with the file, line, column, the offending line and a caret.

use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFiles;
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

/// The text of every file read while loading a game, for rendering.
#[derive(Default)]
pub struct Sources {
    files: SimpleFiles<String, String>,
}

impl Sources {
    /// Stores a file's text and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.add(name.into(), text.into())
    }

    /// The text of a stored file.
    pub fn text(&self, file: FileId) -> &str {
        self.files
            .get(file)
            .map(|f| f.source().as_str())
            .unwrap_or("")
    }

    /// The name of a stored file.
    pub fn name(&self, file: FileId) -> &str {
        self.files
            .get(file)
            .map(|f| f.name().as_str())
            .unwrap_or("")
    }

    /// Renders diagnostics as plain text, sorted by file and position.
    pub fn render(&self, diagnostics: &[Diagnostic]) -> String {
        let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
        sorted.sort_by_key(|d| (d.file, d.span.start, d.span.end));
        let config = term::Config::default();
        let mut out = String::new();
        for d in sorted {
            let mut report = Report::error().with_message(&d.message).with_labels(vec![
                Label::primary(d.file, d.span.clone()).with_message(&d.label),
            ]);
            if let Some(hint) = &d.hint {
                report = report.with_notes(vec![format!("hint: {hint}")]);
            }
            match term::emit_into_string(&config, &self.files, &report) {
                Ok(text) => out.push_str(&text),
                Err(_) => out.push_str(&format!("error: {}\n", d.message)),
            }
        }
        out
    }
}
