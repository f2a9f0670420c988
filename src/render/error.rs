//! What can go wrong while drawing a frame.

use std::fmt;

/// Why a frame could not be drawn. Each one reads as one clear line.
#[derive(Debug, Clone, PartialEq)]
pub enum RenderError {
    /// No GPU adapter was found (not even a software one such as llvmpipe).
    NoAdapter(String),
    /// The device could not be created, or it rejected some work.
    Device(String),
    /// Text could not be laid out or put in the glyph atlas.
    Text(String),
    /// The draw list holds something that cannot be drawn: a coordinate
    /// that is not finite or too far out, a negative width, a polygon range
    /// outside the list's points, a dash of zero length, a bad text size.
    InvalidList(String),
    /// The target's size or scale factor cannot be rendered (a scale that
    /// is not a positive finite number, or a size over the device's limit).
    InvalidTarget(String),
    /// lyon could not tessellate a shape.
    Tessellation(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::NoAdapter(why) => write!(f, "no GPU adapter found: {why}"),
            RenderError::Device(why) => write!(f, "GPU device error: {why}"),
            RenderError::Text(why) => write!(f, "text rendering failed: {why}"),
            RenderError::InvalidList(why) => write!(f, "invalid draw list: {why}"),
            RenderError::InvalidTarget(why) => write!(f, "invalid render target: {why}"),
            RenderError::Tessellation(why) => write!(f, "tessellation failed: {why}"),
        }
    }
}

impl std::error::Error for RenderError {}
