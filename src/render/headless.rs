//! Rendering without a window: the same [`Renderer`] into an offscreen
//! sRGB texture, read back into an image. Tests and screenshots use it;
//! what it returns is what a window of that size and scale would show.

use super::{RenderError, RenderStats, Renderer, TargetSize, best_sample_count};
use crate::draw::DrawList;

/// The offscreen format: 8-bit sRGB, the same family as a window's sRGB
/// surface (`Bgra8UnormSrgb` differs only in byte order, which the
/// renderer never sees), so the read-back bytes are the sRGB colors shown.
pub const HEADLESS_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8UnormSrgb;

/// The texture rendered into (and copied out of), kept while its size stays.
struct Offscreen {
    /// The texture, in [`HEADLESS_FORMAT`].
    texture: wgpu::Texture,
    /// The view the renderer draws into.
    view: wgpu::TextureView,
    /// Its width in pixels.
    width: u32,
    /// Its height in pixels.
    height: u32,
}

/// A headless device and renderer that renders draw lists into RGBA
/// images; reusable across many renders of any sizes (the target texture
/// and read-back buffer are remade only when the size grows or changes).
pub struct Headless {
    /// The adapter, for its name.
    adapter: wgpu::Adapter,
    /// The device everything lives on.
    device: wgpu::Device,
    /// Its queue.
    queue: wgpu::Queue,
    /// The renderer, for [`HEADLESS_FORMAT`].
    renderer: Renderer,
    /// The last size's target texture.
    target: Option<Offscreen>,
    /// The mappable buffer the image is copied into, and its size in bytes.
    readback: Option<(wgpu::Buffer, u64)>,
}

