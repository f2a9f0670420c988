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
