//! SAT on the GPU: a WGSL compute path for millions of pairs, with the same
//! answers as [`batch::collide`](crate::batch::collide()).
//!
//! [`GpuCollider`] takes the batch engine's inputs (a shape table and placed
//! pairs) and runs one pair per GPU invocation (`shaders/sat_batch.wgsl`).
//! Each shape's geometry is done once, on the CPU, in its own frame: its
//! corners, its distinct edge normals (the axes; a box has 2), and its own
//! shadow on each. The kernel then works in one shape's frame, so that only
//! the other shape's corners are projected. The poses' turns are taken as
//! cosine and sine on the CPU, exactly as [`Polygon::placed`] takes them,
//! so both engines turn corners by the same numbers; what differs is f32
//! rounding in the kernel, far below the shapes' size.
//!
//! A large batch is split into chunks that fit the device's limits (the
//! largest storage binding, the most workgroups in a dispatch). Chunks go
//! through two sets of buffers in turn: while chunk k computes, chunk k-1's
//! results are mapped and read back, and chunk k+1 is put on the queue.
//!
//! [`Polygon::placed`]: crate::sat::Polygon::placed

mod buffers;
mod error;
mod table;
mod timing;

use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

pub use error::GpuError;
pub use timing::GpuTiming;

use crate::batch::{self, Pair, Shape};
use crate::sat::SatResult;
use buffers::{STAMP_BYTES, STAMPS, ShapeBuffers, Slot};
use table::{GpuPair, GpuShape, HIT_BYTES, ShapeTable, unpack_hits, write_pairs};

/// The kernel's source.
const SHADER: &str = include_str!("../../shaders/sat_batch.wgsl");

/// Invocations per workgroup (the kernel's `@workgroup_size`).
const WORKGROUP: usize = 64;

/// Pairs per chunk unless [`GpuCollider::set_chunk_pairs`] says otherwise:
/// 40 MiB of pairs, enough to keep a large GPU busy, small enough that
/// upload, compute and read-back of neighbouring chunks overlap.
const DEFAULT_CHUNK: usize = 1 << 20;

/// The separating axis test for a batch of pairs on a GPU.
///
/// Made on a device of yours with [`GpuCollider::new`], or on its own with
/// [`GpuCollider::new_headless`]. The buffers it runs through are kept
/// between calls and grow when a batch needs more.
///
/// ```no_run
/// use sat_visualizer::batch::{Pair, Pose, Shape};
/// use sat_visualizer::gpu::GpuCollider;
/// use sat_visualizer::sat::{Polygon, Vec2};
///
/// let shapes = [
///     Shape::Polygon(Polygon::rectangle(140.0, 90.0)?),
///     Shape::Polygon(Polygon::regular(5, 80.0)?),
/// ];
/// let pairs = [Pair {
///     a: 0,
///     pose_a: Pose { position: Vec2::new(100.0, 20.0), angle: 0.3 },
///     b: 1,
///     pose_b: Pose::default(),
/// }];
/// let mut gpu = GpuCollider::new_headless()?;
/// let mut out = Vec::new();
/// gpu.collide(&shapes, &pairs, &mut out)?;
/// assert!(out[0].overlapping);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GpuCollider {
    device: wgpu::Device,
    queue: wgpu::Queue,
    adapter_name: String,
    pipeline: wgpu::ComputePipeline,
    layout: wgpu::BindGroupLayout,
    /// Nanoseconds per timestamp tick, when the device takes timestamps.
    tick_ns: Option<f64>,
    /// Set by the device-lost callback (headless devices only).
    lost: Note,
    /// An error no error scope caught (headless devices only; on yours,
    /// your handler gets it).
    uncaught: Note,
    /// The most pairs one chunk may have on this device.
    device_chunk: usize,
    chunk_pairs: usize,
    /// Threads that pack pairs for upload.
    threads: usize,
    table: ShapeTable,
    /// The shapes whose table is on the GPU now.
    uploaded: Option<Vec<Shape>>,
    shape_buffers: Option<ShapeBuffers>,
    slots: Vec<Slot>,
    timing: GpuTiming,
}

