//! The app's text for scripts on stdout (the help, the lines a screenshot
//! shows, the tank's last line), written so that a reader that stops early
//! (`sat-visualizer --help | head -1`) ends the app quietly: `println!`
//! panics there, with "failed printing to stdout: Broken pipe".

use std::io::{ErrorKind, Write};

use super::AppError;

/// Writes `text` to stdout as it is. A reader that has gone away (a
/// broken pipe) took all it wanted, so the rest is dropped and that is no
/// failure; any other failure to write is [`AppError::Stdout`].
pub fn print_text(text: &str) -> Result<(), AppError> {
    let mut out = std::io::stdout().lock();
    quiet_if_unread(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
}

/// Writes each of `lines` to stdout, one a line, as [`print_text`] does.
pub(crate) fn print_lines(lines: &[String]) -> Result<(), AppError> {
    let mut out = std::io::stdout().lock();
    let written = lines
        .iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    quiet_if_unread(written)
}

/// A write's outcome, a broken pipe counted as done.
fn quiet_if_unread(written: std::io::Result<()>) -> Result<(), AppError> {
    match written {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(AppError::Stdout(e)),
        _ => Ok(()),
    }
}
