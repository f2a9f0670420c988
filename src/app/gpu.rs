//! A window's GPU side, the same on the desktop and on the page: its
//! surface, the device that draws into it, the renderer, and one frame.
//!
//! Like wgpu's examples framework, the app owns the window and its surface,
//! and the renderer draws in an sRGB format, so the draw list's sRGB colors
//! come out as the chapter gives them and blend in linear light. Where the
//! surface offers no sRGB format (a WebGPU canvas), the frame is drawn into
//! an sRGB texture of the same size and its bytes are copied onto the
//! surface's texture as they are: the two formats differ only in sRGB-ness,
//! so they are copy-compatible, and a copy moves the encoded bytes. (Drawing
//! through an sRGB view of the canvas instead came out dark in Chromium on
//! SwiftShader, the colors made linear and then stored without encoding.) Opening it is a future: the desktop
//! blocks on it, the page awaits it.

use std::sync::Arc;

use winit::dpi::{LogicalSize, PhysicalSize};
use winit::window::Window;

use super::error::AppError;
use crate::adapter::{NoAdapter, find_adapter};
use crate::draw::DrawList;
use crate::render::{Renderer, TargetSize, best_sample_count};
use crate::scene::Scene;

/// Everything that needs the window to exist: the surface and the device
/// that draws into it.
pub(super) struct Gpu {
    surface: wgpu::Surface<'static>,
    /// The window (on the page, its canvas) drawn into.
    pub(super) window: Arc<Window>,
    instance: wgpu::Instance,
    device: wgpu::Device,
    queue: wgpu::Queue,
    config: wgpu::SurfaceConfiguration,
    /// The sRGB format the renderer draws in: the surface's own, or the
    /// sRGB form of it that [`Gpu::staging`] has.
    render_format: wgpu::TextureFormat,
    /// Where a frame is drawn when the surface's format is not sRGB (made
    /// at each resize), copied onto the surface's texture afterwards.
    staging: Option<wgpu::Texture>,
    renderer: Renderer,
    /// The backend drawing: on the page, `Gl` (WebGL2) or `BrowserWebGpu`.
    #[cfg(target_arch = "wasm32")]
    pub(super) backend: wgpu::Backend,
}

/// The device's limits: the downlevel ones wgpu guarantees everywhere, and
/// on the page the ones WebGL2 guarantees, raised to the adapter's
/// texture size.
fn limits(adapter: &wgpu::Adapter) -> wgpu::Limits {
    #[cfg(target_arch = "wasm32")]
    let base = wgpu::Limits::downlevel_webgl2_defaults();
    #[cfg(not(target_arch = "wasm32"))]
    let base = wgpu::Limits::downlevel_defaults();
    base.using_resolution(adapter.limits())
}