impl std::fmt::Debug for GpuCollider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuCollider")
            .field("adapter", &self.adapter_name)
            .field("chunk_pairs", &self.chunk_pairs())
            .field("timestamps", &self.tick_ns.is_some())
            .finish_non_exhaustive()
    }
}

impl GpuCollider {
    /// A collider on your device and queue (clones of wgpu's handles, which
    /// are cheap). It installs no callbacks on the device; it uses
    /// timestamp queries if the device was made with `TIMESTAMP_QUERY`.
    /// Fails with [`GpuError::Gpu`] if the device refuses the kernel.
    pub fn new(device: wgpu::Device, queue: wgpu::Queue) -> Result<GpuCollider, GpuError> {
        GpuCollider::build(device, queue, Note::default(), Note::default())
    }

    /// A collider on a device of its own, on the first high-performance
    /// adapter wgpu finds (the `WGPU_BACKEND`, `WGPU_ADAPTER_NAME` and
    /// other wgpu environment variables apply), with the adapter's largest
    /// buffer limits and its timestamp queries when it has them.
    pub fn new_headless() -> Result<GpuCollider, GpuError> {
        let desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        GpuCollider::headless(desc)
    }

    /// Like [`GpuCollider::new_headless`], but only on the given backends
    /// (for example `wgpu::Backends::VULKAN`).
    pub fn new_headless_with(backends: wgpu::Backends) -> Result<GpuCollider, GpuError> {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        desc.backends = backends;
        GpuCollider::headless(desc)
    }

