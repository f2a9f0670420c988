//! The GPU buffers a batch runs through. They outlive each call and grow
//! (by powers of two) when a batch needs more, so that a steady workload
//! allocates nothing after its first call.

use super::table::{GpuPair, HIT_BYTES};

/// Timestamps per chunk: before the pairs are copied to the GPU, as the
/// kernel starts, as it ends, and once its results are copied out.
pub(crate) const STAMPS: u32 = 4;

/// Bytes at the start of each staging buffer for the timestamps, ahead of
/// the results.
pub(crate) const STAMP_BYTES: u64 = STAMPS as u64 * 8;

/// One chunk's worth of buffers. There are two, so that while one chunk
/// computes the one before it is read back.
pub(crate) struct Slot {
    /// How many pairs the buffers hold.
    pub capacity: usize,
    /// The pairs as the CPU writes them (mappable), copied on the GPU into
    /// `pairs`.
    pub upload: wgpu::Buffer,
    /// Whether `upload` is mapped for writing now; made mapped, it is
    /// unmapped for each chunk and asked back once the chunk is done.
    pub upload_mapped: bool,
    /// The answer to that asking back, while it is on its way.
    pub upload_remap: Option<std::sync::mpsc::Receiver<Result<(), wgpu::BufferAsyncError>>>,
    pub pairs: wgpu::Buffer,
    pub hits: wgpu::Buffer,
    pub params: wgpu::Buffer,
    /// Timestamps, then results, copied here to be mapped and read.
    pub staging: wgpu::Buffer,
    /// The chunk's timestamps and the buffer they resolve into, when the
    /// device can take timestamps.
    pub stamps: Option<(wgpu::QuerySet, wgpu::Buffer)>,
    pub bind: Option<wgpu::BindGroup>,
}

fn buffer(
    device: &wgpu::Device,
    label: &str,
    size: u64,
    usage: wgpu::BufferUsages,
) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        // Copies and maps take whole 4-byte words; every size here is
        // already a multiple of 4, and rounding no further keeps a buffer
        // within the binding limit it was sized for.
        size: size.max(16).next_multiple_of(4),
        usage,
        mapped_at_creation: usage.contains(wgpu::BufferUsages::MAP_WRITE),
    })
}

impl Slot {
    pub fn new(device: &wgpu::Device, capacity: usize, timestamps: bool) -> Slot {
        use wgpu::BufferUsages as U;
        let n = capacity as u64;
        let stamps = timestamps.then(|| {
            let set = device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("sat_batch timestamps"),
                ty: wgpu::QueryType::Timestamp,
                count: STAMPS,
            });
            let resolve = buffer(
                device,
                "sat_batch timestamp resolve",
                STAMP_BYTES,
                U::QUERY_RESOLVE | U::COPY_SRC,
            );
            (set, resolve)
        });
        let pair_bytes = n * size_of::<GpuPair>() as u64;
        Slot {
            capacity,
            upload: buffer(
                device,
                "sat_batch upload",
                pair_bytes,
                U::MAP_WRITE | U::COPY_SRC,
            ),
            upload_mapped: true,
            upload_remap: None,
            pairs: buffer(
                device,
                "sat_batch pairs",
                pair_bytes,
                U::STORAGE | U::COPY_DST,
            ),
            hits: buffer(
                device,
                "sat_batch hits",
                n * HIT_BYTES as u64,
                U::STORAGE | U::COPY_SRC,
            ),
            params: buffer(device, "sat_batch params", 16, U::UNIFORM | U::COPY_DST),
            staging: buffer(
                device,
                "sat_batch staging",
                STAMP_BYTES + n * HIT_BYTES as u64,
                U::MAP_READ | U::COPY_DST,
            ),
            stamps,
            bind: None,
        }
    }
}

/// The shape table on the GPU: headers and data.
pub(crate) struct ShapeBuffers {
    pub shapes: wgpu::Buffer,
    pub data: wgpu::Buffer,
}

impl ShapeBuffers {
    pub fn new(device: &wgpu::Device, shape_bytes: u64, data_bytes: u64) -> ShapeBuffers {
        use wgpu::BufferUsages as U;
        ShapeBuffers {
            shapes: buffer(
                device,
                "sat_batch shapes",
                shape_bytes,
                U::STORAGE | U::COPY_DST,
            ),
            data: buffer(
                device,
                "sat_batch shape data",
                data_bytes,
                U::STORAGE | U::COPY_DST,
            ),
        }
    }

    pub fn fits(&self, shape_bytes: u64, data_bytes: u64) -> bool {
        self.shapes.size() >= shape_bytes && self.data.size() >= data_bytes
    }
}

fn entry(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry {
        binding,
        resource: buffer.as_entire_binding(),
    }
}

/// The bind group the kernel runs with for one slot.
pub(crate) fn bind(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    shapes: &ShapeBuffers,
    slot: &Slot,
) -> wgpu::BindGroup {
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("sat_batch"),
        layout,
        entries: &[
            entry(0, &shapes.shapes),
            entry(1, &shapes.data),
            entry(2, &slot.pairs),
            entry(3, &slot.hits),
            entry(4, &slot.params),
        ],
    })
}
