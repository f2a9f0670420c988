//! The desktop shell: winit's event loop on this thread, a window of the
//! options' size, and its GPU opened by blocking on it. The events, the
//! scene and the frames are [`handler`](super::handler)'s, as on the page.

use std::sync::Arc;

use winit::dpi::LogicalSize;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop, EventLoopProxy};
use winit::window::Window;

use super::TITLE;
use super::args::Options;
use super::error::AppError;
use super::gpu::Gpu;
use super::handler::{App, Ready, Shell};

/// Opens the window at the options' logical size and its GPU, blocking
/// until the device is there.
fn open(
    event_loop: &ActiveEventLoop,
    opts: &Options,
    _proxy: EventLoopProxy<Ready>,
) -> Result<Option<Gpu>, AppError> {
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
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_with_display_handle_from_env(
        Box::new(event_loop.owned_display_handle()),
    ));
    pollster::block_on(Gpu::new(window, instance)).map(Some)
}

/// Opens the SAT Visualizer window with `opts`'s scene and runs it until
/// Esc or the window is closed; if it closes in the tank game, prints the
/// tank's line to stdout. No display is [`AppError::NoDisplay`], no
/// GPU adapter [`AppError::NoAdapter`].
pub fn run_window(opts: &Options) -> Result<(), AppError> {
    let event_loop = EventLoop::with_user_event()
        .build()
        .map_err(|e| AppError::NoDisplay(without_source_place(&e.to_string())))?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let shell = Shell {
        open,
        quits: true,
        started: |_| {},
        // The error comes back from the loop and main prints it.
        failed: |_| {},
    };
    let mut app = App::new(
        opts.clone(),
        opts.scene()?,
        shell,
        event_loop.create_proxy(),
    );
    let ran = event_loop.run_app(&mut app);
    // The surface goes before the window it draws into.
    drop(app.gpu.take());
    if let Some(e) = app.error {
        return Err(e);
    }
    // In the tank game, where it ended (the same line --screenshot prints).
    if let Some(line) = app.scene.tank_line() {
        super::stdout::print_lines(&[line])?;
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
