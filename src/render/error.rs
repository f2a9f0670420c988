//! What can go wrong while drawing a frame.

use crate::adapter::NoAdapter;
use crate::draw::DrawListError;

/// Why a frame could not be drawn. Each one reads as one clear line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// No GPU adapter was found (not even a software one such as llvmpipe):
    /// the one error the window, the headless renderer and the GPU
    /// collider share.
    #[error(transparent)]
    NoAdapter(#[from] NoAdapter),
    /// The device could not be created, or it rejected some work.
    #[error("GPU device error: {0}")]
    Device(String),
    /// Text could not be laid out or put in the glyph atlas (glyphon's
    /// preparation failed).
    #[error("text could not be prepared")]
    TextPrepare(#[from] glyphon::PrepareError),
    /// Text prepared could not be drawn (glyphon's render failed).
    #[error("text could not be drawn")]
    TextRender(#[from] glyphon::RenderError),
    /// The draw list holds something that cannot be drawn (it fails
    /// [`DrawList::validate`](crate::draw::DrawList::validate)): a
    /// coordinate that is not finite or too far out, a negative width, a
    /// polygon range outside the list's points, a dash too short, a bad
    /// text size. The source says which item and what is wrong.
    #[error("invalid draw list")]
    InvalidList(#[from] DrawListError),
    /// The target's size or scale factor cannot be rendered (a scale that
    /// is not a positive finite number, or a size over the device's limit).
    #[error("invalid render target: {0}")]
    InvalidTarget(String),
    /// lyon could not tessellate a shape: item `item` of the draw list.
    #[error("tessellation failed at item {item}")]
    Tessellation {
        /// The draw list's item that failed.
        item: usize,
        /// lyon's reason.
        #[source]
        source: lyon::tessellation::TessellationError,
    },
}
