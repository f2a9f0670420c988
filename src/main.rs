//! `sat-visualizer`: the chapter's SAT Visualizer window, or with
//! `--screenshot PATH.png` the same picture rendered headless. Built for
//! wasm32 (web/build.sh), the same app in a page's canvas.

#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
use sat_visualizer::app::{Command, help, parse_args, print_text, run};

/// The page: its options come from the address, and the browser runs the
/// loop once this returns.
#[cfg(target_arch = "wasm32")]
fn main() {
    sat_visualizer::app::run_page();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    // Arguments that are not valid UTF-8 are read lossily: they can only be
    // unknown arguments or bad values, which are refused with a message.
    let args = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned());
    let result = parse_args(args).and_then(|command| match command {
        Command::Help => print_text(&help()),
        Command::Run(opts) => run(&opts),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sat-visualizer: {}", sat_visualizer::report(&e));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
