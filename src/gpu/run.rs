//! The run of one batch: chunk by chunk through the two slots, each
//! chunk's pairs packed into a mapped upload buffer, copied to the GPU,
//! tested by the kernel, and copied back to a staging buffer to be mapped
//! and read. While chunk k computes, chunk k-1 is read back and chunk k+1
//! packed.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::buffers::{self, STAMP_BYTES, STAMPS, ShapeBuffers, Slot};
use super::driver_lock::{self, Turn};
use super::guard::Scopes;
use super::table::{GpuPair, HIT_BYTES, unpack_hits, write_pairs};
use super::{GpuCollider, GpuError, WORKGROUP};
use crate::batch::{Pair, Shape};
use crate::sat::SatResult;

impl GpuCollider {
    /// Runs a checked, non-empty batch inside error scopes, so that what
    /// wgpu refuses comes back as an error.
    pub(super) fn run(
        &mut self,
        shapes: &[Shape],
        pairs: &[Pair],
        out: &mut Vec<SatResult>,
        turn: &mut Option<Turn>,
    ) -> Result<(), GpuError> {
        out.reserve(pairs.len());
        let scopes = Scopes::push(&self.device);
        let result = self.run_chunks(shapes, pairs, out, turn);
        match (scopes.pop(), result) {
            (Some(e), _) => Err(e),
            (None, r) => r,
        }
    }

    /// The chunks, in order: each is packed and submitted, then the one
    /// before it (done, or nearly) is read back while this one computes.
    fn run_chunks(
        &mut self,
        shapes: &[Shape],
        pairs: &[Pair],
        out: &mut Vec<SatResult>,
        turn: &mut Option<Turn>,
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
            self.fill_upload(index, part, k * chunk, shapes.len())?;
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
                self.read_back(previous, out, turn)?;
            }
            self.timing.chunks += 1;
        }
        if let Some(last) = in_flight {
            self.read_back(last, out, turn)?;
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

    /// Checks and packs a chunk's pairs (pair `first` of the batch on)
    /// into its slot's upload buffer, once the GPU has given that buffer
    /// back. A bad pair leaves the buffer mapped and the chunk unsent.
    fn fill_upload(
        &mut self,
        index: usize,
        part: &[Pair],
        first: usize,
        shape_count: usize,
    ) -> Result<(), GpuError> {
        self.await_upload(index)?;
        let slot = &mut self.slots[index];
        let bytes = (part.len() * size_of::<GpuPair>()) as u64;
        {
            let mut view = slot
                .upload
                .slice(0..bytes)
                .get_mapped_range_mut()
                .map_err(|e| GpuError::Gpu(format!("the pairs could not be written: {e}")))?;
            write_pairs(part, first, shape_count, view.slice(..), self.threads)?;
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
    pub(super) fn poll(&self, how: wgpu::PollType) -> Result<(), GpuError> {
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
        turn: &mut Option<Turn>,
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
        let waited;
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
            // Reading the results out is the CPU's work alone, and it may
            // run on rayon's threads; one that waits for its share there
            // can take up other rayon work meanwhile, another collider's
            // call among it. So the driver's turn is given back while the
            // results are read, and no such call waits for a turn held by
            // its own thread.
            drop(turn.take());
            unpack_hits(&view[STAMP_BYTES as usize..], out);
            // Waiting for another collider to give the turn back is not
            // this batch's reading out, and is left out of its timing.
            let asked = Instant::now();
            *turn = Some(driver_lock::take());
            waited = asked.elapsed();
        }
        slot.staging.unmap();
        self.timing
            .add_readback_cpu(t.elapsed().saturating_sub(waited));
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
