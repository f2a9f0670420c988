//! What can go wrong on the GPU path, said in one line.

use crate::adapter::NoAdapter;
use crate::batch::BatchError;

/// Why the GPU collider could not be made or could not run a batch.
///
/// Every failure is one of these, never a panic; `Display` says it in one
/// line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GpuError {
    /// No GPU adapter was found: the one error the window, the headless
    /// renderer and the collider share.
    #[error(transparent)]
    NoAdapter(#[from] NoAdapter),
    /// An adapter was found but refused to open a device.
    #[error("the GPU adapter would not open a device: {}", one_line(.0))]
    RequestDevice(String),
    /// The device was lost (destroyed, reset, or its driver failed): no
    /// more work can run on it.
    #[error("the GPU device was lost: {}", one_line(.0))]
    DeviceLost(String),
    /// The batch was refused before anything ran; `out` is left empty.
    #[error("bad batch")]
    Batch(#[from] BatchError),
    /// wgpu refused an operation (validation, out of memory) or the results
    /// could not be read back.
    #[error("the GPU refused the work: {}", one_line(.0))]
    Gpu(String),
}

/// Keeps a library's message on one line.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
