//! Where the `play` REPL reads its lines: rustyline, with a history kept in
//! `$HOME/.ludus_history`, when stdin is a terminal; plain lines otherwise,
//! each echoed after its prompt so that a piped session reads as a transcript.

use super::write;
use rustyline::error::ReadlineError;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

/// Where the lines come from.
pub(super) enum Input {
    /// A person at a terminal: line editing and a history file.
    Terminal {
        editor: Box<rustyline::DefaultEditor>,
        history: Option<PathBuf>,
    },
    /// A pipe or a file.
    Plain(io::StdinLock<'static>),
}

impl Input {
    pub(super) fn open() -> Result<Input, String> {
        if !io::stdin().is_terminal() {
            return Ok(Input::Plain(io::stdin().lock()));
        }
        let config = rustyline::Config::builder()
            .auto_add_history(true)
            .max_history_size(1000)
            .map_err(|e| e.to_string())?
            .build();
        let mut editor = rustyline::DefaultEditor::with_config(config)
            .map_err(|e| format!("cannot start the line editor: {e}"))?;
        let history =
            std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".ludus_history"));
        if let Some(path) = &history {
            // A missing or unreadable history only means starting afresh.
            let _ = editor.load_history(path);
        }
        Ok(Input::Terminal {
            editor: Box::new(editor),
            history,
        })
    }

    /// The next line, or `None` at the end: Ctrl-D, Ctrl-C or end of file.
    /// Plain lines are echoed after the prompt.
    pub(super) fn read(
        &mut self,
        prompt: &str,
        out: &mut impl Write,
    ) -> Result<Option<String>, String> {
        match self {
            Input::Terminal { editor, .. } => match editor.readline(prompt) {
                Ok(line) => Ok(Some(line)),
                Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(None),
                Err(e) => Err(format!("cannot read the input: {e}")),
            },
            Input::Plain(stdin) => {
                let mut line = String::new();
                let n = stdin
                    .read_line(&mut line)
                    .map_err(|e| format!("cannot read the input: {e}"))?;
                if n == 0 {
                    return Ok(None);
                }
                let line = line.trim_end_matches(['\n', '\r']).to_string();
                write(out, &format!("{prompt}{line}\n"))?;
                Ok(Some(line))
            }
        }
    }

    /// Saves the history file, if any; a failure is only worth a warning.
    pub(super) fn save(&mut self) {
        if let Input::Terminal {
            editor,
            history: Some(path),
        } = self
            && let Err(e) = editor.save_history(path)
        {
            eprintln!(
                "warning: cannot save the history to {}: {e}",
                path.display()
            );
        }
    }
}
