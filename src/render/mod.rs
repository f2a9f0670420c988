//! Drawing: a draw list of primitives in logical pixels, and (with the
//! `viewer` feature) a [`Renderer`] that draws one to any wgpu texture view
//! with lyon tessellation, one WGSL pipeline and glyphon for text.
//!
//! The renderer knows nothing of SAT: anything that can fill a
//! [`DrawList`] can use it.
//!
//! Colors: the list's colors are sRGB, as the chapter gives them. Render to
//! an `*Srgb` texture format (the renderer converts to linear for the
//! blend, and the format converts back on store), so AMBER (232, 89, 12)
//! reads back as (232, 89, 12). [`Headless`] renders into
//! `Rgba8UnormSrgb`; a window should pick the surface's `*Srgb` format.

// Without the `viewer` feature only the draw list is here, and the links
// above to the renderer's items have nothing to point at.
#![cfg_attr(not(feature = "viewer"), allow(rustdoc::broken_intra_doc_links))]

mod list;

pub use list::{Color, DrawList, Paint, Primitive};

#[cfg(feature = "viewer")]
mod error;
#[cfg(feature = "viewer")]
mod growing;
#[cfg(feature = "viewer")]
mod headless;
#[cfg(feature = "viewer")]
mod renderer;
#[cfg(feature = "viewer")]
mod target;
#[cfg(feature = "viewer")]
mod tessellate;
#[cfg(feature = "viewer")]
mod text;

#[cfg(feature = "viewer")]
pub use error::RenderError;
#[cfg(feature = "viewer")]
pub use headless::{HEADLESS_FORMAT, Headless, render_to_image};
#[cfg(feature = "viewer")]
pub use renderer::{RenderStats, Renderer};
#[cfg(feature = "viewer")]
pub use target::{TargetSize, best_sample_count, srgb_surface_format};
#[cfg(feature = "viewer")]
pub use tessellate::{MAX_DRAW_COORDINATE, MAX_TEXT_SIZE, MIN_DASH};
