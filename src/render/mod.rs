//! The renderer (feature `viewer`): draws a [`DrawList`] to any wgpu
//! texture view with lyon tessellation, one WGSL pipeline and glyphon for
//! text, or headless into an image.
//!
//! The renderer knows nothing of SAT: anything that can fill a
//! [`DrawList`] can use it. It draws only a list that passes
//! [`DrawList::validate`]; any other is [`RenderError::InvalidList`], with
//! the [`DrawListError`](crate::draw::DrawListError) as its source.
//!
//! Colors: the list's colors are sRGB, as the chapter gives them. Render to
//! an `*Srgb` texture format (the renderer converts to linear for the
//! blend, and the format converts back on store), so AMBER (232, 89, 12)
//! reads back as (232, 89, 12). [`Headless`] renders into
//! `Rgba8UnormSrgb`; a window should pick the surface's `*Srgb` format.

mod color;
mod error;
mod growing;
mod headless;
mod renderer;
mod target;
mod tessellate;
mod text;

#[cfg(doc)]
use crate::draw::DrawList;

pub use error::RenderError;
pub use headless::{HEADLESS_FORMAT, Headless, render_to_image};
pub use renderer::{RenderStats, Renderer};
pub use target::{TargetSize, best_sample_count, srgb_surface_format};