impl Gpu {
    /// Makes `window`'s surface on `instance`, finds an adapter that can
    /// present to it and opens a device and a renderer for it.
    pub(super) async fn new(
        window: Arc<Window>,
        instance: wgpu::Instance,
    ) -> Result<Gpu, AppError> {
        let surface = instance
            .create_surface(window.clone())
            .map_err(|e| AppError::window("no surface for the window", e))?;
        let adapter =
            find_adapter(&instance, Some(&surface), wgpu::PowerPreference::default()).await?;
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("sat visualizer device"),
                required_limits: limits(&adapter),
                ..Default::default()
            })
            .await
            .map_err(|e| AppError::window("the GPU device could not be opened", e))?;

        let caps = surface.get_capabilities(&adapter);
        let format = caps
            .formats
            .iter()
            .copied()
            .find(|f| f.is_srgb())
            .or_else(|| caps.formats.first().copied())
            .ok_or_else(|| {
                AppError::NoAdapter(NoAdapter::CannotPresent(adapter.get_info().name))
            })?;
        // An sRGB surface is drawn into directly; a plain one through an
        // sRGB texture copied onto it, where the surface can be copied to.
        // (A WebGPU canvas always can: its configuration takes any usage,
        // though wgpu lists only RENDER_ATTACHMENT for it.)
        let copied = format.add_srgb_suffix();
        let can_copy = caps.usages.contains(wgpu::TextureUsages::COPY_DST)
            || adapter.get_info().backend == wgpu::Backend::BrowserWebGpu;
        let render_format = if copied != format && can_copy {
            copied
        } else {
            format
        };
        let size = window.inner_size();
        let config = wgpu::SurfaceConfiguration {
            usage: if render_format == format {
                wgpu::TextureUsages::RENDER_ATTACHMENT
            } else {
                wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_DST
            },
            format,
            color_space: wgpu::SurfaceColorSpace::Auto,
            width: size.width.max(1),
            height: size.height.max(1),
            present_mode: wgpu::PresentMode::AutoVsync,
            desired_maximum_frame_latency: 2,
            alpha_mode: caps
                .alpha_modes
                .first()
                .copied()
                .unwrap_or(wgpu::CompositeAlphaMode::Auto),
            view_formats: vec![],
        };
        let samples = best_sample_count(&adapter, render_format);
        let renderer = Renderer::new(&device, &queue, render_format, samples);
        let mut gpu = Gpu {
            surface,
            window,
            instance,
            device,
            queue,
            config,
            render_format,
            staging: None,
            renderer,
            #[cfg(target_arch = "wasm32")]
            backend: adapter.get_info().backend,
        };
        gpu.resize(size);
        Ok(gpu)
    }

    /// Configures the surface for a new physical size; a zero size (a
    /// minimized window) is not configured, and nothing is drawn at it.
    pub(super) fn resize(&mut self, size: PhysicalSize<u32>) {
        if size.width == 0 || size.height == 0 {
            return;
        }
        // A window bigger than the device's largest texture gets a surface
        // of the largest size rather than a configure that panics.
        let max = self.device.limits().max_texture_dimension_2d;
        self.config.width = size.width.min(max);
        self.config.height = size.height.min(max);
        self.surface.configure(&self.device, &self.config);
        self.staging = (self.render_format != self.config.format).then(|| {
            self.device.create_texture(&wgpu::TextureDescriptor {
                label: Some("sat visualizer sRGB frame"),
                size: wgpu::Extent3d {
                    width: self.config.width,
                    height: self.config.height,
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: self.render_format,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
                view_formats: &[],
            })
        });
    }

    pub(super) fn is_minimized(&self) -> bool {
        let size = self.window.inner_size();
        size.width == 0 || size.height == 0
    }

    /// The surface was lost: make it again from the window and configure it.
    fn recreate_surface(&mut self) -> Result<(), AppError> {
        self.surface = self
            .instance
            .create_surface(self.window.clone())
            .map_err(|e| AppError::window("the window's surface could not be remade", e))?;
        self.surface.configure(&self.device, &self.config);
        Ok(())
    }

    fn target(&self) -> TargetSize {
        TargetSize::new(
            self.config.width,
            self.config.height,
            self.window.scale_factor() as f32,
        )
    }

    /// The surface's logical size: its physical size over the scale
    /// factor. The surface, not the window: a window larger than the
    /// device's largest texture has a surface clamped to it, and the scene
    /// must be laid out for what is drawn, not cropped.
    pub(super) fn logical_size(&self) -> (f32, f32) {
        let surface = PhysicalSize::new(self.config.width, self.config.height);
        let logical: LogicalSize<f64> = surface.to_logical(self.window.scale_factor());
        (logical.width as f32, logical.height as f32)
    }
}

/// What a frame's attempt to get the surface's texture led to.
pub(super) enum Frame {
    Drawn,
    Skipped,
    Retry,
}

/// Draws one frame into the surface, handling each way getting its texture
/// can go: drawn, skipped (occluded, or an error the next frame may not
/// have), or to be retried after reconfiguring.
pub(super) fn draw_frame(
    gpu: &mut Gpu,
    scene: &Scene,
    list: &mut DrawList,
) -> Result<Frame, AppError> {
    let (frame, suboptimal) = match gpu.surface.get_current_texture() {
        wgpu::CurrentSurfaceTexture::Success(frame) => (frame, false),
        wgpu::CurrentSurfaceTexture::Suboptimal(frame) => (frame, true),
        wgpu::CurrentSurfaceTexture::Timeout => return Ok(Frame::Retry),
        wgpu::CurrentSurfaceTexture::Occluded => return Ok(Frame::Skipped),
        wgpu::CurrentSurfaceTexture::Outdated => {
            gpu.surface.configure(&gpu.device, &gpu.config);
            return Ok(Frame::Retry);
        }
        wgpu::CurrentSurfaceTexture::Lost => {
            gpu.recreate_surface()?;
            return Ok(Frame::Retry);
        }
        wgpu::CurrentSurfaceTexture::Validation => {
            eprintln!(
                "sat-visualizer: the surface's texture could not be acquired (validation error); frame skipped"
            );
            return Ok(Frame::Skipped);
        }
    };
    scene.build(list);
    let target = gpu.target();
    match &gpu.staging {
        None => {
            let view = frame.texture.create_view(&Default::default());
            gpu.renderer
                .render(&gpu.device, &gpu.queue, list, &view, target)?;
        }
        Some(staging) => {
            let view = staging.create_view(&Default::default());
            gpu.renderer
                .render(&gpu.device, &gpu.queue, list, &view, target)?;
            let mut encoder = gpu.device.create_command_encoder(&Default::default());
            encoder.copy_texture_to_texture(
                staging.as_image_copy(),
                frame.texture.as_image_copy(),
                staging.size(),
            );
            gpu.queue.submit([encoder.finish()]);
        }
    }
    gpu.window.pre_present_notify();
    gpu.queue.present(frame);
    if suboptimal {
        gpu.surface.configure(&gpu.device, &gpu.config);
    }
    Ok(Frame::Drawn)
}
