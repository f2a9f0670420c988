//! Where the time of the last batch went.

use std::time::Duration;

/// The time split of the last [`GpuCollider::collide`](super::GpuCollider::collide).
///
/// Each part is the busy time of one stage over all chunks, its CPU share
/// and, when the device has timestamp queries, its GPU share together.
/// Chunks overlap (while one computes, the one before it is read back and
/// the one after it packed), so the parts may add up to more than `total`;
/// and what `total` has beyond them is waiting and driver overhead.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GpuTiming {
    /// Getting the pairs onto the GPU: on the CPU, laying out the shape
    /// table (when it changed) and packing the pairs (poses with their
    /// turns as cosine and sine) into the mapped upload buffer; on the GPU
    /// (with timestamps), copying them into the kernel's input.
    pub upload: Duration,
    /// The kernel: by GPU timestamps when the device has `TIMESTAMP_QUERY`
    /// (see `timestamps`), else the wall time from each chunk's submit
    /// until the GPU finished it (copies included, chunks not overlapped).
    pub compute: Duration,
    /// Getting the results back: on the GPU (with timestamps), copying them
    /// into the mappable staging buffer; on the CPU, reading them from it
    /// into `out`.
    pub readback: Duration,
    /// The CPU share of `upload`.
    pub upload_cpu: Duration,
    /// The CPU share of `readback` (not counting any wait, after reading
    /// the results out, for another collider to give back its turn with
    /// the driver).
    pub readback_cpu: Duration,
    /// The wall time of the whole call.
    pub total: Duration,
    /// How many pairs the batch had.
    pub pairs: usize,
    /// How many chunks it was split into.
    pub chunks: usize,
    /// Whether the GPU's shares came from GPU timestamps.
    pub timestamps: bool,
}

impl GpuTiming {
    pub(crate) fn add_upload_cpu(&mut self, t: Duration) {
        self.upload += t;
        self.upload_cpu += t;
    }

    pub(crate) fn add_readback_cpu(&mut self, t: Duration) {
        self.readback += t;
        self.readback_cpu += t;
    }

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
