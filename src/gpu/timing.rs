//! Where the time of the last batch went.

use std::time::Duration;

/// The time split of the last [`GpuCollider::collide`](super::GpuCollider::collide).
///
/// Chunks overlap (while one computes, the one before it is read back), so
/// the three parts need not add up to `total`; what `total` has beyond them
/// is time spent waiting on the GPU and on transfers.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GpuTiming {
    /// CPU time putting the batch on the queue: laying out the shape table
    /// (when it changed) and the pairs, and handing them to wgpu.
    pub upload: Duration,
    /// The kernel's own time: the sum of its passes' GPU timestamps when the
    /// device has `TIMESTAMP_QUERY` (see `timestamps`), else the wall time
    /// from each chunk's submit until the GPU finished it.
    pub compute: Duration,
    /// CPU time taking the results out of the mapped staging buffers into
    /// `out`, once the GPU had them ready.
    pub readback: Duration,
    /// The wall time of the whole call.
    pub total: Duration,
    /// How many pairs the batch had.
    pub pairs: usize,
    /// How many chunks it was split into.
    pub chunks: usize,
    /// Whether `compute` came from GPU timestamps.
    pub timestamps: bool,
}

impl GpuTiming {
    /// Nanoseconds per pair that `part` of the time comes to.
    pub fn ns_per_pair(&self, part: Duration) -> f64 {
        if self.pairs == 0 {
            return 0.0;
        }
        part.as_secs_f64() * 1e9 / self.pairs as f64
    }

    /// Millions of pairs per second at the pace of `part` of the time
    /// (infinite for a part that took no time, 0 for an empty batch).
    pub fn mpairs_per_s(&self, part: Duration) -> f64 {
        if self.pairs == 0 {
            return 0.0;
        }
        self.pairs as f64 / part.as_secs_f64() / 1e6
    }
}