    fn headless(desc: wgpu::InstanceDescriptor) -> Result<GpuCollider, GpuError> {
        let instance = wgpu::Instance::new(desc);
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            ..Default::default()
        }))
        .map_err(|e| GpuError::NoAdapter(e.to_string()))?;
        let features = adapter.features() & wgpu::Features::TIMESTAMP_QUERY;
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("sat_batch"),
            required_features: features,
            required_limits: adapter.limits(),
            ..Default::default()
        }))
        .map_err(|e| GpuError::RequestDevice(e.to_string()))?;
        let (lost, uncaught) = (Note::default(), Note::default());
        let flag = lost.clone();
        device.set_device_lost_callback(move |reason, message| {
            flag.set(format!("{reason:?}: {message}"));
        });
        // Anything no error scope caught is kept for the call that made
        // it, not turned into a panic (wgpu's default).
        let flag = uncaught.clone();
        device.on_uncaptured_error(Arc::new(move |error| flag.set(error.to_string())));
        GpuCollider::build(device, queue, lost, uncaught)
    }

    fn build(
        device: wgpu::Device,
        queue: wgpu::Queue,
        lost: Note,
        uncaught: Note,
    ) -> Result<GpuCollider, GpuError> {
        let scopes = Scopes::push(&device);
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("sat_batch.wgsl"),
            source: wgpu::ShaderSource::Wgsl(SHADER.into()),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("sat_batch"),
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let layout = pipeline.get_bind_group_layout(0);
        if let Some(e) = scopes.pop() {
            return Err(e);
        }
        let limits = device.limits();
        let binding = limits
            .max_storage_buffer_binding_size
            .min(limits.max_buffer_size);
        let device_chunk = (binding / size_of::<GpuPair>() as u64)
            .min((limits.max_buffer_size - STAMP_BYTES) / HIT_BYTES as u64)
            .min(limits.max_compute_workgroups_per_dimension as u64 * WORKGROUP as u64)
            .max(1) as usize;
        let tick_ns = device
            .features()
            .contains(wgpu::Features::TIMESTAMP_QUERY)
            .then(|| queue.get_timestamp_period() as f64);
        Ok(GpuCollider {
            adapter_name: device.adapter_info().name,
            device,
            queue,
            pipeline,
            layout,
            tick_ns,
            lost,
            uncaught,
            device_chunk,
            chunk_pairs: DEFAULT_CHUNK,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            table: ShapeTable::default(),
            uploaded: None,
            shape_buffers: None,
            slots: Vec::new(),
            timing: GpuTiming::default(),
        })
    }

    /// The adapter's name, as its driver gives it (for example
    /// "llvmpipe (LLVM 15.0.6, 256 bits)" or "NVIDIA H200").
    pub fn adapter_name(&self) -> &str {
        &self.adapter_name
    }

    /// The device the kernel runs on (its own, for a headless collider).
    pub fn device(&self) -> &wgpu::Device {
        &self.device
    }

    /// Where the time of the last [`collide`](GpuCollider::collide) went.
    pub fn last_timing(&self) -> GpuTiming {
        self.timing
    }

    /// The most pairs one chunk may have on this device: what its largest
    /// storage binding and its largest dispatch allow.
    pub fn max_chunk_pairs(&self) -> usize {
        self.device_chunk
    }

    /// How many pairs go in one chunk: the number last set, within what the
    /// device allows.
    pub fn chunk_pairs(&self) -> usize {
        self.chunk_pairs.min(self.device_chunk)
    }

    /// Splits batches into chunks of at most `pairs` pairs (at least 1, at
    /// most [`max_chunk_pairs`](GpuCollider::max_chunk_pairs)). The answers
    /// do not depend on it; smaller chunks overlap more finely, larger ones
    /// have less overhead per pair.
    pub fn set_chunk_pairs(&mut self, pairs: usize) {
        self.chunk_pairs = pairs.max(1);
    }

    /// The test for every pair: clears `out` and fills it with one result
    /// per pair, in order, the same as [`batch::collide`] gives (within f32
    /// rounding, far below the shapes' size).
    ///
    /// The batch is checked whole first ([`batch::validate`]); a bad one
    /// gets [`GpuError::Batch`] and nothing runs. On any error `out` is left
    /// empty.
    pub fn collide(
        &mut self,
        shapes: &[Shape],
        pairs: &[Pair],
        out: &mut Vec<SatResult>,
    ) -> Result<(), GpuError> {
        out.clear();
        let start = Instant::now();
        self.timing = GpuTiming {
            pairs: pairs.len(),
            timestamps: self.tick_ns.is_some(),
            ..GpuTiming::default()
        };
        self.check_lost()?;
        batch::validate(shapes, pairs)?;
        let result = if pairs.is_empty() {
            Ok(())
        } else {
            self.run(shapes, pairs, out)
        }
        .and_then(|()| match self.uncaught.take() {
            Some(why) => Err(GpuError::Gpu(why)),
            None => Ok(()),
        });
        self.timing.total = start.elapsed();
        if let Err(e) = result {
            out.clear();
            // The buffers may be left mapped or waiting: start afresh.
            self.slots.clear();
            self.uploaded = None;
            // A lost device's callback runs when the device is polled.
            let _ = self.poll(wgpu::PollType::Poll);
            self.check_lost()?;
            return Err(e);
        }
        Ok(())
    }

    fn check_lost(&self) -> Result<(), GpuError> {
        match self.lost.get() {
            Some(why) => Err(GpuError::DeviceLost(why)),
            None => Ok(()),
        }
    }

    fn run(
        &mut self,
        shapes: &[Shape],
        pairs: &[Pair],
        out: &mut Vec<SatResult>,
    ) -> Result<(), GpuError> {
        out.reserve(pairs.len());
        let scopes = Scopes::push(&self.device);
        let result = self.run_chunks(shapes, pairs, out);
        match (scopes.pop(), result) {
            (Some(e), _) => Err(e),
            (None, r) => r,
        }
    }

    fn run_chunks(
        &mut self,
        shapes: &[Shape],
        pairs: &[Pair],
        out: &mut Vec<SatResult>,
    ) -> Result<(), GpuError> {
        let t = Instant::now();
        self.upload_shapes(shapes)?;
        let chunk = self.chunk_pairs().min(pairs.len());
        self.prepare_slots(chunk);
        self.timing.add_upload_cpu(t.elapsed());

        // (slot, pairs, submission) of the chunk in flight.
        let mut in_flight: Option<(usize, usize, wgpu::SubmissionIndex)> = None;
        for (k, part) in pairs.chunks(chunk).enumerate() {
            let index = k % 2;
            let t = Instant::now();
            self.fill_upload(index, part)?;
            let slot = &self.slots[index];
            let count = [part.len() as u32, 0, 0, 0];
            self.queue
                .write_buffer(&slot.params, 0, bytemuck::cast_slice(&count));
            self.timing.add_upload_cpu(t.elapsed());

            let commands = self.encode(slot, part.len());
            let submitted = Instant::now();
            let submission = self.queue.submit([commands]);
            if self.tick_ns.is_none() {
                // No timestamps: the kernel's time is how long the GPU takes
                // to finish the submission (so chunks do not overlap).
                self.wait(submission.clone())?;
                self.timing.compute += submitted.elapsed();
            }
            if let Some(previous) = in_flight.replace((index, part.len(), submission)) {
                self.read_back(previous, out)?;
            }
            self.timing.chunks += 1;
        }
        if let Some(last) = in_flight {
            self.read_back(last, out)?;
        }
        Ok(())
    }

    /// The commands for one chunk: the pairs copied from the upload buffer,
    /// the kernel, the results copied to the staging buffer; and when the
    /// device can, a timestamp between each step (empty passes carry those
    /// before and after the copies) and the timestamps copied out too.
    fn encode(&self, slot: &Slot, count: usize) -> wgpu::CommandBuffer {
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("sat_batch"),
            });
        let stamps = |begin: Option<u32>, end: Option<u32>| {
            slot.stamps
                .as_ref()
                .map(|(set, _)| wgpu::ComputePassTimestampWrites {
                    query_set: set,
                    beginning_of_pass_write_index: begin,
                    end_of_pass_write_index: end,
                })
        };
        let stamp_pass = |encoder: &mut wgpu::CommandEncoder, begin, end| {
            if slot.stamps.is_some() {
                drop(encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some("sat_batch timestamp"),
                    timestamp_writes: stamps(begin, end),
                }));
            }
        };
        stamp_pass(&mut encoder, None, Some(0));
        let pair_bytes = (count * size_of::<GpuPair>()) as u64;
        encoder.copy_buffer_to_buffer(&slot.upload, 0, &slot.pairs, 0, pair_bytes);
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("sat_batch"),
                timestamp_writes: stamps(Some(1), Some(2)),
            });
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, slot.bind.as_ref(), &[]);
            pass.dispatch_workgroups(count.div_ceil(WORKGROUP) as u32, 1, 1);
        }
        let bytes = (count * HIT_BYTES) as u64;
        encoder.copy_buffer_to_buffer(&slot.hits, 0, &slot.staging, STAMP_BYTES, bytes);
        stamp_pass(&mut encoder, Some(3), None);
        if let Some((set, resolve)) = &slot.stamps {
            encoder.resolve_query_set(set, 0..STAMPS, resolve, 0);
            encoder.copy_buffer_to_buffer(resolve, 0, &slot.staging, 0, STAMP_BYTES);
        }
        encoder.finish()
    }

    /// Packs a chunk's pairs into its slot's upload buffer, once the GPU
    /// has given that buffer back.
    fn fill_upload(&mut self, index: usize, part: &[Pair]) -> Result<(), GpuError> {
        self.await_upload(index)?;
        let slot = &mut self.slots[index];
        let bytes = (part.len() * size_of::<GpuPair>()) as u64;
        {
            let mut view = slot
                .upload
                .slice(0..bytes)
                .get_mapped_range_mut()
                .map_err(|e| GpuError::Gpu(format!("the pairs could not be written: {e}")))?;
            write_pairs(part, view.slice(..), self.threads);
        }
        slot.upload.unmap();
        slot.upload_mapped = false;
        Ok(())
    }

    /// Waits until a slot's upload buffer is mapped again (asked for when
    /// its last chunk was read back, so usually it already is).
    fn await_upload(&mut self, index: usize) -> Result<(), GpuError> {
        for attempt in 0..16 {
            let slot = &mut self.slots[index];
            if slot.upload_mapped {
                return Ok(());
            }
            let Some(remap) = &slot.upload_remap else {
                return Err(GpuError::Gpu(
                    "the upload buffer was never given back".into(),
                ));
            };
            match remap.try_recv() {
                Ok(Ok(())) => {
                    slot.upload_mapped = true;
                    slot.upload_remap = None;
                    return Ok(());
                }
                Ok(Err(e)) => {
                    return Err(GpuError::Gpu(format!(
                        "the upload buffer could not be mapped: {e}"
                    )));
                }
                Err(mpsc::TryRecvError::Disconnected) => {
                    return Err(GpuError::Gpu("the upload buffer was never mapped".into()));
                }
                Err(mpsc::TryRecvError::Empty) if attempt < 8 => self.poll(wgpu::PollType::Poll)?,
                Err(mpsc::TryRecvError::Empty) => self.poll(wgpu::PollType::wait_indefinitely())?,
            }
        }
        Err(GpuError::Gpu("the upload buffer was never mapped".into()))
    }

    /// Waits until the GPU has finished `submission`.
    fn wait(&self, submission: wgpu::SubmissionIndex) -> Result<(), GpuError> {
        self.poll(wgpu::PollType::Wait {
            submission_index: Some(submission),
            timeout: None,
        })
    }

    /// Polls the device, with its failures as errors. wgpu 30's
    /// `Device::poll` panics when the device fails while it waits (a lost
    /// device) instead of returning the error; that panic is caught here
    /// and becomes [`GpuError::DeviceLost`].
    fn poll(&self, how: wgpu::PollType) -> Result<(), GpuError> {
        let device = &self.device;
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| device.poll(how))) {
            Ok(Ok(_)) => Ok(()),
            // Every index waited on came from `submit`; one that never
            // became a submission was refused with no validation error
            // (those are caught by the error scopes), which is what a lost
            // or destroyed device does.
            Ok(Err(wgpu::PollError::WrongSubmissionIndex(..))) => Err(GpuError::DeviceLost(
                "the device took no more work (it was destroyed or lost)".into(),
            )),
            Ok(Err(e)) => Err(GpuError::Gpu(format!("waiting for the GPU failed: {e}"))),
            Err(panic) => {
                let why = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "the driver failed while the GPU worked".into());
                Err(GpuError::DeviceLost(why))
            }
        }
    }

    /// Maps a finished chunk's staging buffer and appends its results.
    fn read_back(
        &mut self,
        (index, count, submission): (usize, usize, wgpu::SubmissionIndex),
        out: &mut Vec<SatResult>,
    ) -> Result<(), GpuError> {
        // The chunk's pairs are used up once it is done: ask for its upload
        // buffer back now, so that the same wait delivers it.
        let (tx, remap) = mpsc::channel();
        let slot = &mut self.slots[index];
        slot.upload
            .slice(..)
            .map_async(wgpu::MapMode::Write, move |r| {
                let _ = tx.send(r);
            });
        slot.upload_remap = Some(remap);
        let slot = &self.slots[index];
        let slice = slot
            .staging
            .slice(0..STAMP_BYTES + (count * HIT_BYTES) as u64);
        let (tx, rx) = mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        self.wait(submission)?;
        // The map is ready once its submission is done; a few more polls
        // cover a driver that signals it late.
        let mut mapped = rx.try_recv();
        for attempt in 0..16 {
            if mapped.is_ok() {
                break;
            }
            if attempt < 8 {
                self.poll(wgpu::PollType::Poll)?;
            } else {
                self.poll(wgpu::PollType::wait_indefinitely())?;
            }
            mapped = rx.try_recv();
        }
        match mapped {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                return Err(GpuError::Gpu(format!(
                    "the results could not be mapped: {e}"
                )));
            }
            Err(_) => return Err(GpuError::Gpu("the results were never mapped".into())),
        }
        let t = Instant::now();
        {
            let view = slice
                .get_mapped_range()
                .map_err(|e| GpuError::Gpu(format!("the results could not be read: {e}")))?;
            if let Some(tick_ns) = self.tick_ns {
                let stamp = |i: usize| {
                    u64::from_ne_bytes(view[8 * i..8 * i + 8].try_into().unwrap_or([0; 8]))
                };
                let span = |from: usize| {
                    let ticks = stamp(from + 1).saturating_sub(stamp(from));
                    Duration::from_secs_f64(ticks as f64 * tick_ns * 1e-9)
                };
                self.timing.upload += span(0);
                self.timing.compute += span(1);
                self.timing.readback += span(2);
            }
            unpack_hits(&view[STAMP_BYTES as usize..], out);
        }
        slot.staging.unmap();
        self.timing.add_readback_cpu(t.elapsed());
        Ok(())
    }

    /// Puts the shape table on the GPU, unless these very shapes are there
    /// already.
    fn upload_shapes(&mut self, shapes: &[Shape]) -> Result<(), GpuError> {
        if self.uploaded.as_deref() == Some(shapes) {
            return Ok(());
        }
        self.table.build(shapes);
        let shape_bytes: &[u8] = bytemuck::cast_slice(&self.table.shapes);
        let data_bytes: &[u8] = bytemuck::cast_slice(&self.table.data);
        let limit = self.device.limits().max_storage_buffer_binding_size;
        if shape_bytes.len().max(data_bytes.len()) as u64 > limit {
            return Err(GpuError::Gpu(format!(
                "the shape table needs {} bytes, more than this device binds at once ({limit})",
                shape_bytes.len().max(data_bytes.len())
            )));
        }
        let (shape_len, data_len) = (shape_bytes.len() as u64, data_bytes.len() as u64);
        if !self
            .shape_buffers
            .as_ref()
            .is_some_and(|b| b.fits(shape_len, data_len))
        {
            let grown = |n: u64| n.next_power_of_two().min(limit);
            self.shape_buffers = Some(ShapeBuffers::new(
                &self.device,
                grown(shape_len),
                grown(data_len),
            ));
            // The slots' bind groups name the old buffers.
            for slot in &mut self.slots {
                slot.bind = None;
            }
        }
        if let Some(buffers) = &self.shape_buffers {
            self.queue.write_buffer(&buffers.shapes, 0, shape_bytes);
            self.queue.write_buffer(&buffers.data, 0, data_bytes);
        }
        self.uploaded = Some(shapes.to_vec());
        Ok(())
    }

    /// Makes sure both slots hold `chunk` pairs and have their bind groups.
    fn prepare_slots(&mut self, chunk: usize) {
        let timestamps = self.tick_ns.is_some();
        if self.slots.iter().any(|s| s.capacity < chunk) || self.slots.len() < 2 {
            let capacity = chunk
                .next_power_of_two()
                .max(1024)
                .min(self.device_chunk)
                .max(chunk);
            self.slots = (0..2)
                .map(|_| Slot::new(&self.device, capacity, timestamps))
                .collect();
        }
        if let Some(shapes) = &self.shape_buffers {
            for slot in &mut self.slots {
                if slot.bind.is_none() {
                    slot.bind = Some(buffers::bind(&self.device, &self.layout, shapes, slot));
                }
            }
        }
    }
}

