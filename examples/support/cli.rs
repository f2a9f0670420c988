//! The examples' command lines: clap parses them, and a bad argument is
//! one line on stderr and exit status 2, as the app's own are.

use clap::Parser;
use clap::error::ErrorKind;

/// Parses this process's arguments as `T`. `--help` prints clap's help
/// and exits 0; anything else clap refuses is printed as one line, naming
/// the example, and exits 2.
pub fn parse<T: Parser>() -> T {
    match T::try_parse() {
        Ok(args) => args,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) => {
            let name = T::command().get_name().to_string();
            eprintln!("{name}: bad argument: {}; try --help", one_line(&e));
            std::process::exit(2);
        }
    }
}

/// clap's message without its usage lines, on one line.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let message = text.split("\n\n").next().unwrap_or_default();
    let message = message.trim().strip_prefix("error:").unwrap_or(message);
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One line to stdout, as `println!` writes it, except that a closed
/// stdout (the example piped into `head`, which stops reading) ends the
/// example quietly with status 0, where `println!` panics with "failed
/// printing to stdout: Broken pipe". Any other failure to write is one
/// line on stderr and status 1.
pub fn line(text: std::fmt::Arguments) {
    use std::io::{ErrorKind as Io, Write};
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(text).and_then(|()| out.write_all(b"\n")) {
        if e.kind() == Io::BrokenPipe {
            std::process::exit(0);
        }
        let name = std::env::args().next().unwrap_or_default();
        let name = std::path::Path::new(&name)
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy();
        eprintln!("{name}: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}

/// `println!` for the examples' tables: the same formatting, written by
/// [`line`], so that piping an example into `head` ends it quietly.
macro_rules! say {
    () => {
        $crate::cli::line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::cli::line(format_args!($($arg)*))
    };
}
pub(crate) use say;
