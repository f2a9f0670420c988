//! Drawing: a draw list of primitives in logical pixels, and (with the
//! `viewer` feature) a [`Renderer`] that draws one to any wgpu texture view
//! with lyon tessellation, one WGSL pipeline and glyphon for text.
//!
//! The renderer knows nothing of SAT: anything that can fill a
//! [`DrawList`] can use it.

mod list;

pub use list::{Color, DrawList, Paint, Primitive};
