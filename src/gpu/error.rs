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
    /// An adapter was found but refused to open a device; wgpu's reason is
    /// the source.
    #[error("the GPU adapter would not open a device")]
    RequestDevice(#[source] DeviceRefused),
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

/// wgpu's reason for refusing a device, kept as the error's source. (wgpu's
/// own type cannot be compared; this compares by its message, so that
/// [`GpuError`] stays comparable.)
#[derive(Debug, Clone)]
pub struct DeviceRefused(pub wgpu::RequestDeviceError);

impl std::fmt::Display for DeviceRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", one_line(&self.0.to_string()))
    }
}

impl std::error::Error for DeviceRefused {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for DeviceRefused {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

/// Keeps a library's message on one line.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
