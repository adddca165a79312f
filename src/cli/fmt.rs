//! `ludus fmt FILE... [--check]`: game files in their canonical layout (see
//! [`ludus::format`]), rewritten in place or, with `--check`, listed.

use crate::Failure;
use ludus::diag::Sources;
use ludus::format::{self, FormatError};
use ludus::load;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Formats each file; with `check`, lists those that would change instead.
/// Exit 1 if a file could not be formatted, or (with `check`) would change.
pub(crate) fn fmt(files: &[PathBuf], check: bool) -> Result<ExitCode, Failure> {
    let mut ok = true;
    for path in files {
        match fmt_one(path, check) {
            Ok(false) => {}
            Ok(true) => {
                if check {
                    ok = false;
                    say!("{}", path.display());
                }
            }
            Err(message) => {
                ok = false;
                eprint!("{message}");
            }
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Whether the file changes (is rewritten, unless `check`), or why it
/// cannot be formatted, as text to print.
fn fmt_one(path: &Path, check: bool) -> Result<bool, String> {
    let text = load::read_text(path, load::MAX_GAME_BYTES).map_err(|e| format!("error: {e}\n"))?;
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(body) => ("\u{feff}", body),
        None => ("", text.as_str()),
    };
    let formatted = match format::format(path, body) {
        Ok(formatted) => format!("{bom}{formatted}"),
        Err(FormatError::Syntax(diagnostics)) => {
            let mut sources = Sources::default();
            sources.add(path.display().to_string(), body);
            return Err(format!(
                "{}{}: not formatted: {} syntax {}\n",
                sources.render(&diagnostics),
                path.display(),
                diagnostics.len(),
                if diagnostics.len() == 1 {
                    "error"
                } else {
                    "errors"
                }
            ));
        }
        Err(FormatError::Unsafe(why)) => {
            return Err(format!(
                "error: {}: not formatted: the new layout would change the game ({why}); \
                 the file is left as it was (please report this)\n",
                path.display()
            ));
        }
    };
    if formatted == text {
        return Ok(false);
    }
    if !check {
        // A symbolic link stays one: the file it leads to is rewritten.
        let target = std::fs::canonicalize(path)
            .map_err(|e| format!("error: cannot resolve {}: {e}\n", path.display()))?;
        write_atomically(&target, &formatted)
            .map_err(|e| format!("error: cannot write {}: {e}\n", path.display()))?;
    }
    Ok(true)
}

/// Replaces the file by a new one written beside it and renamed over it,
/// so that a reader never sees half a file; the file's permissions are kept.
fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let name = path
        .file_name()
        .map_or("game".into(), |n| n.to_string_lossy());
    let temp = dir
        .unwrap_or(Path::new("."))
        .join(format!(".{name}.ludus-fmt-{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::set_permissions(&temp, std::fs::metadata(path)?.permissions())?;
        std::fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}
