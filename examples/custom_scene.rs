//! A window that draws its own animated shapes with the SAT Visualizer's
//! renderer (no SAT in sight): one `Renderer` and one `DrawList`, refilled
//! and reused every frame.
//!
//! Run: `cargo run --example custom_scene` (Esc or closing the window
//! quits; `--frames N` quits by itself after N frames).

#[path = "support/cli.rs"]
mod cli;

use std::sync::Arc;
use std::time::Instant;

use glam::Vec2;
use sat_visualizer::draw::{Color, DrawList, Paint};
use sat_visualizer::render::{Renderer, TargetSize, best_sample_count, srgb_surface_format};
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, KeyEvent, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{Key, NamedKey};
use winit::window::{Window, WindowId};

const BACKGROUND: Color = Color::rgb(18, 20, 24);
const GRID: Color = Color::rgb(34, 38, 46);
const TEXT: Color = Color::rgb(235, 238, 242);
const BLUE: Color = Color::rgb(47, 111, 235);
const AMBER: Color = Color::rgb(232, 89, 12);
const GREEN: Color = Color::rgb(47, 158, 68);
const SILVER: Color = Color::rgb(150, 158, 170);

/// Everything that lives as long as the window.
struct Gpu {
    window: Arc<Window>,
    instance: wgpu::Instance,
    surface: wgpu::Surface<'static>,
    device: wgpu::Device,
    queue: wgpu::Queue,
    config: wgpu::SurfaceConfiguration,
    renderer: Renderer,
}

impl Gpu {
    fn new(event_loop: &ActiveEventLoop) -> Result<Gpu, String> {
        let attributes = Window::default_attributes()
            .with_title("custom_scene: the SAT Visualizer renderer, no SAT")
            .with_inner_size(LogicalSize::new(800.0, 500.0));
        let window = Arc::new(
            event_loop
                .create_window(attributes)
                .map_err(|e| e.to_string())?,
        );
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_with_display_handle_from_env(
                Box::new(event_loop.owned_display_handle()),
            ));
        let surface = instance
            .create_surface(window.clone())
            .map_err(|e| e.to_string())?;
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            compatible_surface: Some(&surface),
            ..Default::default()
        }))
        .map_err(|e| format!("no adapter for this window: {e}"))?;
        let (device, queue) =
            pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor::default()))
                .map_err(|e| e.to_string())?;
        let capabilities = surface.get_capabilities(&adapter);
        // An sRGB surface, so the list's sRGB colors show exactly (as in
        // the headless renders).
        let format = srgb_surface_format(&capabilities).ok_or("the surface offers no format")?;
        let size = window.inner_size();
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            color_space: wgpu::SurfaceColorSpace::Auto,
            width: size.width.max(1),
            height: size.height.max(1),
            present_mode: wgpu::PresentMode::AutoVsync,
            alpha_mode: capabilities
                .alpha_modes
                .first()
                .copied()
                .unwrap_or(wgpu::CompositeAlphaMode::Auto),
            view_formats: vec![],
            desired_maximum_frame_latency: 2,
        };
        surface.configure(&device, &config);
        let renderer = Renderer::new(&device, &queue, format, best_sample_count(&adapter, format));
        cli::say!(
            "custom_scene: {} ({:?}), {format:?}, {}x MSAA",
            adapter.get_info().name,
            adapter.get_info().backend,
            renderer.sample_count()
        );
        Ok(Gpu {
            window,
            instance,
            surface,
            device,
            queue,
            config,
            renderer,
        })
    }

    fn resize(&mut self, width: u32, height: u32) {
        // A minimized window is 0x0: a surface cannot be, so keep the old
        // configuration and draw nothing until it comes back.
        if width > 0 && height > 0 {
            self.config.width = width;
            self.config.height = height;
            self.surface.configure(&self.device, &self.config);
        }
    }

    /// Draws `list` and presents it, handling each way the surface can fail.
    fn draw(&mut self, list: &DrawList) -> Result<(), String> {
        let size = self.window.inner_size();
        if size.width == 0 || size.height == 0 {
            return Ok(());
        }
        if (size.width, size.height) != (self.config.width, self.config.height) {
            self.resize(size.width, size.height);
        }
        let (frame, suboptimal) = match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(frame) => (frame, false),
            // Still usable for this frame; reconfigured after it.
            wgpu::CurrentSurfaceTexture::Suboptimal(frame) => (frame, true),
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => {
                return Ok(());
            }
            wgpu::CurrentSurfaceTexture::Outdated => {
                self.surface.configure(&self.device, &self.config);
                return Ok(());
            }
            wgpu::CurrentSurfaceTexture::Lost => {
                self.surface = self
                    .instance
                    .create_surface(self.window.clone())
                    .map_err(|e| e.to_string())?;
                self.surface.configure(&self.device, &self.config);
                return Ok(());
            }
            wgpu::CurrentSurfaceTexture::Validation => {
                return Err("surface validation error".to_owned());
            }
        };
        let view = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let target = TargetSize::new(
            self.config.width,
            self.config.height,
            self.window.scale_factor() as f32,
        );
        self.renderer
            .render(&self.device, &self.queue, list, &view, target)
            .map_err(|e| e.to_string())?;
        self.window.pre_present_notify();
        self.queue.present(frame);
        if suboptimal {
            self.surface.configure(&self.device, &self.config);
        }
        Ok(())
    }
}