impl Headless {
    /// Finds an adapter (honouring `WGPU_BACKEND`, `WGPU_ADAPTER_NAME` and the
    /// other wgpu environment variables; a software adapter such as
    /// llvmpipe will do), opens a device on it and makes a renderer with 4x
    /// MSAA where the adapter supports it. [`RenderError::NoAdapter`] if
    /// there is none.
    pub fn new() -> Result<Headless, RenderError> {
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let adapter = crate::adapter::pick_adapter(&instance, None, Default::default())
            .map_err(RenderError::NoAdapter)?;
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("sat headless device"),
            required_limits: wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
            ..Default::default()
        }))
        .map_err(|e| RenderError::Device(e.to_string()))?;
        let samples = best_sample_count(&adapter, HEADLESS_FORMAT);
        let renderer = Renderer::new(&device, &queue, HEADLESS_FORMAT, samples);
        Ok(Headless {
            adapter,
            device,
            queue,
            renderer,
            target: None,
            readback: None,
        })
    }

    /// The adapter's name and backend, e.g. "llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan)".
    pub fn adapter_name(&self) -> String {
        let info = self.adapter.get_info();
        format!("{} ({:?})", info.name, info.backend)
    }

    /// The MSAA sample count it renders with.
    pub fn sample_count(&self) -> u32 {
        self.renderer.sample_count()
    }

    /// Its device, queue and renderer, to drive [`Renderer::prepare`] and
    /// [`Renderer::encode`] directly (a benchmark of the CPU side of a
    /// frame, or rendering into a texture of one's own in the
    /// [`HEADLESS_FORMAT`]).
    pub fn parts(&mut self) -> (&wgpu::Device, &wgpu::Queue, &mut Renderer) {
        (&self.device, &self.queue, &mut self.renderer)
    }

    /// What its renderer has done so far.
    pub fn stats(&self) -> RenderStats {
        self.renderer.stats()
    }

    /// Renders `list` into an image `logical_width` x `logical_height`
    /// logical pixels big at `scale_factor`, so the image is that times the
    /// scale factor (rounded) in pixels. The bytes are sRGB. A zero-sized
    /// image is returned as is, with nothing drawn.
    pub fn render(
        &mut self,
        list: &DrawList,
        logical_width: u32,
        logical_height: u32,
        scale_factor: f32,
    ) -> Result<image::RgbaImage, RenderError> {
        let target = TargetSize::from_logical(logical_width, logical_height, scale_factor);
        target.check_scale()?;
        let max = self.device.limits().max_texture_dimension_2d;
        if target.width > max || target.height > max {
            return Err(RenderError::InvalidTarget(format!(
                "{}x{} px is over the device's limit of {max} px a side",
                target.width, target.height
            )));
        }
        if target.is_empty() {
            // Still check the list, so a bad list is an error at any size.
            self.renderer
                .prepare(&self.device, &self.queue, list, target)?;
            return Ok(image::RgbaImage::new(target.width, target.height));
        }
        // Errors the device reports (instead of panicking in wgpu's default
        // handler) come back as RenderError::Device.
        let out_of_memory = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let validation = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let pixels = self.draw_and_read(list, target);
        let validation = pollster::block_on(validation.pop());
        let out_of_memory = pollster::block_on(out_of_memory.pop());
        if let Some(error) = validation.or(out_of_memory) {
            return Err(RenderError::Device(error.to_string()));
        }
        let pixels = pixels?;
        image::RgbaImage::from_raw(target.width, target.height, pixels)
            .ok_or_else(|| RenderError::Device("read-back image has the wrong size".to_owned()))
    }

    /// Prepares and encodes `list` into the offscreen texture, copies it
    /// out and returns its rows of RGBA bytes, unpadded.
    fn draw_and_read(
        &mut self,
        list: &DrawList,
        target: TargetSize,
    ) -> Result<Vec<u8>, RenderError> {
        let (width, height) = (target.width, target.height);
        self.renderer
            .prepare(&self.device, &self.queue, list, target)?;
        let (texture, view) = self.offscreen(width, height);
        // Rows of a texture-to-buffer copy start on 256-byte boundaries.
        let row = width as u64 * 4;
        let padded_row = row.div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT as u64)
            * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT as u64;
        let readback = self.readback_buffer(padded_row * height as u64);
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("sat headless frame"),
            });
        self.renderer
            .encode(&self.device, &mut encoder, &view, target);
        encoder.copy_texture_to_buffer(
            texture.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(padded_row as u32),
                    rows_per_image: Some(height),
                },
            },
            wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
        self.queue.submit(Some(encoder.finish()));

        let slice = readback.slice(..padded_row * height as u64);
        let (sender, receiver) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |result| {
            let _ = sender.send(result);
        });
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| RenderError::Device(e.to_string()))?;
        receiver
            .recv()
            .map_err(|_| RenderError::Device("the read-back was never mapped".to_owned()))?
            .map_err(|e| RenderError::Device(e.to_string()))?;
        let mut pixels = Vec::with_capacity((row * height as u64) as usize);
        {
            let mapped = slice
                .get_mapped_range()
                .map_err(|e| RenderError::Device(e.to_string()))?;
            for y in 0..height as usize {
                let start = y * padded_row as usize;
                pixels.extend_from_slice(&mapped[start..start + row as usize]);
            }
        }
        readback.unmap();
        Ok(pixels)
    }

    /// The offscreen target for this size, reused while the size stays.
    fn offscreen(&mut self, width: u32, height: u32) -> (wgpu::Texture, wgpu::TextureView) {
        let reuse = matches!(&self.target, Some(t) if t.width == width && t.height == height);
        if !reuse {
            let texture = self.device.create_texture(&wgpu::TextureDescriptor {
                label: Some("sat headless target"),
                size: wgpu::Extent3d {
                    width,
                    height,
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: HEADLESS_FORMAT,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
                view_formats: &[],
            });
            let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
            self.target = Some(Offscreen {
                texture,
                view,
                width,
                height,
            });
        }
        let target = self.target.as_ref().expect("just made");
        (target.texture.clone(), target.view.clone())
    }

    /// A mappable buffer of at least `size` bytes, grown by doubling.
    fn readback_buffer(&mut self, size: u64) -> wgpu::Buffer {
        match &self.readback {
            Some((buffer, capacity)) if *capacity >= size => buffer.clone(),
            _ => {
                let capacity = size
                    .next_power_of_two()
                    .max(self.readback.as_ref().map_or(0, |r| r.1 * 2));
                let buffer = self.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("sat headless read-back"),
                    size: capacity,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                self.readback = Some((buffer.clone(), capacity));
                buffer
            }
        }
    }
}

/// Renders one draw list into an image with a one-shot [`Headless`] (a
/// new device each call: use a [`Headless`] to render many).
pub fn render_to_image(
    list: &DrawList,
    logical_width: u32,
    logical_height: u32,
    scale_factor: f32,
) -> Result<image::RgbaImage, RenderError> {
    Headless::new()?.render(list, logical_width, logical_height, scale_factor)
}
