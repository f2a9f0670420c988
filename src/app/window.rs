//! The window: winit's event loop, the wgpu surface, and frames on demand.
//!
//! Like wgpu's examples framework, the app owns the window and its surface
//! and configures it with an sRGB format, so the draw list's sRGB colors
//! come out as the chapter gives them. A frame is drawn only when something
//! changed: after input, or while a turn key is held (then each frame asks
//! for the next, and vsync paces them). Otherwise the loop sleeps in
//! `ControlFlow::Wait` and uses no CPU.

use std::sync::Arc;
use std::time::Instant;

use glam::Vec2;
use winit::application::ApplicationHandler;
use winit::dpi::{LogicalSize, PhysicalSize};
use winit::event::{ElementState, MouseButton, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{Window, WindowId};

use super::args::Options;
use super::error::AppError;
use super::keymap::{Command, command, shifted};
use crate::adapter::{NoAdapter, pick_adapter};
use crate::draw::DrawList;
use crate::render::{Renderer, TargetSize, best_sample_count};
use crate::scene::{Scene, logical_from_physical};

/// The window's title, as the chapter's.
pub const TITLE: &str = "SAT Visualizer";

/// The longest time step one frame may take: after a stall (the window
/// being dragged, the machine busy), a held key turns the box by at most
/// this much time at once rather than jumping.
const MAX_STEP: f32 = 0.1;

/// The longest time between two left presses that makes a double-click.
const DOUBLE_CLICK: std::time::Duration = std::time::Duration::from_millis(400);
/// The farthest apart, in logical pixels, two presses of a double-click
/// may be.
const DOUBLE_CLICK_REACH: f32 = 4.0;

/// Everything that needs the window to exist: the surface and the device
/// that draws into it.
struct Gpu {
    surface: wgpu::Surface<'static>,
    window: Arc<Window>,
    instance: wgpu::Instance,
    device: wgpu::Device,
    queue: wgpu::Queue,
    config: wgpu::SurfaceConfiguration,
    /// The sRGB format the renderer draws in: the surface's own, or its
    /// sRGB view when the surface's preferred format is not sRGB.
    render_format: wgpu::TextureFormat,
    renderer: Renderer,
}

impl Gpu {
    fn new(event_loop: &ActiveEventLoop, opts: &Options) -> Result<Gpu, AppError> {
        let (w, h) = opts.size;
        let attributes = Window::default_attributes()
            .with_title(TITLE)
            .with_inner_size(LogicalSize::new(w as f64, h as f64))
            .with_min_inner_size(LogicalSize::new(100.0, 70.0));
        let window = Arc::new(
            event_loop
                .create_window(attributes)
                .map_err(|e| AppError::window("could not open the window", e))?,
        );
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_with_display_handle_from_env(
                Box::new(event_loop.owned_display_handle()),
            ));
        let surface = instance
            .create_surface(window.clone())
            .map_err(|e| AppError::window("no surface for the window", e))?;
        let adapter = pick_adapter(&instance, Some(&surface), wgpu::PowerPreference::default())?;
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("sat visualizer device"),
            required_limits: wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
            ..Default::default()
        }))
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
        let render_format = format.add_srgb_suffix();
        let size = window.inner_size();
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
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
            view_formats: if render_format == format {
                vec![]
            } else {
                vec![render_format]
            },
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
            renderer,
        };
        gpu.resize(size);
        Ok(gpu)
    }

    /// Configures the surface for a new physical size; a zero size (a
    /// minimized window) is not configured, and nothing is drawn at it.
    fn resize(&mut self, size: PhysicalSize<u32>) {
        if size.width == 0 || size.height == 0 {
            return;
        }
        // A window bigger than the device's largest texture gets a surface
        // of the largest size rather than a configure that panics.
        let max = self.device.limits().max_texture_dimension_2d;
        self.config.width = size.width.min(max);
        self.config.height = size.height.min(max);
        self.surface.configure(&self.device, &self.config);
    }

    fn is_minimized(&self) -> bool {
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
    fn logical_size(&self) -> (f32, f32) {
        let surface = PhysicalSize::new(self.config.width, self.config.height);
        let logical: LogicalSize<f64> = surface.to_logical(self.window.scale_factor());
        (logical.width as f32, logical.height as f32)
    }
}

