//! The app: the winit event loop that owns the window and its surface,
//! feeds input to the scene, and hands the scene's draw list to the
//! renderer; or, headless, renders the same draw list into a PNG.
//!
//! The flow is one way: window events → [`Scene`](crate::scene::Scene)
//! (plain logical positions and its own keys) → a
//! [`DrawList`](crate::draw::DrawList) → the
//! [`Renderer`](crate::render::Renderer). Frames are drawn on demand: only
//! after input, or while a turn key is held, so an idle window costs
//! nothing.

mod args;
mod error;
mod keymap;
mod screenshot;
mod window;

pub use args::{
    Command, MAX_HOLD_SECONDS, MAX_PHYSICAL_SIDE, MAX_SCALE, Options, help, parse_args,
};
pub use error::AppError;
pub use keymap::{chapter_keys, held_action, help_text, hints, tank_hints};
pub use screenshot::{save_screenshot, screenshot_image};
pub use window::{TITLE, run_window};

/// Runs what the command line asked for: the window, or a screenshot.
pub fn run(opts: &Options) -> Result<(), AppError> {
    match &opts.screenshot {
        Some(path) => save_screenshot(opts, path),
        None => run_window(opts),
    }
}
