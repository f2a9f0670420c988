//! The app's failures, each one line for the terminal, with its exit code.

use std::fmt;

use crate::render::RenderError;

/// Why the app could not run: printed as one line, then the process exits
/// with [`exit_code`](AppError::exit_code).
#[derive(Debug)]
pub enum AppError {
    /// A bad command-line argument: what was wrong with it.
    Args(String),
    /// No window system to open a window on.
    NoDisplay(String),
    /// No GPU adapter that can draw.
    NoAdapter(String),
    /// The window or its surface could not be made.
    Window(String),
    /// The renderer failed.
    Render(RenderError),
    /// The screenshot could not be written.
    Image(String),
}

impl AppError {
    /// The process's exit status for this failure: 2 for the ones the user
    /// can fix (a bad argument, no display, no GPU adapter), 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            AppError::Args(_) | AppError::NoDisplay(_) | AppError::NoAdapter(_) => 2,
            AppError::Render(RenderError::NoAdapter(_)) => 2,
            _ => 1,
        }
    }
}

impl From<RenderError> for AppError {
    fn from(e: RenderError) -> Self {
        match e {
            RenderError::NoAdapter(why) => AppError::NoAdapter(why),
            other => AppError::Render(other),
        }
    }
}

/// Keeps a message on one line, whatever a library put in it.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Args(why) => write!(f, "bad argument: {}; try --help", one_line(why)),
            AppError::NoDisplay(why) => write!(
                f,
                "no display to open a window on ({}); set DISPLAY or WAYLAND_DISPLAY, or render headless with --screenshot PATH.png",
                one_line(why)
            ),
            AppError::NoAdapter(why) => write!(
                f,
                "no GPU adapter ({}); install a Vulkan driver (e.g. mesa-vulkan-drivers for software rendering)",
                one_line(why)
            ),
            AppError::Window(why) => write!(f, "could not open the window: {}", one_line(why)),
            AppError::Render(e) => write!(f, "rendering failed: {}", one_line(&e.to_string())),
            AppError::Image(why) => write!(f, "could not write the screenshot: {}", one_line(why)),
        }
    }
}

impl std::error::Error for AppError {}