/// What a frame's attempt to get the surface's texture led to.
enum Frame {
    Drawn,
    Skipped,
    Retry,
}

struct App {
    opts: Options,
    scene: Scene,
    list: DrawList,
    gpu: Option<Gpu>,
    error: Option<AppError>,
    /// The pointer's last place, in logical pixels.
    cursor: Option<Vec2>,
    /// When the scene last advanced, while it is animating.
    last_step: Option<Instant>,
    /// Whether Shift is held (Shift+T steps back).
    shift: bool,
    /// The last left press, when and where, for double-clicks.
    last_press: Option<(Instant, Vec2)>,
}

impl App {
    fn fail(&mut self, event_loop: &ActiveEventLoop, error: AppError) {
        self.error.get_or_insert(error);
        event_loop.exit();
    }

    fn request_redraw(&self) {
        if let Some(gpu) = &self.gpu {
            gpu.window.request_redraw();
        }
    }

    /// Lets the time since the last step pass in the scene (a held key
    /// turns the box by it), and starts or stops the clock as the scene
    /// starts or stops animating.
    fn advance(&mut self, now: Instant) {
        if let Some(last) = self.last_step {
            let dt = now
                .saturating_duration_since(last)
                .as_secs_f32()
                .min(MAX_STEP);
            self.scene.update(dt);
        }
        self.last_step = self.scene.is_animating().then_some(now);
    }

    fn redraw(&mut self) -> Result<(), AppError> {
        self.advance(Instant::now());
        let Some(gpu) = self.gpu.as_mut() else {
            return Ok(());
        };
        if gpu.is_minimized() {
            return Ok(());
        }
        let outcome = draw_frame(gpu, &self.scene, &mut self.list)?;
        let again = matches!(outcome, Frame::Retry) || self.scene.is_animating();
        if again && !matches!(outcome, Frame::Skipped) {
            gpu.window.request_redraw();
        }
        Ok(())
    }

    fn key(&mut self, event_loop: &ActiveEventLoop, event: &winit::event::KeyEvent) {
        let Some(mut asked) = command(event.physical_key, &event.logical_key) else {
            return;
        };
        if self.shift {
            asked = shifted(asked);
        }
        match (asked, event.state) {
            (Command::Quit, ElementState::Pressed) => event_loop.exit(),
            (Command::Scene(action), ElementState::Pressed) if !event.repeat => {
                let now = Instant::now();
                self.advance(now);
                let changed = self.scene.start(action);
                if self.scene.is_animating() && self.last_step.is_none() {
                    self.last_step = Some(now);
                }
                if changed {
                    self.request_redraw();
                }
            }
            (Command::Scene(action), ElementState::Released) if action.is_held() => {
                self.advance(Instant::now());
                self.scene.stop(action);
                self.request_redraw();
            }
            _ => {}
        }
    }
}

