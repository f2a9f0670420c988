//! The page's shell (wasm32 only): the browser runs the event loop, the
//! canvas is the page's, and its GPU (WebGPU where the browser has it,
//! WebGL2 otherwise) comes from a promise, handed back to the loop as a
//! [`Ready`] event. The events, the scene and the frames are
//! [`handler`](super::handler)'s, as on the desktop; the scene's options
//! come from the address ([`page_options`]).

use std::sync::Arc;

use wasm_bindgen::JsCast;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop, EventLoopProxy};
use winit::platform::web::{EventLoopExtWebSys, WindowAttributesExtWebSys};
use winit::window::Window;

use super::TITLE;
use super::args::Options;
use super::error::AppError;
use super::gpu::Gpu;
use super::handler::{App, Ready, Shell};
use super::query::page_options;
use crate::adapter::NoAdapter;

/// The id of web/index.html's canvas, drawn into.
const CANVAS_ID: &str = "sat";
/// The id of web/index.html's one line for what went wrong.
const MESSAGE_ID: &str = "message";

/// Starts the page: reads the scene's options from the address, shows one
/// line for a bad parameter (and the default scene), and hands the event
/// loop to the browser. Returns at once; the page runs on.
pub fn run_page() {
    std::panic::set_hook(Box::new(|info| {
        let line = format!("SAT Visualizer stopped: {info}");
        web_sys::console::error_1(&line.as_str().into());
        show_message(&line);
    }));
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let (opts, scene) = match page_options(&query).and_then(|o| Ok((o.scene()?, o))) {
        Ok((scene, opts)) => (opts, scene),
        Err(e) => {
            show_message(&page_line(&e));
            let opts = Options::default();
            match opts.scene() {
                Ok(scene) => (opts, scene),
                Err(e) => return show_message(&page_line(&e)),
            }
        }
    };
    let event_loop = match EventLoop::with_user_event().build() {
        Ok(event_loop) => event_loop,
        Err(e) => return show_message(&format!("SAT Visualizer could not start: {e}")),
    };
    event_loop.set_control_flow(ControlFlow::Wait);
    let shell = Shell {
        open,
        quits: false,
        started,
        failed,
    };
    let proxy = event_loop.create_proxy();
    event_loop.spawn_app(App::new(opts, scene, shell, proxy));
}

/// Takes the page's canvas (or appends one), and starts opening its GPU in
/// the background: it comes back as a [`Ready`] event.
fn open(
    event_loop: &ActiveEventLoop,
    _opts: &Options,
    proxy: EventLoopProxy<Ready>,
) -> Result<Option<Gpu>, AppError> {
    let canvas = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(CANVAS_ID))
        .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok());
    let append = canvas.is_none();
    let attributes = Window::default_attributes()
        .with_title(TITLE)
        .with_canvas(canvas)
        .with_append(append);
    let window = Arc::new(
        event_loop
            .create_window(attributes)
            .map_err(|e| AppError::window("could not make the canvas", e))?,
    );
    if let Some(canvas) = winit::platform::web::WindowExtWebSys::canvas(&*window) {
        // Keys go to the focused element: start with the canvas.
        let _ = canvas.focus();
    }
    wasm_bindgen_futures::spawn_local(async move {
        let descriptor = wgpu::InstanceDescriptor {
            backends: wgpu::Backends::BROWSER_WEBGPU | wgpu::Backends::GL,
            ..wgpu::InstanceDescriptor::new_without_display_handle()
        };
        let instance = wgpu::util::new_instance_with_webgpu_detection(descriptor).await;
        // The loop outlives the page's futures; if it is gone, so is the page.
        let _ = proxy.send_event(Ready(Gpu::new(window, instance).await));
    });
    Ok(None)
}

/// The GPU is drawing: the page's body says with which backend
/// (`data-backend`: `webgpu` or `webgl2`), for the curious and the tests.
fn started(gpu: &Gpu) {
    let backend = match gpu.backend {
        wgpu::Backend::BrowserWebGpu => "webgpu",
        wgpu::Backend::Gl => "webgl2",
        _ => "other",
    };
    if let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    {
        let _ = body.set_attribute("data-backend", backend);
    }
}

/// The app could not go on: the page shows why instead of the canvas. No
/// adapter, or no surface or device for the canvas, is no GPU to draw
/// with.
fn failed(error: &AppError) {
    let line = match error {
        AppError::NoAdapter(NoAdapter::None(why)) => no_gpu(why),
        AppError::NoAdapter(_) | AppError::Window { .. } => no_gpu(&crate::report(error)),
        other => format!("SAT Visualizer stopped: {}", crate::report(other)),
    };
    show_message(&line);
    if let Some(canvas) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(CANVAS_ID))
    {
        let _ = canvas.set_attribute("hidden", "");
    }
}

/// The line for a browser with no GPU to draw with, and why.
fn no_gpu(why: &str) -> String {
    format!("SAT Visualizer needs WebGPU or WebGL2, and this browser offers neither ({why}).")
}

/// A bad parameter as the page's one line: the parser's message, with the
/// command line's dashes taken off the names, and what is shown instead.
fn page_line(error: &AppError) -> String {
    let why = match error {
        AppError::Args(why) => why.replace("'--", "'"),
        other => crate::report(other),
    };
    format!("Bad address: {why}. Showing the default scene.")
}

/// Writes `line` in the page's message line and shows it.
fn show_message(line: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(element) = document.get_element_by_id(MESSAGE_ID) {
        element.set_text_content(Some(line));
        let _ = element.remove_attribute("hidden");
    }
}