/// A message a wgpu callback leaves for the collider (the first one, if
/// several come).
#[derive(Clone, Default)]
struct Note(Arc<Mutex<Option<String>>>);

impl Note {
    fn set(&self, message: String) {
        // A poisoned lock still holds its note: a panic elsewhere cannot
        // make this one fail.
        let mut slot = self.0.lock().unwrap_or_else(|e| e.into_inner());
        slot.get_or_insert(message);
    }

    fn get(&self) -> Option<String> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn take(&self) -> Option<String> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// Error scopes around a stretch of GPU work, so that wgpu's complaints
/// come back as a [`GpuError`] instead of a panic.
struct Scopes {
    guards: Vec<wgpu::ErrorScopeGuard>,
}

impl Scopes {
    fn push(device: &wgpu::Device) -> Scopes {
        let filters = [
            wgpu::ErrorFilter::Validation,
            wgpu::ErrorFilter::OutOfMemory,
            wgpu::ErrorFilter::Internal,
        ];
        Scopes {
            guards: filters
                .into_iter()
                .map(|f| device.push_error_scope(f))
                .collect(),
        }
    }

    /// Pops the scopes, innermost first; the first error any caught.
    fn pop(mut self) -> Option<GpuError> {
        let mut first = None;
        while let Some(guard) = self.guards.pop() {
            if let Some(e) = pollster::block_on(guard.pop()) {
                first.get_or_insert(GpuError::Gpu(e.to_string()));
            }
        }
        first
    }
}

/// The size of one shape header, for sizing its buffer.
const _: () = assert!(size_of::<GpuShape>() == 16 && size_of::<GpuPair>() == 40);
