//! The app's event handling, the same on the desktop and on the page:
//! winit's events → the scene, and frames on demand.
//!
//! A frame is drawn only when something changed: after input, or while a
//! turn key is held (then each frame asks for the next, and vsync paces
//! them). Otherwise the loop sleeps in `ControlFlow::Wait` and uses no CPU.
//! What differs between the two (opening the window and its GPU, quitting,
//! showing a failure) is the [`Shell`]'s.

#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use glam::Vec2;
use winit::application::ApplicationHandler;
use winit::dpi::PhysicalPosition;
use winit::event::{ElementState, MouseButton, Touch, TouchPhase, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoopProxy};
use winit::window::WindowId;

use super::args::Options;
use super::error::AppError;
use super::gpu::{Frame, Gpu, draw_frame};
use super::keymap::{Command, command, shifted};
use crate::draw::DrawList;
use crate::scene::{Scene, logical_from_physical};

/// The longest time step one frame may take: after a stall (the window
/// being dragged, the machine busy), a held key turns the box by at most
/// this much time at once rather than jumping.
const MAX_STEP: f32 = 0.1;

/// The longest time between two left presses that makes a double-click.
const DOUBLE_CLICK: std::time::Duration = std::time::Duration::from_millis(400);
/// The farthest apart, in logical pixels, two presses of a double-click
/// may be.
const DOUBLE_CLICK_REACH: f32 = 4.0;

/// The event that hands over a GPU opened in the background (the page's
/// device comes from a promise), or why it could not be.
pub(super) struct Ready(pub(super) Result<Gpu, AppError>);

/// Opens the window and starts its GPU: `Some` when it is ready at once
/// (the desktop blocks on it), `None` when it comes later as a [`Ready`]
/// event through the proxy (the page awaits it).
pub(super) type Open =
    fn(&ActiveEventLoop, &Options, EventLoopProxy<Ready>) -> Result<Option<Gpu>, AppError>;

/// What differs between the desktop window and the page.
pub(super) struct Shell {
    /// Opens the window and its GPU.
    pub(super) open: Open,
    /// Whether the quit key ends the app (a page has nothing to quit).
    pub(super) quits: bool,
    /// Told when the GPU is ready (the page says which backend draws).
    pub(super) started: fn(&Gpu),
    /// Shows the error that ends the app where its user sees it (the
    /// desktop returns it from the loop and prints it; the page writes it
    /// on the page).
    pub(super) failed: fn(&AppError),
}

/// The app: the scene, its window's GPU once there is one, and the input
/// state between events.
pub(super) struct App {
    pub(super) opts: Options,
    pub(super) scene: Scene,
    list: DrawList,
    pub(super) gpu: Option<Gpu>,
    pub(super) error: Option<AppError>,
    shell: Shell,
    /// Sends [`Ready`] back into the loop.
    proxy: EventLoopProxy<Ready>,
    /// Whether the window has been asked for (it is opened once).
    opened: bool,
    /// The pointer's last place, in logical pixels.
    cursor: Option<Vec2>,
    /// The finger that is dragging, while one is.
    finger: Option<u64>,
    /// When the scene last advanced, while it is animating.
    last_step: Option<Instant>,
    /// Whether Shift is held (Shift+T steps back).
    shift: bool,
    /// The last left press, when and where, for double-clicks.
    last_press: Option<(Instant, Vec2)>,
}

impl App {
    /// An app showing `scene`, for `opts`, in `shell`'s window.
    pub(super) fn new(
        opts: Options,
        scene: Scene,
        shell: Shell,
        proxy: EventLoopProxy<Ready>,
    ) -> App {
        App {
            opts,
            scene,
            list: DrawList::default(),
            gpu: None,
            error: None,
            shell,
            proxy,
            opened: false,
            cursor: None,
            finger: None,
            last_step: None,
            shift: false,
            last_press: None,
        }
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: AppError) {
        if self.error.is_none() {
            (self.shell.failed)(&error);
            self.error = Some(error);
        }
        event_loop.exit();
    }

    /// The GPU is ready, or could not be had.
    fn ready(&mut self, event_loop: &ActiveEventLoop, gpu: Result<Gpu, AppError>) {
        match gpu {
            Ok(gpu) => {
                (self.shell.started)(&gpu);
                let gpu = self.gpu.insert(gpu);
                let (w, h) = gpu.logical_size();
                self.scene.resize(w, h);
                gpu.window.request_redraw();
            }
            Err(e) => self.fail(event_loop, e),
        }
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
            (Command::Quit, ElementState::Pressed) if self.shell.quits => event_loop.exit(),
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

    /// A physical position in the window, in logical pixels.
    fn logical(&self, position: PhysicalPosition<f64>) -> Vec2 {
        let scale = self.gpu.as_ref().map_or(1.0, |g| g.window.scale_factor());
        logical_from_physical(Vec2::new(position.x as f32, position.y as f32), scale)
    }

    /// The pointer (the mouse, or the dragging finger) moved to `at`.
    fn pointer_moved(&mut self, at: Vec2) {
        self.cursor = Some(at);
        if self.scene.pointer_moved(at) {
            self.request_redraw();
        }
    }

    /// A left press (or a finger down) where the pointer is: a grab, or
    /// with the press before it a double-click.
    fn pointer_pressed(&mut self) {
        let Some(at) = self.cursor else {
            return;
        };
        let now = Instant::now();
        let double = self.last_press.is_some_and(|(t, p)| {
            now.saturating_duration_since(t) <= DOUBLE_CLICK && p.distance(at) <= DOUBLE_CLICK_REACH
        });
        if double && self.scene.pointer_double_clicked(at) {
            self.last_press = None;
            self.request_redraw();
        } else {
            self.last_press = Some((now, at));
            self.scene.pointer_pressed(at);
        }
    }

    /// A finger on the canvas drags as the left button does; a second
    /// finger while one drags is ignored.
    fn touch(&mut self, touch: Touch) {
        let at = self.logical(touch.location);
        match touch.phase {
            TouchPhase::Started if self.finger.is_none() => {
                self.finger = Some(touch.id);
                self.pointer_moved(at);
                self.pointer_pressed();
            }
            TouchPhase::Moved if self.finger == Some(touch.id) => self.pointer_moved(at),
            TouchPhase::Ended | TouchPhase::Cancelled if self.finger == Some(touch.id) => {
                self.finger = None;
                self.scene.pointer_released();
                self.scene.pointer_left();
                self.request_redraw();
            }
            _ => {}
        }
    }
}

impl ApplicationHandler<Ready> for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.opened {
            return;
        }
        self.opened = true;
        match (self.shell.open)(event_loop, &self.opts, self.proxy.clone()) {
            Ok(Some(gpu)) => self.ready(event_loop, Ok(gpu)),
            Ok(None) => {}
            Err(e) => self.fail(event_loop, e),
        }
    }

    fn user_event(&mut self, event_loop: &ActiveEventLoop, Ready(gpu): Ready) {
        self.ready(event_loop, gpu);
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
            WindowEvent::CursorMoved { position, .. } => self.pointer_moved(self.logical(position)),
            WindowEvent::CursorLeft { .. } if !self.scene.is_grabbed() => self.scene.pointer_left(),
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Left,
                ..
            } => match state {
                ElementState::Pressed => self.pointer_pressed(),
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
            WindowEvent::Touch(touch) => self.touch(touch),
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
                self.finger = None;
                self.last_step = None;
            }
            _ => {}
        }
    }
}
