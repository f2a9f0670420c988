//! The app: the winit event loop that owns the window and its surface,
//! feeds input to the scene, and hands the scene's draw list to the
//! renderer; or, headless, renders the same draw list into a PNG. On
//! wasm32 the same app runs in a page's canvas (`run_page` there).
//!
//! One code path: the event handling (`handler`) and the window's GPU
//! (`gpu`) are the desktop's and the page's; only the shell differs
//! (`window`: a blocking device and a native loop; `web`: a device from a
//! promise, the browser's loop, the address's options from `query`).
//!
//! The flow is one way: window events → [`Scene`](crate::scene::Scene)
//! (plain logical positions and its own keys) → a
//! [`DrawList`](crate::draw::DrawList) → the
//! [`Renderer`](crate::render::Renderer). Frames are drawn on demand: only
//! after input, or while a turn key is held, so an idle window costs
//! nothing.

mod args;
mod error;
mod gpu;
mod handler;
mod keymap;
mod query;
mod screenshot;
mod stdout;
#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(not(target_arch = "wasm32"))]
mod window;

pub use args::{
    Command, MAX_HOLD_SECONDS, MAX_PHYSICAL_SIDE, MAX_SCALE, Options, help, parse_args,
};
pub use error::AppError;
pub use keymap::{chapter_keys, held_action, help_text, hints, tank_hints};
pub use query::{PAGE_OPTIONS, page_options, query_args};
pub use screenshot::{save_screenshot, screenshot_image};
pub use stdout::print_text;
#[cfg(target_arch = "wasm32")]
pub use web::run_page;
#[cfg(not(target_arch = "wasm32"))]
pub use window::run_window;

/// The window's title, as the chapter's (on the page, the canvas's).
pub const TITLE: &str = "SAT Visualizer";

/// Runs what the command line asked for: the window, or a screenshot.
#[cfg(not(target_arch = "wasm32"))]
pub fn run(opts: &Options) -> Result<(), AppError> {
    match &opts.screenshot {
        Some(path) => save_screenshot(opts, path),
        None => run_window(opts),
    }
}
