//! GPU buffers that grow by doubling and are otherwise reused, so a steady
//! stream of frames creates no buffers after the first few.

/// One wgpu buffer with a capacity that only grows.
pub(crate) struct GrowingBuffer {
    /// The label each new buffer gets.
    label: &'static str,
    /// What the buffer is for, and COPY_DST so it can be written.
    usage: wgpu::BufferUsages,
    /// The buffer, once something was written.
    buffer: Option<wgpu::Buffer>,
    /// Its size in bytes (0 before the first write).
    capacity: u64,
}

impl GrowingBuffer {
    /// No buffer yet; the first write makes one, for `usage`.
    pub(crate) fn new(label: &'static str, usage: wgpu::BufferUsages) -> GrowingBuffer {
        GrowingBuffer {
            label,
            usage: usage | wgpu::BufferUsages::COPY_DST,
            buffer: None,
            capacity: 0,
        }
    }

    /// Writes `data` at the start of the buffer, first growing it (to the
    /// next power of two at least twice the old size) if it is too small.
    /// Returns true when a new buffer had to be created.
    pub(crate) fn write(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        data: &[u8],
    ) -> bool {
        // write_buffer needs a multiple of 4 bytes; vertices (24 bytes) and
        // u32 indices always are.
        let needed = (data.len() as u64).max(wgpu::COPY_BUFFER_ALIGNMENT);
        let mut created = false;
        if self.buffer.is_none() || needed > self.capacity {
            let capacity = needed.next_power_of_two().max(self.capacity * 2).max(1024);
            self.buffer = Some(device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(self.label),
                size: capacity,
                usage: self.usage,
                mapped_at_creation: false,
            }));
            self.capacity = capacity;
            created = true;
        }
        if !data.is_empty()
            && let Some(buffer) = &self.buffer
        {
            queue.write_buffer(buffer, 0, data);
        }
        created
    }

    /// The buffer, if anything was written yet.
    pub(crate) fn buffer(&self) -> Option<&wgpu::Buffer> {
        self.buffer.as_ref()
    }

    /// How many bytes it holds now.
    pub(crate) fn capacity(&self) -> u64 {
        self.capacity
    }
}