/// Draws one frame into the surface, handling each way getting its texture
/// can go: drawn, skipped (occluded, or an error the next frame may not
/// have), or to be retried after reconfiguring.
fn draw_frame(gpu: &mut Gpu, scene: &Scene, list: &mut DrawList) -> Result<Frame, AppError> {
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
    let view = frame.texture.create_view(&wgpu::TextureViewDescriptor {
        format: Some(gpu.render_format),
        ..Default::default()
    });
    let target = gpu.target();
    gpu.renderer
        .render(&gpu.device, &gpu.queue, list, &view, target)?;
    gpu.window.pre_present_notify();
    gpu.queue.present(frame);
    if suboptimal {
        gpu.surface.configure(&gpu.device, &gpu.config);
    }
    Ok(Frame::Drawn)
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gpu.is_some() {
            return;
        }
        match Gpu::new(event_loop, &self.opts) {
            Ok(gpu) => {
                let (w, h) = gpu.logical_size();
                self.scene.resize(w, h);
                gpu.window.request_redraw();
                self.gpu = Some(gpu);
            }
            Err(e) => self.fail(event_loop, e),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::RedrawRequested => {
                if let Err(e) = self.redraw() {
                    self.fail(event_loop, e);
                }
            }
            WindowEvent::Resized(size) => {
                if let Some(gpu) = self.gpu.as_mut() {
                    gpu.resize(size);
                    let (w, h) = gpu.logical_size();
                    self.scene.resize(w, h);
                    self.request_redraw();
                }
            }
            WindowEvent::ScaleFactorChanged { .. } => {
                // The logical size changes with the scale factor even when
                // the physical size does not; a Resized follows if it does.
                if let Some(gpu) = &self.gpu {
                    let (w, h) = gpu.logical_size();
                    self.scene.resize(w, h);
                    self.request_redraw();
                }
            }
            WindowEvent::CursorMoved { position, .. } => {
                let scale = self.gpu.as_ref().map_or(1.0, |g| g.window.scale_factor());
                let logical =
                    logical_from_physical(Vec2::new(position.x as f32, position.y as f32), scale);
                self.cursor = Some(logical);
                if self.scene.pointer_moved(logical) {
                    self.request_redraw();
                }
            }
            WindowEvent::CursorLeft { .. } if !self.scene.is_grabbed() => self.scene.pointer_left(),
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Left,
                ..
            } => match state {
                ElementState::Pressed => {
                    if let Some(at) = self.cursor {
                        let now = Instant::now();
                        let double = self.last_press.is_some_and(|(t, p)| {
                            now.saturating_duration_since(t) <= DOUBLE_CLICK
                                && p.distance(at) <= DOUBLE_CLICK_REACH
                        });
                        if double && self.scene.pointer_double_clicked(at) {
                            self.last_press = None;
                            self.request_redraw();
                        } else {
                            self.last_press = Some((now, at));
                            self.scene.pointer_pressed(at);
                        }
                    }
                }
                ElementState::Released => self.scene.pointer_released(),
            },
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                button: MouseButton::Right,
                ..
            } => {
                if let Some(at) = self.cursor
                    && self.scene.pointer_right_pressed(at)
                {
                    self.request_redraw();
                }
            }
            WindowEvent::ModifiersChanged(modifiers) => {
                self.shift = modifiers.state().shift_key();
            }
            WindowEvent::KeyboardInput { event, .. } => self.key(event_loop, &event),
            WindowEvent::Focused(false) => {
                // Keys released while the window had no focus never report
                // it: let go of everything, so the box does not turn forever.
                self.advance(Instant::now());
                self.scene.stop_all();
                self.scene.pointer_released();
                self.last_step = None;
            }
            _ => {}
        }
    }
}

/// Opens the SAT Visualizer window with `opts`'s scene and runs it until
/// Esc or the window is closed; if it closes in the tank game, prints the
/// tank's line to stdout. No display is [`AppError::NoDisplay`], no
/// GPU adapter [`AppError::NoAdapter`].
pub fn run_window(opts: &Options) -> Result<(), AppError> {
    let event_loop =
        EventLoop::new().map_err(|e| AppError::NoDisplay(without_source_place(&e.to_string())))?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let mut app = App {
        opts: opts.clone(),
        scene: opts.scene()?,
        list: DrawList::default(),
        gpu: None,
        error: None,
        cursor: None,
        last_step: None,
        shift: false,
        last_press: None,
    };
    let ran = event_loop.run_app(&mut app);
    // The surface goes before the window it draws into.
    drop(app.gpu.take());
    if let Some(e) = app.error {
        return Err(e);
    }
    // In the tank game, where it ended (the same line --screenshot prints).
    if let Some(line) = app.scene.tank_line() {
        println!("{line}");
    }
    ran.map_err(|e| AppError::window("the window's event loop failed", e))
}

/// winit's OS errors start with the source file and line they came from,
/// which tells a user nothing: keep only what follows.
fn without_source_place(message: &str) -> String {
    match message.split_once(".rs:") {
        Some((_, rest)) => rest
            .split_once(": ")
            .map_or(rest, |(_, m)| m)
            .trim()
            .to_string(),
        None => message.to_string(),
    }
}
