//! The app's failures, each one line for the terminal, with its exit code.

use crate::adapter::NoAdapter;
use crate::render::RenderError;

/// Why the app could not run: printed as one line with its causes
/// ([`report`](crate::report)), then the process exits with
/// [`exit_code`](AppError::exit_code).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AppError {
    /// A bad command-line argument: what was wrong with it.
    #[error("bad argument: {}; try --help", one_line(.0))]
    Args(String),
    /// No window system to open a window on.
    #[error("no display to open a window on ({}); set DISPLAY or WAYLAND_DISPLAY, or render headless with --screenshot PATH.png", one_line(.0))]
    NoDisplay(String),
    /// No GPU adapter that can draw: the one error the window, the headless
    /// renderer and the GPU collider share.
    #[error(transparent)]
    NoAdapter(#[from] NoAdapter),
    /// The window, its surface or its device could not be made, or the
    /// event loop failed: `what` says which, `source` why.
    #[error("{what}")]
    Window {
        /// What could not be done, in words.
        what: &'static str,
        /// The window system's or wgpu's reason.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync + 'static>,
    },
    /// The renderer failed.
    #[error("rendering failed")]
    Render(#[source] RenderError),
    /// The screenshot could not be written to `path`.
    #[error("could not write the screenshot {}", path.display())]
    Image {
        /// Where it was to go.
        path: std::path::PathBuf,
        /// The image library's reason.
        #[source]
        source: image::ImageError,
    },
    /// The text for stdout (the help, a screenshot's lines) could not be
    /// written, for a reason other than its reader having gone away.
    #[error("could not write to stdout")]
    Stdout(#[source] std::io::Error),
}

impl AppError {
    /// A [`Window`](AppError::Window) error: `what` could not be done,
    /// because of `source`.
    pub(crate) fn window(
        what: &'static str,
        source: impl std::error::Error + Send + Sync + 'static,
    ) -> AppError {
        AppError::Window {
            what,
            source: Box::new(source),
        }
    }

    /// The process's exit status for this failure: 2 for the ones the user
    /// can fix (a bad argument, no display, no GPU adapter), 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            AppError::Args(_) | AppError::NoDisplay(_) | AppError::NoAdapter(_) => 2,
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
