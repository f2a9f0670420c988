//! What can go wrong on the GPU path, said in one line.

use std::fmt;

use crate::batch::BatchError;

/// Why the GPU collider could not be made or could not run a batch.
///
/// Every failure is one of these, never a panic; `Display` says it in one
/// line.
#[derive(Debug, Clone, PartialEq)]
pub enum GpuError {
    /// No GPU adapter was found (no driver, or none for the backends asked
    /// for). On a machine with no GPU, Mesa's software Vulkan driver
    /// (llvmpipe) is one.
    NoAdapter(String),
    /// An adapter was found but refused to open a device.
    RequestDevice(String),
    /// The device was lost (destroyed, reset, or its driver failed): no
    /// more work can run on it.
    DeviceLost(String),
    /// The batch was refused before anything ran; `out` is left empty.
    Batch(BatchError),
    /// wgpu refused an operation (validation, out of memory) or the results
    /// could not be read back.
    Gpu(String),
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let one_line = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        match self {
            GpuError::NoAdapter(why) => write!(f, "no GPU adapter found: {}", one_line(why)),
            GpuError::RequestDevice(why) => {
                write!(
                    f,
                    "the GPU adapter would not open a device: {}",
                    one_line(why)
                )
            }
            GpuError::DeviceLost(why) => write!(f, "the GPU device was lost: {}", one_line(why)),
            GpuError::Batch(e) => write!(f, "bad batch: {e}"),
            GpuError::Gpu(why) => write!(f, "the GPU refused the work: {}", one_line(why)),
        }
    }
}

impl std::error::Error for GpuError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GpuError::Batch(e) => Some(e),
            _ => None,
        }
    }
}

impl From<BatchError> for GpuError {
    fn from(e: BatchError) -> Self {
        GpuError::Batch(e)
    }
}
