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
//! On a real GPU (an NVIDIA H200, README's "The GPU path") the kernel is
//! the small part: 0.05 ns a pair, against about 2 ns to pack a pair and 1
//! to read its result back on the host's 16 cores, and a floor of about
//! 0.15 ms a call. A batch pays on the GPU when it is large, or when the
//! CPU's cores have other work.
//!
//! [`Polygon::placed`]: crate::sat::Polygon::placed

mod buffers;
mod driver_lock;
mod error;
mod guard;
mod run;
mod table;
mod timing;

use std::sync::Arc;
use std::time::Instant;

pub use error::{DeviceRefused, GpuError};
pub use timing::GpuTiming;

use crate::batch::{self, Pair, Shape};
use crate::sat::SatResult;
use buffers::{STAMP_BYTES, ShapeBuffers, Slot};
use guard::{Note, Scopes};
use table::{GpuPair, GpuShape, HIT_BYTES, ShapeTable};

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
    /// The driver's turn while the collider is dropped (see
    /// `driver_lock`): taken by `drop`, and declared last so that it is
    /// given back only after every field above, the device too, is gone.
    dropping: Option<driver_lock::Turn>,
}

impl Drop for GpuCollider {
    fn drop(&mut self) {
        self.dropping = Some(driver_lock::take());
    }
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
    ///
    /// The collider's own work on the device takes the driver's turn (see
    /// [`collide`](GpuCollider::collide)); what you do on the device
    /// yourself does not, so on NVIDIA's driver keep your device's other
    /// work and its drop from overlapping another collider's.
    pub fn new(device: wgpu::Device, queue: wgpu::Queue) -> Result<GpuCollider, GpuError> {
        let _turn = driver_lock::take();
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
        // Held until the instance and adapter handles here are dropped too.
        let _turn = driver_lock::take();
        let instance = wgpu::Instance::new(desc);
        let adapter =
            crate::adapter::pick_adapter(&instance, None, wgpu::PowerPreference::HighPerformance)
                .map_err(GpuError::NoAdapter)?;
        let features = adapter.features() & wgpu::Features::TIMESTAMP_QUERY;
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("sat_batch"),
            required_features: features,
            required_limits: adapter.limits(),
            ..Default::default()
        }))
        .map_err(|e| GpuError::RequestDevice(DeviceRefused(e)))?;
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
            dropping: None,
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
    /// The batch is checked as [`batch::validate`] checks it: the shapes
    /// first, and each chunk's pairs by the threads that pack them, before
    /// that chunk is sent (so the pairs are read once, not twice). A bad
    /// batch gets [`GpuError::Batch`] with the error `batch::validate`
    /// gives, for its first bad pair; chunks before that pair's may have
    /// run, but their results are dropped. On any error `out` is left
    /// empty.
    ///
    /// Colliders in one process take turns with the GPU driver: while one
    /// runs a batch, is made or is dropped, another waits (on NVIDIA's
    /// driver, two devices busy at once could deadlock each other).
    pub fn collide(
        &mut self,
        shapes: &[Shape],
        pairs: &[Pair],
        out: &mut Vec<SatResult>,
    ) -> Result<(), GpuError> {
        out.clear();
        let mut turn = Some(driver_lock::take());
        let start = Instant::now();
        self.timing = GpuTiming {
            pairs: pairs.len(),
            timestamps: self.tick_ns.is_some(),
            ..GpuTiming::default()
        };
        self.check_lost()?;
        batch::validate_shapes(shapes)?;
        let result = if pairs.is_empty() {
            Ok(())
        } else {
            self.run(shapes, pairs, out, &mut turn)
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
}

/// The kernel's WGSL structs have these sizes.
const _: () = assert!(size_of::<GpuShape>() == 16 && size_of::<GpuPair>() == 40);