/// The scene: a spinning hexagon, two orbiting circles, an arrow from the
/// centre to one of them, a dashed ring of dashes and a caption.
fn fill_scene(list: &mut DrawList, logical: Vec2, seconds: f32, frame: u64, scale: f32) {
    list.clear(BACKGROUND);
    let mut x = 0.0;
    while x <= logical.x {
        list.line(Vec2::new(x, 0.0), Vec2::new(x, logical.y), 1.0, GRID);
        x += 40.0;
    }
    let mut y = 0.0;
    while y <= logical.y {
        list.line(Vec2::new(0.0, y), Vec2::new(logical.x, y), 1.0, GRID);
        y += 40.0;
    }
    let center = logical * 0.5;
    let radius = logical.min_element() * 0.18;
    let hexagon = (0..6).map(|i| {
        center + Vec2::from_angle(seconds * 0.7 + i as f32 * std::f32::consts::FRAC_PI_3) * radius
    });
    list.polygon(
        hexagon,
        Paint::fill_and_stroke(BLUE.with_alpha(200), TEXT, 2.0),
    );
    let orbit = radius * 2.0;
    let a = center + Vec2::from_angle(seconds) * orbit;
    let b = center + Vec2::from_angle(seconds + std::f32::consts::PI) * orbit;
    list.circle(a, radius * 0.35, Paint::fill(GREEN));
    list.circle(b, radius * 0.35, Paint::stroke(SILVER, 3.0));
    list.arrow(
        center,
        a - (a - center).normalize_or_zero() * radius * 0.4,
        3.0,
        14.0,
        AMBER,
    );
    list.dashed(
        center - Vec2::new(orbit, 0.0),
        center + Vec2::new(orbit, 0.0),
        2.0,
        10.0,
        8.0,
        SILVER,
    );
    list.text(
        format!(
            "custom_scene: frame {frame}, {:.0} x {:.0} logical px at {scale}x",
            logical.x, logical.y
        ),
        Vec2::new(12.0, 10.0),
        16.0,
        TEXT,
    );
    list.text("Esc quits", Vec2::new(12.0, 32.0), 14.0, SILVER);
}

struct App {
    gpu: Option<Gpu>,
    list: DrawList,
    started: Instant,
    frames: u64,
    quit_after: Option<u64>,
    error: Option<String>,
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gpu.is_some() {
            return;
        }
        match Gpu::new(event_loop) {
            Ok(gpu) => {
                gpu.window.request_redraw();
                self.gpu = Some(gpu);
            }
            Err(e) => {
                self.error = Some(e);
                event_loop.exit();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let Some(gpu) = &mut self.gpu else { return };
        match event {
            WindowEvent::CloseRequested
            | WindowEvent::KeyboardInput {
                event:
                    KeyEvent {
                        logical_key: Key::Named(NamedKey::Escape),
                        state: ElementState::Pressed,
                        ..
                    },
                ..
            } => event_loop.exit(),
            WindowEvent::Resized(size) => {
                gpu.resize(size.width, size.height);
                gpu.window.request_redraw();
            }
            // The new physical size arrives as a Resized; the scale factor
            // is read from the window at each draw.
            WindowEvent::ScaleFactorChanged { .. } => gpu.window.request_redraw(),
            WindowEvent::RedrawRequested => {
                let scale = gpu.window.scale_factor() as f32;
                let size = gpu.window.inner_size();
                let logical = Vec2::new(size.width as f32, size.height as f32) / scale;
                fill_scene(
                    &mut self.list,
                    logical,
                    self.started.elapsed().as_secs_f32(),
                    self.frames,
                    scale,
                );
                if let Err(e) = gpu.draw(&self.list) {
                    self.error = Some(e);
                    event_loop.exit();
                    return;
                }
                self.frames += 1;
                if self.quit_after.is_some_and(|n| self.frames >= n) {
                    event_loop.exit();
                } else {
                    gpu.window.request_redraw();
                }
            }
            _ => {}
        }
    }

    fn exiting(&mut self, _event_loop: &ActiveEventLoop) {
        // The surface must go before the window it draws into.
        self.gpu = None;
    }
}

/// The renderer reused outside SAT: a small animated scene of its own.
#[derive(Debug, clap::Parser)]
#[command(name = "custom_scene")]
struct Args {
    /// Quit after drawing this many frames (default: run until closed).
    #[arg(long, value_name = "N")]
    frames: Option<u64>,
}

fn main() {
    let Args { frames: quit_after } = cli::parse::<Args>();
    let event_loop = match EventLoop::new() {
        Ok(event_loop) => event_loop,
        Err(e) => {
            eprintln!("custom_scene: cannot open a window: {e}");
            std::process::exit(1);
        }
    };
    let mut app = App {
        gpu: None,
        list: DrawList::new(BACKGROUND),
        started: Instant::now(),
        frames: 0,
        quit_after,
        error: None,
    };
    if let Err(e) = event_loop.run_app(&mut app) {
        eprintln!("custom_scene: event loop failed: {e}");
        std::process::exit(1);
    }
    if let Some(e) = app.error {
        eprintln!("custom_scene: {e}");
        std::process::exit(1);
    }
    cli::say!("custom_scene: drew {} frames", app.frames);
}
